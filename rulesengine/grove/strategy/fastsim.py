"""A fast simulator of whole In a Grove games that plays exactly the engine's games.

The engine (:mod:`rulesengine.grove.rules.game`) builds an immutable state, a decision and an event chain at
every step; that is what a teaching engine should do, and it plays 20,000–40,000 rounds a second. This
module plays the same games with integer-coded figures (X = 0, numbers 2..8), plain lists and lookup
tables, and no log: the same rules (GR-S1..S3, GR-I1, GR-I2, GR-2P1..2P4, GR-P1..P6, GR-R1..R3,
GR-V1..V4, GR-E1..E3), the same random draws in the same order, so **the same seed and policies give the
same deals, looks, chips, penalties and rankings** (``tests/grove/test_grove_fastsim.py`` checks it game
for game against :func:`rulesengine.contract.drive` with the engine's strategies).

The draws are those of :func:`rulesengine.grove.strategy.policies.simulate`: one ``random.Random`` shared
by the deal (``shuffle`` of the figures in play, :meth:`GameState.sample_chance`) and the agents (a look is
``rng.choice`` over the legal looks — three for the leader, one for a follower —; a random accusation is
``rng.choice`` over the three suspects; a mixed strategy draws one ``rng.random()`` through
:func:`rulesengine.grove.odds.models.choose`). **Decision**: numpy does not pay here: the draws of a seeded
game are one sequential Mersenne Twister stream, and every policy but ``random`` is a table lookup, so
the cost is the Python loop itself; numpy would change the stream and so the games.

>>> result = simulate_fast(["best", "random", "higher"], games=50, seed=1)
>>> from rulesengine.grove.strategy.policies import simulate
>>> result == simulate(["best", "random", "higher"], games=50, seed=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulesengine.errors import InputError
from rulesengine.grove.odds.models import Actor, Model, best_suspects, choose, get_model
from rulesengine.grove.rules.figures import CULPRITS, Figure, check_players, figures_in_play
from rulesengine.grove.rules.game import CHIPS_PER_PLAYER, INCOMPETENT_LIMIT, penalty_stacks

__all__ = [
    "FAST_POLICIES",
    "FastGame",
    "FastRound",
    "fast_policy",
    "play_game",
    "simulate_fast",
]

#: A decision key: (players, position from the leader, hand, other, pair, figure a, figure b,
#: earlier accusations, the leader's pair); figures as ints (X = 0).
Key = tuple[int, int, int, int, tuple[int, int], int, int, tuple[int, ...], tuple[int, int]]
#: A fast accusation policy: (rng, key) -> suspect index.
FastPolicy = Callable[[random.Random, Key], int]

_PAIRS = ((0, 1), (0, 2), (1, 2))  # the leader's legal looks, in the engine's order (GR-P2)
_ONE = (0,)  # a follower's single legal look (GR-P4): the engine's agents still draw rng.choice over it
_THREE = (0, 1, 2)
_FOLLOW = {0: (1, 2), 1: (0, 2), 2: (0, 1)}  # the pair a follower looks at, by the accusation on its right
_BASE = {n: [int(f) for f in figures_in_play(n)] for n in range(2, 6)}  # the engine's order before shuffling
_FIG = {int(f): f for f in Figure}
#: The seats in play order by player count and leader: the leader, then clockwise (GR-P4).
_ORDER = {n: tuple(tuple((leader + d) % n for d in range(n)) for leader in range(n)) for n in range(2, 6)}


@dataclass(frozen=True)
class FastRound:
    """One round as the fast simulator records it (``record=True``), comparable with the engine's."""

    leader: int
    deal: tuple[int, ...]
    looks: tuple[tuple[int, int], ...]
    accusations: tuple[int, ...]
    culprit: int
    penalties: tuple[tuple[int, int, tuple[int, ...]], ...]
    next_leader: int | None


@dataclass(frozen=True)
class FastGame:
    """One whole game: incompetent chips by seat (by colour), the ranking best first, the rounds."""

    incompetent: tuple[tuple[int, ...], ...]
    ranking: tuple[int, ...]
    last_leader: int
    rounds: int
    correct: tuple[int, ...]
    record: tuple[FastRound, ...] = ()

    @property
    def loser(self) -> int:
        """The seat ranked last (GR-E2)."""
        return self.ranking[-1]


