"""Bounded reading of the files and numbers a user gives: one reading path per kind of input.

Every file the command line or a loader reads goes through :func:`read_text` (a size limit and
UTF-8 decoding) and one parser: :func:`parse_yaml` for scripts and content, :func:`parse_json` for
In a Grove records, :func:`parse_data` for Tragedy Looper decisions files (JSON or YAML). Each parser
bounds what it builds (nesting depth, number of values counting every YAML alias's expansion, the
length of a number) and refuses a key written twice in one mapping. Every problem is an
:class:`~rulesengine.errors.InputError` (or the caller's subclass) whose ``where`` is the file and
whose message is one line, with the line and column where the parser stopped. The limits and the
reasons for them are in ``docs/conventions.md`` (Input limits).

Numbers on the command line are read by :func:`parse_int`: ASCII digits ``0``-``9`` only, so ``²``,
``３`` or ``٢`` (which :meth:`str.isdigit` accepts) are refused with the option named.

>>> parse_yaml("a: 1\\nb: [x, y]\\n", "ok.yaml")
{'a': 1, 'b': ['x', 'y']}
>>> parse_yaml("a: 1\\na: 2\\n", "twice.yaml")
Traceback (most recent call last):
...
rulesengine.errors.InputError: twice.yaml: invalid YAML at line 2, column 1: duplicate key 'a'
>>> parse_json('{"decisions": [', "cut.json")
Traceback (most recent call last):
...
rulesengine.errors.InputError: cut.json: invalid JSON at line 1, column 16: Expecting value
>>> parse_int("３", "--players", 2, 5)
Traceback (most recent call last):
...
rulesengine.errors.InputError: --players: must be 2 to 5 written with the digits 0-9, got '３'
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Final

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError, SafeConstructor

from rulesengine.errors import InputError
from rulesengine.messages import Message
from rulesengine.paths import NotARegularFileError, read_regular_file

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "MAX_NUMBER_CHARS",
    "MAX_VALUES",
    "is_int_text",
    "parse_data",
    "parse_int",
    "parse_json",
    "parse_seed",
    "parse_yaml",
    "read_data",
    "read_json",
    "read_text",
    "read_yaml",
]

#: The largest file read, in bytes (1 MiB). The largest file a game writes is a decisions file: about
#: 35 KB for the longest shipped script (4 loops of 6 days) and about 100 KB for a game of the largest
#: script allowed (8 loops of 8 days); a pure-Python YAML parse of 1 MiB takes about 2 s.
MAX_FILE_BYTES: Final = 1 << 20
#: The deepest nesting of lists and mappings (the project's files nest at most 5 deep).
MAX_NESTING: Final = 32
#: The most values (scalars, lists, mappings) one document may build, counting each YAML alias as a
#: copy of what it names, so a small file of nested aliases cannot expand into a huge tree.
MAX_VALUES: Final = 1_000_000
#: The longest number written in a file, in characters (Python refuses ``int()`` over 4,300 digits;
#: no number of either game needs more than a few).
MAX_NUMBER_CHARS: Final = 100
#: The longest whole number on the command line, in digits (seeds are at most 18 digits).
_MAX_OPTION_DIGITS: Final = 18

_INT_TEXT = re.compile(rf"-?[0-9]{{1,{_MAX_OPTION_DIGITS}}}")


def _one_line(text: str) -> str:
    """``text`` with its line breaks turned into spaces (every error is one line)."""
    return " ".join(text.splitlines())


def _position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


# --------------------------------------------------------------------------- reading


def read_text(
    path: str | Path, name: str | None = None, error_cls: type[InputError] = InputError
) -> str:
    """The text of a file: at most :data:`MAX_FILE_BYTES` bytes of UTF-8 (a leading BOM is dropped).

    ``name`` is how errors name the file (default: the path as given). Only a regular file is read: a
    folder, a FIFO, a device or a socket is refused at once (a FIFO is opened without waiting for a
    writer, so it never hangs).

    >>> read_text("/no/such/file.yaml")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: /no/such/file.yaml: cannot be read (No such file or directory)
    """
    name = str(path) if name is None else name
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES + 1)
    except NotARegularFileError:
        raise error_cls.of(name, "common.input.not_regular") from None
    except OSError as exc:
        raise error_cls.of(name, "common.input.unreadable", reason=exc.strerror or str(exc)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise error_cls.of(name, "common.input.too_large", limit=f"{MAX_FILE_BYTES:,}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start : exc.start + 1].hex()
        line = raw.count(b"\n", 0, exc.start) + 1
        raise error_cls.of(name, "common.input.not_utf8", byte=bad, line=line, offset=exc.start) from None


def read_yaml(path: str | Path, name: str | None = None, error_cls: type[InputError] = InputError) -> object:
    """Read and parse a YAML file (:func:`read_text`, then :func:`parse_yaml`)."""
    name = str(path) if name is None else name
    return parse_yaml(read_text(path, name, error_cls), name, error_cls)


def read_json(path: str | Path, name: str | None = None, error_cls: type[InputError] = InputError) -> object:
    """Read and parse a JSON file (:func:`read_text`, then :func:`parse_json`)."""
    name = str(path) if name is None else name
    return parse_json(read_text(path, name, error_cls), name, error_cls)


def read_data(path: str | Path, name: str | None = None, error_cls: type[InputError] = InputError) -> object:
    """Read and parse a file that may be JSON or YAML (:func:`read_text`, then :func:`parse_data`)."""
    name = str(path) if name is None else name
    return parse_data(read_text(path, name, error_cls), name, error_cls)


# --------------------------------------------------------------------------- YAML


class _BoundedLoader(yaml.SafeLoader):
    """A safe YAML loader that bounds nesting, values and numbers and refuses repeated keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._values = 0
        self._open: set[str] = set()
        self._sizes: dict[str, int] = {}

    def _count(self, n: int, mark: Any) -> None:
        self._values += n
        if self._values > MAX_VALUES:
            raise ComposerError(
                None, None, f"more than {MAX_VALUES:,} values (aliases counted in full)", mark
            )

    def compose_node(self, parent: Any, index: Any) -> Any:
        """Compose one node (PyYAML's hook), counting it and its depth; an alias counts its value."""
        event = self.peek_event()
        anchor: Any = getattr(event, "anchor", None)
        mark: Any = event.start_mark
        if isinstance(event, yaml.AliasEvent):
            if anchor in self._open:
                raise ComposerError(None, None, f"the alias *{anchor} is inside the value it names", mark)
            self._count(self._sizes.get(anchor, 1), mark)
            return super().compose_node(parent, index)
        nests = isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent))
        if nests and self._depth >= MAX_NESTING:
            raise ComposerError(None, None, f"nested deeper than {MAX_NESTING} levels", mark)
        start = self._values
        self._count(1, mark)
        if anchor is not None:
            self._open.add(anchor)
        self._depth += nests
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= nests
            if anchor is not None:
                self._open.discard(anchor)
        if anchor is not None:
            self._sizes[anchor] = self._values - start
        return node


