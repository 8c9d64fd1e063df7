"""The deduction's search: every private sheet still possible after what the Protagonists saw.

The input is a :class:`PublicRecord`: the public sheet of the script (:class:`PublicSheet`) and the public
record of the game (the public log and the Protagonists' own decisions) — built from the protagonists'
view of a game, never from its hidden part. A *candidate* is a private sheet: main plot, subplots, every
character's role, the character parameters and the culprit of every incident, within the set's limits
(judged by the script validator, see :mod:`rulesengine.looper.deduction.sheets`).

A candidate is *consistent* when some choices of the Mastermind's hidden decisions, with the
Protagonists' public actions, make the engine produce exactly the observed public log. The engine is the
model of the rules: the game is played from the start, the Mastermind's decisions are branched depth
first, and a branch is cut as soon as its public log leaves the observed one. Cheap necessary filters
come first (revealed roles, refusals, final-guess answers, revealed culprits).

One replay serves many sheets: the game starts with its hidden facts *unknown* and the engine's
questions about them ("is the Boy Student the Friend?", "is Paranoia Virus a plot?") are answered by the
set of sheets of the current branch; where the sheets disagree the step is run again for each answer (a
search tree over hidden facts), and parts that come out of a step in the same state are joined again.
Culprits are bound when the engine reaches their incident step (TL-D7): the characters that make the step
produce the same public events and the same state stay together. ``replay_each_sheet`` (one replay per
sheet) and ``brute_force`` (one per sheet and culprit assignment) are the references the tests compare
with.

Probabilities are uniform over the consistent candidates unless a prior over plots is given; they are
exact :class:`~fractions.Fraction` values.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.deduction.reference import tiny_script
>>> game = Game(tiny_script(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")))
>>> result = deduce_enumerated(PublicRecord.from_game(game))
>>> result.candidates == len(private_sheets(game.script)) * 3, sum(result.plots.values())
(True, Fraction(2, 1))

(Every candidate has a main plot and one subplot in First Steps, so the plots' probabilities add to 2.)
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from rulesengine.errors import IllegalActionError, InputError
from rulesengine.looper.deduction.filters import _filters
from rulesengine.looper.deduction.hidden import (
    _CURRENT,
    ABILITY_EFFECTS,
    _common_facts,
    _Fork,
    _hidden_script,
    _Node,
    _NodeFacts,
    _param_key,
    _sheet_table,
    _Table,
)
from rulesengine.looper.deduction.record import PublicRecord, _revealed_culprits
from rulesengine.looper.deduction.results import (
    Deduction,
    History,
    _culprit_reveal,
    _eliminations,
    _Found,
    _FoundCandidates,
    _FoundWeights,
)
from rulesengine.looper.deduction.sheets import Sheet, private_sheets, sheet_script
from rulesengine.looper.rules.actions import Action, Allow, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.content import Content, load_content
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import from_options
from rulesengine.looper.rules.script import ScheduledIncident, Script
from rulesengine.looper.rules.state import STATE_FIELDS, Event, Phase

__all__ = ["consistent", "deduce_enumerated"]


_NOT_COMPARED = frozenset(
    {"log", "public_log", "public_upto", "public_loops", "history", "reset_boards", "decisions_made"}
)
_FINGERPRINT_FIELDS = tuple(f for f in STATE_FIELDS if f not in _NOT_COMPARED)


@dataclass
class _Leaf:
    culprits: dict[int, frozenset[str]]
    reached: int  # how many observed events the branch reproduced
    ok: bool
    game: Game | None = None  # a witness game where the record ends (consistent leaves only)


class _Matcher:
    """The record as the replays compare with it: its events, the Protagonists' decisions, who waits."""

    def __init__(self, record: PublicRecord) -> None:
        self.events = record.events
        self.n_events = len(record.events)
        self.actions = record.actions
        self.waiting = record.waiting
        self.reveals = self._reveals()

    def _reveals(self) -> dict[int, int]:
        """For each event index of a Mastermind card placement, the index of that day's reveal."""
        out: dict[int, int] = {}
        pending: list[int] = []
        for i, e in enumerate(self.events):
            if e["kind"] == "card_placed" and e["owner"] == "mastermind":
                pending.append(i)
            elif e["kind"] == "cards_revealed":
                for j in pending:
                    out[j] = i
                pending = []
        return out

    def _match(self, game: Game, n_log: int, i: int) -> int:
        """Compare the new public events with the record; the new index, or -1 - index on a mismatch."""
        events = self.events
        for e in game.log[n_log:]:
            if e.visibility != "public":
                continue
            if i >= self.n_events or e.as_dict() != events[i]:
                return -1 - i
            i += 1
        return i

    def _options(self, options: Sequence[Action], i: int) -> Sequence[Action]:
        """The Mastermind's options that can match the next observed events (a sound look-ahead)."""
        if not options:
            return options
        if isinstance(options[0], Pass):
            return self._abilities(options, i)
        if isinstance(options[0], (Allow, Refuse)):
            return self._responses(options, i)
        if not isinstance(options[0], PlaceCard) or i >= self.n_events:
            return options
        e = self.events[i]
        if e["kind"] != "card_placed":
            return options
        target = e["target"]
        j = self.reveals.get(i)
        card = None
        if j is not None:
            for owner, c, t in self.events[j]["cards"]:
                if owner == "mastermind" and t == target:
                    card = c
        return [
            a for a in options if isinstance(a, PlaceCard) and a.target == target and card in (None, a.card)
        ]

    def _responses(self, options: Sequence[Action], i: int) -> Sequence[Action]:
        """The Mastermind's answers to a goodwill ability (TL-D6c) that can match the record: Allow's first
        public event is goodwill_resolved, Refuse's goodwill_refused. When the record's next event is
        neither, both answers leave it there alike (the same leaf), and the first stands for both."""
        if len(options) < 2 or i >= self.n_events:
            return options
        kind = self.events[i]["kind"]
        want = Allow if kind == "goodwill_resolved" else Refuse if kind == "goodwill_refused" else None
        return [a for a in options if want is not None and isinstance(a, want)] or options[:1]

    def _abilities(self, options: Sequence[Action], i: int) -> Sequence[Action]:
        """The options of a decision that can pass, less the Mastermind's abilities whose first public
        event (:data:`~rulesengine.looper.deduction.hidden.ABILITY_EFFECTS`; TL-D5a: the use itself is
        the Mastermind's) is not the record's next one. ``Pass`` is always kept: every branch still meets
        the record."""
        e = self.events[i] if i < self.n_events else None
        out = [
            a
            for a in options
            if not isinstance(a, UseAbility)
            or a.ability not in ABILITY_EFFECTS
            or (
                e is not None
                and e["kind"] == ABILITY_EFFECTS[a.ability]
                and e.get("target") == a.target
                and (e.get("amount") == 1 if a.extra != "-" else e.get("amount") in (0, -1))
            )
        ]
        return options if len(out) == len(options) else out


