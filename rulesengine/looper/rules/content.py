"""Tragedy Looper content: characters, roles, plots, incidents, sets, cards and board, read from YAML.

Every piece of game content lives in ``data/looper/*.yaml`` and is read by one
validating loader, :func:`load_content`. A mistake in a file raises
:class:`ContentError` naming ``file: entry: field: what is wrong``. The facts and
the decisions taken where sources disagree are written out in
``docs/looper_content.md``.

>>> content = load_content()
>>> content.characters["nurse"].paranoia_limit
3
>>> sorted(content.characters["patient"].forbidden)
[<Location.CITY: 'city'>, <Location.SCHOOL: 'school'>, <Location.SHRINE: 'shrine'>]
>>> len(content.hand("mastermind")), len(content.hand("protagonist"))
(10, 8)
>>> content.board.move(Location.HOSPITAL, "diagonal")
<Location.SCHOOL: 'school'>
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Literal, TypeVar

from rulesengine import inputs
from rulesengine.errors import InputError, ShippedDataError
from rulesengine.paths import DATA_DIR

__all__ = [
    "DIRECTIONS",
    "LOOPER_DATA_DIR",
    "Ability",
    "BoardDef",
    "CardDef",
    "CardKind",
    "CharacterDef",
    "Content",
    "ContentError",
    "FieldReader",
    "GoodwillAbility",
    "IncidentDef",
    "Location",
    "PlotDef",
    "Refusal",
    "RoleDef",
    "Timing",
    "TragedySet",
    "load_content",
    "parse_yaml",
    "read_yaml",
]

#: The folder holding the shipped Tragedy Looper content.
LOOPER_DATA_DIR = DATA_DIR / "looper"


class ContentError(InputError):
    """A content file is malformed; ``where`` is ``file: entry: field``.

    >>> str(ContentError("roles.yaml: friend: max_count", "expected an integer, got 'two'"))
    "roles.yaml: friend: max_count: expected an integer, got 'two'"
    """


class Location(StrEnum):
    """The four locations of the board (content §2)."""

    HOSPITAL = "hospital"
    SHRINE = "shrine"
    CITY = "city"
    SCHOOL = "school"


class Refusal(StrEnum):
    """Goodwill refusal of a role (TL-D6c): none, optional or mandatory."""

    NONE = "none"
    OPTIONAL = "optional"
    MANDATORY = "mandatory"


class Timing(StrEnum):
    """When an ability of a role, plot or character acts (TL-D1, TL-D4…TL-D7, TL-D9, TL-LE2)."""

    ALWAYS = "always"
    SCRIPT_CREATION = "script_creation"
    LOOP_START = "loop_start"
    DAY_START = "day_start"
    CARD_RESOLUTION = "card_resolution"
    MASTERMIND_ABILITY = "mastermind_ability"
    GOODWILL = "goodwill"
    INCIDENT = "incident"
    DAY_END = "day_end"
    LOOP_END = "loop_end"


class CardKind(StrEnum):
    """The kinds of action card in the two hands (content §1, TL-D2…TL-D4)."""

    PARANOIA_PLUS_1 = "paranoia_plus_1"
    PARANOIA_MINUS_1 = "paranoia_minus_1"
    FORBID_PARANOIA = "forbid_paranoia"
    FORBID_GOODWILL = "forbid_goodwill"
    INTRIGUE_PLUS_1 = "intrigue_plus_1"
    INTRIGUE_PLUS_2 = "intrigue_plus_2"
    MOVE_HORIZONTAL = "move_horizontal"
    MOVE_VERTICAL = "move_vertical"
    MOVE_DIAGONAL = "move_diagonal"
    GOODWILL_PLUS_1 = "goodwill_plus_1"
    GOODWILL_PLUS_2 = "goodwill_plus_2"
    FORBID_INTRIGUE = "forbid_intrigue"
    FORBID_MOVEMENT = "forbid_movement"


Owner = Literal["mastermind", "protagonist"]
Direction = Literal["horizontal", "vertical", "diagonal"]
DIRECTIONS: tuple[Direction, ...] = ("horizontal", "vertical", "diagonal")


@dataclass(frozen=True)
class GoodwillAbility:
    """A character's goodwill ability (TL-D6): usable when goodwill ≥ ``cost``; never spends goodwill."""

    id: str
    character: str
    cost: int
    once_per_loop: bool
    unrefusable: bool
    text: str


