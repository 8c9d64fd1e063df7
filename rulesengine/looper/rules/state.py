"""The Tragedy Looper state: value types, the Enums, one mutable state record and the verbs that change it.

* Value types: :class:`Phase`, :class:`Decision`, :class:`Event`, :class:`Outcome`, :class:`LoopResult`,
  :class:`CharacterState`.
* Enums (``StrEnum``, so ``DecisionKind.GOODWILL == "goodwill"``): :class:`Side`, :class:`Visibility`,
  :class:`DecisionKind`, :class:`EventKind`.
* :class:`LoopState`: every piece of mutable game state in one slotted dataclass. Its copy
  (:meth:`LoopState.copy_state_into`) is driven by the fields and their types, so a new field is copied
  without anyone remembering to.
* :class:`Table`: a :class:`LoopState` with the fixed context of a game (script, content, rulings) and
  the small set of **verbs** — :meth:`~Table.emit`, :meth:`~Table.add_token`, :meth:`~Table.kill`,
  :meth:`~Table.move`, :meth:`~Table.reveal_role`… — through which
  :mod:`~rulesengine.looper.rules.abilities` and :mod:`~rulesengine.looper.rules.incidents` change the
  state. The engine's ``Game`` is a ``Table`` with the phases of the day.

>>> Phase.MASTERMIND_CARDS.rule_id
'TL-D2'
>>> CharacterState("nurse", "hospital").as_dict()["paranoia"]
0
>>> EventKind.DEATH == "death", DecisionKind("place_card") is DecisionKind.PLACE_CARD
(True, True)
"""

from __future__ import annotations

import copy
import itertools
import types
from collections import Counter
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum, StrEnum
from typing import Any, Final, NamedTuple, Union, get_args, get_origin, get_type_hints

from rulesengine.looper.rules.actions import Action, UseAbility
from rulesengine.looper.rules.board import Board, per_content
from rulesengine.looper.rules.cards import Deck, PlacedCard, hand_left, side_of
from rulesengine.looper.rules.content import Content, GoodwillAbility, TragedySet
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.script import Script, role_range
from rulesengine.looper.rules.seams import EventSink, HiddenFacts


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


class Visibility(StrEnum):
    """Who may see an event: everyone, or the Mastermind only (TL-D5a, TL-D7c)."""

    PUBLIC = "public"
    MASTERMIND = "mastermind"


class DecisionKind(StrEnum):
    """The kinds of decision the engine asks for (``Decision.kind``), with the rule that asks."""

    HENCHMAN_START = "henchman_start"  # TL-RW: where the Henchman starts
    PLACE_CARD = "place_card"  # TL-D2, TL-D3
    CULTIST = "cultist"  # TL-D4: ignore Forbid Intrigue?
    MASTERMIND_ABILITY = "mastermind_ability"  # TL-D5
    GOODWILL = "goodwill"  # TL-D6: the leader declares
    GOODWILL_RESPONSE = "goodwill_response"  # TL-D6c: allow or refuse
    INFORMER = "informer"  # TL-D6: the Mastermind reveals a subplot
    INCIDENT_TARGET = "incident_target"  # TL-D7d
    DAY_END_ABILITY = "day_end_ability"  # TL-D9
    TIME_SPIRAL = "time_spiral"  # TL-TS2
    GUESS = "guess"  # TL-FG3
    SCIENTIST_COUNTER = "scientist_counter"  # loop start: the counter the Mastermind puts on the Scientist


class EventKind(StrEnum):
    """The kinds of log entry (``Event.kind``). Mastermind-only kinds are marked in the comments."""

    LOOP_START = "loop_start"
    HENCHMAN_START = "henchman_start"
    DAY_START = "day_start"
    CARD_PLACED = "card_placed"
    CARD_PLACED_KIND = "card_placed_kind"  # Mastermind only
    CARDS_REVEALED = "cards_revealed"
    MOVED = "moved"
    MOVE_IGNORED = "move_ignored"  # TL-D4: the net destination is forbidden to the character
    CARDS_RESOLVED = "cards_resolved"
    PARANOIA = "paranoia"
    GOODWILL = "goodwill"
    INTRIGUE = "intrigue"
    ABILITY = "ability"  # Mastermind only
    GOODWILL_DECLARED = "goodwill_declared"
    GOODWILL_REFUSED = "goodwill_refused"
    REFUSAL = "refusal"  # Mastermind only
    GOODWILL_RESOLVED = "goodwill_resolved"
    ROLE_REVEALED = "role_revealed"
    CULPRIT_REVEALED = "culprit_revealed"
    SUBPLOT_REVEALED = "subplot_revealed"
    CARD_RETURNED = "card_returned"
    REVIVED = "revived"
    GUARD = "guard"
    GUARD_REMOVED = "guard_removed"
    PATIENT_FREE = "patient_free"
    HENCHMAN_SUPPRESSED = "henchman_suppressed"
    ROLE_CHANGED = "role_changed"  # Mastermind only
    INCIDENT_HAPPENED = "incident_happened"
    INCIDENT_NOT_HAPPENED = "incident_not_happened"
    INCIDENT_CULPRIT = "incident_culprit"  # Mastermind only
    INCIDENT_CHECK = "incident_check"  # Mastermind only
    INCIDENT_CHOICE = "incident_choice"  # Mastermind only
    INCIDENT_NO_EFFECT = "incident_no_effect"
    DEATH = "death"
    DEATH_CAUSE = "death_cause"  # Mastermind only
    DEATH_PREVENTED = "death_prevented"  # public without a reason; Mastermind with the reason
    LOSS_CONDITION = "loss_condition"  # Mastermind only
    PROTAGONISTS_DIED = "protagonists_died"
    LEADER = "leader"
    LOOP_END = "loop_end"
    LOOP_END_REASONS = "loop_end_reasons"  # Mastermind only
    TIME_SPIRAL = "time_spiral"
    REWIND = "rewind"
    FINAL_GUESS = "final_guess"
    GUESS = "guess"
    GAME_OVER = "game_over"
    # the wider cast (issue 24)
    CHARACTER_ENTERED = "character_entered"  # transfer_student.p1: she enters on the script's day
    CHARACTER_REMOVED = "character_removed"  # illusion.2: off the board for the rest of the loop
    FORBIDDEN_LIFTED = "forbidden_lifted"  # young_girl.1
    PROTECTED = "protected"  # soldier.2: the protagonists cannot die for the rest of the loop
    LOSS_PREVENTED = "loss_prevented"  # Mastermind only: soldier.2 prevented a loss
    SAME_ROLE = "same_role"  # copycat.1: the characters whose role is the Copycat's
    EFFECT_BORROWED = "effect_borrowed"  # ai.1: an incident's effect with the A.I. as culprit


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

    # Members are compared by identity, so hash them by identity too (in C: the engine looks phases up
    # in dicts several times per decision).
    __hash__ = object.__hash__

    @property
    def rule_id(self) -> str:
        """The rule id of this phase."""
        return str(self.value)


