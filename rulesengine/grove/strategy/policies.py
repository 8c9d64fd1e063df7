"""Simple accusation strategies, their exact hit rates, and simulated penalty rates.

A strategy sees only what its seat may see (an :class:`~rulesengine.grove.rules.game.Observation`) and the
sorted legal actions, and draws any randomness from a seeded generator; :func:`agent` binds the generator,
giving an agent of the shared contract (``agent(observation, legal_actions)``, :mod:`rulesengine.contract`).
Four are provided:

* ``random``: any legal option, uniformly;
* ``higher``: accuse the higher number among the two suspects looked at (an X counts as lowest);
* ``best``: accuse the suspect with the highest exact culprit odds (:func:`culprit_odds`), ties to the
  lower index;
* ``inferred``: like ``best``, but the odds also read the chips placed earlier in the round, assuming
  those players played ``best`` (:func:`rulesengine.grove.odds.inference.infer_from`);
* ``honest``: ``best`` nine times in ten, else a bluff: one of the other suspects, uniformly
  (:class:`~rulesengine.grove.odds.models.HonestModel`, one ``rng.random()`` per accusation);
* ``equilibrium``: the round's equilibrium strategy solved with OpenSpiel, read from ``data/grove``
  (:mod:`rulesengine.grove.strategy.equilibrium`).

:func:`hit_rate` gives, exactly, how often a rule names the culprit for a detective who has looked at two
suspects (the leader's situation, GR-P2; a follower's knowledge has the same shape, GR-P4), averaged over
every deal. :func:`simulate` plays whole games with a strategy per seat (through
:func:`rulesengine.contract.drive`) and reports penalty rates.

>>> [str(hit_rate(3, rule)) for rule in ("random", "higher", "best")]
['1/3', '8/21', '7/10']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import permutations

from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.grove.odds.exact import Knowledge, culprit_odds
from rulesengine.grove.rules.figures import check_players, figures_in_play
from rulesengine.grove.rules.game import Accuse, Action, Observation, new_game

__all__ = [
    "RULES",
    "STRATEGIES",
    "SimulationResult",
    "Strategy",
    "agent",
    "hit_rate",
    "hit_rates",
    "model_strategy",
    "pick_best",
    "pick_higher",
    "simulate",
]

#: A strategy: (what the seat sees, the sorted legal actions, a seeded rng) -> the chosen action.
Strategy = Callable[[Observation, Sequence[Action], random.Random], Action]


def pick_higher(knowledge: Knowledge) -> int:
    """The suspect with the higher number among those looked at (X lowest; ties to the lower index).

    >>> pick_higher(Knowledge.make(3, ["2", "3"], {0: "7", 2: "8"}))
    2
    """
    if not knowledge.seen:
        return 0
    return max(knowledge.seen, key=lambda pair: (int(pair[1]), -pair[0]))[0]


def pick_best(knowledge: Knowledge) -> int:
    """The suspect with the highest exact culprit odds (ties to the lower index).

    >>> pick_best(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))
    1
    """
    return culprit_odds(knowledge).best()[0]


#: Deterministic accusation rules by name (``random`` is handled separately: it is right 1 time in 3).
RULES: Mapping[str, Callable[[Knowledge], int]] = {"higher": pick_higher, "best": pick_best}


@lru_cache(maxsize=64)
def hit_rate(players: int, rule: str) -> Fraction:
    """P(the rule accuses the culprit) for a detective who looked at suspects 0 and 1, over every deal.

    Exact: every ordered draw of the detective's two alibis and the two suspects looked at is weighted by
    its probability under a uniform deal (GR-S3); given those, the rule's pick is right with the exact
    probability of :func:`culprit_odds`.

    >>> hit_rate(5, "best") > hit_rate(5, "higher") > hit_rate(5, "random")
    True
    """
    check_players(players)
    if rule == "random":
        return Fraction(1, 3)
    if rule not in RULES:
        raise InputError("rule", f"must be one of random, {', '.join(RULES)}; got {rule!r}")
    pick = RULES[rule]
    faces = figures_in_play(players)
    total = 0
    weighted = Fraction(0)
    # positions: (hand, received or face-up figure, suspect 0, suspect 1); repeats of X are counted
    for a, b, s0, s1 in permutations(faces, 4):
        if players == 2:
            k = Knowledge(players, (a,), ((0, s0), (1, s1)), b)
        else:
            k = Knowledge(players, tuple(sorted((a, b))), ((0, s0), (1, s1)), None)
        weighted += culprit_odds(k).suspects[pick(k)]
        total += 1
    return weighted / total


def hit_rates(players_list: Sequence[int] = (2, 3, 4, 5)) -> list[dict[str, object]]:
    """Records (players, rule, hit rate) for every rule, for a table or a chart.

    >>> hit_rates([3])[1]
    {'players': 3, 'rule': 'higher', 'hit_rate': Fraction(8, 21)}
    """
    return [
        {"players": n, "rule": rule, "hit_rate": hit_rate(n, rule)}
        for n in players_list
        for rule in ("random", "higher", "best")
    ]


def _random_strategy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def _accuse(legal: Sequence[Action], suspect: int) -> Action:
    """The legal accusation of ``suspect`` (GR-P3, GR-P5)."""
    return next(a for a in legal if isinstance(a, Accuse) and a.suspect == suspect)


def _rule_strategy(rule: Callable[[Knowledge], int]) -> Strategy:
    def strategy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(legal[0], Accuse):
            return rng.choice(legal)
        return _accuse(legal, rule(obs.knowledge()))

    return strategy


def _inferred_strategy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if not isinstance(legal[0], Accuse):
        return rng.choice(legal)
    from rulesengine.grove.odds.inference import infer_from

    return _accuse(legal, infer_from(obs).best()[0])


def model_strategy(name: str) -> Strategy:
    """A strategy that accuses with the probabilities of the behaviour model ``name``
    (:func:`rulesengine.grove.odds.models.get_model`), drawn by
    :func:`~rulesengine.grove.odds.models.choose`."""

    def strategy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(legal[0], Accuse):
            return rng.choice(legal)
        from rulesengine.grove.odds.inference import actor_from
        from rulesengine.grove.odds.models import choose, get_model

        return _accuse(legal, choose(get_model(name, obs.players).probs(actor_from(obs)), rng))

    return strategy


#: Strategies by name (``inferred`` also reads the earlier chips: :mod:`rulesengine.grove.odds.inference`).
STRATEGIES: Mapping[str, Strategy] = {
    "random": _random_strategy,
    "higher": _rule_strategy(pick_higher),
    "best": _rule_strategy(pick_best),
    "inferred": _inferred_strategy,
    "honest": model_strategy("honest"),
    "equilibrium": model_strategy("equilibrium"),
}


def agent(strategy: str | Strategy, rng: random.Random) -> Callable[[Observation, Sequence[Action]], Action]:
    """An agent of the shared contract playing ``strategy`` (a name of :data:`STRATEGIES` or a strategy)
    with ``rng``: ``agent(observation, legal_actions) -> action``.

    >>> import random
    >>> from rulesengine.grove.rules.game import Deal, new_game
    >>> s = new_game(3).apply_action(Deal.of([2, 3, 4], [5, 8, 6], 7))
    >>> agent("random", random.Random(0))(s.observation(0), s.legal_actions()) in s.legal_actions()
    True
    """
    if isinstance(strategy, str):
        if strategy not in STRATEGIES:
            raise InputError("strategy", f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}")
        strategy = STRATEGIES[strategy]
    chosen = strategy

    def play(observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return chosen(observation, legal_actions, rng)

    return play


@dataclass(frozen=True)
class SimulationResult:
    """Totals over simulated games: per seat, incompetent chips taken and accusations made and hit."""

    players: int
    games: int
    strategies: tuple[str, ...]
    rounds: int
    incompetent: tuple[int, ...]
    accusations: tuple[int, ...]
    correct: tuple[int, ...]
    losses: tuple[int, ...]

    def penalty_rate(self, seat: int) -> float:
        """Incompetent chips taken per accusation made (a float: a simulated rate)."""
        return self.incompetent[seat] / self.accusations[seat] if self.accusations[seat] else 0.0

    def accuracy(self, seat: int) -> float:
        """Share of this seat's accusations that named the culprit."""
        return self.correct[seat] / self.accusations[seat] if self.accusations[seat] else 0.0

    def records(self) -> list[dict[str, object]]:
        """One record per seat, for a table."""
        return [
            {
                "seat": s,
                "strategy": self.strategies[s],
                "accuracy": self.accuracy(s),
                "penalty_per_accusation": self.penalty_rate(s),
                "loss_rate": self.losses[s] / self.games,
            }
            for s in range(self.players)
        ]