def _random_policy(rng: random.Random, key: Key) -> int:
    return rng.choice(_THREE)


def _cached(compute: Callable[[Key], int], part: Callable[[Key], Any]) -> FastPolicy:
    """A deterministic policy memoised on the part of the key it reads."""
    cache: dict[Any, int] = {}

    def policy(rng: random.Random, key: Key) -> int:
        k = part(key)
        hit = cache.get(k)
        if hit is None:
            hit = cache[k] = compute(key)
        return hit

    return policy


def _higher(key: Key) -> int:
    (a, b), fa, fb = key[4], key[5], key[6]
    return max(((a, fa), (b, fb)), key=lambda pair: (pair[1], -pair[0]))[0]


def _best(key: Key) -> int:
    n, _, hand, other, (a, b), fa, fb = key[:7]
    return best_suspects(n, _FIG[hand], _FIG[other], ((a, _FIG[fa]), (b, _FIG[fb])))[0]


def actor_of(key: Key) -> Actor:
    """The :class:`~rulesengine.grove.odds.models.Actor` of a decision key."""
    n, position, hand, other, pair, fa, fb, earlier, leader_pair = key
    return Actor(n, position, _FIG[hand], _FIG[other], pair, (_FIG[fa], _FIG[fb]), earlier, leader_pair)


def _inferred(key: Key) -> int:
    from rulesengine.grove.odds.inference import infer_actor

    return infer_actor(actor_of(key)).best()[0]


def model_policy(model: Model) -> FastPolicy:
    """A policy that accuses with ``model``'s probabilities, drawn by :func:`choose` (memoised)."""
    cache: dict[Key, tuple[Fraction, Fraction, Fraction]] = {}

    def policy(rng: random.Random, key: Key) -> int:
        probs = cache.get(key)
        if probs is None:
            probs = cache[key] = model.probs(actor_of(key))
        return choose(probs, rng)

    return policy


def _own(key: Key) -> tuple[Any, ...]:
    return key[:7]


def _seen(key: Key) -> tuple[Any, ...]:
    return key[4:7]


#: The policy names the fast simulator plays (the engine's
#: :data:`~rulesengine.grove.strategy.policies.STRATEGIES`).
FAST_POLICIES = ("random", "higher", "best", "inferred", "honest", "equilibrium")


def fast_policy(name: str, players: int) -> FastPolicy:
    """A fresh fast policy for ``name`` (the engine strategy of the same name, same draws)."""
    if name == "random":
        return _random_policy
    if name == "higher":
        return _cached(_higher, _seen)
    if name == "best":
        return _cached(_best, _own)
    if name == "inferred":
        return _cached(_inferred, lambda key: key)
    if name in ("honest", "equilibrium"):
        return model_policy(get_model(name, players))
    raise InputError("policy", f"unknown policy {name!r}; known: {', '.join(FAST_POLICIES)}")


