"""The deduction's results: the consistent candidates, their weights, the distributions over
roles, culprits and plots, and the eliminations.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from rulesengine.errors import InputError
from rulesengine.looper.deduction import advice
from rulesengine.looper.deduction.hidden import _Table
from rulesengine.looper.deduction.record import PublicRecord
from rulesengine.looper.deduction.sheets import Sheet, params_of
from rulesengine.looper.deduction.text import message
from rulesengine.looper.rules.actions import Action
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import Script

__all__ = ["Candidate", "Deduction"]


@dataclass(frozen=True)
class Candidate:
    """One whole private sheet: a culprit-free :class:`Sheet` and the culprit of every incident day."""

    sheet: Sheet
    culprits: tuple[tuple[int, str], ...]


@dataclass
class Deduction:
    """The deduction from one public record: consistent candidates, their weights and the eliminations."""

    record: PublicRecord
    consistent: Sequence[Candidate]
    weights: Sequence[Fraction]
    weighting: str
    eliminated: Sequence[dict[str, Any]] = field(default_factory=list)  # (a counted one: cut when read)
    total: int = 0
    witnesses: Sequence[Game] = field(default_factory=list, repr=False)
    replayed: int = 0
    steps: int = 0
    found: _Found | None = field(default=None, repr=False)
    #: where a deduction from a longer record of the same game can go on from (``deduce(…, after=this)``)
    resumable: object | None = field(default=None, repr=False, compare=False)

    @property
    def candidates(self) -> int:
        """How many candidates are still consistent."""
        return len(self.consistent)

    @property
    def roles(self) -> dict[str, dict[str, Fraction]]:
        """For each character, the probability of each role it may have."""
        if self.found is not None:
            return self.found.roles()
        out: dict[str, dict[str, Fraction]] = {c: defaultdict(Fraction) for c in self.record.sheet.cast}
        for cand, w in zip(self.consistent, self.weights, strict=True):
            for c, r in cand.sheet.roles.items():
                out[c][r] += w
        return {c: dict(sorted(d.items())) for c, d in out.items()}

    @property
    def culprits(self) -> dict[int, dict[str, Fraction]]:
        """For each incident day, the probability of each culprit."""
        out: dict[int, dict[str, Fraction]] = {
            d: defaultdict(Fraction) for d, _ in self.record.sheet.incidents
        }
        if self.found is not None:
            for d, c, w in self.found.culprits():
                out[d][c] += w
        else:
            for cand, w in zip(self.consistent, self.weights, strict=True):
                for d, c in cand.culprits:
                    out[d][c] += w
        return {d: dict(sorted(v.items())) for d, v in out.items()}

    @property
    def plots(self) -> dict[str, Fraction]:
        """The probability of each plot (main plot or subplot) being in the script."""
        out: dict[str, Fraction] = defaultdict(Fraction)
        if self.found is not None:
            for plots, w in self.found.plots():
                for p in plots:
                    out[p] += w
        else:
            for cand, w in zip(self.consistent, self.weights, strict=True):
                for p in (cand.sheet.main_plot, *cand.sheet.subplots):
                    out[p] += w
        return dict(sorted(out.items()))

    def _assignment_mass(self) -> dict[tuple[tuple[str, str], ...], Fraction]:
        mass: dict[tuple[tuple[str, str], ...], Fraction] = defaultdict(Fraction)
        if self.found is not None:
            mass.update(self.found.assignments())
        else:
            for cand, w in zip(self.consistent, self.weights, strict=True):
                mass[tuple(sorted(cand.sheet.roles.items()))] += w
        return mass

    def best_guess(self) -> tuple[dict[str, str], Fraction]:
        """The final-guess advisor (TL-FG3): the most likely role assignment and its probability (of
        several equally likely ones, the first of :meth:`best_guesses`)."""
        guesses, p = self.best_guesses()
        return (guesses[0], p) if guesses else ({}, Fraction(0))

    def best_guesses(self) -> tuple[list[dict[str, str]], Fraction]:
        """Every most likely role assignment (the ties, sorted by character and role) and the probability
        of each: a player choosing among them at random is right with that probability whatever the
        script, where always naming the first can be wrong every time on the same script."""
        if self.found is not None:
            return self.found.best_guesses()
        return advice.best_guesses(self._assignment_mass())

    @property
    def entropy_bits(self) -> float:
        """The entropy left over the consistent candidates, in bits: ``log2`` of their number under the
        uniform weighting (a float, the measure of a chart; 0 when one candidate or none is left)."""
        if self.found is not None:
            return self.found.entropy_bits()
        return -sum(float(w) * math.log2(float(w)) for w in self.weights if w)

    @property
    def certain_roles(self) -> dict[str, str]:
        """The characters whose role every consistent candidate agrees on, with that role."""
        return {c: next(iter(d)) for c, d in self.roles.items() if len(d) == 1}

    def probability_of(self, script: Script) -> Fraction:
        """The probability given to ``script``'s whole private sheet (plots, roles, parameters and
        culprits; 0 when the record rules it out): when the truth is known, e.g. a replay of one's own
        recorded game."""
        if self.found is not None:
            return self.found.probability_of(script)
        culprits = tuple(sorted((i.day, i.culprit) for i in script.incidents))
        for cand, w in zip(self.consistent, self.weights, strict=True):
            sheet = cand.sheet
            if (
                sheet.main_plot == script.main_plot
                and set(sheet.subplots) == set(script.subplots)
                and dict(sheet.roles) == {c: script.role_of(c) for c in sheet.roles}
                and params_of(sheet) == params_of(script)
                and tuple(sorted(cand.culprits)) == culprits
            ):
                return w
        return Fraction(0)

    def as_dict(self, language: str = "en", truth: Script | None = None) -> dict[str, Any]:
        """The JSON form of ``looper deduce --json`` (DESIGN.md); fractions as ``"n/d"`` strings. The
        measures (issue 23): ``entropy_bits`` (rounded to 6 places), ``certain_roles`` and, when the
        ``truth`` is given, ``true_script_probability``."""
        guess, p = self.best_guess()
        measures: dict[str, Any] = {
            "entropy_bits": round(self.entropy_bits, 6),
            "certain_roles": self.certain_roles,
        }
        if truth is not None:
            measures["true_script_probability"] = str(self.probability_of(truth))
        return measures | {
            "candidates": self.candidates,
            "weighting": self.weighting,
            "roles": {c: {r: str(f) for r, f in d.items()} for c, d in self.roles.items()},
            "culprits": {str(d): {c: str(f) for c, f in v.items()} for d, v in self.culprits.items()},
            "plots": {k: str(v) for k, v in self.plots.items()},
            "best_guess": {
                "roles": guess,
                "probability": str(p),
                "answers": {c: str(self.roles[c].get(r, Fraction(0))) for c, r in guess.items()},
            },
            "eliminated": [
                {**e, "why": message(e["why_id"], language, **e["why_fields"])} for e in self.eliminated
            ],
            "next": [
                {
                    "action": m["action"],
                    "expected_bits": m["expected_bits"],
                    "outcomes": m["outcomes"],
                    "sampled": m["sampled"],
                    "why": message(
                        "looper.deduce.next", language, outcomes=m["outcomes"], sampled=m["sampled"]
                    ),
                }
                for m in self.next_moves()
            ],
        }

    def next_moves(self, limit: int = 5, sample: int = 24) -> list[dict[str, Any]]:
        """The Protagonists' options at their next decision ranked by expected information (bits), played
        on from the consistent candidates' witness games: :func:`.advice.next_moves` (how, and what
        ``limit`` and ``sample`` bound)."""
        return advice.next_moves(self.witnesses, self.weights, self.record.waiting, limit, sample)


History = tuple[tuple[str, Action], ...]


def _culprit_reveal(
    record: PublicRecord, n_sheets: int, every: int, kept: int,
    removed: dict[int, int], reason: dict[int, tuple[str, dict[str, Any]]],
) -> None:
    """A revealed culprit removes, at its event, every culprit assignment naming another (``every`` the
    assignments in all, ``kept`` those agreeing with the reveals), for each of the ``n_sheets``."""
    at = [i for i, e in enumerate(record.events) if e["kind"] == "culprit_revealed"]
    if at:
        i, e = at[0], record.events[at[0]]
        removed[i] += n_sheets * (every - kept)
        reason[i] = ("looper.deduce.culprit_revealed", {"day": e["incident_day"], "character": e["culprit"]})


def _eliminations(
    record: PublicRecord, removed: Mapping[int, int], reason: Mapping[int, tuple[str, dict[str, Any]]]
) -> list[dict[str, Any]]:
    """The eliminations in the order of the record: for each event index that removed candidates, how
    many and why (the filter's message, else the event's; past the record: the end)."""
    out = []
    for i in sorted(removed):
        if not removed[i]:
            continue
        if i < len(record.events):
            e = record.events[i]
            why_id, fields = reason.get(i, ("looper.deduce.event", {}))
            if why_id == "looper.deduce.event":
                fields = {"kind": e["kind"], "loop": e["loop"], "day": e["day"]}
            out.append(
                {"event": i, "kind": e["kind"], "removed": removed[i], "why_id": why_id, "why_fields": fields}
            )
        else:
            end = {"why_id": "looper.deduce.end", "why_fields": {}}
            out.append({"event": i, "kind": "end", "removed": removed[i], **end})
    return out


class _Found:
    """The consistent candidates, kept as the tree found them: groups of rows (sheets) with the culprit
    assignments consistent for every row of the group (and one branch's decisions for each). They are
    counted and summed by group and by plot combination (numpy, exact integer counts times exact
    :class:`~fractions.Fraction` weights), and listed only when asked, in the order of one replay per
    sheet: sheet by sheet, each sheet's culprit assignments in order."""

    def __init__(
        self,
        sheets: Sequence[Sheet],
        table: _Table,
        combos: list[tuple[tuple[int, str], ...]],
        groups: list[tuple[np.ndarray, list[int], list[History]]],
        prior: Mapping[str, Fraction | int] | None,
    ) -> None:
        self.sheets = sheets
        self.table = table
        self.combos = combos
        self.groups = groups
        n = len(sheets)
        self.group_of = np.full(n, -1, dtype=np.int64)
        self.n_ok = np.zeros(n, dtype=np.int64)
        for g, (rows, ok, _) in enumerate(groups):
            self.group_of[rows] = g
            self.n_ok[rows] = len(ok)
        self.rows = np.flatnonzero(self.n_ok)
        self.ends = np.cumsum(self.n_ok[self.rows])
        self.count = int(self.ends[-1]) if len(self.rows) else 0
        # a candidate weighs the product of its plots' prior weights: one weight per plot combination
        self.combo_weight = [
            math.prod((Fraction(prior.get(p, 1)) for p in (main, *subs)), start=Fraction(1))
            if prior is not None
            else Fraction(1)
            for main, subs in table.combos
        ]
        per_combo = self._sum_by(table.combo, len(table.combos))
        self.total_weight = sum(
            (w * int(c) for w, c in zip(self.combo_weight, per_combo, strict=True)), Fraction(0)
        )
        if self.count and self.total_weight == 0:
            raise InputError("prior", "every consistent candidate has weight 0")

    def _sum_by(self, key: np.ndarray, size: int, rows: np.ndarray | None = None) -> np.ndarray:
        """For each value of the per-row ``key`` (0..size-1), the number of consistent candidates of the
        rows with it (exact integers: a bincount of the rows per count of consistent assignments)."""
        rows = self.rows if rows is None else rows
        n_ok = self.n_ok[rows]
        out = np.zeros(size, dtype=np.int64)
        for v in np.unique(n_ok).tolist():
            out += v * np.bincount(key[rows[n_ok == v]], minlength=size).astype(np.int64)
        return out

    def locate(self, i: int) -> tuple[int, int, int]:
        """The row, its group and the index in the group's consistent assignments of candidate ``i``."""
        if not 0 <= i < self.count:
            raise IndexError(i)
        p = int(np.searchsorted(self.ends, i, side="right"))
        row = int(self.rows[p])
        return row, int(self.group_of[row]), i - (int(self.ends[p - 1]) if p else 0)

    def candidate(self, i: int) -> Candidate:
        row, g, j = self.locate(i)
        return Candidate(self.sheets[row], self.combos[self.groups[g][1][j]])

    def entry(self, i: int) -> tuple[Sheet, tuple[tuple[int, str], ...], History]:
        """Candidate ``i``'s sheet, culprits and the decisions of the branch that found it."""
        row, g, j = self.locate(i)
        _, ok, histories = self.groups[g]
        return self.sheets[row], self.combos[ok[j]], histories[j]

    def weight(self, i: int) -> Fraction:
        row, _, _ = self.locate(i)
        return self.combo_weight[int(self.table.combo[row])] / self.total_weight

    def __iter__(self) -> Iterator[Candidate]:
        sheets, combos, groups, group_of = self.sheets, self.combos, self.groups, self.group_of
        for row in self.rows.tolist():
            sheet = sheets[row]
            for m in groups[int(group_of[row])][1]:
                yield Candidate(sheet, combos[m])

    def _combo_mass(self, key: np.ndarray, size: int) -> dict[int, Fraction]:
        """The probability of each value of a per-row ``key``: counts per (key, plot combination) times
        the combination's weight, normalised."""
        n_combos = len(self.table.combos)
        counts = self._sum_by(key.astype(np.int64) * n_combos + self.table.combo, size * n_combos)
        out: dict[int, Fraction] = defaultdict(Fraction)
        for k in np.flatnonzero(counts).tolist():
            out[k // n_combos] += self.combo_weight[k % n_combos] * int(counts[k]) / self.total_weight
        return out

    def roles(self) -> dict[str, dict[str, Fraction]]:
        table = self.table
        out: dict[str, dict[str, Fraction]] = {}
        for c in table.cast:
            mass = self._combo_mass(table.column(("role", c))[0], len(table.role_names))
            out[c] = dict(sorted((table.role_names[r], w) for r, w in mass.items()))
        return out

    def plots(self) -> Iterator[tuple[tuple[str, ...], Fraction]]:
        per_combo = self._sum_by(self.table.combo, len(self.table.combos))
        for (main, subs), w, c in zip(self.table.combos, self.combo_weight, per_combo.tolist(), strict=True):
            if c:
                yield (main, *subs), w * c / self.total_weight

    def culprits(self) -> Iterator[tuple[int, str, Fraction]]:
        n_combos = len(self.table.combos)
        for rows, ok, _ in self.groups:
            per_combo = np.bincount(self.table.combo[rows], minlength=n_combos).tolist()
            w = sum((self.combo_weight[k] * c for k, c in enumerate(per_combo) if c), Fraction(0))
            w /= self.total_weight
            for day_culprit, times in Counter(dc for m in ok for dc in self.combos[m]).items():
                yield day_culprit[0], day_culprit[1], w * times

    def best_guesses(self) -> tuple[list[dict[str, str]], Fraction]:
        return advice.best_guesses(self.assignments())

    def weights(self) -> Iterator[Fraction]:
        """Each candidate's probability, in order (by row: a row's candidates share its weight)."""
        weight, combo, total = self.combo_weight, self.table.combo, self.total_weight
        for row, n in zip(self.rows.tolist(), self.n_ok[self.rows].tolist(), strict=True):
            w = weight[int(combo[row])] / total
            for _ in range(n):
                yield w

    def entropy_bits(self) -> float:
        """The entropy of the candidates' weights, in bits (per plot combination: its candidates share a
        weight)."""
        per_combo = self._sum_by(self.table.combo, len(self.table.combos))
        h = 0.0
        for w, n in zip(self.combo_weight, per_combo.tolist(), strict=True):
            p = float(w / self.total_weight) if self.total_weight else 0.0
            if n and p:
                h -= n * p * math.log2(p)
        return h

    def probability_of(self, script: Script) -> Fraction:
        """The weight of ``script``'s candidate (0 when it is not consistent)."""
        t = self.table
        try:
            combo = next(
                n for n, (m, subs) in enumerate(t.combos)
                if m == script.main_plot and set(subs) == set(script.subplots)
            )
            param = t.params.index(params_of(script))
        except (StopIteration, ValueError):
            return Fraction(0)
        hit = (t.combo == combo) & (t.param == param) & (self.n_ok > 0)
        for c in t.cast:
            codes, names = t.column(("role", c))
            role = script.role_of(c)
            if role not in names:
                return Fraction(0)
            hit &= codes == names.index(role)
        culprits = tuple(sorted((i.day, i.culprit) for i in script.incidents))
        for row in np.flatnonzero(hit).tolist():
            for m in self.groups[int(self.group_of[row])][1]:
                if tuple(sorted(self.combos[m])) == culprits:
                    return self.combo_weight[combo] / self.total_weight
        return Fraction(0)

    def assignments(self) -> dict[tuple[tuple[str, str], ...], Fraction]:
        """The probability of each whole role assignment (the sheets' role dicts, by value)."""
        table = self.table  # (its role rows are distinct assignments)
        mass = self._combo_mass(table.row_of, len(table.role_rows))
        cast, names = list(table.cast), table.role_names
        return {
            tuple(sorted(zip(cast, (names[k] for k in table.role_rows[row].tolist()), strict=True))): w
            for row, w in mass.items()
        }


class _FoundCandidates(Sequence[Candidate]):
    """The consistent candidates, listed when asked (see :class:`_Found`)."""

    def __init__(self, found: _Found) -> None:
        self.found = found

    def __len__(self) -> int:
        return self.found.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self.found.candidate(j) for j in range(*i.indices(len(self)))]
        return self.found.candidate(i + len(self) if i < 0 else i)

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.found)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} consistent candidates>"


class _FoundWeights(Sequence[Fraction]):
    """Each consistent candidate's probability, in the order of :class:`_FoundCandidates`."""

    def __init__(self, found: _Found) -> None:
        self.found = found

    def __len__(self) -> int:
        return self.found.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self.found.weight(j) for j in range(*i.indices(len(self)))]
        return self.found.weight(i + len(self) if i < 0 else i)

    def __iter__(self) -> Iterator[Fraction]:
        return self.found.weights()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} weights>"
