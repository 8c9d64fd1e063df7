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

from rulesengine.looper.rules.actions import Action, Allow, Choose, Guess, PlaceCard, Refuse, UseAbility
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

    def scores(self, obs: O, actions: Sequence[Action]) -> list[float]:
        """The score of each of ``actions``, in order: :meth:`score` of each, with the same draws of the
        generator (the heuristic agents work out in one pass what every option reads)."""
        return [self.score(obs, a) for a in actions]

    def __call__(self, observation: O, legal_actions: Sequence[Action]) -> Action:
        """Answer the pending decision with the best-scoring option (ties at random)."""
        scores = self.scores(observation, legal_actions)
        top = max(scores, default=0.0)
        return self.rng.choice([a for a, s in zip(legal_actions, scores, strict=True) if s == top])


class HeuristicMastermind(_Scoring[MastermindObservation]):
    """A simple Mastermind: pushes culprits to their limit, piles intrigue, refuses when it may.

    It knows the whole script, as the Mastermind does (its observation holds the private sheet).
    """

    def score(self, obs: MastermindObservation, action: Action) -> float:
        """A rough value of ``action`` for the Mastermind."""
        return self._values(obs, (action,))[0]

    def scores(self, obs: MastermindObservation, actions: Sequence[Action]) -> list[float]:
        """The value of each of ``actions`` for the Mastermind (see :meth:`score`), in order, in one pass."""
        if type(self).score is not HeuristicMastermind.score:  # (a subclass that scores its own way)
            return super().scores(obs, actions)
        return self._values(obs, actions)

    def _values(self, obs: MastermindObservation, actions: Sequence[Action]) -> list[float]:
        rng = self.rng
        marks: dict[str, tuple[bool, bool, bool, bool]] | None = None
        out: list[float] = []
        for a in actions:
            if isinstance(a, PlaceCard):
                if marks is None:
                    marks = self._marks(obs)
                t, card = a.target, a.card
                mark = marks.get(t)
                if mark is not None:  # a character
                    push, plotting, has_goodwill, key_person = mark
                    if card == "paranoia_plus_1" and push:
                        out.append(3.0)
                    elif plotting and card.startswith("intrigue"):
                        out.append(2.5)
                    elif has_goodwill and card == "forbid_goodwill":
                        out.append(1.5)
                    elif key_person and card.startswith("move"):
                        out.append(1.0)
                    else:
                        out.append(0.2 * rng.random())
                elif card.startswith("intrigue"):  # a location
                    out.append(2.0 if t in ("school", "shrine", "hospital") else 1.0)
                else:
                    out.append(0.1 * rng.random())
            else:
                out.append(self._other(obs, a))
        return out

    @staticmethod
    def _marks(obs: MastermindObservation) -> dict[str, tuple[bool, bool, bool, bool]]:
        """Per character, what its cards are scored by: a culprit of an incident to come below its
        paranoia limit, a role that Intrigue serves, goodwill on it, the Key Person."""
        day = obs.day
        culprits = {i.culprit for i in obs.incidents if i.day >= day}
        roles, defs = obs.roles, obs.content.characters
        marks = {}
        for c, ch in obs.characters.items():
            role = roles[c]
            marks[c] = (
                c in culprits and ch.paranoia < defs[c].paranoia_limit,
                role in ("key_person", "killer", "loved_one"),
                ch.goodwill > 0,
                role == "key_person",
            )
        return marks

    @staticmethod
    def _other(obs: MastermindObservation, action: Action) -> float:
        """The value of an answer other than a card."""
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


class HeuristicProtagonists(_Scoring[ProtagonistsObservation]):
    """Simple protagonists: calm the most anxious, befriend characters with abilities, forbid intrigue
    where it piles up, use every goodwill ability, and guess revealed roles (else Person).

    It reads only the protagonists' observation (public information): a test plays whole games on
    scripts whose unrevealed roles are permuted and finds the same choices.
    """

    def score(self, obs: ProtagonistsObservation, action: Action) -> float:
        """A rough value of ``action`` for the protagonists (public information only)."""
        return self._values(obs, (action,))[0]

    def scores(self, obs: ProtagonistsObservation, actions: Sequence[Action]) -> list[float]:
        """The value of each of ``actions`` for the protagonists (see :meth:`score`), in order, one pass."""
        if type(self).score is not HeuristicProtagonists.score:  # (a subclass that scores its own way)
            return super().scores(obs, actions)
        return self._values(obs, actions)

    def _values(self, obs: ProtagonistsObservation, actions: Sequence[Action]) -> list[float]:
        rng = self.rng
        marks: dict[str, tuple[float, bool]] | None = None
        out: list[float] = []
        for a in actions:
            if isinstance(a, PlaceCard):
                if marks is None:  # per character: 1 + its paranoia, whether it has abilities
                    defs = obs.content.characters
                    chars = obs.characters.items()
                    marks = {c: (1.0 + ch.paranoia, bool(defs[c].abilities)) for c, ch in chars}
                t, card = a.target, a.card
                mark = marks.get(t)
                if mark is not None:  # a character
                    if card == "paranoia_minus_1":
                        out.append(mark[0])
                    elif mark[1] and card.startswith("goodwill"):
                        out.append(1.5)
                    elif card == "forbid_movement":
                        out.append(0.5)
                    else:
                        out.append(0.1 * rng.random())
                elif card == "forbid_intrigue":  # a location
                    out.append(1.0 + obs.locations[t])
                else:
                    out.append(0.0)
            elif isinstance(a, UseAbility):
                out.append(1.0)
            elif isinstance(a, Choose):
                out.append(1.0 if a.option == "next_loop" else 0.0)
            elif isinstance(a, Guess):
                known = obs.role_of(a.character)
                if known is not None:
                    out.append(2.0 if a.role == known else -1.0)
                else:
                    out.append(1.0 if a.role == "person" else 0.0)
            else:  # (Pass and the rest)
                out.append(0.0)
        return out
