"""Benchmark: random Tragedy Looper games per shipped script, in days per second, against today's baseline;
and the search's inner loop (issue 25): clones and clone-and-play-to-loop-end rollouts per second.

Run: ``.venv/bin/python benchmarks/bench_looper.py [--games N] [--repeat R] [--baseline COMMIT]
[--main REF] [--states S] [--rollouts K]``.

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

A second baseline, ``--main`` (default ``main``: the commit where this branch left it, ``git merge-base
HEAD main``), is checked out beside the first. Against it the benchmark measures what the searching
Mastermind runs (``rulesengine.looper.play.search``), in the same interleaved rounds:

* whole random games with ``record=False`` (days per second; both must play the same days, asserted);
* **clones**: ``S`` mid-game states per script (random play with ``record=False``, seeds ``0..``, a state
  every 25 decisions from the 10th), each copied with ``Game.clone()``: clones per second;
* **rollouts**: each state cloned ``K`` times and played to the end of its loop (or of the game), as the
  search's rollouts are — by random agents (``random.Random(k)``), and by the heuristic agents the search
  uses (``HeuristicMastermind(k)``, ``HeuristicProtagonists(k + 1)``, each decision given its side's
  observation; the ``5ae75da`` agents read the game itself): rollouts per second. ``main`` and now must
  play the same rollouts (the decisions and the Mastermind's wins are compared, asserted); the first
  baseline has no ``record=False`` (its games keep their log) and may differ where a rule reading changed.

The ratios printed are baseline time / time now (above 1: faster now).

With ``--instructions G`` (and ``valgrind`` installed) it also counts the machine instructions per
simulated day of each variant, which a load on the machine does not change: ``valgrind
--tool=cachegrind`` runs the measurement of ``G`` games per script once and twice; the difference is the
second pass over the same seeds (warm caches, as in the timed runs, whose best pass is the second),
divided by its days. A few minutes per variant.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from _worktree import baseline_worktree

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "5ae75da"
#: Clones of each mid-game state per timed pass (a clone takes microseconds).
CLONES = 200


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


def measure_search(states: int, rollouts: int, repeat: int) -> dict[str, Any]:
    """Clones and rollouts of mid-game states, with the ``rulesengine`` on ``sys.path`` (see the module's
    docstring).

    Returns ``{script: {"states", "clone": best seconds for :data:`CLONES` clones of every state, "random"
    and "heuristic": [rollouts, decisions, Mastermind wins, best seconds]}}`` (the best of ``repeat``).
    """
    from _layout import load  # (today's modules, or a baseline's from before issue 22)

    Game = load("rulesengine.looper.rules.engine").Game
    script_module = load("rulesengine.looper.rules.script")
    agents = load("rulesengine.looper.play.agents")
    observe = load("rulesengine.looper.rules.observe")
    kw: dict[str, Any] = {"record": False} if "record" in inspect.signature(Game).parameters else {}
    by_observation = len(inspect.signature(agents.HeuristicMastermind.__call__).parameters) == 3

    def heuristic(k: int) -> Any:
        """The search's rollout agents, as one callable answering either side's decision of a game."""
        mastermind, protagonists = agents.HeuristicMastermind(k), agents.HeuristicProtagonists(k + 1)

        def answer(game: Any) -> Any:
            ours = game.pending.who == "mastermind"
            agent = mastermind if ours else protagonists
            if not by_observation:  # (5ae75da: an agent reads the game itself)
                return agent(game)
            seen = observe.MastermindObservation(game) if ours else observe.ProtagonistsObservation(game)
            return agent(seen, game.legal_actions())

        return answer

    def randomly(k: int) -> Any:
        choice = random.Random(k).choice
        return lambda game: choice(game.legal_actions())

    out: dict[str, Any] = {}
    for path in script_module.shipped_scripts():
        script = script_module.load_script(path)
        found: list[Any] = []
        seed = 0
        while len(found) < states:  # mid-game states: every 25 decisions of random games, from the 10th
            game, choice, n = Game(script, **kw), random.Random(seed).choice, 0
            while game.pending is not None and len(found) < states:
                if n % 25 == 10:
                    found.append(game.clone())
                game.apply(choice(game.legal_actions()))
                n += 1
            seed += 1
        row: dict[str, Any] = {"states": len(found)}
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            for _ in range(CLONES):
                for state in found:
                    state.clone()
            best = min(best, time.process_time() - start)
        row["clone"] = best
        for name, make in (("random", randomly), ("heuristic", heuristic)):
            best, decisions, wins = float("inf"), 0, 0
            for _ in range(repeat):
                decisions = wins = 0
                start = time.process_time()
                for state in found:
                    for k in range(rollouts):
                        game, agent = state.clone(), make(k)
                        loop = game.loop
                        while game.pending is not None and game.loop == loop:
                            game.apply(agent(game))
                            decisions += 1
                        wins += game.pending is not None or game.outcome.winner == "mastermind"
                best = min(best, time.process_time() - start)
            row[name] = [len(found) * rollouts, decisions, wins, best]
        out[path.stem] = row
    return out


def run_tree(tree: Path, args: list[str]) -> dict[str, Any]:
    """This file with ``args`` in a subprocess that imports ``rulesengine`` from ``tree``: its JSON line."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RULESENGINE_DATA", None)
    cmd = [sys.executable, str(Path(__file__).resolve()), *args]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def run_measure(tree: Path, games: int, repeat: int, record: bool) -> dict[str, Any]:
    """Run :func:`measure` in a subprocess that imports ``rulesengine`` from ``tree``."""
    return run_tree(tree, ["--measure", str(games), str(repeat), *([] if record else ["--no-record"])])


