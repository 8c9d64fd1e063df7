"""The In a Grove game engine: deal, investigation, looks, accusations, reveal, scoring.

The state is an immutable value; :meth:`GameState.apply_action` returns the next state, so an illegal
action (which raises :class:`~rulesengine.errors.IllegalActionError` naming the rule id) leaves
the state it was tried on unchanged. Chance (the shuffle and deal, GR-S3) is an explicit player,
:data:`CHANCE`, with listed outcomes and exact probabilities.

Seats are numbered 0..n-1 clockwise: seat ``s + 1`` sits on the left of seat ``s``, so "pass to the
left" (GR-I2) and "clockwise" (GR-P4) both mean ``s -> s + 1``.

Rule ids: GR-S1..S3, GR-I1, GR-I2, GR-2P1..2P4, GR-P1..P6, GR-V1..V4, GR-E1..E3.

>>> import random
>>> state = new_game(3)
>>> state = state.apply_action(state.sample_chance(random.Random(1)))
>>> state.pending().kind, state.pending().seat, [a.suspects for a in state.legal_actions()]
(<DecisionKind.LOOK: 'look'>, 0, [(0, 1), (0, 2), (1, 2)])
>>> final = play_random(new_game(4), random.Random(7))
>>> final.is_terminal(), final.chips_total()
(True, 28)
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar, cast

from rulesengine.errors import IllegalActionError
from rulesengine.grove.rules.figures import (
    CULPRITS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Figure,
    check_players,
    figure_counts,
    figures_in_play,
    parse_figure,
)
from rulesengine.grove.rules.knowledge import Knowledge
from rulesengine.messages import Message, message

__all__ = [
    "CHANCE",
    "CHIPS_PER_PLAYER",
    "INCOMPETENT_LIMIT",
    "TERMINAL",
    "Accuse",
    "Action",
    "Deal",
    "Decision",
    "DecisionKind",
    "Event",
    "EventKind",
    "GameState",
    "Look",
    "Observation",
    "Outcome",
    "Penalty",
    "Phase",
    "RoundResult",
    "count_deals",
    "distinct_permutations",
    "enumerate_deals",
    "new_game",
    "next_leader",
    "penalty_stacks",
    "play_random",
    "rank_players",
]

#: The chance player (the shuffle and deal, GR-S3).
CHANCE = -1
#: ``current_player()`` once the game is over.
TERMINAL = -4
#: Detective chips per player (GR-C2, GR-S2).
CHIPS_PER_PLAYER = 7
#: The game ends after a round in which someone holds this many incompetent chips (GR-E1).
INCOMPETENT_LIMIT = 5

_new = object.__new__
_setattr = object.__setattr__
_R = TypeVar("_R")
_Stack = TypeVar("_Stack", bound=Sequence[int])


class Phase(enum.Enum):
    """Where a round stands."""

    DEAL = "deal"  # chance deals the figures (GR-S3); the investigation follows at once (GR-I1, GR-I2)
    LOOK = "look"  # the seat to act looks at two suspects (GR-P2, GR-P4)
    ACCUSE = "accuse"  # the seat to act places a chip (GR-P3, GR-P5)
    OVER = "over"  # the game has ended (GR-E1)


# The phases as module globals: reading one is ten times faster than ``_LOOK`` (an enum lookup).
_DEAL, _LOOK, _ACCUSE, _OVER = Phase.DEAL, Phase.LOOK, Phase.ACCUSE, Phase.OVER


class DecisionKind(enum.Enum):
    """What kind of decision is pending."""

    DEAL = "deal"
    LOOK = "look"
    ACCUSE = "accuse"


@dataclass(frozen=True, order=True)
class Deal:
    """One chance outcome: the shuffled figures in their places (GR-S3, GR-2P1).

    ``hands[s]`` is the figure dealt to seat ``s`` (before passing); ``suspects`` are the three
    suspects at the crime scene, ``victim`` the fourth scene figure, ``public`` the left-over figure
    turned face up with two players (``None`` otherwise).

    >>> Deal.of([2, 3, 4], [5, 8, 6], 7)
    Deal(hands=(2, 3, 4), suspects=(5, 8, 6), victim=7, public=None)
    """

    hands: tuple[Figure, ...]
    suspects: tuple[Figure, Figure, Figure]
    victim: Figure
    public: Figure | None = None

    @classmethod
    def of(
        cls,
        hands: Sequence[str | int],
        suspects: Sequence[str | int],
        victim: str | int,
        public: str | int | None = None,
    ) -> Deal:
        """Build a deal from printed faces (``"X"``, ``5``…); a shorthand for tests and notebooks."""
        sus = tuple(parse_figure(v, "suspects") for v in suspects)
        if len(sus) != 3:
            raise IllegalActionError.of("GR-S3", "grove.refusal.three_suspects", count=len(sus))
        return cls(
            hands=tuple(parse_figure(v, "hands") for v in hands),
            suspects=(sus[0], sus[1], sus[2]),
            victim=parse_figure(victim, "victim"),
            public=None if public is None else parse_figure(public, "public"),
        )

    @property
    def players(self) -> int:
        """The number of seats this deal is for."""
        return len(self.hands)

    def figures(self) -> tuple[Figure, ...]:
        """Every figure of the deal, in place order (hands, suspects, victim, public)."""
        extra = () if self.public is None else (self.public,)
        return (*self.hands, *self.suspects, self.victim, *extra)

    def alibis(self, seat: int) -> tuple[Figure, Figure]:
        """The two figures seat ``seat`` knows are not at the scene (GR-I1, GR-I2, GR-2P3).

        With 3 to 5 players: the figure dealt to the seat and the one received from the right.
        With 2 players: the figure in hand and the face-up figure.

        >>> Deal.of([2, 3, 4], [5, 8, 6], 7).alibis(0)
        (2, 4)
        """
        if self.public is not None:
            return (self.hands[seat], self.public)
        return (self.hands[seat], self.hands[(seat - 1) % self.players])


@dataclass(frozen=True, order=True)
class Look:
    """Seat ``seat`` looks secretly at two suspects (GR-P2 for the leader, GR-P4 for the others).

    ``suspects`` is the pair of suspect indices (stored sorted).

    >>> Look(0, (2, 0))
    Look(seat=0, suspects=(0, 2))
    """

    seat: int
    suspects: tuple[int, int]

    def __post_init__(self) -> None:
        pair = self.suspects
        if isinstance(pair, tuple | list) and len(pair) == 2 and all(isinstance(k, int) for k in pair):
            object.__setattr__(self, "suspects", (min(pair), max(pair)))


@dataclass(frozen=True, order=True)
class Accuse:
    """Seat ``seat`` places one detective chip under suspect ``suspect`` (GR-P3, GR-P5, GR-P6).

    >>> Accuse(1, 2)
    Accuse(seat=1, suspect=2)
    """

    seat: int
    suspect: int


Action = Deal | Look | Accuse


@dataclass(frozen=True)
class Decision:
    """Who must decide, what kind of decision, its sorted legal options and the rule that governs it.

    At the chance node ``options`` is empty (use :meth:`GameState.chance_outcomes`).
    """

    seat: int
    kind: DecisionKind
    options: tuple[Any, ...]
    rule_id: str


class EventKind(enum.Enum):
    """The kinds of log entries."""

    DEAL = "deal"
    PUBLIC_FIGURE = "public_figure"
    HAND = "hand"
    PASS = "pass"
    RECEIVE = "receive"
    LOOK = "look"
    SEE = "see"
    UNSEEN = "unseen"
    ACCUSE = "accuse"
    REVEAL = "reveal"
    BOX = "box"
    PENALTY = "penalty"
    LEADER = "leader"
    END = "end"


@dataclass(frozen=True)
class Event:
    """One log entry. ``audience`` is ``None`` for a public event, else the one seat that sees it.

    The engine formats an event's ``text`` when it is first read (most events of a simulated game never
    are); it reads, compares and prints like any other field.
    """

    round: int
    kind: EventKind
    audience: int | None
    rule_id: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    if not TYPE_CHECKING:  # called only for a missing attribute: the text of an engine event, once

        def __getattr__(self, name: str) -> Any:
            fields = self.__dict__
            if name == "text":
                lazy = fields.get("_message")
                if lazy is not None:
                    text = fields["text"] = message(lazy[0], "en", **lazy[1])
                    return text
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def message_id(self) -> str | None:
        """The catalog id of the event's sentence (``grove.event.look``…), ``None`` for a hand-made event."""
        lazy = self.__dict__.get("_message")
        return None if lazy is None else str(lazy[0])

    @property
    def fields(self) -> Mapping[str, Any]:
        """The named fields of the event's sentence (empty for a hand-made event)."""
        lazy = self.__dict__.get("_message")
        return {} if lazy is None else dict(lazy[1])

    def localized(self, language: str | None = None) -> str:
        """The sentence in ``language`` (``'en'``, ``'vi'``; default: the current one); :attr:`text` is
        the English one.

        >>> hand = new_game(3).apply_action(Deal.of([2, 3, 4], [5, 6, 7], 8)).events[1]
        >>> hand.text
        'Seat 0 looks at the figure in hand: 2 (an alibi)'
        >>> hand.localized("vi")
        'Chỗ ngồi 0 bí mật xem Hình nộm trên tay: 2 (ngoại phạm)'
        """
        lazy = self.__dict__.get("_message")
        return self.text if lazy is None else message(lazy[0], language, **lazy[1])

    @property
    def public(self) -> bool:
        """True if every seat sees this event."""
        return self.audience is None

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for the narrator who sees everything) sees it."""
        return viewer is None or self.audience is None or self.audience == viewer


@dataclass(frozen=True)
class Penalty:
    """Seat ``seat`` took the chips (by colour, bottom to top) under innocent suspect ``suspect`` (GR-V3)."""

    seat: int
    suspect: int
    chips: tuple[int, ...]


@dataclass(frozen=True)
class RoundResult:
    """The public record of one finished round (GR-V1..V4); ``looks`` and ``accusations`` are by seat."""

    round: int
    leader: int
    suspects: tuple[Figure, Figure, Figure]
    culprit: int
    looks: tuple[tuple[int, int], ...]
    unseen: int
    accusations: tuple[int, ...]
    stacks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    boxed: tuple[int, ...]
    penalties: tuple[Penalty, ...]
    next_leader: int | None


@dataclass(frozen=True)
class Outcome:
    """The end of the game: the ranking, best first, and how the loser was decided (GR-E2, GR-E3).

    ``decided_by`` names the tie-break that separated the loser from the next-worst player:
    ``"count"`` (most incompetent chips), ``"own colour"`` or ``"seat"`` (nearest to the right of
    the last round's leader).
    """

    ranking: tuple[int, ...]
    loser: int
    incompetent: tuple[int, ...]
    own_colour: tuple[int, ...]
    last_leader: int
    rounds: int
    decided_by: str

    def place(self, seat: int) -> int:
        """The 1-based place of ``seat`` (1 is best)."""
        return self.ranking.index(seat) + 1


def rank_players(incompetent: Sequence[Sequence[int]], last_leader: int, rounds: int = 0) -> Outcome:
    """Rank the players at the end of the game (GR-E2, GR-E3).

    Fewer incompetent chips rank higher. Ties: holding more incompetent chips of one's own colour
    ranks lower; still tied, the player nearer to the right of the last round's leader ranks lower
    (the right-hand neighbour is nearest, the leader itself farthest). **Decision**: the same order
    is used for the whole ranking, not only for the loser.

    >>> rank_players([[1], [1, 1], [2, 0]], last_leader=0).ranking   # seats 1, 2 tie; seat 1 owns 2
    (0, 2, 1)
    >>> rank_players([[], [], []], last_leader=0).loser   # all tied: seat 2 is on the leader's right
    2
    """
    n = len(incompetent)
    counts = tuple(len(chips) for chips in incompetent)
    own = tuple(sum(1 for c in chips if c == seat) for seat, chips in enumerate(incompetent))

    def distance_right(seat: int) -> int:
        d = (last_leader - seat) % n
        return n if d == 0 else d

    def badness(seat: int) -> tuple[int, int, int]:
        return (counts[seat], own[seat], -distance_right(seat))

    ranking = tuple(sorted(range(n), key=badness))
    loser = ranking[-1]
    runner = ranking[-2]
    if counts[loser] != counts[runner]:
        decided_by = "count"
    elif own[loser] != own[runner]:
        decided_by = "own colour"
    else:
        decided_by = "seat"
    return Outcome(ranking, loser, counts, own, last_leader, rounds, decided_by)


def next_leader(incompetent_counts: Sequence[int], leader: int) -> int:
    """The next round's leader (GR-V4).

    The player with the most incompetent chips other than the one who just led; on a tie the first
    tied player met going clockwise (to the left) from that leader (**Decision** on "leftmost").

    >>> next_leader([0, 0, 0, 0], leader=2)
    3
    >>> next_leader([3, 1, 3, 0], leader=0)
    2
    """
    n = len(incompetent_counts)
    order = [(leader + k) % n for k in range(1, n)]
    best = max(incompetent_counts[s] for s in order)
    return next(s for s in order if incompetent_counts[s] == best)


#: The two innocent suspects by the culprit's index.
_INNOCENT = ((1, 2), (0, 2), (0, 1))


def penalty_stacks(stacks: Sequence[_Stack], culprit: int) -> tuple[tuple[int, int, _Stack], ...]:
    """The penalty rule (GR-V2, GR-V3): who takes which stack, as ``(seat, suspect, stack)`` triples.

    ``stacks[k]`` is the stack of chips under suspect ``k``, by colour (the seat that placed each chip),
    bottom to top (GR-P6); ``culprit`` the culprit's index (GR-R1..GR-R3). The chips under the culprit go
    back to the box and nobody is penalised for them (GR-V2), so they are left out. For each innocent
    suspect with chips under it, in suspect order, the seat whose chip is on top takes the whole stack,
    other colours included (GR-V3). The stacks are returned as given (tuples or lists), not copied.

    The one statement of the rule: the engine's reveal, :mod:`rulesengine.grove.strategy.fastsim` and
    :mod:`rulesengine.grove.strategy.spiel` all read it.

    >>> penalty_stacks(((0,), (2, 0), (1,)), culprit=0)   # seat 0 tops suspect 1's stack; seat 1 its own
    ((0, 1, (2, 0)), (1, 2, (1,)))
    >>> penalty_stacks(((0, 1, 2), (), ()), culprit=1)   # one stack: seat 2 is on top and takes all three
    ((2, 0, (0, 1, 2)),)
    >>> penalty_stacks(([], [0, 1], []), culprit=1)      # every chip under the culprit: no penalty
    ()
    """
    a, b = _INNOCENT[culprit]
    under_a = stacks[a]
    under_b = stacks[b]
    if under_a:
        if under_b:
            return ((under_a[-1], a, under_a), (under_b[-1], b, under_b))
        return ((under_a[-1], a, under_a),)
    if under_b:
        return ((under_b[-1], b, under_b),)
    return ()


def distinct_permutations(counts: dict[Figure, int], length: int) -> Iterator[tuple[Figure, ...]]:
    """Every distinct ordering of ``length`` figures drawn from the multiset ``counts``, in sorted order.

    The two X figures look alike, so orderings that only swap them are one (GR-S1, GR-S3): with every
    figure in play and ``length`` their number, these are the deals of :func:`enumerate_deals`, in its
    order. ``counts`` (figure -> how many) is used as scratch space and is as given again afterwards.

    >>> X, FIVE = Figure.X, Figure.FIVE
    >>> list(distinct_permutations({X: 2, FIVE: 1}, 3))
    [(X, X, 5), (X, 5, X), (5, X, X)]
    >>> sum(1 for _ in distinct_permutations(dict(figure_counts(5)), 9)) == count_deals(5)
    True
    """
    if length == 0:
        yield ()
        return
    for fig in sorted(counts):
        if counts[fig]:
            counts[fig] -= 1
            for rest in distinct_permutations(counts, length - 1):
                yield (fig, *rest)
            counts[fig] += 1


def count_deals(players: int) -> int:
    """How many distinct deals there are for this player count (the two X figures look alike).

    >>> [count_deals(n) for n in (2, 3, 4, 5)]
    [5040, 5040, 40320, 181440]
    """
    from math import factorial

    counts = figure_counts(players)
    total = factorial(sum(counts.values()))
    for c in counts.values():
        total //= factorial(c)
    return total


def _deal_from(players: int, figures: Sequence[Figure]) -> Deal:
    hands = tuple(figures[:players])
    sus = figures[players : players + 3]
    victim = figures[players + 3]
    public = figures[players + 4] if players == 2 else None
    return Deal(hands, (sus[0], sus[1], sus[2]), victim, public)


def enumerate_deals(players: int) -> Iterator[Deal]:
    """Every distinct deal for this player count, each equally likely (GR-S3).

    >>> deals = list(enumerate_deals(3)); len(deals), deals[0]
    (5040, Deal(hands=(2, 3, 4), suspects=(5, 6, 7), victim=8, public=None))
    """
    counts = dict(figure_counts(players))
    for perm in distinct_permutations(counts, sum(counts.values())):
        yield _deal_from(players, perm)


@dataclass(frozen=True)
class Observation:
    """What one viewer knows now: a seat, or ``None`` for the narrator who sees everything.

    ``suspects`` holds the figure of each suspect this viewer has looked at in the current round
    (``None`` where unknown); ``alibis`` the two figures they know are not at the scene. The public
    part (looks, Unseen token, chip stacks, chips held) is the same for every viewer.
    """

    viewer: int | None
    players: int
    round: int
    phase: Phase
    leader: int
    current_player: int
    hand: Figure | None
    received: Figure | None
    public: Figure | None
    alibis: tuple[Figure, ...]
    suspects: tuple[Figure | None, Figure | None, Figure | None]
    victim: Figure | None
    hands: tuple[Figure | None, ...]
    unseen_token: int | None
    looks: tuple[tuple[int, int] | None, ...]
    accusations: tuple[int | None, ...]
    stacks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    detective_chips: tuple[int, ...]
    incompetent: tuple[tuple[int, ...], ...]
    box: tuple[int, ...]
    last_round: RoundResult | None
    events: tuple[Event, ...]

    def seen(self) -> dict[int, Figure]:
        """The suspects this viewer has looked at this round, as index -> figure."""
        return {i: f for i, f in enumerate(self.suspects) if f is not None}

    def knowledge(self) -> Knowledge:
        """This seat's information state for :func:`rulesengine.grove.odds.exact.culprit_odds`.

        Raises :class:`ValueError` for the narrator or before the deal.
        """
        if self.viewer is None or not self.alibis:
            raise ValueError("only a seat holding alibis has an information state")
        return Knowledge.make(self.players, self.alibis if self.public is None else self.alibis[:1],
                              self.seen(), self.public)


@dataclass(frozen=True)
class GameState:
    """An immutable In a Grove game state; :meth:`apply_action` returns the next one.

    Create one with :func:`new_game`. The engine builds a state's ``events`` when they are first read (a
    simulation that never reads the log does not pay for it); they read and compare like any other field.
    """

    players: int
    first_leader: int = 0
    round: int = 1
    leader: int = 0
    phase: Phase = Phase.DEAL
    deal: Deal | None = None
    turn: int | None = None
    looks: tuple[tuple[int, int] | None, ...] = ()
    unseen: int | None = None
    accusations: tuple[int | None, ...] = ()
    stacks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = ((), (), ())
    detective_chips: tuple[int, ...] = ()
    incompetent: tuple[tuple[int, ...], ...] = ()
    box: tuple[int, ...] = ()
    events: tuple[Event, ...] = field(default_factory=tuple)
    rounds: tuple[RoundResult, ...] = ()
    deals: tuple[Deal, ...] = ()
    final: Outcome | None = None

    if not TYPE_CHECKING:  # called only for a missing attribute: the events of a state made by the engine

        def __getattr__(self, name: str) -> Any:
            fields = self.__dict__
            if name == "events" and "_log" in fields:
                events = fields["events"] = fields["_log"].events_so_far()
                return events
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # ----------------------------------------------------------------- queries
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at the deal, :data:`TERMINAL` when the game is over."""
        if self.phase is _OVER:
            return TERMINAL
        if self.phase is _DEAL:
            return CHANCE
        assert self.turn is not None
        return self.turn

    def is_terminal(self) -> bool:
        """True once the game has ended (GR-E1)."""
        return self.phase is _OVER

    def is_chance_node(self) -> bool:
        """True when the next step is the shuffle and deal (GR-S3)."""
        return self.phase is _DEAL

    def pending(self) -> Decision | None:
        """The decision to make now, with its sorted legal options; ``None`` when the game is over.

        Not a second vocabulary: its ``seat`` is :meth:`current_player` and its ``options`` are
        :meth:`legal_actions` (the contract's names, which the package uses); it adds the kind of decision
        and the rule that governs it (GR-S3, GR-P2..GR-P5), kept for the table widget, the replay and
        the learner's refusals.

        Each decision is built once per seat and shape (the leader's look, GR-P2; a follower's look given
        the suspect accused on its right, GR-P4; the accusation, GR-P3/GR-P5) and shared: it is a value.
        """
        phase = self.phase
        if phase is _LOOK:
            seat = self.turn
            assert seat is not None
            if seat == self.leader:
                return _LEADER_LOOK[seat]
            accused = self.accusations[(seat - 1) % self.players]
            assert accused is not None
            return _FOLLOWER_LOOK[seat, accused]
        if phase is _ACCUSE:
            seat = self.turn
            assert seat is not None
            return _ACCUSE_DECISION[seat, seat == self.leader]
        if phase is _DEAL:
            return _DEAL_DECISION
        return None

    def legal_actions(self) -> list[Action]:
        """The sorted legal actions: the pending options, or every deal at the chance node."""
        if self.phase is _DEAL:
            return [deal for deal, _ in self.chance_outcomes()]
        decision = self.pending()
        return [] if decision is None else list(decision.options)

    def chance_outcomes(self) -> list[tuple[Deal, Fraction]]:
        """Every distinct deal with its exact probability (uniform; GR-S3).

        >>> outcomes = new_game(2).chance_outcomes(); len(outcomes), outcomes[0][1]
        (5040, Fraction(1, 5040))
        """
        if self.phase is not _DEAL:
            return []
        p = Fraction(1, count_deals(self.players))
        return [(deal, p) for deal in enumerate_deals(self.players)]

    def sample_chance(self, rng: random.Random) -> Deal:
        """Shuffle the figures with ``rng`` and deal them (GR-S3): one seeded chance outcome."""
        figures = list(_FIGURES.get(self.players) or figures_in_play(self.players))
        rng.shuffle(figures)
        return _deal_from(self.players, figures)

    def outcome(self) -> Outcome:
        """The ranking at the end of the game (GR-E2, GR-E3); raises if the game is not over."""
        if self.final is None:
            raise IllegalActionError.of("GR-E1", "grove.refusal.game_not_over")
        return self.final

    def returns(self) -> tuple[int, ...]:
        """-1 for the loser and 0 for everyone else (an OpenSpiel-style payoff)."""
        loser = self.outcome().loser
        return tuple(-1 if s == loser else 0 for s in range(self.players))

    def seen_by(self, seat: int) -> dict[int, Figure]:
        """The suspects seat ``seat`` has looked at this round, as index -> figure (GR-P2, GR-P4)."""
        pair = self.looks[seat] if self.looks else None
        if pair is None or self.deal is None:
            return {}
        return {i: self.deal.suspects[i] for i in pair}

    def observation(self, viewer: int | None) -> Observation:
        """What ``viewer`` knows now (a seat, or ``None`` for the narrator who sees everything).

        A seat knows the figure dealt to it and the one it received (GR-I1, GR-I2; with two players
        the face-up figure instead, GR-2P1..2P3), the suspects it looked at this round, and every
        public event; never another seat's private events.

        >>> import random
        >>> s = new_game(3).apply_action(Deal.of([2, 3, 4], [5, 8, 6], 7))
        >>> s = s.apply_action(Look(0, (0, 1)))
        >>> obs = s.observation(0); obs.alibis, obs.suspects, obs.unseen_token
        ((2, 4), (5, 8, None), 2)
        >>> s.observation(1).suspects
        (None, None, None)
        """
        n = self.players
        if viewer is not None and not 0 <= viewer < n:
            raise ValueError(f"no seat {viewer} with {n} players")
        deal = self.deal
        hand = received = public = victim = None
        alibis: tuple[Figure, ...] = ()
        hands: tuple[Figure | None, ...] = (None,) * n
        suspects: tuple[Figure | None, Figure | None, Figure | None] = (None, None, None)
        if deal is not None:
            public = deal.public
            if viewer is None:
                hands = deal.hands
                victim = deal.victim
                suspects = deal.suspects
            else:
                hand = deal.hands[viewer]
                alibis = deal.alibis(viewer)
                known: list[Figure | None] = [None] * n
                known[viewer] = hand
                if public is None:
                    received = deal.hands[(viewer - 1) % n]
                    known[(viewer - 1) % n] = received
                hands = tuple(known)
                seen = self.seen_by(viewer)
                suspects = (seen.get(0), seen.get(1), seen.get(2))
        return Observation(
            viewer=viewer,
            players=n,
            round=self.round,
            phase=self.phase,
            leader=self.leader,
            current_player=self.current_player(),
            hand=hand,
            received=received,
            public=public,
            alibis=alibis,
            suspects=suspects,
            victim=victim,
            hands=hands,
            unseen_token=self.unseen,
            looks=self.looks,
            accusations=self.accusations,
            stacks=self.stacks,
            detective_chips=self.detective_chips,
            incompetent=self.incompetent,
            box=self.box,
            last_round=self.rounds[-1] if self.rounds else None,
            events=_visible(self.events, viewer),
        )

    def visible_events(self, viewer: int | None) -> tuple[Event, ...]:
        """The log as ``viewer`` sees it (public events plus their own private ones)."""
        return _visible(self.events, viewer)

    def chips_total(self) -> int:
        """Chips in hands + under suspects + in the box + held as penalties (always 7 per player)."""
        return (
            sum(self.detective_chips)
            + sum(len(s) for s in self.stacks)
            + len(self.box)
            + sum(len(c) for c in self.incompetent)
        )

    # ----------------------------------------------------------------- helpers
    def _allowed_pair(self, seat: int) -> tuple[int, int]:
        """The two suspects the previous player (on the right) did not accuse (GR-P4)."""
        prev = (seat - 1) % self.players
        accused = self.accusations[prev]
        assert accused is not None
        a, b = (k for k in range(3) if k != accused)
        return (a, b)

    def _step(self, build: Callable[..., tuple[Event, ...]], args: tuple[Any, ...],
              **changes: Any) -> GameState:
        """The next state: ``changes``, and the log one step longer (``build(*args)``, built when read)."""
        fields = self.__dict__.copy()
        fields.update(changes)
        parent = fields.pop("_log", None)
        events = fields.pop("events", None)
        if parent is None:  # a state made by ``__init__`` (new_game, dataclasses.replace): its events as is
            parent = _Log(None, None, (), events)
        fields["_log"] = _Log(parent, build, args, None)
        state = _new(type(self))
        _setattr(state, "__dict__", fields)
        return state

    # ------------------------------------------------------------------ moves
    def apply_action(self, action: Action) -> GameState:
        """Return the state after ``action``; raise :class:`IllegalActionError` (rule id) if illegal.

        The contract's move (:mod:`rulesengine.contract`): this state is left unchanged.

        >>> s = new_game(3).apply_action(Deal.of([2, 3, 4], [5, 8, 6], 7))
        >>> s.apply_action(Accuse(0, 1))
        Traceback (most recent call last):
        ...
        rulesengine.errors.IllegalActionError: GR-P2: the leader (seat 0) must first look at two suspects
        """
        phase = self.phase
        if phase is _LOOK or phase is _ACCUSE:
            # Fast path: one of the pending options itself (as ``legal_actions()`` returns them), or an
            # action equal to one and made of plain ints, passes every check (GR-P2..GR-P5).
            decision = self.pending()
            assert decision is not None
            if _is_option(action, decision.options):
                seat = decision.seat
                if phase is _LOOK:
                    return self._look(seat, cast(Look, action).suspects, seat == self.leader)
                if self.detective_chips[seat] > 0:  # always, as the game ends first (GR-E1)
                    return self._accuse(seat, cast(Accuse, action).suspect, seat == self.leader)
        return self._apply_checked(action)

    def _apply_checked(self, action: Action) -> GameState:
        """:meth:`apply_action` for any action: check it, raising the error of the rule it breaks, then apply
        it."""
        if self.phase is _OVER:
            raise IllegalActionError.of("GR-E1", "grove.refusal.game_over", action=repr(action))
        if self.phase is _DEAL:
            if not isinstance(action, Deal):
                raise IllegalActionError.of("GR-S3", "grove.refusal.deal_first", action=repr(action))
            return self._apply_deal(action)
        if isinstance(action, Deal):
            raise IllegalActionError.of("GR-S3", "grove.refusal.deal_at_round_start")
        decision = self.pending()
        assert decision is not None
        seat = decision.seat
        leader = seat == self.leader
        if not isinstance(action, Look | Accuse):
            raise IllegalActionError.of(decision.rule_id, "grove.refusal.not_an_action", action=repr(action))
        if action.seat != seat:
            what = "grove.refusal.turn_to_look" if self.phase is _LOOK else "grove.refusal.turn_to_accuse"
            raise IllegalActionError.of(decision.rule_id, what, seat=seat, other=action.seat)
        if self.phase is _LOOK:
            if not isinstance(action, Look):
                who = "grove.refusal.leader_looks_first" if leader else "grove.refusal.player_looks_first"
                raise IllegalActionError.of(decision.rule_id, who, seat=seat)
            self._check_look(action, leader)
            return self._look(action.seat, action.suspects, leader)
        if not isinstance(action, Accuse):
            raise IllegalActionError.of(decision.rule_id, "grove.refusal.now_accuse", seat=seat)
        self._check_accuse(action, leader)
        return self._accuse(action.seat, action.suspect, leader)

    def _apply_deal(self, deal: Deal) -> GameState:
        n = self.players
        if not isinstance(deal.hands, tuple) or len(deal.hands) != n:
            raise IllegalActionError.of("GR-S3", "grove.refusal.deal_one_each", players=n)
        if (deal.public is None) != (n != 2):
            raise IllegalActionError.of("GR-2P1", "grove.refusal.two_player_face_up")
        if not _uses_figures_in_play(deal, n):
            raise IllegalActionError.of("GR-S1", "grove.refusal.figures_in_play", players=n,
                                        figures=str(list(figures_in_play(n))))
        return self._step(
            _deal_events, (self.round, deal),
            phase=_LOOK,
            deal=deal,
            turn=self.leader,
            looks=(None,) * n,
            unseen=None,
            accusations=(None,) * n,
            stacks=((), (), ()),
            deals=(*self.deals, deal),
        )

    def _check_look(self, action: Look, leader: bool) -> None:
        """Refuse a look at suspects the rules do not allow (GR-P2 for the leader, GR-P4 for the others)."""
        assert self.deal is not None
        pair = action.suspects
        seat = action.seat
        if leader:
            if (
                not isinstance(pair, tuple)
                or len(pair) != 2
                or not all(isinstance(k, int) and 0 <= k <= 2 for k in pair)
                or pair[0] == pair[1]
            ):
                raise IllegalActionError.of("GR-P2", "grove.refusal.leader_pair", pair=repr(pair))
        else:
            allowed = self._allowed_pair(seat)
            if pair != allowed:
                prev = (seat - 1) % self.players
                raise IllegalActionError.of("GR-P4", "grove.refusal.allowed_pair", seat=seat, a=allowed[0],
                                            b=allowed[1], previous=prev, pair=repr(pair))

    def _look(self, seat: int, pair: tuple[int, int], leader: bool) -> GameState:
        """Seat ``seat`` looks at the suspects ``pair`` (both checked); the leader places the Unseen token."""
        assert self.deal is not None
        looks = list(self.looks)
        looks[seat] = pair
        args = (self.round, seat, pair, self.deal.suspects, leader)
        if leader:
            unseen = 3 - pair[0] - pair[1]
            return self._step(_look_events, args, phase=_ACCUSE, looks=tuple(looks), unseen=unseen)
        return self._step(_look_events, args, phase=_ACCUSE, looks=tuple(looks))

    def _check_accuse(self, action: Accuse, leader: bool) -> None:
        """Refuse a chip under no suspect (GR-P3 for the leader, GR-P5 for the others) or without chips."""
        seat, k = action.seat, action.suspect
        rule = "GR-P3" if leader else "GR-P5"
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 2:
            raise IllegalActionError.of(rule, "grove.refusal.chip_under_suspect", suspect=repr(k))
        if self.detective_chips[seat] <= 0:  # cannot happen: the game ends first (GR-E1)
            raise IllegalActionError.of("GR-E1", "grove.refusal.no_chip_left", seat=seat)

    def _accuse(self, seat: int, k: int, leader: bool) -> GameState:
        """Seat ``seat`` places a chip under suspect ``k`` (both checked); the last chip starts the reveal."""
        stacks = list(self.stacks)
        stack = stacks[k] = (*stacks[k], seat)
        chips = list(self.detective_chips)
        chips[seat] -= 1
        accusations = list(self.accusations)
        accusations[seat] = k
        following = (seat + 1) % self.players
        args = (self.round, seat, k, stack, leader)
        if following == self.leader:
            return self._step(
                _accuse_events, args,
                stacks=(stacks[0], stacks[1], stacks[2]),
                detective_chips=tuple(chips),
                accusations=tuple(accusations),
            )._reveal()
        return self._step(
            _accuse_events, args,
            phase=_LOOK,
            turn=following,
            stacks=(stacks[0], stacks[1], stacks[2]),
            detective_chips=tuple(chips),
            accusations=tuple(accusations),
        )

    def _reveal(self) -> GameState:
        """Turn the suspects face up, box the right chips, hand out penalties, end or go on (GR-V*, GR-E*)."""
        assert self.deal is not None
        suspects = self.deal.suspects
        culprit = CULPRITS[suspects]  # GR-R1..GR-R3
        r = self.round
        stacks = self.stacks
        boxed = stacks[culprit]
        incompetent = list(self.incompetent)
        penalties = []
        for top, k, stack in penalty_stacks(stacks, culprit):  # GR-V2, GR-V3
            incompetent[top] += stack
            penalties.append(Penalty(top, k, stack))
        held = tuple(incompetent)
        counts = [len(c) for c in held]
        over = max(counts) >= INCOMPETENT_LIMIT or min(self.detective_chips) == 0
        nxt = None if over else next_leader(counts, self.leader)
        result = _build(RoundResult, {
            "round": r,
            "leader": self.leader,
            "suspects": suspects,
            "culprit": culprit,
            "looks": tuple(p for p in self.looks if p is not None),
            "unseen": self.unseen or 0,
            "accusations": tuple(a for a in self.accusations if a is not None),
            "stacks": stacks,
            "boxed": boxed,
            "penalties": tuple(penalties),
            "next_leader": nxt,
        })
        common = {"incompetent": held, "box": self.box + boxed, "rounds": (*self.rounds, result),
                  "stacks": ((), (), ()), "turn": None, "looks": (), "unseen": None, "accusations": ()}
        if over:
            outcome = rank_players(held, self.leader, r)
            why = ("grove.why.end_incompetent" if max(counts) >= INCOMPETENT_LIMIT
                   else "grove.why.end_no_chips")
            return self._step(_reveal_events, (result, why, outcome), phase=_OVER, final=outcome, **common)
        return self._step(_reveal_events, (result, "", None), phase=_DEAL, round=r + 1, leader=nxt,
                          deal=None, **common)

    # ---- the shared game contract (rulesengine.contract) ---------------------------------------
    # current_player, legal_actions, apply_action, is_chance_node, chance_outcomes, sample_chance,
    # is_terminal, returns and observation above have the contract's names; these complete it.

    def player_ids(self) -> tuple[int, ...]:
        """The seats, in the order of :meth:`returns`.

        >>> new_game(3).player_ids()
        (0, 1, 2)
        """
        return tuple(range(self.players))

    def apply(self, action: Action) -> GameState:
        """Alias of :meth:`apply_action`, kept for the table widget, the notebooks and older callers."""
        return self.apply_action(action)

    def clone(self) -> GameState:
        """The state itself: it is immutable, so it is its own independent copy."""
        return self