#: The name of each phase as the log writes it (``Event.phase``).
PHASE_NAMES: Final = {p: p.name.lower() for p in Phase}


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision: who decides, what kind of choice, and the sorted legal options.

    ``who`` is ``"mastermind"``, ``"leader"`` or ``"protagonist:N"`` (N = 0, 1, 2). ``option_set``,
    when given, contains exactly the same actions as ``options``: a fast legality check of long lists.
    """

    who: str
    kind: DecisionKind
    options: tuple[Action, ...]
    prompt: str
    rule_id: str
    option_set: Container[Action] | None = field(default=None, repr=False, compare=False)


class Event(NamedTuple):
    """One entry of the game log; ``visibility`` is ``"public"`` or ``"mastermind"``.

    ``loop`` and ``day`` are when the event happened; ``data`` holds plain values (strings, numbers,
    lists, dicts) under keys other than the five header names, so :meth:`as_dict` never overwrites them.
    An immutable named tuple: a game writes a few dozen a day, and a tuple is the cheapest record to build.
    """

    loop: int
    day: int
    phase: str
    visibility: Visibility
    kind: EventKind
    data: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data.

        >>> kind = EventKind.CULPRIT_REVEALED
        >>> e = Event(1, 2, "goodwill_ability", Visibility.PUBLIC, kind, {"incident_day": 1})
        >>> e.as_dict()["day"], e.as_dict()["incident_day"], e.as_dict()["kind"]
        (2, 1, 'culprit_revealed')
        """
        return {
            "loop": self.loop,
            "day": self.day,
            "phase": self.phase,
            "visibility": str(self.visibility),
            "kind": str(self.kind),
            **dict(self.data),
        }


#: The header keys of :meth:`Event.as_dict`; no event's ``data`` uses them.
EVENT_HEADER: Final = ("loop", "day", "phase", "visibility", "kind")

_tuple_new = tuple.__new__


def make_event(
    loop: int, day: int, phase: str, visibility: Visibility, kind: EventKind, data: Mapping[str, Any]
) -> Event:
    """``Event(loop, day, phase, visibility, kind, data)``, built without the named tuple's ``__new__``.

    >>> make_event(1, 1, "incident", Visibility.PUBLIC, EventKind.DEATH, {"character": "nurse"}) == Event(
    ...     1, 1, "incident", Visibility.PUBLIC, EventKind.DEATH, {"character": "nurse"})
    True
    """
    return _tuple_new(Event, (loop, day, phase, visibility, kind, data))


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


