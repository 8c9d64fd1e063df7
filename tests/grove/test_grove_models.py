"""Behaviour models and inference under them (GR-P2..P6, GR-R1..R3, GR-S3)."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.grove.odds.inference import infer, infer_actor
from rulesengine.grove.odds.models import Actor, BestModel, HonestModel, get_model
from rulesengine.grove.rules.figures import Figure
from rulesengine.grove.rules.game import Accuse, Deal, Look, new_game
from rulesengine.grove.strategy.fastsim import fast_policy, play_game

F = Figure


def test_honest_model_sums_to_one_and_bluffs_off_the_best_gr_p3() -> None:
    actor = Actor(4, 0, F(2), F(3), (0, 1), (F(7), F.X), (), (0, 1))
    for bluff in (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(1)):
        probs = HonestModel(bluff).probs(actor)
        assert sum(probs) == 1
        best = BestModel().probs(actor)
        top = [i for i in range(3) if best[i]]
        assert sum(probs[i] for i in top) == 1 - bluff


def test_honest_model_refuses_a_bluff_rate_outside_0_1() -> None:
    with pytest.raises(InputError, match="bluff"):
        HonestModel(Fraction(3, 2))
    with pytest.raises(InputError, match="model"):
        get_model("psychic", 3)


def test_inference_under_best_model_equals_the_default_gr_p5() -> None:
    s = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    s = s.apply(Look(0, (0, 1))).apply(Accuse(0, 0)).apply(Look(1, (1, 2)))
    assert infer(s, 1) == infer(s, 1, BestModel())
    honest = infer(s, 1, HonestModel(Fraction(1, 5)))
    assert honest.consistent and sum(honest.odds) == 1
    assert honest.odds != infer(s, 1).odds  # a bluff is possible, so suspect 0 is no longer certain


def _follower_records(players: int, bluff: Fraction, games: int, seed: int) -> list[tuple[Actor, int]]:
    """(the leader's left neighbour as an Actor, the culprit) for every round of simulated honest games."""
    from rulesengine.grove.strategy.fastsim import model_policy

    policies = [model_policy(HonestModel(bluff))] * players
    rng = random.Random(seed)
    out = []
    for g in range(games):
        game = play_game(players, policies, rng, g % players, record=True)
        for rnd in game.record:
            n, leader = players, rnd.leader
            seat = (leader + 1) % n
            hands, suspects = rnd.deal[:n], rnd.deal[n:n + 3]
            other = rnd.deal[n + 4] if n == 2 else hands[leader]
            pair = rnd.looks[seat]
            out.append((Actor(n, 1, F(hands[seat]), F(other), pair,
                              (F(suspects[pair[0]]), F(suspects[pair[1]])),
                              (rnd.accusations[leader],), rnd.looks[leader]), rnd.culprit))
    return out


def test_inference_under_honest_model_matches_simulated_frequencies() -> None:
    """Statistical: seed 5, 2 players, honest leaders bluffing 1 time in 4, about 24,000 rounds.

    The follower's inferred P(the suspect the leader accused is the culprit), under the honest model, is
    binned by its value; in every bin with at least 300 rounds the observed frequency must lie within
    4 standard errors of the mean inferred probability (false alarm about 1 in 16,000 per bin). The same
    data must reject the best-odds model (no bluff) in some bin: the test can fail.
    """
    bluff = Fraction(1, 4)
    records = _follower_records(2, bluff, games=8000, seed=5)
    assert len(records) > 20000

    def worst_z(model: HonestModel | BestModel) -> float:
        cache: dict[Actor, tuple[Fraction, ...]] = {}
        bins: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
        for actor, culprit in records:
            if actor not in cache:
                cache[actor] = infer_actor(actor, model).odds
            accused = actor.earlier[0]
            p = float(cache[actor][accused])
            b = bins[min(int(p * 10), 9)]
            b[0] += 1
            b[1] += p
            b[2] += culprit == accused
        z = 0.0
        for count, predicted, observed in bins.values():
            if count < 300:
                continue
            mean = predicted / count
            se = math.sqrt(max(mean * (1 - mean), 1e-4) / count)
            z = max(z, abs(observed / count - mean) / se)
        return z

    assert worst_z(HonestModel(bluff)) < 4
    assert worst_z(BestModel()) > 4


def test_fast_honest_policy_uses_the_model() -> None:
    policy = fast_policy("honest", 3)
    key = (3, 0, 2, 3, (0, 1), 7, 8, (), (0, 1))
    picks = [policy(random.Random(s), key) for s in range(400)]
    assert 0.8 < picks.count(1) / 400 < 0.97  # best is suspect 1 (the 8); bluffs 1 time in 10
