"""The deducing Protagonists: the heuristic agent's cards, the deduction's final guess and goodwill."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rulesengine.looper.deduction.counted import deduce
from rulesengine.looper.deduction.record import PublicRecord, PublicSheet
from rulesengine.looper.deduction.results import Deduction
from rulesengine.looper.rules.actions import Action, Guess, PlaceCard, UseAbility, to_dict
from rulesengine.looper.rules.observe import ProtagonistsObservation

__all__ = ["DeducingProtagonists"]


class DeducingProtagonists:
    """Protagonists who play the heuristic agent's cards but deduce for the final guess and goodwill.

    It is built with the public sheet (known before the game) and answers ``(observation, legal
    actions)`` like every agent. It remembers its own answers, so it can build the
    :class:`PublicRecord` from the observation at any time. At the final guess (TL-FG3) it names the
    roles of one of :meth:`Deduction.best_guesses` (the joint assignments most likely to be right, chosen
    at random with the agent's seed when several tie); at a goodwill
    decision (TL-D6) it takes the option of :meth:`Deduction.next_moves` with the most expected bits when
    that is above zero, and otherwise answers as the heuristic agent. With ``cards`` it chooses the
    leader's card each day the same way (TL-D3); ``sample`` is how many candidates ``next_moves`` plays
    on (more tell the options apart better: 8 candidates give at most 3 bits).
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

        self.sheet = sheet
        self.base = HeuristicProtagonists(seed)
        self.rng = random.Random(seed)  # the choice among equally likely final guesses
        self.goodwill = goodwill
        self.cards = cards
        self.sample = sample
        self.actions: list[tuple[str, Action]] = []
        self.guess: dict[str, str] | None = None
        self.deductions = 0
        self.last: Deduction | None = None  # the latest deduction, which the next one goes on from

    def _deduce(self, seen: ProtagonistsObservation) -> Deduction:
        """The deduction from the record so far, going on from the one before (the same game)."""
        self.last = deduce(self.record(seen), after=self.last)
        return self.last

    def record(self, seen: ProtagonistsObservation) -> PublicRecord:
        """The public record so far, from the observation and the agent's own answers."""
        return PublicRecord.from_observation(seen, self.sheet, self.actions)

    def __call__(self, seen: ProtagonistsObservation, legal_actions: Sequence[Action]) -> Action:
        """Answer the Protagonists' pending decision."""
        pending = seen.pending
        who = pending.who if pending is not None else "leader"
        action = self._choose(seen, legal_actions)
        self.actions.append((who, action))
        return action

    def _choose(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> Action:
        guesses = [a for a in legal if isinstance(a, Guess)]
        if guesses:
            if self.guess is None:
                self.deductions += 1
                ties, _ = self._deduce(seen).best_guesses()
                self.guess = self.rng.choice(ties) if ties else {}
            for g in guesses:
                if self.guess.get(g.character) == g.role:
                    return g
            return self.base(seen, legal)
        leader_card = (
            self.cards
            and seen.pending is not None
            and seen.pending.who == f"protagonist:{seen.leader}"
            and any(isinstance(a, PlaceCard) for a in legal)
        )
        if leader_card or (self.goodwill and any(isinstance(a, UseAbility) for a in legal)):
            self.deductions += 1
            moves = self._deduce(seen).next_moves(limit=1, sample=self.sample)
            if moves and moves[0]["expected_bits"] > 0:
                for a in legal:
                    if to_dict(a) == moves[0]["action"]:
                        return a
        return self.base(seen, legal)
