"""OpenSpiel's MCTS Mastermind against the project's own searching Mastermind, at the same time per
decision (issue 25): win rates against the heuristic Protagonists, Wilson 95 % intervals, and the time
per searched decision of each.

``mctsN`` is :class:`~rulesengine.looper.play.openspiel_game.OpenSpielMastermind` at level N (OpenSpiel's
``MCTSBot`` on the Looper registered as an OpenSpiel game, PUCT with the heuristic prior, heuristic
rollouts to the loop's end); ``searchN`` is
:class:`~rulesengine.looper.play.search.SearchingMastermind` at level N (successive halving over the same
rollouts). Their simulations and rollouts per level are chosen so that a decision takes about the same
time. Every pair plays the same seeds (game ``n``: the Mastermind's seed ``n``, the Protagonists' ``n +
1``), one game after another in one process (run it under ``nice`` on a shared machine); a line is
printed after each script, so a run cut short still shows what it played. The time per decision is
that of the decisions with more than one option: the CPU time of the process (``time.process_time``,
what a load beside it changes less) and the wall time.

    python benchmarks/bench_openspiel.py [--games 20] [--levels 1] [--scripts fs_02,fs_01,btx_01,btx_02]
        [--uct] [--ismcts] [--only mcts1,ismcts1]
    --uct: also plain UCT with a uniform prior (``uctN``: ``OpenSpielMastermind(puct=False)``);
    --ismcts: also OpenSpiel's ``ISMCTSBot`` (``ismctsN``: ``OpenSpielMastermind(information_sets=True)``);
    --only: just these Masterminds.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

from _games import spread, wins_cell

from rulesengine.contract import drive
from rulesengine.looper.play.agents import HeuristicProtagonists
from rulesengine.looper.play.openspiel_game import LEVELS as MCTS_LEVELS
from rulesengine.looper.play.openspiel_game import OpenSpielMastermind
from rulesengine.looper.play.search import LEVELS as SEARCH_LEVELS
from rulesengine.looper.play.search import SearchingMastermind
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import load_script, shipped_scripts

SCRIPTS = "fs_02_quiet_ward,fs_01_tutorial,btx_01_first_contract,btx_02_clockwork_hearts"


class _Timed:
    """A Mastermind agent whose decisions with several options are timed (CPU, wall)."""

    def __init__(self, agent: Callable[..., Any]) -> None:
        self.agent = agent
        self.times: list[tuple[float, float]] = []

    def __call__(self, obs: Any, legal: Sequence[Any]) -> Any:
        c0, t0 = time.process_time(), time.perf_counter()
        out = self.agent(obs, legal)
        if len(legal) > 1:
            self.times.append((time.process_time() - c0, time.perf_counter() - t0))
        return out


def mastermind(name: str, seed: int) -> Callable[..., Any]:
    """``searchN``, ``mctsN``, ``uctN`` (plain UCT, uniform prior) or ``ismctsN``, seeded."""
    level = int(name[-1])
    if name.startswith("search"):
        return SearchingMastermind(seed, level=level)
    return OpenSpielMastermind(seed, level=level, puct=not name.startswith("uct"),
                               information_sets=name.startswith("ismcts"))


def one_game(path: str, name: str, seed: int) -> tuple[int, list[tuple[float, float]]]:
    """1 if the Mastermind ``name`` (seed ``seed``) beats the heuristic Protagonists (``seed + 1``)."""
    agent = _Timed(mastermind(name, seed))
    game = Game(load_script(path), record=False)
    game = drive(game, {"mastermind": agent, "protagonists": HeuristicProtagonists(seed + 1)})
    assert game.outcome is not None
    return int(game.outcome.winner == "mastermind"), agent.times


def _summary(ts: list[float]) -> str:
    return "{:.3f} / {:.3f} / {:.3f} s".format(*spread(ts))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per Mastermind and script (20)")
    parser.add_argument("--levels", default="1", help="levels of both searches (1)")
    parser.add_argument("--scripts", default=SCRIPTS, help="comma-separated prefixes of script ids")
    parser.add_argument("--uct", action="store_true", help="also plain UCT with a uniform prior")
    parser.add_argument("--ismcts", action="store_true", help="also OpenSpiel's ISMCTSBot")
    parser.add_argument("--only", default="", help="just these Masterminds (comma-separated)")
    args = parser.parse_args()
    wanted = [w for w in args.scripts.split(",") if w]
    paths = [str(p) for w in wanted for p in shipped_scripts() if p.stem.startswith(w)]
    levels = [int(lv) for lv in args.levels.split(",") if lv]
    names = [
        n for lv in levels for n in (f"search{lv}", f"mcts{lv}", *((f"uct{lv}",) if args.uct else ()),
                                     *((f"ismcts{lv}",) if args.ismcts else ()))
    ]
    if args.only:
        names = [n for n in args.only.split(",") if n]
    n = args.games
    print(f"Mastermind wins against the heuristic Protagonists, {n} games each (seeds 0..{n - 1}), "
          "Wilson 95 % intervals")
    print("budgets: " + ", ".join(
        f"{m} {SEARCH_LEVELS[int(m[-1])]} rollouts" if m.startswith("search")
        else f"{m} {MCTS_LEVELS[int(m[-1])]} simulations" for m in names))
    print(f"{'script':26} " + " ".join(f"{m:>20}" for m in names), flush=True)
    t_start = time.perf_counter()
    wins: dict[str, int] = dict.fromkeys(names, 0)
    times: dict[str, list[tuple[float, float]]] = {m: [] for m in names}
    for path in paths:
        cells = []
        for m in names:
            won = 0
            for seed in range(n):
                w, ts = one_game(path, m, seed)
                won += w
                times[m].extend(ts)
            wins[m] += won
            cells.append(wins_cell(won, n))
        print(f"{path.rsplit('/', 1)[-1].removesuffix('.yaml'):26} " + " ".join(f"{c:>20}" for c in cells),
              flush=True)
    total = n * len(paths)
    cells = []
    for m in names:
        cells.append(wins_cell(wins[m], total))
    print(f"{'all':26} " + " ".join(f"{c:>20}" for c in cells))
    print("time per searched decision (mean / 95th percentile / most):")
    for m in names:
        ts = times[m]
        if ts:
            print(f"  {m}: {len(ts)} decisions; CPU {_summary([c for c, _ in ts])}; "
                  f"wall {_summary([w for _, w in ts])}")
    print(f"({time.perf_counter() - t_start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
