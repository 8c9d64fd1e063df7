"""Command line of the Tragedy Looper engine: ``python -m rulesengine looper …``.

Subcommands:

- ``replay SCRIPT DECISIONS [--json] [--lang en|vi]``: replay a decisions file on a script and print the
  public log and the outcome (the JSON form also carries the full final state).
- ``play SCRIPT [--seed N] [--agents random|heuristic] [--record FILE] [--json] [--lang en|vi]``: play a
  game with agents (:func:`rulesengine.contract.drive`); ``--record`` writes its decisions file (the
  replay shape both games share).

Without ``--lang`` the log is one ``key=value`` line per event (the form scripts and log files read);
with ``--lang en`` or ``--lang vi`` it is one sentence per event in that language, after the loop, the
day and the rule id (:func:`rulesengine.looper.text.readable_report`). ``--json`` ignores ``--lang``.

>>> from rulesengine.cli import main
>>> from rulesengine.looper.script import SCRIPTS_DIR
>>> tutorial = str(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> main(["looper", "play", tutorial, "--seed", "1"]) == 0  # doctest: +ELLIPSIS
L1 D1 loop_start loop_start leader=0
...
True
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rulesengine.contract import drive, write_replay
from rulesengine.inputs import parse_seed
from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.engine import Game
from rulesengine.looper.replay import decisions_document, read_decisions, replay, report, text_report
from rulesengine.looper.script import load_script, validation_report
from rulesengine.looper.text import readable_report

#: The languages of ``--lang``.
LANGS = ("en", "vi")


def register(subparsers: Any) -> None:
    """Add the ``looper`` sub-parser with its subcommands."""
    parser = subparsers.add_parser("looper", help="Tragedy Looper engine")
    sub = parser.add_subparsers(dest="looper_command", metavar="COMMAND")
    rp = sub.add_parser("replay", help="replay a decisions file on a script")
    rp.add_argument("script", help="script file (YAML)")
    rp.add_argument("decisions", help="decisions file (YAML or JSON), see docs/looper_replay.md")
    rp.add_argument("--json", action="store_true", help="print one JSON object")
    rp.add_argument("--lang", choices=LANGS, help="print the log as sentences in this language")
    rp.set_defaults(handler=_replay)
    pp = sub.add_parser("play", help="play a game with agents")
    pp.add_argument("script", help="script file (YAML)")
    pp.add_argument("--seed", default="0", help="seed of the agents (default 0)")
    pp.add_argument("--agents", choices=("random", "heuristic"), default="random")
    pp.add_argument("--record", help="write the game's decisions file here (JSON)")
    pp.add_argument("--json", action="store_true", help="print one JSON object")
    pp.add_argument("--lang", choices=LANGS, help="print the log as sentences in this language")
    pp.set_defaults(handler=_play)
    vp = sub.add_parser("validate", help="check script files: every problem and playability note")
    vp.add_argument("scripts", nargs="+", help="script files (YAML), see docs/looper_scripts.md")
    vp.add_argument("--json", action="store_true", help="print one JSON list of reports")
    vp.set_defaults(handler=_validate)


def _print(game: Game, as_json: bool, lang: str | None = None) -> None:
    if as_json:
        print(json.dumps(report(game), sort_keys=True))
    elif lang is not None:
        print(readable_report(report(game), lang))
    else:
        print(text_report(game))


def _replay(args: argparse.Namespace) -> int:
    script = load_script(args.script)
    game = replay(script, read_decisions(args.decisions), where=args.decisions)
    _print(game, args.json, args.lang)
    return 0


def _play(args: argparse.Namespace) -> int:
    seed = parse_seed(args.seed)
    script = load_script(args.script)
    game = Game(script)
    if args.agents == "random":
        agents: dict[str, Any] = {
            "mastermind": RandomAgent(seed),
            "protagonists": RandomAgent(seed + 1),
        }
    else:
        agents = {
            "mastermind": HeuristicMastermind(seed),
            "protagonists": HeuristicProtagonists(seed + 1),
        }
    drive(game, agents)
    if args.record:
        write_replay(args.record, decisions_document(game))
    _print(game, args.json, args.lang)
    return 0


def _validate(args: argparse.Namespace) -> int:
    """Exit 0 when every file is valid, 1 when some file breaks a rule of script creation."""
    reports = [validation_report(path) for path in args.scripts]
    if args.json:
        print(json.dumps(reports, sort_keys=True))
    else:
        for rep in reports:
            print(f"{rep['file']}: {'valid' if rep['valid'] else 'INVALID'}")
            for problem in rep["problems"]:  # type: ignore[attr-defined]
                print(f"  problem: {problem}")
            for warning in rep["warnings"]:  # type: ignore[attr-defined]
                print(f"  note: {warning}")
    return 0 if all(rep["valid"] for rep in reports) else 1
