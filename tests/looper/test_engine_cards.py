"""Board geometry, hands and the card resolution of TL-D4 (scenario tests with literal results)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.looper.rules.board import LOCATIONS, combine_moves, move
from rulesengine.looper.rules.cards import (
    DECK,
    MASTERMIND_HAND,
    ONCE_PER_LOOP,
    PROTAGONIST_HAND,
    PlacedCard,
    apply_paranoia,
    resolve_counters,
    resolve_movement,
)

MM, P0, P1, P2 = "mastermind", "protagonist:0", "protagonist:1", "protagonist:2"


def test_movement_table_every_location_content_s2() -> None:
    """Content §2: the movement table of the 2x2 grid."""
    assert [move(loc, "horizontal") for loc in LOCATIONS] == ["shrine", "hospital", "school", "city"]
    assert [move(loc, "vertical") for loc in LOCATIONS] == ["city", "school", "hospital", "shrine"]
    assert [move(loc, "diagonal") for loc in LOCATIONS] == ["school", "city", "shrine", "hospital"]


def test_movement_combination_table_tl_d4() -> None:
    """TL-D4: two different directions make the third; copies do not add up."""
    assert combine_moves(["horizontal", "vertical"]) == "diagonal"
    assert combine_moves(["diagonal", "horizontal"]) == "vertical"
    assert combine_moves(["diagonal", "vertical"]) == "horizontal"
    assert combine_moves(["vertical", "vertical"]) == "vertical"
    assert combine_moves(["diagonal", "diagonal"]) == "diagonal"


def test_stacked_same_direction_moves_once_edge_ruling() -> None:
    """Edge ruling §10: stacked same-direction movement cards move the character once (TL-D4)."""
    cards = [PlacedCard(MM, "move_horizontal", "a"), PlacedCard(P0, "move_horizontal", "a")]
    assert resolve_movement(cards, {"a": "city"}, {}) == ({"a": "school"}, [])


def test_hands_tl_d2_tl_d3() -> None:
    """TL-D2/TL-D3: the Mastermind holds 10 cards, each protagonist 8; the once-per-loop marks (TL-D4c)."""
    assert sum(MASTERMIND_HAND.values()) == 10
    assert MASTERMIND_HAND["paranoia_plus_1"] == 2
    assert sum(PROTAGONIST_HAND.values()) == 8
    assert sorted(ONCE_PER_LOOP["mastermind"]) == ["intrigue_plus_2", "move_diagonal"]
    assert sorted(ONCE_PER_LOOP["protagonist"]) == ["forbid_movement", "goodwill_plus_2", "paranoia_minus_1"]
    assert dict(DECK.directions) == {
        "move_horizontal": "horizontal",
        "move_vertical": "vertical",
        "move_diagonal": "diagonal",
    }


def test_forbid_movement_cancels_moves_tl_d4a() -> None:
    """TL-D4a: Forbid Movement cancels every movement card on the same character."""
    cards = [PlacedCard(MM, "move_diagonal", "a"), PlacedCard(P0, "forbid_movement", "a")]
    assert resolve_movement(cards, {"a": "city"}, {}) == ({}, [0])


def test_forbidden_destination_of_combined_move_ignored() -> None:
    """TL-D4 (content §1): the net destination is checked, not each card; a forbidden one means no move."""
    cards = [PlacedCard(MM, "move_horizontal", "maiden"), PlacedCard(P1, "move_vertical", "maiden")]
    # Shrine + horizontal + vertical = diagonal = City, forbidden for the Shrine Maiden.
    assert resolve_movement(cards, {"maiden": "shrine"}, {"maiden": frozenset({"city"})}) == ({}, [])
    # A single vertical card moves her to the School, which is allowed.
    assert resolve_movement(cards[1:], {"maiden": "shrine"}, {"maiden": frozenset({"city"})}) == (
        {"maiden": "school"},
        [],
    )


def test_movement_on_location_does_nothing_tl_d4() -> None:
    """Content §1: a movement card on a location is a bluff and does nothing."""
    assert resolve_movement([PlacedCard(MM, "move_vertical", "city")], {"a": "city"}, {}) == ({}, [])


def test_forbid_paranoia_cancels_both_directions_tl_d4a() -> None:
    """TL-D4a: Forbid Paranoia voids Paranoia +1 and -1 on its target, not elsewhere."""
    cards = [
        PlacedCard(MM, "forbid_paranoia", "a"),
        PlacedCard(P0, "paranoia_plus_1", "a"),
        PlacedCard(P1, "paranoia_minus_1", "b"),
    ]
    r = resolve_counters(cards, ["a", "b"])
    assert (r.paranoia_plus, r.paranoia_minus, r.cancelled) == ({}, {"b": 1}, [1])


def test_forbid_goodwill_cancels_goodwill_tl_d4a() -> None:
    """TL-D4a: Forbid Goodwill voids Goodwill cards on its target; the Time Traveler ignores it."""
    cards = [PlacedCard(MM, "forbid_goodwill", "a"), PlacedCard(P0, "goodwill_plus_2", "a")]
    assert resolve_counters(cards, ["a"]).goodwill == {}
    assert resolve_counters(cards, ["a"], ignore_forbid_goodwill=["a"]).goodwill == {"a": 2}


def test_one_forbid_intrigue_cancels_tl_d4a() -> None:
    """TL-D4a: a single Forbid Intrigue voids Intrigue cards on its target (character or location)."""
    cards = [
        PlacedCard(MM, "intrigue_plus_1", "a"),
        PlacedCard(MM, "intrigue_plus_2", "school"),
        PlacedCard(P0, "forbid_intrigue", "a"),
    ]
    r = resolve_counters(cards, ["a"])
    assert (r.intrigue, r.cancelled) == ({"school": 2}, [0])


@pytest.mark.parametrize("n_forbids", [2, 3])
def test_two_or_more_forbid_intrigue_void_each_other_tl_d4a(n_forbids: int) -> None:
    """TL-D4a (content §1): two or more Forbid Intrigue cards in one day are all void."""
    owners = [P0, P1, P2][:n_forbids]
    targets = ["a", "school", "city"][:n_forbids]
    cards = [PlacedCard(MM, "intrigue_plus_1", "a"), PlacedCard(MM, "intrigue_plus_2", "school")]
    cards += [PlacedCard(o, "forbid_intrigue", t) for o, t in zip(owners, targets, strict=True)]
    r = resolve_counters(cards, ["a"])
    assert (r.intrigue, r.cancelled, r.forbid_intrigue_void) == ({"a": 1, "school": 2}, [], True)


def test_cultist_ignores_forbid_intrigue() -> None:
    """Content §5 Cultist: the Mastermind may ignore Forbid Intrigue at the Cultist's location."""
    cards = [PlacedCard(MM, "intrigue_plus_1", "school"), PlacedCard(P0, "forbid_intrigue", "school")]
    assert resolve_counters(cards, [], ignore_forbid_intrigue=["school"]).intrigue == {"school": 1}


