"""English / Vietnamese labels for the terms of the rule sources.

The glossary lives in ``data/glossary.csv`` (columns ``key, game, en, vi,
rule_id, source``; ``source`` says whether the Vietnamese term is the seed's
own or chosen for this project). Labels are looked up in the *current
language*, which the notebooks' language switch changes; widgets that want to
follow the switch register a callback with :func:`on_change`.

>>> t("alibi", "en"), t("alibi", "vi")
('Alibi', 'Ngoại phạm')
>>> both("crime_scene")
'Crime scene (Hiện trường vụ án)'
>>> t("no_such_term")
Traceback (most recent call last):
...
rulesengine.errors.InputError: glossary: unknown term 'no_such_term'
"""

from __future__ import annotations

import csv
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from rulesengine import messages
from rulesengine.errors import InputError, ShippedDataError
from rulesengine.paths import DATA_DIR

Language = Literal["en", "vi"]

#: The languages offered, with their names as a speaker of each would write them.
LANGUAGES: dict[Language, str] = {"en": "English", "vi": "Tiếng Việt"}

GLOSSARY_COLUMNS = ("key", "game", "en", "vi", "rule_id", "source")


@dataclass(frozen=True)
class Term:
    """One glossary row: a term of the rule sources in both languages."""

    key: str
    game: str
    en: str
    vi: str
    rule_id: str
    source: str

    def label(self, language: Language) -> str:
        """The term in ``language``."""
        return self.en if language == "en" else self.vi


def read_glossary(path: Path) -> dict[str, Term]:
    """Read and check a glossary file; errors name the file, line and field.

    >>> len(read_glossary(DATA_DIR / "glossary.csv")) > 50
    True
    """
    import io

    from rulesengine.inputs import read_text

    terms: dict[str, Term] = {}
    reader = csv.DictReader(io.StringIO(read_text(path, path.name), newline=""))
    if tuple(reader.fieldnames or ()) != GLOSSARY_COLUMNS:
        raise InputError(f"{path.name}", f"columns must be {', '.join(GLOSSARY_COLUMNS)}")
    for line, row in enumerate(reader, start=2):
        for field in ("key", "game", "en", "vi"):
            if not (row.get(field) or "").strip():
                raise InputError(f"{path.name}: line {line}: {field}", "must not be empty")
        key = row["key"].strip()
        if key in terms:
            raise InputError(f"{path.name}: line {line}: key", f"duplicate term {key!r}")
        terms[key] = Term(**{name: (row[name] or "").strip() for name in GLOSSARY_COLUMNS})
    return terms


@cache
def glossary() -> dict[str, Term]:
    """The project's glossary, read once from ``data/glossary.csv`` (missing or damaged: a
    :class:`~rulesengine.errors.ShippedDataError` saying how to restore it)."""
    path = DATA_DIR / "glossary.csv"
    try:
        return read_glossary(path)
    except InputError as exc:
        raise ShippedDataError.wrap(path, exc) from None


_state: dict[str, Language] = {"language": "en"}
_Listener = Callable[[Language], None]
#: Registered listeners, each with a weak reference to the object it serves (or None: kept for good).
_listeners: list[tuple[_Listener, weakref.ReferenceType[object] | None]] = []


def get_language() -> Language:
    """The current language of widget labels (``'en'`` at start)."""
    return _state["language"]


def set_language(language: str) -> None:
    """Switch every registered label to ``language`` (``'en'`` or ``'vi'``).

    >>> set_language("vi"); t("suspect")
    'Nghi phạm'
    >>> set_language("en"); t("suspect")
    'Suspect'
    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: language: must be one of en, vi, got 'fr'
    """
    if language not in LANGUAGES:
        raise InputError("language", f"must be one of {', '.join(LANGUAGES)}, got {language!r}")
    lang: Language = "en" if language == "en" else "vi"
    if lang == _state["language"]:
        return  # labels already read this way; also ends the echo from a switch widget
    _state["language"] = lang
    _listeners[:] = [entry for entry in _listeners if entry[1] is None or entry[1]() is not None]
    for listener, _owner in list(_listeners):
        listener(lang)


def on_change(listener: _Listener, owner: object | None = None) -> Callable[[], None]:
    """Call ``listener(language)`` on every switch; returns a function that unregisters it.

    With ``owner`` (a widget, a controller), only a weak reference to it is kept and the
    listener is dropped once the owner is gone, so closed widgets do not pile up; the listener
    itself must then reach the owner through a weak reference too.

    >>> class Label: text = ""
    >>> label = Label(); ref = weakref.ref(label)
    >>> _ = on_change(lambda lang: setattr(ref(), "text", lang), owner=label)
    >>> set_language("vi"); label.text
    'vi'
    >>> count = len(_listeners); del label; set_language("en"); len(_listeners) == count - 1
    True
    """
    entry = (listener, None if owner is None else weakref.ref(owner))
    _listeners.append(entry)

    def remove() -> None:
        if entry in _listeners:
            _listeners.remove(entry)

    return remove


def t(key: str, language: str | None = None) -> str:
    """The label of glossary term ``key`` in ``language`` (default: the current one)."""
    term = glossary().get(key)
    if term is None:
        raise InputError("glossary", f"unknown term {key!r}")
    lang: Language = get_language() if language is None else ("vi" if language == "vi" else "en")
    return term.label(lang)


def both(key: str) -> str:
    """``'English (Tiếng Việt)'``, the form used where a notebook introduces a term."""
    term = glossary().get(key)
    if term is None:
        raise InputError("glossary", f"unknown term {key!r}")
    return term.en if term.en == term.vi else f"{term.en} ({term.vi})"


def terms_for(game: str) -> list[Term]:
    """Every glossary term of one game (``'looper'``, ``'grove'`` or ``'ui'``), in file order."""
    return [term for term in glossary().values() if term.game == game]


def _term(key: str, language: str) -> str:
    term = glossary().get(key)
    return key if term is None else term.label("vi" if language == "vi" else "en")


# Sentences (rulesengine.messages) follow the same switch, and name glossary terms the same way.
messages.set_language_source(get_language)
messages.register_namer("term", _term)
