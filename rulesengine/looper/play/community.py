"""The community script format: convert its JSON files to the project's scripts and back.

Players share Tragedy Looper scripts in the JSON format of the community's script site: a file holds
``{"scripts": [ … ]}``, each script naming its tragedy set, days, loops (per difficulty), plots, cast
(character → role, or ``[role, {"Turf": "Hospital"}]`` for the Boss, ``[role, {"enters on loop":
3}]`` for the Godly Being and ``[role, {"enters on day": 2}]`` for the Transfer Student) and incidents
with their culprits, all in lowerCamelCase. Files may carry
``//`` and ``/* */`` comments, trailing commas and a ``$schema`` key. ``docs/looper_scripts.md``
(Community scripts) describes the mapping field by field.

:func:`read_community` reads a file through the project's bounded reading path
(:mod:`rulesengine.inputs`); :func:`import_scripts` converts each First Steps / Basic Tragedy X
script, or says why one is skipped; :func:`export_scripts` writes project scripts in the community
format, and importing that gives the same scripts back.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script, script_to_data
>>> tutorial = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> exported = export_scripts([tutorial])
>>> exported["scripts"][0]["cast"]["girlStudent"], exported["scripts"][0]["tragedySet"]
('keyPerson', 'firstSteps')
>>> (result,) = import_scripts(exported, "shared.json")
>>> result.status, result.script.id == tutorial.id, script_to_data(result.script) == script_to_data(tutorial)
('valid', True, True)
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from rulesengine.errors import InputError
from rulesengine.inputs import parse_json, read_text
from rulesengine.looper.rules.content import Content, Location, load_content
from rulesengine.looper.rules.script import ScheduledIncident, Script, script_notes, script_problems
from rulesengine.messages import Message

__all__ = [
    "CommunityError",
    "ImportResult",
    "export_scripts",
    "import_scripts",
    "parse_community",
    "read_community",
    "strip_json_comments",
]

#: The community's names of the two tragedy sets the project plays (others are skipped).
SET_NAMES: Final = {"firstSteps": "first_steps", "basicTragedy": "basic_tragedy_x"}
#: Other spellings of those sets accepted on import.
_SET_ALIASES: Final = {
    "basictragedyx": "basic_tragedy_x",
    "firststeps": "first_steps",
    "basictragedy": "basic_tragedy_x",
}
#: Community names that are not the lowerCamelCase of the project's id (the site's abbreviations).
ALIASES: Final[dict[str, dict[str, str]]] = {
    "characters": {"richStudent": "rich_mans_daughter"},
    "plots": {
        "lightAvenger": "light_of_the_avenger",
        "placeProtect": "a_place_to_protect",
        "shadowRipper": "shadow_of_the_ripper",
        "unsettlingRumor": "an_unsettling_rumor",
        "hideousScript": "a_hideous_script",
        "sealedItem": "the_sealed_item",
        "giantTimeBomb": "giant_time_bomb_x",
        "circleFriends": "circle_of_friends",
        "loveAffair": "a_love_affair",
        "hiddenFreak": "the_hidden_freak",
        "threadsFate": "threads_of_fate",
        "unknownFactor": "unknown_factor_x",
    },
    "roles": {},
    "incidents": {},
}
#: The cast parameters of the format, by the project's script field.
TURF_KEY: Final = "Turf"
ENTRY_KEY: Final = "enters on loop"
ENTRY_DAY_KEY: Final = "enters on day"
#: The special rule line that fixes the Henchman's start (written by export, read back by import).
_HENCHMAN_RULE = re.compile(r"^The Henchman starts every loop in the (\w+)\.$")
#: The special rule line that carries one ruling option (``docs/looper_content.md``).
_OPTION_RULE = re.compile(r"^Ruling option: ([a-z_]+) = (.+)$")
_CREATOR_LINE = re.compile(r"^Creator: ([^\n]*)(\n\n?|$)")


class CommunityError(InputError):
    """A community file is malformed; ``where`` is ``file: scripts[i]: field``."""


@dataclass(frozen=True)
class ImportResult:
    """One script of a community file: converted (``valid``/``invalid``) or ``skipped`` with a reason.

    ``reason``, ``problems`` and ``warnings`` are English (the ``--json`` form); :meth:`reason_in`,
    :meth:`problems_in` and :meth:`warnings_in` say them in another language (``looper import --lang``).
    """

    index: int
    title: str
    status: str
    script: Script | None = None
    reason: str = ""
    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    difficulties: tuple[int, ...] = field(default=())
    #: The reason, the problems and the notes as catalog messages (``looper.import.*``,
    #: ``looper.script.*``), to be said in any language.
    said: tuple[Message | None, tuple[InputError, ...], tuple[Message, ...]] = field(
        default=(None, (), ()), compare=False, repr=False
    )

    def reason_in(self, language: str) -> str:
        """Why the script was skipped, in ``language`` ("" when it was converted)."""
        return self.reason if self.said[0] is None else self.said[0].localized(language)

    def problems_in(self, language: str) -> list[str]:
        """The validator's problems, each ``file: entry: field: problem``, in ``language``."""
        return [p.localized(language) for p in self.said[1]] if self.said[1] else list(self.problems)

    def warnings_in(self, language: str) -> list[str]:
        """The validator's playability notes in ``language``."""
        return [n.localized(language) for n in self.said[2]] if self.said[2] else list(self.warnings)

    def as_dict(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {
            "index": self.index,
            "title": self.title,
            "id": self.script.id if self.script is not None else None,
            "status": self.status,
            "reason": self.reason,
            "problems": list(self.problems),
            "warnings": list(self.warnings),
        }


# --------------------------------------------------------------------------- reading


def strip_json_comments(text: str) -> str:
    """``text`` with ``//`` and ``/* */`` comments and trailing commas blanked, strings untouched.

    Comments become spaces (line breaks kept), so the JSON parser's line and column stay right.

    >>> strip_json_comments('{"a": "x//y", // note\\n "b": [1, 2,],}')
    '{"a": "x//y",        \\n "b": [1, 2 ] }'
    """
    out: list[str] = []
    i, n = 0, len(text)
    in_string = False
    pending_comma: int | None = None  # index in out of a comma that may be trailing
    while i < n:
        ch = text[i]
        if in_string:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_string = False
            i += 1
            continue
        if ch == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        if ch == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:end]))
            i = end
            continue
        if ch in "}]" and pending_comma is not None:
            out[pending_comma] = " "
        if ch == ",":
            pending_comma = len(out)
        elif not ch.isspace():
            pending_comma = None
        if ch == '"':
            in_string = True
        out.append(ch)
        i += 1
    return "".join(out)


