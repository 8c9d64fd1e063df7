"""Behaviour models: how likely a detective is to accuse each suspect, given what they know.

Inference from public chips (:mod:`rulesengine.grove.odds.inference`) weighs every way the unseen figures
can lie by the probability that the earlier players would have placed their chips as they did. That
probability comes from a **model** of how they accuse. Three are provided, each exact
(:class:`~fractions.Fraction` probabilities):

* :class:`BestModel` (``"best"``): accuse a suspect with the highest exact culprit odds for one's own
  knowledge (:func:`~rulesengine.grove.odds.exact.culprit_odds`), uniformly among ties — the model of the
  first reading of the chips;
* :class:`HonestModel` (``"honest"``): like ``best`` with probability ``1 - bluff``; with probability
  ``bluff`` accuse uniformly one of the *other* suspects (a bluff, or a mistake). **Decision**: when all
  three suspects tie for the best odds there is nothing to bluff with and the whole mass stays uniform;
* :class:`EquilibriumModel` (``"equilibrium"``): the accusation probabilities of the round's equilibrium
  strategy solved with OpenSpiel (:mod:`rulesengine.grove.strategy.equilibrium`), read from ``data/grove``.

An accuser's situation is an :class:`Actor`: what that seat knew when it placed its chip (GR-I1, GR-I2,
GR-2P3: its two alibis; GR-P2, GR-P4: the two suspects it looked at; GR-P3..P6: the chips placed before
it this round).

>>> from rulesengine.grove.rules.figures import Figure
>>> a = Actor(3, 0, Figure(2), Figure(3), (0, 1), (Figure(7), Figure(8)), (), (0, 1))
>>> [str(p) for p in BestModel().probs(a)]
['0', '1', '0']
>>> [str(p) for p in HonestModel(Fraction(1, 5)).probs(a)]
['1/10', '4/5', '1/10']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from rulesengine.errors import InputError, ShippedDataError
from rulesengine.grove.odds.exact import Knowledge, culprit_odds
from rulesengine.grove.rules.figures import Figure
from rulesengine.inputs import read_json
from rulesengine.paths import DATA_DIR

__all__ = [
    "MODELS",
    "Actor",
    "BestModel",
    "EquilibriumModel",
    "HonestModel",
    "Model",
    "RoundStrategy",
    "canonical_key",
    "choose",
    "get_model",
    "load_strategy",
    "strategy_path",
]

Probs = tuple[Fraction, Fraction, Fraction]


@dataclass(frozen=True)
class Actor:
    """What one seat knew when it placed its chip this round.

    ``position`` counts seats clockwise from the leader (0 is the leader, GR-P1); ``hand`` is the figure
    dealt to it (GR-I1) and ``other`` the figure it received (GR-I2) or, with two players, the face-up
    figure (GR-2P1, GR-2P3); ``pair`` the two suspects it looked at and ``seen`` their figures (GR-P2,
    GR-P4); ``earlier`` the suspects accused before it this round, from the leader on (GR-P3, GR-P5);
    ``leader_pair`` the leader's look (which fixes the Unseen token, GR-P2).
    """

    players: int
    position: int
    hand: Figure
    other: Figure
    pair: tuple[int, int]
    seen: tuple[Figure, Figure]
    earlier: tuple[int, ...]
    leader_pair: tuple[int, int]

    def knowledge(self) -> Knowledge:
        """The seat's own knowledge for :func:`~rulesengine.grove.odds.exact.culprit_odds` (chips ignored)."""
        seen = ((self.pair[0], self.seen[0]), (self.pair[1], self.seen[1]))
        return _knowledge(self.players, self.hand, self.other, seen)


@lru_cache(maxsize=1 << 16)
def _knowledge(players: int, hand: Figure, other: Figure, seen: tuple[tuple[int, Figure], ...]) -> Knowledge:
    if players == 2:
        return Knowledge(2, (hand,), tuple(sorted(seen)), other)
    return Knowledge(players, (hand, other) if hand <= other else (other, hand), tuple(sorted(seen)), None)


