"""Benchmark: one step of the Looper day stepper (board redrawn), incremental against a full redraw.

Run: ``.venv/bin/python benchmarks/bench_stepper.py [--steps N] [--script ID] [--view VIEW]``. Two
:class:`~rulesengine.viz.looper.day.DayStepper` play the same script with the same seed, step by step
in turn (so both see the same load): one shows the table with its own
:class:`~rulesengine.viz.looper.board.TableView` (the figure keeps its artists and repaints only what
changed), the other with the full redraw it had before — a cleared figure, :func:`draw_table` and
matplotlib's PNG (``FigureView``). It prints the mean time of a step (engine, log, panel and picture)
and of its picture alone, for both, and their ratio; then the mean time of **Back** (one step taken back,
the board redrawn) and the share of a step spent recording what Back restores (``snapshot``: the game
cloned, the agents copied). Aim: a step under 40 ms (the issue asks under 0.3 s). Times are the CPU
time of this process (``time.process_time``), so other jobs on a shared machine distort them less.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")

from rulesengine import i18n
from rulesengine.viz.common import FigureView, use_style
from rulesengine.viz.looper.board import TableView, draw_table
from rulesengine.viz.looper.cards import TABLE_SIZE
from rulesengine.viz.looper.day import DayStepper


def timed(fn: Callable[[], object], into: list[float]) -> Callable[[], None]:
    """``fn`` that adds its CPU time to ``into`` on every call."""

    def run() -> None:
        start = time.process_time()
        fn()
        into.append(time.process_time() - start)

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=60, help="steps measured (after one warm-up step)")
    parser.add_argument("--script", default="fs_01_tutorial", help="shipped script id")
    parser.add_argument("--view", default="mastermind", choices=("mastermind", "protagonists"))
    args = parser.parse_args()
    use_style()
    i18n.set_language("en")

    incremental = DayStepper(args.script, view=args.view)
    full = DayStepper(args.script, view=args.view, draw=False)
    view = incremental.figure
    assert isinstance(view, TableView) and isinstance(full.figure, TableView)
    picture = full.figure.picture  # the same picture, drawn the old way: everything, every time
    full.figure = FigureView(lambda fig: draw_table(picture(), fig), size=TABLE_SIZE)
    full.draw = True

    pictures: dict[str, list[float]] = {"incremental": [], "full": []}
    steps: dict[str, list[float]] = {"incremental": [], "full": []}
    repainted: list[float] = []
    for name, stepper in (("incremental", incremental), ("full", full)):
        stepper.figure.refresh = timed(stepper.figure.refresh, pictures[name])  # type: ignore[method-assign]
    for n in range(args.steps + 1):
        for name, stepper in (("incremental", incremental), ("full", full)):
            start = time.process_time()
            stepper.next_step()
            if n:  # the first step is a warm-up (fonts, caches)
                steps[name].append(time.process_time() - start)
        repainted.append(view.table.repainted)
        assert view.widget.value[:4] == b"\x89PNG"
    for record in pictures.values():
        del record[:2]  # the picture drawn when the stepper was built, and the warm-up step's

    mean = {name: statistics.mean(times) * 1e3 for name, times in steps.items()}
    drawn = {name: statistics.mean(times) * 1e3 for name, times in pictures.items()}
    inc, full_ = mean["incremental"], mean["full"]
    print(f"Looper day stepper, {args.script}, {args.view}'s view: {args.steps} steps (mean CPU time)")
    print(f"  step, incremental board   {inc:7.1f} ms   (picture {drawn['incremental']:6.1f} ms)")
    print(f"  step, full redraw         {full_:7.1f} ms   (picture {drawn['full']:6.1f} ms)")
    print(
        f"  ratio full / incremental  step x{full_ / inc:.1f}, "
        f"picture x{drawn['full'] / drawn['incremental']:.1f}   (aim: a step under 40 ms)"
    )
    share = statistics.mean(repainted[1:])
    print(f"  pixels repainted per step by the incremental board: {share:.0%} (mean)")

    snapshots: list[float] = []
    for _ in range(args.steps):
        timed(incremental.snapshot, snapshots)()
    backs: list[float] = []
    for _ in range(min(args.steps, len(incremental.history))):
        start = time.process_time()
        incremental.back()
        backs.append(time.process_time() - start)
    back, snap = statistics.mean(backs) * 1e3, statistics.mean(snapshots) * 1e3
    print(f"  Back, board redrawn       {back:7.1f} ms   ({len(backs)} steps back, x{back / inc:.2f} a step)")
    print(f"  snapshot kept for Back    {snap:7.2f} ms   ({snap / inc:.1%} of a step)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