def _construct_mapping(loader: _BoundedLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[object] = set()
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":  # ``<<: *base`` is not a key of its own
            continue
        key = loader.construct_object(key_node, deep=deep)
        if isinstance(key, (str, int, float, bool)) or key is None:
            if key in seen:
                raise ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
    return loader.construct_mapping(node, deep=deep)


def _construct_number(loader: _BoundedLoader, node: yaml.ScalarNode) -> object:
    if len(node.value) > MAX_NUMBER_CHARS:
        raise ConstructorError(
            None, None, f"a number longer than {MAX_NUMBER_CHARS} characters", node.start_mark
        )
    if node.tag.endswith(":int"):
        return SafeConstructor.construct_yaml_int(loader, node)
    return SafeConstructor.construct_yaml_float(loader, node)


_BoundedLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _construct_number)
_BoundedLoader.add_constructor("tag:yaml.org,2002:float", _construct_number)


def _yaml_message(exc: yaml.YAMLError, text: str, what: str) -> str:
    """One line for a YAML error: where the parser stopped, what it found, what it was reading."""
    if isinstance(exc, yaml.reader.ReaderError):
        line, column = _position(text, exc.position)
        return f"invalid {what} at line {line}, column {column}: character #x{exc.character:04x} not allowed"
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    problem = getattr(exc, "problem", None) or "syntax error"
    context = getattr(exc, "context", None)
    cmark = getattr(exc, "context_mark", None)
    if context and cmark is not None and cmark is not mark:
        problem += f" ({context} at line {cmark.line + 1}, column {cmark.column + 1})"
    return _one_line(f"invalid {what}{at}: {problem}")


