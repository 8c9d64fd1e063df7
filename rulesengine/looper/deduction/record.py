"""The deduction's input: the public sheet of a script and the public record of a game.

Built from the protagonists' view of a game, never from its hidden part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulesengine.looper.rules.actions import Action
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import ProtagonistsObservation, observation
from rulesengine.looper.rules.script import ScheduledIncident, Script

__all__ = ["PublicRecord", "PublicSheet"]


@dataclass(frozen=True)
class PublicSheet:
    """The public sheet of a script: what the Protagonists are shown before the game (no private field)."""

    id: str
    title: str
    set_id: str
    loops: int
    days: int
    cast: tuple[str, ...]
    incidents: tuple[tuple[int, str], ...]
    special_rules: str = ""
    options: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, script: Script) -> PublicSheet:
        """Copy only the public fields of ``script`` (the private sheet is never read)."""
        return cls(
            id=script.id,
            title=script.title,
            set_id=script.set_id,
            loops=script.loops,
            days=script.days,
            cast=tuple(script.cast),
            incidents=tuple(sorted((i.day, i.incident) for i in script.incidents)),
            special_rules=script.special_rules,
            options=tuple(sorted(script.options.items())),
        )

    def frame(self) -> Script:
        """A :class:`Script` with these public fields and a placeholder private sheet (all Persons)."""
        return Script(
            id=self.id,
            title=self.title,
            set_id=self.set_id,
            loops=self.loops,
            days=self.days,
            cast=self.cast,
            special_rules=self.special_rules,
            main_plot="",
            subplots=(),
            roles={},
            incidents=tuple(ScheduledIncident(d, i, self.cast[0]) for d, i in self.incidents),
            options=dict(self.options),
        )


@dataclass(frozen=True)
class PublicRecord:
    """What the Protagonists know: the public sheet, the public log, their own decisions and who decides.

    ``events`` are the public events as plain dicts (``Event.as_dict()``); ``actions`` the Protagonists'
    decisions in order as ``(who, action)``; ``waiting`` who the game waits for (``None`` when over).
    """

    sheet: PublicSheet
    events: tuple[Mapping[str, Any], ...]
    actions: tuple[tuple[str, Action], ...]
    waiting: str | None

    @classmethod
    def from_observation(
        cls, seen: ProtagonistsObservation, sheet: PublicSheet, actions: Sequence[tuple[str, Action]]
    ) -> PublicRecord:
        """The record from the Protagonists' observation, the public sheet and their own decisions."""
        pending = seen.pending
        return cls(
            sheet=sheet,
            events=tuple(e.as_dict() for e in seen.log),
            actions=tuple(actions),
            waiting=None if pending is None else pending.who,
        )

    @classmethod
    def from_game(cls, game: Game) -> PublicRecord:
        """The record of ``game`` as the Protagonists saw it: their observation, the public sheet and their
        own decisions (``history`` entries not the Mastermind's)."""
        seen = observation(game, "protagonists")
        assert isinstance(seen, ProtagonistsObservation)
        return cls.from_observation(
            seen, PublicSheet.of(game.script), [(w, a) for w, a in game.history if w != "mastermind"]
        )


def _revealed_culprits(record: PublicRecord) -> dict[int, str]:
    return {int(e["incident_day"]): e["culprit"] for e in record.events if e["kind"] == "culprit_revealed"}
