"""In a Grove exercises: deals made by the engine, questions about what its rules decide.

Kinds (each reproducible from its seed; difficulty = how many rules interact):

- ``culprit`` — who is the culprit of these three suspects (GR-R1..GR-R3)? Difficulty 1: numbers only,
  no 5 (GR-R1); 2: a 5 among them (GR-R2) or an X (GR-R3); 3: a 5 and an X together.

>>> from rulesengine.exercises import generate
>>> ex = generate("grove", "culprit", seed=1, difficulty=3)
>>> sorted(ex.rules)
['GR-R2', 'GR-R3']
>>> print(ex.prompt("en"))  # doctest: +ELLIPSIS
The three suspects at the scene are ... Which suspect is the culprit?
"""

from __future__ import annotations

import random

from rulesengine.exercises.core import Choice, Exercise, Kind, Option, register
from rulesengine.grove.figures import MAX_PLAYERS, MIN_PLAYERS, Figure, culprit_index
from rulesengine.grove.game import Deal, culprit_reason, new_game
from rulesengine.messages import Message

__all__ = ["random_deal", "suspect_options"]


def random_deal(rng: random.Random, players: int | None = None) -> Deal:
    """A deal shuffled by the engine (GR-S3) for ``players`` seats (a random count if ``None``)."""
    n = rng.randint(MIN_PLAYERS, MAX_PLAYERS) if players is None else players
    return new_game(n).sample_chance(rng)


def suspect_options() -> tuple[Option, ...]:
    """The three suspects as answer options: keys ``0``, ``1``, ``2``."""
    return tuple(Option(str(k), Message("exercise.grove.suspect", {"suspect": k})) for k in range(3))


def _culprit_rules(suspects: tuple[Figure, Figure, Figure]) -> tuple[str, ...]:
    rules = ("GR-R2",) if Figure.FIVE in suspects else ("GR-R1",)
    return (*rules, "GR-R3") if Figure.X in suspects else rules


def _difficulty(suspects: tuple[Figure, Figure, Figure]) -> int:
    """1 with numbers only and no 5, 2 with a 5 or an X, 3 with both."""
    return 1 + (Figure.FIVE in suspects) + (Figure.X in suspects)


def _make_culprit(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    while True:  # deal until the suspects need the rules this difficulty asks for
        deal = random_deal(rng)
        if _difficulty(deal.suspects) == difficulty:
            break
    suspects = deal.suspects
    culprit = culprit_index(suspects)
    figures = ", ".join(f"{k}: {f.label}" for k, f in enumerate(suspects))
    explanation = (
        Message("exercise.grove.culprit_is", {"suspect": culprit, "figure": suspects[culprit].label,
                                              "why": culprit_reason(suspects)}),
    )
    return Exercise(
        game="grove", kind="culprit", seed=seed, difficulty=difficulty,
        question=Message("exercise.grove.culprit_question", {"figures": figures}),
        form=Choice(suspect_options()), solution=str(culprit), explanation=explanation,
        rules=_culprit_rules(suspects),
        situation={"players": deal.players, "suspects": [f.label for f in suspects],
                   "hands": [f.label for f in deal.hands], "victim": deal.victim.label,
                   "public": None if deal.public is None else deal.public.label},
    )


register(Kind("grove", "culprit", "exercise.kind.grove.culprit", ("GR-R1", "GR-R2", "GR-R3"), (1, 2, 3),
              _make_culprit))
