"""Action cards: the hands, the once-per-loop marks, the movement directions and one day's resolution.

Rules: TL-D2, TL-D3, TL-D4, TL-D4a, TL-D4b, TL-D4c and the content facts §1. Every card fact (copies per
hand, once-per-loop marks, directions) is read from ``data/looper/cards.yaml`` by
:func:`~rulesengine.looper.rules.content.load_content`; :meth:`Deck.of` turns it into the tables the engine
uses, and the module-level names are the shipped content's values.

>>> sorted(MASTERMIND_HAND.items())[:2]
[('forbid_goodwill', 1), ('forbid_paranoia', 1)]
>>> sum(MASTERMIND_HAND.values()), sum(PROTAGONIST_HAND.values())
(10, 8)
>>> is_once_per_loop("mastermind", "intrigue_plus_2"), is_once_per_loop("protagonist", "intrigue_plus_1")
(True, False)
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from rulesengine.looper.rules.board import BOARD, Board, combine_moves, per_content
from rulesengine.looper.rules.content import CardKind, Content, load_content

#: The kinds of action card (content facts §1); the same enum as the loader's ``CardKind``.
Card = CardKind


@dataclass(frozen=True, slots=True)
class Deck:
    """The card facts of one content: each side's hand, its once-per-loop cards, the movement directions.

    ``hands[side]`` maps a card kind to its copies in one hand, in the file's order (``side`` is
    ``"mastermind"`` or ``"protagonist"``); ``directions`` maps each movement card kind to its direction.

    >>> deck = Deck.of(load_content())
    >>> deck.hands["mastermind"]["paranoia_plus_1"], sorted(deck.once_per_loop["mastermind"])
    (2, ['intrigue_plus_2', 'move_diagonal'])
    >>> deck.directions["move_diagonal"]
    'diagonal'
    """

    hands: Mapping[str, Mapping[str, int]]
    once_per_loop: Mapping[str, frozenset[str]]
    directions: Mapping[str, str]

    @staticmethod
    def of(content: Content) -> Deck:
        """The deck of ``content`` (built once per content object)."""
        return per_content(content, "deck", _build_deck)


def _build_deck(content: Content) -> Deck:
    hands: dict[str, dict[str, int]] = {}
    once: dict[str, frozenset[str]] = {}
    directions: dict[str, str] = {}
    for side in ("mastermind", "protagonist"):
        cards = [c for c in content.cards if c.owner == side]
        hands[side] = {str(c.kind): c.count for c in cards}
        once[side] = frozenset(str(c.kind) for c in cards if c.once_per_loop)
        directions.update((str(c.kind), str(c.direction)) for c in cards if c.direction is not None)
    return Deck(hands, once, directions)


#: The shipped deck.
DECK: Final = Deck.of(load_content())

#: The Mastermind's hand: card -> copies (10 cards in the shipped content).
MASTERMIND_HAND: Final[Mapping[str, int]] = DECK.hands["mastermind"]

#: Each protagonist's hand: card -> copies (8 cards in the shipped content).
PROTAGONIST_HAND: Final[Mapping[str, int]] = DECK.hands["protagonist"]

#: Cards marked "once per loop", per side (TL-D4c).
ONCE_PER_LOOP: Final[Mapping[str, frozenset[str]]] = DECK.once_per_loop


def side_of(owner: str) -> str:
    """``"mastermind"`` or ``"protagonist"`` for an owner name such as ``"protagonist:1"``.

    >>> side_of("protagonist:2")
    'protagonist'
    """
    return "mastermind" if owner == "mastermind" else "protagonist"


def hand_left(full: Mapping[str, int], *out: Iterable[str]) -> dict[str, int]:
    """The cards of a ``full`` hand (card -> copies) still in it once the cards of each of ``out`` are
    taken out — the spent once-per-loop cards and the cards placed today (TL-D4c) — without the cards
    that are gone.

    The one count of a hand: the engine's :meth:`~rulesengine.looper.rules.state.Table.hand`, its
    placement options and the observations' ``hands`` all read it.

    >>> hand_left({"forbid_movement": 2, "paranoia_plus_1": 1}, ["paranoia_plus_1"], ["forbid_movement"])
    {'forbid_movement': 1}
    """
    counts = dict(full)
    for cards in out:
        for card in cards:
            counts[card] -= 1
    return {k: n for k, n in counts.items() if n > 0}


def is_once_per_loop(side: str, card: str, deck: Deck = DECK) -> bool:
    """Whether ``card`` is marked once per loop in the hand of ``side`` (TL-D4c)."""
    return card in deck.once_per_loop[side]


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """One action card on the board: who owns it, what it is, where it lies (TL-D2, TL-D3)."""

    owner: str
    card: str
    target: str

    def __repr__(self) -> str:  # (the dataclass's text, written out: the deduction compares states as text)
        return f"PlacedCard(owner={self.owner!r}, card={self.card!r}, target={self.target!r})"


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
    *,
    board: Board = BOARD,
    deck: Deck = DECK,
    blocked: dict[str, str] | None = None,
) -> tuple[dict[str, str], list[int]]:
    """Steps (1) and (2) of TL-D4: Forbid Movement, then the combined movement of each character.

    ``locations`` gives each character on the board its location; cards on locations and on
    characters not in it do nothing. A character under Forbid Movement does not move (TL-D4a).
    When the net destination is a forbidden location the whole move is ignored (and, given a ``blocked``
    dict, recorded there: character → the forbidden destination, so the log can say why).
    Returns the moves and the indices of cancelled movement cards. Directions come from ``deck``, moves
    from ``board``.

    >>> cards = [PlacedCard("mastermind", "move_horizontal", "a"),
    ...          PlacedCard("protagonist:0", "move_vertical", "a")]
    >>> resolve_movement(cards, {"a": "hospital"}, {})
    ({'a': 'school'}, [])
    >>> blocked = {}
    >>> resolve_movement(cards, {"a": "hospital"}, {"a": frozenset({"school"})}, blocked=blocked), blocked
    (({}, []), {'a': 'school'})
    """
    cards = cards if isinstance(cards, list) else list(cards)
    stopped = {c.target for c in cards if c.card == _FORBID_MOVEMENT}
    directions: dict[str, list[str]] = {}
    cancelled: list[int] = []
    for i, c in enumerate(cards):
        d = deck.directions.get(c.card)
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
        dest = board.move(locations[who], net)
        if dest in forbidden.get(who, frozenset()):
            if blocked is not None:
                blocked[who] = dest
            continue
        moves[who] = dest
    return moves, cancelled


def resolve_counters(
    cards: Iterable[PlacedCard],
    characters: Iterable[str],
    *,
    ignore_forbid_intrigue: Iterable[str] = (),
    ignore_forbid_goodwill: Iterable[str] = (),
    locations: Iterable[str] = BOARD.locations,
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
    plus, minus, goodwill, intrigue, cancelled, void = counters(
        cards if isinstance(cards, list) else list(cards),
        characters if isinstance(characters, (set, frozenset)) else set(characters),
        ignore_forbid_intrigue,
        ignore_forbid_goodwill,
        locations if isinstance(locations, Container) else tuple(locations),
    )
    return Resolution({}, plus, minus, goodwill, intrigue, cancelled, void)


Counters = tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int], list[int], bool]


def counters(
    cards: list[PlacedCard],
    chars: Container[str],
    ignore_forbid_intrigue: Iterable[str],
    ignore_forbid_goodwill: Iterable[str],
    locations: Container[str],
) -> Counters:
    """:func:`resolve_counters` as a plain tuple (paranoia +, paranoia −, goodwill, intrigue, cancelled
    card indices, Forbid Intrigue void), the form the engine reads once a day.

    >>> counters([PlacedCard("mastermind", "paranoia_plus_1", "nurse")], {"nurse"}, (), (), ())
    ({'nurse': 1}, {}, {}, {}, [], False)
    """
    forbid_p: set[str] = set()
    forbid_g: set[str] = set()
    fi_targets: list[str] = []
    effects = _EFFECTS
    for c in cards:
        kind = c.card
        if kind in effects:
            continue
        if kind == _FORBID_PARANOIA:
            if c.target in chars:
                forbid_p.add(c.target)
        elif kind == _FORBID_GOODWILL:
            if c.target in chars:
                forbid_g.add(c.target)
        elif kind == _FORBID_INTRIGUE:
            fi_targets.append(c.target)
    void = len(fi_targets) >= 2
    if forbid_g and ignore_forbid_goodwill:
        forbid_g.difference_update(ignore_forbid_goodwill)
    forbid_i = set() if void or not fi_targets else set(fi_targets).difference(ignore_forbid_intrigue)
    out: Counters = ({}, {}, {}, {}, [], void)
    forbids = (forbid_p, forbid_p, forbid_g, forbid_i)
    cancelled = out[4]
    for i, c in enumerate(cards):
        effect = effects.get(c.card)
        if effect is None:
            continue
        which, amount = effect
        target = c.target
        if target not in chars and (which != _INTRIGUE or target not in locations):
            continue  # character cards on a location, or on no one in play
        if target in forbids[which]:
            cancelled.append(i)
            continue
        bucket: dict[str, int] = out[which]  # type: ignore[assignment]
        bucket[target] = bucket.get(target, 0) + amount
    return out


_FORBID_MOVEMENT: Final = str(Card.FORBID_MOVEMENT)
_FORBID_PARANOIA: Final = str(Card.FORBID_PARANOIA)
_FORBID_GOODWILL: Final = str(Card.FORBID_GOODWILL)
_FORBID_INTRIGUE: Final = str(Card.FORBID_INTRIGUE)
_INTRIGUE: Final = 3

#: What each counter card does: (bucket, amount); buckets are paranoia +, paranoia −, goodwill, intrigue.
_EFFECTS: Final[dict[str, tuple[int, int]]] = {
    str(Card.PARANOIA_PLUS_1): (0, 1),
    str(Card.PARANOIA_MINUS_1): (1, 1),
    str(Card.GOODWILL_PLUS_1): (2, 1),
    str(Card.GOODWILL_PLUS_2): (2, 2),
    str(Card.INTRIGUE_PLUS_1): (_INTRIGUE, 1),
    str(Card.INTRIGUE_PLUS_2): (_INTRIGUE, 2),
}


def resolution_step(card: str, deck: Deck = DECK) -> int:
    """The sub-step of TL-D4 of a card: 1 Forbid Movement, 2 movement, 3 other Forbids, 4 the rest.

    >>> cards = ("forbid_movement", "move_diagonal", "forbid_goodwill", "paranoia_plus_1")
    >>> [resolution_step(c) for c in cards]
    [1, 2, 3, 4]
    """
    if card == Card.FORBID_MOVEMENT:
        return 1
    if card in deck.directions:
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
