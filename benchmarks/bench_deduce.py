"""Deduction speed: the deduction after one whole loop of each shipped script (issue 12).

Each script is played by the heuristic agents (seed 0) to the end of its first loop; the deduction is then
timed cold (the private sheets enumerated and validated) and warm (sheets cached), with the number of
sheets enumerated, sheets replayed (after the cheap filters) and consistent candidates. The baseline
measured in the same run is the enumeration of the sheets alone, so the ratio says how much the replays
cost on top of the validator.

    python benchmarks/bench_deduce.py [--scripts btx_01,fs_01] [--quick]
"""

from __future__ import annotations

import argparse
import time

from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.candidates import _CACHE, private_sheets
from rulesengine.looper.deduce import PublicRecord, deduce
from rulesengine.looper.engine import Game
from rulesengine.looper.observe import observation
from rulesengine.looper.script import load_script, shipped_scripts


def after_first_loop(path: str, seed: int = 0) -> Game:
    """A heuristic game stopped at the first decision after loop 1 ended."""
    game = Game(load_script(path))
    agents = {"mastermind": HeuristicMastermind(seed), "protagonists": HeuristicProtagonists(seed + 1)}
    while not game.is_over and game.loop == 1 and not any(e.kind == "loop_end" for e in game.log[-3:]):
        side = (
            "mastermind" if game.pending is not None and game.pending.who == "mastermind" else "protagonists"
        )
        game.apply(agents[side](observation(game, side), game.legal_actions()))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scripts", default="", help="comma-separated prefixes of script ids (default all)")
    args = parser.parse_args()
    wanted = [w for w in args.scripts.split(",") if w]
    for path in shipped_scripts():
        if wanted and not any(path.stem.startswith(w) for w in wanted):
            continue
        game = after_first_loop(str(path))
        record = PublicRecord.from_game(game)
        _CACHE.clear()
        t0 = time.perf_counter()
        sheets = private_sheets(record.sheet.frame())
        t_sheets = time.perf_counter() - t0
        t0 = time.perf_counter()
        result = deduce(record)
        t_warm = time.perf_counter() - t0
        print(
            f"{path.stem:<28} sheets {len(sheets):>9,}  whole candidates {result.total:>11,}  "
            f"consistent {result.candidates:>9,}  enumerate {t_sheets:7.2f} s  deduce {t_warm:7.2f} s  "
            f"ratio x{t_warm / t_sheets:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