def _visible(events: tuple[Event, ...], viewer: int | None) -> tuple[Event, ...]:
    """The events ``viewer`` sees (:meth:`Event.visible_to`, without a method call per event)."""
    if viewer is None:
        return events
    return tuple([e for e in events if e.audience is None or e.audience == viewer])


def _build(cls: type[_R], fields: dict[str, Any]) -> _R:
    """An instance of the frozen dataclass ``cls`` with exactly ``fields``, without ``__init__`` (fast)."""
    record = _new(cls)
    _setattr(record, "__dict__", fields)
    return record


class _Log:
    """A game's log as a chain of steps, each step's events built only when someone reads them.

    A state made by the engine holds the ``_Log`` of its last step instead of an ``events`` tuple; reading
    :attr:`GameState.events` calls :meth:`events_so_far`, which builds each step's events once
    (``build(*args)``) and shares them with every later state, as the events of an eager log were shared.
    """

    __slots__ = ("args", "build", "events", "own", "parent")

    def __init__(self, parent: _Log | None, build: Callable[..., tuple[Event, ...]] | None,
                 args: tuple[Any, ...], events: tuple[Event, ...] | None) -> None:
        self.parent = parent
        self.build = build
        self.args = args
        self.own: tuple[Event, ...] | None = None
        self.events = events

    def events_so_far(self) -> tuple[Event, ...]:
        """Every event up to this step, oldest first."""
        if self.events is not None:
            return self.events
        steps = []
        node: _Log | None = self
        while node is not None and node.events is None:
            steps.append(node)
            node = node.parent
        events = [] if node is None or node.events is None else list(node.events)
        for step in reversed(steps):
            own = step.own
            if own is None:
                assert step.build is not None
                own = step.own = step.build(*step.args)
            events.extend(own)
        self.events = result = tuple(events)
        return result


