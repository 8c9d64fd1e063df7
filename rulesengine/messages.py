"""Every sentence shown to a person, from gettext message catalogs in English and Vietnamese.

A sentence is a *message id* with *named fields*: ``message("grove.event.look", "vi", seat=1, a=0,
b=2)``. The texts live in ``data/locale`` as gettext catalogs, read with Babel at first use (no compiled
``.mo`` files, nothing from the network):

- ``data/locale/rulesengine.pot``, the template: for each message its id as the context
  (``msgctxt``) and its English text as the ``msgid``. It is the English catalog.
- ``data/locale/vi/LC_MESSAGES/rulesengine.po``: the same entries with the Vietnamese text as the
  ``msgstr``, edited with any PO editor (Poedit, Lokalize, Emacs po-mode) and kept in step with
  ``pybabel update`` (docs/translation.md).

Field values that are game terms (a character, a role, a card, a location…) are passed as
:class:`Name` values and rendered in the sentence's language by the namer registered for their kind
(:func:`register_namer`: the glossary registers ``term``, the Looper's names module the Looper's kinds).
A missing Vietnamese text falls back to the English one (a test makes sure none is missing).

>>> message("grove.event.unseen", "en", suspect=2)
'The Unseen token goes on suspect 2'
>>> message("grove.event.unseen", "vi", suspect=2)
'Token Chưa xem được đặt lên Nghi phạm 2'
>>> message("no.such.id")
Traceback (most recent call last):
...
rulesengine.messages.UnknownMessageError: no message id no.such.id in data/locale/rulesengine.pot
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rulesengine.paths import DATA_DIR, read_regular_file

#: The catalogs' folder, the gettext domain and the languages with a catalog.
LOCALE_DIR = DATA_DIR / "locale"
DOMAIN = "rulesengine"
LANGUAGES = ("en", "vi")
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def catalog_path(language: str) -> Path:
    """The catalog file of ``language`` (the template for English).

    >>> catalog_path("vi").relative_to(DATA_DIR).as_posix()
    'locale/vi/LC_MESSAGES/rulesengine.po'
    """
    return TEMPLATE if language == "en" else LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


class UnknownMessageError(LookupError):
    """A message id that the English catalog does not have (a programming mistake, not a user's, or a
    damaged ``data/locale/rulesengine.pot``: the command line says how to restore it)."""


class CatalogFileError(UnknownMessageError):
    """A catalog that is missing or cannot be read (the command line says how to restore it). Its text
    is English: it cannot come from the catalogs."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(problem)
        self.path = path
        self.problem = problem


#: The largest catalog read, in bytes (the Vietnamese one is about 175 KB).
MAX_CATALOG_BYTES = 4 << 20


@dataclass(frozen=True)
class Entry:
    """One catalog entry: the id, the text, the translator's comments and whether it is fuzzy."""

    id: str
    text: str
    comments: tuple[str, ...] = ()
    fuzzy: bool = False


