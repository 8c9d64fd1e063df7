"""Observations: what the protagonists and the Mastermind may see, as typed values and as plain data.

:func:`observation` gives one side's picture of a game: a :class:`ProtagonistsObservation` or a
:class:`MastermindObservation`. The protagonists' type has **no member** for hidden information: no
role that was not revealed, no culprit that was not revealed, no Mastermind card face down before
TL-D4, no Mastermind-only event (TL-D5a, TL-D7c), no loss reason, no private script fact, and of a
pending Mastermind decision only that the Mastermind is deciding (:class:`Waiting`). The
Mastermind's type adds the private part (:attr:`MastermindObservation.roles`, the culprits, the plots).

An observation is built at every decision of :func:`rulesengine.contract.drive` (~15,000 days a second),
from the public part of the state and its own side's private part only, and it holds **no reference to
the game** (nothing reachable from a protagonists' observation holds a hidden fact:
``tests/looper/test_observation_leaks.py``) — but for one: a Mastermind's observation given at one of
the Mastermind's own decisions keeps the game, to hand out a copy (:meth:`MastermindObservation.model`,
for a searching Mastermind). At those decisions the Mastermind knows every fact of the state: the
Protagonists' cards of the day are either not placed yet (TL-D2) or face up (TL-D4 on), and the game has
no chance. It copies the few scalars and the cards on the board and
shares the game's public containers (tokens, intrigue, spent cards, what was revealed, the public log), so
it costs well under a microsecond. It is a **view of the moment it was given** — like a ``dict`` view,
read it before the game moves on, or keep :meth:`~ProtagonistsObservation.as_dict`, a plain snapshot.
:func:`view` is that snapshot (plain dicts, lists, strings and numbers: the CLI's JSON and the
notebooks read it).

>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> game = Game(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"))
>>> obs = observation(game, "protagonists")
>>> obs
<ProtagonistsObservation loop 1 day 1 MASTERMIND_CARDS: Waiting(who='mastermind')>
>>> obs.pending, {obs.role_of(c) for c in obs.cast}
(Waiting(who='mastermind'), {None})
>>> hasattr(obs, "roles"), observation(game, "mastermind").roles["journalist"]
(False, 'conspiracy_theorist')
>>> v = view(game, "protagonists")
>>> v["pending"], {c["role"] for c in v["characters"]}
({'who': 'mastermind'}, {None})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rulesengine.errors import InputError
from rulesengine.looper.rules.actions import to_dict
from rulesengine.looper.rules.cards import PlacedCard, hand_left, side_of
from rulesengine.looper.rules.state import (
    CharacterState,
    Decision,
    Event,
    LoopResult,
    Outcome,
    Phase,
    PublicLoopResult,
    Side,
)

if TYPE_CHECKING:
    from rulesengine.looper.rules.content import Content
    from rulesengine.looper.rules.engine import Game
    from rulesengine.looper.rules.script import ScheduledIncident, Script

__all__ = [
    "VIEWERS",
    "MastermindObservation",
    "Observation",
    "ProtagonistsObservation",
    "PublicLoopResult",
    "SeenCard",
    "Waiting",
    "observation",
    "view",
]

VIEWERS: Final = (Side.PROTAGONISTS.value, Side.MASTERMIND.value)
_OWNERS: Final = ("mastermind", "protagonist:0", "protagonist:1", "protagonist:2")


@dataclass(frozen=True, slots=True)
class Waiting:
    """A decision of the other side: who is deciding, and nothing else (not the kind, not the options).

    >>> Waiting("mastermind").as_dict()
    {'who': 'mastermind'}
    """

    who: str

    def as_dict(self) -> dict[str, Any]:
        """Plain data: ``{"who": …}``."""
        return {"who": self.who}


_WAITING: Final = {who: Waiting(who) for who in (*_OWNERS, "leader")}


@dataclass(frozen=True, slots=True)
class SeenCard:
    """An action card on the board as one side sees it: ``card`` is ``None`` while it lies face down."""

    owner: str
    card: str | None
    target: str


def _pending_dict(pending: Decision | Waiting | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    if isinstance(pending, Waiting):
        return pending.as_dict()
    return {
        "who": pending.who,
        "kind": pending.kind,
        "prompt": pending.prompt,
        "rule_id": pending.rule_id,
        "options": [to_dict(a) for a in pending.options],
    }


_SHEETS: dict[int, tuple[Script, Mapping[str, object]]] = {}


def _public_sheet(script: Script, content: Content) -> Mapping[str, object]:
    """The script's public sheet, built once per script (shared, read-only)."""
    entry = _SHEETS.get(id(script))
    if entry is None or entry[0] is not script:
        if len(_SHEETS) > 256:  # only a cache
            _SHEETS.clear()
        entry = (script, MappingProxyType(script.public_sheet(content)))
        _SHEETS[id(script)] = entry
    return entry[1]