def _event(round_: int, kind: EventKind, audience: int | None, rule_id: str, message_id: str,
           fields: dict[str, Any], data: dict[str, Any]) -> Event:
    """An :class:`Event` whose ``text`` is the message ``message_id`` with ``fields``, formatted when read."""
    event = _new(Event)
    _setattr(event, "__dict__", {"round": round_, "kind": kind, "audience": audience, "rule_id": rule_id,
                                 "data": data, "_message": (message_id, fields)})
    return event


def _deal_events(r: int, deal: Deal) -> tuple[Event, ...]:
    """The deal (GR-S3), the face-up figure (GR-2P1), each hand (GR-I1) and the pass (GR-I2, GR-2P2)."""
    hands, public, n = deal.hands, deal.public, len(deal.hands)
    events = [_event(r, EventKind.DEAL, None, "GR-S3", "grove.event.deal", {"round": r}, {})]
    if public is not None:
        events.append(_event(r, EventKind.PUBLIC_FIGURE, None, "GR-2P1", "grove.event.public_figure",
                             {"figure": public}, {"figure": public}))
    for s in range(n):
        events.append(_event(r, EventKind.HAND, s, "GR-I1", "grove.event.hand",
                             {"seat": s, "figure": hands[s]},
                             {"figure": hands[s]}))
    if public is None:
        events.append(_event(r, EventKind.PASS, None, "GR-I2", "grove.event.pass", {}, {}))
        for s in range(n):
            src = (s - 1) % n
            events.append(_event(r, EventKind.RECEIVE, s, "GR-I2", "grove.event.receive",
                                 {"seat": s, "figure": hands[src], "source": src},
                                 {"figure": hands[src], "source": src}))
    else:
        events.append(_event(r, EventKind.PASS, None, "GR-2P2", "grove.event.no_pass", {}, {}))
    return tuple(events)


