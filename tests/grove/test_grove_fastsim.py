"""The fast simulator plays exactly the engine's games (GR-S1..S3, GR-I1, GR-I2, GR-2P1..2P4, GR-P1..P6,
GR-R1..R3, GR-V1..V4, GR-E1..E3): the same seeds and policies give the same deals, looks, chips,
penalties and rankings, game for game."""

from __future__ import annotations

import random

import pytest

from rulesengine.contract import drive
from rulesengine.grove.rules.game import GameState, new_game
from rulesengine.grove.strategy.fastsim import FastGame, fast_policy, play_game, simulate_fast
from rulesengine.grove.strategy.policies import agent, simulate

# a mix of policies per player count: every policy the engine and the fast simulator share, in turn
MIXES = {
    2: [("random", "random"), ("best", "higher"), ("higher", "random"), ("honest", "best")],
    3: [("random", "random", "random"), ("best", "random", "higher"), ("honest", "best", "random")],
    4: [("random",) * 4, ("best", "higher", "random", "honest")],
    5: [("random",) * 5, ("higher", "best", "random", "honest", "best")],
}


def engine_game(players: int, names: tuple[str, ...], seed: int, first_leader: int) -> GameState:
    rng = random.Random(seed)
    seats = {s: agent(names[s], rng) for s in range(players)}
    return drive(new_game(players, first_leader=first_leader), seats, chance=rng)


def fast_game(players: int, names: tuple[str, ...], seed: int, first_leader: int) -> FastGame:
    policies = [fast_policy(name, players) for name in names]
    return play_game(players, policies, random.Random(seed), first_leader, record=True)


def assert_same_game(engine: GameState, fast: FastGame) -> None:
    assert len(engine.rounds) == fast.rounds == len(fast.record)
    for deal, result, rnd in zip(engine.deals, engine.rounds, fast.record, strict=True):
        assert tuple(int(f) for f in deal.figures()) == rnd.deal[: len(deal.figures())]  # GR-S3
        assert result.leader == rnd.leader  # GR-P1, GR-V4
        assert result.looks == rnd.looks  # GR-P2, GR-P4
        assert result.accusations == rnd.accusations  # GR-P3, GR-P5
        assert result.culprit == rnd.culprit  # GR-R1..R3
        assert [(p.seat, p.suspect, p.chips) for p in result.penalties] == list(rnd.penalties)  # GR-V3
        assert result.next_leader == rnd.next_leader  # GR-V4
    outcome = engine.outcome()
    assert engine.incompetent == fast.incompetent  # GR-V3, by colour
    assert outcome.ranking == fast.ranking  # GR-E2, GR-E3
    assert outcome.loser == fast.loser
    assert outcome.last_leader == fast.last_leader


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_games_equal_engine_games_gr_s3_gr_p2_gr_v3_gr_e2(players: int) -> None:
    games = 0
    for mix in MIXES[players]:
        for seed in range(2000 // len(MIXES[players]) + 1):
            names = mix[seed % players:] + mix[: seed % players]  # rotate the seats too
            assert_same_game(engine_game(players, names, seed, seed % players),
                             fast_game(players, names, seed, seed % players))
            games += 1
    assert games >= 2000


@pytest.mark.parametrize("players", [3, 4])
def test_fast_inferred_equals_engine_inferred(players: int) -> None:
    names = ("inferred",) + ("best",) * (players - 1)
    for seed in range(60):
        assert_same_game(engine_game(players, names, seed, seed % players),
                         fast_game(players, names, seed, seed % players))


def test_simulate_fast_equals_simulate() -> None:
    for names in (["best", "random", "higher"], ["random", "best"], ["honest", "best", "random", "higher"]):
        assert simulate_fast(names, games=150, seed=9) == simulate(names, games=150, seed=9)


def test_fast_policy_names_refused() -> None:
    from rulesengine.errors import InputError

    with pytest.raises(InputError, match="unknown policy"):
        fast_policy("clever", 3)
