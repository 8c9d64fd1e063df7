"""Agents: callables ``agent(game) -> Action`` that answer the pending decision through the same door.

:class:`RandomAgent` picks uniformly among the legal options (either side). The heuristic agents
score the options with a few simple rules and pick the best, breaking ties at random.

>>> from rulesengine.looper.engine import Game, play
>>> from rulesengine.looper.script import SCRIPTS_DIR, load_script
>>> game = Game(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"))
>>> outcome = play(game, {"mastermind": RandomAgent(1), "protagonists": RandomAgent(2)})
>>> outcome.winner in ("mastermind", "protagonists")
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rulesengine.looper.actions import Action, Allow, Choose, Guess, Pass, PlaceCard, Refuse, UseAbility

if TYPE_CHECKING:
    from rulesengine.looper.engine import Game


class RandomAgent:
    """Picks a legal option uniformly at random, with its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> Action:
        """Answer the pending decision."""
        return self.rng.choice(game.legal_actions())


class _Scoring:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def score(self, game: Game, action: Action) -> float:
        raise NotImplementedError

    def __call__(self, game: Game) -> Action:
        """Answer the pending decision with the best-scoring option."""
        options = game.legal_actions()
        best: list[Action] = []
        top = float("-inf")
        for a in options:
            s = self.score(game, a)
            if s > top:
                top, best = s, [a]
            elif s == top:
                best.append(a)
        return self.rng.choice(best)


class HeuristicMastermind(_Scoring):
    """A simple Mastermind: pushes culprits to their limit, piles intrigue, refuses when it may.

    It knows the whole script, as the Mastermind does.
    """

    def score(self, game: Game, action: Action) -> float:
        """A rough value of ``action`` for the Mastermind."""
        if isinstance(action, PlaceCard):
            return self._card(game, action)
        if isinstance(action, Refuse):
            return 1.0
        if isinstance(action, Allow):
            return 0.0
        if isinstance(action, UseAbility):
            return 1.0 + (1.0 if action.ability in ("killer.1", "killer.2", "loved_one.2") else 0.0)
        if isinstance(action, Choose):
            target = action.option.split("|")[0]
            if target in game.chars:
                role = game.roles[target]
                return 2.0 if role in ("key_person", "friend") else 0.5
            return 0.0
        return 0.0

    def _card(self, game: Game, a: PlaceCard) -> float:
        t, card = a.target, a.card
        culprits = {i.culprit for i in game.script.incidents if i.day >= game.day}
        if t in game.chars:
            ch = game.chars[t]
            role = game.roles[t]
            if card == "paranoia_plus_1" and t in culprits and ch.paranoia < game.paranoia_limit(t):
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


class HeuristicProtagonists(_Scoring):
    """Simple protagonists: calm the most anxious, befriend characters with abilities, forbid intrigue
    where it piles up, use every goodwill ability, and guess revealed roles (else Person)."""

    def score(self, game: Game, action: Action) -> float:
        """A rough value of ``action`` for the protagonists (public information only)."""
        if isinstance(action, PlaceCard):
            t, card = action.target, action.card
            if t in game.chars:
                ch = game.chars[t]
                if card == "paranoia_minus_1":
                    return 1.0 + ch.paranoia
                if card.startswith("goodwill") and game.content.characters[t].abilities:
                    return 1.5
                if card == "forbid_movement":
                    return 0.5
                return 0.1 * self.rng.random()
            if card == "forbid_intrigue":
                return 1.0 + game.location_intrigue[t]
            return 0.0
        if isinstance(action, UseAbility):
            return 1.0
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, Choose):
            return 1.0 if action.option == "next_loop" else 0.0
        if isinstance(action, Guess):
            known = game.revealed_roles.get(action.character)
            if known is not None:
                return 2.0 if action.role == known else -1.0
            return 1.0 if action.role == "person" else 0.0
        return 0.0