class _Explorer(_Matcher):
    """Depth-first replay of one sheet against the record (the engine as the model)."""

    def __init__(self, record: PublicRecord, sheet: Sheet, content: Content, frame: Script) -> None:
        super().__init__(record)
        self.leaves: list[_Leaf] = []
        self.script = sheet_script(frame, sheet, {})
        self.content = content

    def run(self, culprits: dict[int, frozenset[str]]) -> list[_Leaf]:
        rep = {d: min(s) for d, s in culprits.items()}
        script = replace(
            self.script,
            incidents=tuple(ScheduledIncident(i.day, i.incident, rep[i.day]) for i in self.script.incidents),
        )
        game = Game(script, self.content, from_options(script.options), pause_between_phases=True)
        self._visit(game, 0, 0, 0, culprits)
        return self.leaves

    def _visit(self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]]) -> None:
        while True:
            j = self._match(game, n_log, i)
            if j < 0:
                self.leaves.append(_Leaf(cs, -1 - j, False))
                return
            i, n_log = j, len(game.log)
            if game.is_over:
                ok = i == self.n_events and k == len(self.actions)
                self.leaves.append(_Leaf(cs, i, ok, game if ok else None))
                return
            if game.is_paused:
                if game.phase is Phase.INCIDENT and game.step == 0:
                    sched = game.script.incident_on(game.day)
                    if sched is not None and len(cs[game.day]) > 1:
                        self._split(game, n_log, i, k, cs, sched)
                        return
                game.resume()
                continue
            pending = game.pending
            assert pending is not None
            done = i == self.n_events and k == len(self.actions)
            if pending.who != "mastermind":
                if k == len(self.actions):
                    ok = done and self.waiting == pending.who
                    self.leaves.append(_Leaf(cs, i, ok, game if ok else None))
                    return
                who, action = self.actions[k]
                if who != pending.who or action not in pending.options:
                    self.leaves.append(_Leaf(cs, i, False))
                    return
                game.apply(action)
                k += 1
                continue
            if done and self.waiting == "mastermind":
                self.leaves.append(_Leaf(cs, i, True, game))
                return
            # (with the record done but the Protagonists waiting, a silent answer such as a Pass may
            # still lead to their decision: keep branching)
            for a in self._options(pending.options, i):
                if self._covered(cs):
                    return  # every culprit assignment here already has a witness
                g2 = game.clone()
                g2.apply(a)
                self._visit(g2, n_log, i, k, cs)
            return

    def _covered(self, cs: dict[int, frozenset[str]]) -> bool:
        return any(leaf.ok and all(cs[d] <= leaf.culprits[d] for d in cs) for leaf in self.leaves)

    def _split(
        self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]], sched: ScheduledIncident
    ) -> None:
        """TL-D7: bind today's culprit; culprits giving the same public events and state stay together."""
        groups: dict[object, tuple[Game, list[str]]] = {}
        for c in sorted(cs[game.day]):
            g2 = game.clone()
            g2.script = replace(
                g2.script,
                incidents=tuple(
                    ScheduledIncident(x.day, x.incident, c if x.day == game.day else x.culprit)
                    for x in g2.script.incidents
                ),
            )
            g2.resume()
            sig = (
                _reads_culprit(g2, c),
                tuple(e.as_dict().__repr__() for e in g2.log[n_log:] if e.visibility == "public"),
                repr(
                    [getattr(g2, f) for f in _FINGERPRINT_FIELDS if f != "happened" and f != "happened_ever"]
                ),
                repr([{**r, "culprit": None} for r in g2.happened_ever]),
            )
            if sig in groups:
                groups[sig][1].append(c)
            else:
                groups[sig] = (g2, [c])
        for g2, members in groups.values():
            self._visit(g2, n_log, i, k, {**cs, game.day: frozenset(members)})