def simulate(strategies: Sequence[str], games: int = 200, seed: int = 0) -> SimulationResult:
    """Play ``games`` whole games, seat ``s`` using ``strategies[s]``; seeded, so reproducible.

    The first leader rotates with the game number (GR-P1 **Decision**: simulations may vary it).

    >>> result = simulate(["best", "random", "random"], games=20, seed=1)
    >>> result.games, result.accuracy(0) > result.accuracy(1)
    (20, True)
    """
    players = check_players(len(strategies))
    for name in strategies:
        if name not in STRATEGIES:
            raise InputError("strategies", f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    rng = random.Random(seed)
    incompetent = [0] * players
    accusations = [0] * players
    correct = [0] * players
    losses = [0] * players
    rounds = 0
    for g in range(games):
        seats = {seat: agent(strategies[seat], rng) for seat in range(players)}
        state = drive(new_game(players, first_leader=g % players), seats, chance=rng)
        for result in state.rounds:
            rounds += 1
            for seat, suspect in enumerate(result.accusations):
                accusations[seat] += 1
                correct[seat] += suspect == result.culprit
        for s in range(players):
            incompetent[s] += len(state.incompetent[s])
        losses[state.outcome().loser] += 1
    return SimulationResult(players, games, tuple(strategies), rounds, tuple(incompetent), tuple(accusations),
                            tuple(correct), tuple(losses))

