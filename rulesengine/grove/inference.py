"""Culprit odds that also read the earlier players' chips, under a stated model of how they accuse.

**Model**: every earlier player this round accused one of the suspects with the highest exact odds for
their own knowledge (:func:`~rulesengine.grove.odds.culprit_odds`: their alibis and the two suspects
they looked at), choosing uniformly among ties. Under that model an accusation is evidence: a detective
enumerates every way the figures they have not seen can lie (each equally likely, GR-S3), keeps each
with the probability that the earlier players would have accused as they did, and normalises.

With no earlier accusation (the leader) this is exactly :func:`culprit_odds`. If the accusations cannot
happen under the model (someone played otherwise), :attr:`Inference.consistent` is false and the plain
odds are returned.

>>> from rulesengine.grove.game import Deal, Look, Accuse, new_game
>>> s = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
>>> s = s.apply(Look(0, (0, 1))).apply(Accuse(0, 0)).apply(Look(1, (1, 2)))
>>> result = infer(s, 1)
>>> [str(p) for p in result.plain], [str(p) for p in result.odds]
(['1/3', '2/3', '0'], ['1', '0', '0'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

from rulesengine.errors import InputError
from rulesengine.grove.figures import Figure, culprit_index, figure_counts
from rulesengine.grove.game import Deal, GameState, Observation, Phase
from rulesengine.grove.odds import Knowledge, culprit_odds

__all__ = ["Inference", "infer", "infer_from", "pick_inferred"]


@dataclass(frozen=True)
class Inference:
    """Odds for one seat that use the earlier accusations (``odds``) beside those that do not (``plain``).

    ``completions`` counts the ways the unseen figures can lie; ``consistent`` says whether any of them
    explains the earlier accusations under the model.
    """

    seat: int
    odds: tuple[Fraction, Fraction, Fraction]
    plain: tuple[Fraction, Fraction, Fraction]
    completions: int
    consistent: bool

    def best(self) -> tuple[int, ...]:
        """The suspect indices with the highest inferred odds."""
        top = max(self.odds)
        return tuple(i for i, p in enumerate(self.odds) if p == top)


def _knowledge(deal: Deal, seat: int, pair: tuple[int, int]) -> Knowledge:
    n = deal.players
    seen = tuple((i, deal.suspects[i]) for i in pair)
    if n == 2:
        return Knowledge(2, (deal.hands[seat],), seen, deal.public)
    a, b = deal.hands[seat], deal.hands[(seat - 1) % n]
    return Knowledge(n, (a, b) if a <= b else (b, a), seen, None)


def infer(state: GameState, seat: int) -> Inference:
    """The culprit odds for ``seat`` given its knowledge and the accusations made before it this round.

    The seat must have looked at its two suspects already (phase ``ACCUSE`` on its turn, or later in the
    round). Only what the seat may see is used (its observation). Rule ids: GR-P2..P5, GR-R1..R3.
    """
    if state.deal is None or state.phase not in (Phase.LOOK, Phase.ACCUSE) or state.looks[seat] is None:
        raise InputError("seat", f"seat {seat} has not looked at two suspects in this round yet")
    return infer_from(state.observation(seat))


def infer_from(obs: Observation) -> Inference:
    """:func:`infer` from a seat's :class:`~rulesengine.grove.game.Observation` (what a strategy sees)."""
    seat = obs.viewer
    if seat is None or obs.hand is None or len(obs.seen()) != 2:
        raise InputError("seat", "only a seat that has looked at two suspects can infer")
    n = obs.players
    own = obs.knowledge()
    plain = culprit_odds(own).suspects
    earlier = []
    s = obs.leader
    while s != seat:
        pair = obs.looks[s]
        accused = obs.accusations[s]
        assert pair is not None and accused is not None
        earlier.append((s, pair, accused))
        s = (s + 1) % n
    # the places this seat has not seen, and the figures that fill them
    known: dict[str, Figure] = {f"hand{seat}": obs.hand}
    if n == 2:
        assert obs.public is not None
        known["public"] = obs.public
    else:
        assert obs.received is not None
        known[f"hand{(seat - 1) % n}"] = obs.received
    for i, f in own.seen:
        known[f"suspect{i}"] = f
    places = [f"hand{k}" for k in range(n)] + ["suspect0", "suspect1", "suspect2", "victim"]
    if n == 2:
        places.append("public")
    hidden = [p for p in places if p not in known]
    pool = figure_counts(n)
    pool.subtract(known.values())
    figures = sorted((+pool).elements())
    weights = [Fraction(0)] * 3
    completions = 0
    for arrangement in sorted(set(permutations(figures, len(hidden)))):
        completions += 1
        spot = dict(known)
        spot.update(zip(hidden, arrangement, strict=True))
        candidate = Deal(
            tuple(spot[f"hand{k}"] for k in range(n)),
            (spot["suspect0"], spot["suspect1"], spot["suspect2"]),
            spot["victim"],
            spot.get("public"),
        )
        likelihood = Fraction(1)
        for other, pair, accused in earlier:
            best = culprit_odds(_knowledge(candidate, other, pair)).best()
            if accused not in best:
                likelihood = Fraction(0)
                break
            likelihood /= len(best)
        if likelihood:
            weights[culprit_index(candidate.suspects)] += likelihood
    total = sum(weights, Fraction(0))
    if not total:
        return Inference(seat, plain, plain, completions, False)
    odds = (weights[0] / total, weights[1] / total, weights[2] / total)
    return Inference(seat, odds, plain, completions, True)


def pick_inferred(state: GameState, seat: int) -> int:
    """The suspect with the best inferred odds for ``seat`` (ties to the lower index)."""
    return infer(state, seat).best()[0]