def _expand(
    cast: tuple[str, ...],
    days: Sequence[int],
    leaves: list[_Leaf],
    base: dict[int, frozenset[str]],
    witnesses: dict[tuple[tuple[int, str], ...], Game] | None = None,
) -> dict[tuple[tuple[int, str], ...], int]:
    """For each whole culprit assignment (distinct culprits), how many observed events it reproduced
    (``n_events + 1`` standing for "consistent")."""
    out: dict[tuple[tuple[int, str], ...], int] = {}
    for combo in itertools.product(*(sorted(base[d]) for d in days)):
        if len(set(combo)) != len(combo):
            continue  # a character is the culprit of at most one incident (the validator's rule)
        key = tuple(zip(days, combo, strict=True))
        best = -1
        for leaf in leaves:
            if all(c in leaf.culprits[d] for d, c in key):
                score = 1 << 30 if leaf.ok else leaf.reached
                best = max(best, score)
                if leaf.ok and witnesses is not None and leaf.game is not None:
                    witnesses.setdefault(key, leaf.game)
        out[key] = best
    return out


def consistent(
    record: PublicRecord, sheet: Sheet, content: Content | None = None
) -> dict[tuple[tuple[int, str], ...], int]:
    """For one sheet: every culprit assignment and how far it follows the record (consistent: ``1 << 30``)."""
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    days = [d for d, _ in record.sheet.incidents]
    known = _revealed_culprits(record)
    base = {d: frozenset([known[d]] if d in known else record.sheet.cast) for d in days}
    leaves = _Explorer(record, sheet, content, frame).run(base)
    return _expand(record.sheet.cast, days, leaves, base)


_OK = 1 << 30


def deduce_enumerated(
    record: PublicRecord,
    content: Content | None = None,
    prior: Mapping[str, Fraction | int] | None = None,
) -> Deduction:
    """Every candidate consistent with ``record``, the sheets listed (the enumerated table of
    :mod:`~rulesengine.looper.deduction.sheets`), weighted uniformly or by a prior over plots: the
    reference of the counted deduction, and the faster of the two where the sheets are few
    (:func:`~rulesengine.looper.deduction.counted.deduce` chooses).

    ``prior`` maps plot ids to weights; a candidate weighs the product of its plots' weights (missing
    plots weigh 1). Probabilities are normalised exact fractions.
    """
    if not isinstance(record, PublicRecord):
        raise InputError("record", f"expected a PublicRecord, got {type(record).__name__}")
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    sheets = private_sheets(frame, content)
    filters = _filters(record)
    days = [d for d, _ in record.sheet.incidents]
    known = _revealed_culprits(record)
    n_culprit_sets = _count_culprits(record.sheet.cast, days, known)
    removed: Counter[int] = Counter()
    reason: dict[int, tuple[str, dict[str, Any]]] = {}
    base = {d: frozenset([known[d]] if d in known else record.sheet.cast) for d in days}
    every_culprit = _count_culprits(record.sheet.cast, days, {})
    total = len(sheets) * every_culprit
    _culprit_reveal(record, len(sheets), every_culprit, n_culprit_sets, removed, reason)
    # a sheet failing several filters is charged to the first (in the order of the record)
    every = _sheet_table(sheets, record.sheet.cast, content)
    alive = np.ones(len(sheets), dtype=bool)
    for i, test, why_id, fields in filters:
        passes = test(every)
        fails = int(np.count_nonzero(alive & ~passes))
        if fails:
            alive &= passes
            removed[i] += fails * n_culprit_sets
            reason.setdefault(i, (why_id, fields))
    table = every if alive.all() else every.subset(np.flatnonzero(alive))
    survivors = table.sheets
    tree = _Tree(record, table, content, frame)
    leaves = tree.run(base) if survivors else []
    combos = [
        tuple(zip(days, combo, strict=True))
        for combo in itertools.product(*(sorted(base[d]) for d in days))
        if len(set(combo)) == len(combo)  # a character is the culprit of at most one incident (validator)
    ]
    # the sheets of a node all behave alike: group the sheets by the leaves they reach, judge once a group
    groups: list[tuple[np.ndarray, list[int], list[tuple[tuple[str, Action], ...]]]] = []
    scorer = _Scorer(combos, record.sheet.cast)
    leaf_keys = [
        (tuple(sorted((d, tuple(sorted(v))) for d, v in leaf.culprits.items())), leaf.reached)
        for leaf in leaves
    ]
    memo: dict[object, tuple[np.ndarray, np.ndarray]] = {}
    for sig, members in _groups_by_leaves(len(survivors), leaves):
        pattern = tuple(leaf_keys[n] for n in sig)
        scores = memo.get(pattern)
        if scores is None:
            scores = memo[pattern] = scorer.scores([leaves[n] for n in sig])
        best, src = scores
        consistent = best == _OK
        ok = np.flatnonzero(consistent).tolist()
        histories = [leaves[sig[n]].history for n in src[consistent].tolist()]
        values, counts = np.unique(best[~consistent], return_counts=True)
        for value, count in zip(values.tolist(), counts.tolist(), strict=True):
            removed[value] += count * len(members)
        if ok:
            groups.append((members, ok, histories))
    found = _Found(survivors, table, combos, groups, prior)
    eliminated = _eliminations(record, removed, reason)
    return Deduction(
        record=record,
        consistent=_FoundCandidates(found),
        weights=_FoundWeights(found),
        weighting="uniform" if prior is None else "plot prior",
        eliminated=eliminated,
        total=total,
        witnesses=_Witnesses(record, frame, content, found),
        found=found,
        replayed=len(survivors),
        steps=tree.replays,
    )