def read_catalog(path: Path) -> dict[str, Entry]:
    """The entries of one PO or POT file by message id (``msgctxt``), read with Babel.

    The text is the ``msgstr`` of a translation, or the ``msgid`` (the English) of the template.
    """
    import io

    from babel.messages.pofile import read_po

    try:  # the reader's first step (rulesengine.inputs cannot be used: its errors are catalog messages)
        raw = read_regular_file(path, MAX_CATALOG_BYTES + 1)
        if len(raw) > MAX_CATALOG_BYTES:
            raise CatalogFileError(path, f"is larger than the limit of {MAX_CATALOG_BYTES:,} bytes")
        text = raw.decode("utf-8-sig")
    except OSError as exc:
        raise CatalogFileError(path, f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise CatalogFileError(path, f"is not UTF-8 text (byte offset {exc.start})") from None
    cat = read_po(io.StringIO(text), domain=DOMAIN)
    template = path.suffix == ".pot"
    entries: dict[str, Entry] = {}
    for item in cat:
        if not item.id or item.context is None:
            continue  # the header, or an entry without an id
        source = item.id if isinstance(item.id, str) else item.id[0]
        string = item.string
        text = source if template else (string if isinstance(string, str) else (string or ("",))[0])
        comments = tuple(item.auto_comments) + tuple(item.user_comments)
        entries[item.context] = Entry(item.context, text or "", comments, item.fuzzy)
    return entries


@cache
def catalog(language: str) -> dict[str, str]:
    """The usable texts of ``language`` by message id (empty and fuzzy translations left out)."""
    if language not in LANGUAGES:
        raise UnknownMessageError(f"no catalog for language {language!r}; one of {', '.join(LANGUAGES)}")
    return {key: e.text for key, e in read_catalog(catalog_path(language)).items() if e.text and not e.fuzzy}


def placeholders(text: str) -> set[str]:
    """The named fields of a text.

    >>> sorted(placeholders("{character} has {paranoia} < {limit}"))
    ['character', 'limit', 'paranoia']
    """
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Name:
    """A game term as a field value, rendered in the sentence's language: ``Name("character", "nurse")``."""

    kind: str
    key: str

    def localized(self, language: str) -> str:
        """The term in ``language`` by the namer of its kind (the key itself if no namer knows it)."""
        namer = _namers.get(self.kind)
        return self.key if namer is None else namer(self.key, language)


_namers: dict[str, Callable[[str, str], str]] = {}
_current: list[Callable[[], str]] = []


def register_namer(kind: str, namer: Callable[[str, str], str]) -> None:
    """Let ``namer(key, language)`` render :class:`Name` values of ``kind``."""
    _namers[kind] = namer


def set_language_source(source: Callable[[], str]) -> None:
    """Where the default language comes from (the notebooks' switch, :mod:`rulesengine.i18n`)."""
    _current[:] = [source]


def current_language() -> str:
    """The language used when none is given (``'en'`` until :mod:`rulesengine.i18n` is imported)."""
    return _current[0]() if _current else "en"


def render_field(value: Any, language: str) -> Any:
    """A field value as the sentence shows it: a :class:`Name` (or anything with ``localized``) in
    ``language``, a list or tuple joined with commas, anything else as it is."""
    localized = getattr(value, "localized", None)
    if callable(localized):
        return localized(language)
    if isinstance(value, list | tuple):
        return ", ".join(str(render_field(v, language)) for v in value)
    return value


def message(message_id: str, language: str | None = None, /, **fields: Any) -> str:
    """The text of ``message_id`` in ``language`` (default: the current one) with its fields filled."""
    lang = current_language() if language is None else language
    english = catalog("en")
    text = catalog(lang).get(message_id) if lang != "en" else english.get(message_id)
    if text is None:
        text = english.get(message_id)
        if text is None:
            raise UnknownMessageError(f"no message id {message_id} in data/locale/{DOMAIN}.pot")
    return text.format_map({key: render_field(value, lang) for key, value in fields.items()})


@dataclass(frozen=True)
class Message:
    """A message id with its fields, rendered on demand in any language (``str()`` is English).

    >>> m = Message("grove.event.unseen", {"suspect": 1})
    >>> str(m), m.localized("vi")
    ('The Unseen token goes on suspect 1', 'Token Chưa xem được đặt lên Nghi phạm 1')
    """

    id: str
    fields: Mapping[str, Any]

    def localized(self, language: str | None = None) -> str:
        """The sentence in ``language`` (default: the current one)."""
        return message(self.id, language, **self.fields)

    def __str__(self) -> str:
        return self.localized("en")


def check_catalogs(english: Mapping[str, Entry], translation: Mapping[str, Entry]) -> list[str]:
    """Every problem of a translation against the template: a missing, empty or fuzzy text, a text whose
    named fields differ from the English one's, an id the template does not have.

    >>> en = {"a": Entry("a", "{n} chips"), "b": Entry("b", "hello")}
    >>> check_catalogs(en, {"a": Entry("a", "{count} chip"), "c": Entry("c", "x")})
    ['a: fields {count} differ from the English {n}', 'b: no translation', 'c: not in the template']
    >>> check_catalogs(en, {"a": Entry("a", "{n} chip"), "b": Entry("b", "xin chào")})
    []
    """
    problems = []
    for key, entry in english.items():
        other = translation.get(key)
        if other is None or not other.text:
            problems.append(f"{key}: no translation")
        elif other.fuzzy:
            problems.append(f"{key}: the translation is marked fuzzy")
        elif placeholders(other.text) != placeholders(entry.text):
            theirs = ", ".join("{" + f + "}" for f in sorted(placeholders(other.text)))
            ours = ", ".join("{" + f + "}" for f in sorted(placeholders(entry.text)))
            problems.append(f"{key}: fields {theirs} differ from the English {ours}")
    problems += [f"{key}: not in the template" for key in translation if key not in english]
    return problems