def parse_community(text: str, name: str) -> object:
    """Parse the text of a community file (JSON with comments), within the project's input limits."""
    return parse_json(strip_json_comments(text), name, CommunityError)


def read_community(path: str | Path) -> object:
    """Read and parse a community file (:func:`~rulesengine.inputs.read_text`, :func:`parse_community`)."""
    name = Path(path).name
    return parse_community(read_text(path, name, CommunityError), name)


def _option_value(text: str, where: str) -> object:
    """The value of a ``Ruling option: NAME = VALUE`` line: JSON read by the bounded reader (nesting and
    number length limited, :func:`rulesengine.inputs.parse_json`), or the text itself when it is a bare
    word (``refusal``). Text that starts like a JSON list, mapping, string or number but is not one
    within the limits is an error naming the option.

    >>> _option_value("2", "x"), _option_value("true", "x"), _option_value("refusal", "x")
    (2, True, 'refusal')
    >>> _option_value("[" * 100, "s: specialRules: police_this_loop_only")
    Traceback (most recent call last):
    ...
    rulesengine.looper.play.community.CommunityError: s: specialRules: police_this_loop_only: invalid JSON \
at line 1, column 33: nested deeper than 32 levels
    """
    if text[0] in '[{"-0123456789':
        return parse_json(text, where, CommunityError)
    try:
        return parse_json(text, where, CommunityError)  # true, false, null
    except CommunityError:
        return text


