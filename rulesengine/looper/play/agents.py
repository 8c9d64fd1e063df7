"""Agents: callables ``agent(observation, legal_actions) -> Action`` that see only their side.

An agent never receives the :class:`~rulesengine.looper.rules.engine.Game`: :func:`rulesengine.contract.drive`
hands it its side's observation (:class:`~rulesengine.looper.rules.observe.ProtagonistsObservation` or
:class:`~rulesengine.looper.rules.observe.MastermindObservation`) and the sorted legal options.
:class:`RandomAgent` picks uniformly among the legal options (either side, either game). The heuristic
agents score the options with a few simple rules and pick the best, breaking ties at random.

>>> from rulesengine.contract import drive
>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> game = drive(Game(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml")),
...              {"mastermind": RandomAgent(1), "protagonists": RandomAgent(2)})
>>> game.outcome.winner in ("mastermind", "protagonists")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

from rulesengine.looper.rules.actions import Action, Allow, Choose, Guess, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation

__all__ = ["HeuristicMastermind", "HeuristicProtagonists", "RandomAgent"]

A = TypeVar("A")
O = TypeVar("O")  # noqa: E741 - the observation type


class RandomAgent:
    """Picks a legal option uniformly at random, with its own seeded generator (any side, any game)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, observation: object, legal_actions: Sequence[A]) -> A:
        """Answer the pending decision."""
        return self.rng.choice(legal_actions)


class _Scoring(Generic[O]):
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def score(self, obs: O, action: Action) -> float:
        raise NotImplementedError

    def __call__(self, observation: O, legal_actions: Sequence[Action]) -> Action:
        """Answer the pending decision with the best-scoring option."""
        best: list[Action] = []
        top = float("-inf")
        for a in legal_actions:
            s = self.score(observation, a)
            if s > top:
                top, best = s, [a]
            elif s == top:
                best.append(a)
        return self.rng.choice(best)


class HeuristicMastermind(_Scoring[MastermindObservation]):
    """A simple Mastermind: pushes culprits to their limit, piles intrigue, refuses when it may.

    It knows the whole script, as the Mastermind does (its observation holds the private sheet).
    """

    def score(self, obs: MastermindObservation, action: Action) -> float:
        """A rough value of ``action`` for the Mastermind."""
        if isinstance(action, PlaceCard):
            return self._card(obs, action)
        if isinstance(action, Refuse):
            return 1.0
        if isinstance(action, Allow):
            return 0.0
        if isinstance(action, UseAbility):
            return 1.0 + (1.0 if action.ability in ("killer.1", "killer.2", "loved_one.2") else 0.0)
        if isinstance(action, Choose):
            target = action.option.split("|")[0]
            if target in obs.characters:
                role = obs.roles[target]
                return 2.0 if role in ("key_person", "friend") else 0.5
            return 0.0
        return 0.0

    def _card(self, obs: MastermindObservation, a: PlaceCard) -> float:
        t, card = a.target, a.card
        chars = obs.characters
        if t in chars:
            ch = chars[t]
            role = obs.roles[t]
            culprits = {i.culprit for i in obs.incidents if i.day >= obs.day}
            limit = obs.content.characters[t].paranoia_limit
            if card == "paranoia_plus_1" and t in culprits and ch.paranoia < limit:
                return 3.0
            if card.startswith("intrigue") and role in ("key_person", "killer", "loved_one"):
                return 2.5
            if card == "forbid_goodwill" and ch.goodwill > 0:
                return 1.5
            if card.startswith("move") and role == "key_person":
                return 1.0
            return 0.2 * self.rng.random()
        if card.startswith("intrigue"):
            return 2.0 if t in ("school", "shrine", "hospital") else 1.0
        return 0.1 * self.rng.random()


class HeuristicProtagonists(_Scoring[ProtagonistsObservation]):
    """Simple protagonists: calm the most anxious, befriend characters with abilities, forbid intrigue
    where it piles up, use every goodwill ability, and guess revealed roles (else Person).

    It reads only the protagonists' observation (public information): a test plays whole games on
    scripts whose unrevealed roles are permuted and finds the same choices.
    """

    def score(self, obs: ProtagonistsObservation, action: Action) -> float:
        """A rough value of ``action`` for the protagonists (public information only)."""
        if isinstance(action, PlaceCard):
            t, card = action.target, action.card
            chars = obs.characters
            if t in chars:
                ch = chars[t]
                if card == "paranoia_minus_1":
                    return 1.0 + ch.paranoia
                if card.startswith("goodwill") and obs.content.characters[t].abilities:
                    return 1.5
                if card == "forbid_movement":
                    return 0.5
                return 0.1 * self.rng.random()
            if card == "forbid_intrigue":
                return 1.0 + obs.locations[t]
            return 0.0
        if isinstance(action, UseAbility):
            return 1.0
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, Choose):
            return 1.0 if action.option == "next_loop" else 0.0
        if isinstance(action, Guess):
            known = obs.role_of(action.character)
            if known is not None:
                return 2.0 if action.role == known else -1.0
            return 1.0 if action.role == "person" else 0.0
        return 0.0