@dataclass(frozen=True, slots=True)
class PublicLoopResult:
    """How a loop ended, as the protagonists know it: lost or not, and whether they died (no reasons)."""

    loop: int
    day: int
    lost: bool
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

    def __repr__(self) -> str:  # (the dataclass's text, written out: the deduction compares states as text)
        return (
            f"CharacterState(id={self.id!r}, location={self.location!r}, paranoia={self.paranoia!r}, "
            f"goodwill={self.goodwill!r}, intrigue={self.intrigue!r}, guards={self.guards!r}, "
            f"alive={self.alive!r})"
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


#: A happened incident: ``{"day", "incident", "culprit", "loop"}``.
IncidentRecord = dict[str, int | str]


# ------------------------------------------------------------------------------------------ the record


@dataclass(slots=True, eq=False)
class LoopState:
    """Every piece of mutable state of one game of Tragedy Looper, in one record.

    Per-loop fields are reset at the rewind (TL-RW); the log, history and results run over the game.
    A new field needs a type the generic copy knows (:func:`copier_for`): plain values, frozen
    dataclasses, Enums, and ``dict``/``list``/``set``/``tuple`` of them, or ``CharacterState``.
    """

    # where the game stands
    phase: Phase = Phase.LOOP_START
    loop: int = 1
    day: int = 1
    leader: int = 0
    step: int = 0  # the sub-step of the current phase (0 = just entered)
    _pending: Decision | None = None
    # the board
    chars: dict[str, CharacterState] = field(default_factory=dict)
    location_intrigue: dict[str, int] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)  # current roles (Paranoia Virus may change them)
    cards: list[PlacedCard] = field(default_factory=list)  # today's cards, in the order placed
    cards_revealed: bool = False
    spent: dict[str, list[str]] = field(default_factory=dict)  # once-per-loop cards spent (TL-D4c)
    start_locations: dict[str, str] = field(default_factory=dict)
    # what the protagonists learned
    revealed_roles: dict[str, str] = field(default_factory=dict)
    revealed_culprits: dict[int, str] = field(default_factory=dict)
    revealed_subplots: list[str] = field(default_factory=list)
    # incidents and abilities
    happened: list[IncidentRecord] = field(default_factory=list)  # this loop
    happened_ever: list[IncidentRecord] = field(default_factory=list)
    used_today: set[str] = field(default_factory=set)  # goodwill abilities (TL-D6e)
    used_loop: set[str] = field(default_factory=set)
    mm_used: set[tuple[str, str]] = field(default_factory=set)  # (ability, source) in the current step
    mm_used_loop: set[str] = field(default_factory=set)
    doctor_mm_today: bool = False
    suppressed: set[str] = field(default_factory=set)  # culprits whose incidents do not occur (Henchman)
    patient_free: bool = False
    unforbidden: set[str] = field(default_factory=set)  # freed of forbidden locations (young_girl.1)
    protected: bool = False  # soldier.2 this loop
    borrowed: str | None = None  # ai.1: the incident whose effect waits for the Mastermind's choice
    virus_converted: set[str] = field(default_factory=set)
    goodwill_at_loop_end: set[str] = field(default_factory=set)
    declared: UseAbility | None = None
    informer_named: str | None = None
    cultist_ignore: list[str] = field(default_factory=list)
    move_cancelled: list[int] = field(default_factory=list)
    # the loop's end
    lost: bool = False
    protagonists_dead: bool = False
    end_now: bool = False
    guessed: dict[str, str] = field(default_factory=dict)
    outcome: Outcome | None = None
    loop_results: list[LoopResult] = field(default_factory=list)
    public_loops: list[PublicLoopResult] = field(default_factory=list)  # the same, without the reasons
    # the record of the game
    log: list[Event] = field(default_factory=list)
    public_log: list[Event] = field(default_factory=list)  # its public events, up to public_upto
    public_upto: int = 0  # (brought up to date when an observation asks: Table.public_events)
    #: the board at each rewind, only when recording: snapshots, never changed (shared by clones)
    reset_boards: list[Mapping[str, Any]] = field(default_factory=list)
    decisions_made: int = 0
    history: list[tuple[str, Action]] = field(default_factory=list)

    def copy_state_into(self, other: LoopState) -> None:
        """Copy every field of this record into ``other``, containers copied so that the two never share
        a mutable object (driven by the fields and their types: see :data:`STATE_COPIERS`)."""
        _COPY_STATE(self, other)

    def state(self) -> LoopState:
        """A standalone copy of the record alone (no script or content), e.g. to compare two games.

        >>> LoopState().state() == LoopState()
        False
        >>> state_values(LoopState().state()) == state_values(LoopState())
        True
        """
        out = LoopState()
        LoopState.copy_state_into(self, out)
        return out


Copier = Callable[[Any], Any] | None