# --------------------------------------------------------------------------- names


def _key(name: str) -> str:
    """A name folded for lookups: lower case, letters and digits only.

    >>> _key("Rich Man's Daughter"), _key("richMansDaughter")
    ('richmansdaughter', 'richmansdaughter')
    """
    return re.sub(r"[^0-9a-z]", "", unicodedata.normalize("NFKD", name).lower())


def _camel(ident: str) -> str:
    """The lowerCamelCase community name of a project id.

    >>> _camel("conspiracy_theorist")
    'conspiracyTheorist'
    """
    first, *rest = ident.split("_")
    return first + "".join(part[:1].upper() + part[1:] for part in rest)


def _snake(name: str) -> str:
    """A project-style id for a name the content lacks, so the validator's message names it.

    >>> _snake("vampireHunter")
    'vampire_hunter'
    """
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower().replace(" ", "_")


class _Names:
    """Look-ups between community names and project ids, one table per kind of content."""

    def __init__(self, content: Content) -> None:
        kinds: dict[str, Iterable[str]] = {
            "characters": content.characters,
            "roles": content.roles,
            "plots": content.plots,
            "incidents": content.incidents,
        }
        self.to_id: dict[str, dict[str, str]] = {}
        self.to_name: dict[str, dict[str, str]] = {}
        for kind, ids in kinds.items():
            table = {_key(i): i for i in ids}
            names = {i: _camel(i) for i in ids}
            for alias, ident in ALIASES[kind].items():
                table[_key(alias)] = ident
                names[ident] = alias
            for ident in ids:
                english = getattr(getattr(content, kind)[ident], "name", "")
                if english:
                    table.setdefault(_key(english), ident)
            self.to_id[kind] = table
            self.to_name[kind] = names

    def ident(self, kind: str, name: str) -> str | None:
        return self.to_id[kind].get(_key(name))

    def name(self, kind: str, ident: str) -> str:
        return self.to_name[kind].get(ident, _camel(ident))


# --------------------------------------------------------------------------- import


class _Skip(Exception):
    """A script of another set or cast: listed as skipped with the reason (a ``looper.import.*`` message)."""

    def __init__(self, message_id: str, /, **fields: object) -> None:
        self.reason = Message(message_id, fields)
        super().__init__(str(self.reason))


def _slug(title: str) -> str:
    """A file id from a title: ASCII letters and digits joined by ``_`` (``script`` when none).

    >>> _slug("Young Women’s Battlefield!")
    'young_womens_battlefield'
    """
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_title.lower()).strip("_") or "script"