def parse_yaml(
    text: str, name: str, error_cls: type[InputError] = InputError, what: str = "YAML"
) -> object:
    """Parse YAML text safely and within the limits; ``name`` names the file in errors.

    Aliases are read (the content files use them) and counted in full; an alias inside the value it
    names is refused.

    >>> parse_yaml("[" * 40, "deep.yaml")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: deep.yaml: invalid YAML at line 1, column 33: nested deeper than 32 levels
    >>> parse_yaml("a: &x [*x]", "loop.yaml")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: loop.yaml: invalid YAML at line 1, column 8: the alias *x is inside the \
value it names
    """
    loader = None
    try:
        loader = _BoundedLoader(text)
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        raise error_cls(name, _yaml_message(exc, text, what)) from None
    except (ValueError, RecursionError) as exc:  # pragma: no cover - the limits above prevent these
        raise error_cls(name, _one_line(f"invalid {what}: {exc}")) from None
    finally:
        if loader is not None:
            loader.dispose()


# --------------------------------------------------------------------------- JSON

_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class _Refused(ValueError):
    """A JSON document that parses but breaks a limit (duplicate key, long number, constant)."""


def _json_depth_problem(text: str) -> str | None:
    """Where ``text`` nests deeper than :data:`MAX_NESTING` (strings skipped), as ``line L, column C``."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return None
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                line, column = _position(text, match.start())
                return f"line {line}, column {column}"
        elif token in "]}":
            depth -= 1
    return None


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"duplicate key {key!r}")
        out[key] = value
    return out


def _json_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number longer than {MAX_NUMBER_CHARS} characters")
    return int(text)


def _json_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number longer than {MAX_NUMBER_CHARS} characters")
    return float(text)


def _json_constant(text: str) -> float:
    raise _Refused(f"{text} is not a JSON number")


def _locate(text: str, problem: str) -> str:
    """``invalid JSON at line L, column C: problem``, the position found by reading ``text`` as YAML.

    JSON's parser does not say where a duplicate key or a too long number is; the YAML reader,
    which also refuses both, does. Without a position when YAML reads the text differently.
    """
    try:
        parse_yaml(text, "", what="JSON")
    except InputError as exc:
        if exc.message.endswith(problem):
            return exc.message
    return _one_line(f"invalid JSON: {problem}")


def parse_json(text: str, name: str, error_cls: type[InputError] = InputError) -> object:
    """Parse JSON text within the limits, refusing a key written twice and ``NaN``/``Infinity``.

    >>> parse_json('{"a": 1, "a": 2}', "twice.json")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: twice.json: invalid JSON at line 1, column 10: duplicate key 'a'
    """
    deep = _json_depth_problem(text)
    if deep is not None:
        raise error_cls(name, f"invalid JSON at {deep}: nested deeper than {MAX_NESTING} levels")
    try:
        return json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_json_int,
            parse_float=_json_float,
            parse_constant=_json_constant,
        )
    except json.JSONDecodeError as exc:
        at = f"line {exc.lineno}, column {exc.colno}"
        raise error_cls(name, _one_line(f"invalid JSON at {at}: {exc.msg}")) from None
    except _Refused as exc:
        raise error_cls(name, _locate(text, str(exc))) from None
    except RecursionError:  # pragma: no cover - the depth check above prevents it
        raise error_cls(name, f"invalid JSON: nested deeper than {MAX_NESTING} levels") from None


def parse_data(text: str, name: str, error_cls: type[InputError] = InputError) -> object:
    """Parse a file that may be JSON or YAML: JSON when it reads as JSON (fast), else YAML.

    YAML is a superset of JSON's syntax, so an error is the YAML parser's, with line and column.

    >>> parse_data('{"decisions": []}', "d.json"), parse_data("decisions: []", "d.yaml")
    ({'decisions': []}, {'decisions': []})
    >>> parse_data('{"decisions": [{"type": "pass"}', "cut.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: cut.json: invalid YAML/JSON at line 1, column 32: expected ',' or ']', \
but got '<stream end>' (while parsing a flow sequence at line 1, column 15)
    """
    if text.lstrip()[:1] in ("{", "["):
        try:
            return parse_json(text, name, error_cls)
        except InputError:
            pass
    return parse_yaml(text, name, error_cls, what="YAML/JSON")


# --------------------------------------------------------------------------- numbers


def is_int_text(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, with an optional minus (at most 18 digits).

    >>> is_int_text("-12"), is_int_text("²"), is_int_text("1_000"), is_int_text("")
    (True, False, False, False)
    """
    return _INT_TEXT.fullmatch(text) is not None


def parse_int(
    text: str | None,
    where: str,
    low: int,
    high: int,
    expected: str | Message | None = None,
) -> int:
    """Read a whole number given as text (an option's value), in ``low..high``, ASCII digits only.

    Surrounding spaces are allowed, a minus sign only when ``low`` is negative; anything else
    (``²``, ``３``, ``٢``, ``1_000``, ``+3``, ``""``) is refused naming ``where``. ``expected``
    replaces ``"{low} to {high}"`` in the message. The refusal is a catalog message
    (``common.input.*``), so a command with ``--lang`` can say it in that language.

    >>> parse_int(" 4 ", "--players", 2, 5)
    4
    >>> parse_int("6", "--players", 2, 5)
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --players: must be 2 to 5, got '6'
    >>> parse_int("²", "--seed", -9, 9, expected="an integer")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --seed: must be an integer written with the digits 0-9, got '²'
    """
    need = expected if expected is not None else Message("common.input.range", {"low": low, "high": high})
    raw = (text or "").strip()
    if not is_int_text(raw) or (raw.startswith("-") and low >= 0):
        digits = raw.lstrip("-")
        if digits and any(c.isdigit() for c in digits) and not digits.isascii():
            raise InputError.of(where, "common.input.must_be_digits", need=need, text=repr(text))
        raise InputError.of(where, "common.input.must_be", need=need, text=repr(text))
    value = int(raw)
    if not low <= value <= high:
        raise InputError.of(where, "common.input.must_be", need=need, text=repr(text))
    return value


#: Seeds are whole numbers of at most 18 digits, either sign.
SEED_LIMIT: Final = 10**_MAX_OPTION_DIGITS - 1


def parse_seed(text: str | None, where: str = "--seed") -> int:
    """A seed given as text: a whole number of at most 18 ASCII digits, either sign.

    >>> parse_seed("-42"), parse_seed(" 7 ")
    (-42, 7)
    >>> parse_seed("４２")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --seed: must be an integer written with the digits 0-9, got '４２'
    """
    return parse_int(text, where, -SEED_LIMIT, SEED_LIMIT, expected=Message("common.input.integer", {}))
