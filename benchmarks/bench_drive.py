"""Benchmark: the cost of :func:`rulesengine.contract.drive` (observations, agents) over a bare loop.

Run: ``.venv/bin/python benchmarks/bench_drive.py [--games N] [--repeat R]``. For both games it plays the
same number of random games twice, measured in the same run:

* **bare**: ``while not over: state.apply(rng.choice(legal))`` — no agent, no observation;
* **drive**: ``drive(state, {player: RandomAgent(seed)})`` — every decision builds the deciding side's
  observation and calls its agent with the legal actions.

It prints microseconds per decision for each and the ratio drive / bare (the overhead of the contract's
loop). Times are CPU time (``time.process_time``), best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from rulesengine.contract import drive
from rulesengine.grove.rules.game import new_game
from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import load_script, shipped_scripts
from rulesengine.looper.rules.state import Side


def best_of(fn: Callable[[], int], repeat: int) -> tuple[float, int]:
    """(best CPU seconds, decisions of the last run)."""
    best, count = float("inf"), 0
    for _ in range(repeat):
        start = time.process_time()
        count = fn()
        best = min(best, time.process_time() - start)
    return best, count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="random games per script / player count")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions (best kept)")
    args = parser.parse_args()
    scripts = [load_script(p) for p in shipped_scripts()]

    def looper_bare() -> int:
        n = 0
        for script in scripts:
            for seed in range(args.games):
                game, rng = Game(script), random.Random(seed)
                while game.pending is not None:
                    game.apply(rng.choice(game.legal_actions()))
                n += game.decisions_made
        return n

    def looper_drive() -> int:
        n = 0
        for script in scripts:
            for seed in range(args.games):
                agents = {Side.MASTERMIND: RandomAgent(seed), Side.PROTAGONISTS: RandomAgent(seed + 1)}
                n += drive(Game(script), agents).decisions_made
        return n

    def grove_bare() -> int:
        n = 0
        for players in (2, 3, 4, 5):
            for seed in range(args.games):
                state, rng = new_game(players), random.Random(seed)
                while not state.is_terminal():
                    if state.is_chance_node():
                        state = state.apply(state.sample_chance(rng))
                    else:
                        state = state.apply(rng.choice(state.legal_actions()))
                        n += 1
        return n

    def grove_drive() -> int:
        n = 0
        for players in (2, 3, 4, 5):
            for seed in range(args.games):
                rng = random.Random(seed)
                seats = {s: RandomAgent(seed + s) for s in range(players)}
                final = drive(new_game(players), seats, chance=rng)
                n += 2 * players * len(final.rounds)
        return n

    print(f"drive() against a bare loop, {args.games} random games per script / player count, one core")
    print(f"{'game':8} {'bare us/dec':>12} {'drive us/dec':>13} {'drive/bare':>11}")
    for name, bare, driven in (("looper", looper_bare, looper_drive), ("grove", grove_bare, grove_drive)):
        t_bare, n_bare = best_of(bare, args.repeat)
        t_drive, n_drive = best_of(driven, args.repeat)
        per_bare, per_drive = t_bare / n_bare * 1e6, t_drive / n_drive * 1e6
        print(f"{name:8} {per_bare:12.2f} {per_drive:13.2f} {per_drive / per_bare:11.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