@dataclass(frozen=True)
class CharacterDef:
    """One of the 18 base characters (content §8) or of the wider cast (issue 24).

    ``start`` is ``None`` when the script sets it (the Henchman). ``traits`` name
    special rules: ``irregular_role`` (Mystery Boy), ``enters_on_loop`` (Godly
    Being), ``turf`` (Boss), ``start_chosen`` (Henchman), ``enters_on_day``
    (Transfer Student), ``never_person`` (A.I.), ``no_cards`` (Illusion),
    ``copies_role`` (Copycat). ``passives`` are the rules of the card that are not
    goodwill abilities (ids ``<id>.p<n>``: Black Cat, Scientist, A.I.…).
    """

    id: str
    name: str
    name_ja: str
    tags: frozenset[str]
    start: Location | None
    paranoia_limit: int
    forbidden: frozenset[Location]
    abilities: tuple[GoodwillAbility, ...]
    traits: tuple[str, ...]
    name_vi: str | None = None
    passives: tuple[Ability, ...] = ()


@dataclass(frozen=True)
class Ability:
    """A role ability or plot rule; ``loss`` marks a loss condition or a protagonists-die effect."""

    id: str
    timing: Timing
    mandatory: bool
    once_per_loop: bool
    loss: bool
    text: str


@dataclass(frozen=True)
class RoleDef:
    """A secret role (content §5 and §9); ``max_count`` ``None`` means no cap."""

    id: str
    name: str
    name_ja: str
    refusal: Refusal
    max_count: int | None
    immortal: bool
    abilities: tuple[Ability, ...]
    name_vi: str | None = None


@dataclass(frozen=True)
class PlotDef:
    """A main plot (Rule Y) or subplot (Rule X): role slots ``(min, max)``, rules and requirements."""

    id: str
    name: str
    name_ja: str
    kind: Literal["main", "sub"]
    roles: Mapping[str, tuple[int, int]]
    rules: tuple[Ability, ...]
    requirements: tuple[str, ...]
    name_vi: str | None = None


@dataclass(frozen=True)
class IncidentDef:
    """An incident (TL-D7); ``extra_condition`` names a TL-D7e condition, e.g. ``hospital_has_intrigue``."""

    id: str
    name: str
    name_ja: str
    text: str
    extra_condition: str | None
    name_vi: str | None = None


