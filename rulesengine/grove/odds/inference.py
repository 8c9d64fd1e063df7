"""Culprit odds that also read the earlier players' chips, under a stated model of how they accuse.

**Model** (the default; others in :mod:`rulesengine.grove.odds.models`: ``honest`` with a bluff rate, the
``equilibrium`` strategy): every earlier player this round accused one of the suspects with the highest
exact odds for their own knowledge (:func:`~rulesengine.grove.odds.exact.culprit_odds`: their alibis and the
two suspects they looked at), choosing uniformly among ties. Under that model an accusation is evidence:
a detective enumerates every way the figures they have not seen can lie (each equally likely, GR-S3),
keeps each with the probability that the earlier players would have accused as they did, and normalises.

With no earlier accusation (the leader) this is exactly :func:`culprit_odds`. If the accusations cannot
happen under the model (someone played otherwise), :attr:`Inference.consistent` is false and the plain
odds are returned.

>>> from rulesengine.grove.rules.game import Deal, Look, Accuse, new_game
>>> s = new_game(3).apply_action(Deal.of([2, 3, 4], [5, 8, 6], 7))
>>> s = s.apply_action(Look(0, (0, 1))).apply_action(Accuse(0, 0)).apply_action(Look(1, (1, 2)))
>>> result = infer(s, 1)
>>> [str(p) for p in result.plain], [str(p) for p in result.odds]
(['1/3', '2/3', '0'], ['1', '0', '0'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

from rulesengine.errors import InputError
from rulesengine.grove.odds.exact import culprit_odds
from rulesengine.grove.odds.models import Actor, BestModel, Model
from rulesengine.grove.rules.figures import Figure, culprit_index, figure_counts
from rulesengine.grove.rules.game import GameState, Observation, Phase

__all__ = ["Inference", "actor_from", "earlier_actors", "infer", "infer_actor", "infer_from", "pick_inferred"]


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


def infer(state: GameState, seat: int, model: Model | None = None) -> Inference:
    """The culprit odds for ``seat`` given its knowledge and the accusations made before it this round.

    The seat must have looked at its two suspects already (phase ``ACCUSE`` on its turn, or later in the
    round). Only what the seat may see is used (its observation). Rule ids: GR-P2..P5, GR-R1..R3.
    """
    if state.deal is None or state.phase not in (Phase.LOOK, Phase.ACCUSE) or state.looks[seat] is None:
        raise InputError("seat", f"seat {seat} has not looked at two suspects in this round yet")
    return infer_from(state.observation(seat), model)


def infer_from(obs: Observation, model: Model | None = None) -> Inference:
    """:func:`infer` from a seat's :class:`~rulesengine.grove.rules.game.Observation` (what a strategy
    sees)."""
    seat = obs.viewer
    if seat is None or obs.hand is None or len(obs.seen()) != 2:
        raise InputError("seat", "only a seat that has looked at two suspects can infer")
    return infer_actor(actor_from(obs), model, seat)


def actor_from(obs: Observation) -> Actor:
    """The :class:`~rulesengine.grove.odds.models.Actor` of a seat that has looked at its two suspects."""
    seat = obs.viewer
    assert seat is not None and obs.hand is not None
    n = obs.players
    other = obs.public if n == 2 else obs.received
    assert other is not None
    pair = obs.looks[seat]
    leader_pair = obs.looks[obs.leader]
    assert pair is not None and leader_pair is not None
    earlier = []
    s = obs.leader
    while s != seat:
        accused = obs.accusations[s]
        assert accused is not None
        earlier.append(accused)
        s = (s + 1) % n
    seen = obs.suspects
    fa, fb = seen[pair[0]], seen[pair[1]]
    assert fa is not None and fb is not None
    return Actor(n, (seat - obs.leader) % n, obs.hand, other, pair, (fa, fb), tuple(earlier), leader_pair)


_FOLLOW = {0: (1, 2), 1: (0, 2), 2: (0, 1)}  # a follower looks at the two suspects not accused on its right


def earlier_actors(actor: Actor, spot: dict[str, Figure]) -> list[Actor]:
    """The actors before ``actor`` this round, given where every figure lies (``spot``: place -> figure).

    Places are named by position from the leader: ``hand0`` (the leader's hand), ``suspect0``,
    ``public``. Their looks follow from the leader's look and the accusations (GR-P2, GR-P4).
    """
    n = actor.players
    out = []
    pair = actor.leader_pair
    for q, accused in enumerate(actor.earlier):
        other = spot["public"] if n == 2 else spot[f"hand{(q - 1) % n}"]
        out.append(Actor(n, q, spot[f"hand{q}"], other, pair,
                         (spot[f"suspect{pair[0]}"], spot[f"suspect{pair[1]}"]), actor.earlier[:q],
                         actor.leader_pair))
        pair = _FOLLOW[accused]
    return out


def infer_actor(actor: Actor, model: Model | None = None, seat: int | None = None) -> Inference:
    """The culprit odds for ``actor`` given its knowledge and the chips before it, under ``model``.

    Every way the figures the actor has not seen can lie is equally likely (GR-S3); each is weighted
    by the probability, under ``model`` (default :class:`~rulesengine.grove.odds.models.BestModel`), that the
    earlier players accused as they did. Exact (``Fraction``).
    """
    chosen: Model = BestModel() if model is None else model
    n = actor.players
    p = actor.position
    own = actor.knowledge()
    plain = culprit_odds(own).suspects
    known: dict[str, Figure] = {f"hand{p}": actor.hand}
    known["public" if n == 2 else f"hand{(p - 1) % n}"] = actor.other
    for i, f in zip(actor.pair, actor.seen, strict=True):
        known[f"suspect{i}"] = f
    places = [f"hand{k}" for k in range(n)] + ["suspect0", "suspect1", "suspect2", "victim"]
    if n == 2:
        places.append("public")
    hidden = [q for q in places if q not in known]
    pool = figure_counts(n)
    pool.subtract(known.values())
    figures = sorted((+pool).elements())
    weights = [Fraction(0)] * 3
    completions = 0
    for arrangement in sorted(set(permutations(figures, len(hidden)))):
        completions += 1
        spot = dict(known)
        spot.update(zip(hidden, arrangement, strict=True))
        likelihood = Fraction(1)
        for before in earlier_actors(actor, spot):
            likelihood *= chosen.probs(before)[actor.earlier[before.position]]
            if not likelihood:
                break
        if likelihood:
            weights[culprit_index((spot["suspect0"], spot["suspect1"], spot["suspect2"]))] += likelihood
    total = sum(weights, Fraction(0))
    who = p if seat is None else seat
    if not total:
        return Inference(who, plain, plain, completions, False)
    odds = (weights[0] / total, weights[1] / total, weights[2] / total)
    return Inference(who, odds, plain, completions, True)


def pick_inferred(state: GameState, seat: int) -> int:
    """The suspect with the best inferred odds for ``seat`` (ties to the lower index)."""
    return infer(state, seat).best()[0]

