"""Deduction speed: the deduction after one whole loop of each Basic Tragedy X script (issue 12), against
the baseline commit measured in the same run.

Each script is played by the heuristic agents (seed 0) to the end of its first loop, and the Protagonists'
record is deduced from. In one run the benchmark

1. checks out the baseline commit (default ``7b9d2d9``, main before the counted deduction of issue 23;
   ``e3180d2`` is the one replay per private sheet of issue 12) in a temporary
   ``git worktree add --detach`` and measures it in a subprocess with that tree first on ``PYTHONPATH``,
   each script under a time limit (``--limit``, default 120 s: the baseline takes about a minute on
   ``btx_01`` and hours on ``btx_02``; a script over the limit is shown as ``>limit`` and its ratio as a
   lower bound) and a memory limit (``--memory``, default 3 GB); a script the deduction refuses (more
   private sheets than ``candidates.MAX_SHEETS``: ``btx_03``) is shown as refused, with the error;
2. measures the current tree the same way;
3. prints, per script: the private sheets the set allows (enumerated cold, through the validator), the
   whole candidates (sheets × culprit assignments), the sheets replayed after the cheap filters, the
   engine steps run, the consistent candidates, the time to enumerate the sheets (now and, in brackets,
   the baseline's), the time of the deduction with the sheets cached (baseline and now: the candidates
   and the eliminations, which are cut when read since the lazy levels of issue 23), and the ratio
   baseline / now of the deduction time; then, now, the deduction without reading its eliminations (what
   the agents and the advisor read: ``agents/s``), the whole ``looper deduce SCRIPT DECISIONS --json``
   command as a user runs it (a fresh interpreter: imports, loading, deducing, printing) and its peak
   resident memory; and checks that both trees found the same number of consistent candidates.

    python benchmarks/bench_deduce.py [--scripts btx | --scripts btx_01,fs_01 | --scripts all
        | --scripts btxt] [--baseline COMMIT] [--limit SECONDS]
    python benchmarks/bench_deduce.py --win-rate 40 [--cast 4 --days 3 --loops 2] [--goodwill] [--cards]
        [--sample N]

``--win-rate N`` instead plays N games per Basic Tragedy X script with the same heuristic Mastermind and
seeds, once with the heuristic Protagonists and once with the deducing ones, and prints the win rates and
the final-guess win rates with Wilson 95 % intervals (see ``win_rates``).

``--by-day [--loops N]`` deduces after every day of the first N loops (default 1) of a heuristic game of
each script, in order — as the deducing agent and ``looper deduce --by-day`` do, each deduction going on
from the day before — now and at the baseline (default ``ab7398c``, before it went on from the day
before), and prints the CPU seconds of all the days, their ratio and the slowest day, checking the
candidates are the same day by day.

``--scripts btxt`` (or a longer prefix, ``btxt_03``) measures the test scripts in the shape of the
published Basic Tragedy X ones instead (``tests/looper/data/scripts/btxt_*.yaml``, issue 23); they are
never part of ``btx`` or ``all``, which keep to the shipped scripts (see ``script_paths``).
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from _layout import load  # (today's modules, or a baseline's from before issue 22)
from _worktree import baseline_worktree

from rulesengine.errors import InputError

DeducingProtagonists = load("rulesengine.looper.deduction.agent").DeducingProtagonists
_record = load("rulesengine.looper.deduction.record")
PublicRecord, PublicSheet = _record.PublicRecord, _record.PublicSheet
deduce = load("rulesengine.looper.deduction.counted").deduce  # (a baseline before issue 23: search.deduce)
tiny_script = load("rulesengine.looper.deduction.reference").tiny_script
_sheets = load("rulesengine.looper.deduction.sheets")
_CACHE, private_sheets = _sheets._CACHE, _sheets.private_sheets
try:  # the factored space of issue 23 (a baseline before it has none)
    _space: Any = load("rulesengine.looper.deduction.space")
except ModuleNotFoundError:
    _space = None
_agents = load("rulesengine.looper.play.agents")
HeuristicMastermind, HeuristicProtagonists = _agents.HeuristicMastermind, _agents.HeuristicProtagonists
if TYPE_CHECKING:
    from rulesengine.looper.rules.engine import Game
else:
    Game = load("rulesengine.looper.rules.engine").Game
_observe = load("rulesengine.looper.rules.observe")
MastermindObservation = _observe.MastermindObservation
ProtagonistsObservation = _observe.ProtagonistsObservation
observation = _observe.observation
_script = load("rulesengine.looper.rules.script")
load_script, shipped_scripts = _script.load_script, _script.shipped_scripts
decisions_document = load("rulesengine.looper.play.replay").decisions_document

ROOT = Path(__file__).resolve().parents[1]
#: The test scripts in the shape of the published Basic Tragedy X ones (issue 23), not shipped.
TEST_SCRIPTS = ROOT / "tests" / "looper" / "data" / "scripts"


def script_paths(wanted: list[str] | tuple[str, ...]) -> list[Path]:
    """The shipped scripts whose ids start with one of the prefixes ``wanted`` (every one when it is
    empty), then the test scripts ``btxt_*`` of :data:`TEST_SCRIPTS` that a prefix starting with
    ``btxt`` names: ``btx`` and ``all`` keep to the shipped scripts."""
    shipped = [p for p in shipped_scripts() if not wanted or any(p.stem.startswith(w) for w in wanted)]
    tests = [
        p
        for p in sorted(TEST_SCRIPTS.glob("btxt_*.yaml"))
        if any(w.startswith("btxt") and p.stem.startswith(w) for w in wanted)
    ]
    return [*shipped, *tests]


def after_first_loop(path: str, seed: int = 0) -> Game:
    """A heuristic game stopped at the first decision after loop 1 ended."""
    game = Game(load_script(path))
    agents: dict[str, Any] = {
        "mastermind": HeuristicMastermind(seed),
        "protagonists": HeuristicProtagonists(seed + 1),
    }
    while not game.is_over and game.loop == 1 and not any(e.kind == "loop_end" for e in game.log[-3:]):
        side = (
            "mastermind" if game.pending is not None and game.pending.who == "mastermind" else "protagonists"
        )
        game.apply(agents[side](observation(game, side), game.legal_actions()))
    return game


def fisher_greater(a: int, n: int, b: int, m: int) -> Fraction:
    """The one-sided Fisher exact p-value that a/n wins beat b/m by chance: the probability, with the
    a + b wins dealt at random over the n + m games, that the first n get at least a of them.

    >>> fisher_greater(4, 40, 0, 40)  # C(40, 4) / C(80, 4): 4 wins all dealt to the first 40 games
    Fraction(703, 12166)
    """
    wins, total = a + b, n + m
    ways = sum(math.comb(n, k) * math.comb(m, wins - k) for k in range(a, min(n, wins) + 1))
    return Fraction(ways, math.comb(total, wins))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_rates(
    games: int,
    cast: int = 0,
    days: int = 0,
    loops: int = 0,
    wanted: tuple[str, ...] = ("btx",),
    goodwill: bool | None = None,
    cards: bool = False,
    sample: int = 8,
    first_seed: int = 0,
) -> dict[str, dict[str, list[int]]]:
    """Deducing against heuristic Protagonists on the BTX scripts, same seeds and the same Mastermind.

    With ``cast``, ``days`` and ``loops`` all 0 the whole shipped scripts are played (their own private
    sheets) and the deducing agent deduces only at the final guess (``goodwill=False``): until then it
    plays the heuristic agent's moves with the same seed, so the two games are the same up to the guess
    and the comparison measures the final guess alone. Otherwise small versions are played
    (``tiny_script``, the private sheet varied with the seed) and the deducing agent also chooses goodwill
    abilities from the deduction. Returns, per script and agent, [games won, final guesses made, final
    guesses that won]. ``goodwill`` (``--goodwill``) overrides the choice: True has the deducing agent
    choose goodwill abilities from the deduction on the whole scripts too; ``cards`` (``--cards``) has it
    choose the leader's card each day by information as well, ``sample`` (``--sample``) candidates played
    on for each choice. The seeds are ``first_seed`` … ``first_seed + games - 1`` (``--first-seed``: a
    long run split over processes); each game's result is printed as it ends (a run stopped early can be
    read up to there).
    """
    whole = not (cast or days or loops)
    by_information = not whole if goodwill is None else goodwill
    totals: dict[str, list[int]] = {"heuristic": [0, 0, 0], "deducing": [0, 0, 0]}
    table: dict[str, dict[str, list[int]]] = {}
    n_scripts = 0
    for path in script_paths(wanted):
        if not path.stem.startswith("btx"):
            continue
        n_scripts += 1
        base = load_script(path)
        rows: dict[str, list[int]] = {"heuristic": [0, 0, 0], "deducing": [0, 0, 0]}
        t0 = time.perf_counter()
        for seed in range(first_seed, first_seed + games):
            script = (
                base
                if whole
                else tiny_script(
                    base, cast or len(base.cast), days or base.days, loops or base.loops, 37 * seed
                )
            )
            for name in rows:
                game = Game(script)
                mastermind = HeuristicMastermind(seed)
                protagonists: Any = (
                    HeuristicProtagonists(seed + 1)
                    if name == "heuristic"
                    else DeducingProtagonists(
                        PublicSheet.of(script), seed + 1, goodwill=by_information, cards=cards, sample=sample
                    )
                )
                while not game.is_over:
                    assert game.pending is not None
                    if game.pending.who == "mastermind":
                        game.apply(mastermind(MastermindObservation(game), game.legal_actions()))
                    else:
                        game.apply(protagonists(ProtagonistsObservation(game), game.legal_actions()))
                assert game.outcome is not None
                won = int(game.outcome.winner == "protagonists")
                guessed = int(any(e.kind == "final_guess" for e in game.log))
                rows[name][0] += won
                rows[name][1] += guessed
                rows[name][2] += guessed * won
                print(f"  {path.stem} seed {seed} {name}: won {won}, final guess {guessed}", flush=True)
        table[path.stem] = rows
        for name, (won, guessed, guess_won) in rows.items():
            lo, hi = wilson(won, games)
            glo, ghi = wilson(guess_won, guessed)
            print(
                f"{path.stem:<28} {name:<10} wins {won:>3}/{games} ({lo:.2f}-{hi:.2f})  "
                f"final guess right {guess_won:>3}/{guessed} ({glo:.2f}-{ghi:.2f})",
                flush=True,
            )
            for k in range(3):
                totals[name][k] += rows[name][k]
        print(f"  ({time.perf_counter() - t0:.1f} s)", flush=True)
    for name, (won, guessed, guess_won) in totals.items():
        lo, hi = wilson(won, games * n_scripts)
        glo, ghi = wilson(guess_won, guessed)
        print(
            f"{'all BTX':<28} {name:<10} wins {won:>3}/{games * n_scripts} ({lo:.2f}-{hi:.2f})  "
            f"final guess right {guess_won:>3}/{guessed} ({glo:.2f}-{ghi:.2f})"
        )
    (won_h, _, _), (won_d, _, _) = totals["heuristic"], totals["deducing"]
    n = games * n_scripts
    p = fisher_greater(won_d, n, won_h, n)
    print(
        f"deducing wins more than heuristic: one-sided Fisher exact p = {float(p):.4f} "
        f"({won_d}/{n} against {won_h}/{n})"
    )
    table["all"] = totals
    return table


BASELINE = "7b9d2d9"  # main before the counted deduction (issue 23)
BY_DAY_BASELINE = "ab7398c"  # main before the deduction went on from the day before (issue 23)


def measure(wanted: list[str]) -> dict[str, dict[str, Any]]:
    """Deduce after the first loop of each wanted script with the ``rulesengine`` on ``sys.path``."""
    out: dict[str, dict[str, Any]] = {}
    for path in script_paths(wanted):
        game = after_first_loop(str(path))
        record = PublicRecord.from_game(game)
        _CACHE.clear()
        t0 = time.perf_counter()
        try:
            n_sheets = len(private_sheets(record.sheet.frame()))
        except InputError as err:  # more sheets than candidates.MAX_SHEETS: not listed
            if _space is None:  # (a baseline before issue 23: refused, not run out of memory)
                out[path.stem] = {"refused": str(err)}
                print(json.dumps({path.stem: out[path.stem]}), flush=True)
                continue
            try:
                space = _space.Space.of(record.sheet.frame())  # (counted: issue 23's deduce counts them)
            except InputError as why:  # (a cast the counted deduction cannot hold yet: a Copycat)
                out[path.stem] = {"refused": str(why)}
                print(json.dumps({path.stem: out[path.stem]}), flush=True)
                continue
            wholes = space.wholes() if hasattr(space, "wholes") else [space.whole()]  # (a Copycat: several)
            n_sheets = sum(space.count(b) for b in wholes)
        t_sheets = time.perf_counter() - t0
        t0 = time.perf_counter()
        result = deduce(record)
        t_agents = time.perf_counter() - t0  # (what the agents read: the candidates and distributions)
        len(result.eliminated)  # (the eliminations: cut when read since issue 23's lazy levels)
        t_deduce = time.perf_counter() - t0
        command, command_peak = _command(path, game)
        out[path.stem] = {
            "sheets": n_sheets,
            "total": result.total,
            "replayed": getattr(result, "replayed", None),
            "steps": getattr(result, "steps", None),
            "consistent": result.candidates,
            "enumerate": t_sheets,
            "deduce": t_deduce,
            "agents": t_agents,
            "command": command,
            "command_peak_mb": command_peak,
        }
        print(json.dumps({path.stem: out[path.stem]}), flush=True)
    return out


def measure_by_day(name: str, loops: int) -> dict[str, Any]:
    """Deduce after every day of the first ``loops`` loops of a heuristic game (seed 0) of script
    ``name``, in order, as the deducing agent and ``looper deduce --by-day`` do: the seconds (CPU) and the
    candidates of each day's deduction."""
    day_records = load("rulesengine.looper.deduction.record").day_records
    (path,) = [p for p in script_paths([name]) if p.stem == name]
    game = Game(load_script(path))
    agents: dict[str, Any] = {"mastermind": HeuristicMastermind(0), "protagonists": HeuristicProtagonists(1)}
    while not game.is_over and game.loop <= loops:
        assert game.pending is not None
        side = "mastermind" if game.pending.who == "mastermind" else "protagonists"
        game.apply(agents[side](observation(game, side), game.legal_actions()))
    records = [r for lp, _, r in day_records(game) if lp <= loops]
    deduce(records[0])  # (warm: the script's space and the content loaded once, as in a game)
    going_on = "after" in inspect.signature(deduce).parameters  # (a baseline before it: from day 1)
    seconds, counts = [], []
    before = None
    for record in records:
        t0 = time.process_time()
        before = deduce(record, after=before) if going_on else deduce(record)
        seconds.append(time.process_time() - t0)
        counts.append(before.candidates)
    return {"seconds": seconds, "candidates": counts}