def _look_events(r: int, seat: int, pair: tuple[int, int], suspects: tuple[Figure, ...],
                 leader: bool) -> tuple[Event, ...]:
    """The public look, the private sight (GR-P2, GR-P4) and, for the leader, the Unseen token (GR-P2)."""
    a, b = pair
    fa, fb = suspects[a], suspects[b]
    rule = "GR-P2" if leader else "GR-P4"
    look = _event(r, EventKind.LOOK, None, rule, "grove.event.look", {"seat": seat, "a": a, "b": b},
                  {"seat": seat, "suspects": pair})
    see = _event(r, EventKind.SEE, seat, rule, "grove.event.see",
                 {"seat": seat, "a": a, "figure_a": fa, "b": b, "figure_b": fb},
                 {"seat": seat, "figures": {a: fa, b: fb}})
    if not leader:
        return (look, see)
    unseen = 3 - a - b
    return (look, see, _event(r, EventKind.UNSEEN, None, "GR-P2", "grove.event.unseen", {"suspect": unseen},
                              {"suspect": unseen}))


def _accuse_events(r: int, seat: int, k: int, stack: tuple[int, ...], leader: bool) -> tuple[Event, ...]:
    """A chip under a suspect (GR-P3, GR-P5), on top of others (GR-P6)."""
    data = {"seat": seat, "suspect": k, "stack": stack}
    if len(stack) > 1:
        return (_event(r, EventKind.ACCUSE, None, "GR-P6", "grove.event.accuse_on_top",
                       {"seat": seat, "suspect": k, "below": len(stack) - 1}, data),)
    return (_event(r, EventKind.ACCUSE, None, "GR-P3" if leader else "GR-P5", "grove.event.accuse",
                   {"seat": seat, "suspect": k}, data),)


