"""Action cards: the hands, the once-per-loop marks and the resolution of one day's cards.

Rules: TL-D2, TL-D3, TL-D4, TL-D4a, TL-D4b, TL-D4c and the content facts §1.

>>> sorted(MASTERMIND_HAND.items())[:2]
[('forbid_goodwill', 1), ('forbid_paranoia', 1)]
>>> sum(MASTERMIND_HAND.values()), sum(PROTAGONIST_HAND.values())
(10, 8)
>>> is_once_per_loop("mastermind", "intrigue_plus_2"), is_once_per_loop("protagonist", "intrigue_plus_1")
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from rulesengine.looper.board import LOCATIONS, combine_moves, move


class Card(StrEnum):
    """The kinds of action card (content facts §1)."""

    PARANOIA_PLUS_1 = "paranoia_plus_1"
    PARANOIA_MINUS_1 = "paranoia_minus_1"
    FORBID_PARANOIA = "forbid_paranoia"
    GOODWILL_PLUS_1 = "goodwill_plus_1"
    GOODWILL_PLUS_2 = "goodwill_plus_2"
    FORBID_GOODWILL = "forbid_goodwill"
    INTRIGUE_PLUS_1 = "intrigue_plus_1"
    INTRIGUE_PLUS_2 = "intrigue_plus_2"
    FORBID_INTRIGUE = "forbid_intrigue"
    MOVE_HORIZONTAL = "move_horizontal"
    MOVE_VERTICAL = "move_vertical"
    MOVE_DIAGONAL = "move_diagonal"
    FORBID_MOVEMENT = "forbid_movement"


#: The Mastermind's hand: card -> copies (10 cards).
MASTERMIND_HAND: Final[Mapping[str, int]] = {
    str(k): v
    for k, v in {
        Card.PARANOIA_PLUS_1: 2,
        Card.PARANOIA_MINUS_1: 1,
        Card.FORBID_PARANOIA: 1,
        Card.FORBID_GOODWILL: 1,
        Card.INTRIGUE_PLUS_1: 1,
        Card.INTRIGUE_PLUS_2: 1,
        Card.MOVE_HORIZONTAL: 1,
        Card.MOVE_VERTICAL: 1,
        Card.MOVE_DIAGONAL: 1,
    }.items()
}

#: Each protagonist's hand: card -> copies (8 cards).
PROTAGONIST_HAND: Final[Mapping[str, int]] = {
    str(k): v
    for k, v in {
        Card.PARANOIA_PLUS_1: 1,
        Card.PARANOIA_MINUS_1: 1,
        Card.GOODWILL_PLUS_1: 1,
        Card.GOODWILL_PLUS_2: 1,
        Card.FORBID_INTRIGUE: 1,
        Card.MOVE_HORIZONTAL: 1,
        Card.MOVE_VERTICAL: 1,
        Card.FORBID_MOVEMENT: 1,
    }.items()
}

#: Cards marked "once per loop", per side (TL-D4c).
ONCE_PER_LOOP: Final[Mapping[str, frozenset[str]]] = {
    "mastermind": frozenset({Card.INTRIGUE_PLUS_2, Card.MOVE_DIAGONAL}),
    "protagonist": frozenset({Card.PARANOIA_MINUS_1, Card.GOODWILL_PLUS_2, Card.FORBID_MOVEMENT}),
}

_DIRECTION: Final = {
    Card.MOVE_HORIZONTAL: "horizontal",
    Card.MOVE_VERTICAL: "vertical",
    Card.MOVE_DIAGONAL: "diagonal",
}


def side_of(owner: str) -> str:
    """``"mastermind"`` or ``"protagonist"`` for an owner name such as ``"protagonist:1"``.

    >>> side_of("protagonist:2")
    'protagonist'
    """
    return "mastermind" if owner == "mastermind" else "protagonist"


def is_once_per_loop(side: str, card: str) -> bool:
    """Whether ``card`` is marked once per loop in the hand of ``side`` (TL-D4c)."""
    return card in ONCE_PER_LOOP[side]


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """One action card on the board: who owns it, what it is, where it lies (TL-D2, TL-D3)."""

    owner: str
    card: str
    target: str


@dataclass(slots=True)
class Resolution:
    """What the day's cards do, worked out before anything is applied (TL-D4).

    ``moves`` maps a character to its new location; ``paranoia_plus``/``paranoia_minus``/
    ``goodwill``/``intrigue`` map a target to the amount each kind of card adds or removes.
    ``cancelled`` lists the cards (by index in the day's list) that a Forbid card voided.
    """

    moves: dict[str, str] = field(default_factory=dict)
    paranoia_plus: dict[str, int] = field(default_factory=dict)
    paranoia_minus: dict[str, int] = field(default_factory=dict)
    goodwill: dict[str, int] = field(default_factory=dict)
    intrigue: dict[str, int] = field(default_factory=dict)
    cancelled: list[int] = field(default_factory=list)
    forbid_intrigue_void: bool = False


def resolve_movement(
    cards: Iterable[PlacedCard],
    locations: Mapping[str, str],
    forbidden: Mapping[str, frozenset[str]],
) -> tuple[dict[str, str], list[int]]:
    """Steps (1) and (2) of TL-D4: Forbid Movement, then the combined movement of each character.

    ``locations`` gives each character on the board its location; cards on locations and on
    characters not in it do nothing. A character under Forbid Movement does not move (TL-D4a).
    When the net destination is a forbidden location the whole move is ignored.
    Returns the moves and the indices of cancelled movement cards.

    >>> cards = [PlacedCard("mastermind", "move_horizontal", "a"),
    ...          PlacedCard("protagonist:0", "move_vertical", "a")]
    >>> resolve_movement(cards, {"a": "hospital"}, {})
    ({'a': 'school'}, [])
    >>> resolve_movement(cards, {"a": "hospital"}, {"a": frozenset({"school"})})
    ({}, [])
    """
    cards = list(cards)
    stopped = {c.target for c in cards if c.card == Card.FORBID_MOVEMENT}
    directions: dict[str, list[str]] = {}
    cancelled: list[int] = []
    for i, c in enumerate(cards):
        d = _DIRECTION.get(c.card)  # type: ignore[call-overload]
        if d is None or c.target not in locations:
            continue
        if c.target in stopped:
            cancelled.append(i)
            continue
        directions.setdefault(c.target, []).append(d)
    moves: dict[str, str] = {}
    for who, ds in directions.items():
        net = combine_moves(ds)
        if net is None:
            continue
        dest = move(locations[who], net)
        if dest in forbidden.get(who, frozenset()):
            continue
        moves[who] = dest
    return moves, cancelled


def resolve_counters(
    cards: Iterable[PlacedCard],
    characters: Iterable[str],
    *,
    ignore_forbid_intrigue: Iterable[str] = (),
    ignore_forbid_goodwill: Iterable[str] = (),
) -> Resolution:
    """Steps (3) and (4) of TL-D4: the other Forbid cards, then every counter card.

    Forbid Paranoia voids both Paranoia cards on its target; Forbid Goodwill voids Goodwill cards
    (TL-D4a). Forbid Intrigue voids Intrigue cards on its target, but two or more Forbid Intrigue
    cards in one day void each other. ``ignore_forbid_intrigue`` lists targets where the Cultist
    chose to ignore Forbid Intrigue; ``ignore_forbid_goodwill`` targets that ignore Forbid
    Goodwill (the Time Traveler). Paranoia, goodwill and Forbid Paranoia/Goodwill cards on a
    location do nothing; intrigue cards work on locations too.

    >>> cards = [PlacedCard("mastermind", "intrigue_plus_2", "school"),
    ...          PlacedCard("protagonist:0", "forbid_intrigue", "school")]
    >>> r = resolve_counters(cards, [])
    >>> r.intrigue, r.cancelled
    ({}, [0])
    >>> r = resolve_counters(cards + [PlacedCard("protagonist:1", "forbid_intrigue", "city")], [])
    >>> r.intrigue, r.forbid_intrigue_void
    ({'school': 2}, True)
    """
    cards = list(cards)
    chars = set(characters)
    fi = [c for c in cards if c.card == Card.FORBID_INTRIGUE]
    res = Resolution(forbid_intrigue_void=len(fi) >= 2)
    ignore_fi = set(ignore_forbid_intrigue)
    forbid_p = {c.target for c in cards if c.card == Card.FORBID_PARANOIA and c.target in chars}
    forbid_g = {c.target for c in cards if c.card == Card.FORBID_GOODWILL and c.target in chars}
    forbid_g -= set(ignore_forbid_goodwill)
    forbid_i = set() if res.forbid_intrigue_void else {c.target for c in fi} - ignore_fi
    for i, c in enumerate(cards):
        kind = c.card
        if kind in (Card.PARANOIA_PLUS_1, Card.PARANOIA_MINUS_1):
            if c.target not in chars:
                continue
            if c.target in forbid_p:
                res.cancelled.append(i)
                continue
            bucket = res.paranoia_plus if kind == Card.PARANOIA_PLUS_1 else res.paranoia_minus
            bucket[c.target] = bucket.get(c.target, 0) + 1
        elif kind in (Card.GOODWILL_PLUS_1, Card.GOODWILL_PLUS_2):
            if c.target not in chars:
                continue
            if c.target in forbid_g:
                res.cancelled.append(i)
                continue
            res.goodwill[c.target] = res.goodwill.get(c.target, 0) + (
                1 if kind == Card.GOODWILL_PLUS_1 else 2
            )
        elif kind in (Card.INTRIGUE_PLUS_1, Card.INTRIGUE_PLUS_2):
            if c.target not in chars and c.target not in LOCATIONS:
                continue
            if c.target in forbid_i:
                res.cancelled.append(i)
                continue
            res.intrigue[c.target] = res.intrigue.get(c.target, 0) + (
                1 if kind == Card.INTRIGUE_PLUS_1 else 2
            )
    return res


def resolution_step(card: str) -> int:
    """The sub-step of TL-D4 of a card: 1 Forbid Movement, 2 movement, 3 other Forbids, 4 the rest.

    >>> cards = ("forbid_movement", "move_diagonal", "forbid_goodwill", "paranoia_plus_1")
    >>> [resolution_step(c) for c in cards]
    [1, 2, 3, 4]
    """
    if card == Card.FORBID_MOVEMENT:
        return 1
    if card in _DIRECTION:
        return 2
    if card in (Card.FORBID_PARANOIA, Card.FORBID_GOODWILL, Card.FORBID_INTRIGUE):
        return 3
    return 4


def apply_paranoia(value: int, plus: int, minus: int) -> int:
    """New paranoia after the day's cards: every +1 first, then every -1, never below zero (TL-D4).

    >>> apply_paranoia(0, 1, 1), apply_paranoia(0, 0, 1), apply_paranoia(2, 1, 2)
    (0, 0, 1)
    """
    return max(0, value + plus - minus)
