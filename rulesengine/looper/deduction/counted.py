"""The counted deduction: the tree search over boxes of the factored space, its candidates counted.

The search is the one of :mod:`~rulesengine.looper.deduction.search` (the engine as the model, hidden
facts bound when the engine reads them, a branch stopped at its first public event off the record,
branches joined at each day's start); only its nodes differ. A node here is a list of
:class:`~rulesengine.looper.deduction.space.Box` es — partial sheets: the facts the engine read, each
other factor left open — and a question is answered by asking whether each answer still has a sheet
(:meth:`Space.parts`), never by reading a list of sheets. At the end every leaf is a set of boxes times
its culprit sets, and the candidates are counted: the leaves are made disjoint (best leaf first, each
box minus the boxes met before it, :func:`_minus`) and each disjoint piece is counted exactly
(:meth:`Space.count` times :func:`count_culprits`). The eliminations are the same counts at each
threshold of "how far the best leaf holding a candidate followed the record".

Results are those of the enumerated deduction (``deduce_enumerated``, kept as the reference): the same
candidate count, distributions, best guesses and eliminations, on every script it can list (a test
over many games).
"""

from __future__ import annotations

import heapq
import itertools
import math
import operator
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from rulesengine.errors import InputError
from rulesengine.looper.deduction.filters import Condition, _conditions
from rulesengine.looper.deduction.hidden import HIDE, _common_facts, _Fork
from rulesengine.looper.deduction.record import PublicRecord, _revealed_culprits
from rulesengine.looper.deduction.results import (
    Candidate,
    Deduction,
    History,
    _culprit_reveal,
    _eliminations,
    _FoundCandidates,
    _FoundWeights,
)
from rulesengine.looper.deduction.search import _OK, _Tree, _TreeLeaf, _Witnesses
from rulesengine.looper.deduction.sheets import Sheet, params_of
from rulesengine.looper.deduction.space import Box, Space, _assignments, count_culprits
from rulesengine.looper.rules.content import Content, load_content
from rulesengine.looper.rules.script import Script

__all__ = ["deduce", "deduce_counted"]


class _BoxNode:
    """A set of sheets as boxes of the space, with the answers they share (``facts``)."""

    __slots__ = ("_parts", "boxes", "facts", "path", "space")

    def __init__(self, space: Space, boxes: list[Box], facts: dict[object, object], path: tuple[object, ...]):
        self.space = space
        self.boxes = boxes
        self.facts = facts
        self.path = path
        self._parts: tuple[object, dict[object, list[Box]]] | None = None

    def _answers(self, key: tuple[object, ...]) -> dict[object, list[Box]]:
        if self._parts is not None and self._parts[0] == key:
            return self._parts[1]
        by: dict[object, list[Box]] = {}
        for box in self.boxes:
            for v, part in self.space.parts(box, key):
                by.setdefault(v, []).append(part)
        self._parts = (key, by)
        return by

    def answer(self, key: tuple[object, ...]) -> Any:
        """The common answer of the node's sheets to ``key``, or a :class:`_Fork`."""
        by = self._answers(key)
        if len(by) != 1:
            if not by:  # (no sheet at all: cannot happen for a node of the tree)
                raise RuntimeError(f"a node of the deduction holds no sheet ({key!r})")
            raise _Fork(key)
        return next(iter(by))

    def split(self, fork: _Fork) -> list[_BoxNode]:
        """The parts of this node by their answer to ``fork``'s question."""
        return [
            _BoxNode(self.space, boxes, {**self.facts, fork.key: v}, (*self.path, (fork.key, v)))
            for v, boxes in self._answers(fork.key).items()
        ]


def _normal(boxes: list[Box]) -> list[Box]:
    """The same set with fewer boxes: boxes that differ in one factor only made one (grouped by the
    other factors, factor by factor, until nothing joins), then — for a few boxes — a box inside
    another dropped."""
    coords = _joined([_coords(b) for b in boxes])
    out = [Box(c[0], c[1], tuple(c[2:])) for c in coords]
    if 1 < len(out) <= 16:
        out.sort(key=lambda b: -sum(x.bit_count() for x in _coords(b)))
        kept: list[Box] = []
        for b in out:
            if not any(b <= o for o in kept):
                kept.append(b)
        out = kept
    return out


