"""The advisor's next move: the Protagonists' options ranked by expected information, and the
final-guess advice (the most likely role assignments).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rulesengine.looper.rules.actions import to_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation

__all__ = ["best_guesses", "next_moves"]


def best_guesses(
    mass: Mapping[tuple[tuple[str, str], ...], Fraction],
) -> tuple[list[dict[str, str]], Fraction]:
    """Every most likely role assignment of ``mass`` (each assignment's probability; the ties, sorted by
    character and role) and the probability of each (TL-FG3)."""
    if not mass:
        return [], Fraction(0)
    top = max(mass.values())
    return [dict(k) for k in sorted(mass) if mass[k] == top], top


def next_moves(
    witnesses: Sequence[Game],
    weights: Sequence[Fraction],
    waiting: str | None,
    limit: int = 5,
    sample: int = 24,
) -> list[dict[str, Any]]:
    """The Protagonists' options at their next decision ranked by expected information (bits).

    Each consistent candidate is played on from its witness game (the engine in the state where the
    record ends, that candidate's own script). When the record ends on the Mastermind's decision (at
    the end of a day: tomorrow's cards), the Mastermind is played first by the heuristic agent (seed 0)
    up to the Protagonists' first decision, whose options are ranked ("what to try tomorrow"). Each
    option is then played to the end of that day with the heuristic agents (seed 0) for every later
    decision. The outcome is the public events seen; with one outcome per candidate the expected
    information gain is the entropy of the outcomes. At most ``sample`` candidates, evenly spaced, are
    played (``sampled`` says how many). ``witnesses`` and ``weights`` are the consistent candidates'
    (:class:`~rulesengine.looper.deduction.results.Deduction`), ``waiting`` who the record waits for.
    """
    from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists

    if not witnesses or waiting is None:
        return []
    step = max(1, math.ceil(len(witnesses) / sample))
    starts: dict[int, Game] = {}
    for i in range(0, len(witnesses), step):
        g = witnesses[i].clone()
        g.pause_between_phases = False
        if g.is_paused:
            g.resume()
        mastermind = HeuristicMastermind(0)
        while g.pending is not None and g.pending.who == "mastermind":
            g.apply(mastermind(MastermindObservation(g), g.legal_actions()))
        if g.pending is not None:
            starts[i] = g
    if not starts:
        return []
    weight = {i: weights[i] for i in starts}
    total = sum(weight.values(), Fraction(0))
    first = next(iter(starts.values()))
    assert first.pending is not None
    ranked: list[dict[str, Any]] = []
    for option in first.pending.options:
        mass: dict[tuple[str, ...], Fraction] = defaultdict(Fraction)
        for i, start_game in starts.items():
            g = start_game.clone()
            n = len(g.log)
            start = (g.loop, g.day)
            mastermind, protagonists = HeuristicMastermind(0), HeuristicProtagonists(0)
            try:
                g.apply(option)
            except Exception:  # the option is not open under this candidate: an outcome of its own
                mass[("refused",)] += weight[i]
                continue
            for _ in range(200):
                if g.is_over or (g.loop, g.day) != start or g.pending is None:
                    break
                if g.pending.who == "mastermind":
                    g.apply(mastermind(MastermindObservation(g), g.legal_actions()))
                else:
                    g.apply(protagonists(ProtagonistsObservation(g), g.legal_actions()))
            outcome = tuple(repr(e.as_dict()) for e in g.log[n:] if e.visibility == "public")
            mass[outcome] += weight[i]
        bits = -sum(float(m / total) * math.log2(float(m / total)) for m in mass.values() if m)
        ranked.append(
            {
                "action": to_dict(option),
                "expected_bits": round(bits, 6),
                "outcomes": len(mass),
                "sampled": len(starts),
            }
        )
    ranked.sort(key=lambda m: (-float(m["expected_bits"]), repr(m["action"])))
    return ranked[:limit]
