"""Benchmark: random Tragedy Looper games on each shipped script: days per second, cost of one decision.

Run: ``.venv/bin/python benchmarks/bench_looper.py [--games N] [--repeat R]``. For each shipped
script it plays N random games (both sides :class:`RandomAgent`) and prints days per second and the
mean cost of one decision (choosing a legal option and applying it), next to a baseline measured in
the same run: one ``Game.clone()`` (a copy of the whole state) and one ``copy.deepcopy`` of the game.
Aim: thousands of days per second on one core. Times are the CPU time of this process
(``time.process_time``), so other jobs on a shared machine distort them less.
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from rulesengine.looper.engine import Game
from rulesengine.looper.script import load_script, shipped_scripts


def play_random(script: object, seed: int) -> tuple[int, int]:
    """Play one random game; return (days played, decisions)."""
    game = Game(script)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while game.pending is not None:
        game.apply(rng.choice(game.pending.options))
    days = sum(1 for e in game.log if e.kind == "day_start")
    return days, game.decisions_made


def best_of(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="random games per script (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of the baselines (best kept)")
    args = parser.parse_args()
    print(f"Tragedy Looper: {args.games} random games per shipped script, one core")
    print(
        f"{'script':28} {'days/s':>9} {'decisions/s':>12} {'us/decision':>12} {'clone us':>9} "
        f"{'deepcopy us':>12} {'decision/clone':>15}"
    )
    total_days = total_time = 0.0
    for path in shipped_scripts():
        script = load_script(path)
        days = decisions = 0
        start = time.process_time()
        for seed in range(args.games):
            d, n = play_random(script, seed)
            days += d
            decisions += n
        elapsed = time.process_time() - start
        total_days += days
        total_time += elapsed
        # Baselines on a mid-game state: copying the state, with the engine's clone and with deepcopy.
        game = Game(script)
        rng = random.Random(0)
        for _ in range(10):
            game.apply(rng.choice(game.pending.options))  # type: ignore[union-attr]
        reps = 200
        clone_s = best_of(lambda g=game, r=reps: [g.clone() for _ in range(r)], args.repeat) / reps
        deep_s = best_of(lambda g=game: [copy.deepcopy(g) for _ in range(20)], args.repeat) / 20
        per_decision = elapsed / decisions
        print(
            f"{path.stem:28} {days / elapsed:9.0f} {decisions / elapsed:12.0f} {per_decision * 1e6:12.1f} "
            f"{clone_s * 1e6:9.1f} {deep_s * 1e6:12.1f} {per_decision / clone_s:15.2f}"
        )
    print(f"all scripts: {total_days / total_time:.0f} days per second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
