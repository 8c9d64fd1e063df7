"""Benchmark: random Tragedy Looper games per shipped script, in days per second, against today's baseline.

Run: ``.venv/bin/python benchmarks/bench_looper.py [--games N] [--repeat R] [--baseline COMMIT]``.

Random play: both sides choose uniformly among ``legal_actions()`` with ``random.Random(seed)``, seeds
``0..N-1`` for every script. In one run the benchmark

1. checks out the baseline commit (default ``5ae75da``, the algorithm before the state record) in a
   temporary ``git worktree add --detach``, and measures it in a subprocess with that tree first on
   ``PYTHONPATH``;
2. measures the current tree the same way (a subprocess with this tree first on ``PYTHONPATH``), with the
   default game (full log) and with ``Game(script, record=False)`` (no events written);
3. prints days per second per script for each, the ratios to the baseline, and removes the worktree.

Days are counted from the loop results (``sum(r.day for r in game.loop_results)``), which both versions
keep; both versions playing the same number of days checks that the rules and the order of the legal
actions did not change. When a rule reading changed on purpose since the baseline, the scripts it touches
are listed (their days per second still compare); to check that a speed-up alone changed nothing, run
with ``--baseline`` set to the commit before it. ``record=False`` must play the same days as the default
game (asserted). Times are the CPU time of the measuring process
(``time.process_time``). The three variants run in ``R`` interleaved rounds (baseline, now, no record,
then again) and each script keeps its best round, so a load that comes and goes on a shared machine
distorts the ratios less.

With ``--instructions G`` (and ``valgrind`` installed) it also counts the machine instructions per
simulated day of each variant, which a load on the machine does not change: ``valgrind
--tool=cachegrind`` runs the measurement of ``G`` games per script once and twice; the difference is the
second pass over the same seeds (warm caches, as in the timed runs, whose best pass is the second),
divided by its days. A few minutes per variant.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _worktree import baseline_worktree

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "5ae75da"


def measure(games: int, repeat: int, record: bool) -> dict[str, Any]:
    """Play ``games`` random games per shipped script with the ``rulesengine`` on ``sys.path``.

    Returns ``{script: [days, best seconds]}`` (the best of ``repeat`` runs of each script's batch).
    """
    from _layout import load  # (today's modules, or a baseline's from before issue 22)

    Game = load("rulesengine.looper.rules.engine").Game
    script_module = load("rulesengine.looper.rules.script")
    load_script, shipped_scripts = script_module.load_script, script_module.shipped_scripts

    out: dict[str, Any] = {}
    for path in shipped_scripts():
        script = load_script(path)
        kw: dict[str, Any] = {} if record else {"record": False}
        best = float("inf")
        days = 0
        for _ in range(repeat):
            days = 0
            start = time.process_time()
            for seed in range(games):
                game = Game(script, **kw)
                rng = random.Random(seed)
                choice = rng.choice
                while game.pending is not None:
                    game.apply(choice(game.legal_actions()))
                days += sum(r.day for r in game.loop_results)
            best = min(best, time.process_time() - start)
        out[path.stem] = [days, best]
    return out


def run_measure(tree: Path, games: int, repeat: int, record: bool) -> dict[str, Any]:
    """Run :func:`measure` in a subprocess that imports ``rulesengine`` from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RULESENGINE_DATA", None)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", str(games), str(repeat)]
    if not record:
        cmd.append("--no-record")
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def run_instructions(tree: Path, games: int, record: bool) -> float:
    """Machine instructions per simulated day (valgrind): the second pass over ``games`` seeds per script."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RULESENGINE_DATA", None)
    counts, days = [], 0
    for repeat in (1, 2):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        cmd += [sys.executable, str(Path(__file__).resolve()), "--measure", str(games), str(repeat)]
        if not record:
            cmd.append("--no-record")
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
        assert found is not None, proc.stderr[-500:]
        counts.append(int(found.group(1).replace(",", "")))
        days = sum(d for d, _ in json.loads(proc.stdout.strip().splitlines()[-1]).values())
    return (counts[1] - counts[0]) / days


def best(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per script, the round with the least time."""
    return {name: min((r[name] for r in results), key=lambda x: x[1]) for name in results[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per script (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions, best kept (default 3)")
    parser.add_argument("--baseline", default=BASELINE, help=f"baseline commit (default {BASELINE})")
    parser.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="G",
        help="also count instructions per day with valgrind over G games per script (e.g. 40; default off)",
    )
    parser.add_argument("--measure", nargs=2, type=int, metavar=("GAMES", "REPEAT"), help=argparse.SUPPRESS)
    parser.add_argument("--no-record", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure[0], args.measure[1], not args.no_record)))
        return 0

    print(
        f"Tragedy Looper: {args.games} random games per shipped script, one core, "
        f"best of {args.repeat} interleaved rounds"
    )
    rounds: dict[str, list[dict[str, Any]]] = {"base": [], "now": [], "fast": []}
    icount: dict[str, float] = {}
    with baseline_worktree(args.baseline, "bench_looper_") as tree:
        for _ in range(args.repeat):
            if tree is not None:
                rounds["base"].append(run_measure(tree, args.games, 2, True))
            rounds["now"].append(run_measure(ROOT, args.games, 2, True))
            rounds["fast"].append(run_measure(ROOT, args.games, 2, False))
        if args.instructions and shutil.which("valgrind") is None:
            print("valgrind not found: no instruction counts")
        elif args.instructions:
            if tree is not None:
                icount["base"] = run_instructions(tree, args.instructions, True)
            icount["now"] = run_instructions(ROOT, args.instructions, True)
            icount["fast"] = run_instructions(ROOT, args.instructions, False)
    base = best(rounds["base"]) if rounds["base"] else None
    now, fast = best(rounds["now"]), best(rounds["fast"])

    print(
        f"{'script':26} {'days':>6} {'baseline/s':>11} {'now/s':>9} {'ratio':>6} "
        f"{'record=False/s':>15} {'ratio':>6}"
    )
    totals = {"base": [0.0, 0.0], "now": [0.0, 0.0], "fast": [0.0, 0.0]}
    changed: list[str] = []
    for name, (days, secs) in now.items():
        fast_days, fast_secs = fast[name]
        assert fast_days == days, f"{name}: record=False played other games"
        row = f"{name:26} {days:6d} "
        if base is not None:
            base_days, base_secs = base[name]
            if base_days != days:  # a rule changed since the baseline: the rates still compare
                changed.append(f"{name} ({base_days} days then, {days} now)")
            row += f"{base_days / base_secs:11.0f} {days / secs:9.0f} {base_secs / secs:6.2f} "
            totals["base"][0] += base_days
            totals["base"][1] += base_secs
        else:
            row += f"{'-':>11} {days / secs:9.0f} {'-':>6} "
        row += f"{fast_days / fast_secs:15.0f} " + (
            f"{base[name][1] / fast_secs:6.2f}" if base else f"{'-':>6}"
        )
        print(row)
        totals["now"][0] += days
        totals["now"][1] += secs
        totals["fast"][0] += fast_days
        totals["fast"][1] += fast_secs
    rate = {k: d / s if s else 0.0 for k, (d, s) in totals.items()}
    print(f"all scripts: now {rate['now']:.0f} days/s, record=False {rate['fast']:.0f} days/s", end="")
    if base is not None:
        print(
            f"; baseline {rate['base']:.0f} days/s; ratio {rate['now'] / rate['base']:.2f} "
            f"(record=False {rate['fast'] / rate['base']:.2f})"
        )
    else:
        print()
    if changed:
        print(
            "the baseline played other games on: " + ", ".join(changed) + " (a rule reading changed since "
            "the baseline; check a speed-up alone with --baseline set to the commit before it)"
        )
    if icount:
        names = {"base": "baseline", "now": "now", "fast": "record=False"}
        parts = []
        for key, value in icount.items():
            ratio = f" ({icount['base'] / value:.2f}x)" if "base" in icount and key != "base" else ""
            parts.append(f"{names[key]} {value / 1000:.0f}k{ratio}")
        print(f"instructions per day ({args.instructions} games per script, valgrind): " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
