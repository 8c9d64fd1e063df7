"""The deduction's input: the public sheet of a script and the public record of a game.

Built from the protagonists' view of a game, never from its hidden part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rulesengine.looper.rules.actions import Action
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import ProtagonistsObservation, observation
from rulesengine.looper.rules.script import PublicSheet

__all__ = ["PublicRecord", "PublicSheet"]


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
    def from_game(cls, game: Game, options: Mapping[str, object] | None = None) -> PublicRecord:
        """The record of ``game`` as the Protagonists saw it: their observation, the public sheet and their
        own decisions (``history`` entries not the Mastermind's).

        ``options`` are the ruling options the game was played with when they are not the script's own
        (a decisions file's ``setup.options``: :func:`rulesengine.looper.play.replay.ruling_options`);
        the sheet carries them, so the deduction plays every candidate under the same rulings.
        """
        seen = observation(game, "protagonists")
        assert isinstance(seen, ProtagonistsObservation)
        sheet = PublicSheet.of(game.script)
        if options is not None:
            sheet = replace(sheet, options=tuple(sorted(options.items())))
        return cls.from_observation(seen, sheet, [(w, a) for w, a in game.history if w != "mastermind"])


def _revealed_culprits(record: PublicRecord) -> dict[int, str]:
    return {int(e["incident_day"]): e["culprit"] for e in record.events if e["kind"] == "culprit_revealed"}