def culprit_reason(suspects: Sequence[Figure]) -> Message:
    """Why the culprit is the culprit, as a message: the highest number (GR-R1) or, with a 5 among the
    suspects, the lowest (GR-R2); an X among them is always innocent (GR-R3).

    >>> from rulesengine.grove.rules.figures import Figure as F
    >>> str(culprit_reason((F(5), F(8), F(6))))
    'a 5 is among the suspects, so the lowest number (GR-R2)'
    >>> culprit_reason((F.X, F(2), F(4))).localized("vi")
    'số lớn nhất; không có số 5 trong 3 Nghi phạm (GR-R1); Nghi phạm X luôn vô tội (GR-R3)'
    """
    why = Message("grove.why.lowest" if Figure.FIVE in suspects else "grove.why.highest", {})
    return Message("grove.why.x_innocent", {"why": why}) if Figure.X in suspects else why


def _reveal_events(result: RoundResult, why: str, outcome: Outcome | None) -> tuple[Event, ...]:
    """The reveal and why (GR-V1, GR-R1..GR-R3), box (GR-V2), penalties (GR-V3), then the end (GR-E1) or
    the next leader (GR-V4). ``why`` is the message id of the reason the game ends, if it does."""
    r, suspects, culprit = result.round, result.suspects, result.culprit
    events = [_event(r, EventKind.REVEAL, None, "GR-V1", "grove.event.reveal",
                     {"figure_0": suspects[0], "figure_1": suspects[1], "figure_2": suspects[2],
                      "culprit": culprit, "figure": suspects[culprit], "why": culprit_reason(suspects)},
                     {"suspects": suspects, "culprit": culprit})]
    if result.boxed:
        events.append(_event(r, EventKind.BOX, None, "GR-V2", "grove.event.box", {"count": len(result.boxed)},
                             {"chips": result.boxed}))
    for penalty in result.penalties:
        k, top, stack = penalty.suspect, penalty.seat, penalty.chips
        events.append(_event(r, EventKind.PENALTY, None, "GR-V3", "grove.event.penalty",
                             {"suspect": k, "figure": suspects[k], "seat": top, "count": len(stack)},
                             {"seat": top, "suspect": k, "chips": stack}))
    if outcome is not None:
        events.append(_event(r, EventKind.END, None, "GR-E1", "grove.event.end",
                             {"why": Message(why, {}), "loser": outcome.loser,
                              "ranking": str(list(outcome.ranking))},
                             {"ranking": outcome.ranking, "loser": outcome.loser}))
    else:
        events.append(_event(r, EventKind.LEADER, None, "GR-V4", "grove.event.leader",
                             {"seat": result.next_leader},
                             {"seat": result.next_leader}))
    return tuple(events)