def play_game(players: int, policies: Sequence[FastPolicy], rng: random.Random, first_leader: int = 0,
              record: bool = False) -> FastGame:
    """Play one whole game, seat ``s`` accusing with ``policies[s]``, every draw from ``rng``.

    The same draws as the engine driven by :func:`rulesengine.contract.drive` with the same ``rng`` for
    the deal and the agents, so the same game.

    >>> game = play_game(3, [fast_policy("random", 3)] * 3, random.Random(7))
    >>> sum(len(c) for c in game.incompetent) <= 3 * game.rounds, game.loser in range(3)
    (True, True)
    """
    n = players
    base = _BASE[n]
    penalised = penalty_stacks
    orders = _ORDER[n]
    culprits = CULPRITS  # GR-R1..R3 by the three suspects' faces (ints, X = 0)
    follow = _FOLLOW
    incompetent: list[list[int]] = [[] for _ in range(n)]
    counts = [0] * n
    correct = [0] * n
    rounds: list[FastRound] = []
    leader = first_leader
    r = 0
    shuffle = rng.shuffle
    choice = rng.choice
    while True:
        r += 1
        figs = base[:]
        shuffle(figs)  # GR-S3: the engine's sample_chance
        hands = figs[:n]
        suspects = (figs[n], figs[n + 1], figs[n + 2])
        public = figs[n + 4] if n == 2 else -1  # GR-2P1
        stacks: tuple[list[int], list[int], list[int]] = ([], [], [])
        earlier: list[int] = []
        looks = [(0, 0)] * n
        seat = leader
        pair = leader_pair = choice(_PAIRS)  # GR-P2: the leader looks at any two
        position = 0
        while True:
            looks[seat] = pair
            other = public if n == 2 else hands[seat - 1]  # GR-I2 / GR-2P3
            key = (n, position, hands[seat], other, pair, suspects[pair[0]], suspects[pair[1]],
                   tuple(earlier), leader_pair)
            k = policies[seat](rng, key)  # GR-P3, GR-P5
            stacks[k].append(seat)  # GR-P6
            earlier.append(k)
            seat = seat + 1 if seat + 1 < n else 0
            if seat == leader:
                break
            position += 1
            choice(_ONE)  # GR-P4: the follower's only look, drawn as the engine's agents do
            pair = follow[k]
        culprit = culprits[suspects]  # GR-V1, GR-R1..R3
        penalties = []
        for top, k, stack in penalised(stacks, culprit):  # GR-V2 boxes the culprit's stack, GR-V3
            incompetent[top].extend(stack)
            counts[top] += len(stack)
            if record:
                penalties.append((top, k, tuple(stack)))
        order = orders[leader]
        for p, k in zip(order, earlier, strict=True):
            if k == culprit:
                correct[p] += 1
        over = max(counts) >= INCOMPETENT_LIMIT or r == CHIPS_PER_PLAYER  # GR-E1
        nxt = None if over else _next_leader(counts, order)
        if record:
            accusations = [0] * n
            for p, k in zip(order, earlier, strict=True):
                accusations[p] = k
            rounds.append(FastRound(leader, tuple(figs), tuple(looks), tuple(accusations), culprit,
                                    tuple(penalties), nxt))
        if nxt is None:
            break
        leader = nxt
    return FastGame(tuple(tuple(c) for c in incompetent), _ranking(incompetent, counts, leader, n), leader, r,
                    tuple(correct), tuple(rounds))


def _next_leader(counts: list[int], order: tuple[int, ...]) -> int:
    """GR-V4: the most incompetent chips other than the leader; ties to the first met clockwise.

    ``order`` is the seats in play order, the leader first (:data:`_ORDER`).
    """
    best = -1
    chosen = order[0]
    for s in order[1:]:
        if counts[s] > best:
            best = counts[s]
            chosen = s
    return chosen


def _ranking(incompetent: list[list[int]], counts: list[int], last_leader: int, n: int) -> tuple[int, ...]:
    """GR-E2, GR-E3: fewer chips first; ties: fewer of one's own colour, then farther right of the leader."""
    def badness(seat: int) -> tuple[int, int, int]:
        d = (last_leader - seat) % n
        return (counts[seat], incompetent[seat].count(seat), -(d or n))

    return tuple(sorted(range(n), key=badness))


def simulate_fast(strategies: Sequence[str], games: int = 200, seed: int = 0) -> Any:
    """:func:`rulesengine.grove.strategy.policies.simulate`, played by the fast simulator (the same result).

    The first leader rotates with the game number; one ``random.Random(seed)`` draws everything.
    """
    from rulesengine.grove.strategy.policies import SimulationResult

    players = check_players(len(strategies))
    policies = [fast_policy(name, players) for name in strategies]
    rng = random.Random(seed)
    incompetent = [0] * players
    accusations = [0] * players
    correct = [0] * players
    losses = [0] * players
    rounds = 0
    for g in range(games):
        game = play_game(players, policies, rng, g % players)
        rounds += game.rounds
        for s in range(players):
            incompetent[s] += len(game.incompetent[s])
            accusations[s] += game.rounds
            correct[s] += game.correct[s]
        losses[game.loser] += 1
    return SimulationResult(players, games, tuple(strategies), rounds, tuple(incompetent), tuple(accusations),
                            tuple(correct), tuple(losses))