# ------------------------------------------------------------------------------------------- the tree
#
# The deduction proper. Instead of one replay per sheet, one replay serves every sheet that agrees on the
# hidden facts the engine has read so far: the game is started with *unknown* hidden facts (a role is a
# ``_Hidden`` string, the plots a ``_HiddenPlots`` set), and each time the engine asks something of one
# ("is this character the Friend?", "is Paranoia Virus a plot?", "which role exactly?") the answer is
# looked up in the current node's sheets. When they all agree, the engine goes on; when they disagree the
# step is abandoned (``_Fork``), the sheets are split by their answer, and the step is run again from the
# saved state for each part. A node of the tree is a set of sheets and the answers they share; a leaf
# says how far a node followed the record. Culprits are bound at their incident step as before.


#: A branch stopped at a day's start: its game, node, log index, record index, action index, culprits.
_Parked = tuple[Game, "_Node", int, int, int, dict[int, frozenset[str]]]


@dataclass
class _TreeLeaf:
    node: _Node
    culprits: dict[int, frozenset[str]]
    reached: int  # how many observed events the branch reproduced (_OK: consistent)
    history: tuple[tuple[str, Action], ...] = ()  # the witness's decisions (consistent leaves only)


class _Tree(_Matcher):
    """Depth-first replay of every sheet at once against the record, split only where the sheets' hidden
    facts make the engine answer differently (the engine as the model)."""

    def __init__(self, record: PublicRecord, table: _Table, content: Content, frame: Script) -> None:
        super().__init__(record)
        self.leaves: list[_TreeLeaf] = []
        self.table = table
        self.content = content
        self.frame = frame
        self.rulings = from_options(frame.options)
        # the culprit sets witnessed, each with the rows (sheets) witnessed with it
        self.ok: dict[object, tuple[dict[int, frozenset[str]], np.ndarray]] = {}
        self.replays = 0
        self.joined = 0  # branches joined into another at a day's start
        self.ran_out = 0  # branches stopped at a Protagonists' decision past the record's decisions
        # where the branches now run from: (loop, day, record index, action index), see _park
        self.at: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.parked: dict[tuple[tuple[int, int, int, int], object], list[_Parked]] = {}
        #: called with (events followed, events in the record) as the branches move on, never less than
        #: before: a progress bar's (``deduce(progress=…)``)
        self.progress: Callable[[int, int], None] | None = None

    def run(self, culprits: dict[int, frozenset[str]]) -> list[_TreeLeaf]:
        """Explore every sheet; the leaves of the tree."""
        rep = {d: min(s) for d, s in culprits.items()}
        self.at = (0, 0, 0, 0)
        for params, node in self._roots():
            script = _hidden_script(self.frame, params, rep)

            def start(script: Script = script) -> Game:
                return Game(
                    script, self.content, self.rulings, pause_between_phases=True,
                    facts=_NodeFacts(script, self.events), sink=_check_event,
                )

            for game, part, j in self._attempt(start, node, lambda g: None, 0, 0):
                self._after(game, part, j, 0, culprits)
        return self._drain()

    def _drain(self) -> list[_TreeLeaf]:
        """Take the parked branches in order of where they stand: the branches parked at the same point
        in the same state are one. The leaves."""
        progress, shown = self.progress, -1
        while self.parked:
            self.at = at = min(key[0] for key in self.parked)
            if progress is not None and at[2] > shown:
                shown = at[2]
                progress(shown, self.n_events)
            batch = [key for key in self.parked if key[0] == at]
            for key in batch:
                entries = self.parked.pop(key)
                game, node, n_log, i, k, cs = entries[0]
                if len(entries) == 1 or game.pending is None:
                    if len(entries) > 1:
                        node = self._union([e[1] for e in entries], ("joined", at, len(self.leaves)), True)
                        self.joined += len(entries) - 1
                    if game.phase is Phase.DAY_START:
                        self._checkpoint(key, (game, node, n_log, i, k, cs))
                    self._visit(game, n_log, i, k, cs, node)
                    continue
                # joined at a Mastermind decision: its options were read under one branch's sheets, so
                # they are read again under the union's (the step is pure there: see _JOIN_PHASES)
                node = self._union([e[1] for e in entries], ("joined", at, len(self.leaves)), True)
                self.joined += len(entries) - 1
                for g2, part, j in self._attempt(game.clone, node, _rederive, len(game.log), i):
                    self._after(g2, part, j, k, cs)
        return self.leaves

    def _checkpoint(self, key: tuple[tuple[int, int, int, int], object], entry: _Parked) -> None:
        """A branch at a day's start is about to go on (the counted tree keeps the last day's start,
        to go on from there when the record grows: :mod:`~rulesengine.looper.deduction.counted`)."""

    def _park(
        self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]], node: _Node
    ) -> None:
        """Stop a branch at the start of a day, or at a Mastermind decision of the ability phases
        (:data:`_JOIN_PHASES`), to go on with every branch that reaches the same state.

        Branches reached by different hidden choices (the Mastermind's, the sheets' answers) that stand
        at the same point with the same state record (hidden facts written as unknown, the pending
        decision left out), the same place in the record and the same culprit sets behave alike from
        here on: they are joined into one node whose sheets are the union of theirs (its answers asked
        again, and a pending decision's options read again under it). The branches are taken in order
        of where they stand — (loop, day, events matched, decisions taken), which only grows along a
        branch — so every branch that can reach a point has reached it before the point is taken."""
        script = game.script
        key = (
            (game.loop, game.day, i, k),
            (
                tuple(sorted((d, tuple(sorted(v))) for d, v in cs.items())),
                _param_key(script),
                _raw_state(game, n_log, pending=False),
            ),
        )
        self.parked.setdefault(key, []).append((game, node, n_log, i, k, cs))

    def _attempt(
        self, start: Callable[[], Game], node: _Node, act: Callable[[Game], None], n_log: int, i: int
    ) -> list[tuple[Game, _Node, int]]:
        """Run ``act`` on a fresh game from ``start`` under ``node`` and match its new public events,
        splitting the node and running again on every fork; each part's game and match (see _match)."""
        out: list[tuple[Game, _Node, int]] = []
        todo = [node]
        while todo:
            nd = todo.pop()
            _CURRENT[0] = nd
            _CHECK[0] = (self, [n_log, i])
            self.replays += 1
            g: Game | None = None  # (a game whose very start leaves the record has none: a leaf)
            try:
                g = start()
                act(g)
                j = self._match(g, n_log, i)
            except _Fork as fork:
                todo.extend(nd.split(fork))
                continue
            except _Mismatch as miss:
                j = -1 - miss.reached
            finally:
                _CURRENT[0] = None
                _CHECK[0] = None
            out.append((g, nd, j))  # type: ignore[arg-type]
        if len(out) > 1:
            out = self._merge(node, out, n_log)
        return out

    def _merge(
        self, node: _Node, parts: list[tuple[Game, _Node, int]], n_log: int
    ) -> list[tuple[Game, _Node, int]]:
        """Parts of ``node`` that came out of the same step in the same state (the same new public
        events and the same state record, unknown facts left unknown) are one node again: the answers
        that split them changed nothing the engine will read later."""
        same: dict[object, list[tuple[Game, _Node, int]]] = {}
        for g, nd, j in parts:
            sig = (j, _raw_state(g, n_log)) if j >= 0 else (j,)
            same.setdefault(sig, []).append((g, nd, j))
        if len(same) == len(parts):
            return parts
        out = []
        for group in same.values():
            if len(group) == 1:
                out.append(group[0])
                continue
            g, _, j = group[0]
            if len(group) == len(parts):
                out.append((g, node, j))
                continue
            path = (*node.path, ("merged", tuple(nd.path[len(node.path) :] for _, nd, _ in group)))
            out.append((g, self._union([nd for _, nd, _ in group], path, False), j))
        return out

    # the nodes' sets of sheets: rows of the enumerated table here (a counted tree overrides these four)
    def _roots(self) -> Iterator[tuple[tuple[Any, ...], Any]]:
        """The root of each parameter choice (the engine reads the parameters off the script)."""
        table = self.table
        for n, params in enumerate(table.params):
            rows = np.flatnonzero(table.param == n)
            if len(rows):  # (a table of some of the sheets keeps every parameter choice's code)
                yield params, _Node(table, rows, {}, (params,))

    def _union(self, nodes: Sequence[_Node], path: tuple[object, ...], overlap: bool) -> _Node:
        """One node of the sheets of ``nodes`` (``overlap``: they may share sheets), with the answers
        they all share."""
        idx = np.concatenate([nd.idx for nd in nodes])
        if overlap:
            idx = np.unique(idx)
        return _Node(self.table, idx, _common_facts(nodes), path)

    def _witnessed(self, node: _Node, cs: dict[int, frozenset[str]]) -> None:
        """Every sheet of ``node`` with every culprit assignment of ``cs`` has a witness."""
        key = tuple(sorted(cs.items()))
        seen = self.ok.get(key)
        if seen is None:
            seen = self.ok[key] = (cs, np.zeros(len(self.table.sheets), dtype=bool))
        seen[1][node.idx] = True

    def _after(self, game: Game, node: _Node, j: int, k: int, cs: dict[int, frozenset[str]]) -> None:
        if j < 0:
            self.leaves.append(_TreeLeaf(node, cs, -1 - j))
            return
        self._visit(game, len(game.log), j, k, cs, node)

    def _leaf(self, node: _Node, cs: dict[int, frozenset[str]], i: int, ok: bool, game: Game) -> None:
        if ok:
            self.leaves.append(_TreeLeaf(node, cs, _OK, tuple(game.history)))
            self._witnessed(node, cs)
        else:
            self.leaves.append(_TreeLeaf(node, cs, i))

    def _visit(
        self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]], node: _Node
    ) -> None:
        base: Game | None = None  # a saved state and the steps run since, to go back on a fork
        since: list[Callable[[Game], None]] = []
        while True:
            if game.is_over:
                self._leaf(node, cs, i, i == self.n_events and k == len(self.actions), game)
                return
            act: Callable[[Game], None]
            if game.is_paused:
                if (
                    game.phase is Phase.DAY_START or game.phase in _JOIN_PHASES
                ) and (game.loop, game.day, i, k) > self.at:
                    self._park(game, n_log, i, k, cs, node)
                    return
                if game.phase is Phase.INCIDENT and game.step == 0:
                    sched = game.script.incident_on(game.day)
                    if sched is not None and len(cs[game.day]) > 1:
                        self._split(game, n_log, i, k, cs, sched, node)
                        return
                act = Game.resume
            else:
                pending = game.pending
                assert pending is not None
                done = i == self.n_events and k == len(self.actions)
                if pending.who != "mastermind":
                    if k == len(self.actions):
                        self.ran_out += 1  # (a longer record may go on here: see _checkpoint)
                        self._leaf(node, cs, i, done and self.waiting == pending.who, game)
                        return
                    who, action = self.actions[k]
                    if who != pending.who or action not in pending.options:
                        self._leaf(node, cs, i, False, game)
                        return
                    k += 1
                    act = _acting(game, action)
                else:
                    if done and self.waiting == "mastermind":
                        self._leaf(node, cs, i, True, game)
                        return
                    if game.phase in _JOIN_PHASES and (game.loop, game.day, i, k) > self.at:
                        self._park(game, n_log, i, k, cs, node)
                        return
                    # (with the record done but the Protagonists waiting, a silent answer such as a Pass
                    # may still lead to their decision: keep branching)
                    options = self._options(pending.options, i)
                    if not options:
                        self._leaf(node, cs, i, False, game)
                        return
                    if len(options) > 1:
                        for a in options:
                            if self._covered(node, cs):
                                return  # every sheet and culprit assignment here already has a witness
                            for g2, part, j in self._attempt(game.clone, node, _acting(game, a), n_log, i):
                                self._after(g2, part, j, k, cs)
                        return
                    act = _acting(game, options[0])
            # one way on: run it in place, from a saved state only when the sheets disagree (a fork)
            if base is None or len(since) > 8:
                base, since = game.clone(), []
            _CURRENT[0] = node
            _CHECK[0] = (self, [n_log, i])
            self.replays += 1
            forked = False
            try:
                act(game)
                j = self._match(game, n_log, i)
            except _Fork:
                forked = True  # (handled below, out of the except clause: no traceback kept alive)
            except _Mismatch as miss:
                j = -1 - miss.reached
            finally:
                _CURRENT[0] = None
                _CHECK[0] = None
            if forked:
                _CURRENT[0] = node
                try:
                    game = base.clone()  # (_CHECK unset: no comparison, the same questions)
                    for a2 in since:
                        a2(game)
                finally:
                    _CURRENT[0] = None
                for g2, part, j in self._attempt(game.clone, node, act, n_log, i):
                    self._after(g2, part, j, k, cs)
                return
            since.append(act)
            if j < 0:
                self.leaves.append(_TreeLeaf(node, cs, -1 - j))
                return
            i, n_log = j, len(game.log)

    def _covered(self, node: _Node, cs: dict[int, frozenset[str]]) -> bool:
        left = node.idx
        for w, rows in self.ok.values():
            if all(cs[d] <= w[d] for d in cs):
                left = left[~rows[left]]
                if not len(left):
                    return True
        return False

    def _split(
        self,
        game: Game,
        n_log: int,
        i: int,
        k: int,
        cs: dict[int, frozenset[str]],
        sched: ScheduledIncident,
        node: _Node,
    ) -> None:
        """TL-D7: bind today's culprit; culprits giving the same public events and state (and the same
        part of the sheets) stay together.

        The culprits with which the incident does not happen (the engine's own test,
        :meth:`Game.incident_occurs`) are run once, for the first of them, and stay together: the step
        then reads nothing of its culprit but that test (the public event names only the incident; the
        culprit is in the Mastermind's event, which is not compared). The tests against one replay per
        sheet, which runs every culprit, check it."""
        groups: dict[object, tuple[Game, _Node, int, list[str]]] = {}
        day = game.day
        quiet = [c for c in sorted(cs[day]) if not game.incident_occurs(c)]
        for c in sorted(cs[day]):
            if c in quiet[1:]:
                continue
            script = replace(
                game.script,
                incidents=tuple(
                    ScheduledIncident(x.day, x.incident, c if x.day == day else x.culprit)
                    for x in game.script.incidents
                ),
            )

            def start(script: Script = script) -> Game:
                g = game.clone()
                g.script = script
                return g

            for g2, part, j in self._attempt(start, node, Game.resume, n_log, i):
                _CURRENT[0] = part
                try:
                    sig = (
                        _reads_culprit(g2, c),
                        part.path,
                        j,
                        tuple(repr(e.as_dict()) for e in g2.log[n_log:] if e.visibility == "public"),
                        repr([getattr(g2, f) for f in _FINGERPRINT_FIELDS if f not in _CULPRIT_FIELDS]),
                        repr([{**r, "culprit": None} for r in g2.happened_ever]),
                    )
                finally:
                    _CURRENT[0] = None
                if sig in groups:
                    groups[sig][3].append(c)
                else:
                    groups[sig] = (g2, part, j, [c])
        for g2, part, j, members in groups.values():
            if quiet and quiet[0] in members:
                members = [*members, *quiet[1:]]
            self._after(g2, part, j, k, {**cs, day: frozenset(members)})