def import_scripts(
    data: object,
    file: str,
    *,
    title: str | None = None,
    difficulty: int | None = None,
    content: Content | None = None,
) -> list[ImportResult]:
    """Convert every First Steps / Basic Tragedy X script of parsed community data (or the one titled).

    Each result is ``valid`` or ``invalid`` (the validator's problems, :func:`script_problems`) with the
    converted script, or ``skipped`` with the reason (another tragedy set, a character outside the 18
    base characters and the twelve of the wider cast, no difficulty set ``difficulty``). Ids come from
    the titles (``fs_``/``btx_`` prefixed, made unique with ``_2``, ``_3``…) unless the script carries an
    ``id`` (as exported ones do).

    Raises
    ------
    CommunityError
        ``file: scripts[i]: field`` for a malformed file or script entry, or ``file: --title`` when no
        script has that title.
    """
    content = content if content is not None else load_content()
    names = _Names(content)
    if not isinstance(data, Mapping) or not isinstance(data.get("scripts"), list):
        raise CommunityError(file, 'expected an object with a "scripts" list (the community script format)')
    entries: list[object] = data["scripts"]
    results: list[ImportResult] = []
    used_ids: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"{file}: scripts[{index}]"
        if not isinstance(entry, Mapping):
            raise CommunityError(where, f"expected an object, got {type(entry).__name__}")
        entry_title = _text(entry, "title", where, required=True)
        if title is not None and entry_title.casefold() != title.casefold():
            continue
        try:
            script = _convert(entry, where, names, content, difficulty)
        except _Skip as skip:
            said = (skip.reason, (), ())
            results.append(ImportResult(index, entry_title, "skipped", reason=str(skip), said=said))
            continue
        ident = script.id
        n = 2
        while ident in used_ids:
            ident, n = f"{script.id}_{n}", n + 1
        used_ids.add(ident)
        if ident != script.id:
            script = _replace_id(script, ident)
        errors = tuple(script_problems(script, content))
        notes = () if errors else tuple(script_notes(script, content))
        problems, warnings = tuple(map(str, errors)), tuple(map(str, notes))
        results.append(
            ImportResult(
                index,
                entry_title,
                "invalid" if problems else "valid",
                script,
                "",
                problems,
                warnings,
                said=(None, errors, notes),
            )
        )
    if title is not None and not results:
        titles = ", ".join(
            repr(_text(e, "title", "", required=False)) for e in entries if isinstance(e, Mapping)
        )
        raise CommunityError.of(
            f"{file}: --title", "looper.import.no_title", title=repr(title), titles=titles
        )
    return results


def _replace_id(script: Script, ident: str) -> Script:
    from dataclasses import replace

    return replace(script, id=ident, path=f"{ident}.yaml")


def _text(entry: Mapping[str, object], key: str, where: str, *, required: bool = False) -> str:
    value = entry.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise CommunityError(f"{where}: {key}", f"expected a non-empty string, got {value!r}")
    return value


def _int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CommunityError(where, f"expected a whole number, got {value!r}")
    return value


