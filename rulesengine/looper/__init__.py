"""Tragedy Looper: content, scripts and the engine of the day in nine steps.

The engine's main names are importable from here; the content and script loaders live in
:mod:`rulesengine.looper.rules.content` and :mod:`rulesengine.looper.rules.script`.

>>> from rulesengine.looper import Game, Phase
>>> Phase.CARD_RESOLUTION.rule_id
'TL-D4'
"""

from __future__ import annotations

from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.rules.actions import Action, Allow, Choose, Guess, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.engine import Game, play
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.state import CharacterState, Decision, Event, LoopResult, Outcome, Phase

__all__ = [
    "Action",
    "Allow",
    "CharacterState",
    "Choose",
    "Decision",
    "Event",
    "Game",
    "Guess",
    "HeuristicMastermind",
    "HeuristicProtagonists",
    "LoopResult",
    "Outcome",
    "Pass",
    "Phase",
    "PlaceCard",
    "RandomAgent",
    "Refuse",
    "Rulings",
    "UseAbility",
    "play",
]
