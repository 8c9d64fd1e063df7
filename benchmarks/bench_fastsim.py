"""Benchmark: whole In a Grove rounds through the fast simulator against the engine, in the same run.

Run: ``.venv/bin/python benchmarks/bench_fastsim.py [--games N] [--million] [--no-cfr]``.

For each player count (2 to 5) it plays ``N`` seeded games with the ``random`` policy at every seat (the most
draws per round; the other policies are table lookups) through the fast simulator
(:func:`rulesengine.grove.strategy.fastsim.play_game`) and through the engine
(:func:`rulesengine.contract.drive` with the engine's ``random`` strategy), both on one core in this process,
checks that both played the same rounds, and prints rounds per second and the ratio. ``--million`` also times
a million rounds of three-player games through the fast simulator (the issue's aim: under 10 s on one core).
Last, it times CFR+ iterations on the two-player round (:mod:`rulesengine.grove.strategy.equilibrium`;
``--no-cfr`` skips it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulesengine.contract import drive
from rulesengine.grove.rules.game import new_game
from rulesengine.grove.strategy.fastsim import fast_policy, play_game
from rulesengine.grove.strategy.policies import agent


def fast_rounds(players: int, games: int, policy: str = "random") -> int:
    """Play ``games`` seeded games through the fast simulator; the number of rounds."""
    policies = [fast_policy(policy, players)] * players
    rounds = 0
    for seed in range(games):
        rounds += play_game(players, policies, random.Random(seed), seed % players).rounds
    return rounds


def engine_rounds(players: int, games: int, policy: str = "random") -> int:
    """The same games through the engine."""
    rounds = 0
    for seed in range(games):
        rng = random.Random(seed)
        seats = {s: agent(policy, rng) for s in range(players)}
        state = drive(new_game(players, seed % players), seats, chance=rng)
        rounds += len(state.rounds)
    return rounds


def timed(fn, *args):  # type: ignore[no-untyped-def]
    start = time.process_time()
    out = fn(*args)
    return out, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--no-cfr", action="store_true")
    args = parser.parse_args(argv)
    fast_rounds(3, 20)
    engine_rounds(3, 20)
    print(f"{'players':>7} {'policy':>7} {'fast rounds/s':>14} {'engine rounds/s':>16} {'ratio':>6}")
    for policy in ("random", "best"):
        for n in (2, 3, 4, 5):
            fr, ft = timed(fast_rounds, n, args.games, policy)
            er, et = timed(engine_rounds, n, args.games // 5, policy)
            check = fast_rounds(n, args.games // 5, policy)
            if check != er:
                raise SystemExit(f"the fast simulator played {check} rounds, the engine {er}")
            print(f"{n:>7} {policy:>7} {fr / ft:>14,.0f} {er / et:>16,.0f} {(fr / ft) / (er / et):>5.1f}x")
    if args.million:
        rounds, games = 0, 0
        policies = [fast_policy("random", 3)] * 3
        rng = random.Random(0)
        start = time.process_time()
        while rounds < 1_000_000:
            rounds += play_game(3, policies, rng, games % 3).rounds
            games += 1
        print(f"a million rounds (3 players, random): {time.process_time() - start:.1f} s CPU, {games} games")
    if not args.no_cfr:
        from rulesengine.grove.strategy.equilibrium import time_cfr

        print(time_cfr())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
