"""Benchmark: seconds to generate one exercise, per game, kind and difficulty, against a baseline commit.

Run: ``.venv/bin/python benchmarks/bench_exercises.py [--seeds N] [--repeat R] [--baseline COMMIT]``.

For every registered kind and difficulty it generates the exercises of seeds ``0..N-1`` and reports the
mean and the median time per exercise (CPU time of the measuring process, ``time.process_time``), and
how many different answers the ``N`` exercises have and the share of the commonest (what
``tests/exercises/test_balance.py`` checks on fewer seeds). In one run the benchmark

1. checks out the baseline commit (default ``aa1e41f``, main before the answers were balanced, issue 15)
   in a temporary ``git worktree add --detach`` and measures it in a subprocess with that tree first on
   ``PYTHONPATH``;
2. measures the current tree the same way;
3. prints both and the ratio of the mean times (baseline / now: above 1 is faster now), and removes the
   worktree.

The two trees generate different exercises where the generators changed (that is the point of the
change), so the ratio compares the cost of an exercise of a kind, not of the same exercise. With
``R`` rounds (interleaved: baseline, now, then again) each kind keeps its best round's mean.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _worktree import baseline_worktree

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "aa1e41f"


def measure(seeds: int) -> dict[str, Any]:
    """Generate ``seeds`` exercises per kind and difficulty with the ``rulesengine`` on ``sys.path``.

    Returns ``{"game/kind/difficulty": [mean seconds, median seconds, distinct answers, top share]}``.
    """
    from rulesengine.exercises import generate, kinds

    out: dict[str, Any] = {}
    for k in kinds():
        for difficulty in k.difficulties:
            times: list[float] = []
            answers: Counter[str] = Counter()
            for seed in range(seeds):
                start = time.process_time()
                ex = generate(k.game, k.name, seed, difficulty)
                times.append(time.process_time() - start)
                answers[json.dumps(ex.solution, sort_keys=True, default=str)] += 1
            top = answers.most_common(1)[0][1] / seeds
            out[f"{k.game}/{k.name}/{difficulty}"] = [statistics.fmean(times), statistics.median(times),
                                                      len(answers), top]
    return out


def run_measure(tree: Path, seeds: int) -> dict[str, Any]:
    """Run :func:`measure` in a subprocess that imports ``rulesengine`` from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RULESENGINE_DATA", None)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", str(seeds)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def best(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Per kind and difficulty, the round with the least mean time."""
    return {key: min((r[key] for r in rounds), key=lambda x: x[0]) for key in rounds[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60,
                        help="exercises per kind and difficulty (default 60)")
    parser.add_argument("--repeat", type=int, default=1, help="interleaved rounds, best kept (default 1)")
    parser.add_argument("--baseline", default=BASELINE, help=f"baseline commit (default {BASELINE})")
    parser.add_argument("--measure", type=int, metavar="SEEDS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return 0

    print(f"Exercises: {args.seeds} seeds per kind and difficulty, one core, best of {args.repeat} round(s)")
    rounds: dict[str, list[dict[str, Any]]] = {"base": [], "now": []}
    with baseline_worktree(args.baseline, "bench_exercises_") as tree:
        for _ in range(args.repeat):
            if tree is not None:
                rounds["base"].append(run_measure(tree, args.seeds))
            rounds["now"].append(run_measure(ROOT, args.seeds))
    base = best(rounds["base"]) if rounds["base"] else {}
    now = best(rounds["now"])
    print(f"{'game/kind/difficulty':34} {'baseline ms':>11} {'answers':>8} {'top':>5} │ "
          f"{'now ms':>7} {'median':>7} {'answers':>8} {'top':>5} {'ratio':>6}")
    for key, (mean, median, distinct, top) in now.items():
        row = f"{key:34} "
        if key in base:
            b_mean, _b_median, b_distinct, b_top = base[key]
            row += f"{b_mean * 1000:11.1f} {b_distinct:8d} {b_top:5.0%} │ "
        else:
            row += f"{'-':>11} {'-':>8} {'-':>5} │ "
        row += f"{mean * 1000:7.1f} {median * 1000:7.1f} {distinct:8d} {top:5.0%} "
        row += f"{base[key][0] / mean:6.2f}" if key in base and mean else f"{'-':>6}"
        print(row)
    slowest = max(now, key=lambda key: now[key][0])
    print(f"slowest now: {slowest} {now[slowest][0] * 1000:.0f} ms mean; "
          f"all kinds: {statistics.fmean(v[0] for v in now.values()) * 1000:.1f} ms mean per exercise")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