def test_forbid_cards_do_not_touch_other_kinds_tl_d4b() -> None:
    """TL-D4a/TL-D4b: a Forbid card voids only action cards of its own kind."""
    cards = [PlacedCard(MM, "forbid_goodwill", "a"), PlacedCard(P0, "paranoia_plus_1", "a")]
    assert resolve_counters(cards, ["a"]).paranoia_plus == {"a": 1}


def test_paranoia_plus_before_minus_and_floor_zero_tl_d4() -> None:
    """TL-D4 (content §1): +1s before -1s; counters never go below zero."""
    assert apply_paranoia(0, 1, 1) == 0 + 1 - 1
    assert apply_paranoia(0, 0, 1) == 0
    assert apply_paranoia(1, 0, 2) == 0
    assert apply_paranoia(0, 2, 1) == 1


def test_counter_cards_on_locations_tl_d4() -> None:
    """Content §1: paranoia and goodwill cards on a location do nothing; intrigue cards work there."""
    cards = [
        PlacedCard(MM, "paranoia_plus_1", "city"),
        PlacedCard(P0, "goodwill_plus_1", "city"),
        PlacedCard(MM, "intrigue_plus_1", "hospital"),
    ]
    r = resolve_counters(cards, ["a"])
    assert (r.paranoia_plus, r.goodwill, r.intrigue) == ({}, {}, {"hospital": 1})


CARD_KINDS = sorted(set(MASTERMIND_HAND) | set(PROTAGONIST_HAND))
TARGETS = ["a", "b", "hospital", "school"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from([MM, P0, P1, P2]), st.sampled_from(CARD_KINDS), st.sampled_from(TARGETS)),
        max_size=6,
    ),
    st.dictionaries(st.sampled_from(["a", "b"]), st.integers(0, 3)),
)
def test_resolution_properties_tl_d4(raw: list[tuple[str, str, str]], paranoia: dict[str, int]) -> None:
    """TL-D4 properties: counters never go below zero; only paranoia can go down; a Forbid card never
    cancels a card of another kind (TL-D4a); cards on locations never move anything."""
    cards = [PlacedCard(o, c, t) for o, c, t in raw]
    moves, cancelled_moves = resolve_movement(cards, {"a": "city", "b": "shrine"}, {})
    assert set(moves) <= {"a", "b"}
    r = resolve_counters(cards, ["a", "b"])
    for who in ("a", "b"):
        p = paranoia.get(who, 0)
        assert apply_paranoia(p, r.paranoia_plus.get(who, 0), r.paranoia_minus.get(who, 0)) >= 0
    assert all(v > 0 for v in (*r.goodwill.values(), *r.intrigue.values()))
    forbids = {
        "paranoia_plus_1": "forbid_paranoia",
        "paranoia_minus_1": "forbid_paranoia",
        "goodwill_plus_1": "forbid_goodwill",
        "goodwill_plus_2": "forbid_goodwill",
        "intrigue_plus_1": "forbid_intrigue",
        "intrigue_plus_2": "forbid_intrigue",
        "move_horizontal": "forbid_movement",
        "move_vertical": "forbid_movement",
        "move_diagonal": "forbid_movement",
    }
    for i in [*cancelled_moves, *r.cancelled]:
        c = cards[i]
        assert any(o.card == forbids[c.card] and o.target == c.target for o in cards)