def _reads_culprit(game: Game, culprit: str) -> str | None:
    """The culprit, when the incident step is still to read it: it waits for the Mastermind's choice
    (where the Missing Person goes, whom Increasing Unease touches…, TL-D7), and the effect that follows
    names the culprit (the missing person moved is the culprit). Culprits that give the same events and
    state up to that decision stay apart; once the step is done, its effect is in the state compared.
    (Found by a searching Mastermind's game of fs_02: Missing Person's culprit joined with another, an
    assignment counted that no game of its own plays.)"""
    return culprit if game.pending is not None and game.phase is Phase.INCIDENT else None


class _Mismatch(BaseException):  # not an Exception: nothing in the engine may catch it
    """A public event left the record: the step is abandoned at once (``reached`` events matched)."""

    def __init__(self, reached: int) -> None:
        super().__init__(reached)
        self.reached = reached


#: While the tree runs a step: the matcher and [log index checked up to, record index] (else ``None``).
_CHECK: list[tuple[_Matcher, list[int]] | None] = [None]


def _check_event(event: Event) -> None:
    """The kernel's event sink for the tree's games: while ``_CHECK`` is set, compare each new public
    event with the record as it is logged, and abandon the step (:class:`_Mismatch`) at the first one
    that differs.

    Only a shortcut: the events after a mismatch, and the hidden facts the engine would read after it
    (forks whose parts all fail at that same event), are never computed; ``_match`` still judges every
    step that runs to its end."""
    check = _CHECK[0]
    if check is None or event.visibility != "public":
        return
    matcher, at = check
    i = at[1]
    if i >= matcher.n_events or event.as_dict() != matcher.events[i]:
        raise _Mismatch(i)
    at[1] = i + 1


