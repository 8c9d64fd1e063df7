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

__all__ = ["PublicRecord", "PublicSheet", "day_records"]


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


def day_records(
    game: Game, options: Mapping[str, object] | None = None
) -> list[tuple[int, int, PublicRecord]]:
    """The Protagonists' record at the end of each day of ``game`` (loop, day, record), and where the
    game stands last: ``game`` played again from its start with its own decisions (its script, content
    and ruling options), a record taken each time a new day starts (``options``: as
    :meth:`PublicRecord.from_game`)."""
    from rulesengine.looper.rules.engine import Game as _Game

    again = _Game(game.script, game.content, game.rulings)
    out: list[tuple[int, int, PublicRecord]] = []
    at = (again.loop, again.day)
    for _who, action in game.history:
        again.apply(action)
        now = (again.loop, again.day)
        if now != at:
            # (the record as the new day starts: the day before, whole)
            out.append((*at, PublicRecord.from_game(again, options)))
            at = now
    if not out or out[-1][2].events != PublicRecord.from_game(again, options).events:
        out.append((*at, PublicRecord.from_game(again, options)))
    return out