def run_search(tree: Path, states: int, rollouts: int, repeat: int) -> dict[str, Any]:
    """Run :func:`measure_search` in a subprocess that imports ``rulesengine`` from ``tree``."""
    return run_tree(tree, ["--measure-search", str(states), str(rollouts), str(repeat)])


def branch_point(ref: str) -> str | None:
    """The commit where this branch left ``ref`` (``git merge-base HEAD ref``), or ``None``."""
    proc = subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", ref], capture_output=True, text=True, check=False
    )
    return proc.stdout.strip()[:7] or None if proc.returncode == 0 else None


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
        "--main",
        default="main",
        help="second baseline: where this branch left REF (git merge-base HEAD REF; default main; 'none')",
    )
    parser.add_argument("--states", type=int, default=10, help="mid-game states per script to clone (10)")
    parser.add_argument("--rollouts", type=int, default=10, help="rollouts per state (10)")
    parser.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="G",
        help="also count instructions per day with valgrind over G games per script (e.g. 40; default off)",
    )
    parser.add_argument("--measure", nargs=2, type=int, metavar=("GAMES", "REPEAT"), help=argparse.SUPPRESS)
    parser.add_argument("--no-record", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--measure-search", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure[0], args.measure[1], not args.no_record)))
        return 0
    if args.measure_search:
        print(json.dumps(measure_search(*args.measure_search)))
        return 0
    main_commit = None if args.main == "none" else branch_point(args.main)
    if args.main != "none" and main_commit is None:
        print(f"second baseline {args.main} unavailable (no merge base with HEAD)")

    print(
        f"Tragedy Looper: {args.games} random games per shipped script, one core, "
        f"best of {args.repeat} interleaved rounds"
    )
    rounds: dict[str, list[dict[str, Any]]] = {"base": [], "now": [], "fast": [], "main_fast": []}
    search: dict[str, list[dict[str, Any]]] = {"base": [], "main": [], "now": []}
    icount: dict[str, float] = {}
    with (
        baseline_worktree(args.baseline, "bench_looper_") as tree,
        baseline_worktree(main_commit, "bench_looper_main_") if main_commit else nullcontext() as main_tree,
    ):
        for _ in range(args.repeat):
            if tree is not None:
                rounds["base"].append(run_measure(tree, args.games, 2, True))
            rounds["now"].append(run_measure(ROOT, args.games, 2, True))
            rounds["fast"].append(run_measure(ROOT, args.games, 2, False))
            if main_tree is not None:
                rounds["main_fast"].append(run_measure(main_tree, args.games, 2, False))
            if args.states > 0 and args.rollouts > 0:
                for key, where in (("base", tree), ("main", main_tree), ("now", ROOT)):
                    if where is not None:
                        search[key].append(run_search(where, args.states, args.rollouts, 2))
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
    totals = {k: [0.0, 0.0] for k in ("base", "now", "fast", "now_both", "fast_both")}
    changed: list[str] = []
    missing: list[str] = []
    for name, (days, secs) in now.items():
        fast_days, fast_secs = fast[name]
        assert fast_days == days, f"{name}: record=False played other games"
        row = f"{name:26} {days:6d} "
        if base is not None and name in base:
            base_days, base_secs = base[name]
            if base_days != days:  # a rule changed since the baseline: the rates still compare
                changed.append(f"{name} ({base_days} days then, {days} now)")
            row += f"{base_days / base_secs:11.0f} {days / secs:9.0f} {base_secs / secs:6.2f} "
            totals["base"][0] += base_days
            totals["base"][1] += base_secs
            for key, d, t in (("now_both", days, secs), ("fast_both", fast_days, fast_secs)):
                totals[key][0] += d
                totals[key][1] += t
        else:
            if base is not None:  # (a script shipped after the baseline)
                missing.append(name)
            row += f"{'-':>11} {days / secs:9.0f} {'-':>6} "
        row += f"{fast_days / fast_secs:15.0f} " + (
            f"{base[name][1] / fast_secs:6.2f}" if base and name in base else f"{'-':>6}"
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
            f"; baseline {rate['base']:.0f} days/s; ratio {rate['now_both'] / rate['base']:.2f} "
            f"(record=False {rate['fast_both'] / rate['base']:.2f})"
            + (f" over the scripts both ship ({', '.join(missing)} came later)" if missing else "")
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
    if rounds["main_fast"]:
        print_record_false(best(rounds["main_fast"]), fast, main_commit)
    if search["now"]:
        print_search(search, args.baseline, main_commit)
    return 0


def print_record_false(main: dict[str, Any], fast: dict[str, Any], commit: str | None) -> None:
    """Whole random games with ``record=False``: the second baseline against now."""
    print(f"\nrecord=False, {commit} (main) against now: days per second, ratio {commit}/now")
    print(f"{'script':26} {'days':>6} {'main/s':>9} {'now/s':>9} {'ratio':>6}")
    total = [0, 0.0, 0.0]
    for name, (days, secs) in fast.items():
        main_days, main_secs = main[name]
        assert main_days == days, f"{name}: record=False played other games than on {commit}"
        print(f"{name:26} {days:6d} {days / main_secs:9.0f} {days / secs:9.0f} {main_secs / secs:6.2f}")
        total = [total[0] + days, total[1] + main_secs, total[2] + secs]
    days, main_secs, secs = total
    print(
        f"{'all scripts':26} {days:6.0f} {days / main_secs:9.0f} {days / secs:9.0f} {main_secs / secs:6.2f}"
    )


def best_search(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per script and measurement, the round with the least time."""
    out: dict[str, Any] = {}
    for name, first in results[0].items():
        row = dict(first)
        row["clone"] = min(r[name]["clone"] for r in results)
        for kind in ("random", "heuristic"):
            row[kind] = min((r[name][kind] for r in results), key=lambda x: x[3])
        out[name] = row
    return out


def print_search(search: dict[str, list[dict[str, Any]]], baseline: str, commit: str | None) -> None:
    """Clones and rollouts per second of each tree, and the ratios baseline time / time now (the same
    clones and rollouts on both: rate now / rate then)."""
    trees = {k: best_search(v) for k, v in search.items() if v}
    labels = {"base": baseline, "main": f"{commit} (main)", "now": "now"}
    now = trees["now"]
    first = next(iter(now.values()))
    print(
        f"\nthe search's inner loop: {first['states']} mid-game states per script, cloned; "
        f"{first['random'][0]} rollouts per script (a clone played to the loop's end), by random and by "
        "heuristic agents; per second of CPU, and the ratios baseline/now"
    )
    if "main" in trees:  # (the same code, sped up, must play the same rollouts)
        for name, row in now.items():
            for kind in ("random", "heuristic"):
                assert trees["main"][name][kind][:3] == row[kind][:3], (
                    f"{name}: {kind} rollouts differ from main"
                )
    others = [k for k in trees if k != "now"]
    print(
        f"{'script':26} {'':12}"
        + "".join(f" {labels[k][:16]:>16}" for k in trees)
        + "".join(f" {'x ' + labels[k][:7]:>10}" for k in others)
    )

    def count_time(row: dict[str, Any], what: str) -> tuple[float, float]:
        if what == "clone":
            return row["states"] * CLONES, row["clone"]
        return row[what][0], row[what][3]

    sums = {
        (k, w, both): [0.0, 0.0] for k in trees for w in ("clone", "random", "heuristic") for both in trees
    }
    for name in now:
        for what in ("clone", "random", "heuristic"):
            rates: dict[str, float] = {}
            for k, tree in trees.items():
                if name in tree:
                    count, took = count_time(tree[name], what)
                    rates[k] = count / took
                    for other in trees:  # (the sums over the scripts both trees have)
                        if name in trees[other]:
                            sums[(k, what, other)][0] += count
                            sums[(k, what, other)][1] += took
            line = f"{name if what == 'clone' else '':26} {what + '/s':12}"
            line += "".join(f" {rates[k]:16.0f}" if k in rates else f" {'-':>16}" for k in trees)
            line += "".join(
                f" {rates['now'] / rates[k]:10.2f}" if k in rates else f" {'-':>10}" for k in others
            )
            print(line)
    for what in ("clone", "random", "heuristic"):
        line = f"{'all scripts' if what == 'clone' else '':26} {what + '/s':12}"
        line += "".join(f" {sums[(k, what, k)][0] / sums[(k, what, k)][1]:16.0f}" for k in trees)
        for k in others:
            then, ours = sums[(k, what, "now")], sums[("now", what, k)]
            line += f" {(ours[0] / ours[1]) / (then[0] / then[1]):10.2f}"
        print(line)
    if "base" in trees:
        base = trees["base"]
        differ = [n for n in now if n in base and base[n]["heuristic"][:3] != now[n]["heuristic"][:3]]
        if differ:
            print(
                f"{baseline} played other heuristic rollouts on: {', '.join(differ)} (its own agents and "
                "rule readings; the ratios still compare rollouts per second)"
            )
        later = [n for n in now if n not in base]
        if later:
            print(f"not in {baseline}: {', '.join(later)} (its ratios are over the scripts it has)")


if __name__ == "__main__":
    raise SystemExit(main())