@lru_cache(maxsize=1 << 16)
def best_suspects(players: int, hand: Figure, other: Figure,
                  seen: tuple[tuple[int, Figure], ...]) -> tuple[int, ...]:
    """The suspects with the highest exact culprit odds for this knowledge (ties kept, sorted)."""
    return culprit_odds(_knowledge(players, hand, other, seen)).best()


class Model(Protocol):
    """A behaviour model: P(the actor accuses suspect 0, 1, 2), exact."""

    @property
    def name(self) -> str:
        """The model's name."""
        ...

    def probs(self, actor: Actor) -> Probs:
        """The three accusation probabilities (they sum to 1)."""
        ...


def _uniform_over(indices: Sequence[int], mass: Fraction = Fraction(1)) -> list[Fraction]:
    out = [Fraction(0)] * 3
    for i in indices:
        out[i] += mass / len(indices)
    return out


@dataclass(frozen=True)
class BestModel:
    """Accuse a suspect with the highest exact odds, uniformly among ties."""

    name: str = "best"

    def probs(self, actor: Actor) -> Probs:
        """Uniform over :func:`best_suspects`."""
        seen = ((actor.pair[0], actor.seen[0]), (actor.pair[1], actor.seen[1]))
        p = _uniform_over(best_suspects(actor.players, actor.hand, actor.other, seen))
        return (p[0], p[1], p[2])


@dataclass(frozen=True)
class HonestModel:
    """``best`` with probability ``1 - bluff``, else uniformly one of the other suspects."""

    bluff: Fraction = Fraction(1, 10)
    name: str = "honest"

    def __post_init__(self) -> None:
        if not isinstance(self.bluff, Fraction | int) or not 0 <= self.bluff <= 1:
            raise InputError("bluff", f"a bluff rate is a fraction from 0 to 1, got {self.bluff!r}")

    def probs(self, actor: Actor) -> Probs:
        """``(1 - bluff)`` over the best suspects, ``bluff`` over the others (all best: uniform)."""
        seen = ((actor.pair[0], actor.seen[0]), (actor.pair[1], actor.seen[1]))
        best = best_suspects(actor.players, actor.hand, actor.other, seen)
        others = [i for i in range(3) if i not in best]
        if not others:
            p = _uniform_over(best)
        else:
            bluff = Fraction(self.bluff)
            honest = _uniform_over(best, 1 - bluff)
            lie = _uniform_over(others, bluff)
            p = [honest[i] + lie[i] for i in range(3)]
        return (p[0], p[1], p[2])


@dataclass(frozen=True)
class EquilibriumModel:
    """The accusation probabilities of the saved equilibrium strategy for this player count."""

    players: int
    name: str = "equilibrium"

    def probs(self, actor: Actor) -> Probs:
        """The saved strategy's probabilities at the actor's information state (in suspect indices)."""
        return load_strategy(actor.players).probs(actor)


_FACE = {0: "X", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}


def strategy_path(players: int) -> Path:
    """Where the strategy for ``players`` is saved."""
    return DATA_DIR / "grove" / f"equilibrium_{players}p.json"


def canonical_key(actor: Actor) -> tuple[str, tuple[int, int, int]]:
    """The information-state string of ``actor`` in the solved game, and the renaming of the suspects.

    The leader's look becomes suspects 0 and 1, its Unseen suspect 2 (GR-P2); ``rename[c]`` is the real
    index of canonical suspect ``c``.

    >>> a = Actor(3, 1, Figure(2), Figure(3), (0, 2), (Figure(7), Figure(8)), (1,), (1, 2))
    >>> canonical_key(a)
    ('p1 hand 2 other 3 saw 1=8 2=7 chips 0', (1, 2, 0))
    """
    a, b = actor.leader_pair
    rename = (a, b, 3 - a - b)
    canon = {real: c for c, real in enumerate(rename)}
    seen = sorted((canon[i], int(f)) for i, f in zip(actor.pair, actor.seen, strict=True))
    chips = "".join(str(canon[k]) for k in actor.earlier) or "-"
    key = (f"p{actor.position} hand {_FACE[int(actor.hand)]} other {_FACE[int(actor.other)]} "
           f"saw {seen[0][0]}={_FACE[seen[0][1]]} {seen[1][0]}={_FACE[seen[1][1]]} chips {chips}")
    return key, rename