def by_day(names: list[str], baseline: str, loops: int, limit: float) -> int:
    """``--by-day``: each script's deductions after every day of its first ``loops`` loops, now and at
    ``baseline`` (before the deduction went on from the day before), in one run; the same candidates
    day by day, and the ratio of the total times."""
    print(f"Deduction after every day of the first {loops} loop(s) (heuristic agents, seed 0), in order; "
          f"baseline {baseline}; CPU seconds")
    print(f"{'script':26} {'days':>4} {'baseline/s':>10} {'now/s':>7} {'ratio':>6} {'slowest day now/s':>17}")
    with baseline_worktree(baseline, "bench_deduce_") as tree:
        for name in names:
            runs = {}
            for label, root in (("now", ROOT), ("baseline", tree)):
                env = {**os.environ, "PYTHONPATH": str(root)}
                env.pop("RULESENGINE_DATA", None)
                cmd = [sys.executable, str(Path(__file__).resolve()), "--measure-by-day", name,
                       "--loops", str(loops)]
                try:
                    proc = subprocess.run(
                        cmd, env=env, capture_output=True, text=True, timeout=limit, check=True
                    )
                except subprocess.TimeoutExpired:
                    runs[label] = None
                    continue
                runs[label] = json.loads(proc.stdout.strip().splitlines()[-1])
            now, base = runs["now"], runs["baseline"]
            if now is None:
                print(f"{name:26} over {limit:.0f} s now", flush=True)
                continue
            if base is not None and base["candidates"] != now["candidates"]:
                print(f"{name}: different candidates day by day: {base['candidates']} / {now['candidates']}")
                return 1
            t_now = sum(now["seconds"])
            t_base = sum(base["seconds"]) if base is not None else limit
            mark = "" if base is not None else ">"
            print(f"{name:26} {len(now['seconds']):>4} {mark + f'{t_base:.2f}':>10} {t_now:>7.2f} "
                  f"{mark + f'{t_base / t_now:.1f}':>6} {max(now['seconds']):>17.2f}", flush=True)
    return 0


