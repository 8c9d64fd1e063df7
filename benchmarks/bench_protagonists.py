"""The searching Protagonists (issue 25): win rates against the heuristic Mastermind beside the deducing
Protagonists', with Wilson 95 % intervals, how the games were won, and the time per decision.

Every agent plays the same seeds (game ``n``: the Mastermind's seed ``n``, the Protagonists' ``n + 1``, as
``looper tournament``), so the Protagonists agents meet the same Mastermind. A game's result depends on
its seed only, whatever ``--workers``. The time per decision is the searching Protagonists' processor
time at the decisions they searched (more than one option, the final guess apart), on this machine.

    python benchmarks/bench_protagonists.py [--games 20] [--scripts btx_01,fs_01]
        [--protagonists deducing,psearch1] [--workers 1]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from _games import play_all, spread, wins_cell

from rulesengine.contract import drive
from rulesengine.looper.play.protagonists_search import SearchingProtagonists
from rulesengine.looper.play.tournament import RECORDING, make_agent
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import load_script, shipped_scripts

Result = tuple[str, str, int, str, float, list[float], int]


def one_game(task: tuple[str, str, int]) -> Result:
    """(script, Protagonists, seed) -> the same, the winner's reason (or ''), the game's processor time,
    the searched decisions' times and the deductions made."""
    path, protagonists, seed = task
    script = load_script(path)
    mm = make_agent("heuristic", "mastermind", seed, script)
    pr = make_agent(protagonists, "protagonists", seed + 1, script)
    t0 = time.process_time()
    game = drive(Game(script, record=protagonists in RECORDING), {"mastermind": mm, "protagonists": pr})
    spent = time.process_time() - t0
    assert game.outcome is not None
    won = game.outcome.reason if game.outcome.winner == "protagonists" else ""
    times = pr.times if isinstance(pr, SearchingProtagonists) else []
    deductions = int(getattr(pr, "deductions", 0))
    return path, protagonists, seed, won, spent, times, deductions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per agent and script (20)")
    parser.add_argument("--scripts", default="btx_01,fs_01", help="comma-separated prefixes of script ids")
    parser.add_argument("--protagonists", default="deducing,psearch1", help="Protagonists agents")
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    args = parser.parse_args()
    wanted = [w for w in args.scripts.split(",") if w]
    paths = [str(p) for p in shipped_scripts() if any(p.stem.startswith(w) for w in wanted)]
    agents = [p for p in args.protagonists.split(",") if p]
    tasks = [(p, q, s) for p in paths for q in agents for s in range(args.games)]
    t0 = time.perf_counter()
    results = play_all(one_game, tasks, args.workers)
    n = args.games
    print(f"Protagonists against the heuristic Mastermind, {n} games each (seeds 0..{n - 1}), Wilson 95 %")
    print(
        f"{'script':26} {'protagonists':12} {'won':>18} {'by a loop':>9} {'by guess':>8} "
        f"{'s/game':>7} {'deduce/game':>11} {'decisions':>9} {'mean s':>7} {'p95 s':>6} {'max s':>6}"
    )
    for path in paths:
        for q in agents:
            rows = [r for r in results if r[0] == path and r[1] == q]
            won = [r[3] for r in rows if r[3]]
            by_guess = sum(1 for w in won if "guess" in w)
            ts = [t for r in rows for t in r[5]]
            mean, q95, most = spread(ts)
            print(
                f"{Path(path).stem:26} {q:12} {wins_cell(len(won), n).strip():>18} "
                f"{len(won) - by_guess:>9} {by_guess:>8} {statistics.mean(r[4] for r in rows):>7.1f} "
                f"{statistics.mean(r[6] for r in rows):>11.1f} {len(ts):>9} "
                f"{mean:>7.3f} {q95:>6.3f} {most:>6.3f}"
            )
    print(f"({time.perf_counter() - t0:.0f} s wall, {args.workers} worker(s))")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
