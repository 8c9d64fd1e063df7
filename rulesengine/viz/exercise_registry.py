"""What each game's viz module can draw for an exercise: pictures and "show me the step".

Each game's viz module (:mod:`rulesengine.viz.looper.exercises`, :mod:`rulesengine.viz.grove.exercises`)
registers here on import; :mod:`rulesengine.viz.exercises` imports both, then looks them up. This module
imports neither, so the imports run one way (game modules → registry ← widget) with no circle.

- :func:`register_picture` — ``draw(exercise, solved) -> Figure``: the situation, and with
  ``solved=True`` the engine's answer shown on it;
- :func:`register_show_step` — ``open(exercise) -> widget``: the position in the game's stepper.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure

from rulesengine.exercises import Exercise

__all__ = ["Draw", "Opener", "drawer", "opener", "register_picture", "register_show_step"]

Draw = Callable[[Exercise, bool], Figure]
Opener = Callable[[Exercise], Any]

_PICTURES: dict[tuple[str, str], Draw] = {}
_STEPS: dict[tuple[str, str], Opener] = {}


def register_picture(game: str, kind_name: str, draw: Draw) -> None:
    """Let ``draw(exercise, solved)`` draw the exercises of ``game``'s kind ``kind_name``."""
    _PICTURES[(game, kind_name)] = draw


def register_show_step(game: str, kind_name: str, opener: Opener) -> None:
    """Let ``opener(exercise)`` open the exercise's position in the game's stepper (a widget)."""
    _STEPS[(game, kind_name)] = opener


def drawer(exercise: Exercise) -> Draw | None:
    """The picture registered for the exercise's kind, or ``None``."""
    return _PICTURES.get((exercise.game, exercise.kind))


def opener(exercise: Exercise) -> Opener | None:
    """The "show me the step" registered for the exercise's kind, or ``None``."""
    return _STEPS.get((exercise.game, exercise.kind))
