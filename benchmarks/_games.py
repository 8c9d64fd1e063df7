"""What the agent benchmarks share (``bench_mastermind``, ``bench_protagonists``, ``bench_openspiel``):
playing their games in one process or several, a win count with its Wilson interval, and the spread of
decision times."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulesengine.looper.play.tournament import wilson


def play_all(
    one_game: Callable[[Any], Any], tasks: Sequence[Any], workers: int, chunksize: int = 1
) -> list[Any]:
    """``one_game`` of every task, in order: in this process, or in ``workers`` processes."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(one_game, tasks, chunksize=chunksize))
    return [one_game(t) for t in tasks]


def wins_cell(wins: int, games: int) -> str:
    """``wins/games (low-high)``: the count and its Wilson 95 % interval."""
    lo, hi = wilson(wins, games)
    return f"{wins:>3}/{games} ({lo:.2f}-{hi:.2f})"


def spread(ts: Sequence[float]) -> tuple[float, float, float]:
    """The mean, the 95th percentile and the most of some decision times (zeros when there are none)."""
    if not ts:
        return 0.0, 0.0, 0.0
    q95 = statistics.quantiles(ts, n=20)[-1] if len(ts) > 1 else ts[0]
    return statistics.mean(ts), q95, max(ts)