#: The phases where branches are joined at a Mastermind decision too (TL-D5, TL-D6): there the step
#: that offers the decision changes nothing before it returns it, so the decision can be read again
#: under a joined node (:func:`_rederive`). The Mastermind's abilities and answers to goodwill are where
#: branches multiply (one per order of the abilities used and per role that could have used them).
_JOIN_PHASES = frozenset({Phase.MASTERMIND_ABILITY, Phase.GOODWILL_ABILITY})


def _rederive(game: Game) -> None:
    """Offer the pending decision again, from the state (the step of its phase run once more)."""
    game._pending = None
    game._advance(game.phase)


def _raw_state(game: Game, n_log: int, pending: bool = True) -> str:
    """The state record and the new public events as text, hidden facts written as unknown (without
    ``pending``, the pending decision left out: it is offered again after a join)."""
    saved, _CURRENT[0] = _CURRENT[0], None
    try:
        return repr(
            (
                [getattr(game, f) for f in _FINGERPRINT_FIELDS if pending or f != "_pending"],
                [e.as_dict() for e in game.log[n_log:] if e.visibility == "public"],
                game.script.incidents,
            )
        )
    finally:
        _CURRENT[0] = saved


_CULPRIT_FIELDS = frozenset({"happened", "happened_ever"})


