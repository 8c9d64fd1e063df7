"""Benchmark: whole In a Grove rounds through the engine, now and at a baseline commit; odds vs brute force.

Run: ``.venv/bin/python benchmarks/bench_grove.py [--games N] [--repeat R] [--baseline REV] [--quick]``.

**Rounds.** For each player count (2 to 5) it plays ``N`` seeded random games through the engine's public
API (``new_game``, ``sample_chance`` for the deal, ``legal_actions``, ``apply_action`` until ``is_terminal``;
the loop of ``play_random``) and prints whole rounds per second for the code next to this script and for the
engine at ``REV`` (default ``5ae75da``, the engine before the speed work of issue 9), and the ratio. The
baseline is checked out with ``git worktree add --detach`` into a temporary directory, measured in a
subprocess with ``PYTHONPATH`` pointing at it, and removed afterwards; the current code is measured the
same way (``PYTHONPATH`` = this repository). The two sides alternate, ``R`` times each, and the best CPU
time (``time.process_time``) is kept; both play the same seeds, and the script checks they played the same
number of rounds. Aim (issue 9): at least 3× the baseline for every player count.

**Odds.** A query (cold cache and memoised) and the whole table against the brute-force walk over every
deal, with the ratios. ``--quick`` leaves the 5-player brute-force table out (about 4 s); ``--no-odds``
skips this part.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = (2, 3, 4, 5)
BASELINE = "5ae75da"


# ----------------------------------------------------------------------------- rounds through the engine
def play_games(players: int, games: int) -> int:
    """Play ``games`` seeded random games through the public API; return the number of rounds played."""
    from _layout import load  # (today's modules, or a baseline's from before issue 22)

    new_game = load("rulesengine.grove.rules.game").new_game

    rounds = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(players, seed % players)
        # the contract's apply_action (issue 22); a baseline from before it has only apply
        step = type(state).apply_action if hasattr(state, "apply_action") else type(state).apply
        while not state.is_terminal():
            if state.is_chance_node():
                state = step(state, state.sample_chance(rng))
            else:
                state = step(state, rng.choice(state.legal_actions()))
        rounds += len(state.rounds)
    return rounds


def measure_rounds(games: int) -> dict[str, Any]:
    """One measurement of every player count in this process: CPU seconds and rounds played."""
    import rulesengine

    result: dict[str, Any] = {"package": rulesengine.__file__, "players": {}}
    play_games(3, 5)  # warm the imports and caches
    for n in PLAYERS:
        start = time.process_time()
        rounds = play_games(n, games)
        result["players"][str(n)] = {"seconds": time.process_time() - start, "rounds": rounds}
    return result


def measure_in(path: Path, games: int) -> dict[str, Any]:
    """Run :func:`measure_rounds` in a subprocess that imports ``rulesengine`` from ``path``."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--measure-rounds", "--games", str(games)],
        env=env, cwd=path, capture_output=True, text=True, check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    if not Path(result["package"]).resolve().is_relative_to(path.resolve()):
        raise RuntimeError(f"the subprocess imported {result['package']}, not the code under {path}")
    return result


def bench_rounds(games: int, repeat: int, baseline: str) -> None:
    print(f"In a Grove: whole rounds through the engine, {games} seeded random games per player count "
          f"(best of {repeat}, CPU time)")
    with tempfile.TemporaryDirectory(prefix="grove-baseline-") as tmp:
        base_dir: Path | None = Path(tmp) / "baseline"
        try:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base_dir), baseline],
                           check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            detail = str(getattr(exc, "stderr", "") or exc).strip()
            print(f"  baseline {baseline} not available ({detail}); measuring the current code only")
            base_dir = None
        try:
            now: list[dict[str, Any]] = []
            then: list[dict[str, Any]] = []
            for _ in range(repeat):
                now.append(measure_in(ROOT, games))
                if base_dir is not None:
                    then.append(measure_in(base_dir, games))
        finally:
            if base_dir is not None:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_dir)],
                               check=False, capture_output=True)
    print(f"  {'players':>7} {'rounds':>7} {'now rounds/s':>13} {f'{baseline} rounds/s':>17} {'ratio':>7}")
    for n in PLAYERS:
        key = str(n)
        rounds = now[0]["players"][key]["rounds"]
        fast = rounds / min(r["players"][key]["seconds"] for r in now)
        if then:
            if then[0]["players"][key]["rounds"] != rounds:
                raise RuntimeError(f"{n} players: the baseline played a different number of rounds")
            slow = rounds / min(r["players"][key]["seconds"] for r in then)
            print(f"  {n:>7} {rounds:>7} {fast:13,.0f} {slow:17,.0f} {fast / slow:6.2f}x")
        else:
            print(f"  {n:>7} {rounds:>7} {fast:13,.0f} {'-':>17} {'-':>7}")


