"""The private sheets a public sheet allows, as factors: counted, never listed (issue 23).

A private sheet is a choice of plots (a *combination*: the main plot and the subplots), a role per
character and the character parameters (Godly Being's entry loop, Boss's turf, Henchman's start); the
culprits are a separate factor (:func:`count_culprits`). A :class:`Box` is a set of sheets written as
one allowed set per factor — the combinations, the parameter choices, and for each character the roles
it may have — and stands for the sheets of that product *that the script-writing rules allow*. The
rules are the validator's (:func:`rulesengine.looper.rules.script.script_problems`), read once per
combination into a :class:`Combination`: each role's (least, most) count among the characters that
count (the plots' ranges, capped by the role's ``max_count``), the roles an irregular character (the
Mystery Boy) may take, and Sign with me!'s Key Person who must be a girl. The parameters are judged
by the validator independently of the roles. The Copycat's role, a copy of another cast member's, is
outside the counts too; that an original exists is kept by the root boxes (:meth:`Space.wholes`).

The number of sheets of a box (:meth:`Space.count`) is a sum over its combinations of a small counting
problem: in how many ways can roles be given to the counted characters, each within its allowed set,
so that every role's count is within its range (a dynamic programme over groups of characters with
the same allowed set, memoised), times the choices of the uncounted characters (irregular, copied) and
of the parameters.
A test compares every count with the enumeration of :mod:`rulesengine.looper.deduction.sheets` (one
validator verdict per sheet) on every shipped script it can list.

The search asks questions of a box (:meth:`Space.parts`): the same questions, by the same keys, that
the enumerated table answers (``("role", c)``, ``("eq", key, value)``, ``("same", key, key)``,
``("trait", field, key)``, ``("main",)``, ``("plot", p)``, ``("subplot", p)``, ``("plots",)``,
``("subplots",)``), and of the parameters, which the enumerated table reads off its sheets instead:
``("param", field)``, ``("eq", ("param", field), value)`` and ``("cmp", ("param", field), op, n)`` (a
hidden number compared). A box splits into a part per answer, and a part with no sheet is dropped.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, PublicSheet, load_script
>>> from rulesengine.looper.deduction.sheets import private_sheets
>>> script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> space = Space.of(PublicSheet.of(script).frame())
>>> space.count(space.whole()) == len(private_sheets(script))
True
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rulesengine.errors import InputError
from rulesengine.looper.deduction.sheets import PARAM_FIELDS, with_params
from rulesengine.looper.rules.content import Content, Location, load_content
from rulesengine.looper.rules.script import Script, role_range, script_problems

__all__ = ["Box", "Combination", "Space", "count_culprits"]

Params = tuple[int | None, Location | None, Location | None, int | None]


@dataclass(frozen=True, slots=True)
class Box:
    """A product of allowed sets, as bit masks: ``combos`` over :attr:`Space.combos`, ``params`` over
    :attr:`Space.params`, and ``roles[n]`` over :attr:`Space.role_names` for the ``n``-th cast member.
    It stands for the sheets of the product that the rules allow."""

    combos: int
    params: int
    roles: tuple[int, ...]

    def with_roles(self, n: int, mask: int) -> Box:
        roles = list(self.roles)
        roles[n] = mask
        return Box(self.combos, self.params, tuple(roles))

    def empty(self) -> bool:
        """No sheet, whatever the rules: an allowed set is empty."""
        return not self.combos or not self.params or not all(self.roles)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Box):
            return NotImplemented
        return (
            self.combos & ~other.combos == 0
            and self.params & ~other.params == 0
            and all(a & ~b == 0 for a, b in zip(self.roles, other.roles, strict=True))
        )


@dataclass(frozen=True)
class Combination:
    """One choice of plots as the validator judges the roles under it.

    ``need`` maps each role a counted character may hold (not the Person) to its (least, most) count;
    ``counted`` is the mask of roles a counted character may hold (those and the Person), ``girl_only``
    the Key Person's bit when a plot requires her to be a girl (else 0), ``free`` the mask of roles an
    irregular character may hold (non-Person roles no plot names; 0: the combination has no sheet)."""

    main: str
    subplots: tuple[str, ...]
    need: tuple[tuple[int, int, int], ...]  # (role bit index, least, most)
    counted: int
    girl_only: int
    free: int

    @property
    def rule(self) -> tuple[object, ...]:
        """What the count depends on (combinations with the same rule count alike)."""
        return (self.need, self.counted, self.girl_only, self.free)


class Space:
    """The factored space of the private sheets of one public sheet (the frame of a public record)."""

    def __init__(self, frame: Script, content: Content) -> None:
        self.frame = frame
        self.content = content
        tset = content.sets[frame.set_id]
        self.cast: tuple[str, ...] = tuple(frame.cast)
        self.index = {c: n for n, c in enumerate(self.cast)}
        self._combo_answers: dict[tuple[object, ...], list[tuple[object, int]]] = {}
        self._param_answers: dict[tuple[object, ...], list[tuple[object, int]]] = {}
        self.role_names: list[str] = sorted(set(tset.roles) | {"person"})
        self.bit = {r: n for n, r in enumerate(self.role_names)}
        self.all_roles = (1 << len(self.role_names)) - 1
        person = 1 << self.bit["person"]
        chars = content.characters
        self.irregular = tuple("irregular_role" in chars[c].traits for c in self.cast)
        self.never_person = tuple("never_person" in chars[c].traits for c in self.cast)
        # the Copycat: his role a copy of another cast member's, left out of the role counts; the
        # constraint between them is kept by the root boxes (:meth:`wholes`), not by the counts
        self.copies = tuple("copies_role" in chars[c].traits for c in self.cast)
        if sum(self.copies) > 1:  # (one Copycat in the content; two copies of each other would loop)
            copy = self.cast[self.copies.index(True)]
            raise InputError.of(frame.id or "script", "looper.deduce.copies_counted", character=copy)
        self.uncounted = tuple(a or b for a, b in zip(self.irregular, self.copies, strict=True))
        self.girl = tuple("girl" in chars[c].tags for c in self.cast)
        combos = []
        for main, subs in tset.plot_choices():
            plots = [content.plots[main], *(content.plots[s] for s in subs)]
            plot_roles = {r for p in plots for r in p.roles}
            need = []
            counted = person
            for role in tset.roles:
                if role == "person":
                    continue
                low, high = role_range(plots, content.roles[role])  # (the validator's)
                if high > 0:
                    need.append((self.bit[role], low, high))
                    counted |= 1 << self.bit[role]
                elif low > 0:  # (a least count above the most: no sheet)
                    need.append((self.bit[role], low, high))
            free = 0
            for role in tset.roles:
                if role != "person" and role not in plot_roles:
                    free |= 1 << self.bit[role]
            girl = any("key_person_is_girl" in p.requirements for p in plots)
            combos.append(
                Combination(
                    main,
                    tuple(subs),
                    tuple(sorted(need)),
                    counted,
                    (1 << self.bit["key_person"]) if girl and "key_person" in self.bit else 0,
                    free,
                )
            )
        self.combos: list[Combination] = combos
        rules: dict[tuple[object, ...], int] = {}
        self.rule_of = [rules.setdefault(k.rule, len(rules)) for k in combos]
        self.rules = [k for _, k in sorted({self.rule_of[n]: combos[n] for n in range(len(combos))}.items())]
        self.all_combos = (1 << len(combos)) - 1
        self.params: list[Params] = _valid_parameters(frame, content)
        self.all_params = (1 << len(self.params)) - 1
        self._memo: dict[tuple[object, ...], int] = {}
        self._role_memo: dict[tuple[object, ...], list[dict[int, int]] | None] = {}
        # per rule: what of each character's mask counts (-1: an irregular character or a copy), and the
        # free roles
        self._keep = [
            (
                tuple(
                    -1
                    if self.uncounted[n]
                    else k.counted
                    & ~(0 if self.girl[n] else k.girl_only)
                    & ~(1 << self.bit["person"] if self.never_person[n] else 0)
                    for n in range(len(self.cast))
                ),
                k.free,
            )
            for k in self.rules
        ]
        # the same, ready for the count's inner loop: the regular characters' masks as one getter, what
        # counts of each, the uncounted characters' indices and the roles each may take (an irregular
        # character the free roles, a copy any role)
        regular = [n for n in range(len(self.cast)) if not self.uncounted[n]]
        self._regular: Callable[[tuple[int, ...]], tuple[int, ...]] = (
            operator.itemgetter(*regular)
            if len(regular) > 1
            else (lambda roles: tuple(roles[n] for n in regular))
        )
        self._uncounted = tuple(n for n in range(len(self.cast)) if self.uncounted[n])
        self._fast = [
            (
                tuple(keep[n] for n in regular),
                tuple(self.all_roles if self.copies[n] else free for n in self._uncounted),
            )
            for keep, free in self._keep
        ]
        # a quick test before the counts (a necessary condition): the rules under which each character
        # has a role its mask allows, and the rules that need a role no mask allows, as masks of rules
        self._ok_rules: dict[tuple[int, int], int] = {}
        self._needing = [
            sum(1 << r for r, k in enumerate(self.rules) if any(b == bit and lo > 0 for b, lo, _ in k.need))
            for bit in range(len(self.role_names))
        ]
        # and the rules under which ``c`` regular characters held to the one role ``bit`` are too many
        # for it (more than the rule's most): ``_over[bit][c]``, a mask of rules
        most = [{b: hi for b, _, hi in k.need} for k in self.rules]
        self._over = [
            [sum(1 << r for r, m in enumerate(most) if c > m.get(bit, 0)) for c in range(len(self.cast) + 1)]
            if bit != self.bit["person"]
            else [0] * (len(self.cast) + 1)
            for bit in range(len(self.role_names))
        ]
        self._rc: dict[tuple[int, tuple[int, ...]], int] = {}
        self._feasible: dict[tuple[int, tuple[int, ...]], bool] = {}
        self._by_rules: dict[int, list[tuple[int, list[int]]]] = {}
        self._cc: dict[tuple[int, tuple[int, ...]], list[tuple[int, int]]] = {}

    @classmethod
    def of(cls, frame: Script, content: Content | None = None) -> Space:
        """The space of ``frame``'s public fields (cached: a deducing agent asks many times)."""
        content = content if content is not None else load_content()
        return _space(
            frame.set_id,
            frame.loops,
            frame.days,
            tuple(frame.cast),
            tuple((i.day, i.incident) for i in frame.incidents),
            frame,
            content,
        )

    # ------------------------------------------------------------------ boxes
    def whole(self) -> Box:
        """Every sheet, as one box: a cast without a Copycat (:meth:`wholes` for any cast)."""
        if any(self.copies):
            raise ValueError("a cast with a Copycat is not one box: Space.wholes()")
        return Box(self.all_combos, self.all_params, (self.all_roles,) * len(self.cast))

    def wholes(self) -> list[Box]:
        """Every sheet, as disjoint boxes. Without a Copycat the one box of :meth:`whole`; with one, a box
        per role ``r`` he copies and the first other character ``x`` (in cast order) who holds it: his
        role and ``x``'s are ``r``, the characters before ``x`` hold another. Every sheet of a box — and
        of a part or a join of boxes — has an original for his copy, so the counts can leave him out
        like an irregular character (any role his mask allows)."""
        if not any(self.copies):
            return [self.whole()]
        k = self.copies.index(True)
        out = []
        for b in range(len(self.role_names)):
            bit = 1 << b
            roles = [self.all_roles] * len(self.cast)
            roles[k] = bit
            for x in range(len(self.cast)):
                if x == k:
                    continue
                out.append(Box(self.all_combos, self.all_params, (*roles[:x], bit, *roles[x + 1 :])))
                roles[x] = self.all_roles & ~bit
        return out

    def roles_of(self, mask: int) -> list[str]:
        return [r for n, r in enumerate(self.role_names) if mask >> n & 1]

    # ------------------------------------------------------------------ counting
    def count_roles(self, combo: int, roles: tuple[int, ...]) -> int:
        """The role assignments within ``roles`` that the rules allow under combination ``combo``."""
        rule = self.rule_of[combo]
        hit = self._rc.get((rule, roles))
        if hit is None:
            hit = self._rc[(rule, roles)] = self._count_rule(rule, roles)
        return hit

    def _count_rule(self, rule: int, roles: tuple[int, ...]) -> int:
        keep, frees = self._fast[rule]
        ways = 1
        for n, free in zip(self._uncounted, frees, strict=True):  # an uncounted character: any of its roles
            ways *= (roles[n] & free).bit_count()
        if not ways:
            return 0
        effs = tuple(sorted(map(operator.and_, self._regular(roles), keep)))
        key = (rule, effs)
        hit = self._memo.get(key)
        if hit is None:
            groups = tuple((m, len(list(g))) for m, g in itertools.groupby(effs))
            hit = self._memo[key] = _assignments(self.rules[rule].need, self.bit["person"], groups)
        return ways * hit

    def role_counts(self, box: Box) -> list[tuple[list[int], list[dict[int, int]]]]:
        """How many sheets of ``box`` give each character each role, without fixing them one at a time:
        for each rule of its combinations with a sheet, (those combinations, per character ``n`` a dict
        role bit -> assignments with ``n`` holding that role, under one of them). The parameters are left
        out (every role count is to be multiplied by them), as in :meth:`combo_counts`.

        One pass forwards and one backwards over the regular characters: the assignments with character
        *i* holding role *r* are the ways to reach a state before *i* times the ways to finish from that
        state plus *r*. Each character's counts add up to the combination's count.
        """
        out = []
        possible = self._possible_rules(box.roles)
        for rule, combos in self._rules_of(box.combos):
            if possible >> rule & 1:
                counts = self._role_counts_rule(rule, box.roles)
                if counts is not None:
                    out.append((combos, counts))
        return out

    def _role_counts_rule(self, rule: int, roles: tuple[int, ...]) -> list[dict[int, int]] | None:
        keep, frees = self._fast[rule]
        free_ways = [(roles[n] & free).bit_count() for n, free in zip(self._uncounted, frees, strict=True)]
        if not all(free_ways):
            return None
        effs = tuple(map(operator.and_, self._regular(roles), keep))
        key = (rule, effs, tuple(roles[n] for n in self._uncounted))
        if key in self._role_memo:
            return self._role_memo[key]
        if len(self._role_memo) > 100_000:
            self._role_memo.clear()
        out = self._role_memo[key] = self._role_counts_of(rule, roles, effs, free_ways)
        return out

    def _role_counts_of(
        self, rule: int, roles: tuple[int, ...], effs: tuple[int, ...], free_ways: list[int]
    ) -> list[dict[int, int]] | None:
        frees = self._fast[rule][1]
        cast = len(self.cast)
        need = self.rules[rule].need
        person = self.bit["person"]
        radix, room, done = _layout(tuple(h for _, _, h in need), tuple(lo for _, lo, _ in need))
        size = math.prod(h + 1 for _, _, h in need)  # (the count states: codes 0..size-1)
        steps = [
            (
                [(radix[j], room[j], b) for j, (b, _, _) in enumerate(need) if mask >> b & 1],
                bool(mask >> person & 1),
            )
            for mask in effs
        ]
        forward: list[dict[int, int]] = [{0: 1}]
        for moves, person_ok in steps:
            states = forward[-1]
            nxt: dict[int, int] = dict(states) if person_ok else {}
            for code, ways in states.items():
                for r, free, _ in moves:
                    if code in free:
                        nxt[code + r] = nxt.get(code + r, 0) + ways
            forward.append(nxt)
        back = [1 if code in done else 0 for code in range(size)]
        regular_counts: list[dict[int, int]] = [{} for _ in steps]
        for i in range(len(steps) - 1, -1, -1):
            moves, person_ok = steps[i]
            here: dict[int, int] = {}
            for code, ways in forward[i].items():
                if person_ok and back[code]:
                    here[person] = here.get(person, 0) + ways * back[code]
                for r, free, b in moves:
                    if code in free and back[code + r]:
                        here[b] = here.get(b, 0) + ways * back[code + r]
            regular_counts[i] = here
            prev = [back[code] if person_ok else 0 for code in range(size)]
            for r, free, _ in moves:
                for code in free:
                    if code + r < size:
                        prev[code] += back[code + r]
            back = prev
        total = back[0]
        if not total:
            return None
        other = math.prod(free_ways)
        result: list[dict[int, int]] = [{} for _ in range(cast)]
        regular = [n for n in range(cast) if not self.uncounted[n]]
        for n, counts in zip(regular, regular_counts, strict=True):
            result[n] = {b: c * other for b, c in counts.items() if c}
        for n, allowed, w in zip(self._uncounted, frees, free_ways, strict=True):
            each = total * (other // w)
            mask = roles[n] & allowed
            result[n] = {b: each for b in range(mask.bit_length()) if mask >> b & 1}
        return result

    def combo_counts(self, box: Box) -> Iterator[tuple[int, int]]:
        """(combination, role assignments) for each combination of ``box`` with some sheet."""
        key = (box.combos, box.roles)
        hit = self._cc.get(key)
        if hit is None:
            if len(self._cc) > 200_000:
                self._cc.clear()
            hit = self._cc[key] = list(self._combo_counts(box))
        return iter(hit)

    def _rules_of(self, combos: int) -> list[tuple[int, list[int]]]:
        """The rules of the combinations ``combos``, each with its combinations (cached)."""
        hit = self._by_rules.get(combos)
        if hit is None:
            by: dict[int, list[int]] = {}
            left = combos
            while left:
                low = left & -left
                n = low.bit_length() - 1
                left ^= low
                by.setdefault(self.rule_of[n], []).append(n)
            hit = self._by_rules[combos] = list(by.items())
        return hit

    def _possible_rules(self, roles: tuple[int, ...]) -> int:
        """The rules under which ``roles`` may have an assignment (a mask of rules; a necessary
        condition): each character has a role its mask allows, no role a rule needs is out of every
        mask, and no role has more regular characters held to it alone than the rule allows it (on
        btx_03 this last test leaves 3 600 of the 67 000 counts that came to nothing)."""
        ok = (1 << len(self.rules)) - 1
        known = self._ok_rules
        seen = 0
        alone: dict[int, int] = {}  # (a one-role mask of a regular character -> how many have it)
        uncounted = self.uncounted
        for n, mask in enumerate(roles):
            if mask and not mask & (mask - 1) and not uncounted[n]:
                alone[mask] = alone.get(mask, 0) + 1
            rules = known.get((n, mask))
            if rules is None:
                irregular, copy = self.irregular[n], self.copies[n]
                rules = known[(n, mask)] = sum(
                    1 << r
                    for r, (keep, free) in enumerate(self._keep)
                    if mask & (self.all_roles if copy else free if irregular else keep[n])
                )
            ok &= rules
            seen |= mask
        for mask, c in alone.items():
            ok &= ~self._over[mask.bit_length() - 1][c]
        unseen = self.all_roles & ~seen
        while unseen and ok:
            low = unseen & -unseen
            unseen ^= low
            ok &= ~self._needing[low.bit_length() - 1]
        return ok

    def _combo_counts(self, box: Box) -> Iterator[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        possible = self._possible_rules(box.roles)
        for rule, combos in self._rules_of(box.combos):
            if not possible >> rule & 1:
                continue
            c = self._rc.get((rule, box.roles))
            if c is None:
                c = self._rc[(rule, box.roles)] = self._count_rule(rule, box.roles)
            if c:
                out.extend((n, c) for n in combos)
        out.sort()
        return iter(out)

    def count(self, box: Box) -> int:
        """How many sheets ``box`` holds."""
        if box.empty():
            return 0
        return box.params.bit_count() * sum(c for _, c in self.combo_counts(box))

    def feasible(self, box: Box) -> bool:
        """Whether ``box`` holds a sheet (stops at the first combination that has one)."""
        if box.empty():
            return False
        key = (box.combos, box.roles)
        hit = self._cc.get(key)
        if hit is not None:
            return bool(hit)
        known = self._feasible.get(key)
        if known is None:
            if len(self._feasible) > 500_000:
                self._feasible.clear()
            rc = self._rc
            known = False
            possible = self._possible_rules(box.roles)
            for rule, _ in self._rules_of(box.combos) if possible else ():
                if not possible >> rule & 1:
                    continue
                c = rc.get((rule, box.roles))
                if c is None:
                    c = rc[(rule, box.roles)] = self._count_rule(rule, box.roles)
                if c:
                    known = True
                    break
            self._feasible[key] = known
        return known

    # ------------------------------------------------------------------ questions
    def parts(self, box: Box, key: tuple[object, ...]) -> list[tuple[object, Box]]:
        """``box`` split by its sheets' answer to the question ``key``: (answer, part) for each answer
        some sheet gives, in a fixed order (the order of the roles, of the combinations). ``box`` holds a
        sheet (as every box of a node does), so when all its sheets give one answer the one part, ``box``
        itself, is not counted again."""
        if key[0] == "eq" and type(key[1]) is tuple and key[1][0] == "role":
            # ("is this character's role r?", the commonest question: answered off one mask when the
            # box's sheets agree, most of the time)
            mask = box.roles[self.index[key[1][1]]]
            asked = self.bit.get(key[2]) if isinstance(key[2], str) else None
            if asked is None or not mask >> asked & 1:
                return [(False, box)]
            if mask == 1 << asked:
                return [(True, box)]
        elif key[0] == "holders":  # (which of these characters hold the role: its parts hold a sheet)
            asked = self.bit.get(key[1]) if isinstance(key[1], str) else None
            keys = key[2]
            assert isinstance(keys, tuple)
            return self._holders(box, 0 if asked is None else 1 << asked, keys)
        by = self._param_answers.get(key)
        if by is None and self._about_params(key):
            by = self._param_answers[key] = self._answers_of_params(key)
        if by is not None:
            # (the parameters are a factor of their own, free of the others: every part of a box that
            # holds a sheet holds one, so the parts are the box's parameters split by the answers, in the
            # order of their first parameter, as :meth:`_split` makes them)
            params = box.params
            found = [(m & -m, v, m) for v, all_m in by if (m := params & all_m)]
            if len(found) == 1:
                return [(found[0][1], box)]
            found.sort(key=operator.itemgetter(0))
            return [(v, Box(box.combos, m, box.roles)) for _, v, m in found]
        return self._holding(list(self._split(box, key)))

    @staticmethod
    def _about_params(key: tuple[object, ...]) -> bool:
        """Whether ``key`` asks about the parameters only (a parameter's value, or a comparison of it)."""
        kind = key[0]
        return kind in ("param", "cmp") or (
            kind == "eq" and isinstance(key[1], tuple) and key[1][0] == "param"
        )

    def _answers_of_params(self, key: tuple[object, ...]) -> list[tuple[object, int]]:
        """Each answer to the parameter question ``key`` with the mask of the parameters giving it (as
        :meth:`_split` answers it)."""
        every = Box(0, (1 << len(self.params)) - 1, ())
        return [(v, part.params) for v, part in self._split(every, key)]

    def _holding(self, parts: list[tuple[object, Box]]) -> list[tuple[object, Box]]:
        """The parts of a box that hold a sheet. The box holds one, so when every part after the first
        holds none the first one does, uncounted (a single part too: the box itself)."""
        if not parts:
            return parts
        rest = [(value, part) for value, part in parts[1:] if self.feasible(part)]
        if rest and not self.feasible(parts[0][1]):
            return rest
        return [parts[0], *rest]

    def tight(self, box: Box) -> Box | None:
        """``box`` with only the combinations where it has a sheet (``None``: none)."""
        if box.empty():
            return None
        combos = 0
        for k, _ in self.combo_counts(box):
            combos |= 1 << k
        return Box(combos, box.params, box.roles) if combos else None

    def _split(self, box: Box, key: tuple[object, ...]) -> Iterator[tuple[object, Box]]:
        kind = key[0]
        if kind == "role":
            n = self.index[str(key[1])]
            for r in self.roles_of(box.roles[n]):
                yield r, box.with_roles(n, 1 << self.bit[r])
            return
        if kind == "param":
            field = PARAM_FIELDS.index(str(key[1]))
            by: dict[object, int] = {}
            for n, p in enumerate(self.params):
                if box.params >> n & 1:
                    by[p[field]] = by.get(p[field], 0) | 1 << n
            for v, mask in by.items():
                yield v, Box(box.combos, mask, box.roles)
            return
        if self._about_params(key):  # (a comparison of a parameter: "param" itself is above)
            base = key[1]
            assert isinstance(base, tuple)
            field = PARAM_FIELDS.index(str(base[1]))
            if kind == "cmp":
                op, other = str(key[2]), key[3]
                test: Any = lambda v: getattr(int, op)(v, other)  # noqa: E731 (a comparison of the hidden int)
            else:
                test = lambda v: v == key[2]  # noqa: E731
            by = {}
            for n, p in enumerate(self.params):
                if box.params >> n & 1:
                    same = bool(test(p[field]))
                    by[same] = by.get(same, 0) | 1 << n
            for v, mask in by.items():
                yield v, Box(box.combos, mask, box.roles)
            return
        if kind in ("eq", "trait"):
            base = key[1] if kind == "eq" else key[2]
            assert isinstance(base, tuple)
            if base[0] == "role":
                n = self.index[str(base[1])]
                mask = box.roles[n]
                if kind == "eq":  # (by the role's bit: yes and no, in the order of the roles' first)
                    role = key[2]
                    asked = self.bit.get(role) if isinstance(role, str) else None
                    yes = mask & (1 << asked) if asked is not None else 0
                    no = mask & ~yes
                    first_yes = yes & mask & -mask  # (the lowest role of the mask is the one asked)
                    for v, m in ((True, yes), (False, no)) if first_yes else ((False, no), (True, yes)):
                        if m:
                            yield v, box.with_roles(n, m)
                    return
                by = {}
                for r in self.roles_of(box.roles[n]):
                    if kind == "eq":
                        answer: object = r == key[2]
                    else:
                        role = self.content.roles.get(r)
                        answer = getattr(role, str(key[1])) if role is not None else None
                    by[answer] = by.get(answer, 0) | 1 << self.bit[r]
                for v, mask in by.items():
                    yield v, box.with_roles(n, mask)
                return
            yield from self._by_combo(box, key, lambda k: self._plot_value(base, k) == key[2])
            return
        if kind == "same":
            a, b = key[1], key[2]
            assert isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == "role"
            na, nb = self.index[str(a[1])], self.index[str(b[1])]
            for r in self.roles_of(box.roles[na]):
                bit = 1 << self.bit[r]
                one = box.with_roles(na, bit)
                if box.roles[nb] & bit:
                    yield True, one.with_roles(nb, bit)
                if box.roles[nb] & ~bit:
                    yield False, one.with_roles(nb, box.roles[nb] & ~bit)
            return
        yield from self._by_combo(box, key, lambda k: self._plot_value(key, k))

    def _holders(self, box: Box, bit: int, keys: tuple[Any, ...]) -> list[tuple[object, Box]]:
        """``box`` split by which of the characters ``keys`` hold the role ``bit`` (the tuple of their
        keys), a character at a time, the parts that hold no sheet dropped as soon as they are made (so
        that a role one character at most may hold makes few parts, not every subset); each part holds a
        sheet."""
        parts: list[tuple[tuple[Any, ...], Box]] = [((), box)]
        for key in keys:
            n = self.index[str(key[1])]
            nxt: list[tuple[tuple[Any, ...], Box]] = []
            for held, b in parts:
                mask = b.roles[n]
                yes, no = mask & bit, mask & ~bit
                if yes and no:
                    part = b.with_roles(n, yes)
                    if self.feasible(part):
                        nxt.append(((*held, key), part))
                    part = b.with_roles(n, no)
                    if self.feasible(part):
                        nxt.append((held, part))
                else:
                    nxt.append(((*held, key) if yes else held, b))
            parts = nxt
        return list(parts)

    def _plot_value(self, key: tuple[object, ...], k: Combination) -> object:
        kind = key[0]
        if kind == "main":
            return k.main
        if kind == "plot":
            return key[1] == k.main or key[1] in k.subplots
        if kind == "subplot":
            return key[1] in k.subplots
        if kind == "plots":
            return frozenset((k.main, *k.subplots))
        if kind == "subplots":
            return k.subplots
        raise KeyError(key)

    def _by_combo(self, box: Box, key: tuple[object, ...], value: Any) -> Iterator[tuple[object, Box]]:
        """``box`` split by a question about the plots (``value`` of a combination, the answer to
        ``key``): the combinations of each answer found once per question, the answers in the order of
        their first combination in ``box``."""
        by = self._combo_answers.get(key)
        if by is None:
            found: dict[object, int] = {}
            for n, k in enumerate(self.combos):
                v = value(k)
                found[v] = found.get(v, 0) | 1 << n
            by = self._combo_answers[key] = list(found.items())
        combos = box.combos
        parts = [(m & -m, v, m) for v, all_m in by if (m := combos & all_m)]
        if len(parts) > 1:
            parts.sort(key=operator.itemgetter(0))
        for _, v, mask in parts:
            yield v, Box(mask, box.params, box.roles)

    def restrict(
        self, box: Box, key: tuple[object, ...], values: frozenset[object] | set[object]
    ) -> Box | None:
        """The part of ``box`` whose answer to ``key`` is one of ``values`` (one box: ``key`` is about one
        factor), or ``None`` when it holds no sheet."""
        parts = [p for v, p in self._split(box, key) if v in values]
        if not parts:
            return None
        out = parts[0]
        for p in parts[1:]:
            out = Box(
                out.combos | p.combos,
                out.params | p.params,
                tuple(a | b for a, b in zip(out.roles, p.roles, strict=True)),
            )
        return self.tight(out)

    # ------------------------------------------------------------------ reading sheets back
    def sheets_of(self, box: Box) -> Iterator[tuple[int, int, dict[str, str]]]:
        """Every sheet of ``box`` as (combination, parameter choice, roles): for tests and for listing a
        few candidates (in the order of the combinations, then of the roles by cast order)."""
        params = [n for n in range(len(self.params)) if box.params >> n & 1]
        for combo, _ in self.combo_counts(box):
            for roles in self._assignments_of(combo, box.roles, 0):
                for p in params:
                    yield combo, p, dict(zip(self.cast, roles, strict=True))

    def _assignments_of(self, combo: int, roles: tuple[int, ...], n: int) -> Iterator[list[str]]:
        if n == len(roles):
            yield []
            return
        for r in self.roles_of(roles[n]):
            fixed = (*roles[:n], 1 << self.bit[r], *roles[n + 1 :])
            if self.count_roles(combo, fixed):
                for rest in self._assignments_of(combo, fixed, n + 1):
                    yield [r, *rest]

    def nth_sheet(self, box: Box, i: int) -> tuple[int, int, dict[str, str]]:
        """The ``i``-th sheet of ``box`` in the order of :meth:`sheets_of`, found by counting (no list)."""
        n_params = box.params.bit_count()
        params = [n for n in range(len(self.params)) if box.params >> n & 1]
        for combo, c in self.combo_counts(box):
            if i >= c * n_params:
                i -= c * n_params
                continue
            a, p = divmod(i, n_params)
            roles = box.roles
            names = []
            for n in range(len(roles)):
                for r in self.roles_of(roles[n]):
                    fixed = (*roles[:n], 1 << self.bit[r], *roles[n + 1 :])
                    m = self.count_roles(combo, fixed)
                    if a < m:
                        roles = fixed
                        names.append(r)
                        break
                    a -= m
            return combo, params[p], dict(zip(self.cast, names, strict=True))
        raise IndexError(i)


_SPACES: dict[tuple[object, ...], tuple[Content, Space]] = {}


def _space(
    set_id: str,
    loops: int,
    days: int,
    cast: tuple[str, ...],
    incidents: tuple[tuple[int, str], ...],
    frame: Script,
    content: Content,
) -> Space:
    key = (set_id, loops, days, cast, incidents, tuple(sorted(frame.options.items())), id(content))
    hit = _SPACES.get(key)
    if hit is None or hit[0] is not content:
        if len(_SPACES) > 32:
            _SPACES.clear()
        hit = _SPACES[key] = (content, Space(frame, content))
    return hit[1]


def _valid_parameters(frame: Script, content: Content) -> list[Params]:
    """The character parameters the validator accepts on ``frame`` (independently of the roles): every
    choice the cast calls for, judged by :func:`script_problems` on a sheet of Persons, its problems
    about the parameters only."""
    from rulesengine.looper.deduction.sheets import _parameters

    out = []
    for params in _parameters(frame, content):
        from dataclasses import replace

        trial = replace(
            with_params(frame, params), main_plot="", subplots=(), roles=dict.fromkeys(frame.cast, "person")
        )
        problems = script_problems(trial, content)
        if not any(any(f in str(p.where) for f in PARAM_FIELDS) for p in problems):
            out.append(params)
    return out


def _assignments(
    need: tuple[tuple[int, int, int], ...], person: int, groups: tuple[tuple[int, int], ...]
) -> int:
    """The ways to give each character of ``groups`` ((allowed mask, how many) pairs) a role of its
    mask, every ``need`` role (bit, least, most) held by least..most of them, the rest Persons (when
    their mask allows it).

    A dynamic programme over the characters, one at a time, its state the count each ``need`` role has
    reached so far, written as one number (mixed radix: :func:`_layout`); a character takes the Person
    (when its mask allows) or one of its ``need`` roles with room left.

    >>> # two characters free among Killer (bit 0, exactly 1) and the Person (bit 1)
    >>> _assignments(((0, 1, 1),), 1, ((0b11, 2),))
    2
    >>> # and a third who can only be the Killer: the two others are Persons
    >>> _assignments(((0, 1, 1),), 1, ((0b01, 1), (0b11, 2)))
    1
    """
    radix, room, done = _layout(tuple(h for _, _, h in need), tuple(lo for _, lo, _ in need))
    states: dict[int, int] = {0: 1}
    for mask, m in groups:
        steps = [(radix[j], room[j]) for j, (b, _, _) in enumerate(need) if mask >> b & 1]
        person_ok = bool(mask >> person & 1)
        for _ in range(m):
            nxt = dict(states) if person_ok else {}
            get = nxt.get
            for code, ways in states.items():
                for r, free in steps:
                    if code in free:
                        nxt[code + r] = get(code + r, 0) + ways
            states = nxt
            if not states:
                return 0
    return sum(w for code, w in states.items() if code in done)


@lru_cache(maxsize=4096)
def _layout(
    highs: tuple[int, ...], lows: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[frozenset[int], ...], frozenset[int]]:
    """The count states of :func:`_assignments` as numbers: each role's radix (its count is the digit
    ``code // radix % (most + 1)``), for each role the codes where it has room for one more, and the
    codes where every role has reached its least count.

    >>> _layout((1, 2), (1, 0))  # a role 0..1 and a role 0..2: codes 0..5
    ((1, 2), (frozenset({0, 2, 4}), frozenset({0, 1, 2, 3})), frozenset({1, 3, 5}))
    """
    radix: list[int] = []
    size = 1
    for h in highs:
        radix.append(size)
        size *= h + 1
    digits = [[code // r % (h + 1) for code in range(size)] for r, h in zip(radix, highs, strict=True)]
    room = tuple(
        frozenset(code for code in range(size) if d[code] < h) for d, h in zip(digits, highs, strict=True)
    )
    done = frozenset(
        code for code in range(size) if all(d[code] >= lo for d, lo in zip(digits, lows, strict=True))
    )
    return tuple(radix), room, done


@lru_cache(maxsize=65536)
def count_culprits(sets: tuple[int, ...]) -> int:
    """How many ways to give each incident day a culprit from its set (``sets``: cast masks, one per
    day), no character twice (the validator's rule: a character is the culprit of at most one
    incident).

    >>> count_culprits((0b11, 0b11)), count_culprits((0b1, 0b1)), count_culprits((0b111, 0b1))
    (2, 0, 2)
    """
    states: dict[int, int] = {0: 1}
    for s in sets:
        nxt: dict[int, int] = {}
        for used, w in states.items():
            free = s & ~used
            while free:
                low = free & -free
                free ^= low
                nxt[used | low] = nxt.get(used | low, 0) + w
        states = nxt
    return sum(states.values())