def copy_plain(value: Any) -> Any:
    """A copy of plain data (dicts, lists and sets of plain values) sharing no container.

    >>> board = {"characters": [{"id": "nurse", "paranoia": 0}], "locations": {"city": 1}}
    >>> copy_plain(board) == board and copy_plain(board)["characters"][0] is not board["characters"][0]
    True
    """
    kind = type(value)
    if kind is dict:  # scalars are copied in place, not by a call (a clone copies the reset boards)
        return {k: v if type(v) in _ATOMS else copy_plain(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else copy_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_plain(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return copy.deepcopy(value) if not isinstance(value, _SCALARS) else value


#: Immutable plain types copy_plain shares without looking further.
_ATOMS: Final = frozenset({int, float, str, bool, type(None)})
_SCALARS: Final = (int, float, str, bytes, bool, type(None), frozenset, Enum)


def copier_for(tp: Any) -> Copier:
    """How to copy a value of type ``tp`` so the copy shares nothing mutable: ``None`` for an immutable
    type (share it), else a function.

    >>> copier_for(int) is None, copier_for(tuple[str, int]) is None
    (True, True)
    >>> copier_for(dict[str, list[int]])({"a": [1]})
    {'a': [1]}

    Raises
    ------
    TypeError
        For a type with no copy rule (a field of that type must get one here first).
    """
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any:
        return copy_plain
    if origin is Union or origin is types.UnionType:
        subs = [copier_for(a) for a in args if a is not type(None)]
        mutable = [c for c in subs if c is not None]
        if not mutable:
            return None
        if len(mutable) == 1 and len(subs) == 1:
            inner = mutable[0]
            return lambda v: None if v is None else inner(v)
        raise TypeError(f"no copy rule for the union {tp}")
    if origin is Mapping:  # read-only by its type (a snapshot, such as a reset board): shared
        return None
    if origin is dict:
        vc = copier_for(args[1])
        if copier_for(args[0]) is not None:
            raise TypeError(f"mutable dict keys in {tp}")
        return dict.copy if vc is None else (lambda d: {k: vc(v) for k, v in d.items()})
    if origin is list:
        ec = copier_for(args[0])
        return list.copy if ec is None else (lambda seq: [ec(v) for v in seq])
    if origin is set:
        if copier_for(args[0]) is not None:
            raise TypeError(f"mutable set elements in {tp}")
        return set.copy
    if origin is tuple or origin is frozenset:
        if any(copier_for(a) is not None for a in args if a is not Ellipsis):
            raise TypeError(f"mutable elements in {tp}")
        return None
    if isinstance(tp, type):
        if issubclass(tp, _SCALARS):
            return None
        if is_dataclass(tp) and tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return None
        if tp is Event:  # an immutable record (its data are never changed after it is written)
            return None
        if tp is CharacterState:
            return CharacterState.copy
    raise TypeError(f"no copy rule for {tp!r}")


_HINTS: Final = get_type_hints(LoopState)

#: ``(field name, copier)`` for every field of :class:`LoopState`, the copier ``None`` for shared values.
STATE_COPIERS: Final[tuple[tuple[str, Copier], ...]] = tuple(
    (f.name, copier_for(_HINTS[f.name])) for f in fields(LoopState)
)

#: The names of the state record's fields.
STATE_FIELDS: Final = tuple(name for name, _ in STATE_COPIERS)


def compile_copy(shared: Iterable[str] = ()) -> Callable[[Any, Any], None]:
    """A function ``copy(a, b)`` that sets every field of the record on ``b`` from ``a`` (copied by
    :data:`STATE_COPIERS`) and the ``shared`` slots as they are: the loop over the fields unrolled into
    straight code once (a clone, and every new game, runs it).

    >>> a, b = LoopState(), LoopState()
    >>> a.chars["nurse"] = CharacterState("nurse", "hospital")
    >>> compile_copy()(a, b)
    >>> b.chars == a.chars and b.chars["nurse"] is not a.chars["nurse"]
    True
    """
    lines = ["def copy(a, b):"]
    names: dict[str, Any] = {}
    for name in shared:
        lines.append(f"    b.{name} = a.{name}")
    for i, (name, copier) in enumerate(STATE_COPIERS):
        if copier is None:
            lines.append(f"    b.{name} = a.{name}")
        elif copier in (dict.copy, list.copy, set.copy):
            lines.append(f"    b.{name} = a.{name}.copy()")
        else:
            names[f"copier{i}"] = copier
            lines.append(f"    b.{name} = copier{i}(a.{name})")
    exec("\n".join(lines), names)  # code built from the record's own field names only
    copy_fn: Callable[[Any, Any], None] = names["copy"]
    return copy_fn


_COPY_STATE: Final = compile_copy()


def state_values(state: LoopState) -> dict[str, Any]:
    """The record's fields as a dict (for comparing two states).

    >>> sorted(state_values(LoopState()))[:3]
    ['_pending', 'borrowed', 'cards']
    """
    return {name: getattr(state, name) for name in STATE_FIELDS}


# ------------------------------------------------------------------------------------------ the verbs

PROTAGONISTS: Final = ("protagonist:0", "protagonist:1", "protagonist:2")
OWNERS: Final = ("mastermind", *PROTAGONISTS)
_PUBLIC: Final = Visibility.PUBLIC
_MASTERMIND: Final = Visibility.MASTERMIND
#: Event kinds by their string (the counters' names are event kinds too).
_KINDS: Final[dict[str, EventKind]] = {str(k): k for k in EventKind}


class Table(LoopState):
    """A game's state record with its fixed context, the queries the rules ask and the verbs that change it.

    The context (``script``, ``content``, ``rulings`` and the tables built from them) never changes
    during a game and is shared by clones. The verbs apply the rules that hold at all times (guards and
    immortality on a death, the Key Person's and the Lovers' triggers, Paranoia Virus, counters never
    below zero) and write the log. With ``record=False`` the log stays empty: nothing is built for
    events no one will read (fast simulation); the rules do not read the log.
    """

    __slots__ = (
        "_char_defs",
        "_facts",
        "_forbidden",
        "_goodwill_table",
        "_one_holder",
        "_placement_cache",
        "_plots",
        "_script_roles",
        "_sink",
        "_starts",
        "_wider",
        "cast",
        "content",
        "deck",
        "layout",
        "locations",
        "pause_between_phases",
        "record",
        "rulings",
        "script",
        "tragedy_set",
    )

    script: Script
    content: Content
    rulings: Rulings
    record: bool
    _plots: Container[str]  # the main plot and the subplots, as the rules ask them (``plot in _plots``)

    def _init_context(
        self,
        script: Script,
        content: Content,
        rulings: Rulings,
        record: bool,
        pause_between_phases: bool,
        facts: HiddenFacts | None = None,
        sink: EventSink | None = None,
    ) -> None:
        """Set the fixed context (the state record's fields keep their defaults).

        ``facts`` is the provider of the hidden facts (:mod:`~rulesengine.looper.rules.seams`; ``None``:
        the script's own sheet), ``sink`` the event sink (``None``: the log alone)."""
        self.script = script if facts is None else facts.script
        self._facts = facts
        self._sink = sink
        self.content = content
        self.rulings = rulings
        self.record = record
        self.pause_between_phases = pause_between_phases
        self.tragedy_set = content.sets[script.set_id]
        self.cast: tuple[str, ...] = tuple(script.cast)
        #: whether the cast has a character of the wider cast (issue 24): their rules are looked at only then
        self._wider = bool(set(self.cast).intersection(self.tragedy_set.wider_cast))
        tables = per_content(content, "tables", _ContentTables)
        self.layout = tables.layout
        self.deck = tables.deck
        self.locations: tuple[str, ...] = tables.layout.locations
        self._char_defs = content.characters
        self._goodwill_table = tables.goodwill
        self._forbidden = tables.forbidden
        self._placement_cache: Any = None  # the engine's caches of placement options
        # (_one_holder: the roles no two characters hold at once, whose abilities' uses TL-D5d notes by the
        # role: the script's own count when its sheet is known, and with hidden facts what no script of
        # the public sheet can break, read off it alone: see one_holder_roles)
        if facts is None:
            self._plots, self._script_roles, self._starts, self._one_holder = _script_tables(script, content)
        else:  # the public frame gives the start locations; the provider, the private sheet
            self._starts = tuple(
                (c, None if (s := content.characters[c].start) is None else str(s)) for c in script.cast
            )
            self._plots, self._script_roles = facts.plots, dict(facts.roles)
            copies = any("copies_role" in content.characters[c].traits for c in self.cast)  # (the Copycat)
            self._one_holder = one_holder_roles(content, self.tragedy_set, copies)

    # ----------------------------------------------------------------------------------- queries

    def living(self) -> list[str]:
        """Cast characters alive and on the board, in cast order."""
        chars = self.chars
        return [c for c in self.cast if chars[c].alive and chars[c].location is not None]

    def active(self, cid: str) -> bool:
        """Whether a character is alive and on the board."""
        ch = self.chars[cid]
        return ch.alive and ch.location is not None

    def places(self, cid: str) -> frozenset[str]:
        """The locations a character counts as being in (the Boss also counts as in its turf)."""
        loc = self.chars[cid].location
        if loc is None:
            return frozenset()
        if cid == "boss" and self.script.boss_turf is not None:
            return frozenset({loc, str(self.script.boss_turf)})
        return frozenset({loc})

    def same_place(self, a: str, b: str) -> bool:
        """Whether two characters share a location (the Boss also counts as in its turf)."""
        la, lb = self.chars[a].location, self.chars[b].location
        if la is None or lb is None:
            return False
        if la == lb:
            return True
        turf = self.script.boss_turf
        return turf is not None and ((a == "boss" and turf == lb) or (b == "boss" and turf == la))

    def at(self, location: str) -> list[str]:
        """Living characters in ``location`` (the Boss also in its turf)."""
        turf = self.script.boss_turf
        return [
            c
            for c in self.living()
            if self.chars[c].location == location or (c == "boss" and turf is not None and turf == location)
        ]

    def others_here(self, cid: str) -> list[str]:
        """Living characters other than ``cid`` sharing its location, in cast order."""
        return [c for c in self.here(cid) if c != cid]

    def here(self, cid: str) -> list[str]:
        """Living characters sharing ``cid``'s location (``cid`` included when alive), in cast order.

        The Boss also counts as being in its turf (:meth:`same_place`).
        """
        loc = self.chars[cid].location
        if loc is None:
            return []
        turf = self.script.boss_turf
        items = self.chars.items()
        if turf is None:
            return [c for c, ch in items if ch.location == loc and ch.alive]
        if cid == "boss":
            return [c for c, ch in items if (ch.location == loc or ch.location == turf) and ch.alive]
        return [
            c
            for c, ch in items
            if ch.alive and ch.location is not None and (ch.location == loc or (c == "boss" and turf == loc))
        ]

    def role(self, cid: str) -> str:
        """The current role of a character (Paranoia Virus may have changed it)."""
        return self.roles[cid]

    def with_role(self, role: str) -> list[str]:
        """Cast characters whose current role is ``role``."""
        roles = self.roles
        return [c for c in self.cast if roles[c] == role]

    def has_plot(self, plot: str) -> bool:
        """Whether the script uses ``plot`` as its main plot or a subplot."""
        return plot in self._plots

    def refusal(self, cid: str) -> str:
        """The goodwill refusal of a character's current role (``none``/``optional``/``mandatory``)."""
        return str(self.role_trait(cid, "refusal"))

    def role_trait(self, cid: str, trait: str) -> object:
        """A field of the character's current role's definition (``refusal``, ``immortal``…), asked of
        the provider of hidden facts when the game has one (it may answer without choosing the role)."""
        facts = self._facts
        if facts is None:
            return getattr(self.content.roles[self.roles[cid]], trait)
        return facts.role_trait(self.content, self.roles[cid], trait)

    def paranoia_limit(self, cid: str) -> int:
        """The character's paranoia limit."""
        return self._char_defs[cid].paranoia_limit

    def forbidden(self, cid: str) -> frozenset[str]:
        """Locations the character may not enter (the Doctor's second ability frees the Patient, the
        Young Girl's first frees her)."""
        if (cid == "patient" and self.patient_free) or cid in self.unforbidden:
            return frozenset()
        return self._forbidden[cid]

    def counts_for_incident(self, cid: str) -> int:
        """The count compared with a culprit's paranoia limit (TL-D7b): its paranoia, or every counter on
        it for the A.I. (ai.p1)."""
        ch = self.chars[cid]
        if cid == "ai":
            return ch.paranoia + ch.goodwill + ch.intrigue
        return ch.paranoia

    def has_key_person_ability(self, cid: str) -> bool:
        """Key Person, or the Factor while the City has 2 or more intrigue (factor.2)."""
        role = self.roles[cid]
        return role == "key_person" or (self.location_intrigue.get("city", 0) >= 2 and role == "factor")

    def last_day(self) -> bool:
        """Whether today is the last day of the loop."""
        return self.day >= self.script.days

    def goodwill_def(self, ability_id: str) -> GoodwillAbility:
        """The goodwill ability with this id (from the game's content)."""
        return self._goodwill_table[ability_id]

    def hand(self, owner: str) -> dict[str, int]:
        """Cards in an owner's hand now: copies not placed today and not spent this loop (TL-D4c).

        >>> from rulesengine.looper.rules.engine import Game
        >>> from rulesengine.looper.rules.actions import PlaceCard
        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
        >>> game.apply(PlaceCard("paranoia_plus_1", "boy_student"))
        >>> game.hand("mastermind")["paranoia_plus_1"], sum(game.hand("protagonist:0").values())
        (1, 8)
        """
        placed = [pc.card for pc in self.cards if pc.owner == owner]
        return hand_left(self.deck.hands[side_of(owner)], self.spent[owner], placed)

    def board(self) -> dict[str, Any]:
        """The board as plain data: characters with their tokens, and location intrigue."""
        return {
            "characters": [self.chars[c].as_dict() for c in self.cast],
            "locations": dict(self.location_intrigue),
        }

    # ----------------------------------------------------------------------------------- verbs

    def emit(self, kind: EventKind, visibility: Visibility = _PUBLIC, **data: Any) -> None:
        """Append an event of ``kind`` to the log, at the current loop, day and phase, and hand it to the
        event sink if the game has one (nothing at all with ``record=False``)."""
        if self.record:  # make_event, inlined: a few dozen events a day
            event = _tuple_new(Event, (self.loop, self.day, PHASE_NAMES[self.phase], visibility, kind, data))
            self.log.append(event)
            if self._sink is not None:
                self._sink(event)

    def holders(self, role: str, cids: Sequence[str]) -> list[str]:
        """The characters among ``cids`` (in their order) whose current role is ``role``: read one by one
        without a provider of hidden facts, else asked of it at once
        (:meth:`~rulesengine.looper.rules.seams.HiddenFacts.holders`)."""
        facts = self._facts
        roles = self.roles
        if facts is None:
            return [c for c in cids if roles[c] == role]
        return facts.holders(roles, role, cids)

    def worth_asking(self, ability: str, sources: Sequence[str]) -> Sequence[str]:
        """The sources among ``sources`` whose role to read for the optional Mastermind ability ``ability``
        (the provider of hidden facts decides, in one call for all of them:
        :meth:`~rulesengine.looper.rules.seams.HiddenFacts.worth_asking`; all of them without one)."""
        facts = self._facts
        return sources if facts is None else facts.worth_asking(self, ability, sources)

    def public_events(self) -> list[Event]:
        """The log's public events, the list an observation shares (it never holds a Mastermind-only
        event). Kept up to date here, when asked, rather than at every event: a game no one observes pays
        nothing for it."""
        log, upto = self.log, self.public_upto
        if upto < len(log):
            self.public_log.extend(e for e in itertools.islice(log, upto, None) if e.visibility == _PUBLIC)
            self.public_upto = len(log)
        return self.public_log

    def add_token(self, target: str, counter: str, amount: int, *, announce: bool = False) -> int:
        """Add (or with a negative amount remove) tokens on a character or location; never below 0.

        ``counter`` is ``paranoia``, ``goodwill``, ``intrigue`` or ``guards``; locations carry intrigue
        only. Returns the change made. With ``announce`` the public log gets the result (not its
        source: TL-D5a). A Person reaching 3 paranoia under Paranoia Virus becomes a Serial Killer.
        """
        li = self.location_intrigue
        if target in li:
            if counter != "intrigue":
                return 0
            before = li[target]
            li[target] = after = max(0, before + amount)
        else:
            ch = self.chars[target]
            before = getattr(ch, counter)
            after = max(0, before + amount)
            setattr(ch, counter, after)
            if counter == "paranoia":
                self.update_virus()
        if announce:
            self.emit(_KINDS[counter], target=target, amount=after - before)
        return after - before

    def add(self, target: str, counter: str, amount: int) -> None:
        """:meth:`add_token` without announcing (the older name)."""
        self.add_token(target, counter, amount)

    def update_virus(self) -> None:
        """Paranoia Virus (BTX): a Person with 3 or more paranoia becomes a Serial Killer."""
        converted = self.virus_converted  # (the public counts first: the plots read only when they matter)
        if not converted and all(ch.paranoia < 3 for ch in self.chars.values()):
            return
        if "paranoia_virus" not in self._plots:
            return
        for c in self.cast:
            ch = self.chars[c]
            if ch.paranoia >= 3 and self.roles[c] == "person":  # (the public count first: fewer hidden reads)
                self.virus_converted.add(c)
                self._change_role(c, "serial_killer")
            elif (
                not self.rulings.paranoia_virus_sticky
                and c in self.virus_converted
                and ch.paranoia < 3
                and self.roles[c] == "serial_killer"
            ):
                self.virus_converted.discard(c)
                self._change_role(c, "person")

    def _change_role(self, cid: str, role: str) -> None:
        """Paranoia Virus changes a character's role (a Mastermind-only event)."""
        self.roles[cid] = role
        self.emit(EventKind.ROLE_CHANGED, _MASTERMIND, character=cid, role=role, rule="paranoia_virus.1")

    def move(self, cid: str, location: str) -> None:
        """Put a character in ``location`` and announce it."""
        self.chars[cid].location = location
        self.emit(EventKind.MOVED, character=cid, location=location)

    def kill_all(self, victims: Iterable[str], cause: str) -> None:
        """Kill several characters in one batch: every death happens, then the triggers resolve.

        Edge ruling §10: mandatory effects of one batch all finish even if their source dies.
        """
        died = [v for v in dict.fromkeys(victims) if self._die(v, cause)]
        for v in died:
            self._after_death(v)

    def kill(self, cid: str, cause: str) -> None:
        """Kill one character (guards and immortality apply)."""
        self.kill_all([cid], cause)

    def _die(self, cid: str, cause: str) -> bool:
        ch = self.chars[cid]
        if not ch.alive or ch.location is None:
            return False
        if self.role_trait(cid, "immortal"):
            self.emit(
                EventKind.DEATH_PREVENTED,
                Visibility.MASTERMIND,
                character=cid,
                reason="immortal",
                cause=cause,
            )
            self.emit(EventKind.DEATH_PREVENTED, character=cid)
            return False
        if ch.guards > 0:
            ch.guards -= 1
            self.emit(EventKind.GUARD_REMOVED, character=cid, guards=ch.guards)
            return False
        ch.alive = False
        self.emit(EventKind.DEATH, character=cid)
        self.emit(EventKind.DEATH_CAUSE, Visibility.MASTERMIND, character=cid, cause=cause)
        return True

    def _after_death(self, cid: str) -> None:
        role = self.roles[cid]
        if self.has_key_person_ability(cid):
            rule = "key_person.1" if role == "key_person" else "factor.2"
            self.protagonists_lose(rule)
        partner = "loved_one" if role == "lover" else "lover" if role == "loved_one" else None
        if partner is not None:
            for other in self.with_role(partner):
                if self.active(other):
                    self.add_token(other, "paranoia", 6)
                    self.emit(EventKind.PARANOIA, character=other, amount=6)
                    self.emit(EventKind.ABILITY, Visibility.MASTERMIND, ability=f"{partner}.1", source=other)

    def revive(self, cid: str) -> None:
        """Bring a corpse back to life where it lies (its tokens stay)."""
        self.chars[cid].alive = True
        self.emit(EventKind.REVIVED, character=cid)

    def reveal_role(self, cid: str) -> None:
        """Reveal a character's current role to the protagonists."""
        role = self.roles[cid]
        self.revealed_roles[cid] = role
        self.emit(EventKind.ROLE_REVEALED, character=cid, role=role)

    def reveal_culprit(self, day: int) -> None:
        """Reveal the culprit of the incident scheduled on ``day`` (``incident_day`` in the log's event)."""
        sched = self.script.incident_on(day)
        assert sched is not None
        self.revealed_culprits[day] = sched.culprit
        self.emit(
            EventKind.CULPRIT_REVEALED, incident_day=day, incident=sched.incident, culprit=sched.culprit
        )

    def reveal_subplot(self, plot: str) -> None:
        """Reveal one subplot of the script."""
        self.revealed_subplots.append(plot)
        self.emit(EventKind.SUBPLOT_REVEALED, plot=plot)

    def return_card(self, owner: str, card: str) -> None:
        """Take a spent once-per-loop card back into ``owner``'s hand (Class Rep)."""
        self.spent[owner].remove(card)
        self.emit(EventKind.CARD_RETURNED, owner=owner, card=card)

    def suppress(self, culprit: str) -> None:
        """The incidents of ``culprit`` do not occur this loop (Henchman)."""
        self.suppressed.add(culprit)
        self.emit(EventKind.HENCHMAN_SUPPRESSED, character=culprit)

    def free_patient(self) -> None:
        """The Patient may leave the Hospital this loop (Doctor)."""
        self.patient_free = True
        self.emit(EventKind.PATIENT_FREE)

    def mark_used(self, ability: str, source: str = "", *, per: str = "step") -> None:
        """Note a Mastermind ability as used: ``per`` is ``"step"``, ``"day"`` (the Doctor's secret use)
        or ``"loop"`` (a plot rule used once per loop)."""
        if per == "loop":
            self.mm_used_loop.add(ability)
        elif per == "day":
            self.doctor_mm_today = True
        else:
            self.mm_used.add((ability, source))

    def remove_from_board(self, cid: str) -> None:
        """Take a character off the board for the rest of the loop (illusion.2)."""
        self.chars[cid].location = None
        self.emit(EventKind.CHARACTER_REMOVED, character=cid)

    def unforbid(self, cid: str) -> None:
        """The character's forbidden locations stop applying (young_girl.1, ⚠e)."""
        self.unforbidden.add(cid)
        self.emit(EventKind.FORBIDDEN_LIFTED, character=cid)

    def protect(self) -> None:
        """soldier.2: the protagonists cannot die for the rest of the loop (⚠b)."""
        self.protected = True
        self.emit(EventKind.PROTECTED)

    def reveal_same_role(self, cid: str) -> None:
        """copycat.1: name every other character whose current role equals ``cid``'s (not the role)."""
        roles = self.roles
        same = [c for c in self.cast if c != cid and roles[c] == roles[cid]]
        self.emit(EventKind.SAME_ROLE, character=cid, characters=same)

    def move_counter(self, source: str, target: str, counter: str) -> None:
        """Move one counter from ``source`` to ``target`` (forensic_specialist.1, sacred_tree.p1/.p2)."""
        if self.add_token(source, counter, -1, announce=True):
            self.add_token(target, counter, 1, announce=True)

    def _prevented(self, rule: str) -> bool:
        """Whether soldier.2 prevents the loss by ``rule`` now (a Mastermind-only event when it does)."""
        if self.protected:
            self.emit(EventKind.LOSS_PREVENTED, _MASTERMIND, rule=rule)
            return True
        return False

    def protagonists_lose(self, rule: str) -> None:
        """A loss condition holding now: the loop is lost and ends at once (immediate loop end).

        With the Soldier's protection and the ruling ``soldier_all_losses`` it is prevented (⚠b)."""
        if self.protected and self.rulings.soldier_all_losses and self._prevented(rule):
            return
        self.lost = True
        self.end_now = True
        self.emit(EventKind.LOSS_CONDITION, Visibility.MASTERMIND, rule=rule)

    def protagonists_die(self, rule: str) -> None:
        """The protagonists die: the loop is lost and ends at once (TL-LE1); not under the Soldier's
        protection (soldier.2, ⚠b)."""
        if self.protected and self._prevented(rule):
            return
        if not self.protagonists_dead:
            self.emit(EventKind.PROTAGONISTS_DIED)
        self.protagonists_dead = True
        self.protagonists_lose(rule)


_SCRIPT_TABLES: dict[tuple[int, int], tuple[Script, Content, tuple[Any, ...]]] = {}


def one_holder_roles(content: Content, tragedy_set: TragedySet, copies: bool) -> frozenset[str]:
    """The roles of ``tragedy_set`` that no two characters can hold at once, read off the public sheet
    alone: under no choice of plots the set allows (one main plot, the set's number of subplots) do the
    plots give the role to more than one character (:func:`~rulesengine.looper.rules.script.role_range`,
    the validator's count, capped by ``max_count``). The Mystery Boy's role is one no plot of the script
    gives (so he is its only holder); only a character who copies a role (the Copycat) holds a role
    another one holds, so with ``copies`` (such a character in the cast) there are none. The Person
    (everyone else's role) and the role Paranoia Virus hands out during play (the only rule that changes
    a role: a Person to a Serial Killer and back) are never among them.

    The Mastermind's once-per-step abilities of such a role (TL-D5d) are noted as used by the role, not
    by the character (:func:`~rulesengine.looper.rules.abilities.used_key`): the same rule, and games
    that differ only in which character held the role stand in the same state after the use. A game
    whose sheet is known counts its own holders instead (any script, checked or not); a game on hidden
    facts (the deduction's) reads no role for it and takes these.

    >>> from rulesengine.looper.rules.content import load_content
    >>> content = load_content()
    >>> btx = content.sets["basic_tragedy_x"]
    >>> sorted(one_holder_roles(content, btx, False) & {"brain", "friend", "person", "serial_killer"})
    ['brain']
    >>> one_holder_roles(content, btx, True)
    frozenset()
    """
    key = (id(content), tragedy_set.id, copies)
    hit = _ONE_HOLDER.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    out: set[str] = set()
    if not copies:
        plots = content.plots
        combos = [[plots[main], *(plots[p] for p in subs)] for main, subs in tragedy_set.plot_choices()]
        for role in set(tragedy_set.roles) - _ROLES_IN_PLAY:  # (the validator's counts: role_range)
            if all(role_range(combo, content.roles[role])[1] <= 1 for combo in combos):
                out.add(role)
    _ONE_HOLDER[key] = (content, frozenset(out))
    return _ONE_HOLDER[key][1]


#: The roles a character may hold without a plot giving it: the Person, and those Paranoia Virus hands out.
_ROLES_IN_PLAY: Final = frozenset({"person", "serial_killer"})
_ONE_HOLDER: dict[tuple[int, str, bool], tuple[Content, frozenset[str]]] = {}


def _script_tables(
    script: Script, content: Content
) -> tuple[frozenset[str], Mapping[str, str], tuple[tuple[str, str | None], ...], frozenset[str]]:
    """The script's plots, its roles by character, each character's start location and the roles one
    character at most holds (the Person and Paranoia Virus's Serial Killer apart), worked out once per
    (script, content) pair (both are immutable)."""
    key = (id(script), id(content))
    hit = _SCRIPT_TABLES.get(key)
    if hit is not None and hit[0] is script and hit[1] is content:
        return hit[2]
    starts = [(c, content.characters[c].start) for c in script.cast]
    roles = {c: script.role_of(c) for c in script.cast}
    held = Counter(roles.values())
    tables = (
        frozenset({script.main_plot, *script.subplots}),
        roles,
        tuple((c, None if s is None else str(s)) for c, s in starts),
        frozenset(r for r in content.sets[script.set_id].roles if held[r] <= 1) - _ROLES_IN_PLAY,
    )
    if len(_SCRIPT_TABLES) > 1000:
        _SCRIPT_TABLES.clear()
    _SCRIPT_TABLES[key] = (script, content, tables)
    return tables


class _ContentTables:
    """Lookup tables built once per content: the board, the deck, goodwill abilities by id, forbidden
    locations by character."""

    __slots__ = ("deck", "forbidden", "goodwill", "layout")

    def __init__(self, content: Content) -> None:
        self.layout = Board.of(content)
        self.deck = Deck.of(content)
        self.goodwill = {a.id: a for ch in content.characters.values() for a in ch.abilities}
        for ch in content.characters.values():  # a passive the leader uses in TL-D6 (sacred_tree.p1, ⚠f):
            for p in ch.passives:  # declared like a goodwill ability, with no cost and no refusal
                if p.timing == "goodwill":
                    self.goodwill[p.id] = GoodwillAbility(p.id, ch.id, 0, False, True, p.text)
        self.forbidden = {
            cid: frozenset(str(x) for x in ch.forbidden) for cid, ch in content.characters.items()
        }
