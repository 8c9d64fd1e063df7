"""In a Grove exercises: the marked answer is what the engine decides when it plays the deal out."""

from __future__ import annotations

import random

from rulesengine.exercises import generate
from rulesengine.grove.figures import parse_figure
from rulesengine.grove.game import Deal, new_game


def _engine_culprit(situation: dict) -> int:
    """Play the exercise's deal through the engine to the reveal and read the culprit it revealed."""
    f = [parse_figure(v) for v in situation["suspects"]]
    deal = Deal(tuple(parse_figure(v) for v in situation["hands"]), (f[0], f[1], f[2]),
                parse_figure(situation["victim"]),
                None if situation["public"] is None else parse_figure(situation["public"]))
    rng = random.Random(0)
    state = new_game(situation["players"]).apply(deal)
    while not state.rounds:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.rounds[0].culprit


def test_culprit_exercise_answer_is_the_engines_reveal_gr_r1_gr_r2_gr_r3() -> None:
    seen_rules = set()
    for seed in range(600):
        ex = generate("grove", "culprit", seed, 1 + seed % 3)
        assert int(ex.solution) == _engine_culprit(dict(ex.situation))
        assert all(rule in ex.explanation[0].localized("en") for rule in ex.rules)
        seen_rules.update(ex.rules)
    assert seen_rules == {"GR-R1", "GR-R2", "GR-R3"}