def _applying(action: Action) -> Callable[[Game], None]:
    return lambda g: g.apply(action)


def _acting(game: Game, action: Action) -> Callable[[Game], None]:
    """The answer ``action`` to ``game``'s decision as a step of a branch: in the ability phases it
    answers and stops before the next decision (:meth:`Game.answer`), where the branch is parked and
    joined before that decision reads a hidden fact (_park); elsewhere it runs on (:meth:`Game.apply`)."""
    if game.phase in _JOIN_PHASES:
        return lambda g: g.answer(action)
    return _applying(action)


def _groups_by_leaves(n: int, leaves: Sequence[_TreeLeaf]) -> Iterator[tuple[tuple[int, ...], np.ndarray]]:
    """The rows ``0..n-1`` grouped by the leaves whose nodes hold them: (leaf numbers, rows), each group's
    rows in order, the groups in order of their first row.

    The partition is refined leaf by leaf (the rows of a leaf leave their group for a new one), and a
    group remembers the group it came from and the leaf that split it, so each final group's leaves are
    read back once."""
    group = np.zeros(n, dtype=np.int64)
    parent = [-1]
    by = [-1]
    for li, leaf in enumerate(leaves):
        idx = leaf.node.idx
        old, inverse = np.unique(group[idx], return_inverse=True)
        start = len(parent)
        parent.extend(old.tolist())
        by.extend([li] * len(old))
        group[idx] = np.arange(start, start + len(old))[inverse]
    ids, first, inverse = np.unique(group, return_index=True, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(len(ids) + 1))
    for j in np.argsort(first, kind="stable").tolist():
        g = int(ids[j])
        sig = []
        while g > 0:
            sig.append(by[g])
            g = parent[g]
        yield tuple(reversed(sig)), order[bounds[j] : bounds[j + 1]]


