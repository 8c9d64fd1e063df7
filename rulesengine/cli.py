"""The command line: ``python -m rulesengine GAME COMMAND …``.

Each game module registers its own subcommands through a function
``register(subparsers)`` in ``rulesengine/<game>/cli.py`` (and the exercises in
``rulesengine/exercises/cli.py``); this module only
wires them together and turns :class:`~rulesengine.errors.RulesEngineError`
into a one-line message on stderr with exit status 2 (the contract in
``docs/conventions.md``): English, or in the ``--lang`` language for the commands that ask for it
(:func:`error_text`). :func:`main` returns the exit status in every case, usage errors and
``--help`` included, so it can be called in-process (the fuzz tests do).

>>> main(["--version"])
rulesengine 0.1.0
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from rulesengine import __version__
from rulesengine.errors import RulesEngineError

#: Modules that provide ``register(subparsers)``: each game's commands, then the exercises.


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose usage errors are one line on stderr with exit status 2.

    argparse would print the whole usage block first; the contract is one line, as for
    every other bad input (docs/conventions.md).
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {one_line(f'{self.prog}: {message}')}\n")


def one_line(text: str) -> str:
    """``text`` with its line breaks turned into spaces: an error is always one line.

    A file name or a key read from a file may hold a line break; the message must not.

    >>> one_line("bad.yaml: key\\nwith a break: unknown key")
    'bad.yaml: key with a break: unknown key'
    """
    return " ".join(text.splitlines())


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
    """Run the command line and return the exit status."""
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
