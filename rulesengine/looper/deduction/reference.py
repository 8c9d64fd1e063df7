"""The reference searches the tests compare the deduction with, and small scripts for them."""

from __future__ import annotations

import itertools
from dataclasses import replace

from rulesengine.looper.deduction.record import PublicRecord, _revealed_culprits
from rulesengine.looper.deduction.results import Candidate
from rulesengine.looper.deduction.search import _OK, _expand, _Explorer
from rulesengine.looper.deduction.sheets import private_sheets, sheet_script
from rulesengine.looper.rules.content import Content, load_content
from rulesengine.looper.rules.script import ScheduledIncident, Script

__all__ = ["brute_force", "replay_each_sheet", "tiny_script"]


def brute_force(
    record: PublicRecord, content: Content | None = None, look_ahead: bool = True
) -> set[Candidate]:
    """The reference: every private sheet with every culprit assignment replayed on its own, with every
    Mastermind choice, no cheap filter and no grouping of culprits (slow; for tests on small scripts).

    With ``look_ahead=False`` even the Mastermind's card kinds are branched blindly (pruned only when the
    reveal at TL-D4 differs), which is slower still."""
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    days = [d for d, _ in record.sheet.incidents]
    out: set[Candidate] = set()
    for sheet in private_sheets(frame, content):
        for combo in itertools.permutations(record.sheet.cast, len(days)):
            cs = {d: frozenset([c]) for d, c in zip(days, combo, strict=True)}
            explorer = _Explorer(record, sheet, content, frame)
            if not look_ahead:
                explorer._options = lambda options, i: options  # type: ignore[method-assign]
            if any(leaf.ok for leaf in explorer.run(cs)):
                out.add(Candidate(sheet, tuple(zip(days, combo, strict=True))))
    return out


def replay_each_sheet(record: PublicRecord, content: Content | None = None) -> set[Candidate]:
    """A second reference, fast enough for whole loops of larger scripts: every private sheet replayed on
    its own (no tree, no hidden facts: the engine plays the sheet's own script), culprits still grouped at
    their incident step; no cheap filter. The brute-force tests check it on small scripts."""
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    days = [d for d, _ in record.sheet.incidents]
    known = _revealed_culprits(record)
    base = {d: frozenset([known[d]] if d in known else record.sheet.cast) for d in days}
    out: set[Candidate] = set()
    for sheet in private_sheets(frame, content):
        leaves = _Explorer(record, sheet, content, frame).run(base)
        for key, reached in _expand(record.sheet.cast, days, leaves, base).items():
            if reached == _OK:
                out.add(Candidate(sheet, key))
    return out


def tiny_script(script: Script, cast: int = 3, days: int = 2, loops: int = 1, sheet: int = 0) -> Script:
    """A small valid script for exhaustive checks: the first ``cast`` characters, ``days`` days and
    ``loops`` loops of ``script``, its incidents of those days (culprits the first cast members) and the
    ``sheet``-th private sheet the set allows on that cast.

    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> s = tiny_script(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> s.cast, s.days, [(i.day, i.incident) for i in s.incidents]
    (('girl_student', 'boy_student', 'shrine_maiden'), 2, [(2, 'increasing_unease')])
    """
    small = tuple(script.cast[:cast])
    incidents = tuple(
        ScheduledIncident(i.day, i.incident, small[n % len(small)])
        for n, i in enumerate(x for x in script.incidents if x.day <= days)
    )
    frame = replace(script, cast=small, days=days, loops=loops, incidents=incidents)
    sheets = private_sheets(frame)
    chosen = sheets[sheet % len(sheets)]
    return sheet_script(frame, chosen, {i.day: i.culprit for i in incidents})
