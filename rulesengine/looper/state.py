"""Value types of the Tragedy Looper engine: phases, decisions, events, outcomes and character state.

>>> Phase.MASTERMIND_CARDS.rule_id
'TL-D2'
>>> CharacterState("nurse", "hospital").as_dict()["paranoia"]
0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from rulesengine.looper.actions import Action


class Side(StrEnum):
    """The two sides of the table. A ``StrEnum``: ``Side.MASTERMIND == "mastermind"``.

    >>> Side("protagonists") is Side.PROTAGONISTS
    True
    """

    MASTERMIND = "mastermind"
    PROTAGONISTS = "protagonists"

    @staticmethod
    def of(who: str) -> Side:
        """The side answering a decision of ``who`` (``"leader"`` and ``"protagonist:N"``: protagonists).

        >>> Side.of("protagonist:2"), Side.of("mastermind")
        (<Side.PROTAGONISTS: 'protagonists'>, <Side.MASTERMIND: 'mastermind'>)
        """
        return Side.MASTERMIND if who == "mastermind" else Side.PROTAGONISTS


class Phase(Enum):
    """The nine steps of the day (TL-D1..TL-D9) and the loop-level phases.

    The value of each member is its rule id.
    """

    LOOP_START = "TL-RW"
    DAY_START = "TL-D1"
    MASTERMIND_CARDS = "TL-D2"
    PROTAGONIST_CARDS = "TL-D3"
    CARD_RESOLUTION = "TL-D4"
    MASTERMIND_ABILITY = "TL-D5"
    GOODWILL_ABILITY = "TL-D6"
    INCIDENT = "TL-D7"
    LEADER_SWITCH = "TL-D8"
    DAY_END = "TL-D9"
    LOOP_END = "TL-LE1"
    TIME_SPIRAL = "TL-TS1"
    FINAL_GUESS = "TL-FG1"
    GAME_OVER = "TL-LE2"

    @property
    def rule_id(self) -> str:
        """The rule id of this phase."""
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision: who decides, what kind of choice, and the sorted legal options.

    ``who`` is ``"mastermind"``, ``"leader"`` or ``"protagonist:N"`` (N = 0, 1, 2).
    """

    who: str
    kind: str
    options: tuple[Action, ...]
    prompt: str
    rule_id: str


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the game log; ``visibility`` is ``"public"`` or ``"mastermind"``.

    ``data`` holds plain values (strings, numbers, lists, dicts).
    """

    loop: int
    day: int
    phase: str
    visibility: str
    kind: str
    data: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data."""
        return {
            "loop": self.loop,
            "day": self.day,
            "phase": self.phase,
            "visibility": self.visibility,
            "kind": self.kind,
            **dict(self.data),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the winner (``"protagonists"`` or ``"mastermind"``), why, and in which loop."""

    winner: str
    reason: str
    loop: int


@dataclass(frozen=True, slots=True)
class LoopResult:
    """How one loop ended (TL-LE1, TL-LE2): lost or not, the loss rules that held (Mastermind-only
    knowledge), whether the protagonists died, and the day it ended on."""

    loop: int
    day: int
    lost: bool
    reasons: tuple[str, ...]
    protagonists_died: bool


@dataclass(slots=True)
class CharacterState:
    """A character on (or off) the board: location (``None`` when not in play), tokens, life.

    Counters stay on a corpse (edge ruling §10); ``guards`` are the Police Officer's markers.
    """

    id: str
    location: str | None
    paranoia: int = 0
    goodwill: int = 0
    intrigue: int = 0
    guards: int = 0
    alive: bool = True

    def copy(self) -> CharacterState:
        """An independent copy."""
        return CharacterState(
            self.id, self.location, self.paranoia, self.goodwill, self.intrigue, self.guards, self.alive
        )

    def as_dict(self) -> dict[str, Any]:
        """Plain data for views and replays."""
        return {
            "id": self.id,
            "location": self.location,
            "paranoia": self.paranoia,
            "goodwill": self.goodwill,
            "intrigue": self.intrigue,
            "guards": self.guards,
            "alive": self.alive,
        }
