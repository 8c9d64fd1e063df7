"""Tragedy Looper scripts: the YAML format, its loader and the validator.

A script has a **public sheet** (set, loops, days, cast, incident names by day,
special rules) that the protagonists see, and a **private sheet** (main plot,
subplots, every character's role, each incident's culprit, and the character
parameters: Godly Being's entry loop, Boss's turf, Henchman's start) that only the
Mastermind sees (TL-LOOP-1, TL-LOOP-2, TL-D7). The format is documented field by
field in ``docs/looper_scripts.md``.

:func:`load_script` parses a file and validates it against the content;
:func:`script_problems` lists every problem, :func:`validate_script` raises the
first. Each error is a :class:`ScriptError` whose ``where`` is ``file: entry: field``.

>>> script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> script.set_id, script.loops, script.days
('first_steps', 3, 3)
>>> script.public_sheet()["incidents"]
{2: 'Increasing Unease', 3: 'Murder'}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulesengine.errors import InputError
from rulesengine.inputs import read_yaml
from rulesengine.looper.rules.actions import Action, Guess, PlaceCard
from rulesengine.looper.rules.content import (
    CardKind,
    Content,
    FieldReader,
    Location,
    PlotDef,
    RoleDef,
    load_content,
)
from rulesengine.looper.rules.limits import MAX_DAYS, MAX_LOOPS
from rulesengine.looper.rules.rulings import option_problems
from rulesengine.messages import Message

__all__ = [
    "SCRIPTS_DIR",
    "PublicSheet",
    "ScheduledIncident",
    "Script",
    "ScriptError",
    "check_action_names",
    "dump_script",
    "load_script",
    "parse_script",
    "random_script",
    "role_range",
    "script_from_data",
    "script_notes",
    "script_problems",
    "script_to_data",
    "script_warnings",
    "shipped_scripts",
    "validate_script",
    "validation_report",
]

_ErrFn = Callable[..., "ScriptError"]
_LOCATIONS = "one of " + ", ".join(loc.value for loc in Location)


def _scripts_dir() -> Path:
    from rulesengine.looper.rules.content import LOOPER_DATA_DIR

    return LOOPER_DATA_DIR / "scripts"


#: The folder of the scripts shipped with the project.
SCRIPTS_DIR = _scripts_dir()


class ScriptError(InputError):
    """A script file is malformed or breaks a script-creation rule; ``where`` is ``file: entry: field``.

    >>> str(ScriptError("my.yaml: private: main_plot", "'the_sealed_item' is not a main plot of first_steps"))
    "my.yaml: private: main_plot: 'the_sealed_item' is not a main plot of first_steps"
    """


@dataclass(frozen=True)
class ScheduledIncident:
    """An incident on the script: its day, its id and its (secret) culprit (TL-D7)."""

    day: int
    incident: str
    culprit: str


@dataclass(frozen=True)
class Script:
    """A whole script, both sheets; build it with :func:`load_script` (which validates it)."""

    id: str
    title: str
    set_id: str
    loops: int
    days: int
    cast: tuple[str, ...]
    special_rules: str
    main_plot: str
    subplots: tuple[str, ...]
    roles: Mapping[str, str]
    incidents: tuple[ScheduledIncident, ...]
    godly_being_entry_loop: int | None = None
    boss_turf: Location | None = None
    henchman_start: Location | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    path: str | None = None
    description: str = ""
    notes: str = ""
    #: The day the Transfer Student enters (trait ``enters_on_day``, private like the Godly Being's loop).
    transfer_student_entry_day: int | None = None

    def role_of(self, character: str) -> str:
        """The secret role of a cast member (``"person"`` when it has none).

        >>> load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml").role_of("girl_student")
        'key_person'
        """
        if character not in self.cast:
            raise _not_in_cast(f"{self._file()}: private: roles", character, self.cast)
        return self.roles.get(character, "person")

    def incident_on(self, day: int) -> ScheduledIncident | None:
        """The incident scheduled on ``day``, if any (TL-D7)."""
        for incident in self.incidents:
            if incident.day == day:
                return incident
        return None

    def public_sheet(self, content: Content | None = None) -> dict[str, object]:
        """What the protagonists see: no plots, roles, culprits or character parameters (TL-D7c) — the
        :class:`PublicSheet` of this script as plain data.

        >>> sorted(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml").public_sheet())
        ['cast', 'days', 'incidents', 'loops', 'set', 'special_rules', 'title']
        """
        return PublicSheet.of(self).as_dict(content)

    def _file(self) -> str:
        return Path(self.path).name if self.path else "<script>"


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

    def as_dict(self, content: Content | None = None) -> dict[str, object]:
        """The sheet as the protagonists are shown it (:meth:`Script.public_sheet`): the incidents by
        day with their names (from ``content``, default the shipped one), no id and no options."""
        content = content if content is not None else load_content()
        return {
            "title": self.title,
            "set": self.set_id,
            "loops": self.loops,
            "days": self.days,
            "cast": list(self.cast),
            "incidents": {
                day: content.incidents[i].name if i in content.incidents else i for day, i in self.incidents
            },
            "special_rules": self.special_rules,
        }

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


# --------------------------------------------------------------------------- parsing

_TOP_REQUIRED = ("title", "public", "private")
_TOP_OPTIONAL = ("id", "description", "notes", "options")
_PUBLIC_REQUIRED = ("set", "loops", "days", "cast")
_PUBLIC_OPTIONAL = ("incidents", "special_rules")
_PRIVATE_REQUIRED = ("main_plot", "subplots", "roles")
_PRIVATE_OPTIONAL = (
    "culprits",
    "godly_being_entry_loop",
    "boss_turf",
    "henchman_start",
    "transfer_student_entry_day",
)


def parse_script(path: str | Path) -> Script:
    """Read a script file into a :class:`Script`, checking its shape only (keys, types).

    The rules of script creation are checked by :func:`validate_script`.
    """
    path = Path(path)
    data = read_yaml(path, path.name, ScriptError)
    return script_from_data(data, path.name, default_id=path.stem, path=str(path))


def script_from_data(data: object, file: str, default_id: str = "script", path: str | None = None) -> Script:
    """Build a :class:`Script` from parsed YAML data (shape checks only); ``file`` names it in errors.

    >>> s = script_from_data(script_to_data(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")), "copy.yaml")
    >>> s.title, s.role_of("office_worker")
    ('The Last Bell', 'killer')
    """
    top = FieldReader(file, "script", data, ScriptError)
    top.keys(_TOP_REQUIRED, _TOP_OPTIONAL)
    pub = FieldReader(file, "public", top.raw("public"), ScriptError)
    pub.keys(_PUBLIC_REQUIRED, _PUBLIC_OPTIONAL)
    priv = FieldReader(file, "private", top.raw("private"), ScriptError)
    priv.keys(_PRIVATE_REQUIRED, _PRIVATE_OPTIONAL)

    public_incidents: list[tuple[int, str]] = []
    for i, item in enumerate(pub.entries("incidents")):
        r = FieldReader(file, f"public: incidents[{i}]", item, ScriptError)
        r.keys(["day", "incident"])
        public_incidents.append((r.integer("day"), r.string("incident")))
    culprits: dict[int, str] = {}
    for i, item in enumerate(priv.entries("culprits")):
        r = FieldReader(file, f"private: culprits[{i}]", item, ScriptError)
        r.keys(["day", "culprit"])
        day = r.integer("day")
        if day in culprits:
            raise r.fail("day", f"a second culprit for day {day}")
        if day not in {d for d, _ in public_incidents}:
            raise r.fail("day", f"no incident is scheduled on day {day} in the public sheet")
        culprits[day] = r.string("culprit")
    incidents: list[ScheduledIncident] = []
    for i, (day, incident) in enumerate(public_incidents):
        if day not in culprits:
            raise pub.fail(f"incidents[{i}]", f"the private sheet names no culprit for day {day}")
        incidents.append(ScheduledIncident(day, incident, culprits[day]))

    roles: dict[str, str] = {}
    for character, role in priv.mapping("roles").items():
        if not isinstance(role, str) or not role:
            raise priv.fail(f"roles.{character}", f"expected a role id, got {role!r}")
        roles[character] = role
    cast = pub.strings("cast")
    for character in cast:
        roles.setdefault(character, "person")

    def location(fld: str) -> Location | None:
        return None if priv.raw(fld) is None else priv.choice(fld, Location, _LOCATIONS)

    options = top.mapping("options", {})
    ident = top.string("id") if top.has("id") else default_id
    return Script(
        id=ident,
        title=top.string("title"),
        set_id=pub.string("set"),
        loops=pub.integer("loops"),
        days=pub.integer("days"),
        cast=cast,
        special_rules=pub.string("special_rules", ""),
        main_plot=priv.string("main_plot"),
        subplots=priv.strings("subplots"),
        roles=roles,
        incidents=tuple(incidents),
        godly_being_entry_loop=priv.opt_integer("godly_being_entry_loop"),
        boss_turf=location("boss_turf"),
        henchman_start=location("henchman_start"),
        options=dict(options),
        path=path if path is not None else file,
        description=top.string("description", ""),
        notes=top.string("notes", ""),
        transfer_student_entry_day=priv.opt_integer("transfer_student_entry_day"),
    )


def load_script(path: str | Path, content: Content | None = None) -> Script:
    """Parse and validate a script file (shape, then every script-creation rule).

    Raises
    ------
    ScriptError
        ``file: entry: field: what is wrong`` for the first problem found.
    """
    script = parse_script(path)
    validate_script(script, content if content is not None else load_content())
    return script


def validate_script(script: Script, content: Content) -> None:
    """Raise the first problem :func:`script_problems` finds, if any."""
    for problem in script_problems(script, content):
        raise problem


def script_problems(script: Script, content: Content) -> list[ScriptError]:
    """Every rule of script creation the script breaks, in file order (empty when valid).

    >>> script_problems(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"), load_content())
    []
    """
    return list(_problems(script, content))


# --------------------------------------------------------------------------- the rules


def _problems(s: Script, content: Content) -> Iterator[ScriptError]:
    file = s._file()

    def err(entry: str, fld: str, message_id: str, /, **fields: object) -> ScriptError:
        return ScriptError.of(f"{file}: {entry}: {fld}", message_id, **fields)

    # --- public sheet
    tset = content.sets.get(s.set_id)
    if tset is None:
        yield err("public", "set", "looper.script.unknown_set", set=repr(s.set_id),
                  known=", ".join(sorted(content.sets)))
        return
    if not 1 <= s.loops <= MAX_LOOPS:
        yield err("public", "loops", "looper.script.out_of_range", high=MAX_LOOPS, value=s.loops)
    if not 1 <= s.days <= MAX_DAYS:
        yield err("public", "days", "looper.script.out_of_range", high=MAX_DAYS, value=s.days)
    seen_cast: set[str] = set()
    for i, character in enumerate(s.cast):
        if character not in content.characters:
            yield err("public", f"cast[{i}]", "looper.script.unknown_character", character=repr(character))
        elif tset.characters and character not in tset.characters:
            yield err("public", f"cast[{i}]", "looper.script.not_character_of_set",
                      character=repr(character), set=tset.id)
        if character in seen_cast:
            yield err("public", f"cast[{i}]", "looper.script.listed_twice", name=repr(character))
        seen_cast.add(character)
    cast = [c for c in s.cast if c in content.characters]
    days_seen: set[int] = set()
    culprit_days: dict[str, int] = {}
    for i, inc in enumerate(s.incidents):
        fld = f"incidents[{i}]"
        if not 1 <= inc.day <= s.days:
            yield err("public", f"{fld}.day", "looper.script.day_outside", day=inc.day, days=s.days)
        if inc.day in days_seen:
            yield err("public", f"{fld}.day", "looper.script.second_incident", day=inc.day)
        days_seen.add(inc.day)
        if inc.incident not in content.incidents:
            yield err("public", f"{fld}.incident", "looper.script.unknown_incident",
                      incident=repr(inc.incident))
        elif inc.incident not in tset.incidents:
            yield err("public", f"{fld}.incident", "looper.script.not_incident_of_set",
                      incident=repr(inc.incident), set=tset.id)
        if inc.culprit not in cast:
            yield err("private", "culprits", "looper.script.culprit_not_in_cast", day=inc.day,
                      character=repr(inc.culprit),
                      cast=", ".join(cast))
        elif inc.culprit in culprit_days:
            yield err("private", "culprits", "looper.script.culprit_twice", day=inc.day,
                      character=repr(inc.culprit),
                      other=culprit_days[inc.culprit])
        else:
            culprit_days[inc.culprit] = inc.day

    # --- plots
    plots = []
    main = content.plots.get(s.main_plot)
    if s.main_plot not in tset.main_plots:
        yield err("private", "main_plot", "looper.script.not_main_plot", plot=repr(s.main_plot), set=tset.id)
    elif main is not None:
        plots.append(main)
    if len(s.subplots) != tset.n_subplots:
        plural = "looper.script.subplot_count_one" if tset.n_subplots == 1 else "looper.script.subplot_count"
        yield err("private", "subplots", plural, set=tset.id, count=tset.n_subplots, got=len(s.subplots))
    for i, sub in enumerate(s.subplots):
        if sub not in tset.subplots:
            yield err("private", f"subplots[{i}]", "looper.script.not_subplot", plot=repr(sub), set=tset.id)
        elif sub in s.subplots[:i]:
            yield err("private", f"subplots[{i}]", "looper.script.listed_twice", name=repr(sub))
        else:
            plots.append(content.plots[sub])

    # --- roles
    role_ok = True
    for character, role in s.roles.items():
        if character not in cast:
            yield _not_in_cast(f"{file}: private: roles.{character}", character, cast)
            role_ok = False
        if role not in tset.roles:
            yield err("private", f"roles.{character}", "looper.script.not_role_of_set", role=repr(role),
                      set=tset.id)
            role_ok = False
    for character in cast:
        if character not in s.roles:
            yield err("private", f"roles.{character}", "looper.script.no_role")
            role_ok = False
    plot_roles = {role for plot in plots for role in plot.roles}
    irregular = [c for c in cast if "irregular_role" in content.characters[c].traits]
    copies = [c for c in cast if "copies_role" in content.characters[c].traits]
    if role_ok:
        for character in cast:  # the A.I. (never_person)
            if "never_person" in content.characters[character].traits and s.roles[character] == "person":
                yield err("private", f"roles.{character}", "looper.script.never_person",
                          character=repr(character))
        for character in copies:  # the Copycat: a copy of another cast member's role, outside the counts
            if not any(s.roles[c] == s.roles[character] for c in cast if c != character):
                yield err("private", f"roles.{character}", "looper.script.copy_no_original",
                          character=repr(character), role=repr(s.roles[character]))
        for character in irregular:
            role = s.roles[character]
            free = [r for r in tset.roles if r != "person" and r not in plot_roles]
            if not free:
                yield err("private", f"roles.{character}", "looper.script.no_free_role")
            elif role == "person":
                yield err("private", f"roles.{character}", "looper.script.never_person",
                          character=repr(character))
            elif role in plot_roles:
                yield err("private", f"roles.{character}", "looper.script.role_in_plots",
                          character=repr(character),
                          role=repr(role))
        counted = [c for c in cast if c not in irregular and c not in copies]
        for role_id in tset.roles:
            if role_id == "person":
                continue
            low, high = role_range(plots, content.roles[role_id])
            holders = [c for c in counted if s.roles[c] == role_id]
            if not low <= len(holders) <= high:
                need = (Message("looper.script.need_none", {}) if high == 0
                        else Message("looper.script.need_exactly", {"count": low}) if low == high
                        else Message("looper.script.need_range", {"low": low, "high": high}))
                yield err("private", "roles",
                          "looper.script.role_count_holders" if holders else "looper.script.role_count",
                          count=len(holders), role=role_id, holders=", ".join(holders), need=need)
        for plot in plots:
            for req in plot.requirements:
                if req == "key_person_is_girl":
                    for c in cast:  # (the Copycat's copy is not the plot's Key Person)
                        if (
                            s.roles[c] == "key_person"
                            and c not in copies
                            and "girl" not in content.characters[c].tags
                        ):
                            yield err("private", f"roles.{c}", "looper.script.key_person_girl", plot=plot.id)

    # --- character parameters
    yield from _parameter_problems(s, content, cast, err)

    # --- ruling options: the one check the engine and `looper replay` make too
    for problem in option_problems(s.options):
        yield ScriptError(f"{file}: {problem.where}", problem.message, message_id=problem.message_id,
                          fields=problem.fields)


def role_range(plots: Iterable[PlotDef], role: RoleDef) -> tuple[int, int]:
    """How many of the counted characters hold ``role`` under ``plots``: the plots' slots summed, capped
    by the role's ``max_count`` (content §5: Friend 2, Conspiracy Theorist 1), as (least, most).

    >>> content = load_content()
    >>> plots = [content.plots["circle_of_friends"], content.plots["an_unsettling_rumor"]]
    >>> role_range(plots, content.roles["conspiracy_theorist"]), role_range(plots, content.roles["friend"])
    ((1, 1), (2, 2))
    """
    plots = list(plots)
    low = sum(p.roles.get(role.id, (0, 0))[0] for p in plots)
    high = sum(p.roles.get(role.id, (0, 0))[1] for p in plots)
    if role.max_count is not None:
        low, high = min(low, role.max_count), min(high, role.max_count)
    return low, high


def _not_in_cast(where: str, character: str, cast: Iterable[str]) -> ScriptError:
    """The problem of a name that is no cast member, listing the cast.

    >>> str(_not_in_cast("s.yaml: private: roles", "unicorn", ["doctor", "nurse"]))
    "s.yaml: private: roles: no character 'unicorn' in the cast (cast: doctor, nurse)"
    """
    return ScriptError.of(where, "looper.script.not_in_cast", character=repr(character), cast=", ".join(cast))


def _parameter_problems(
    s: Script,
    content: Content,
    cast: list[str],
    err: _ErrFn,
) -> Iterator[ScriptError]:
    traits = {t: c for c in cast for t in content.characters[c].traits}
    if s.godly_being_entry_loop is not None and "enters_on_loop" not in traits:
        yield err("private", "godly_being_entry_loop", "looper.script.entry_loop_unused")
    elif "enters_on_loop" in traits:
        loop = s.godly_being_entry_loop
        if loop is None:
            yield err("private", "godly_being_entry_loop", "looper.script.missing",
                      character=traits["enters_on_loop"])
        elif not 1 <= loop <= s.loops:
            yield err("private", "godly_being_entry_loop", "looper.script.loop_outside", loop=loop,
                      loops=s.loops)
    day = s.transfer_student_entry_day
    if day is not None and "enters_on_day" not in traits:
        yield err("private", "transfer_student_entry_day", "looper.script.entry_day_unused")
    elif "enters_on_day" in traits:
        if day is None:
            yield err("private", "transfer_student_entry_day", "looper.script.missing",
                      character=traits["enters_on_day"])
        elif not 1 <= day <= s.days:
            yield err("private", "transfer_student_entry_day", "looper.script.entry_day_outside", day=day,
                      days=s.days)
    if s.boss_turf is not None and "turf" not in traits:
        yield err("private", "boss_turf", "looper.script.turf_unused")
    elif "turf" in traits and s.boss_turf is None:
        yield err("private", "boss_turf", "looper.script.missing", character=traits["turf"])
    if s.henchman_start is not None and "start_chosen" not in traits:
        yield err("private", "henchman_start", "looper.script.start_unused")
    elif "start_chosen" in traits and s.henchman_start is not None:
        # Optional (TL-RW): without it the Mastermind chooses the start at each loop's start; with
        # it the start is fixed by the script, a special rule.
        who = traits["start_chosen"]
        if s.henchman_start in content.characters[who].forbidden:
            yield err("private", "henchman_start", "looper.script.forbidden_start", character=who,
                      location=s.henchman_start.value)


def shipped_scripts() -> list[Path]:
    """The scripts shipped in ``data/looper/scripts``, sorted by file name.

    >>> [p.name for p in shipped_scripts()][:1]
    ['btx_01_first_contract.yaml']
    """
    return sorted(SCRIPTS_DIR.glob("*.yaml"))


# --------------------------------------------------------------------------- writing and generating


def script_to_data(script: Script) -> dict[str, object]:
    """The script as plain data in the file format of ``docs/looper_scripts.md`` (Persons written out).

    >>> data = script_to_data(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> data["public"]["incidents"]
    [{'day': 2, 'incident': 'increasing_unease'}, {'day': 3, 'incident': 'murder'}]
    """
    private: dict[str, object] = {
        "main_plot": script.main_plot,
        "subplots": list(script.subplots),
        "roles": {c: script.roles[c] for c in script.cast if c in script.roles}
        | {c: r for c, r in script.roles.items() if c not in script.cast},
        "culprits": [{"day": i.day, "culprit": i.culprit} for i in script.incidents],
    }
    if script.godly_being_entry_loop is not None:
        private["godly_being_entry_loop"] = script.godly_being_entry_loop
    if script.boss_turf is not None:
        private["boss_turf"] = script.boss_turf.value
    if script.henchman_start is not None:
        private["henchman_start"] = script.henchman_start.value
    if script.transfer_student_entry_day is not None:
        private["transfer_student_entry_day"] = script.transfer_student_entry_day
    data: dict[str, object] = {"id": script.id, "title": script.title}
    if script.description:
        data["description"] = script.description
    if script.notes:
        data["notes"] = script.notes
    data["public"] = {
        "set": script.set_id,
        "loops": script.loops,
        "days": script.days,
        "cast": list(script.cast),
        "incidents": [{"day": i.day, "incident": i.incident} for i in script.incidents],
        "special_rules": script.special_rules,
    }
    data["private"] = private
    if script.options:
        data["options"] = dict(script.options)
    return data


def dump_script(script: Script) -> str:
    """The script as YAML text that :func:`load_script` reads back to an equal script.

    >>> text = dump_script(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> text.splitlines()[:2]
    ['id: fs_01_tutorial', 'title: The Last Bell']
    """
    return yaml.safe_dump(script_to_data(script), allow_unicode=True, sort_keys=False, width=100)


def random_script(
    rng: random.Random,
    set_id: str = "first_steps",
    content: Content | None = None,
    *,
    loops: int | None = None,
    days: int | None = None,
    extra_persons: int | None = None,
    incident_chance: float = 0.6,
    wider_cast: bool = False,
) -> Script:
    """A random script that obeys every rule of script creation, for fuzzing the engine and teaching.

    Plots, role counts (within the slots and caps), an optional Mystery Boy, incidents and culprits,
    and the parameters of the Godly Being, Boss and Henchman are all drawn from ``rng``. With
    ``wider_cast`` the twelve characters of the wider cast may be cast too (the Transfer Student's entry
    day drawn, the A.I. never a Person, the Copycat copying another cast member's role).

    >>> s = random_script(random.Random(5), "basic_tragedy_x")
    >>> script_problems(s, load_content()), len(s.subplots)
    ([], 2)
    """
    content = content if content is not None else load_content()
    tset = content.sets[set_id]
    pool = [c for c in (tset.characters or tuple(content.characters))]
    if not wider_cast:
        pool = [c for c in pool if c not in tset.wider_cast]
    copycats = [c for c in pool if "copies_role" in content.characters[c].traits]
    pool = [c for c in pool if c not in copycats]
    loops = loops if loops is not None else rng.randint(2, 4)
    days = days if days is not None else rng.randint(3, 6)
    main = content.plots[rng.choice(tset.main_plots)]
    subs = [content.plots[p] for p in rng.sample(tset.subplots, tset.n_subplots)]
    plots = [main, *subs]
    wanted: list[str] = []
    for role_id in tset.roles:
        if role_id == "person":
            continue
        low = sum(p.roles.get(role_id, (0, 0))[0] for p in plots)
        high = sum(p.roles.get(role_id, (0, 0))[1] for p in plots)
        cap = content.roles[role_id].max_count
        if cap is not None:
            low, high = min(low, cap), min(high, cap)
        wanted += [role_id] * rng.randint(low, high)
    plot_roles = {r for p in plots for r in p.roles}
    free = [r for r in tset.roles if r != "person" and r not in plot_roles]
    irregular = [c for c in pool if "irregular_role" in content.characters[c].traits]
    roles: dict[str, str] = {}
    if irregular and free and rng.random() < 0.5:
        roles[irregular[0]] = rng.choice(free)
    girls_only = any("key_person_is_girl" in p.requirements for p in plots)
    available = [c for c in pool if c not in irregular]
    rng.shuffle(available)
    for role_id in sorted(wanted, key=lambda r: r != "key_person"):
        if role_id == "key_person" and girls_only:
            girls = [c for c in available if "girl" in content.characters[c].tags]
            if not girls:
                raise ScriptError(f"<random {set_id}>: private: roles", "no Girl left for the Key Person")
            holder = girls[0]
        else:
            holder = available[0]
        available.remove(holder)
        roles[holder] = role_id
    n_extra = extra_persons if extra_persons is not None else rng.randint(1, 4)
    persons = [c for c in available if "never_person" not in content.characters[c].traits]
    for c in persons[:n_extra]:
        roles[c] = "person"
    if copycats and roles and rng.random() < 0.5:
        roles[copycats[0]] = rng.choice(sorted(roles.values()))
        pool.append(copycats[0])
    cast = tuple(c for c in pool if c in roles)
    incidents: list[ScheduledIncident] = []
    culprits = list(cast)
    rng.shuffle(culprits)
    for day in range(1, days + 1):
        if culprits and rng.random() < incident_chance:
            incidents.append(ScheduledIncident(day, rng.choice(tset.incidents), culprits.pop()))
    chars = {c: content.characters[c] for c in cast}
    entry = next((rng.randint(1, loops) for c in chars.values() if "enters_on_loop" in c.traits), None)
    turf = next((rng.choice(list(Location)) for c in chars.values() if "turf" in c.traits), None)
    entry_day = next((rng.randint(1, days) for c in chars.values() if "enters_on_day" in c.traits), None)
    start = next(
        (rng.choice([loc for loc in Location if loc not in c.forbidden]) for c in chars.values()
         if "start_chosen" in c.traits),
        None,
    )  # fmt: skip
    script = Script(
        id=f"random_{set_id}",
        title=f"Random {tset.name} script",
        set_id=set_id,
        loops=loops,
        days=days,
        cast=cast,
        special_rules="",
        main_plot=main.id,
        subplots=tuple(p.id for p in subs),
        roles=roles,
        incidents=tuple(incidents),
        godly_being_entry_loop=entry,
        boss_turf=turf,
        henchman_start=start,
        path=None,
        transfer_student_entry_day=entry_day,
    )
    validate_script(script, content)
    return script


def script_warnings(script: Script, content: Content | None = None) -> list[str]:
    """Soft playability notes on a valid script, each ``file: entry: field: note`` (TL-D7b), in English
    (:func:`script_notes` gives them as messages to say in any language).

    The Mastermind can put at most one card on a character a day (TL-D2a), so cards alone bring a
    culprit to paranoia ``d`` by day ``d``. A culprit whose limit is higher needs help: a Conspiracy
    Theorist starting in its location (or the culprit itself being one), an earlier Increasing Unease,
    or the Doctor beside it. A
    culprit that enters on a later loop (the Godly Being) cannot act before that loop.

    >>> script_warnings(load_script(SCRIPTS_DIR / "fs_03_festival_of_masks.yaml"))
    ['fs_03_festival_of_masks.yaml: private: culprits: day 5: godly_being enters on loop 2, so the \
incident cannot happen before it']
    """
    return [str(note) for note in script_notes(script, content)]


def script_notes(script: Script, content: Content | None = None) -> list[Message]:
    """The playability notes of :func:`script_warnings` as catalog messages (``common.where`` with the
    ``looper.script.note_*`` text), so that ``looper validate --lang vi`` says them in Vietnamese.

    >>> [n.localized("vi") for n in script_notes(load_script(SCRIPTS_DIR / "fs_03_festival_of_masks.yaml"))]
    ['fs_03_festival_of_masks.yaml: private: culprits: ngày 5: godly_being chỉ vào cuộc từ vòng lặp 2, \
nên Sự cố không thể xảy ra trước vòng lặp đó']
    """
    content = content if content is not None else load_content()
    file = script._file()
    where = f"{file}: private: culprits"
    notes: list[Message] = []

    def note(message_id: str, **fields: object) -> Message:
        return Message("common.where", {"where": where, "refusal": Message(message_id, fields)})
    chars = content.characters

    def start(c: str) -> Location | None:
        return script.henchman_start if "start_chosen" in chars[c].traits else chars[c].start

    for inc in sorted(script.incidents, key=lambda i: i.day):
        culprit = chars[inc.culprit]
        if culprit.paranoia_limit > inc.day:
            # A Conspiracy Theorist adds paranoia to anyone in its location, itself included
            # (conspiracy_theorist.1), so a culprit with that role helps itself; the Doctor helps
            # only others (doctor.1).
            helpers = [
                c
                for c in script.cast
                if start(c) == start(inc.culprit)
                and (
                    script.roles.get(c) == "conspiracy_theorist"
                    or (c == "doctor" and c != inc.culprit)
                )
            ]
            unease = any(i.incident == "increasing_unease" and i.day < inc.day for i in script.incidents)
            if not helpers and not unease:
                notes.append(note("looper.script.note_paranoia", day=inc.day, culprit=inc.culprit,
                                  limit=culprit.paranoia_limit))
        if "enters_on_loop" in culprit.traits and (script.godly_being_entry_loop or 1) > 1:
            notes.append(note("looper.script.note_late_entry", day=inc.day, culprit=inc.culprit,
                              loop=script.godly_being_entry_loop))
        entry = script.transfer_student_entry_day or 1
        if "enters_on_day" in culprit.traits and entry > inc.day:  # (transfer_student.p1)
            notes.append(note("looper.script.note_late_entry_day", day=inc.day, culprit=inc.culprit,
                              entry=entry))
    return notes


def validation_report(
    path: str | Path, content: Content | None = None, language: str = "en"
) -> dict[str, object]:
    """Every problem and playability note of a script file, as plain data (for a command line).

    A file that cannot be read or has the wrong shape raises :class:`ScriptError`; rule problems
    and notes are listed instead, so a script writer sees all of them at once. The problems and notes
    are sentences in ``language`` (English by default, the form of ``looper validate --json``); the
    file, entry and field before each stay as they are.

    >>> report = validation_report(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    >>> report["valid"], report["problems"], report["warnings"]
    (True, [], [])
    >>> vi = validation_report(SCRIPTS_DIR / "fs_03_festival_of_masks.yaml", language="vi")
    >>> vi["warnings"][0].split(": ")[:4]
    ['fs_03_festival_of_masks.yaml', 'private', 'culprits', 'ngày 5']
    """
    content = content if content is not None else load_content()
    script = parse_script(path)
    problems = [p.localized(language) for p in script_problems(script, content)]
    notes = [] if problems else [note.localized(language) for note in script_notes(script, content)]
    return {
        "script": script.id,
        "file": Path(path).name,
        "valid": not problems,
        "problems": problems,
        "warnings": notes,
    }


def check_action_names(action: Action, where: str, content: Content | None = None) -> None:
    """Refuse, as malformed input, an action naming a card, place, character or role the game lacks.

    A decisions file may only name things the content has: a card kind (``paranoia_plus_1``…), a
    location or character as a card's target, a character and a role in a final guess. A name the
    content has but the game does not allow now (a card not in the hand, a character not in the cast)
    is left to the engine, which refuses it with the rule id (TL-D2, TL-D3, TL-FG3).

    >>> check_action_names(PlaceCard("unicorn", "school"), "d.json: decisions[0]")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: d.json: decisions[0]: card: unknown card 'unicorn' (cards: \
forbid_goodwill, forbid_intrigue, forbid_movement, forbid_paranoia, goodwill_plus_1, goodwill_plus_2, \
intrigue_plus_1, intrigue_plus_2, move_diagonal, move_horizontal, move_vertical, paranoia_minus_1, \
paranoia_plus_1)
    >>> check_action_names(PlaceCard("paranoia_plus_1", "nurse"), "d[0]")  # the engine refuses it
    """
    content = content if content is not None else load_content()
    if isinstance(action, PlaceCard):
        cards = sorted(k.value for k in CardKind)
        if action.card not in cards:
            raise InputError(f"{where}: card", f"unknown card {action.card!r} (cards: {', '.join(cards)})")
        places = {loc.value for loc in Location}
        if action.target not in places and action.target not in content.characters:
            raise InputError(
                f"{where}: target",
                f"unknown target {action.target!r}: no location ({', '.join(sorted(places))}) or character"
                " of that name",
            )
    elif isinstance(action, Guess):
        if action.character not in content.characters:
            raise InputError(f"{where}: character", f"unknown character {action.character!r}")
        if action.role not in content.roles:
            raise InputError(
                f"{where}: role", f"unknown role {action.role!r} (roles: {', '.join(sorted(content.roles))})"
            )
