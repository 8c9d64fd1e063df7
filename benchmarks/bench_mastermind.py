"""The searching Mastermind (issue 25): win rates against the Protagonists' agents on every shipped
script, with Wilson 95 % intervals, beside the heuristic Mastermind's, and its time per decision.

Every pair plays the same seeds (game ``n``: the Mastermind's seed ``n``, the Protagonists' ``n + 1``),
so the Mastermind agents meet the same Protagonists. A game's result depends on its seed only, whatever
``--workers`` (each game is played whole in one process). The time per decision is the searching
Mastermind's wall time at the decisions it searched (more than one option), on this machine, and its CPU
time (``time.process_time``: what a load beside it on a shared machine changes less).

    python benchmarks/bench_mastermind.py [--games 30] [--levels 1,2] [--scripts fs_01,btx_01]
        [--protagonists heuristic,random] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _games import play_all, spread, wins_cell

from rulesengine.contract import drive
from rulesengine.looper.play.search import SearchingMastermind
from rulesengine.looper.play.tournament import RECORDING, make_agent
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import load_script, shipped_scripts


class _Timed:
    """A Mastermind agent whose searched decisions are timed."""

    def __init__(self, agent: SearchingMastermind) -> None:
        self.agent = agent
        self.times: list[tuple[float, float]] = []

    def __call__(self, obs, legal):  # type: ignore[no-untyped-def]
        t0, c0 = time.perf_counter(), time.process_time()
        out = self.agent(obs, legal)
        if len(legal) > 1:
            self.times.append((time.perf_counter() - t0, time.process_time() - c0))
        return out


def one_game(task: tuple[str, str, str, int]) -> tuple[str, str, str, int, list[tuple[float, float]]]:
    """(script, Mastermind, Protagonists, seed) -> the same, 1 if the Mastermind won, decision times (wall,
    CPU)."""
    path, mastermind, protagonists, seed = task
    script = load_script(path)
    times: list[tuple[float, float]] = []
    mm = make_agent(mastermind, "mastermind", seed, script)
    if isinstance(mm, SearchingMastermind):
        timed = _Timed(mm)
        mm, times = timed, timed.times
    pr = make_agent(protagonists, "protagonists", seed + 1, script)
    game = drive(Game(script, record=protagonists in RECORDING), {"mastermind": mm, "protagonists": pr})
    assert game.outcome is not None
    return path, mastermind, protagonists, int(game.outcome.winner == "mastermind"), times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per pair and script (30)")
    parser.add_argument("--levels", default="1,2", help="searching Mastermind levels (1,2)")
    parser.add_argument("--scripts", default="", help="comma-separated prefixes of script ids (all)")
    parser.add_argument("--protagonists", default="heuristic,random", help="heuristic,random,deducing")
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    args = parser.parse_args()
    wanted = [w for w in args.scripts.split(",") if w]
    paths = [str(p) for p in shipped_scripts() if not wanted or any(p.stem.startswith(w) for w in wanted)]
    masterminds = ["heuristic", *(f"search{lv}" for lv in args.levels.split(",") if lv)]
    protagonists = [p for p in args.protagonists.split(",") if p]
    tasks = [
        (p, m, q, s) for p in paths for m in masterminds for q in protagonists for s in range(args.games)
    ]
    t0 = time.perf_counter()
    results = play_all(one_game, tasks, args.workers, chunksize=4)
    wins: dict[tuple[str, str, str], int] = {}
    times: dict[str, list[tuple[float, float]]] = {}
    for path, m, q, won, ts in results:
        wins[(path, m, q)] = wins.get((path, m, q), 0) + won
        times.setdefault(m, []).extend(ts)
    n = args.games
    print(f"Mastermind win rates, {n} games a pair (seeds 0..{n - 1}), Wilson 95 % intervals")
    print(f"{'script':28} {'protagonists':12} " + " ".join(f"{m:>20}" for m in masterminds))
    for path in paths:
        for q in protagonists:
            cells = []
            for m in masterminds:
                cells.append(wins_cell(wins[(path, m, q)], n))
            print(f"{Path(path).stem:28} {q:12} " + " ".join(f"{c:>20}" for c in cells))
    for m in masterminds[1:]:
        pairs = times.get(m, [])
        if pairs:
            cells = []
            for what, ts in (("", [w for w, _ in pairs]), ("CPU ", [c for _, c in pairs])):
                mean, q95, most = spread(ts)
                cells.append(f"{what}mean {mean:.3f} s, 95th percentile {q95:.3f} s, max {most:.3f} s")
            print(f"{m}: {len(pairs)} searched decisions, {cells[0]} (with {args.workers} worker(s)); "
                  f"{cells[1]}")
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