def _joined(items: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Products of masks (a box, with or without its culprit sets) with the same union, fewer: those
    that differ in one factor only made one, factor by factor until nothing joins. Exact whatever
    constraint the counting adds across factors (the union of two products that differ in one factor is
    the product of the union), and disjoint products stay disjoint from the rest."""
    coords = list(dict.fromkeys(items))
    width = len(coords[0]) if coords else 0
    n = unchanged = 0
    # (factor by factor, round and round, until every factor in a row has joined nothing: the fixed point
    # that full passes reach, by the same steps, without a last whole pass to find it)
    while unchanged < width and len(coords) > 1:
        first = coords[0][n]
        if all(c[n] == first for c in coords):  # (one value: the other factors differ, nothing joins)
            unchanged += 1
            n = (n + 1) % width
            continue
        by: dict[tuple[int, ...], int] = {}
        for c in coords:
            rest = c[:n] + c[n + 1 :]
            by[rest] = by.get(rest, 0) | c[n]
        if len(by) < len(coords):
            coords = [(*rest[:n], v, *rest[n:]) for rest, v in by.items()]
            unchanged = 1  # (joining again by this factor would join nothing more)
        else:
            unchanged += 1
        n = (n + 1) % width
    return coords


def _coords(b: Box) -> tuple[int, ...]:
    return (b.combos, b.params, *b.roles)


def _disjoint(boxes: Sequence[Box]) -> list[Box]:
    """Disjoint boxes with the same union."""
    out: list[tuple[int, ...]] = []
    for b in boxes:
        pieces = [_coords(b)]
        for o in out:
            pieces = [q for p in pieces for q in _minus(p, o)]
            if not pieces:
                break
        out.extend(pieces)
    return [Box(c[0], c[1], tuple(c[2:])) for c in out]


def _minus(p: tuple[int, ...], a: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The box ``p`` minus the box ``a``, as disjoint boxes (each a tuple of factor masks)."""
    for x, y in zip(p, a, strict=True):
        if not x & y:
            return [p]
    out = []
    cur = list(p)
    for n, y in enumerate(a):
        outside = cur[n] & ~y
        if outside:
            piece = cur.copy()
            piece[n] = outside
            out.append(tuple(piece))
            cur[n] &= y
    return out


class _Snapshot:
    """The branches of a counted tree at the start of a day (``at``: loop, day, events matched, decisions
    taken), as :meth:`_CountedTree._checkpoint` kept them, with how many leaves and branches stopped for
    want of decisions there were before them."""

    __slots__ = ("at", "entries", "n_leaves", "ran_out")

    def __init__(self, at: tuple[int, int, int, int], n_leaves: int, ran_out: int) -> None:
        self.at = at
        self.n_leaves = n_leaves
        self.ran_out = ran_out
        self.entries: list[tuple[Any, Any]] = []


class _CountedTree(_Tree):
    """The tree search with nodes of boxes (see the module's docstring)."""

    def __init__(self, record: PublicRecord, space: Space, roots: list[Box], content: Content, frame: Script):
        super().__init__(record, None, content, frame)  # type: ignore[arg-type]
        self.space = space
        self.root_boxes = roots
        self.ok_boxes: dict[
            tuple[tuple[int, tuple[str, ...]], ...], tuple[dict[int, frozenset[str]], list[Box]]
        ] = {}
        self.snapshot: _Snapshot | None = None
        self._ok_pieces: dict[tuple[tuple[int, tuple[str, ...]], ...], _Pieces] = {}  # (ok_boxes, as arrays)

    def _roots(self) -> Iterator[tuple[tuple[Any, ...], Any]]:
        """One root: the parameters the sheets do not agree on are hidden facts too (asked of the
        boxes when the engine compares or reads them, like the roles), the others given."""
        space = self.space
        if not self.root_boxes:
            return
        chosen = self.root_boxes[0].params
        for b in self.root_boxes[1:]:
            chosen |= b.params
        values = [p for n, p in enumerate(space.params) if chosen >> n & 1]
        params = tuple(
            values[0][f] if all(v[f] == values[0][f] for v in values) else HIDE for f in range(len(values[0]))
        )
        yield params, _BoxNode(space, _normal(list(self.root_boxes)), {}, ("params",))

    def _union(self, nodes: Sequence[Any], path: tuple[object, ...], overlap: bool) -> Any:
        boxes = [b for nd in nodes for b in nd.boxes]
        return _BoxNode(self.space, _normal(boxes), _common_facts(nodes), path)

    def _witnessed(self, node: Any, cs: dict[int, frozenset[str]]) -> None:
        key = tuple(sorted((d, tuple(sorted(v))) for d, v in cs.items()))
        seen = self.ok_boxes.setdefault(key, (cs, []))
        seen[1][:] = _normal(seen[1] + node.boxes)  # (joined: fewer boxes to look through)
        self._ok_pieces.pop(key, None)

    def _checkpoint(self, key: tuple[tuple[int, int, int, int], object], entry: Any) -> None:
        """Keep the branches at the latest day's start (copies of their games) and how many leaves were
        found before it: :meth:`resume` goes on from there with a longer record."""
        at = key[0]
        if self.snapshot is None or self.snapshot.at != at:
            self.snapshot = _Snapshot(at, len(self.leaves), self.ran_out)
        game, node, n_log, i, k, cs = entry
        self.snapshot.entries.append((key, (game.clone(), node, n_log, i, k, cs)))

    def resume(
        self,
        snapshot: _Snapshot,
        leaves: Sequence[_TreeLeaf],
        restrict: Any,
    ) -> list[_TreeLeaf]:
        """The leaves of this tree's record, gone on with from ``snapshot`` (taken by a tree whose record
        this one's extends, see :func:`_resumable`): the leaves found before the snapshot are kept, the
        branches parked there go on against this record. ``restrict`` narrows a list of boxes to the
        filters' conditions this record adds (:func:`_apply`)."""
        self.leaves = []
        for leaf in leaves[: snapshot.n_leaves]:
            old: Any = leaf.node  # (a node of boxes: the counted tree's)
            boxes = restrict(old.boxes)
            if boxes:
                node: Any = _BoxNode(self.space, boxes, old.facts, old.path)
                self.leaves.append(_TreeLeaf(node, leaf.culprits, leaf.reached, leaf.history))
        for key, (game, node, n_log, i, k, cs) in snapshot.entries:
            boxes = restrict(node.boxes)
            if not boxes:
                continue
            g = game.clone()
            facts: Any = g._facts  # (the provider looks ahead in this record: worth_asking)
            facts.events = self.events
            part: Any = _BoxNode(self.space, boxes, node.facts, node.path)
            self.parked.setdefault(key, []).append((g, part, n_log, i, k, cs))
        return self._drain()

    def _covered(self, node: Any, cs: dict[int, frozenset[str]]) -> bool:
        """Every box of ``node`` lies in one box witnessed with culprit sets holding ``cs`` (a sound
        shortcut: a box covered by several witnessed boxes together is explored again)."""
        witnessed = []
        for key, (w, boxes) in self.ok_boxes.items():
            if all(cs[d] <= w[d] for d in cs):
                table = self._ok_pieces.get(key)
                if table is None:
                    table = self._ok_pieces[key] = _Pieces()
                    for o in boxes:
                        table.add(_coords(o))
                witnessed.append(table)
        if not witnessed:
            return False
        return all(any(t.holds(_coords(b)) for t in witnessed) for b in node.boxes)


# ------------------------------------------------------------------------------------- the results

Piece = tuple[int, ...]  # (combos, params, role masks…, culprit masks…)


class _Counted:
    """The consistent candidates as disjoint pieces (box × culprit sets), each with the decisions of the
    branch that found it; counted, summed and listed by the space (see the module's docstring)."""

    def __init__(
        self,
        space: Space,
        days: list[int],
        pieces: list[tuple[Piece, History]],
        prior: Mapping[str, Fraction | int] | None,
    ) -> None:
        self.space = space
        self.days = days
        n = len(space.cast)
        self.pieces = [(Box(p[0], p[1], tuple(p[2 : 2 + n])), tuple(p[2 + n :]), h) for p, h in pieces]
        self.combo_weight = [
            math.prod((Fraction(prior.get(p, 1)) for p in (k.main, *k.subplots)), start=Fraction(1))
            if prior is not None
            else Fraction(1)
            for k in space.combos
        ]
        # per piece: (combination, role assignments) and the factor of the parameters and culprits
        self.counts = [list(space.combo_counts(b)) for b, _, _ in self.pieces]
        self.factor = [b.params.bit_count() * count_culprits(cm) for b, cm, _ in self.pieces]
        self.sizes = [f * sum(c for _, c in cc) for f, cc in zip(self.factor, self.counts, strict=True)]
        self.ends = list(itertools.accumulate(self.sizes))
        self.count = self.ends[-1] if self.ends else 0
        self.total_weight = sum(
            (
                f * sum((self.combo_weight[k] * c for k, c in cc), Fraction(0))
                for f, cc in zip(self.factor, self.counts, strict=True)
            ),
            Fraction(0),
        )
        if self.count and self.total_weight == 0:
            raise InputError("prior", "every consistent candidate has weight 0")
        self._roles: dict[str, dict[str, Fraction]] | None = None

    # ------------------------------------------------------------- distributions
    def _mass(self, box: Box, factor: int, combos: Sequence[tuple[int, int]] | None = None) -> Fraction:
        cc = combos if combos is not None else self.space.combo_counts(box)
        return factor * sum((self.combo_weight[k] * c for k, c in cc), Fraction(0))

    def roles(self) -> dict[str, dict[str, Fraction]]:
        """Each character's role distribution (computed once: ``Deduction.roles`` is read often, a copy
        each time)."""
        if self._roles is None:
            self._roles = self._role_distributions()
        return {c: dict(d) for c, d in self._roles.items()}

    def _role_distributions(self) -> dict[str, dict[str, Fraction]]:
        """Each character's role distribution: the pieces' sheets by the role each character holds, all
        the characters' counts of a piece in one pass (:meth:`Space.role_counts`)."""
        space = self.space
        mass: list[dict[int, Fraction]] = [defaultdict(Fraction) for _ in space.cast]
        for (box, _, _), f in zip(self.pieces, self.factor, strict=True):
            for combos, counts in space.role_counts(box):
                w = f * sum((self.combo_weight[k] for k in combos), Fraction(0))
                for n, by in enumerate(counts):
                    for b, c in by.items():
                        mass[n][b] += w * c
        names = space.role_names
        total = self.total_weight
        return {
            c: {names[b]: m / total for b, m in sorted(mass[n].items(), key=lambda bm: names[bm[0]])}
            for n, c in enumerate(space.cast)
        }

    def plots(self) -> Iterator[tuple[tuple[str, ...], Fraction]]:
        per: dict[int, Fraction] = defaultdict(Fraction)
        for f, cc in zip(self.factor, self.counts, strict=True):
            for k, c in cc:
                per[k] += f * c * self.combo_weight[k]
        for k in sorted(per):
            if per[k]:
                combo = self.space.combos[k]
                yield (combo.main, *combo.subplots), per[k] / self.total_weight

    def culprits(self) -> Iterator[tuple[int, str, Fraction]]:
        cast = self.space.cast
        for (box, cm, _), cc in zip(self.pieces, self.counts, strict=True):
            roles = self._mass(box, box.params.bit_count(), cc)
            for j, d in enumerate(self.days):
                for x, name in enumerate(cast):
                    if cm[j] >> x & 1:
                        ways = count_culprits((*cm[:j], 1 << x, *cm[j + 1 :]))
                        if ways:
                            yield d, name, roles * ways / self.total_weight

    def entropy_bits(self) -> float:
        """The entropy left over the candidates, in bits (a float: the measure of a chart)."""
        per: dict[int, int] = defaultdict(int)
        for f, cc in zip(self.factor, self.counts, strict=True):
            for k, c in cc:
                per[k] += f * c
        h = 0.0
        for k, n in per.items():
            p = self.combo_weight[k] / self.total_weight
            if n and p:
                h -= n * float(p) * math.log2(float(p))
        return h

    def probability_of(self, script: Script) -> Fraction:
        """The probability the deduction gives to ``script``'s whole private sheet (0 if ruled out)."""
        space = self.space
        try:
            combo = next(
                n
                for n, k in enumerate(space.combos)
                if k.main == script.main_plot and set(k.subplots) == set(script.subplots)
            )
            param = space.params.index(params_of(script))
        except (StopIteration, ValueError):
            return Fraction(0)
        roles = [space.bit.get(script.role_of(c)) for c in space.cast]
        culprit = {i.day: i.culprit for i in script.incidents}
        for box, cm, _ in self.pieces:
            if not (box.combos >> combo & 1 and box.params >> param & 1):
                continue
            if any(r is None or not box.roles[n] >> r & 1 for n, r in enumerate(roles)):
                continue
            if all(cm[j] >> space.index[culprit[d]] & 1 for j, d in enumerate(self.days)):
                return self.combo_weight[combo] / self.total_weight
        return Fraction(0)

    # ------------------------------------------------------------- listing
    def locate(self, i: int) -> tuple[int, int]:
        """The piece of candidate ``i`` and its index in the piece."""
        if not 0 <= i < self.count:
            raise IndexError(i)
        import bisect

        p = bisect.bisect_right(self.ends, i)
        return p, i - (self.ends[p - 1] if p else 0)

    def entry(self, i: int) -> tuple[Sheet, tuple[tuple[int, str], ...], History]:
        """Candidate ``i``'s sheet, culprits and the decisions of the branch that found it."""
        p, j = self.locate(i)
        box, cm, history = self.pieces[p]
        n_culprits = count_culprits(cm)
        sheet_index, c = divmod(j, n_culprits)
        combo, param, roles = self.space.nth_sheet(box, sheet_index)
        k = self.space.combos[combo]
        sheet = Sheet(k.main, k.subplots, roles, *self.space.params[param])
        culprits = next(itertools.islice(_culprit_assignments(self.space, self.days, cm), c, None))
        return sheet, culprits, history

    def candidate(self, i: int) -> Candidate:
        sheet, culprits, _ = self.entry(i)
        return Candidate(sheet, culprits)

    def weight(self, i: int) -> Fraction:
        p, j = self.locate(i)
        box, cm, _ = self.pieces[p]
        combo, _, _ = self.space.nth_sheet(box, j // count_culprits(cm))
        return self.combo_weight[combo] / self.total_weight

    def __iter__(self) -> Iterator[Candidate]:
        for i in range(self.count):
            yield self.candidate(i)

    def weights(self) -> Iterator[Fraction]:
        """Each candidate's probability, in order."""
        return (self.weight(i) for i in range(self.count))

    def assignments(self) -> dict[tuple[tuple[str, str], ...], Fraction]:
        """The probability of each whole role assignment, summed over the candidates listed one by one
        (for a few candidates: the tests' check of :meth:`best_guesses`)."""
        mass: dict[tuple[tuple[str, str], ...], Fraction] = defaultdict(Fraction)
        for i in range(self.count):
            sheet, _, _ = self.entry(i)
            mass[tuple(sorted(sheet.roles.items()))] += self.weight(i)
        return dict(mass)

    # ------------------------------------------------------------- best guesses
    def best_guesses(self) -> tuple[Sequence[dict[str, str]], Fraction]:
        """Every most likely role assignment (sorted by character and role, listed when read) and its
        probability: the regions of the role factors where the same pieces hold, and in each the role
        counts (what decides which combinations allow an assignment) of largest mass."""
        space = self.space
        if not self.count:
            return [], Fraction(0)
        # each distinct role box with its mass per combination
        by_roles: dict[tuple[int, ...], dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
        for (box, _, _), f, cc in zip(self.pieces, self.factor, self.counts, strict=True):
            for k, _c in cc:
                by_roles[box.roles][k] += f * self.combo_weight[k]
        regions = _regions(list(by_roles))
        best = Fraction(-1)
        tops: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []  # (region, target, ties)
        for roles, members in regions:
            weights: dict[int, Fraction] = defaultdict(Fraction)
            for m in members:
                for k, w in by_roles[m].items():
                    weights[k] += w
            for target, mass in _targets(space, weights).items():
                if mass < best:
                    continue
                ties = _exact_count(space, roles, target)
                if not ties:
                    continue
                if mass > best:
                    best, tops = mass, []
                tops.append((roles, target, ties))
        p = best / self.total_weight
        return _Ties(space, tops), p


def _culprit_assignments(
    space: Space, days: list[int], cm: tuple[int, ...]
) -> Iterator[tuple[tuple[int, str], ...]]:
    """The culprit assignments of the sets ``cm`` (distinct culprits), in order."""
    sets = [[c for n, c in enumerate(space.cast) if m >> n & 1] for m in cm]
    for combo in itertools.product(*(sorted(s) for s in sets)):
        if len(set(combo)) == len(combo):
            yield tuple(zip(days, combo, strict=True))


def _regions(boxes: list[tuple[int, ...]]) -> list[tuple[tuple[int, ...], frozenset[tuple[int, ...]]]]:
    """The role boxes split into disjoint regions, each with the boxes that hold it."""
    regions: list[tuple[tuple[int, ...], frozenset[tuple[int, ...]]]] = []
    for b in boxes:
        rest = [b]
        nxt: list[tuple[tuple[int, ...], frozenset[tuple[int, ...]]]] = []
        for r, members in regions:
            inter = tuple(x & y for x, y in zip(r, b, strict=True))
            if not all(inter):
                nxt.append((r, members))
                continue
            nxt.append((inter, members | {b}))
            nxt.extend((q, members) for q in _minus(r, inter))
            rest = [q for p in rest for q in _minus(p, inter)]
        nxt.extend((q, frozenset({b})) for q in rest)
        regions = nxt
    return regions


Target = tuple[int, ...]
"""What decides which combinations allow a role assignment: the count of each role among the counted
characters (by role bit; the Person's entry 0), then 1 when a character who is not a girl holds the Key
Person (Sign with me! forbids it), then each uncounted character's role bit (an irregular character's,
a copy's)."""


def _targets(space: Space, weights: Mapping[int, Fraction]) -> dict[Target, Fraction]:
    """Every target some combination of ``weights`` allows, with the summed weight of the combinations
    allowing it: counts within the combination's ranges, irregular roles among its free roles, and a
    Key Person who is not a girl only where no plot asks for a girl."""
    n_roles = len(space.role_names)
    uncounted = [n for n, x in enumerate(space.uncounted) if x]
    kp = space.bit.get("key_person")
    by_rule: dict[int, Fraction] = defaultdict(Fraction)
    for k, w in weights.items():
        by_rule[space.rule_of[k]] += w
    out: dict[Target, Fraction] = defaultdict(Fraction)
    for rule, w in by_rule.items():
        comb = space.rules[rule]
        frees = [
            list(range(n_roles)) if space.copies[n] else [b for b in range(n_roles) if comb.free >> b & 1]
            for n in uncounted
        ]
        for counts in itertools.product(*(range(lo, hi + 1) for _, lo, hi in comb.need)):
            vec = [0] * n_roles
            for (bit, _, _), c in zip(comb.need, counts, strict=True):
                vec[bit] = c
            flags = [0]
            if kp is not None and vec[kp] and not comb.girl_only:
                flags.append(1)
            for flag in flags:
                for extra in itertools.product(*frees):
                    out[(*vec, flag, *extra)] += w
    return out


def _exact_count(space: Space, roles: tuple[int, ...], target: Target) -> int:
    """How many role assignments within ``roles`` have exactly ``target``."""
    n_roles = len(space.role_names)
    flag = target[n_roles]
    if flag == 0:
        return _exact(space, roles, target, girls_only=True)
    return _exact(space, roles, target, girls_only=False) - _exact(space, roles, target, girls_only=True)


def _exact(space: Space, roles: tuple[int, ...], target: Target, *, girls_only: bool) -> int:
    n_roles = len(space.role_names)
    counts, extra = target[:n_roles], target[n_roles + 1 :]
    person = space.bit["person"]
    kp = space.bit.get("key_person")
    need = tuple((b, c, c) for b, c in enumerate(counts) if b != person)
    allowed = (1 << person) | sum(1 << b for b, c in enumerate(counts) if c > 0 and b != person)
    groups: dict[int, int] = defaultdict(int)
    j = 0
    for n, mask in enumerate(roles):
        if space.uncounted[n]:
            if not mask >> extra[j] & 1:
                return 0
            j += 1
            continue
        eff = mask & allowed
        if space.never_person[n]:
            eff &= ~(1 << person)
        if girls_only and kp is not None and not space.girl[n]:
            eff &= ~(1 << kp)
        groups[eff] += 1
    key = ("exact", need, tuple(sorted(groups.items())))
    memo = space._memo
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = _assignments(need, person, key[2])
    return hit


class _Ties(Sequence[dict[str, str]]):
    """The most likely role assignments, in sorted order (by character and role), listed as far as read:
    the advisor's guess reads the first, an agent one at random, and a thousand ties need not all be
    listed for the first (``looper deduce`` on ``btx_04`` after loop 1 has 1 511)."""

    def __init__(self, space: Space, tops: list[tuple[tuple[int, ...], Target, int]]) -> None:
        self.space = space
        self.tops = tops
        self.n = sum(t for _, _, t in tops)
        self._prefix: list[dict[str, str]] = []  # (the ties listed so far, in order)
        self._rest: Iterator[dict[str, str]] | None = None  # (where the listing goes on)

    def __len__(self) -> int:
        return self.n

    def _sorted(self) -> Iterator[dict[str, str]]:
        space = self.space
        order = sorted(range(len(space.cast)), key=lambda n: space.cast[n])
        streams = [_listing(space, roles, target, order) for roles, target, _ in self.tops]
        for key in heapq.merge(*streams):
            yield dict(key)

    def _upto(self, k: int) -> None:
        """List the ties up to the ``k``-th (counted from 1), keeping them for the next reads."""
        if k <= len(self._prefix):
            return
        if self._rest is None:
            self._rest = self._sorted()
        self._prefix.extend(itertools.islice(self._rest, k - len(self._prefix)))

    def __iter__(self) -> Iterator[dict[str, str]]:
        if len(self._prefix) == self.n:
            return iter(self._prefix)
        if self.n <= 100_000:
            self._upto(self.n)
            return iter(self._prefix)
        return self._sorted()

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            if self.n <= 100_000:
                self._upto(self.n)
                return self._prefix[i]
            return list(itertools.islice(self._sorted(), *i.indices(self.n)))
        i = i + self.n if i < 0 else i
        if not 0 <= i < self.n:
            raise IndexError(i)
        if i < 100_000:
            self._upto(i + 1)
            return self._prefix[i]
        return next(itertools.islice(self._sorted(), i, None))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


def _listing(
    space: Space, roles: tuple[int, ...], target: Target, order: list[int]
) -> Iterator[tuple[tuple[str, str], ...]]:
    """The assignments of ``roles`` with counts ``target``, as sorted (character, role) tuples in order."""

    def walk(roles: tuple[int, ...], at: int) -> Iterator[list[tuple[str, str]]]:
        if at == len(order):
            yield []
            return
        n = order[at]
        for r in sorted(space.roles_of(roles[n])):
            fixed = (*roles[:n], 1 << space.bit[r], *roles[n + 1 :])
            if _exact_count(space, fixed, target):
                for rest in walk(fixed, at + 1):
                    yield [(space.cast[n], r), *rest]

    for a in walk(roles, 0):
        yield tuple(a)


# ------------------------------------------------------------------------------------- deduce


def _apply(space: Space, boxes: list[Box], cond: Condition) -> list[Box]:
    """The parts of ``boxes`` that meet a filter's condition (its alternatives are disjoint)."""
    out = []
    for box in boxes:
        for conjunction in cond:
            part: Box | None = box
            for key, allowed in conjunction:
                assert part is not None
                part = space.restrict(part, key, allowed)
                if part is None:
                    break
            if part is not None:
                out.append(part)
    return out


def _count_all(space: Space, boxes: list[Box]) -> int:
    return sum(space.count(b) for b in _disjoint(boxes))


def deduce(
    record: PublicRecord,
    content: Content | None = None,
    prior: Mapping[str, Fraction | int] | None = None,
    *,
    after: Deduction | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Deduction:
    """Every candidate consistent with ``record``, weighted uniformly or by a prior over plots: the
    counted search (:func:`deduce_counted`), which lists no sheet. The enumerated table
    (:func:`~rulesengine.looper.deduction.search.deduce_enumerated`, within
    :data:`~rulesengine.looper.deduction.sheets.MAX_SHEETS`) gives the same answers and is kept as the
    reference the tests compare it with (with a Copycat too, since the counted space holds his copy).

    ``after``: the deduction from an earlier record of the same game (the day before, the decision
    before); the search goes on from its last day's start when ``record`` extends its record, with the
    same answers (see :func:`deduce_counted`).

    ``progress``: called as the search moves on with (events of the record followed so far, events in
    the record) — the first never less than before, and equal to the second once the search is done —
    for a progress bar (``looper deduce`` draws one); it does not change the answers.
    """
    if not isinstance(record, PublicRecord):
        raise InputError("record", f"expected a PublicRecord, got {type(record).__name__}")
    if after is not None and not isinstance(after, Deduction):
        raise InputError("after", f"expected a Deduction, got {type(after).__name__}")
    if progress is not None and not callable(progress):
        raise InputError("progress", f"expected a function of (done, total), got {type(progress).__name__}")
    content = content if content is not None else load_content()
    return deduce_counted(record, content, prior, after=after, progress=progress)


def deduce_counted(
    record: PublicRecord,
    content: Content | None = None,
    prior: Mapping[str, Fraction | int] | None = None,
    *,
    after: Deduction | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Deduction:
    """Every candidate consistent with ``record``, counted, weighted uniformly or by a prior over plots.

    ``prior`` maps plot ids to weights; a candidate weighs the product of its plots' weights (missing
    plots weigh 1). Probabilities are normalised exact fractions.

    ``after`` is the deduction from an earlier record of the same game: when ``record`` extends that
    record and nothing found before its last day's start could end differently (:func:`_resumable`), the
    search goes on from there instead of from the first day — the deducing agent, ``looper deduce
    --by-day`` and notebook 05 deduce after every day of one game. The answers are the same either way;
    only the work (``steps``) differs.

    ``progress`` as :func:`deduce`'s.
    """
    if not isinstance(record, PublicRecord):
        raise InputError("record", f"expected a PublicRecord, got {type(record).__name__}")
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    space = Space.of(frame, content)
    days = [d for d, _ in record.sheet.incidents]
    cast = record.sheet.cast
    known = _revealed_culprits(record)
    every_culprit = count_culprits(tuple((1 << len(cast)) - 1 for _ in days))
    base = {d: frozenset([known[d]] if d in known else cast) for d in days}
    base_masks = tuple(_cmask(space, base[d]) for d in days)
    n_culprit_sets = count_culprits(base_masks)
    roots = space.wholes()
    n_sheets = sum(space.count(b) for b in roots)
    total = n_sheets * every_culprit
    removed: dict[int, int] = defaultdict(int)
    reason: dict[int, tuple[str, dict[str, Any]]] = {}
    _culprit_reveal(record, n_sheets, every_culprit, n_culprit_sets, removed, reason)
    boxes = [t for b in roots if (t := space.tight(b)) is not None]
    alive = n_sheets
    conditions = _conditions(record)
    for i, cond, why_id, fields in conditions:
        boxes = _normal(_apply(space, boxes, cond))
        left = _count_all(space, boxes)
        if left < alive:
            removed[i] += (alive - left) * n_culprit_sets
            reason.setdefault(i, (why_id, fields))
            alive = left
    conds = [(i, cond) for i, cond, _, _ in conditions]
    tree = _CountedTree(record, space, boxes, content, frame)
    tree.progress = progress
    kept = after.resumable if after is not None else None
    earlier = _resumable(kept, record, content, conds, known) if isinstance(kept, _Resumable) else None
    if not (boxes and n_culprit_sets):
        leaves = []
    elif earlier is None:
        leaves = tree.run(dict(base))
    else:
        added = [cond for i, cond in conds if (i, cond) not in earlier.conds]

        def restrict(bs: list[Box]) -> list[Box]:
            for cond in added:
                bs = _apply(space, bs, cond)
            return _normal(bs) if added and bs else bs

        leaves = tree.resume(earlier.snapshot, earlier.leaves, restrict)
    if progress is not None:
        progress(len(record.events), len(record.events))
    snapshot = tree.snapshot
    resumable = _Resumable(record, content, conds, known, snapshot, leaves) if snapshot is not None else None
    cutter = _Cutter(space, days, leaves)
    found = _Counted(space, days, cutter.consistent(), prior)
    # (the eliminations below the consistent level are cut when read: see _Cutter)
    eliminated = _Eliminations(record, dict(removed), dict(reason), cutter, alive * n_culprit_sets)
    return Deduction(
        record=record,
        consistent=_FoundCandidates(found),  # type: ignore[arg-type]
        weights=_FoundWeights(found),  # type: ignore[arg-type]
        weighting="uniform" if prior is None else "plot prior",
        eliminated=eliminated,
        total=total,
        witnesses=_Witnesses(record, frame, content, found),  # type: ignore[arg-type]
        found=found,  # type: ignore[arg-type]
        replayed=alive,
        steps=tree.replays,
        resumable=resumable,
    )


class _Resumable:
    """A counted tree's record and where its search can be gone on from when the record grows: the
    filters' conditions and the culprits it was read with, its last day's start (:class:`_Snapshot`) and
    its leaves."""

    __slots__ = ("conds", "content", "known", "leaves", "record", "snapshot")

    def __init__(
        self,
        record: PublicRecord,
        content: Content,
        conds: list[tuple[int, Condition]],
        known: dict[int, str],
        snapshot: _Snapshot,
        leaves: list[_TreeLeaf],
    ) -> None:
        self.record = record
        self.content = content
        self.conds = conds
        self.known = known
        self.snapshot = snapshot
        self.leaves = leaves


def _resumable(
    entry: _Resumable,
    record: PublicRecord,
    content: Content,
    conds: list[tuple[int, Condition]],
    known: dict[int, str],
) -> _Resumable | None:
    """``entry`` when the search for ``record`` can go on from it, else ``None``.

    It can when its record is a beginning of this one (the same public sheet, its events and the
    Protagonists' decisions the first of these), with the same content and revealed culprits, its
    filters' conditions among this record's (the added ones narrow the kept boxes), and every leaf found
    before its snapshot stopped at an event before the snapshot's point — never at the end of its
    record, nor for want of the Protagonists' next decision: such a leaf could go on in the longer
    record. The leaves before the snapshot then stop at the same events in this record (the same events
    there, and the look-aheads read no further), and the sheets a branch holds do not change what a
    sheet does (the engine is the model), so going on gives the same candidates, counts and
    eliminations as a search from the start (a test compares them day by day)."""
    old, snap = entry.record, entry.snapshot
    n, m = len(old.events), len(old.actions)
    if (
        entry.content is not content
        or old.sheet != record.sheet
        or entry.known != known
        or snap.ran_out
        or snap.at[2] >= n
        or n > len(record.events)
        or record.events[:n] != old.events
        or record.actions[:m] != old.actions
        or any(c not in conds for c in entry.conds)
        or any(leaf.reached == _OK or leaf.reached > snap.at[2] for leaf in entry.leaves[: snap.n_leaves])
    ):
        return None
    return entry


def _cmask(space: Space, names: frozenset[str] | set[str]) -> int:
    return sum(1 << space.index[c] for c in names)


class _Cutter:
    """The leaves made disjoint, best first: the consistent pieces with their decisions, and how many
    candidates are held best by a leaf that followed the record ``r`` events (``_OK``: consistent).

    Each box, best first, is cut by the boxes met before it — the boxes themselves, not the pieces
    already cut from them (their union is the same; whole boxes are fewer and cut into fewer pieces) —
    and a box inside one met before is skipped at once. Only the pieces are counted.

    The consistent level comes first and is all the candidates need (:meth:`consistent`); the levels
    below it only count the eliminations, and are cut when those are read (:meth:`below`): most of a
    deduction's cutting on a mid-game record is there (929 leaves, 2 of them consistent, on a ``btx_04``
    record after two loops), and the agents never read the eliminations."""

    def __init__(self, space: Space, days: list[int], leaves: Sequence[_TreeLeaf]) -> None:
        best: dict[Piece, tuple[int, int, History]] = {}
        for n, leaf in enumerate(leaves):
            cm = tuple(_cmask(space, leaf.culprits[d]) for d in days)
            node: Any = leaf.node  # (a node of boxes: the counted tree's)
            for box in node.boxes:
                key = (*_coords(box), *cm)
                old = best.get(key)
                if old is None or (leaf.reached, -n) > (old[0], -old[1]):
                    best[key] = (leaf.reached, n, leaf.history)
        self.space = space
        self.seen = _Pieces()  # (the boxes met so far, overlapping: only their union matters)
        self.joined_at = 0  # (how many boxes met there were when they were last joined into fewer)
        # level by level (how far the leaves followed the record, best first); below the consistent level
        # the leaves' boxes are joined first (no decisions are kept there), and after a level the boxes met
        # so far are joined when they have doubled since they last were (fewer to cut the next levels by)
        levels: dict[int, list[tuple[Piece, History]]] = defaultdict(list)
        for key, (reached, _, history) in sorted(best.items(), key=lambda kv: (-kv[1][0], kv[1][1])):
            levels[reached].append((key, history))
        self.levels = [(reached, levels[reached]) for reached in sorted(levels, reverse=True)]
        self.ok = 0  # (the consistent candidates counted)
        self._below: dict[int, int] | None = None

    def consistent(self) -> list[tuple[Piece, History]]:
        """The consistent pieces, each with the decisions of the branch that found it (the first level)."""
        out: list[tuple[Piece, History]] = []
        if self.levels and self.levels[0][0] == _OK:
            _, items = self.levels.pop(0)
            self.ok = self._level(_OK, items, out)
        return out

    def below(self) -> dict[int, int]:
        """How many candidates are held best by a leaf that followed the record ``r`` events, for each
        ``r`` below the consistent level (cut once, after :meth:`consistent`)."""
        if self._below is None:
            counts: dict[int, int] = {}
            for reached, items in self.levels:
                items = [(k, ()) for k in _joined([k for k, _ in items])]
                counts[reached] = self._level(reached, items, None)
            self.levels, self.seen = [], _Pieces()  # (all cut: the boxes met are let go)
            self._below = counts
        return self._below

    def _level(
        self, reached: int, items: list[tuple[Piece, History]], out: list[tuple[Piece, History]] | None
    ) -> int:
        space, seen = self.space, self.seen
        n_cast = len(space.cast)
        count = 0
        for key, history in items:
            for p in seen.cut(key):
                size = space.count(Box(p[0], p[1], tuple(p[2 : 2 + n_cast]))) * count_culprits(
                    tuple(p[2 + n_cast :])
                )
                if size:
                    count += size
                    if out is not None:
                        out.append((p, history))
            seen.add(key)
        if len(seen.rows) >= 2 * self.joined_at:  # (joined again once they have doubled since: cheap enough)
            rows = _joined(seen.rows)
            if len(rows) < len(seen.rows):
                self.seen = seen = _Pieces()
                for p in rows:
                    seen.add(p)
            self.joined_at = len(rows)
        return count


class _Eliminations(Sequence[dict[str, Any]]):
    """The eliminations of a counted deduction (as :func:`_eliminations` lists them), worked out when
    first read: the filters' removals are known at once, the tree's need the levels of the leaves below
    the consistent one cut (:meth:`_Cutter.below`)."""

    def __init__(
        self,
        record: PublicRecord,
        removed: dict[int, int],
        reason: dict[int, tuple[str, dict[str, Any]]],
        cutter: _Cutter,
        held: int,
    ) -> None:
        self._args: tuple[Any, ...] | None = (record, removed, reason, cutter, held)
        self._list: list[dict[str, Any]] = []

    def _items(self) -> list[dict[str, Any]]:
        if self._args is not None:
            record, removed, reason, cutter, held = self._args
            removed = defaultdict(int, removed)
            below = cutter.below()
            for r, n in below.items():
                removed[r] += n
            covered = cutter.ok + sum(below.values())
            if held > covered:  # (held by no leaf: the enumerated deduction's -1)
                removed[-1] += held - covered
            self._list = _eliminations(record, removed, reason)
            self._args = None
        return self._list

    def __len__(self) -> int:
        return len(self._items())

    def __getitem__(self, i: Any) -> Any:
        return self._items()[i]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._items() == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._items())


def _bits(bits: int, n: int) -> np.ndarray:
    """The positions of the set bits of ``bits`` (below ``n``), in order."""
    raw = np.frombuffer(bits.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little"))


class _Pieces:
    """Boxes (tuples of factor masks) with a fast search for those a box meets.

    The boxes met are few in kind, factor by factor (on btx_03, 5 000 boxes have at most 47 masks in
    any one factor), so each factor keeps, per mask, the set of boxes that have it, as the bits of an
    int; the boxes that meet a mask in a factor are the union of those sets, kept per mask asked (and
    brought up to date with the boxes added since when asked again). The boxes a piece meets are then
    a few ANDs of ints. For the cut (which box a piece sticks out of least) the masks are also the
    columns of a numpy array, in 62-bit chunks."""

    CHUNK = 62

    def __init__(self) -> None:
        self.rows: list[Piece] = []
        self.array = np.zeros((0, 0), dtype=np.int64)
        self.n = 0
        self.widths: list[int] | None = None
        self.limits: list[int] = []
        self.single = True  # (every factor one column)
        self.narrow: list[int] = []  # (the columns of one-column factors)
        self.wide: list[tuple[int, int]] = []  # (the column ranges of the others)
        self._codes: dict[Piece, list[int]] = {}
        self.having: list[dict[int, int]] = []  # (per factor: mask -> the boxes that have it, as bits)
        self.meeting: list[dict[int, list[int]]] = []  # (per factor: mask asked -> [boxes meeting, n])
        # (the factors in the order :meth:`_meet_all` tries them, most selective first, and how many
        # boxes each has let through of how many tried, to reorder them by)
        self.order: list[int] = []
        self.passed: list[list[int]] = []
        self.calls = 0

    def _encode(self, p: Piece) -> list[int]:
        hit = self._codes.get(p)
        if hit is None:
            hit = self._codes[p] = self._encoded(p)
        return hit

    def _encoded(self, p: Piece) -> list[int]:
        assert self.widths is not None
        out = []
        mask = (1 << self.CHUNK) - 1
        for x, w in zip(p, self.widths, strict=True):
            if w == 1:
                out.append(x)
            else:
                out.extend(x >> (self.CHUNK * j) & mask for j in range(w))
        return out

    def _widen(self, p: Piece) -> None:
        """Columns enough for ``p``'s masks (the boxes met so far encoded again when it is wider)."""
        if self.widths is not None and all(map(operator.lt, p, self.limits)):
            return
        need = [max(1, -(-x.bit_length() // self.CHUNK)) for x in p]
        if self.widths is not None:
            need = [max(n, w) for n, w in zip(need, self.widths, strict=True)]
        self.widths = need
        self.limits = [1 << (self.CHUNK * w) for w in need]
        starts = [sum(need[:f]) for f in range(len(need))]  # (each factor's first column)
        self.single = all(w == 1 for w in need)
        self.narrow = [a for a, w in zip(starts, need, strict=True) if w == 1]
        self.wide = [(a, a + w) for a, w in zip(starts, need, strict=True) if w > 1]
        self._codes.clear()
        array = np.zeros((max(64, len(self.array)), sum(need)), dtype=np.int64)
        for i, row in enumerate(self.rows):
            array[i] = self._encode(row)
        self.array = array

    def add(self, p: Piece) -> None:
        self._widen(p)
        if self.n == len(self.array):
            self.array = np.concatenate([self.array, np.zeros_like(self.array)])
        self.array[self.n] = self._encode(p)
        if not self.having:
            self.having = [{} for _ in p]
            self.meeting = [{} for _ in p]
            self.order = list(range(len(p)))
            self.passed = [[1, 1] for _ in p]
        bit = 1 << self.n
        for having, x in zip(self.having, p, strict=True):
            having[x] = having.get(x, 0) | bit
        self.rows.append(p)
        self.n += 1

    def holds(self, p: Piece) -> bool:
        """Whether one box met so far holds ``p`` whole."""
        if not self.n:
            return False
        self._widen(p)
        enc = np.array(self._encode(p), dtype=np.int64)
        return bool(((enc & ~self.array[: self.n]) == 0).all(axis=1).any())

    def _meet(self, f: int, mask: int) -> int:
        """The boxes (as bits) that meet ``mask`` in the factor ``f``."""
        cache = self.meeting[f]
        hit = cache.get(mask)
        n = self.n
        if hit is not None:
            bits, upto = hit
            if upto == n:
                return bits
            if n - upto < len(self.having[f]):  # (the boxes added since, one by one)
                rows = self.rows
                for i in range(upto, n):
                    if rows[i][f] & mask:
                        bits |= 1 << i
                hit[0], hit[1] = bits, n
                return bits
        bits = 0
        for x, having in self.having[f].items():
            if x & mask:
                bits |= having
        if len(cache) > 4096:
            cache.clear()
        cache[mask] = [bits, n]
        return bits

    def _meet_all(self, q: Piece, bits: int, factors: Sequence[int] | None) -> int:
        """The boxes among ``bits`` that meet ``q`` in every factor (in every factor of ``factors``, when
        those boxes are known to meet it in the others), the factors that have let through the fewest
        boxes so far first."""
        passed = self.passed
        self.calls += 1
        if not self.calls & 255:  # (reordered now and then: the selectivities settle fast)
            self.order.sort(key=lambda f: passed[f][0] / passed[f][1])
        count = bits.bit_count()
        for f in self.order if factors is None else factors:
            bits &= self._meet(f, q[f])
            stats, tried, count = passed[f], count, bits.bit_count()
            stats[0] += count
            stats[1] += tried
            if not count:
                break
        return bits

    SMALL = 12  # (boxes few enough to compare in Python, cheaper than numpy's calls on so few)

    def cut(self, p: Piece) -> list[Piece]:
        """``p`` less every box met so far, as disjoint pieces (none when a box met holds it whole).

        A piece is cut by the first box it meets, into the parts outside it (:func:`_minus`), and each
        part goes on against the boxes after that one that the piece met: the boxes a piece meets are
        found for all of them at once (the index of :class:`_Pieces`), not tried one by one, so a box met
        by a thousand earlier ones costs a few operations per piece cut, not a thousand ``_minus``. A part
        is tried again only on the factors it narrowed: the piece met those boxes in the others."""
        if not self.n:
            return [p]
        self._widen(p)
        boxes, small = self.rows, self.SMALL
        out: list[Piece] = []
        stack: list[tuple[Piece, int, list[int] | None]] = [(p, (1 << self.n) - 1, None)]
        while stack:
            q, bits, factors = stack.pop()
            bits = self._meet_all(q, bits, factors)
            if not bits:
                out.append(q)
                continue
            if bits.bit_count() > small:  # (which box it sticks out of least, over the numpy columns)
                rows = _bits(bits, self.n)
                enc = np.array(self._encode(q), dtype=np.int64)
                outside = (enc & ~self.array[rows]) != 0
                if self.single:
                    sticks = outside.sum(axis=1)  # (the factors where ``q`` sticks out of the box)
                else:
                    sticks = outside[:, self.narrow].sum(axis=1)
                    for a, b in self.wide:
                        sticks += outside[:, a:b].any(axis=1)
                best = int(sticks.argmin())
                most, first = int(sticks[best]), int(rows[best])
            else:  # (a few boxes: compared in Python)
                most, first, left = len(q) + 1, 0, bits
                while left:
                    low = left & -left
                    left ^= low
                    i = low.bit_length() - 1
                    n = sum(1 for x, y in zip(q, boxes[i], strict=True) if x & ~y)
                    if n < most:
                        most, first = n, i
            if not most:
                continue  # (inside a box met before: nothing of it is new)
            # (cut by the box it sticks out of least, into the fewest pieces; the pieces go on against the
            # other boxes it met, each on the factors it narrowed)
            rest_bits = bits & ~(1 << first)
            for r in reversed(_minus(q, boxes[first])):
                stack.append((r, rest_bits, [f for f, (x, y) in enumerate(zip(q, r, strict=True)) if x != y]))
        return out
