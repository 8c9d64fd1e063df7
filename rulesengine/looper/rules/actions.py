"""Actions: the small frozen values that answer a pending decision, and their plain-dict form.

Every decision of the game (cards and targets, optional abilities, refusals, incident targets,
goodwill uses, the time spiral choice, final-guess answers) is answered by one of these values.
They serialise to plain dicts for replay files (``docs/looper_replay.md``).

>>> a = PlaceCard("paranoia_plus_1", "boy_student")
>>> to_dict(a)
{'type': 'place_card', 'card': 'paranoia_plus_1', 'target': 'boy_student'}
>>> from_dict(to_dict(a)) == a
True
>>> sort_key(Pass()) < sort_key(PlaceCard("a", "b"))
True
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Final

from rulesengine.errors import InputError


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Place one action card face down on a target (TL-D2, TL-D3)."""

    card: str
    target: str


@dataclass(frozen=True, slots=True)
class UseAbility:
    """Use an ability: a goodwill ability declared by the leader (TL-D6) or an optional Mastermind
    ability (TL-D5, TL-D4 Cultist, TL-D9). ``source`` is the character whose card or role it is
    (empty for a plot rule); ``extra`` carries a second choice (the Doctor's ``+``/``-``, the subplot
    the Informer's user names)."""

    ability: str
    source: str = ""
    target: str = ""
    extra: str = ""


@dataclass(frozen=True, slots=True)
class Allow:
    """The Mastermind lets a declared goodwill ability resolve (TL-D6c)."""


@dataclass(frozen=True, slots=True)
class Refuse:
    """The Mastermind says "nothing happens" to a declared goodwill ability (TL-D6c)."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick one of the listed options (incident targets, Henchman start, time spiral choice…)."""

    option: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Use no (more) optional abilities in this step."""


@dataclass(frozen=True, slots=True)
class Guess:
    """Name the role of one character in the final guess (TL-FG3)."""

    character: str
    role: str


Action = PlaceCard | UseAbility | Allow | Refuse | Choose | Pass | Guess

_TYPES: Final[dict[str, type]] = {
    "place_card": PlaceCard,
    "use_ability": UseAbility,
    "allow": Allow,
    "refuse": Refuse,
    "choose": Choose,
    "pass": Pass,
    "guess": Guess,
}
_NAMES: Final[dict[type, str]] = {cls: name for name, cls in _TYPES.items()}


def type_name(action: Action) -> str:
    """The ``type`` tag of an action in its dict form.

    >>> type_name(Refuse())
    'refuse'
    """
    return _NAMES[type(action)]


def sort_key(action: Action) -> tuple[str, ...]:
    """A key that orders actions of every type: by type tag, then by field values."""
    cls = type(action)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return (_NAMES[cls], *(getattr(action, n) for n in names))


_FIELDS: dict[type, tuple[str, ...]] = {}

#: ``UseAbility(ability, source, target, extra)`` with one shared value per distinct action: building
#: frozen dataclasses is slow and the same abilities are offered every day.
use_ability: Final = functools.lru_cache(maxsize=65536)(UseAbility)

#: The order of :func:`sort_key` within ``UseAbility`` values alone (a faster key for lists of abilities).
ability_order: Final = operator.attrgetter("ability", "source", "target", "extra")


def to_dict(action: Action) -> dict[str, str]:
    """The plain-dict form of an action: ``{"type": …, field: value…}``."""
    cls = type(action)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    out = {"type": _NAMES[cls]}
    for name in names:  # the fields are plain strings: no need for dataclasses.asdict's deep copy
        out[name] = getattr(action, name)
    return out


def from_dict(data: Mapping[str, object], where: str = "action") -> Action:
    """Read an action back from its dict form.

    Raises
    ------
    InputError
        For an unknown ``type``, a missing or unknown field, or a value that is not a string.

    >>> from_dict({"type": "choose", "option": "city"})
    Choose(option='city')
    >>> from_dict({"type": "jump"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: action: unknown type 'jump' (known: allow, choose, ...)
    """
    if not isinstance(data, Mapping):
        raise InputError(where, f"expected a mapping, got {data!r}")
    name = data.get("type")
    if not isinstance(name, str) or name not in _TYPES:
        raise InputError(where, f"unknown type {name!r} (known: {', '.join(sorted(_TYPES))})")
    cls = _TYPES[name]
    names = {f.name: f for f in fields(cls)}
    for key in data:
        if key != "type" and key not in names:
            raise InputError(f"{where}: {key}", f"unknown field for {name}")
    values: dict[str, str] = {}
    for fname, f in names.items():
        if fname not in data:
            if f.default is not MISSING:  # a field with a default value
                continue
            raise InputError(f"{where}: {fname}", f"missing for {name}")
        value = data[fname]
        if not isinstance(value, str):
            raise InputError(f"{where}: {fname}", f"expected a string, got {value!r}")
        values[fname] = value
    try:
        action: Action = cls(**values)
    except TypeError as exc:
        raise InputError(where, str(exc)) from None
    return action