#: ``python -m rulesengine`` that prints its peak memory last on stderr (a fresh program's, not the
#: benchmark's: the peak a child inherits over ``fork`` is the parent's)
_PEAK_MAIN = (
    "import atexit, resource, runpy, sys\n"
    "def peak():\n"
    "    try:\n"
    "        with open('/proc/self/status') as f:\n"
    "            mb = [int(x.split()[1]) / 1024 for x in f if x.startswith('VmHWM:')][0]\n"
    "    except OSError:  # (not Linux: the process's peak, bytes on macOS)\n"
    "        mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20\n"
    "    print('peak', mb, file=sys.stderr)\n"
    "atexit.register(peak)\n"
    "runpy.run_module('rulesengine', run_name='__main__', alter_sys=True)\n"
)


def _command(path: Path, game: Game) -> tuple[float, float]:
    """The whole ``looper deduce SCRIPT DECISIONS --json`` command on ``game``'s decisions, as a user
    runs it (a fresh interpreter: imports, loading, deducing, printing): its seconds and peak MB."""
    with tempfile.TemporaryDirectory() as tmp:
        decisions = Path(tmp) / "decisions.json"
        decisions.write_text(json.dumps(decisions_document(game)), encoding="utf-8")
        cmd = [sys.executable, "-c", _PEAK_MAIN, "looper", "deduce", str(path), str(decisions), "--json"]
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=tmp)
        seconds = time.perf_counter() - t0  # (cwd: not this folder's package, the tree's on PYTHONPATH)
    return seconds, float(proc.stderr.strip().splitlines()[-1].split()[1])


