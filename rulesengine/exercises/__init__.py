"""Exercises the engines make and mark: predict, then see why.

>>> from rulesengine.exercises import generate, kinds
>>> [k.name for k in kinds("grove")][:1]
['culprit']
>>> ex = generate("grove", "culprit", seed=3)
>>> ex.mark(ex.solution).verdict("vi")
'Đúng.'
"""

from __future__ import annotations

# The game modules register their kinds on import (each imports core; core imports neither of them).
from rulesengine.exercises import grove, looper  # noqa: F401
from rulesengine.exercises.core import (
    AnswerError,
    AnswerForm,
    Assignment,
    Choice,
    Count,
    Exercise,
    Kind,
    Marking,
    Option,
    Probability,
    generate,
    kind,
    kinds,
    register,
)

__all__ = [
    "AnswerError",
    "AnswerForm",
    "Assignment",
    "Choice",
    "Count",
    "Exercise",
    "Kind",
    "Marking",
    "Option",
    "Probability",
    "generate",
    "kind",
    "kinds",
    "register",
]