# ----------------------------------------------------------------------------- exact odds vs brute force
def best_of(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def bench_odds(repeat: int, quick: bool) -> None:
    from rulesengine.grove.odds.brute import brute_force_odds, brute_force_table
    from rulesengine.grove.odds.exact import Knowledge, clear_cache, culprit_odds
    from rulesengine.grove.odds.table import render_table

    print("In a Grove: exact odds vs brute force over every deal (best of", repeat, "runs)")
    queries = [
        Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}),
        Knowledge.make(5, ["X", "5"], {0: "X", 2: "4"}),
        Knowledge.make(5, ["2", "8"], {}),  # nothing seen: the biggest enumeration
    ]
    for k in queries:
        assert culprit_odds(k).suspects == brute_force_odds(k)

        def cold(k: Knowledge = k) -> None:
            clear_cache()
            culprit_odds(k)

        t_cold = best_of(cold, max(repeat, 20))
        t_warm = best_of(partial(culprit_odds, k), max(repeat, 200))
        t_brute = best_of(partial(brute_force_odds, k), 1)
        seen = ",".join(f"{i}={f}" for i, f in k.seen) or "-"
        label = f"{k.players}p alibis {' '.join(f.label for f in k.alibis)} seen {seen}"
        print(f"  query {label:<30} exact {t_cold * 1e6:8.1f} us (memoised {t_warm * 1e6:6.1f} us)  "
              f"brute {t_brute * 1e3:8.1f} ms  ratio x{t_brute / t_cold:,.0f}")

    def table() -> None:
        clear_cache()
        render_table()

    t_table = best_of(table, repeat)
    counts = (2, 3, 4) if quick else (2, 3, 4, 5)

    def fast_part() -> None:
        clear_cache()
        render_table(counts)

    t_fast_part = best_of(fast_part, repeat)
    start = time.perf_counter()
    for n in counts:
        brute_force_table(n)
    t_brute_table = time.perf_counter() - start
    print(f"  whole table, 2-5 players (11 376 states, CSV text): {t_table * 1e3:8.1f} ms")
    print(f"  whole table, {counts[0]}-{counts[-1]} players: exact {t_fast_part * 1e3:8.1f} ms   "
          f"brute force {t_brute_table * 1e3:8.1f} ms   ratio x{t_brute_table / t_fast_part:,.1f}")
    print("  aims: a query well under 1 ms ->", "met" if t_cold < 1e-3 else "NOT met",
          "| whole table under 1 s ->", "met" if t_table < 1.0 else "NOT met")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300, help="random games per player count (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions per measurement (best is kept)")
    parser.add_argument("--baseline", default=BASELINE,
                        help=f"git revision of the baseline (default {BASELINE})")
    parser.add_argument("--quick", action="store_true", help="skip the 5-player brute-force table")
    parser.add_argument("--no-odds", action="store_true", help="measure the rounds only")
    parser.add_argument("--measure-rounds", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_rounds:
        print(json.dumps(measure_rounds(max(1, args.games))))
        return 0
    repeat = max(1, args.repeat)
    bench_rounds(max(1, args.games), repeat, args.baseline)
    if not args.no_odds:
        bench_odds(repeat, args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