class _Scorer:
    """For each culprit assignment, how far the best of some leaves holding it followed the record.

    A leaf holds the product of its culprit sets: as a mask over the assignments (numpy, one column of
    culprit numbers per incident day), made once per distinct culprit sets."""

    def __init__(self, combos: list[tuple[tuple[int, str], ...]], cast: Sequence[str]) -> None:
        self.n = len(combos)
        self.number = {c: i for i, c in enumerate(cast)}
        days = [d for d, _ in combos[0]] if combos else []
        self.columns = [
            (d, np.array([self.number[dict(key)[d]] for key in combos], dtype=np.int64)) for d in days
        ]
        self.masks: dict[object, np.ndarray] = {}

    def mask(self, culprits: Mapping[int, frozenset[str]]) -> np.ndarray:
        """The assignments in the product of ``culprits`` (day -> possible culprits)."""
        key = tuple(sorted((d, tuple(sorted(v))) for d, v in culprits.items()))
        hit = self.masks.get(key)
        if hit is None:
            hit = np.ones(self.n, dtype=bool)
            for d, column in self.columns:
                allowed = np.zeros(len(self.number), dtype=bool)
                allowed[[self.number[c] for c in culprits[d]]] = True
                hit &= allowed[column]
            self.masks[key] = hit
        return hit

    def scores(self, leaves: Sequence[_TreeLeaf]) -> tuple[np.ndarray, np.ndarray]:
        """For each assignment, the events the best leaf holding it followed (``_OK``: consistent) and
        which leaf that was, the first of the best (-1 and -1 when none holds it). The leaves are taken
        best first, and each gives its score to the assignments it holds that have none yet."""
        best = np.full(self.n, -1, dtype=np.int64)
        src = np.full(self.n, -1, dtype=np.int64)
        free = np.ones(self.n, dtype=bool)
        for n in sorted(range(len(leaves)), key=lambda n: (-leaves[n].reached, n)):
            new = self.mask(leaves[n].culprits) & free
            if new.any():
                best[new] = leaves[n].reached
                src[new] = n
                free &= ~new
                if not free.any():
                    break
        return best, src


class WitnessError(RuntimeError):
    """A consistent candidate's witness game could not be played (a fault of the deduction)."""


class _Witnesses(Sequence[Game]):
    """The witness game of each consistent candidate, replayed when asked: the candidate's own script
    played to where the record ends.

    The decisions kept are those of the branch that found the candidate; a branch joined from several
    (see ``_Tree._park``) keeps one branch's decisions, which another sheet of it may not be able to
    play (its Mastermind's abilities are not the same). Those are checked on replay (every decision
    legal, the same public record); when they fail, the candidate's witness is searched on its own
    (one sheet, its culprits: :class:`_Explorer`)."""

    def __init__(self, record: PublicRecord, frame: Script, content: Content, found: _Found) -> None:
        self.record = record
        self.frame = frame
        self.content = content
        self._found = found

    @property
    def found(self) -> list[tuple[Sheet, tuple[tuple[int, str], ...], History]]:
        """Every candidate's sheet, culprits and kept decisions (for comparisons)."""
        return [self._found.entry(i) for i in range(len(self))]

    def __len__(self) -> int:
        return self._found.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        sheet, culprits, history = self._found.entry(i + len(self) if i < 0 else i)
        script = sheet_script(self.frame, sheet, dict(culprits))
        game = Game(script, self.content, from_options(script.options), pause_between_phases=True)
        try:
            for _who, action in history:
                while game.is_paused:
                    game.resume()
                game.apply(action)
            while game.is_paused:
                game.resume()
        except IllegalActionError:
            pass
        else:
            events = [e.as_dict() for e in game.log if e.visibility == "public"]
            waiting = None if game.pending is None else game.pending.who
            if events == list(self.record.events) and waiting == self.record.waiting:
                return game
        own = {d: frozenset([c]) for d, c in culprits}
        leaves = _Explorer(self.record, sheet, self.content, self.frame).run(own)
        for leaf in leaves:
            if leaf.ok and leaf.game is not None:
                return leaf.game
        # (a candidate the deduction counts that its own sheet cannot replay: a fault of the deduction,
        # said as one, not a StopIteration that a caller's loop would swallow)
        raise WitnessError(f"candidate {i}: no game of its sheet and culprits gives the record")


def _count_culprits(cast: tuple[str, ...], days: Sequence[int], known: Mapping[int, str]) -> int:
    """How many assignments of distinct culprits to ``days`` agree with the ``known`` ones."""
    free = [d for d in days if d not in known]
    left = len(cast) - len(set(known.values()))
    return math.perm(left, len(free)) if len(free) <= left else 0
