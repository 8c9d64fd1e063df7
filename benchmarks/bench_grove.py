"""Benchmark: exact culprit odds (one query, the whole table) against brute force over every deal.

Run: ``.venv/bin/python benchmarks/bench_grove.py [--repeat N] [--quick]``. Both sides are measured in
the same run; the script prints the times and the speed-up ratios. Aims: a query well under a
millisecond; the whole table for 2 to 5 players in under a second. ``--quick`` leaves the 5-player
brute-force table out (the slowest baseline, about 4 s).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from rulesengine.grove.brute import brute_force_odds, brute_force_table
from rulesengine.grove.odds import Knowledge, clear_cache, culprit_odds
from rulesengine.grove.table import render_table


def best_of(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="repetitions per measurement (best is kept)")
    parser.add_argument("--quick", action="store_true", help="skip the 5-player brute-force table")
    args = parser.parse_args()
    repeat = max(1, args.repeat)

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
        t_warm = best_of(lambda k=k: culprit_odds(k), max(repeat, 200))
        t_brute = best_of(lambda k=k: brute_force_odds(k), 1)
        seen = ",".join(f"{i}={f}" for i, f in k.seen) or "-"
        label = f"{k.players}p alibis {' '.join(f.label for f in k.alibis)} seen {seen}"
        print(f"  query {label:<30} exact {t_cold * 1e6:8.1f} us (memoised {t_warm * 1e6:6.1f} us)  "
              f"brute {t_brute * 1e3:8.1f} ms  ratio x{t_brute / t_cold:,.0f}")

    def table() -> None:
        clear_cache()
        render_table()

    t_table = best_of(table, repeat)
    counts = (2, 3, 4) if args.quick else (2, 3, 4, 5)

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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