#: The cards as one side sees them, shared values: (owner, card or None, target) -> SeenCard.
_SEEN: dict[tuple[str, str | None, str], SeenCard] = {}


def _seen_cards(cards: list[PlacedCard], shown: bool, mastermind: bool) -> tuple[SeenCard, ...]:
    """The cards on the board as one side sees them: the other side's face down until TL-D4."""
    if not cards:
        return ()
    out = []
    for pc in cards:
        key = (pc.owner, pc.card if shown or (pc.owner == "mastermind") is mastermind else None, pc.target)
        seen = _SEEN.get(key)
        if seen is None:
            if len(_SEEN) > 4096:  # only a cache
                _SEEN.clear()
            seen = _SEEN[key] = SeenCard(*key)
        out.append(seen)
    return tuple(out)


class _Observation:
    """What both sides see alike; the two subclasses add what only one of them sees.

    An observation holds **no reference to the game**: it is made, at each decision, from the public part
    of the state and its own side's private part only — scalars copied (loop, day, phase, leader, the
    pending decision or :class:`Waiting`, the outcome), the cards as this side sees them, and the game's
    public containers shared, never copied: the characters' tokens, the locations' intrigue, the spent
    cards, what was revealed, the public log and the public loop results (the engine keeps the last two
    beside the full ones, so nothing Mastermind-only sits in a container an observation shares). So
    nothing reachable from a :class:`ProtagonistsObservation` holds a hidden role, culprit, plot or face
    (``tests/looper/test_observation_leaks.py`` walks every referent).
    """

    __slots__ = (
        "_cards",
        "_cast",
        "_chars",
        "_content",
        "_culprits_seen",
        "_day",
        "_hands_table",
        "_leader",
        "_locations",
        "_log",
        "_loop",
        "_loops",
        "_outcome",
        "_pending",
        "_phase",
        "_roles_seen",
        "_sheet",
        "_spent",
        "_subplots_seen",
    )

    side: ClassVar[Side]

    def __init__(self, game: Game) -> None:
        mm = self.side is Side.MASTERMIND
        self._loop = game.loop
        self._day = game.day
        self._phase = game.phase
        self._leader = game.leader
        pend = game._pending
        self._pending: Decision | Waiting | None = (
            _WAITING[pend.who] if pend is not None and (pend.who == "mastermind") is not mm else pend
        )
        self._outcome = game.outcome
        self._cards = _seen_cards(game.cards, game.cards_revealed, mm)
        self._cast = game.cast
        self._chars = game.chars
        self._locations = game.location_intrigue
        self._spent = game.spent
        self._roles_seen = game.revealed_roles
        self._culprits_seen = game.revealed_culprits
        self._subplots_seen = game.revealed_subplots
        self._content = game.content
        self._hands_table = game.deck.hands
        self._sheet = _public_sheet(game.script, game.content)
        self._log = game.log if mm else game.public_events()
        self._loops = game.loop_results if mm else game.public_loops

    def __repr__(self) -> str:
        """A one-line summary: side, loop, day, phase and the pending decision."""
        return (
            f"<{type(self).__name__} loop {self.loop} day {self.day} {self.phase.name}: {self.pending!r}>"
        )

    @property
    def loop(self) -> int:
        """The loop (1-based)."""
        return self._loop

    @property
    def day(self) -> int:
        """The day of the loop (1-based)."""
        return self._day

    @property
    def phase(self) -> Phase:
        """The phase the game rests in."""
        return self._phase

    @property
    def leader(self) -> int:
        """The leader's seat (0, 1, 2)."""
        return self._leader

    @property
    def pending(self) -> Decision | Waiting | None:
        """This side's pending :class:`~rulesengine.looper.rules.state.Decision`, :class:`Waiting` while the
        other side decides (who only), or ``None`` (paused or over)."""
        return self._pending

    # ---------------------------------------------------------------- public facts (both sides)

    @property
    def script(self) -> Mapping[str, object]:
        """The script's public sheet: title, set, loops, days, cast, incident names by day, special rules."""
        return self._sheet

    @property
    def content(self) -> Content:
        """The content tables (character cards, roles of the rule book, incidents): public knowledge."""
        return self._content

    @property
    def cast(self) -> tuple[str, ...]:
        """The cast, in the script's order."""
        return self._cast

    @property
    def characters(self) -> Mapping[str, CharacterState]:
        """Each cast member's location, tokens and life (read-only; no role in it)."""
        return MappingProxyType(self._chars)

    @property
    def locations(self) -> Mapping[str, int]:
        """Intrigue on each location."""
        return MappingProxyType(self._locations)

    @property
    def spent(self) -> Mapping[str, tuple[str, ...]]:
        """Once-per-loop cards spent this loop, by owner (they were played face up: TL-D4c)."""
        return {o: tuple(v) for o, v in self._spent.items()}

    @property
    def revealed_roles(self) -> Mapping[str, str]:
        """Roles revealed so far, by character."""
        return MappingProxyType(self._roles_seen)

    @property
    def revealed_culprits(self) -> Mapping[int, str]:
        """Culprits revealed so far, by incident day."""
        return MappingProxyType(self._culprits_seen)

    @property
    def revealed_subplots(self) -> tuple[str, ...]:
        """Subplots revealed so far (the Informer)."""
        return tuple(self._subplots_seen)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        return self._outcome

    @property
    def cards(self) -> tuple[SeenCard, ...]:
        """The cards on the board; the other side's lie face down (``card=None``) until TL-D4."""
        return self._cards

    @property
    def hands(self) -> Mapping[str, Mapping[str, int]]:
        """This side's hands now (cards not placed today and not spent this loop), by owner (TL-D4c)."""
        mm = self.side is Side.MASTERMIND
        out: dict[str, Mapping[str, int]] = {}
        for o in _OWNERS:
            if (o == "mastermind") is not mm:
                continue
            placed = [c.card for c in self._cards if c.owner == o and c.card is not None]
            out[o] = hand_left(self._hands_table[side_of(o)], self._spent[o], placed)
        return out

    def role_of(self, character: str) -> str | None:
        """The role this side knows ``character`` has (for the protagonists: only a revealed one)."""
        return self._roles_seen.get(character)

    @property
    def log(self) -> tuple[Event, ...]:
        """The events of the log this side may see, in order (the Mastermind's: the whole log)."""
        return tuple(self._log)

    @property
    def loops(self) -> tuple[PublicLoopResult | LoopResult, ...]:
        """How each finished loop ended (the Mastermind's: with the loss conditions that held)."""
        return tuple(self._loops)

    # ---------------------------------------------------------------- plain data

    def as_dict(self) -> dict[str, Any]:
        """A plain snapshot (dicts, lists, strings, numbers): the keys of :func:`view`."""
        characters = []
        for c in self._cast:
            d = self._chars[c].as_dict()
            d["role"] = self.role_of(c)
            characters.append(d)
        sheet = dict(self.script)
        sheet["cast"] = list(self._cast)
        sheet["incidents"] = dict(sheet["incidents"])  # type: ignore[call-overload]
        mm = self.side is Side.MASTERMIND
        outcome = self._outcome
        out: dict[str, Any] = {
            "viewer": self.side.value,
            "loop": self.loop,
            "day": self.day,
            "phase": self.phase.name,
            "leader": self.leader,
            "script": sheet,
            "characters": characters,
            "locations": dict(self._locations),
            "cards": [{"owner": c.owner, "target": c.target, "card": c.card} for c in self.cards],
            "hands": {o: dict(h) for o, h in self.hands.items()},
            "spent": {o: sorted(v) for o, v in self._spent.items()},
            "revealed_roles": dict(self._roles_seen),
            "revealed_culprits": {str(k): v for k, v in self._culprits_seen.items()},
            "revealed_subplots": list(self._subplots_seen),
            "log": [e.as_dict() for e in self._log],
            "loops": [
                {
                    "loop": r.loop,
                    "day": r.day,
                    "lost": r.lost,
                    "protagonists_died": r.protagonists_died,
                    **({"reasons": list(r.reasons)} if isinstance(r, LoopResult) and mm else {}),
                }
                for r in self._loops
            ],
            "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
            "pending": _pending_dict(self.pending),
        }
        return out

    def __eq__(self, other: object) -> bool:
        """Two observations are equal when their plain snapshots are (same side, same picture)."""
        if not isinstance(other, _Observation):
            return NotImplemented
        return type(self) is type(other) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]


