"""An exercise whose answer is always the same teaches nothing: every kind and difficulty, over its seeds,
has at least two different marked answers and none in more than 70% of them (docs/exercises.md).

The unit run checks ``LOOPER_FUZZ_GAMES // 2`` seeds per Looper kind and difficulty (24 by default) and
``GROVE_EXERCISE_SEEDS // 10`` per Grove one (45); ``LOOPER_FUZZ_GAMES=400 GROVE_EXERCISE_SEEDS=2000`` checks
200 of each. ``benchmarks/bench_exercises.py`` prints the same shares with the generation times.
"""

from __future__ import annotations

import functools
import json
import os
from collections import Counter

import pytest

from rulesengine.exercises import generate, kinds
from rulesengine.exercises.looper import INCIDENT_OUTCOMES, REFUSAL_TARGETS, target_answer

SEEDS = {
    "looper": max(12, int(os.environ.get("LOOPER_FUZZ_GAMES", "48")) // 2),
    "grove": max(12, int(os.environ.get("GROVE_EXERCISE_SEEDS", "450")) // 10),
}
MOST = 0.7  # no single answer in more than this share of the seeds

CASES = [(k.game, k.name, d) for k in kinds() for d in k.difficulties]


@functools.cache
def _answers(game: str, name: str, difficulty: int) -> Counter[str]:
    return Counter(json.dumps(generate(game, name, seed, difficulty).solution, sort_keys=True, default=str)
                   for seed in range(SEEDS[game]))


@pytest.mark.parametrize(("game", "name", "difficulty"), CASES, ids=[f"{g}-{n}-{d}" for g, n, d in CASES])
def test_the_marked_answers_vary(game: str, name: str, difficulty: int) -> None:
    answers = _answers(game, name, difficulty)
    n = sum(answers.values())
    answer, most = answers.most_common(1)[0]
    assert len(answers) >= 2, f"{game}/{name}/{difficulty}: always {answer} over {n} seeds"
    assert most <= MOST * n, f"{game}/{name}/{difficulty}: {answer} in {most} of {n} seeds"


def test_every_kind_and_difficulty_is_checked() -> None:
    assert {(g, n) for g, n, _ in CASES} == {("looper", k) for k in (
        "board_after_cards", "incident", "loop_lost", "goodwill_refusal", "placement_legal")} | {
        ("grove", k) for k in ("culprit", "odds", "likeliest", "chips", "next_leader")}
    assert len(CASES) == 30


def test_the_looper_targets_are_reached_tl_d7a_tl_d7b_tl_d7e_tl_d6c() -> None:
    """The answer drawn first from the seed is the one the exercise asks about (TL-D7a, TL-D7b, TL-D7e
    for incidents; TL-D6c for a refusal), for each of a difficulty's targets."""
    for difficulty, outcomes in INCIDENT_OUTCOMES.items():
        seen = {json.loads(a) for a in _answers("looper", "incident", difficulty)}
        assert seen == set(outcomes), (difficulty, seen)
    for difficulty, targets in REFUSAL_TARGETS.items():
        seen = {json.loads(a) for a in _answers("looper", "goodwill_refusal", difficulty)}
        assert all(seen & set(t) for t in targets), (difficulty, seen)


def test_the_targets_are_dealt_evenly_over_consecutive_seeds() -> None:
    """Every round of ``2 * len(answers)`` seeds asks each target twice, in a seeded order."""
    rounds = [[target_answer("incident", seed, 3, ("a", "b", "c")) for seed in range(r * 6, r * 6 + 6)]
              for r in range(20)]
    assert all(sorted(r) == ["a", "a", "b", "b", "c", "c"] for r in rounds)
    assert len({tuple(r) for r in rounds}) > 5  # not the same order every round