def _lines(value: object, where: str) -> list[str]:
    """A free-text field that may be a string or a list of strings, as non-empty lines."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v for v in value if v.strip()]
    raise CommunityError(where, f"expected a string or a list of strings, got {value!r}")


def _convert(
    entry: Mapping[str, object], where: str, names: _Names, content: Content, difficulty: int | None
) -> Script:
    tragedy_set = entry.get("tragedySet")
    if not isinstance(tragedy_set, str):
        raise CommunityError(f"{where}: tragedySet", f"expected a tragedy set name, got {tragedy_set!r}")
    set_id = SET_NAMES.get(tragedy_set) or _SET_ALIASES.get(_key(tragedy_set))
    if set_id is None:
        raise _Skip("looper.import.not_set", set=repr(tragedy_set))
    days = _int(entry.get("daysPerLoop"), f"{where}: daysPerLoop")
    loops = _loops(entry.get("difficultySets"), f"{where}: difficultySets", difficulty)

    cast_raw = entry.get("cast")
    if not isinstance(cast_raw, Mapping) or not cast_raw:
        raise CommunityError(f"{where}: cast", f"expected an object of character → role, got {cast_raw!r}")
    base = set(content.sets[set_id].characters or content.characters)
    cast: list[str] = []
    roles: dict[str, str] = {}
    turf: Location | None = None
    entry_loop: int | None = None
    entry_day: int | None = None
    for name, value in cast_raw.items():
        here = f"{where}: cast.{name}"
        character = names.ident("characters", name)
        if character is None or character not in base:
            raise _Skip("looper.import.not_base_character", character=repr(name))
        params: Mapping[str, object] = {}
        if isinstance(value, list) and len(value) == 2 and isinstance(value[1], Mapping):
            value, params = value[0], value[1]
        if not isinstance(value, str) or not value:
            raise CommunityError(here, f"expected a role name or [role, {{parameter: value}}], got {value!r}")
        cast.append(character)
        roles[character] = names.ident("roles", value) or _snake(value)
        for key, param in params.items():
            if _key(key) == _key(TURF_KEY):
                turf = _location(param, f"{here}: {key}")
            elif _key(key) == _key(ENTRY_KEY):
                entry_loop = _int(param, f"{here}: {key}")
            elif _key(key) == _key(ENTRY_DAY_KEY):
                entry_day = _int(param, f"{here}: {key}")
            else:
                raise CommunityError(
                    f"{here}: {key}", f"unknown parameter (known: {TURF_KEY}, {ENTRY_KEY}, {ENTRY_DAY_KEY})"
                )

    incidents: list[ScheduledIncident] = []
    raw_incidents = entry.get("incidents", [])
    if not isinstance(raw_incidents, list):
        raise CommunityError(f"{where}: incidents", f"expected a list, got {raw_incidents!r}")
    for i, item in enumerate(raw_incidents):
        here = f"{where}: incidents[{i}]"
        if not isinstance(item, Mapping):
            raise CommunityError(here, f"expected {{day, incident, culprit}}, got {item!r}")
        day = _int(item.get("day"), f"{here}: day")
        incident = _text(item, "incident", here, required=True)
        culprit = _text(item, "culprit", here, required=True)
        culprit_id = names.ident("characters", culprit)
        if culprit_id is None or culprit_id not in base:
            raise _Skip("looper.import.not_base_culprit", culprit=repr(culprit))
        incidents.append(
            ScheduledIncident(day, names.ident("incidents", incident) or _snake(incident), culprit_id)
        )

    main = _lines(entry.get("mainPlot"), f"{where}: mainPlot")
    if len(main) != 1:
        raise CommunityError(f"{where}: mainPlot", f"expected one main plot, got {main!r}")
    subplots = _lines(entry.get("subPlots"), f"{where}: subPlots")

    special: list[str] = []
    henchman_start: Location | None = None
    options: dict[str, object] = {}
    for line in _lines(entry.get("specialRules"), f"{where}: specialRules"):
        if m := _HENCHMAN_RULE.match(line.strip()):
            henchman_start = _location(m.group(1), f"{where}: specialRules")
        elif m := _OPTION_RULE.match(line.strip()):
            options[m.group(1)] = _option_value(m.group(2), f"{where}: specialRules: {m.group(1)}")
        else:
            special.append(line)

    title = _text(entry, "title", where, required=True)
    prefix = "fs" if set_id == "first_steps" else "btx"
    ident = entry.get("id")
    if not isinstance(ident, str) or not re.fullmatch(r"[a-z0-9_]+", ident):
        ident = f"{prefix}_{_slug(title)}"
    creator = _text(entry, "creator", f"{where}")
    notes_parts = [f"Creator: {creator}"] if creator else []
    notes_parts += _lines(entry.get("mastermindHints"), f"{where}: mastermindHints")
    for key, label in (("story", "Story"), ("victory-conditions", "Victory conditions")):
        notes_parts += [f"{label}: {text}" for text in _lines(entry.get(key), f"{where}: {key}")]
    return Script(
        id=ident,
        title=title,
        set_id=set_id,
        loops=loops,
        days=days,
        cast=tuple(cast),
        special_rules="\n".join(special),
        main_plot=names.ident("plots", main[0]) or _snake(main[0]),
        subplots=tuple(names.ident("plots", p) or _snake(p) for p in subplots),
        roles=roles,
        incidents=tuple(incidents),
        godly_being_entry_loop=entry_loop,
        boss_turf=turf,
        henchman_start=henchman_start,
        options=options,
        path=f"{ident}.yaml",
        description="\n\n".join(_lines(entry.get("description"), f"{where}: description")),
        notes="\n\n".join(notes_parts),
        transfer_student_entry_day=entry_day,
    )


def _loops(value: object, where: str, difficulty: int | None) -> int:
    """The number of loops of the difficulty set asked for (the first by default)."""
    if not isinstance(value, list) or not value:
        raise CommunityError(where, f"expected a list of {{numberOfLoops, difficulty}}, got {value!r}")
    sets: list[tuple[int, int]] = []
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise CommunityError(f"{where}[{i}]", f"expected {{numberOfLoops, difficulty}}, got {item!r}")
        loops = _int(item.get("numberOfLoops"), f"{where}[{i}]: numberOfLoops")
        sets.append((loops, _int(item.get("difficulty"), f"{where}[{i}]: difficulty")))
    if difficulty is None:
        return sets[0][0]
    for loops, level in sets:
        if level == difficulty:
            return loops
    known = ", ".join(str(d) for _, d in sets)
    raise _Skip("looper.import.no_difficulty", difficulty=difficulty, known=known)


def _location(value: object, where: str) -> Location:
    for loc in Location:
        if isinstance(value, str) and _key(value) == loc.value:
            return loc
    raise CommunityError(where, f"expected a location (Hospital, Shrine, City, School), got {value!r}")


# --------------------------------------------------------------------------- export


def export_scripts(scripts: Iterable[Script], content: Content | None = None) -> dict[str, object]:
    """Project scripts as one community file (``{"scripts": [...]}``); importing it gives them back.

    The project's fields the format lacks travel in its free text: the Henchman's fixed start and the
    ruling options as lines of ``specialRules``, the notes as ``mastermindHints`` (a first line
    ``Creator: NAME`` becomes ``creator``), the id as ``id``.
    """
    content = content if content is not None else load_content()
    names = _Names(content)
    out: list[dict[str, object]] = []
    for s in scripts:
        cast: dict[str, object] = {}
        for c in s.cast:
            role: object = names.name("roles", s.roles.get(c, "person"))
            if c == "boss" and s.boss_turf is not None:
                role = [role, {TURF_KEY: s.boss_turf.value.capitalize()}]
            elif c == "godly_being" and s.godly_being_entry_loop is not None:
                role = [role, {ENTRY_KEY: s.godly_being_entry_loop}]
            elif c == "transfer_student" and s.transfer_student_entry_day is not None:
                role = [role, {ENTRY_DAY_KEY: s.transfer_student_entry_day}]
            cast[names.name("characters", c)] = role
        special = [s.special_rules] if s.special_rules.strip() else []
        if s.henchman_start is not None:
            special.append(f"The Henchman starts every loop in the {s.henchman_start.value.capitalize()}.")
        special += [f"Ruling option: {k} = {json.dumps(v)}" for k, v in s.options.items()]
        notes, creator = s.notes, ""
        if m := _CREATOR_LINE.match(notes):
            creator, notes = m.group(1), notes[m.end() :]
        set_name = next(k for k, v in SET_NAMES.items() if v == s.set_id)
        entry: dict[str, object] = {"id": s.id, "title": s.title}
        if creator:
            entry["creator"] = creator
        entry |= {
            "tragedySet": set_name,
            "daysPerLoop": s.days,
            "difficultySets": [{"numberOfLoops": s.loops, "difficulty": 1}],
            "mainPlot": [names.name("plots", s.main_plot)],
            "subPlots": [names.name("plots", p) for p in s.subplots],
            "cast": cast,
            "incidents": [
                {
                    "day": i.day,
                    "incident": names.name("incidents", i.incident),
                    "culprit": names.name("characters", i.culprit),
                }
                for i in s.incidents
            ],
        }
        if special:
            entry["specialRules"] = special
        if s.description:
            entry["description"] = s.description
        if notes:
            entry["mastermindHints"] = notes
        out.append(entry)
    return {"scripts": out}
