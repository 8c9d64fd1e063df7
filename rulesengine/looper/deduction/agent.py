"""Protagonists who deduce: the record they keep (:class:`RecordingProtagonists`), and the deducing
Protagonists, who play the heuristic agent's cards but the deduction's final guess and goodwill."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesengine.errors import InputError
from rulesengine.looper.deduction.counted import deduce
from rulesengine.looper.deduction.record import PublicRecord, PublicSheet
from rulesengine.looper.deduction.results import Deduction
from rulesengine.looper.rules.actions import Action, Guess, PlaceCard, UseAbility, to_dict
from rulesengine.looper.rules.observe import ProtagonistsObservation

if TYPE_CHECKING:
    from rulesengine.looper.play.agents import HeuristicProtagonists

__all__ = ["DeducingProtagonists", "RecordingProtagonists"]


class RecordingProtagonists:
    """Protagonists who keep their own answers, so they can build the :class:`PublicRecord` from their
    observation at any time and deduce from it, each deduction going on from the one before (the same
    game: ``deduce(record, after=...)``).

    The base of the deducing and the searching Protagonists. A subclass sets ``heuristic`` (the agent
    that answers what it does not decide itself) and writes :meth:`_choose`; the final guess (TL-FG3) is
    shared: the roles of one of :meth:`Deduction.best_guesses`, chosen with the agent's seed when several
    tie. ``deductions`` counts the deductions made, ``deduction`` is the latest.
    """

    heuristic: HeuristicProtagonists

    def __init__(self, sheet: PublicSheet, seed: int | None = None) -> None:
        self.sheet = sheet
        self.rng = random.Random(seed)
        self.actions: list[tuple[str, Action]] = []
        self.guess: dict[str, str] | None = None
        self.deductions = 0
        self.deduction: Deduction | None = None

    def record(self, seen: ProtagonistsObservation) -> PublicRecord:
        """The public record so far, from the observation and the agent's own answers."""
        return PublicRecord.from_observation(seen, self.sheet, self.actions)

    def deduce(self, record: PublicRecord) -> Deduction:
        """The deduction from ``record``, going on from the one before (counted in ``deductions``)."""
        self.deductions += 1
        self.deduction = deduce(record, after=self.deduction)
        return self.deduction

    def __call__(self, seen: ProtagonistsObservation, legal_actions: Sequence[Action]) -> Action:
        """Answer the Protagonists' pending decision (only their observation is read)."""
        if not isinstance(seen, ProtagonistsObservation):
            raise InputError("observation", f"expected a ProtagonistsObservation, got {type(seen).__name__}")
        pending = seen.pending
        who = pending.who if pending is not None else "leader"
        action = self._choose(seen, legal_actions)
        self.actions.append((who, action))
        return action

    def _choose(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def _final_guess(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> Action | None:
        """At a final guess decision (TL-FG3), the option naming the deduction's guess for its character
        (the heuristic agent's answer when the guess names none of the options); else None."""
        guesses = [a for a in legal if isinstance(a, Guess)]
        if not guesses:
            return None
        if self.guess is None:
            ties, _ = self.deduce(self.record(seen)).best_guesses()
            self.guess = self.rng.choice(ties) if len(ties) else {}
        for g in guesses:
            if self.guess.get(g.character) == g.role:
                return g
        return self.heuristic(seen, legal)


class DeducingProtagonists(RecordingProtagonists):
    """Protagonists who play the heuristic agent's cards but deduce for the final guess and goodwill.

    It is built with the public sheet (known before the game) and answers ``(observation, legal
    actions)`` like every agent. At the final guess (TL-FG3) it names the roles of one of
    :meth:`Deduction.best_guesses` (the joint assignments most likely to be right, chosen at random with
    the agent's seed when several tie); at a goodwill decision (TL-D6) it takes the option of
    :meth:`Deduction.next_moves` with the most expected bits when that is above zero, and otherwise
    answers as the heuristic agent. With ``cards`` it chooses the leader's card each day the same way
    (TL-D3); ``sample`` is how many candidates ``next_moves`` plays on (more tell the options apart
    better: 8 candidates give at most 3 bits).
    """

    def __init__(
        self,
        sheet: PublicSheet,
        seed: int | None = None,
        *,
        goodwill: bool = True,
        cards: bool = False,
        sample: int = 8,
    ) -> None:
        from rulesengine.looper.play.agents import HeuristicProtagonists

        super().__init__(sheet, seed)
        self.heuristic = HeuristicProtagonists(seed)
        self.goodwill = goodwill
        self.cards = cards
        self.sample = sample

    def _choose(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> Action:
        guess = self._final_guess(seen, legal)
        if guess is not None:
            return guess
        leader_card = (
            self.cards
            and seen.pending is not None
            and seen.pending.who == f"protagonist:{seen.leader}"
            and any(isinstance(a, PlaceCard) for a in legal)
        )
        if leader_card or (self.goodwill and any(isinstance(a, UseAbility) for a in legal)):
            moves = self.deduce(self.record(seen)).next_moves(limit=1, sample=self.sample)
            if moves and moves[0]["expected_bits"] > 0:
                for a in legal:
                    if to_dict(a) == moves[0]["action"]:
                        return a
        return self.heuristic(seen, legal)