class ProtagonistsObservation(_Observation):
    """The protagonists' picture: public facts only (the type has no member for hidden ones, and nothing
    it holds reaches one).

    ``pending`` is the protagonists' own :class:`~rulesengine.looper.rules.state.Decision`, or a
    :class:`Waiting` while the Mastermind decides, or ``None``.
    """

    __slots__ = ()
    side: ClassVar[Side] = Side.PROTAGONISTS


class MastermindObservation(_Observation):
    """The Mastermind's picture: everything public, its own cards and hands, plus the private sheet
    (the protagonists' cards stay face down until TL-D4)."""

    __slots__ = ("_game", "_private", "_roles")
    side: ClassVar[Side] = Side.MASTERMIND

    def __init__(self, game: Game) -> None:
        _Observation.__init__(self, game)
        self._roles = game.roles
        self._private = game.script
        pend = game._pending
        self._game: Game | None = game if pend is not None and pend.who == "mastermind" else None

    def model(self) -> Game:
        """A copy of the game to search on (``Game.clone``), at one of the Mastermind's decisions, where
        the Mastermind knows every fact of the state (the Protagonists' cards of the day are not placed
        yet or face up, TL-D2/TL-D4); read it before the game moves on, like the rest of the view.

        Raises
        ------
        InputError
            When the observation was not given at a Mastermind decision (while the Protagonists decide,
            their face-down cards are not the Mastermind's to see).
        """
        if self._game is None:
            raise InputError(
                "observation", "a model of the game is the Mastermind's at its own decisions only"
            )
        return self._game.clone()

    def role_of(self, character: str) -> str:
        """The character's current role (Paranoia Virus may have changed it)."""
        return self._roles[character]

    @property
    def roles(self) -> Mapping[str, str]:
        """Every cast member's current role."""
        return MappingProxyType(self._roles)

    @property
    def main_plot(self) -> str:
        """The main plot."""
        return self._private.main_plot

    @property
    def subplots(self) -> tuple[str, ...]:
        """The subplots."""
        return tuple(self._private.subplots)

    @property
    def incidents(self) -> tuple[ScheduledIncident, ...]:
        """The incident schedule with its culprits."""
        return self._private.incidents

    @property
    def culprits(self) -> Mapping[int, str]:
        """Each incident's culprit, by day."""
        return {i.day: i.culprit for i in self._private.incidents}

    def as_dict(self) -> dict[str, Any]:
        """A plain snapshot: the public keys plus ``"private"`` (plots, roles, culprits)."""
        out = _Observation.as_dict(self)
        out["private"] = {
            "main_plot": self.main_plot,
            "subplots": list(self.subplots),
            "roles": dict(self._roles),
            "culprits": {str(day): c for day, c in self.culprits.items()},
        }
        return out


Observation = ProtagonistsObservation | MastermindObservation


def observation(game: Game, viewer: str) -> ProtagonistsObservation | MastermindObservation:
    """One side's picture of ``game`` now (``viewer``: a :class:`Side` or its value).

    Raises
    ------
    InputError
        For a viewer other than ``"protagonists"`` or ``"mastermind"``.
    """
    if viewer == "mastermind":
        return MastermindObservation(game)
    if viewer == "protagonists":
        return ProtagonistsObservation(game)
    raise InputError("viewer", f"expected protagonists or mastermind, got {viewer!r}")


def view(game: Game, viewer: str) -> dict[str, Any]:
    """The picture of the game one side may see, as plain data: ``observation(game, viewer).as_dict()``.

    Raises
    ------
    InputError
        For a viewer other than ``"protagonists"`` or ``"mastermind"``.
    """
    return observation(game, viewer).as_dict()

