"""Equilibrium play for one round of In a Grove, solved with OpenSpiel's CFR+, saved in ``data/grove``.

The round is the OpenSpiel game of :mod:`rulesengine.grove.strategy.spiel` (``python_in_a_grove_round``,
zero-sum ``relative`` payoff). :func:`solve` runs OpenSpiel's CFR+ (``pyspiel.CFRPlusSolver``) for a number of
iterations and measures the average strategy: with two players its **exploitability** (OpenSpiel's
``pyspiel.exploitability``: what best responders win against it), with more its **NashConv**
(``pyspiel.nash_conv``). :func:`save` writes ``data/grove/equilibrium_{n}p.json`` with the command
that regenerates it; :func:`load_strategy` reads it back as a :class:`RoundStrategy`, which answers
for any look of the leader (the file is for the leader's look at suspects 0 and 1, GR-P2; other looks
are the same game with the suspects renamed) and is the behaviour model ``equilibrium``
(:mod:`rulesengine.grove.odds.models`).

**What this machine allows** (2 shared cores): two and three players are solved on the whole tree
(5,040 deals; about 2.6 s and 8 s per CFR+ iteration, as the game is Python); four and five players
(40,320 and 181,440 deals, 3.3 M and 44 M terminal histories) are not solved here: one CFR+ iteration
would take minutes to hours through the Python game. ``--iterations`` is the only knob.

>>> rules = readable_rules(load_strategy(2))
>>> rules[0].startswith("as leader")
True
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesengine.grove.odds.models import RoundStrategy, canonical_key, load_strategy, strategy_path
from rulesengine.outputs import write_text

__all__ = [
    "RoundStrategy",
    "Solution",
    "canonical_key",
    "load_strategy",
    "readable_rules",
    "rule_records",
    "save",
    "solve",
    "strategy_path",
    "time_cfr",
]

_FACE = {0: "X", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}
__all__ += ["SOLVED"]
#: Player counts solved on this machine (see the module text).
SOLVED = (2, 3)


@dataclass
class Solution:
    """A solved round: the average strategy by information state, and how good it is."""

    players: int
    iterations: int
    measure: str  # "exploitability" (two players) or "nash_conv"
    value: float
    history: list[tuple[int, float]]
    table: dict[str, tuple[float, float, float]]
    seconds: float
    deals: int = 0
    meta: dict[str, Any] = field(default_factory=dict)


def _measure(game: Any, policy: Any, players: int) -> tuple[str, float]:
    import pyspiel

    if players == 2:
        return "exploitability", float(pyspiel.exploitability(game, policy))
    return "nash_conv", float(pyspiel.nash_conv(game, policy))


def solve(players: int, iterations: int, deals: int = 0, deal_seed: int = 0,
          checkpoints: tuple[int, ...] = (), progress: Callable[[int], None] | None = None) -> Solution:
    """Run OpenSpiel's CFR+ on the round for ``iterations`` and measure the average strategy.

    ``checkpoints`` are iteration counts at which the measure is also taken (the history);
    ``deals`` > 0 solves the small configuration of that many sampled deals (tests).
    """
    import pyspiel

    from rulesengine.grove.strategy.spiel import load

    game = load(players, deals=deals, deal_seed=deal_seed)
    start = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(game)
    history = []
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if progress is not None:
            progress(i)
        if i in checkpoints and i != iterations:
            history.append((i, _measure(game, solver.average_policy(), players)[1]))
    seconds = time.perf_counter() - start
    policy = solver.tabular_average_policy()
    measure, value = _measure(game, policy, players)
    history.append((iterations, value))
    table = {}
    for key, pairs in policy.policy_table().items():
        probs = [0.0, 0.0, 0.0]
        for action, p in pairs:
            probs[action] = float(p)
        table[key] = (probs[0], probs[1], probs[2])
    return Solution(players, iterations, measure, value, history, table, seconds, deals)


def save(solution: Solution, path: Path | None = None, option: str | None = None) -> Path:
    """Write the solution as JSON (probabilities to 4 decimals) with the command that regenerates it.

    The file is written whole or not at all (:func:`rulesengine.outputs.write_text`): a failure leaves
    the previous file as it was and is an :class:`~rulesengine.errors.InputError` naming ``option``
    (default: the file).
    """
    path = strategy_path(solution.players) if path is None else path
    document = {
        "game": "python_in_a_grove_round",
        "players": solution.players,
        "payoff": "relative",
        "solver": "OpenSpiel CFR+ (pyspiel.CFRPlusSolver), average strategy",
        "iterations": solution.iterations,
        "measure": solution.measure,
        "value": solution.value,
        "history": [list(h) for h in solution.history],
        "regenerate": f"python -m rulesengine grove strategy --players {solution.players} "
                      f"--iterations {solution.iterations}",
        "note": "the leader looks at suspects 0 and 1 (GR-P2); other looks rename the suspects",
        "strategy": {k: [round(p, 4) for p in v] for k, v in sorted(solution.table.items())},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, json.dumps(document, indent=0) + "\n", option=str(path) if option is None else option)
    return path


def _parse(key: str) -> tuple[int, int, int, tuple[tuple[int, int], ...], str]:
    words = key.split()
    face = {v: k for k, v in _FACE.items()}
    seen = tuple((int(w.split("=")[0]), face[w.split("=")[1]]) for w in words[6:8])
    return int(words[0][1:]), face[words[2]], face[words[4]], seen, words[9]


def rule_records(strategy: RoundStrategy) -> list[dict[str, Any]]:
    """How often each kind of accusation is made, by situation (the rows of :func:`readable_rules`).

    Situations: the position (leader, second, …) and whether a 5 is among one's alibis (GR-R2 turns the
    culprit rule around); accusations: the ``higher`` or the ``lower`` number seen (X lowest), or the
    suspect not seen (``unseen``; for a follower, the one the player on its right accused, GR-P4). Each
    probability is the mean over the information states of that situation (each about equally likely
    under GR-S3).
    """
    sums: dict[tuple[int, bool], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for key, probs in strategy.table.items():
        position, hand, other, seen, _ = _parse(key)
        (i, fi), (j, fj) = seen
        high, low = (i, j) if fi > fj else (j, i)
        unseen = 3 - i - j
        total = sum(probs) or 1.0
        bucket = sums[position, 5 in (hand, other)]
        bucket[0] += probs[high] / total
        bucket[1] += probs[low] / total
        bucket[2] += probs[unseen] / total
        bucket[3] += 1
    names = {0: "as leader", 1: "as the second player", 2: "as the third player", 3: "as the fourth player",
             4: "as the fifth player"}
    rows = []
    for (where, five), (p_high, p_low, p_unseen, count) in sorted(sums.items()):
        situation = names[where] + (" with 5 in your alibis" if five else " without 5 in your alibis")
        rows.append({"situation": situation, "position": where, "five_in_alibis": five,
                     "higher": p_high / count, "lower": p_low / count, "unseen": p_unseen / count,
                     "states": int(count)})
    return rows


def readable_rules(strategy: RoundStrategy) -> list[str]:
    """The strategy as sentences, one per situation of :func:`rule_records`."""
    out = []
    for r in rule_records(strategy):
        hidden = "the unseen suspect" if r["position"] == 0 else "the suspect accused on your right (unseen)"
        out.append(f"{r['situation']}: accuse the higher number seen {r['higher']:.2f}, the lower number "
                   f"seen {r['lower']:.2f}, {hidden} {r['unseen']:.2f} of the time")
    return out


def time_cfr(players: int = 2, iterations: int = 2) -> str:
    """CFR+ iterations per second on the whole round (for ``benchmarks/bench_fastsim.py --cfr``)."""
    import pyspiel

    from rulesengine.grove.strategy.spiel import load

    game = load(players)
    solver = pyspiel.CFRPlusSolver(game)
    start = time.process_time()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.process_time() - start
    return f"CFR+ ({players} players, whole round): {iterations / seconds:.2f} iterations/s"
