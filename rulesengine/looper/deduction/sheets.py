"""Every private sheet a public sheet allows: the candidates of the deduction (``docs/looper_deduction.md``).

A *sheet* here is the part of the private sheet that is fixed for the whole game and does not name a culprit:
the main plot, the subplots, every character's role and the character parameters (Godly Being's entry loop,
Boss's turf, Henchman's start). The culprits are added by :mod:`rulesengine.looper.deduction.search`, day by
day, because the engine reads a culprit only at its incident step (TL-D7).

The plots' role ranges are only used to *propose* role assignments; every proposal is then judged by the
script validator itself (:func:`rulesengine.looper.rules.script.script_problems`), so the limits of the set
(role counts and caps, the Key Person's sex in Sign with me!, irregular roles) are the validator's and are
not written a second time here.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> sheets = private_sheets(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
>>> len(sheets) > 100, all(s.roles.keys() == set(sheets[0].roles) for s in sheets)
(True, True)
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import overload

import numpy as np

from rulesengine.errors import InputError
from rulesengine.looper.rules.content import Content, Location, load_content
from rulesengine.looper.rules.script import ScheduledIncident, Script, role_range, script_problems

__all__ = [
    "MAX_SHEETS",
    "PARAM_FIELDS",
    "Sheet",
    "SheetCodes",
    "Sheets",
    "params_of",
    "private_sheets",
    "sheet_bound",
    "sheet_script",
]

#: The character parameters of a private sheet, in the order of a parameter choice: Godly Being's entry
#: loop, Boss's turf, Henchman's start and the Transfer Student's entry day (issue 24).
PARAM_FIELDS = ("godly_being_entry_loop", "boss_turf", "henchman_start", "transfer_student_entry_day")

#: The most sheets :func:`private_sheets` proposes before it refuses the script. Each proposal is a row
#: of the enumeration's arrays, each sheet kept a row of the deduction's table whose nodes index it:
#: btx_02's 1.6 million sheets take about 600 MB and half a minute, so 4 million stay within 3 GB.
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
    transfer_student_entry_day: int | None = None

    def key(self) -> tuple[object, ...]:
        """A hashable identity of the sheet (plots, roles in cast order, parameters)."""
        return (
            self.main_plot,
            self.subplots,
            tuple(sorted(self.roles.items())),
            self.godly_being_entry_loop,
            self.boss_turf,
            self.henchman_start,
            self.transfer_student_entry_day,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


Params = tuple[int | None, Location | None, Location | None, int | None]


def params_of(sheet: object) -> Params:
    """A sheet's or a script's parameter choice (:data:`PARAM_FIELDS`)."""
    return tuple(getattr(sheet, f) for f in PARAM_FIELDS)  # type: ignore[return-value,unused-ignore]


def with_params(script: Script, params: Params) -> Script:
    """``script`` with the parameter choice ``params`` (:data:`PARAM_FIELDS`)."""
    a, b, c, d = params
    return replace(
        script, godly_being_entry_loop=a, boss_turf=b, henchman_start=c, transfer_student_entry_day=d
    )


@dataclass(frozen=True)
class SheetCodes:
    """The sheets of an enumeration as columns (the deduction's table reads them, not 1.6 million objects).

    ``role_rows`` holds each distinct role assignment once, a row of codes into ``role_names`` in cast
    order, numbered in order of first appearance; ``roles`` gives each sheet's row. ``plots`` and
    ``params`` number each sheet's (main plot, subplots) and (Godly Being's entry loop, Boss's turf,
    Henchman's start) the same way, into ``plot_choices`` and ``param_choices``."""

    cast: tuple[str, ...]
    role_names: list[str]
    role_rows: np.ndarray
    roles: np.ndarray
    plots: np.ndarray
    plot_choices: list[tuple[str, tuple[str, ...]]]
    params: np.ndarray
    param_choices: list[Params]


class Sheets(Sequence[Sheet]):
    """The sheets :func:`private_sheets` enumerates, in order: a sequence read off their
    :class:`SheetCodes`, each :class:`Sheet` made when it is read (``keys`` is the order of each sheet's
    role dict: the characters with a counted role, then those with an irregular role)."""

    def __init__(self, codes: SheetCodes, keys: tuple[str, ...]) -> None:
        self.codes = codes
        column = {c: n for n, c in enumerate(codes.cast)}
        self._keys = [(c, column[c]) for c in keys]

    def __len__(self) -> int:
        return len(self.codes.roles)

    @overload
    def __getitem__(self, i: int) -> Sheet: ...

    @overload
    def __getitem__(self, i: slice) -> list[Sheet]: ...

    def __getitem__(self, i: int | slice) -> Sheet | list[Sheet]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = operator.index(i)
        if n < 0:
            n += len(self)
        if not 0 <= n < len(self):
            raise IndexError(i)
        codes = self.codes
        return self._sheet(
            codes.role_rows[codes.roles[n]].tolist(), int(codes.plots[n]), int(codes.params[n])
        )

    def _sheet(self, row: list[int], plot: int, param: int) -> Sheet:
        names = self.codes.role_names
        main, subs = self.codes.plot_choices[plot]
        return Sheet(main, subs, {k: names[row[j]] for k, j in self._keys}, *self.codes.param_choices[param])

    def __iter__(self) -> Iterator[Sheet]:
        codes = self.codes
        rows = codes.role_rows.tolist()
        columns = (codes.roles.tolist(), codes.plots.tolist(), codes.params.tolist())
        for r, plot, param in zip(*columns, strict=True):
            yield self._sheet(rows[r], plot, param)


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
        **{f: getattr(sheet, f) for f in PARAM_FIELDS},
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


def _arrangements(counts: Sequence[int]) -> np.ndarray:
    """Every arrangement of a multiset (``counts[k]`` copies of kind ``k``) as rows of kinds, in
    lexicographic order, built a position at a time for all rows at once.

    >>> _arrangements([2, 1]).tolist()
    [[0, 0, 1], [0, 1, 0], [1, 0, 0]]
    """
    rows = np.zeros((1, 0), dtype=np.int8)
    left = np.array([list(counts)], dtype=np.int16)
    for _ in range(sum(counts)):
        parents, grown, rest = [], [], []
        for k in range(len(counts)):
            has = np.flatnonzero(left[:, k] > 0)
            if len(has):
                parents.append(has)
                grown.append(np.concatenate([rows[has], np.full((len(has), 1), k, dtype=np.int8)], axis=1))
                after = left[has]
                after[:, k] -= 1
                rest.append(after)
        order = np.argsort(np.concatenate(parents), kind="stable")  # each row's children, in kind order
        rows, left = np.concatenate(grown)[order], np.concatenate(rest)[order]
    return rows


def _first_appearance(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each value's number, the distinct values numbered in order of first appearance, and the index of
    each distinct value's first appearance."""
    _, first, inverse = np.unique(values, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    number = np.empty(len(first), dtype=np.int32)
    number[order] = np.arange(len(first), dtype=np.int32)
    return number[inverse.reshape(-1)], first[order]


def _parameters(public: Script, content: Content) -> list[Params]:
    """Every choice of the character parameters the cast calls for (validated later): (Godly Being's
    entry loop, Boss's turf, Henchman's start, the Transfer Student's entry day), ``None`` where the cast
    has no such character."""
    traits = {t for c in public.cast for t in content.characters[c].traits}
    loops: list[int | None] = list(range(1, public.loops + 1)) if "enters_on_loop" in traits else [None]
    turfs: list[Location | None] = list(Location) if "turf" in traits else [None]
    starts: list[Location | None] = list(Location) if "start_chosen" in traits else [None]
    days: list[int | None] = list(range(1, public.days + 1)) if "enters_on_day" in traits else [None]
    return list(itertools.product(loops, turfs, starts, days))


def _plot_ranges(content: Content, main: str, subs: tuple[str, ...]) -> dict[str, list[int]]:
    """Each role the plots give, with its summed (least, most) count, capped by the role's
    ``max_count`` as the validator caps it (Circle of Friends with An Unsettling Rumor holds one
    Conspiracy Theorist, not two)."""
    plots = [content.plots[main], *(content.plots[s] for s in subs)]
    named = dict.fromkeys(role for p in plots for role in p.roles)
    return {role: list(role_range(plots, content.roles[role])) for role in named}


def _proposals(
    public: Script, content: Content, slots: int
) -> list[tuple[str, tuple[str, ...], list[str], list[dict[str, int]]]]:
    """What the enumeration proposes to the validator, per plot combination of the set: the main plot,
    the subplots, the roles a character with an irregular role may take, and every count of roles the
    plots' ranges allow on ``slots`` counted characters (:func:`sheet_bound` counts the same)."""
    tset = content.sets[public.set_id]
    out = []
    for main, subs in tset.plot_choices():
        ranges = _plot_ranges(content, main, subs)
        free = [r for r in tset.roles if r != "person" and r not in ranges] or ["person"]
        counts = list(_multisets([(r, lo, hi) for r, (lo, hi) in sorted(ranges.items())], slots))
        out.append((main, subs, free, counts))
    return out


def sheet_bound(public: Script, content: Content | None = None) -> int:
    """How many sheets :func:`private_sheets` proposes to the validator on ``public``: an upper bound on
    their number, counted (multinomials, no sheet made), so that it is cheap on any script.

    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> public = load_script(SCRIPTS_DIR / "btx_03_sealed_lantern.yaml")
    >>> f"{sheet_bound(public):,}"
    '2,116,638,720'
    """
    content = content if content is not None else load_content()
    irregular = _uncounted(public, content)
    slots = len(public.cast) - len(irregular)
    per_choice = len(_parameters(public, content))
    total = 0
    for _main, _subs, free, all_counts in _proposals(public, content, slots):
        extra = math.prod(len(_extra_roles(c, free, public, content)) for c in irregular)
        for counts in all_counts:
            ways = math.factorial(slots) // math.factorial(slots - sum(counts.values()))
            for n in counts.values():
                ways //= math.factorial(n)
            total += ways * extra * per_choice
    return total


def _uncounted(public: Script, content: Content) -> list[str]:
    """The characters the role counts leave out: an irregular role (the Mystery Boy) or a copied one (the
    Copycat, issue 24)."""
    traits = ("irregular_role", "copies_role")
    return [c for c in public.cast if any(t in content.characters[c].traits for t in traits)]


def _extra_roles(character: str, free: list[str], public: Script, content: Content) -> list[str]:
    """The roles proposed for an uncounted character: the roles no plot names for an irregular one,
    every role of the set for a copy (the validator keeps the copies of a role someone holds)."""
    if "copies_role" in content.characters[character].traits:
        return sorted(content.sets[public.set_id].roles)
    return free


_CACHE: dict[tuple[object, ...], Sheets] = {}


def _sheets_for(public: Script, content: Content, *, share_verdicts: bool = True) -> Sheets:
    """The enumeration behind :func:`private_sheets`; ``share_verdicts=False`` asks the validator about
    every proposal (the reference the tests compare the shared verdicts with).

    For each plot combination and each count of roles the plots allow, every arrangement of the roles
    on the counted characters is a row of a numpy array, in lexicographic order; each irregular-role
    choice (``extras``) and each parameter choice multiplies it. The validator is asked once per class
    of rows (below) × irregular class × parameter choice, and the verdicts are spread over the rows."""
    tset = content.sets[public.set_id]
    cast = public.cast
    irregular = _uncounted(public, content)
    counted = tuple(c for c in cast if c not in irregular)
    params = _parameters(public, content)
    proposals = _proposals(public, content, len(counted))
    combos = [(main, subs) for main, subs, _, _ in proposals]
    proposed = {r for *_, free, all_counts in proposals for r in (*free, *itertools.chain(*all_counts))}
    role_names = sorted(set(content.roles) | set(tset.roles) | {"person"} | proposed)
    code = {r: n for n, r in enumerate(role_names)}
    # The validator sees a character only through its tags and traits: sheets that differ by a
    # permutation of roles among characters with the same tags and traits get the same verdict, so it is
    # asked once per class (its own rules are not restated here).
    kind_of = {
        c: (tuple(sorted(content.characters[c].tags)), tuple(sorted(content.characters[c].traits)))
        for c in cast
    }
    kinds = list(dict.fromkeys(kind_of.values()))
    position = {c: n for n, c in enumerate(counted)}
    classes = [g for k in kinds if len(g := [position[c] for c in counted if kind_of[c] == k]) > 1]
    alone = [position[c] for c in counted if sum(kind_of[c] == kind_of[d] for d in counted) == 1]
    irregular_classes = [tuple(c for c in irregular if kind_of[c] == k) for k in kinds]
    counted_columns = [cast.index(c) for c in counted]
    irregular_columns = [cast.index(c) for c in irregular]
    # distinct culprits so the validator judges the sheet alone (culprits are added later)
    culprits = {i.day: cast[k % len(cast)] for k, i in enumerate(public.incidents)}

    def judge(main: str, subs: tuple[str, ...], roles: dict[str, str], par: Params) -> bool:
        sheet = Sheet(main, subs, roles, *par)
        return not script_problems(sheet_script(public, sheet, culprits), content)

    # per count of roles: the rows (role codes of the counted characters), each row's class, a row of
    # each class
    patterns: dict[tuple[tuple[str, int], ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    blocks: list[tuple[np.ndarray, int, np.ndarray]] = []  # (role rows in cast order, combo, parameter)
    for combo_index, (main, subs, free, all_counts) in enumerate(proposals):
        extras = list(itertools.product(*(_extra_roles(c, free, public, content) for c in irregular)))
        extra_codes = np.array([[code[r] for r in e] for e in extras], dtype=np.int16).reshape(
            len(extras), len(irregular)
        )
        extra_class: dict[object, int] = {}
        extra_of = np.array(
            [
                extra_class.setdefault(
                    tuple(tuple(sorted(e[irregular.index(c)] for c in g)) for g in irregular_classes)
                    if share_verdicts
                    else n,
                    len(extra_class),
                )
                for n, e in enumerate(extras)
            ],
            dtype=np.int64,
        )
        # a choice of each class (classes are numbered in order of first appearance)
        extra_rep = [extras[k] for k in np.unique(extra_of, return_index=True)[1].tolist()]
        for counts in all_counts:
            pattern = tuple(sorted(counts.items()))
            hit = patterns.get(pattern)
            if hit is None:
                # the roles by name, then the Persons (a plot's own "person" count joins the rest)
                named = [(r, n) for r, n in pattern if r != "person"]
                kinds_here = [r for r, _ in named] + ["person"]
                persons = len(counted) - sum(n for _, n in named)
                arranged = _arrangements([n for _, n in named] + [persons])
                rows = np.array([code[k] for k in kinds_here], dtype=np.int16)[arranged]
                if share_verdicts:
                    key = np.concatenate(
                        [rows[:, alone], *(np.sort(rows[:, g], axis=1) for g in classes)], axis=1
                    )
                    _, reps, row_class = np.unique(key, axis=0, return_index=True, return_inverse=True)
                    row_class = row_class.reshape(-1)
                else:
                    reps = row_class = np.arange(len(rows))
                hit = patterns[pattern] = (rows, row_class, reps)
            rows, row_class, reps = hit
            verdict = np.zeros((len(reps), len(extra_rep), len(params)), dtype=bool)
            for k, rep in enumerate(reps.tolist()):
                given = {c: role_names[v] for c, v in zip(counted, rows[rep].tolist(), strict=True)}
                for j, extra in enumerate(extra_rep):
                    roles = {**given, **dict(zip(irregular, extra, strict=True))}
                    for n, par in enumerate(params):
                        verdict[k, j, n] = judge(main, subs, roles, par)
            ok = verdict[row_class][:, extra_of, :]  # rows × extras × parameters, in the sheets' order
            at_row, at_extra, at_param = np.nonzero(ok)
            if not len(at_row):
                continue
            block = np.empty((len(at_row), len(cast)), dtype=np.int16)
            block[:, counted_columns] = rows[at_row]
            block[:, irregular_columns] = extra_codes[at_extra]
            blocks.append((block, combo_index, at_param))
    full = np.concatenate([b[0] for b in blocks]) if blocks else np.zeros((0, len(cast)), dtype=np.int16)
    combo_of = np.concatenate([np.full(len(b[0]), b[1], dtype=np.int32) for b in blocks]) if blocks else (
        np.zeros(0, dtype=np.int32)
    )
    param_of = np.concatenate([b[2] for b in blocks]) if blocks else np.zeros(0, dtype=np.int64)
    # number the role rows, plots and parameters in order of first appearance
    if len(role_names) ** len(cast) < 2**62:  # a row as one integer
        weights = np.array([len(role_names) ** k for k in range(len(cast))], dtype=np.int64)
        row_key: np.ndarray = full.astype(np.int64) @ weights
    else:
        row_key = np.unique(full, axis=0, return_inverse=True)[1].reshape(-1)
    role_of, first = _first_appearance(row_key)
    plots, plot_first = _first_appearance(combo_of)
    param_numbers, param_first = _first_appearance(param_of)
    codes = SheetCodes(
        cast=cast,
        role_names=role_names,
        role_rows=full[first],
        roles=role_of,
        plots=plots,
        plot_choices=[combos[k] for k in combo_of[plot_first].tolist()],
        params=param_numbers,
        param_choices=[params[k] for k in param_of[param_first].tolist()],
    )
    return Sheets(codes, (*counted, *irregular))


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
