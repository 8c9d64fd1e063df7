"""The counted deduction (issue 23) against the enumerated one, its reference.

The factored space counts the sheets the validator allows (one verdict per sheet, the enumeration of
``sheets.py``); the counted search gives the same candidate count, distributions, best guesses,
eliminations, entropy and probability of the true script as the enumerated search, on games of every
shipped script cut down, and on parameter characters (Godly Being, Boss, Henchman) and the Mystery Boy.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.looper.deduction import (
    PublicRecord,
    PublicSheet,
    day_records,
    deduce,
    deduce_counted,
    deduce_enumerated,
    tiny_script,
)
from rulesengine.looper.deduction.sheets import private_sheets
from rulesengine.looper.deduction.space import Box, Space, _assignments, count_culprits
from rulesengine.looper.play.agents import HeuristicMastermind
from rulesengine.looper.rules.actions import PlaceCard, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import observation
from rulesengine.looper.rules.script import SCRIPTS_DIR, Script, load_script, script_problems
from tests.looper.test_deduce import played


def with_cast(name: str, cast: tuple[str, ...], days: int, loops: int, sheet: int) -> Script:
    """A small script of ``name`` with the given cast (its incidents on the first days), the
    ``sheet``-th private sheet the set allows."""
    full = load_script(SCRIPTS_DIR / f"{name}.yaml")
    incidents = tuple(
        replace(i, culprit=cast[n]) for n, i in enumerate(i for i in full.incidents if i.day <= days)
    )
    frame = replace(
        full,
        cast=cast,
        days=days,
        loops=loops,
        incidents=incidents,
        roles={c: "person" for c in cast},
        godly_being_entry_loop=None,
        boss_turf=None,
        henchman_start=None,
    )
    sheets = private_sheets(PublicSheet.of(frame).frame())
    s = sheets[sheet % len(sheets)]
    script = replace(
        frame,
        main_plot=s.main_plot,
        subplots=s.subplots,
        roles=dict(s.roles),
        godly_being_entry_loop=s.godly_being_entry_loop,
        boss_turf=s.boss_turf,
        henchman_start=s.henchman_start,
    )
    assert script_problems(script, Game(script).content) == []
    return script


def same(a: object, b: object) -> None:
    """The counted deduction ``a`` and the enumerated ``b`` agree on everything they report."""
    assert a.candidates == b.candidates  # type: ignore[attr-defined]
    assert a.total == b.total  # type: ignore[attr-defined]
    assert a.roles == b.roles  # type: ignore[attr-defined]
    assert a.culprits == b.culprits  # type: ignore[attr-defined]
    assert a.plots == b.plots  # type: ignore[attr-defined]
    assert a.eliminated == b.eliminated  # type: ignore[attr-defined]
    ga, pa = a.best_guesses()  # type: ignore[attr-defined]
    gb, pb = b.best_guesses()  # type: ignore[attr-defined]
    assert pa == pb and list(ga) == list(gb)
    assert a.entropy_bits == pytest.approx(b.entropy_bits)  # type: ignore[attr-defined]
    assert a.certain_roles == b.certain_roles  # type: ignore[attr-defined]
    key = lambda c: (c.sheet.key(), c.culprits)  # noqa: E731
    assert sorted(map(key, a.consistent)) == sorted(map(key, b.consistent))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["fs_01_tutorial", "fs_02_quiet_ward", "btx_01_first_contract"])
def test_the_space_counts_the_sheets_the_validator_allows(name: str) -> None:
    """Every shipped script the enumeration can list: the same number of sheets, for every character
    and role (the counts of roles a sheet may give, capped by the role's limit: content §5)."""
    public = PublicSheet.of(load_script(SCRIPTS_DIR / f"{name}.yaml")).frame()
    space = Space.of(public)
    sheets = private_sheets(public)
    assert space.count(space.whole()) == len(sheets)
    for n, c in enumerate(public.cast[:4]):
        listed = Counter(s.roles[c] for s in sheets)
        counted = {r: space.count(space.whole().with_roles(n, 1 << space.bit[r])) for r in space.role_names}
        assert {r: k for r, k in counted.items() if k} == dict(listed)


def test_the_space_counts_parameters_and_the_mystery_boy() -> None:
    """The Mystery Boy's irregular role (a role no plot names, never a Person) and the parameters of
    Godly Being, Boss and Henchman (independent of the roles), against the enumeration."""
    cast = ("mystery_boy", "godly_being", "boss", "henchman", "nurse")
    public = PublicSheet.of(with_cast("fs_03_festival_of_masks", cast, 3, 2, 0)).frame()
    space = Space.of(public)
    sheets = private_sheets(public)
    assert space.count(space.whole()) == len(sheets) > 0
    assert len(space.params) == len(
        {(s.godly_being_entry_loop, s.boss_turf, s.henchman_start) for s in sheets}
    )
    listed = Counter(s.roles["mystery_boy"] for s in sheets)
    counted = {r: space.count(space.whole().with_roles(0, 1 << space.bit[r])) for r in space.role_names}
    assert {r: k for r, k in counted.items() if k} == dict(listed)
    assert "person" not in listed
    # every sheet read back, in order, is one of the enumeration's
    box = space.whole()
    assert {space.nth_sheet(box, i)[2]["mystery_boy"] for i in range(0, space.count(box), 97)} <= set(listed)


def test_sheets_are_read_back_by_counting_in_order() -> None:
    """``nth_sheet`` (by counts, no list) reads the sheets in the order of ``sheets_of`` (listed), and
    those are the enumeration's, each once."""
    public = PublicSheet.of(
        tiny_script(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"), 3, 2, 1)
    ).frame()
    space = Space.of(public)
    box = space.whole()
    listed = list(space.sheets_of(box))
    assert [space.nth_sheet(box, i) for i in range(space.count(box))] == listed
    enumerated = {s.key() for s in private_sheets(public)}
    read = {
        (space.combos[k].main, space.combos[k].subplots, tuple(sorted(roles.items())), *space.params[p])
        for k, p, roles in listed
    }
    assert read == enumerated and len(listed) == len(enumerated)


def test_culprits_are_counted_distinct() -> None:
    assert count_culprits((0b111, 0b111, 0b111)) == math.perm(3, 3)
    assert count_culprits((0b1, 0b11, 0b110)) == 1 and count_culprits((0b11, 0b11, 0b100)) == 2


CASES = [
    ("fs_01_tutorial", 3, 2, 2),
    ("fs_02_quiet_ward", 3, 3, 1),
    ("btx_01_first_contract", 4, 3, 1),
    ("btx_02_clockwork_hearts", 4, 3, 1),
    ("btx_03_sealed_lantern", 4, 3, 2),
]


# small scripts with the Copycat (his role a copy of another cast member's, outside the role counts),
# one beside the Mystery Boy (an irregular role): (script, cast, days, loops)
COPYCAT = [
    ("btx_01_first_contract", ("copycat", "girl_student", "boy_student"), 2, 1),
    ("fs_01_tutorial", ("girl_student", "copycat", "shrine_maiden", "boy_student"), 2, 2),
    ("btx_02_clockwork_hearts", ("copycat", "mystery_boy", "girl_student", "office_worker"), 2, 1),
]


@pytest.mark.parametrize(("name", "cast", "days", "loops"), COPYCAT)
@pytest.mark.parametrize("seed", [0, 1])
def test_counted_equals_enumerated_with_the_copycat(
    name: str, cast: tuple[str, ...], days: int, loops: int, seed: int
) -> None:
    """The Copycat's copied role, kept by the root boxes (one per copied role and first original), gives
    the enumerated answers: counts, distributions, eliminations, best guesses."""
    script = with_cast(name, cast, days, loops, seed * 7)
    space = Space.of(PublicSheet.of(script).frame())
    assert sum(space.count(b) for b in space.wholes()) == len(private_sheets(script))
    for steps in (0, 10, 300):
        record = PublicRecord.from_game(played(script, seed, steps, heuristic=seed == 0))
        a, b = deduce_counted(record), deduce_enumerated(record)
        same(a, b)
        assert a.probability_of(script) == b.probability_of(script) > 0


def _keen_on_the_copycat(seed: int):  # type: ignore[no-untyped-def]
    """Protagonists who use copycat.1 whenever they may and put goodwill on him, at random otherwise."""
    rng = random.Random(seed)

    def act(_observation, legal):  # type: ignore[no-untyped-def]
        use = [a for a in legal if isinstance(a, UseAbility) and a.ability == "copycat.1"]
        good = [
            a
            for a in legal
            if isinstance(a, PlaceCard) and a.card.startswith("goodwill") and a.target == "copycat"
        ]
        return (use or good or [rng.choice(list(legal))])[0]

    return act


@pytest.mark.parametrize(
    ("name", "sheet", "seed"), [("btx_02_clockwork_hearts", 0, 0), ("btx_01_first_contract", 9, 1)]
)
def test_counted_equals_enumerated_after_the_copycat_names_his_twins(
    name: str, sheet: int, seed: int
) -> None:
    """copycat.1 (from loop 2: every other character whose role equals his) asks the space whether two
    hidden roles are the same: after it, at the end of every day, the counted answers are the
    enumerated ones."""
    script = with_cast(name, ("copycat", "girl_student", "boy_student", "class_rep"), 3, 3, sheet)
    game = Game(script)
    mastermind, protagonists = HeuristicMastermind(seed), _keen_on_the_copycat(seed)
    while game.pending is not None:
        side = "mastermind" if game.pending.who == "mastermind" else "protagonists"
        agent = mastermind if side == "mastermind" else protagonists
        game.apply(agent(observation(game, side), game.legal_actions()))
    after = [r for _, _, r in day_records(game) if any(e["kind"] == "same_role" for e in r.events)]
    assert after
    for record in after:
        same(deduce_counted(record), deduce_enumerated(record))


def test_the_whole_cherry_tree_circle_is_deduced_with_its_copycat() -> None:
    """``btx_04`` (a Copycat among ten characters, 25 million sheets: too many to list) is deduced by
    counting after each of the first days: the true script kept, the distributions summing to 1, the
    count never rising."""
    script = load_script(SCRIPTS_DIR / "btx_04_cherry_tree_circle.yaml")
    assert "copycat" in script.cast
    game = played(script, 0, 60, heuristic=True)
    counts = []
    for _loop, _day, record in day_records(game)[:3]:
        result = deduce(record)
        assert result.probability_of(script) > 0
        assert all(sum(d.values()) == 1 for d in result.roles.values())
        assert all(sum(d.values()) == 1 for d in result.culprits.values())
        counts.append(result.candidates)
    assert counts == sorted(counts, reverse=True)


@pytest.mark.parametrize(("name", "cast", "days", "loops"), CASES)
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("heuristic", [True, False])
def test_counted_equals_enumerated(
    name: str, cast: int, days: int, loops: int, seed: int, heuristic: bool
) -> None:
    """Many games, cut at several points: the counted deduction equals the enumerated one."""
    script = tiny_script(load_script(SCRIPTS_DIR / f"{name}.yaml"), cast, days, loops, sheet=seed * 7)
    for steps in (6, 20, 45, 200):
        game = played(script, seed, steps, heuristic)
        record = PublicRecord.from_game(game)
        a, b = deduce_counted(record), deduce_enumerated(record)
        same(a, b)
        assert a.probability_of(script) == b.probability_of(script) > 0  # the truth is never ruled out


def test_the_eliminations_are_cut_only_when_read_and_the_same_whenever_read() -> None:
    """The agents read the candidates and distributions, never the eliminations: the leaves below the
    consistent level are cut only when the eliminations are read (issue 23), and they are the same
    whether read before or after everything else, and the same as the enumerated deduction's."""
    script = tiny_script(load_script(SCRIPTS_DIR / "fs_02_quiet_ward.yaml"), 4, 3, 2, sheet=5)
    record = PublicRecord.from_game(played(script, 3, 120, True))
    late, early = deduce_counted(record), deduce_counted(record)
    first = list(early.eliminated)
    late.roles, late.best_guesses(), late.entropy_bits, list(late.consistent)
    cutter = late.eliminated._args[3]  # type: ignore[attr-defined]
    assert cutter._below is None and cutter.levels  # (not cut yet: leaves below the consistent level wait)
    assert list(late.eliminated) == first == deduce_enumerated(record).eliminated
    assert sum(e["removed"] for e in first) + late.candidates == late.total


def test_the_best_guesses_are_listed_only_as_far_as_read_tl_fg3() -> None:
    """TL-FG3's advisor reads the first of the tied best guesses, an agent one at random: the ties are
    listed as far as read (not all 180 for the first), and every way of reading them gives the list in
    the same sorted order as the enumerated deduction."""
    script = tiny_script(load_script(SCRIPTS_DIR / "fs_02_quiet_ward.yaml"), 4, 3, 2, sheet=5)
    record = PublicRecord.from_game(played(script, 3, 6, True))
    ties, p = deduce_counted(record).best_guesses()
    reference, q = deduce_enumerated(record).best_guesses()
    assert len(ties) == len(reference) == 180 and p == q == Fraction(1, 180)
    assert ties[0] == reference[0] and len(ties._prefix) == 1  # type: ignore[attr-defined]
    assert ties[7] == reference[7] and len(ties._prefix) == 8  # type: ignore[attr-defined]
    assert ties[-1] == reference[-1] and ties[3:40:5] == list(reference)[3:40:5]
    assert list(ties) == list(reference) and ties == reference
    with pytest.raises(IndexError):
        ties[180]


@pytest.mark.parametrize("seed", [0, 1])
def test_counted_equals_enumerated_with_parameter_characters(seed: int) -> None:
    """Godly Being's entry loop, Boss's turf, Henchman's start and the Mystery Boy: the same answers."""
    cast = ("mystery_boy", "godly_being", "boss", "henchman")
    script = with_cast("fs_03_festival_of_masks", cast, 2, 2, seed * 11)
    for steps in (10, 60, 300):
        record = PublicRecord.from_game(played(script, seed, steps, heuristic=True))
        a, b = deduce_counted(record), deduce_enumerated(record)
        same(a, b)
        assert a.probability_of(script) > 0


def test_the_whole_sealed_lantern_is_deduced_after_the_mastermind_s_first_cards() -> None:
    """``btx_03`` (2.1 billion sheets, refused by the enumeration) is deduced by counting: the true script
    kept, the distributions summing to 1, the count never rising as more of the game is seen."""
    script = load_script(SCRIPTS_DIR / "btx_03_sealed_lantern.yaml")
    counts = []
    for steps in (0, 1, 3):
        result = deduce(PublicRecord.from_game(played(script, 0, steps, heuristic=True)))
        assert result.probability_of(script) == Fraction(1, result.candidates)
        assert all(sum(d.values()) == 1 for d in result.roles.values())
        assert all(sum(d.values()) == 1 for d in result.culprits.values())
        assert sum(result.plots.values()) == 3  # a main plot and two subplots
        counts.append(result.candidates)
    assert counts == sorted(counts, reverse=True)


@pytest.mark.parametrize(("name", "cast", "days", "loops"), CASES)
def test_the_count_never_rises_day_by_day(name: str, cast: int, days: int, loops: int) -> None:
    """A whole small game, deduced at the end of every day (:func:`day_records`): the true script is never
    ruled out, its probability and the candidate count are exact, and the count never rises."""
    script = tiny_script(load_script(SCRIPTS_DIR / f"{name}.yaml"), cast, days, loops, sheet=3)
    game = played(script, 1, 10_000, heuristic=True)
    counts = []
    for _loop, _day, record in day_records(game):
        result = deduce_counted(record)
        assert result.probability_of(script) == Fraction(1, result.candidates)
        assert result.entropy_bits == pytest.approx(math.log2(result.candidates))
        counts.append(result.candidates)
    assert counts == sorted(counts, reverse=True)


@st.composite
def _role_rules(draw: st.DrawFn) -> tuple[tuple[tuple[int, int, int], ...], int, tuple[tuple[int, int], ...]]:
    """A counting question of the space: need roles (bit, least, most), the Person's bit, and groups of
    characters (allowed mask, how many)."""
    bits = draw(st.lists(st.integers(0, 7), min_size=1, max_size=4, unique=True))
    person = draw(st.sampled_from([b for b in range(9) if b not in bits]))
    need = []
    for b in bits:
        lo = draw(st.integers(0, 2))
        need.append((b, lo, lo + draw(st.integers(0, 2))))
    groups = draw(st.lists(st.tuples(st.integers(1, 511), st.integers(1, 3)), min_size=1, max_size=4))
    return tuple(need), person, tuple(sorted(groups))


@given(_role_rules())
@settings(max_examples=300, deadline=None)
def test_role_assignments_are_counted_as_listing_them_would(
    rules: tuple[tuple[tuple[int, int, int], ...], int, tuple[tuple[int, int], ...]],
) -> None:
    """The role-count programme of the space (``space._assignments``, the counting behind every
    probability) equals listing every assignment: each character a role its mask allows among the need
    roles and the Person, each need role held by least..most characters."""
    need, person, groups = rules
    allowed = {b for b, _, _ in need} | {person}
    choices = [[b for b in allowed if mask >> b & 1] for mask, m in groups for _ in range(m)]
    listed = sum(
        all(lo <= picks.count(b) <= hi for b, lo, hi in need) for picks in itertools.product(*choices)
    )
    assert _assignments(need, person, groups) == listed


def _marginal_spaces() -> list[Space]:
    """Spaces with every kind of character the counts tell apart: the Mystery Boy's irregular role and the
    parameter characters (a First Steps frame), the Copycat and a girl-only Key Person (Basic Tragedy X)."""
    cast = ("mystery_boy", "godly_being", "boss", "henchman", "nurse")
    return [
        Space.of(PublicSheet.of(with_cast("fs_03_festival_of_masks", cast, 3, 2, 0)).frame()),
        Space.of(PublicSheet.of(load_script(SCRIPTS_DIR / "btx_04_cherry_tree_circle.yaml")).frame()),
        Space.of(PublicSheet.of(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml")).frame()),
    ]


_MARGINAL_SPACES: list[Space] = []


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_the_role_counts_of_a_box_equal_fixing_each_role_in_turn(data: st.DataObject) -> None:
    """``Space.role_counts`` (every character's role counts of a box in one pass forwards and backwards,
    behind the role distributions) gives, for each character and role, the count of the box with that
    character held to that role, under each combination; the combinations it leaves out have none."""
    if not _MARGINAL_SPACES:
        _MARGINAL_SPACES.extend(_marginal_spaces())
    space = data.draw(st.sampled_from(_MARGINAL_SPACES))
    whole = data.draw(st.sampled_from(space.wholes()))

    def some(mask: int) -> int:
        bits = [b for b in range(mask.bit_length()) if mask >> b & 1]
        return sum(1 << b for b in data.draw(st.sets(st.sampled_from(bits), min_size=1)))

    box = Box(some(whole.combos), whole.params, tuple(some(m) for m in whole.roles))
    groups = space.role_counts(box)
    found = {k: counts for combos, counts in groups for k in combos}
    for k in range(len(space.combos)):
        if not box.combos >> k & 1:
            assert k not in found
            continue
        total = space.count_roles(k, box.roles)
        if k not in found:
            assert total == 0
            continue
        for n, mask in enumerate(box.roles):
            by = found[k][n]
            assert sum(by.values()) == total
            for b in range(mask.bit_length()):
                if mask >> b & 1:
                    fixed = list(box.roles)
                    fixed[n] = 1 << b
                    assert by.get(b, 0) == space.count_roles(k, tuple(fixed)), (k, n, space.role_names[b])


#: The bits a factor mask may use in the cutting test: the first factor straddles 62-bit words (as the
#: plot combinations of a large script do), the others are small (roles, culprits).
_CUT_BITS = ((0, 1, 61, 62, 63, 130), (0, 1, 2), (0, 3))


def _points(box: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every point of a box: one bit of each factor's mask."""
    return set(itertools.product(*[[b for b in bits if box[f] >> b & 1] for f, bits in enumerate(_CUT_BITS)]))


_cut_box = st.tuples(*[st.sets(st.sampled_from(bits), min_size=1).map(lambda s: sum(1 << b for b in s))
                       for bits in _CUT_BITS])


@settings(max_examples=200, deadline=None)
@given(st.lists(_cut_box, max_size=40), _cut_box)
def test_cutting_a_box_by_the_boxes_met_before_is_exact(
    met: list[tuple[int, ...]], box: tuple[int, ...]
) -> None:
    """``_Pieces.cut`` (the counted deduction's leaves made disjoint, a mask that straddles words
    included): its pieces lie in the box, miss every box met, do not overlap, and cover exactly the
    box's points that no box met holds; ``holds`` says whether one box met holds the box whole."""
    from rulesengine.looper.deduction.counted import _Pieces

    seen = _Pieces()
    for m in met:
        seen.add(m)
    pieces = seen.cut(box)
    covered = set().union(*(_points(m) for m in met))
    parts = [_points(p) for p in pieces]
    union = set().union(*parts)
    assert all(parts), pieces  # (no empty piece)
    assert sum(len(p) for p in parts) == len(union)  # (no two overlap)
    assert union == _points(box) - covered
    assert seen.holds(box) == any(_points(box) <= _points(m) for m in met)


@settings(max_examples=100, deadline=None)
@given(st.lists(_cut_box, max_size=30), st.lists(_cut_box, min_size=2, max_size=6))
def test_boxes_cut_in_turn_are_cut_by_the_boxes_added_between(
    met: list[tuple[int, ...]], boxes: list[tuple[int, ...]]
) -> None:
    """Boxes cut one after another, each added to the boxes met after its cut (as a level of the
    eliminations is cut): each cut is exact against every box added before it, the ones added since
    an earlier cut included (the index of the boxes meeting a mask is brought up to date, not rebuilt),
    whether a few boxes are left to compare (in Python) or many (numpy)."""
    from rulesengine.looper.deduction.counted import _Pieces

    seen = _Pieces()
    for m in met:
        seen.add(m)
    covered = set().union(*(_points(m) for m in met))
    for box in boxes:
        parts = [_points(p) for p in seen.cut(box)]
        union = set().union(*parts)
        assert all(parts) and sum(len(p) for p in parts) == len(union)
        assert union == _points(box) - covered
        seen.add(box)
        covered |= _points(box)


@given(st.sets(st.integers(0, 299)))
def test_the_bits_of_an_int_are_listed_in_order(positions: set[int]) -> None:
    """``_bits``: the boxes an int's set bits stand for, as the row numbers numpy reads."""
    from rulesengine.looper.deduction.counted import _bits

    assert _bits(sum(1 << b for b in positions), 300).tolist() == sorted(positions)