#: The figures in play by player count, sorted (GR-S1).
_FIGURES = {n: figures_in_play(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_SORTED_FIGURES = {n: sorted(figures) for n, figures in _FIGURES.items()}


def _uses_figures_in_play(deal: Deal, players: int) -> bool:
    """Whether the deal uses exactly the figures in play (GR-S1): a sorted comparison, Counter if in doubt."""
    figures = deal.figures()
    try:
        if sorted(figures) == _SORTED_FIGURES[players]:
            return True
    except TypeError:
        pass
    return Counter(figures) == figure_counts(players)


_SEATS = range(5)  # seats 0..4: at most five players (GR-S1)
#: The one decision at the chance node (GR-S3).
_DEAL_DECISION = Decision(CHANCE, DecisionKind.DEAL, (), "GR-S3")
#: The leader's look, by seat: any two suspects (GR-P2).
_LEADER_LOOK = {
    s: Decision(s, DecisionKind.LOOK, (Look(s, (0, 1)), Look(s, (0, 2)), Look(s, (1, 2))), "GR-P2")
    for s in _SEATS
}
#: A follower's look, by seat and the suspect the seat on the right accused: the two others (GR-P4).
_FOLLOWER_LOOK = {
    (s, k): Decision(s, DecisionKind.LOOK, (Look(s, ((0, 1), (0, 2), (1, 2))[2 - k]),), "GR-P4")
    for s in _SEATS
    for k in range(3)
}
#: The accusation, by seat and whether the seat leads: a chip under any suspect (GR-P3, GR-P5).
_ACCUSE_DECISION = {
    (s, leader): Decision(s, DecisionKind.ACCUSE, (Accuse(s, 0), Accuse(s, 1), Accuse(s, 2)),
                          "GR-P3" if leader else "GR-P5")
    for s in _SEATS
    for leader in (True, False)
}


def _is_option(action: object, options: tuple[Any, ...]) -> bool:
    """Whether ``action`` is one of ``options``, or equal to one and made of plain ints.

    Equality alone is not enough: ``Look(0, (0, 1.0)) == Look(0, (0, 1))``, but GR-P2 refuses the first.
    """
    for option in options:
        if option is action:
            return True
    kind = type(action)
    if kind is Look:
        pair = action.suspects  # type: ignore[attr-defined]
        exact = type(pair) is tuple and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int
    elif kind is Accuse:
        exact = type(action.suspect) is int  # type: ignore[attr-defined]
    else:
        return False
    return exact and type(action.seat) is int and action in options  # type: ignore[attr-defined]


def new_game(players: int, first_leader: int = 0) -> GameState:
    """A new game at its first chance node (GR-S1, GR-S2, GR-P1).

    **Decision** (GR-P1): the first leader is a seat chosen by the caller, seat 0 by default.

    >>> s = new_game(5, first_leader=2)
    >>> s.current_player() == CHANCE, s.leader, s.detective_chips
    (True, 2, (7, 7, 7, 7, 7))
    """
    check_players(players)
    if isinstance(first_leader, bool) or not isinstance(first_leader, int) or not 0 <= first_leader < players:
        raise IllegalActionError.of("GR-P1", "grove.refusal.first_leader", last=players - 1,
                                    leader=repr(first_leader))
    return GameState(
        players=players,
        first_leader=first_leader,
        leader=first_leader,
        detective_chips=(CHIPS_PER_PLAYER,) * players,
        incompetent=((),) * players,
    )


def play_random(state: GameState, rng: random.Random) -> GameState:
    """Play on to the end with uniformly random legal choices and a seeded deal."""
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply_action(state.sample_chance(rng))
        else:
            state = state.apply_action(rng.choice(state.legal_actions()))
    return state