def run_measure(tree: Path, script: str, limit: float, memory: float) -> dict[str, Any] | str:
    """:func:`measure` of one script in a subprocess importing ``rulesengine`` from ``tree``, at most
    ``limit`` seconds and ``memory`` GB of address space (else ``"time"`` or ``"memory"``)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RULESENGINE_DATA", None)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", script]
    cap = int(memory * 2**30)

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    try:
        proc = subprocess.run(
            cmd, env=env, capture_output=True, text=True, timeout=limit, preexec_fn=limit_memory
        )
    except subprocess.TimeoutExpired:
        return "time"
    if proc.returncode != 0:
        if "MemoryError" in proc.stderr:
            return "memory"
        raise RuntimeError(proc.stderr[-2000:])
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])[script]
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scripts",
        default="btx",
        help="comma-separated prefixes of script ids, or 'all' (default btx; btxt: the test scripts of "
        "tests/looper/data/scripts)",
    )
    parser.add_argument("--baseline", default=BASELINE, help=f"baseline commit (default {BASELINE})")
    parser.add_argument("--allow-different", action="store_true",
                        help="measure on when the baseline finds other candidates (before issue 23's capped "
                             "role counts)")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per script and tree (120)")
    parser.add_argument("--memory", type=float, default=3.0, help="GB of memory per script and tree (3)")
    parser.add_argument("--win-rate", type=int, default=0, help="games per BTX script (agent comparison)")
    parser.add_argument("--cast", type=int, default=0, help="--win-rate: first N characters (0: all)")
    parser.add_argument("--days", type=int, default=0, help="--win-rate: first N days (0: all)")
    parser.add_argument(
        "--loops", type=int, default=0, help="--win-rate: N loops (0: all); --by-day: first N loops (0: 1)"
    )
    parser.add_argument(
        "--goodwill",
        action="store_true",
        help="--win-rate on whole scripts: the deducing agent also chooses goodwill abilities by information",
    )
    parser.add_argument(
        "--cards",
        action="store_true",
        help="--win-rate: the deducing agent chooses the leader's card by information",
    )
    parser.add_argument(
        "--sample", type=int, default=8, help="--win-rate: candidates played on per choice (8)"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="--win-rate: the first seed (0)")
    parser.add_argument(
        "--by-day",
        action="store_true",
        help="deduce after every day of the first --loops loops, in order (default baseline "
        f"{BY_DAY_BASELINE}: before the deduction went on from the day before)",
    )
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--measure-by-day", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure([args.measure])
        return 0
    if args.measure_by_day:
        print(json.dumps(measure_by_day(args.measure_by_day, args.loops or 1)))
        return 0
    if args.by_day:
        wanted = [] if args.scripts == "all" else [w for w in args.scripts.split(",") if w]
        baseline = BY_DAY_BASELINE if args.baseline == BASELINE else args.baseline
        return by_day([p.stem for p in script_paths(wanted)], baseline, args.loops or 1, args.limit * 10)
    if args.win_rate:
        win_rates(
            args.win_rate,
            args.cast,
            args.days,
            args.loops,
            tuple(args.scripts.split(",")),
            True if args.goodwill else None,
            args.cards,
            args.sample,
            args.first_seed,
        )
        return 0
    wanted = [] if args.scripts == "all" else [w for w in args.scripts.split(",") if w]
    names = [p.stem for p in script_paths(wanted)]
    print(f"Deduction after the first loop (heuristic agents, seed 0); baseline {args.baseline}, "
          f"limit {args.limit:.0f} s per script")
    print(
        f"{'script':26} {'sheets':>9} {'candidates':>12} {'replayed':>8} {'steps':>7} {'consistent':>10} "
        f"{'enumerate/s':>11} {'(baseline)':>10} {'baseline/s':>10} {'now/s':>7} {'ratio':>7} "
        f"{'agents/s':>8} {'command/s':>9} {'peak/MB':>7}"
    )
    with baseline_worktree(args.baseline, "bench_deduce_") as tree:
        for name in names:
            now = run_measure(ROOT, name, args.limit, args.memory)
            over = {"time": f"{args.limit:.0f} s", "memory": f"{args.memory:g} GB"}
            if isinstance(now, str):
                print(f"{name:26} over {over[now]} now (the baseline not run)", flush=True)
                continue
            if "refused" in now:
                print(f"{name:26} refused now (the baseline not run): {now['refused']}", flush=True)
                continue
            measured = run_measure(tree, name, args.limit, args.memory) if tree is not None else None
            if isinstance(measured, dict) and "refused" in measured:
                print(f"{name:26} {now['sheets']:>9,} {now['total']:>12,} {'-':>8} {now['steps']:>7,} "
                      f"{now['consistent']:>10,} {now['enumerate']:>11.2f} {'-':>10} {'refused':>10} "
                      f"{now['deduce']:>7.2f} {'-':>7}{_costs(now)}", flush=True)
                continue
            base = measured if isinstance(measured, dict) else None
            if base is not None and base["consistent"] != now["consistent"] and not args.allow_different:
                print(f"{name}: the baseline found {base['consistent']} consistent candidates, now "
                      f"{now['consistent']} (--allow-different: a baseline before issue 23's capped "
                      "role counts, which proposed fewer Basic Tragedy X sheets)")
                return 1
            b = f"{base['deduce']:10.2f}" if base else f"{'>' + str(int(args.limit)):>10}"
            e = f"{base['enumerate']:10.2f}" if base else f"{'-':>10}"
            ratio = (base["deduce"] if base else args.limit) / now["deduce"]
            r = f"{'' if base else '>'}{ratio:.1f}"
            print(
                f"{name:26} {now['sheets']:>9,} {now['total']:>12,} {now['replayed']:>8,} "
                f"{now['steps']:>7,} {now['consistent']:>10,} {now['enumerate']:>11.2f} {e} {b} "
                f"{now['deduce']:>7.2f} {r:>7}{_costs(now)}",
                flush=True,
            )
    return 0


def _costs(now: dict[str, Any]) -> str:
    """The deduction without its eliminations, and the whole command's seconds and peak memory (now)."""
    return f" {now.get('agents', now['deduce']):>8.2f} {now['command']:>9.2f} {now['command_peak_mb']:>7.0f}"


if __name__ == "__main__":
    sys.exit(main())
