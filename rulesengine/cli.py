"""The command line: ``python -m rulesengine GAME COMMAND …``.

Each game module registers its own subcommands through a function
``register(subparsers)`` in ``rulesengine/<game>/cli.py`` (and the exercises in
``rulesengine/exercises/cli.py``); this module only
wires them together and turns :class:`~rulesengine.errors.RulesEngineError`
into a one-line message on stderr with exit status 2 (the contract in
``docs/conventions.md``): English, or in the ``--lang`` language for the commands that ask for it
(:func:`error_text`). :func:`main` returns the exit status in every case, usage errors and
``--help`` included, so it can be called in-process (the fuzz tests do).

Standard output is watched (:class:`_Stdout`): a reader that went away (``… | head -1``) ends the
command quietly with the status of SIGPIPE (141, as a shell shows it); a full disk, ``/dev/full`` or an
I/O error is one ``error: standard output: …`` line, and a standard output closed at start one
``error: standard output: is closed …`` line, each with status 2 (``docs/conventions.md``, Output
files). A shipped data file that is missing or damaged is one line naming it and how to restore it
(:class:`~rulesengine.errors.ShippedDataError`).

>>> main(["--version"])
rulesengine 0.1.0
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from rulesengine import __version__
from rulesengine.errors import InputError, RulesEngineError, ShippedDataError
from rulesengine.messages import UnknownMessageError

#: The exit status of a command whose reader went away: 128 + SIGPIPE, as a shell shows it.
PIPE_CLOSED = 128 + int(getattr(signal, "SIGPIPE", 13))
#: How errors name standard output.
STDOUT = "standard output"

#: Modules that provide ``register(subparsers)``: each game's commands, then the exercises.


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose usage errors are one line on stderr with exit status 2.

    argparse would print the whole usage block first; the contract is one line, as for
    every other bad input (docs/conventions.md).
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {one_line(f'{self.prog}: {message}')}\n")


def one_line(text: str) -> str:
    """``text`` with its line breaks turned into spaces and its other control and bidirectional
    characters escaped (:func:`rulesengine.outputs.printable`): an error is always one line, and shows
    what a name read from a file holds.

    A file name or a key read from a file may hold a line break; the message must not.

    >>> one_line("bad.yaml: key\\nwith a break: unknown key")
    'bad.yaml: key with a break: unknown key'
    >>> one_line("s.yaml: title \\x1b[2J\\u202e")
    's.yaml: title \\\\x1b[2J\\\\u202e'
    """
    from rulesengine.outputs import printable

    return printable(" ".join(text.splitlines()))


class _ReaderGone(Exception):
    """Standard output's reader went away (a closed pipe)."""


class _Stdout(io.TextIOBase):
    """Standard output as the commands write it: a closed pipe raises :class:`_ReaderGone`, any other
    failure to write an :class:`InputError` naming standard output."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self.stream = stream
        self.failed = False

    def _guard(self, exc: OSError) -> NoReturn:
        self.failed = True
        if isinstance(exc, BrokenPipeError):
            raise _ReaderGone from None
        raise InputError.of(STDOUT, "common.output.stdout", reason=exc.strerror or str(exc)) from None

    def write(self, text: str) -> int:
        """Write ``text`` to the stream."""
        try:
            return int(self.stream.write(text))
        except OSError as exc:
            self._guard(exc)

    def flush(self) -> None:
        """Flush the stream."""
        try:
            self.stream.flush()
        except OSError as exc:
            self._guard(exc)

    def writable(self) -> bool:
        """Always: standard output is written."""
        return True

    def isatty(self) -> bool:
        """Whether the stream is a terminal."""
        return bool(getattr(self.stream, "isatty", lambda: False)())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The stream's encoding."""
        return str(getattr(self.stream, "encoding", None) or "utf-8")


def _silence(stream: Any) -> None:
    """Point the file descriptor of ``stream`` at the null device, so the interpreter's last flush of what
    is still buffered does not fail again (Python's documented recipe for a closed pipe)."""
    with contextlib.suppress(AttributeError, OSError, ValueError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with every game's subcommands registered."""
    parser = _Parser(
        prog="python -m rulesengine",
        description="Exact rules engines for Tragedy Looper and In a Grove.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    games = parser.add_subparsers(dest="game", metavar="GAME")
    from rulesengine.exercises import cli as exercises_cli  # (each game's commands, loaded when asked)
    from rulesengine.grove import cli as grove_cli
    from rulesengine.looper import cli as looper_cli

    for module in (grove_cli, looper_cli, exercises_cli):
        module.register(games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status (:data:`PIPE_CLOSED` when the reader of standard
    output went away, 2 with one ``error:`` line when it cannot be written)."""
    stream = sys.stdout
    if stream is None:  # started with standard output closed (``>&-``): nothing it prints would show
        if sys.stderr is not None:
            print(f"error: {InputError.of(STDOUT, 'common.output.stdout_closed')}", file=sys.stderr)
        return 2
    guarded = _Stdout(stream)
    try:
        with contextlib.redirect_stdout(guarded):
            status = _main(argv)
            if not guarded.failed:  # (a failure already said is not said twice)
                sys.stdout.flush()
    except _ReaderGone:
        _silence(stream)
        return PIPE_CLOSED
    except RulesEngineError as exc:  # standard output that cannot be written at the last flush, or shipped
        print(f"error: {one_line(str(exc))}", file=sys.stderr)  # data damaged while the commands load
        status = 2
    except UnknownMessageError as exc:  # a catalog missing or damaged (the code names only ids it has)
        from rulesengine.messages import TEMPLATE, CatalogFileError

        if isinstance(exc, CatalogFileError):
            shipped = ShippedDataError(exc.path, exc.problem)
        else:
            shipped = ShippedDataError(TEMPLATE, str(exc))
        print(f"error: {one_line(str(shipped))}", file=sys.stderr)
        status = 2
    if guarded.failed:  # what is still buffered would fail again when the interpreter exits
        _silence(stream)
    return status


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main` once standard output is watched."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already printed as one line
        return exc.code if isinstance(exc.code, int) else 2 if exc.code else 0
    if args.version:
        print(f"rulesengine {__version__}")
        return 0
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return int(handler(args))
    except RulesEngineError as exc:
        print(f"error: {one_line(error_text(exc, args))}", file=sys.stderr)
        return 2


def error_text(exc: RulesEngineError, args: argparse.Namespace) -> str:
    """The error's text: English, or in the ``--lang`` language for a command that says its errors in it
    (``error_lang`` among its defaults) when the error is a catalog message (``InputError.of``).

    The word ``error:`` before it, and the option, file, entry and field at its start, are the same in
    every language.
    """
    lang = getattr(args, "lang", None) if getattr(args, "error_lang", False) else None
    return str(exc) if lang is None else exc.localized(lang)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
