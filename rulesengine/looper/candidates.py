"""Every private sheet a public sheet allows: the candidates of the deduction (``docs/looper_deduction.md``).

A *sheet* here is the part of the private sheet that is fixed for the whole game and does not name a
culprit: the main plot, the subplots, every character's role and the character parameters (Godly Being's
entry loop, Boss's turf, Henchman's start). The culprits are added by :mod:`rulesengine.looper.deduce`,
day by day, because the engine reads a culprit only at its incident step (TL-D7).

The plots' role ranges are only used to *propose* role assignments; every proposal is then judged by the
script validator itself (:func:`rulesengine.looper.script.script_problems`), so the limits of the set
(role counts and caps, the Key Person's sex in Sign with me!, irregular roles) are the validator's and are
not written a second time here.

>>> from rulesengine.looper.script import SCRIPTS_DIR, load_script
>>> sheets = private_sheets(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
>>> len(sheets) > 100, all(s.roles.keys() == set(sheets[0].roles) for s in sheets)
(True, True)
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from rulesengine.errors import InputError
from rulesengine.looper.content import Content, Location, load_content
from rulesengine.looper.script import ScheduledIncident, Script, script_problems

__all__ = ["MAX_SHEETS", "Sheet", "SheetCodes", "Sheets", "private_sheets", "sheet_bound", "sheet_script"]

#: The most sheets :func:`private_sheets` proposes before it refuses the script: each sheet is a Python
#: object of about 750 bytes (btx_02's 1.6 million take 1.2 GB), so this many fit in about 3 GB.
MAX_SHEETS = 4_000_000


@dataclass(frozen=True, eq=False)
class Sheet:
    """The culprit-free part of a private sheet: plots, roles (every cast member) and parameters."""

    main_plot: str
    subplots: tuple[str, ...]
    roles: Mapping[str, str]
    godly_being_entry_loop: int | None = None
    boss_turf: Location | None = None
    henchman_start: Location | None = None

    def key(self) -> tuple[object, ...]:
        """A hashable identity of the sheet (plots, roles in cast order, parameters)."""
        return (
            self.main_plot,
            self.subplots,
            tuple(sorted(self.roles.items())),
            self.godly_being_entry_loop,
            self.boss_turf,
            self.henchman_start,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


Params = tuple[int | None, Location | None, Location | None]


@dataclass(frozen=True)
class SheetCodes:
    """The sheets of an enumeration as columns: each sheet's role dict, plots and parameters, numbered in
    order of first appearance (the deduction's table reads them instead of the 1.6 million objects)."""

    roles: np.ndarray  # each sheet's role dict (the same object for every sheet sharing it), numbered
    role_dicts: list[Mapping[str, str]]
    plots: np.ndarray  # each sheet's (main plot, subplots), numbered
    plot_choices: list[tuple[str, tuple[str, ...]]]
    params: np.ndarray  # each sheet's (Godly Being's entry loop, Boss's turf, Henchman's start), numbered
    param_choices: list[Params]


class Sheets(tuple[Sheet, ...]):
    """The sheets :func:`private_sheets` enumerates, in order, with their :class:`SheetCodes`."""

    codes: SheetCodes


def sheet_script(public: Script, sheet: Sheet, culprits: Mapping[int, str]) -> Script:
    """The whole script made of ``public``'s public sheet, ``sheet`` and ``culprits`` (day -> character)."""
    return Script(
        id=public.id,
        title=public.title,
        set_id=public.set_id,
        loops=public.loops,
        days=public.days,
        cast=public.cast,
        special_rules=public.special_rules,
        main_plot=sheet.main_plot,
        subplots=sheet.subplots,
        roles=dict(sheet.roles),
        incidents=tuple(
            ScheduledIncident(i.day, i.incident, culprits.get(i.day, public.cast[0]))
            for i in public.incidents
        ),
        godly_being_entry_loop=sheet.godly_being_entry_loop,
        boss_turf=sheet.boss_turf,
        henchman_start=sheet.henchman_start,
        options=public.options,
        path=public.path,
    )


def _multisets(ranges: list[tuple[str, int, int]], slots: int) -> Iterator[dict[str, int]]:
    """Role counts within the plots' ranges that fit in ``slots`` characters (proposals only)."""
    if not ranges:
        yield {}
        return
    (role, low, high), rest = ranges[0], ranges[1:]
    for n in range(low, min(high, slots) + 1):
        for tail in _multisets(rest, slots - n):
            yield {role: n, **tail} if n else tail


def _assignments(cast: tuple[str, ...], counts: dict[str, int]) -> Iterator[dict[str, str]]:
    """Every way to give the roles of ``counts`` to distinct cast members, the others Persons (in the
    lexicographic order of the roles sorted by name, Persons last)."""
    pool: list[str] = []
    for role, n in sorted(counts.items()):
        pool.extend([role] * n)
    if len(pool) > len(cast):
        return
    pool.extend(["person"] * (len(cast) - len(pool)))
    ranks = [kinds.index(k) for k in pool] if (kinds := list(dict.fromkeys(pool))) else []
    n = len(ranks)
    while True:  # the next permutation in lexicographic order of the ranks (Narayana)
        yield dict(zip(cast, [kinds[r] for r in ranks], strict=True))
        i = n - 2
        while i >= 0 and ranks[i] >= ranks[i + 1]:
            i -= 1
        if i < 0:
            return
        j = n - 1
        while ranks[j] <= ranks[i]:
            j -= 1
        ranks[i], ranks[j] = ranks[j], ranks[i]
        ranks[i + 1 :] = reversed(ranks[i + 1 :])


def _parameters(public: Script, content: Content) -> list[dict[str, object]]:
    """Every choice of the character parameters the cast calls for (validated later)."""
    traits = {t for c in public.cast for t in content.characters[c].traits}
    loops: list[int | None] = list(range(1, public.loops + 1)) if "enters_on_loop" in traits else [None]
    turfs: list[Location | None] = list(Location) if "turf" in traits else [None]
    starts: list[Location | None] = list(Location) if "start_chosen" in traits else [None]
    return [
        {"godly_being_entry_loop": a, "boss_turf": b, "henchman_start": c}
        for a, b, c in itertools.product(loops, turfs, starts)
    ]


def _plot_ranges(content: Content, main: str, subs: tuple[str, ...]) -> dict[str, list[int]]:
    """Each role the plots give, with its summed (least, most) count."""
    ranges: dict[str, list[int]] = {}
    for p in (content.plots[main], *(content.plots[s] for s in subs)):
        for role, (low, high) in p.roles.items():
            r = ranges.setdefault(role, [0, 0])
            r[0] += low
            r[1] += high
    return ranges


def sheet_bound(public: Script, content: Content | None = None) -> int:
    """How many sheets :func:`private_sheets` proposes to the validator on ``public``: an upper bound on
    their number, counted (multinomials, no sheet made), so that it is cheap on any script.

    >>> from rulesengine.looper.script import SCRIPTS_DIR, load_script
    >>> public = load_script(SCRIPTS_DIR / "btx_03_sealed_lantern.yaml")
    >>> f"{sheet_bound(public):,}"
    '2,282,918,400'
    """
    content = content if content is not None else load_content()
    tset = content.sets[public.set_id]
    irregular = [c for c in public.cast if "irregular_role" in content.characters[c].traits]
    slots = len(public.cast) - len(irregular)
    per_choice = len(_parameters(public, content))
    total = 0
    for main in tset.main_plots:
        for subs in itertools.combinations(tset.subplots, tset.n_subplots):
            ranges = _plot_ranges(content, main, subs)
            free = [r for r in tset.roles if r != "person" and r not in ranges] or ["person"]
            for counts in _multisets([(r, lo, hi) for r, (lo, hi) in sorted(ranges.items())], slots):
                ways = math.factorial(slots) // math.factorial(slots - sum(counts.values()))
                for n in counts.values():
                    ways //= math.factorial(n)
                total += ways * len(free) ** len(irregular) * per_choice
    return total


_CACHE: dict[tuple[object, ...], Sheets] = {}


def _sheets_for(public: Script, content: Content, *, share_verdicts: bool = True) -> Sheets:
    """The enumeration behind :func:`private_sheets`; ``share_verdicts=False`` asks the validator about
    every proposal (the reference the tests compare the shared verdicts with)."""
    tset = content.sets[public.set_id]
    cast = public.cast
    irregular = [c for c in cast if "irregular_role" in content.characters[c].traits]
    counted = tuple(c for c in cast if c not in irregular)
    out: list[Sheet] = []
    params = _parameters(public, content)
    # The validator sees a character only through its tags and traits: sheets that differ by a
    # permutation of roles among characters with the same tags and traits get the same verdict, so it is
    # asked once per class (its own rules are not restated here).
    kind_of = {
        c: (tuple(sorted(content.characters[c].tags)), tuple(sorted(content.characters[c].traits)))
        for c in cast
    }
    kinds = list(dict.fromkeys(kind_of.values()))
    counted_classes = [g for k in kinds if len(g := tuple(c for c in counted if kind_of[c] == k)) > 1]
    irregular_classes = [tuple(c for c in irregular if kind_of[c] == k) for k in kinds]
    alone = tuple(c for c in counted if sum(kind_of[c] == kind_of[d] for d in counted) == 1)
    verdicts: dict[tuple[object, ...], bool] = {}
    assignments: dict[tuple[tuple[str, int], ...], list[tuple[dict[str, str], tuple[object, ...]]]] = {}
    # each sheet's codes, numbered in order of first appearance (SheetCodes)
    role_code: dict[int, int] = {}
    role_dicts: list[Mapping[str, str]] = []
    plot_code: dict[tuple[str, tuple[str, ...]], int] = {}
    param_code: dict[int, int] = {}
    param_choices: list[Params] = []
    rows, plot_rows, param_rows = array("i"), array("i"), array("i")
    # distinct culprits so the validator judges the sheet alone (culprits are added later)
    culprits = {i.day: cast[k % len(cast)] for k, i in enumerate(public.incidents)}
    for main in tset.main_plots:
        for subs in itertools.combinations(tset.subplots, tset.n_subplots):
            ranges = _plot_ranges(content, main, subs)
            plot_roles = set(ranges)
            free = [r for r in tset.roles if r != "person" and r not in plot_roles] or ["person"]
            extras = []
            for extra in itertools.product(free, repeat=len(irregular)):
                given = dict(zip(irregular, extra, strict=True))
                extras.append((given, tuple(tuple(sorted(given[c] for c in g)) for g in irregular_classes)))
            for counts in _multisets([(r, lo, hi) for r, (lo, hi) in sorted(ranges.items())], len(counted)):
                pattern = tuple(sorted(counts.items()))
                found = assignments.get(pattern)
                if found is None:
                    found = assignments[pattern] = [
                        (
                            roles,
                            (
                                *(roles[c] for c in alone),
                                *(tuple(sorted(roles[c] for c in g)) for g in counted_classes),
                            ),
                        )
                        for roles in _assignments(counted, counts)
                    ]
                for roles, orbit in found:
                    for given, orbit_irregular in extras:
                        full = {**roles, **given} if given else roles
                        for n, par in enumerate(params):
                            cls = orbit if share_verdicts else tuple(full.items())
                            key = (main, subs, cls, orbit_irregular, n)
                            ok = verdicts.get(key)
                            if ok is None:
                                sheet = Sheet(main, tuple(subs), full, **par)  # type: ignore[arg-type]
                                ok = verdicts[key] = not script_problems(
                                    sheet_script(public, sheet, culprits), content
                                )
                            if ok:
                                out.append(Sheet(main, tuple(subs), full, **par))  # type: ignore[arg-type]
                                r = role_code.get(id(full))
                                if r is None:
                                    r = role_code[id(full)] = len(role_dicts)
                                    role_dicts.append(full)
                                rows.append(r)
                                plot_rows.append(plot_code.setdefault((main, subs), len(plot_code)))
                                q = param_code.get(n)
                                if q is None:
                                    q = param_code[n] = len(param_choices)
                                    sheet = out[-1]
                                    param_choices.append(
                                        (sheet.godly_being_entry_loop, sheet.boss_turf, sheet.henchman_start)
                                    )
                                param_rows.append(q)
    sheets = Sheets(out)
    sheets.codes = SheetCodes(
        roles=np.frombuffer(rows, dtype=np.int32).copy(),
        role_dicts=role_dicts,
        plots=np.frombuffer(plot_rows, dtype=np.int32).copy(),
        plot_choices=list(plot_code),
        params=np.frombuffer(param_rows, dtype=np.int32).copy(),
        param_choices=param_choices,
    )
    return sheets


def private_sheets(public: Script, content: Content | None = None) -> Sheets:
    """Every culprit-free private sheet the set's rules allow on ``public``'s public sheet (cached).

    Only the public fields of ``public`` are read (set, loops, days, cast, incident days and kinds).
    A public sheet that would propose more than :data:`MAX_SHEETS` sheets (:func:`sheet_bound`) is an
    :class:`~rulesengine.errors.InputError` naming the count, raised before any sheet is made (the
    sheets would not fit in memory: ``btx_03`` proposes 2.3 billion).
    """
    content = content if content is not None else load_content()
    key = (
        id(content),
        public.set_id,
        public.loops,
        public.days,
        public.cast,
        tuple((i.day, i.incident) for i in public.incidents),
    )
    hit = _CACHE.get(key)
    if hit is None:
        if (bound := sheet_bound(public, content)) > MAX_SHEETS:
            raise InputError.of(
                public.id or "script",
                "looper.deduce.too_many_sheets",
                count=f"{bound:,}",
                limit=f"{MAX_SHEETS:,}",
            )
        if len(_CACHE) > 32:
            _CACHE.clear()
        hit = _CACHE[key] = _sheets_for(public, content)
    return hit