@dataclass(frozen=True)
class RoundStrategy:
    """A saved equilibrium strategy: accusation probabilities by information state."""

    players: int
    table: dict[str, tuple[float, float, float]]
    meta: dict[str, Any]

    def canonical(self, key: str) -> tuple[Fraction, Fraction, Fraction]:
        """Exact probabilities at a canonical information state (uniform where the file has none)."""
        probs = self.table.get(key)
        if probs is None or sum(probs) <= 0:
            third = Fraction(1, 3)
            return (third, third, third)
        exact = [Fraction(str(p)) for p in probs]
        total = sum(exact, Fraction(0))
        return (exact[0] / total, exact[1] / total, exact[2] / total)

    def probs(self, actor: Actor) -> tuple[Fraction, Fraction, Fraction]:
        """P(accuse suspect 0, 1, 2) in the actor's own suspect indices."""
        key, rename = canonical_key(actor)
        canon = self.canonical(key)
        real = [Fraction(0)] * 3
        for c, p in enumerate(canon):
            real[rename[c]] = p
        return (real[0], real[1], real[2])


@lru_cache(maxsize=8)
def load_strategy(players: int) -> RoundStrategy:
    """The saved strategy for ``players``; an :class:`InputError` naming the command that makes it."""
    path = strategy_path(players)
    if not path.exists():
        raise InputError("strategy", f"no saved equilibrium for {players} players ({path.name}); "
                         f"make it with python -m rulesengine grove strategy --players {players}")
    try:
        document = read_json(path)  # bounded: size, UTF-8, nesting, numbers (rulesengine.inputs)
    except InputError as exc:
        raise ShippedDataError.wrap(path, exc) from None
    strategy = document.get("strategy") if isinstance(document, dict) else None
    try:
        if not isinstance(document, dict) or not isinstance(strategy, dict):
            raise TypeError("no 'strategy' mapping")
        table = {str(k): (float(v[0]), float(v[1]), float(v[2])) for k, v in strategy.items()}
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise ShippedDataError(path, f"not a saved strategy ({exc})") from None
    meta = {k: v for k, v in document.items() if k != "strategy"}
    return RoundStrategy(players, table, meta)


#: The model names the command line and notebooks accept.
MODELS: tuple[str, ...] = ("best", "honest", "equilibrium")


def get_model(name: str, players: int, bluff: Fraction = Fraction(1, 10)) -> Model:
    """The model called ``name`` (``best``, ``honest`` with ``bluff``, ``equilibrium``).

    >>> get_model("honest", 3, Fraction(1, 4)).probs(
    ...     Actor(3, 0, Figure(2), Figure(3), (0, 1), (Figure(7), Figure(8)), (), (0, 1)))[1]
    Fraction(3, 4)
    """
    if name == "best":
        return BestModel()
    if name == "honest":
        return HonestModel(bluff)
    if name == "equilibrium":
        return EquilibriumModel(players)
    raise InputError("model", f"must be one of {', '.join(MODELS)}; got {name!r}")


def choose(probs: Sequence[Fraction], rng: random.Random) -> int:
    """Draw a suspect index with these probabilities: one ``rng.random()``, compared exactly.

    The engine's strategies and the fast simulator both draw through here, so a seed gives the same
    choice in both.

    >>> [choose((Fraction(0), Fraction(1, 2), Fraction(1, 2)), random.Random(s)) for s in range(6)]
    [2, 1, 2, 1, 1, 2]
    """
    u = rng.random()
    cumulative = Fraction(0)
    last = 0
    for i, p in enumerate(probs):
        if p:
            last = i
            cumulative += p
            if u < cumulative:
                return i
    return last

