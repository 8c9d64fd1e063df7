"""Deduction speed: the deduction after one whole loop of each shipped script (issue 12).

Each script is played by the heuristic agents (seed 0) to the end of its first loop; the deduction is then
timed cold (the private sheets enumerated and validated) and warm (sheets cached), with the number of
sheets enumerated, sheets replayed (after the cheap filters) and consistent candidates. The baseline
measured in the same run is the enumeration of the sheets alone, so the ratio says how much the replays
cost on top of the validator.

    python benchmarks/bench_deduce.py [--scripts btx_01,fs_01 | --scripts all]   (default: fs_01)
    python benchmarks/bench_deduce.py --win-rate 40 [--cast 4 --days 3 --loops 2]

``--win-rate N`` instead plays N games per Basic Tragedy X script (small versions: the first ``--cast``
characters, ``--days`` days, ``--loops`` loops, the private sheet varied with the seed) with the same
heuristic Mastermind and seeds, once with the heuristic Protagonists and once with the deducing ones, and
prints the win rates and the final-guess win rates with Wilson 95 % intervals.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.candidates import _CACHE, private_sheets
from rulesengine.looper.deduce import DeducingProtagonists, PublicRecord, PublicSheet, deduce, tiny_script
from rulesengine.looper.engine import Game
from rulesengine.looper.observe import MastermindObservation, ProtagonistsObservation, observation
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


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_rates(games: int, cast: int, days: int, loops: int) -> None:
    """Deducing against heuristic Protagonists on small BTX scripts, same seeds and Mastermind."""
    totals: dict[str, list[int]] = {"heuristic": [0, 0, 0], "deducing": [0, 0, 0]}
    for path in shipped_scripts():
        if not path.stem.startswith("btx"):
            continue
        base = load_script(path)
        rows: dict[str, list[int]] = {"heuristic": [0, 0, 0], "deducing": [0, 0, 0]}
        t0 = time.perf_counter()
        for seed in range(games):
            script = tiny_script(base, cast, days, loops, sheet=37 * seed)
            for name in rows:
                game = Game(script)
                mastermind = HeuristicMastermind(seed)
                protagonists: Any = (
                    HeuristicProtagonists(seed + 1)
                    if name == "heuristic"
                    else DeducingProtagonists(PublicSheet.of(script), seed + 1)
                )
                while not game.is_over:
                    assert game.pending is not None
                    if game.pending.who == "mastermind":
                        game.apply(mastermind(MastermindObservation(game), game.legal_actions()))
                    else:
                        game.apply(protagonists(ProtagonistsObservation(game), game.legal_actions()))
                assert game.outcome is not None
                won = game.outcome.winner == "protagonists"
                guessed = any(e.kind == "final_guess" for e in game.log)
                rows[name][0] += won
                rows[name][1] += guessed
                rows[name][2] += guessed and won
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
        lo, hi = wilson(won, games * 3)
        glo, ghi = wilson(guess_won, guessed)
        print(
            f"{'all BTX':<28} {name:<10} wins {won:>3}/{games * 3} ({lo:.2f}-{hi:.2f})  "
            f"final guess right {guess_won:>3}/{guessed} ({glo:.2f}-{ghi:.2f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--scripts",
        default="fs_01",
        help="comma-separated prefixes of script ids, or 'all' (default fs_01: a whole Basic Tragedy X "
        "script takes minutes today, about 200 s for btx_01, so `make bench` measures the tutorial only)",
    )
    parser.add_argument("--win-rate", type=int, default=0, help="games per BTX script (agent comparison)")
    parser.add_argument("--cast", type=int, default=4)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--loops", type=int, default=2)
    args = parser.parse_args()
    if args.win_rate:
        win_rates(args.win_rate, args.cast, args.days, args.loops)
        return
    wanted = [] if args.scripts == "all" else [w for w in args.scripts.split(",") if w]
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