@dataclass(frozen=True)
class TragedySet:
    """A tragedy set: which plots, roles, incidents and characters a script of it may use."""

    id: str
    name: str
    main_plots: tuple[str, ...]
    subplots: tuple[str, ...]
    n_subplots: int
    roles: tuple[str, ...]
    incidents: tuple[str, ...]
    final_guess: bool
    characters: tuple[str, ...] = ()
    name_ja: str = ""
    #: The characters of later boxes and promo cards that published scripts of the set cast (issue 24);
    #: also in ``characters`` (a script may cast them), left out of random scripts unless asked.
    wider_cast: tuple[str, ...] = ()

    def plot_choices(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Every choice of plots a script of the set may make: one main plot and ``n_subplots`` distinct
        subplots, as (main plot, subplots), the main plots in order and the subplots in the set's order.

        >>> s = TragedySet("x", "X", ("m1", "m2"), ("a", "b", "c"), 2, (), (), False)
        >>> [(m, "".join(subs)) for m, subs in s.plot_choices()][:4]
        [('m1', 'ab'), ('m1', 'ac'), ('m1', 'bc'), ('m2', 'ab')]
        """
        for main in self.main_plots:
            for subs in itertools.combinations(self.subplots, self.n_subplots):
                yield main, subs


@dataclass(frozen=True)
class CardDef:
    """An action card in a hand (TL-D2, TL-D3, TL-D4c); ``count`` copies in one hand.

    ``direction`` is the way a movement card moves its target (``None`` for the other cards).
    """

    id: str
    name: str
    kind: CardKind
    owner: Owner
    once_per_loop: bool
    count: int
    direction: Direction | None = None


@dataclass(frozen=True)
class BoardDef:
    """The 2×2 board (content §2): ``grid`` rows top to bottom; ``moves`` by location and direction.

    >>> load_content().board.move(Location.CITY, "vertical")
    <Location.HOSPITAL: 'hospital'>
    """

    grid: tuple[tuple[Location, ...], ...]
    moves: Mapping[Location, Mapping[Direction, Location]]

    def move(self, location: Location, direction: Direction) -> Location:
        """Where a move in ``direction`` from ``location`` lands (TL-D4 movement)."""
        return self.moves[location][direction]


@dataclass(frozen=True)
class Content:
    """All Tragedy Looper content, keyed by id."""

    characters: Mapping[str, CharacterDef]
    roles: Mapping[str, RoleDef]
    plots: Mapping[str, PlotDef]
    incidents: Mapping[str, IncidentDef]
    sets: Mapping[str, TragedySet]
    cards: tuple[CardDef, ...] = ()
    board: BoardDef = field(default_factory=lambda: _default_board())

    def hand(self, owner: Owner) -> tuple[CardDef, ...]:
        """Every card of one hand, one entry per copy (a protagonist's hand is one of the three).

        >>> [c.kind.value for c in load_content().hand("mastermind")][:3]
        ['paranoia_plus_1', 'paranoia_plus_1', 'paranoia_minus_1']
        """
        return tuple(card for card in self.cards if card.owner == owner for _ in range(card.count))


def _default_board() -> BoardDef:
    grid = ((Location.HOSPITAL, Location.SHRINE), (Location.CITY, Location.SCHOOL))
    return BoardDef(grid, _moves_of_grid(grid))


def _moves_of_grid(grid: tuple[tuple[Location, ...], ...]) -> dict[Location, dict[Direction, Location]]:
    """Horizontal, vertical and diagonal neighbours on a 2×2 grid."""
    moves: dict[Location, dict[Direction, Location]] = {}
    for r, row in enumerate(grid):
        for c, loc in enumerate(row):
            moves[loc] = {
                "horizontal": grid[r][1 - c],
                "vertical": grid[1 - r][c],
                "diagonal": grid[1 - r][1 - c],
            }
    return moves


# --------------------------------------------------------------------------- field reading

T = TypeVar("T")


class FieldReader:
    """Reads the fields of one YAML entry, raising ``error_cls(f"{file}: {entry}: {field}", why)``.

    Shared by the content loader and the script loader so every message has the same shape.

    >>> r = FieldReader("x.yaml", "nurse", {"limit": "3"}, ContentError)
    >>> r.integer("limit")
    Traceback (most recent call last):
    ...
    rulesengine.looper.rules.content.ContentError: x.yaml: nurse: limit: expected an integer, got '3'
    """

    def __init__(
        self, file: str, entry: str, data: object, error_cls: type[InputError] = ContentError
    ) -> None:
        self.file = file
        self.entry = entry
        self.error_cls = error_cls
        if not isinstance(data, dict):
            raise error_cls(f"{file}: {entry}", f"expected a mapping, got {_show(data)}")
        self.data: dict[str, object] = data

    def fail(self, fld: str, message: str) -> InputError:
        """The error to raise for ``fld`` (the caller raises it)."""
        return self.error_cls(f"{self.file}: {self.entry}: {fld}", message)

    def keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        """Refuse unknown keys and report the first missing required key."""
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in self.data:
            if not isinstance(key, str) or key not in allowed:
                raise self.fail(str(key), f"unknown key (allowed: {', '.join(sorted(allowed))})")
        for key in required:
            if key not in self.data:
                raise self.fail(key, "missing")

    def has(self, fld: str) -> bool:
        """Whether ``fld`` is present and not null."""
        return self.data.get(fld) is not None

    def raw(self, fld: str) -> object:
        """The value as it is in the file (``None`` when absent)."""
        return self.data.get(fld)

    def string(self, fld: str, default: str | None = None) -> str:
        """A non-empty string (or ``default`` when absent and a default is given)."""
        value = self.data.get(fld)
        if value is None and default is not None:
            return default
        if not isinstance(value, str) or (not value.strip() and default is None):
            raise self.fail(fld, f"expected a non-empty string, got {_show(value)}")
        return value

    def opt_string(self, fld: str) -> str | None:
        """A string or ``None``."""
        return None if self.data.get(fld) is None else self.string(fld)

    def integer(self, fld: str, minimum: int | None = None) -> int:
        """An integer (booleans refused), at least ``minimum`` when given."""
        value = self.data.get(fld)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(fld, f"expected an integer, got {_show(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(fld, f"must be at least {minimum}, got {value}")
        return value

    def opt_integer(self, fld: str, minimum: int | None = None) -> int | None:
        """An integer or ``None``."""
        return None if self.data.get(fld) is None else self.integer(fld, minimum)

    def boolean(self, fld: str, default: bool | None = None) -> bool:
        """``true`` or ``false``."""
        value = self.data.get(fld)
        if value is None and default is not None:
            return default
        if not isinstance(value, bool):
            raise self.fail(fld, f"expected true or false, got {_show(value)}")
        return value

    def choice(self, fld: str, convert: Callable[[str], T], what: str) -> T:
        """A string converted by ``convert`` (an enum), with the allowed values in the message."""
        value = self.data.get(fld)
        try:
            if not isinstance(value, str):
                raise ValueError
            return convert(value)
        except ValueError:
            raise self.fail(fld, f"expected {what}, got {_show(value)}") from None

    def strings(self, fld: str, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """A list of strings without duplicates."""
        value = self.data.get(fld)
        if value is None and default is not None:
            return default
        if not isinstance(value, list):
            raise self.fail(fld, f"expected a list, got {_show(value)}")
        out: list[str] = []
        for i, item in enumerate(value):
            if not isinstance(item, str) or not item:
                raise self.fail(f"{fld}[{i}]", f"expected a non-empty string, got {_show(item)}")
            if item in out:
                raise self.fail(f"{fld}[{i}]", f"duplicate {item!r}")
            out.append(item)
        return tuple(out)

    def mapping(self, fld: str, default: dict[str, object] | None = None) -> dict[str, object]:
        """A mapping with string keys."""
        value = self.data.get(fld)
        if value is None and default is not None:
            return default
        if not isinstance(value, dict):
            raise self.fail(fld, f"expected a mapping, got {_show(value)}")
        for key in value:
            if not isinstance(key, str):
                raise self.fail(f"{fld}.{key}", f"expected a string key, got {_show(key)}")
        return value

    def entries(self, fld: str) -> list[object]:
        """A list (of entries read by further readers)."""
        value = self.data.get(fld)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(fld, f"expected a list, got {_show(value)}")
        return value


def _show(value: object) -> str:
    """A short description of a wrong value for an error message."""
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def read_yaml(path: Path, error_cls: type[InputError] = ContentError) -> object:
    """Read one YAML file; a missing file, a syntax error or a repeated key raises ``error_cls``.

    The bounded reader of :mod:`rulesengine.inputs` (size, encoding, nesting) names the file. A shipped
    file (under ``data/``) that is missing or damaged is a :class:`~rulesengine.errors.ShippedDataError`
    saying how to restore it.
    """
    try:
        return inputs.read_yaml(path, path.name, error_cls)
    except InputError as exc:
        if Path(path).resolve().is_relative_to(DATA_DIR.resolve()):
            raise ShippedDataError.wrap(path, exc) from None
        raise


def parse_yaml(text: str, name: str, error_cls: type[InputError] = ContentError) -> object:
    """Parse YAML text with a safe loader that also refuses a key written twice in one mapping.

    >>> try:
    ...     parse_yaml("a: 1\\nb: 2\\na: 3\\n", "twice.yaml")
    ... except ContentError as error:
    ...     print(type(error).__name__, error)
    ContentError twice.yaml: invalid YAML at line 3, column 1: duplicate key 'a'
    """
    return inputs.parse_yaml(text, name, error_cls)


# --------------------------------------------------------------------------- loader

_LOCATIONS = "one of " + ", ".join(loc.value for loc in Location)
_TIMINGS = "one of " + ", ".join(t.value for t in Timing)
_REFUSALS = "one of " + ", ".join(r.value for r in Refusal)
_CARD_KINDS = "one of " + ", ".join(k.value for k in CardKind)
#: ``animal``, ``construct`` and ``tree`` (the wider cast) have no gender: a plot or ability that asks
#: for a boy, a girl, a student or an adult never picks them.
_TAGS = frozenset({"student", "boy", "girl", "adult", "man", "woman", "animal", "construct", "tree"})
_TRAITS = frozenset(
    {
        "irregular_role",
        "enters_on_loop",
        "turf",
        "start_chosen",
        "enters_on_day",
        "never_person",
        "no_cards",
        "copies_role",
    }
)
_REQUIREMENTS = frozenset({"key_person_is_girl"})
_EXTRA_CONDITIONS = frozenset({"hospital_has_intrigue"})


def _top_list(path: Path, key: str) -> list[object]:
    """The list under the single top-level ``key`` of a content file."""
    data = read_yaml(path)
    reader = FieldReader(path.name, "(top level)", data)
    reader.keys([key])
    return reader.entries(key)


def _entry_readers(path: Path, key: str) -> list[FieldReader]:
    """One reader per entry of the file, named by the entry's ``id`` (or its index); duplicates refused."""
    readers: list[FieldReader] = []
    seen: set[str] = set()
    for i, item in enumerate(_top_list(path, key)):
        name = f"{key}[{i}]"
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            name = item["id"]
        reader = FieldReader(path.name, name, item)
        ident = reader.string("id")
        if ident in seen:
            raise reader.fail("id", f"duplicate id {ident!r}")
        seen.add(ident)
        readers.append(reader)
    return readers


def _ability_list(owner: FieldReader, fld: str, owner_id: str, prefix: str = "") -> tuple[Ability, ...]:
    out: list[Ability] = []
    for n, item in enumerate(owner.entries(fld), start=1):
        r = FieldReader(owner.file, owner.entry, item)
        r.entry = f"{owner.entry}: {fld}[{n - 1}]"
        r.keys(["id", "timing", "text"], ["mandatory", "once_per_loop", "loss"])
        ident = r.string("id")
        want = f"{owner_id}.{prefix}{n}"
        if ident != want:
            raise r.fail("id", f"expected {want} (abilities are numbered in order), got {ident!r}")
        out.append(
            Ability(
                id=ident,
                timing=r.choice("timing", Timing, _TIMINGS),
                mandatory=r.boolean("mandatory", False),
                once_per_loop=r.boolean("once_per_loop", False),
                loss=r.boolean("loss", False),
                text=r.string("text"),
            )
        )
    return tuple(out)


def _load_characters(path: Path) -> dict[str, CharacterDef]:
    out: dict[str, CharacterDef] = {}
    for r in _entry_readers(path, "characters"):
        r.keys(
            ["id", "name", "name_ja", "tags", "start", "paranoia_limit"],
            ["name_vi", "forbidden", "abilities", "traits", "passives"],
        )
        ident = r.string("id")
        tags = r.strings("tags")
        for i, tag in enumerate(tags):
            if tag not in _TAGS:
                raise r.fail(f"tags[{i}]", f"unknown tag {tag!r} (known: {', '.join(sorted(_TAGS))})")
        traits = r.strings("traits", ())
        for i, trait in enumerate(traits):
            if trait not in _TRAITS:
                raise r.fail(f"traits[{i}]", f"unknown trait {trait!r} (known: {', '.join(sorted(_TRAITS))})")
        start = None if r.raw("start") is None else r.choice("start", Location, _LOCATIONS)
        if start is None and "start_chosen" not in traits:
            raise r.fail("start", "null is only allowed with the trait start_chosen")
        if start is not None and "start_chosen" in traits:
            raise r.fail("start", "must be null for a character with the trait start_chosen")
        forbidden: list[Location] = []
        for i, name in enumerate(r.strings("forbidden", ())):
            sub = FieldReader(r.file, r.entry, {f"forbidden[{i}]": name})
            forbidden.append(sub.choice(f"forbidden[{i}]", Location, _LOCATIONS))
        if start is not None and start in forbidden:
            raise r.fail("forbidden", f"contains the start location {start.value!r}")
        abilities: list[GoodwillAbility] = []
        for n, item in enumerate(r.entries("abilities"), start=1):
            a = FieldReader(r.file, f"{ident}: abilities[{n - 1}]", item)
            a.keys(["id", "cost", "text"], ["once_per_loop", "unrefusable"])
            aid = a.string("id")
            if aid != f"{ident}.{n}":
                raise a.fail("id", f"expected {ident}.{n} (abilities are numbered in order), got {aid!r}")
            abilities.append(
                GoodwillAbility(
                    id=aid,
                    character=ident,
                    cost=a.integer("cost", minimum=1),
                    once_per_loop=a.boolean("once_per_loop", False),
                    unrefusable=a.boolean("unrefusable", False),
                    text=a.string("text"),
                )
            )
        out[ident] = CharacterDef(
            id=ident,
            name=r.string("name"),
            name_ja=r.string("name_ja"),
            tags=frozenset(tags),
            start=start,
            paranoia_limit=r.integer("paranoia_limit", minimum=0),
            forbidden=frozenset(forbidden),
            abilities=tuple(abilities),
            traits=traits,
            name_vi=r.opt_string("name_vi"),
            passives=_ability_list(r, "passives", ident, prefix="p"),
        )
    return out


def _load_roles(path: Path) -> dict[str, RoleDef]:
    out: dict[str, RoleDef] = {}
    for r in _entry_readers(path, "roles"):
        r.keys(["id", "name", "name_ja", "refusal"], ["name_vi", "max_count", "immortal", "abilities"])
        ident = r.string("id")
        out[ident] = RoleDef(
            id=ident,
            name=r.string("name"),
            name_ja=r.string("name_ja"),
            refusal=r.choice("refusal", Refusal, _REFUSALS),
            max_count=r.opt_integer("max_count", minimum=1),
            immortal=r.boolean("immortal", False),
            abilities=_ability_list(r, "abilities", ident),
            name_vi=r.opt_string("name_vi"),
        )
    return out


def _load_plots(path: Path, roles: Mapping[str, RoleDef]) -> dict[str, PlotDef]:
    out: dict[str, PlotDef] = {}
    for r in _entry_readers(path, "plots"):
        r.keys(["id", "name", "name_ja", "kind"], ["name_vi", "roles", "rules", "requirements"])
        ident = r.string("id")
        kind = r.string("kind")
        if kind not in ("main", "sub"):
            raise r.fail("kind", f"expected main or sub, got {kind!r}")
        slots: dict[str, tuple[int, int]] = {}
        for role, value in r.mapping("roles", {}).items():
            fld = f"roles.{role}"
            if role not in roles:
                raise r.fail(fld, f"unknown role {role!r}")
            if role == "person":
                raise r.fail(fld, "person is never a plot slot")
            if isinstance(value, int) and not isinstance(value, bool):
                low, high = value, value
            elif (
                isinstance(value, list)
                and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                low, high = value
            else:
                raise r.fail(fld, f"expected a count or a [min, max] pair, got {_show(value)}")
            if low < 0 or high < low or high < 1:
                raise r.fail(fld, f"expected 0 <= min <= max and max >= 1, got [{low}, {high}]")
            slots[role] = (low, high)
        requirements = r.strings("requirements", ())
        for i, req in enumerate(requirements):
            if req not in _REQUIREMENTS:
                raise r.fail(f"requirements[{i}]", f"unknown requirement {req!r}")
        out[ident] = PlotDef(
            id=ident,
            name=r.string("name"),
            name_ja=r.string("name_ja"),
            kind="main" if kind == "main" else "sub",
            roles=slots,
            rules=_ability_list(r, "rules", ident),
            requirements=requirements,
            name_vi=r.opt_string("name_vi"),
        )
    return out


def _load_incidents(path: Path) -> dict[str, IncidentDef]:
    out: dict[str, IncidentDef] = {}
    for r in _entry_readers(path, "incidents"):
        r.keys(["id", "name", "name_ja", "text"], ["name_vi", "extra_condition"])
        ident = r.string("id")
        extra = r.opt_string("extra_condition")
        if extra is not None and extra not in _EXTRA_CONDITIONS:
            raise r.fail("extra_condition", f"unknown condition {extra!r}")
        out[ident] = IncidentDef(
            id=ident,
            name=r.string("name"),
            name_ja=r.string("name_ja"),
            text=r.string("text"),
            extra_condition=extra,
            name_vi=r.opt_string("name_vi"),
        )
    return out


def _known(r: FieldReader, fld: str, ids: tuple[str, ...], table: Mapping[str, object], what: str) -> None:
    for i, ident in enumerate(ids):
        if ident not in table:
            raise r.fail(f"{fld}[{i}]", f"unknown {what} {ident!r}")


def _load_sets(
    path: Path,
    plots: Mapping[str, PlotDef],
    roles: Mapping[str, RoleDef],
    incidents: Mapping[str, IncidentDef],
    characters: Mapping[str, CharacterDef],
) -> dict[str, TragedySet]:
    out: dict[str, TragedySet] = {}
    for r in _entry_readers(path, "sets"):
        r.keys(
            ["id", "name", "main_plots", "subplots", "n_subplots", "roles", "incidents", "final_guess"],
            ["name_ja", "characters", "wider_cast"],
        )
        ident = r.string("id")
        main_plots, subplots = r.strings("main_plots"), r.strings("subplots")
        set_roles, set_incidents = r.strings("roles"), r.strings("incidents")
        wider = r.strings("wider_cast", ())
        cast = r.strings("characters", ())
        _known(r, "wider_cast", wider, characters, "character")
        _known(r, "main_plots", main_plots, plots, "plot")
        _known(r, "subplots", subplots, plots, "plot")
        _known(r, "roles", set_roles, roles, "role")
        _known(r, "incidents", set_incidents, incidents, "incident")
        _known(r, "characters", cast, characters, "character")
        for fld, ids, kind in (("main_plots", main_plots, "main"), ("subplots", subplots, "sub")):
            for i, pid in enumerate(ids):
                if plots[pid].kind != kind:
                    raise r.fail(f"{fld}[{i}]", f"{pid!r} is a {plots[pid].kind} plot")
                for role in plots[pid].roles:
                    if role not in set_roles:
                        raise r.fail("roles", f"missing {role!r}, used by plot {pid!r}")
        if "person" not in set_roles:
            raise r.fail("roles", "missing 'person'")
        n_sub = r.integer("n_subplots", minimum=0)
        if n_sub > len(subplots):
            raise r.fail("n_subplots", f"{n_sub} is more than the {len(subplots)} subplots listed")
        out[ident] = TragedySet(
            id=ident,
            name=r.string("name"),
            main_plots=main_plots,
            subplots=subplots,
            n_subplots=n_sub,
            roles=set_roles,
            incidents=set_incidents,
            final_guess=r.boolean("final_guess"),
            characters=(*cast, *(c for c in wider if c not in cast)),
            name_ja=r.string("name_ja", ""),
            wider_cast=wider,
        )
    return out


def _load_cards(path: Path) -> tuple[CardDef, ...]:
    out: list[CardDef] = []
    counts = {"mastermind": 0, "protagonist": 0}
    seen: set[tuple[str, CardKind]] = set()
    directions: dict[CardKind, Direction | None] = {}
    for r in _entry_readers(path, "cards"):
        r.keys(["id", "name", "kind", "owner"], ["once_per_loop", "count", "direction"])
        owner = r.string("owner")
        if owner not in counts:
            raise r.fail("owner", f"expected mastermind or protagonist, got {owner!r}")
        kind = r.choice("kind", CardKind, _CARD_KINDS)
        if (owner, kind) in seen:
            raise r.fail("kind", f"a second {kind.value} card in the {owner} hand (use count)")
        seen.add((owner, kind))
        count = r.integer("count", minimum=1) if r.has("count") else 1
        counts[owner] += count
        direction: Direction | None = None
        if r.has("direction"):
            direction = r.choice("direction", _direction, "one of " + ", ".join(DIRECTIONS))
        if directions.setdefault(kind, direction) != direction:
            raise r.fail(
                "direction", f"{kind.value} cards move {directions[kind]} in the other hand, not {direction}"
            )
        out.append(
            CardDef(
                id=r.string("id"),
                name=r.string("name"),
                kind=kind,
                owner="mastermind" if owner == "mastermind" else "protagonist",
                once_per_loop=r.boolean("once_per_loop", False),
                count=count,
                direction=direction,
            )
        )
    return tuple(out)


def _direction(value: str) -> Direction:
    """A movement direction (``ValueError`` for anything else)."""
    for d in DIRECTIONS:
        if value == d:
            return d
    raise ValueError(value)


def _load_board(path: Path) -> BoardDef:
    data = read_yaml(path)
    r = FieldReader(path.name, "board", data)
    r.keys(["grid", "moves"])
    rows = r.entries("grid")
    grid: list[tuple[Location, ...]] = []
    if len(rows) != 2:
        raise r.fail("grid", f"expected 2 rows, got {len(rows)}")
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != 2:
            raise r.fail(f"grid[{i}]", f"expected a row of 2 locations, got {_show(row)}")
        cells: list[Location] = []
        for j, cell in enumerate(row):
            sub = FieldReader(r.file, "board", {f"grid[{i}][{j}]": cell})
            cells.append(sub.choice(f"grid[{i}][{j}]", Location, _LOCATIONS))
        grid.append(tuple(cells))
    if len({c for row in grid for c in row}) != 4:
        raise r.fail("grid", "every location must appear exactly once")
    expected = _moves_of_grid(tuple(grid))
    moves = r.mapping("moves")
    for loc in Location:
        if loc.value not in moves:
            raise r.fail(f"moves.{loc.value}", "missing")
    for name, targets in moves.items():
        m = FieldReader(r.file, "board", targets)
        m.entry = f"board: moves.{name}"
        if name not in expected:
            raise r.fail(f"moves.{name}", f"expected {_LOCATIONS}")
        m.keys(DIRECTIONS)
        for direction in DIRECTIONS:
            got = m.choice(direction, Location, _LOCATIONS)
            want = expected[Location(name)][direction]
            if got != want:
                raise m.fail(direction, f"the grid gives {want.value!r}, the table says {got.value!r}")
    return BoardDef(tuple(grid), expected)


def load_content(data_dir: Path | None = None) -> Content:
    """Read and validate every content file in ``data_dir`` (default ``data/looper``; cached).

    Raises
    ------
    ContentError
        ``file: entry: field: what is wrong`` for unknown keys, missing fields, wrong types,
        unknown ids in cross references and duplicate ids.

    >>> load_content().sets["first_steps"].n_subplots
    1
    """
    if data_dir is None:
        return _load_default()
    return _load(Path(data_dir))


@functools.cache
def _load_default() -> Content:
    return _load(LOOPER_DATA_DIR)


def _load(data_dir: Path) -> Content:
    characters = _load_characters(data_dir / "characters.yaml")
    roles = _load_roles(data_dir / "roles.yaml")
    plots = _load_plots(data_dir / "plots.yaml", roles)
    incidents = _load_incidents(data_dir / "incidents.yaml")
    sets = _load_sets(data_dir / "sets.yaml", plots, roles, incidents, characters)
    cards = _load_cards(data_dir / "cards.yaml")
    board = _load_board(data_dir / "board.yaml")
    return Content(characters, roles, plots, incidents, sets, cards, board)
