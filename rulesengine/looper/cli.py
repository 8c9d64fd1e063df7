"""Command line of the Tragedy Looper engine: ``python -m rulesengine looper …``.

Subcommands:

- ``replay SCRIPT DECISIONS [--json] [--lang en|vi]``: replay a decisions file on a script and print the
  public log and the outcome (the JSON form also carries the full final state).
- ``deduce SCRIPT DECISIONS [--json] [--by-day] [--lang en|vi] [--no-progress]``: the deduction from the
  Protagonists' observation, a progress bar on a terminal's stderr (``docs/looper_deduction.md``).
- ``play SCRIPT [--seed N] [--agents random|heuristic] [--mastermind search1..search3|mcts1..mcts3]
  [--record FILE] [--json] [--lang en|vi]``: play a game with agents (:func:`rulesengine.contract.drive`);
  ``--mastermind`` puts the searching Mastermind of that strength in the Mastermind's seat
  (:class:`~rulesengine.looper.play.search.SearchingMastermind`, or OpenSpiel's MCTS:
  :class:`~rulesengine.looper.play.openspiel_game.OpenSpielMastermind`); ``--record`` writes its decisions
  file (the replay shape both games share).
- ``tournament [--scripts S,…] --mastermind A --protagonists B [--games N] [--seed S] [--workers W |
  --scheduler ADDRESS] [--json] [--lang en|vi] [--no-progress]``: many seeded games of one Mastermind
  agent (``random``, ``heuristic``, ``search1``…``search3``, ``mcts1``…``mcts3``) against one Protagonists
  agent (``random``, ``heuristic``, ``deducing``, ``psearch1``…``psearch3``) on each script (files, or
  shipped script ids or their prefixes; default every shipped script), through the one runner; the
  Mastermind's win rate per script with a Wilson 95 % interval (:mod:`rulesengine.looper.play.tournament`).
- ``analyse SCRIPT [--games N] [--pairs M:P,…] [--deduce-games D] [--seed S] [--workers W | --scheduler
  ADDRESS] [--json] [--lang en|vi] [--no-progress]``: the analyst's view of a script — the win rates of
  agent pairs, the incidents and loss conditions per loop and day, the deduction after each day of a few
  games (:mod:`rulesengine.looper.play.analyse`).
- ``validate SCRIPT… [--json] [--lang en|vi]``: every problem and playability note of script files
  (:func:`rulesengine.looper.rules.script.validation_report`); exit 0 when every file is valid, 1 when some
  file breaks a rule of script creation.
- ``import FILE [--title TITLE] [--difficulty N] [--out DIR] [--json] [--lang en|vi]``: convert the First
  Steps and Basic Tragedy X scripts of a community script file (:mod:`rulesengine.looper.play.community`),
  validate them and write them to DIR; exit 0 when every converted script is valid, 1 when some is
  invalid.
- ``export SCRIPT… [--out FILE] [--lang en|vi]``: write scripts in the community format.

Without ``--lang`` the log of ``replay`` and ``play`` is one ``key=value`` line per event (the form scripts
and log files read); with ``--lang en`` or ``--lang vi`` it is one sentence per event in that language,
after the loop, the day and the rule id (:func:`rulesengine.looper.rules.text.readable_report`). ``validate``
and ``import`` say their report (valid or not, each problem and note, why a script is skipped) in the
``--lang`` language, English by default; the files, entries, fields, ids and titles stay as written.
For ``validate``, ``import`` and ``export`` the ``error: …`` line of a script that breaks a rule of
script creation is in that language too. ``--json`` ignores ``--lang``.

>>> from rulesengine.cli import main
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR
>>> tutorial = str(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> main(["looper", "play", tutorial, "--seed", "1"]) == 0  # doctest: +ELLIPSIS
L1 D1 loop_start loop_start leader=0
...
True
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulesengine.contract import drive, write_replay
from rulesengine.errors import InputError
from rulesengine.inputs import parse_seed
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.play.replay import (
    decisions_document,
    read_decisions,
    replay,
    report,
    ruling_options,
    text_report,
)
from rulesengine.looper.play.tournament import make_agent
from rulesengine.looper.rules.actions import from_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import load_script, validation_report
from rulesengine.looper.rules.text import (
    character_name,
    describe_action,
    plot_name,
    readable_report,
    role_name,
)
from rulesengine.messages import message
from rulesengine.outputs import output_path, printable, write_files, write_text

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
    pp.add_argument(
        "--mastermind",
        choices=("search1", "search2", "search3", "mcts1", "mcts2", "mcts3"),
        help="the searching Mastermind (searchN) or OpenSpiel's MCTS (mctsN) of this strength in the "
        "Mastermind's seat (the other seat: --agents)",
    )
    pp.add_argument("--record", help="write the game's decisions file here (JSON)")
    pp.add_argument("--json", action="store_true", help="print one JSON object")
    pp.add_argument("--lang", choices=LANGS, help="print the log as sentences in this language")
    pp.set_defaults(handler=_play)
    tp = sub.add_parser("tournament", help="many seeded games of one agent pair on scripts: win rates")
    tp.add_argument("--scripts", default="all", help="script files or shipped ids/prefixes, comma-separated")
    tp.add_argument("--mastermind", required=True, help="random, heuristic, search1..search3 or mcts1..mcts3")
    tp.add_argument("--protagonists", required=True, help="random, heuristic, deducing or psearch1..psearch3")
    tp.add_argument("--games", default="30", help="games per script (default 30)")
    tp.add_argument("--seed", default="0", help="seed of game 0 (default 0)")
    _add_runner_options(tp)
    tp.set_defaults(handler=_tournament, error_lang=True)
    _register_analyse(sub)
    vp = sub.add_parser("validate", help="check script files: every problem and playability note")
    vp.add_argument("scripts", nargs="+", help="script files (YAML), see docs/looper_scripts.md")
    vp.add_argument("--json", action="store_true", help="print one JSON list of reports (English)")
    vp.add_argument("--lang", choices=LANGS, help="the language of the report (default English)")
    vp.set_defaults(handler=_validate, error_lang=True)
    _register_deduce(sub)
    _register_community(sub)


def _add_runner_options(parser: Any) -> None:
    """The options of a command that plays its games through the one runner (``tournament``,
    ``analyse``): where to run them, the JSON form, the report's language, the progress bar."""
    parser.add_argument("--workers", help="local processes")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler (or DASK_SCHEDULER_ADDRESS)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=LANGS, help="the language of the report (default English)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


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
    record = None if args.record is None else output_path(args.record, "--record", inputs=[args.script])
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
    if args.mastermind is not None:
        agents["mastermind"] = make_agent(args.mastermind, "mastermind", seed)
    drive(game, agents)
    if record is not None:
        write_replay(str(record), decisions_document(game), inputs=[args.script])
    _print(game, args.json, args.lang)
    return 0


def _tournament_scripts(spec: str, option: str = "--scripts") -> list[str]:
    """``--scripts``: ``all``, or comma-separated script files and shipped script ids (or prefixes); a bad
    item is an error naming ``option``."""
    from pathlib import Path

    from rulesengine.looper.rules.script import shipped_scripts

    shipped = shipped_scripts()
    out: list[str] = []
    for item in (x.strip() for x in spec.split(",")):
        if item == "all":
            out += [str(p) for p in shipped]
            continue
        found = [str(p) for p in shipped if item and p.stem.startswith(item)]
        if not found and item and Path(item).is_file():
            found = [item]
        if not found:
            raise InputError.of(
                option, "looper.cli.error.no_script", script=repr(item),
                known=", ".join(p.stem for p in shipped),
            )
        out += found
    return list(dict.fromkeys(out))


def _tournament(args: argparse.Namespace) -> int:
    from rulesengine.inputs import parse_int
    from rulesengine.looper.play.tournament import check_agent, tournament
    from rulesengine.runner import where

    check_agent(args.mastermind, "mastermind")
    check_agent(args.protagonists, "protagonists")
    scripts = _tournament_scripts(args.scripts)
    games = parse_int(args.games, "--games", 1, 1_000_000)
    seed = parse_seed(args.seed)
    workers, scheduler = where(args.workers, args.scheduler)
    lang = args.lang or "en"
    result = tournament(
        scripts, args.mastermind, args.protagonists, games, seed, workers=workers,
        scheduler=scheduler, progress=not args.no_progress, language=lang,
    )
    print(json.dumps(result.as_json()) if args.json else result.render(lang))
    return 0


def _register_analyse(sub: Any) -> None:
    """``analyse SCRIPT [--games N] [--pairs M:P,…] [--deduce-games D] [--seed S] [--workers W | --scheduler
    ADDRESS] [--json] [--lang en|vi] [--no-progress]`` (:mod:`rulesengine.looper.play.analyse`)."""
    from rulesengine.looper.play.analyse import DEFAULT_PAIRS

    pairs = ",".join(f"{m}:{p}" for m, p in DEFAULT_PAIRS)
    ap = sub.add_parser("analyse", help="an analyst's view of a script: win rates, what decides the games, "
                                        "when the roles become deducible")
    ap.add_argument("script", help="a script file or a shipped script id (or its prefix)")
    ap.add_argument("--games", default="20", help="games per pair (default 20)")
    ap.add_argument("--pairs", default=pairs,
                    help=f"MASTERMIND:PROTAGONISTS agents, comma-separated (default {pairs})")
    ap.add_argument("--deduce-games", default="2",
                    help="games of the first pair deduced after each day (default 2; 0: none)")
    ap.add_argument("--seed", default="0", help="seed of game 0 of each pair (default 0)")
    _add_runner_options(ap)
    ap.set_defaults(handler=_analyse, error_lang=True)


def _analyse(args: argparse.Namespace) -> int:
    """Every option checked before any game, then :func:`~rulesengine.looper.play.analyse.analyse`."""
    from rulesengine.inputs import parse_int
    from rulesengine.looper.play.analyse import analyse, parse_pairs
    from rulesengine.runner import where

    scripts = _tournament_scripts(args.script, "SCRIPT")
    if len(scripts) != 1:  # (a prefix of several shipped scripts, "all", or a list)
        raise InputError.of("SCRIPT", "looper.cli.error.several_scripts", script=repr(args.script),
                            count=len(scripts), names=", ".join(Path(p).stem for p in scripts))
    games = parse_int(args.games, "--games", 1, 1_000_000)
    deduce_games = parse_int(args.deduce_games, "--deduce-games", 0, games)
    pairs = parse_pairs(args.pairs)
    seed = parse_seed(args.seed)
    workers, scheduler = where(args.workers, args.scheduler)
    lang = args.lang or "en"
    result = analyse(scripts[0], pairs, games, seed, deduce_games=deduce_games, workers=workers,
                     scheduler=scheduler, progress=not args.no_progress, language=lang)
    print(json.dumps(result.as_json(), ensure_ascii=False) if args.json else result.render(lang))
    return 0


def _report_lines(head: str, valid: bool, problems: list[str], notes: list[str], lang: str) -> list[str]:
    """What ``validate`` and ``import`` print for one script: ``HEAD: valid`` (or ``INVALID``), then each
    problem and note, indented, in ``lang``. What comes from a file (a title, a name, a value) is shown
    with its control and bidirectional characters escaped (:func:`rulesengine.outputs.printable`): one
    line per item, whatever the file holds.

    >>> for line in _report_lines("s.yaml", False, ["s.yaml: public: days: …"], [], "vi"):
    ...     print(line)
    s.yaml: KHÔNG HỢP LỆ
      lỗi: s.yaml: public: days: …
    """
    status = message("looper.cli.valid" if valid else "looper.cli.invalid", lang)
    lines = [f"{printable(head)}: {status}"]
    lines += [f"  {message('looper.cli.problem', lang, problem=printable(problem))}" for problem in problems]
    lines += [f"  {message('looper.cli.note', lang, note=printable(note))}" for note in notes]
    return lines


def _validate(args: argparse.Namespace) -> int:
    """Exit 0 when every file is valid, 1 when some file breaks a rule of script creation."""
    lang = "en" if args.json or args.lang is None else args.lang
    reports = [validation_report(path, language=lang) for path in args.scripts]
    if args.json:
        print(json.dumps(reports, sort_keys=True))
    else:
        for rep in reports:
            problems: Any = rep["problems"]
            notes: Any = rep["warnings"]
            print("\n".join(_report_lines(str(rep["file"]), bool(rep["valid"]), problems, notes, lang)))
    return 0 if all(rep["valid"] for rep in reports) else 1


def _register_deduce(sub: Any) -> None:
    """``deduce SCRIPT DECISIONS [--json] [--by-day] [--lang en|vi] [--no-progress]``
    (docs/looper_deduction.md)."""
    dp = sub.add_parser("deduce", help="deduce the private sheet from the Protagonists' observation")
    dp.add_argument("script", help="script file (YAML): only its public sheet is used")
    dp.add_argument("decisions", help="decisions file (YAML or JSON); only the Protagonists' view is used")
    dp.add_argument("--json", action="store_true", help="print one JSON object")
    dp.add_argument("--by-day", action="store_true",
                    help="also deduce at the end of each day (JSON key \"days\")")
    dp.add_argument("--lang", choices=("en", "vi"), default="en", help="language of the explanations")
    dp.add_argument("--no-progress", action="store_true",
                    help="no progress bar on stderr (it is drawn only when stderr is a terminal)")
    dp.set_defaults(handler=_deduce, error_lang=True)


def _unexplained(result: Any, where: str, lang: str) -> InputError:
    """The error for a record no private sheet explains, naming the first event that cannot be explained:
    the one that removed the last candidates (the eliminations are charged to events in record order,
    each candidate to the first event it cannot produce)."""
    last = result.as_dict(lang)["eliminated"][-1]
    return InputError.of(where, "looper.deduce.cli.unexplained", event=last["event"], kind=last["kind"],
                         why=last["why"])


#: The deduction's progress bar: the share done, the bar, how many of how many (events, then days), time
#: spent and left (no rate: "events/s" reads badly in either language).
_BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} {unit} [{elapsed}<{remaining}]"


def _deduce(args: argparse.Namespace) -> int:
    """Replay the decisions with their ruling options, keep only the Protagonists' record, and print the
    deduction; a record that no private sheet explains is an error naming the first event that cannot be
    explained (never a silent "0 candidates"). A progress bar on stderr (a terminal only, and not with
    ``--no-progress``) counts the record's events the search has followed, then the days of ``--by-day``."""
    import sys

    from tqdm import tqdm

    from rulesengine.looper.deduction import PublicRecord, deduce

    script = load_script(args.script)
    document = read_decisions(args.decisions)
    game = replay(script, document, where=args.decisions)
    options = ruling_options(script, document, where=args.decisions)
    record = PublicRecord.from_game(game, options)
    lang = args.lang

    def say(msg_id: str, **fields: object) -> str:
        return message(f"looper.deduce.cli.{msg_id}", lang, **fields)

    bar = tqdm(total=len(record.events), desc=say("progress"), unit=say("progress_unit"), file=sys.stderr,
               bar_format=_BAR_FORMAT,
               disable=True if args.no_progress else None, leave=False)  # (None: drawn on a terminal only)

    def follow(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    try:
        result = deduce(record, progress=follow)
        if result.candidates == 0:
            raise _unexplained(result, args.decisions, lang)
        bar.set_description_str(say("progress_details"))
        data = result.as_dict(lang, truth=game.script)
        if args.by_day:
            from rulesengine.looper.deduction import day_records

            days = list(day_records(game, options))
            bar.unit = say("progress_day_unit")
            bar.set_description_str(say("progress_days"), refresh=False)
            bar.reset(total=len(days))
            data["days"] = []
            at = None
            for loop, day, day_record in days:
                at = deduce(day_record, after=at)  # (going on from the day before)
                data["days"].append(
                    {
                        "loop": loop,
                        "day": day,
                        "candidates": at.candidates,
                        "entropy_bits": round(at.entropy_bits, 6),
                        "certain_roles": at.certain_roles,
                        "true_script_probability": str(at.probability_of(game.script)),
                    }
                )
                bar.update(1)
    finally:
        bar.close()
    if args.json:
        print(json.dumps(data, sort_keys=True, ensure_ascii=False))
        return 0

    def share(names: dict[str, str], name: Callable[[str, str], str]) -> str:
        return ", ".join(f"{name(k, lang)} {p}" for k, p in names.items())

    weighting = message("looper.deduce.weighting_uniform", lang)
    print(say("candidates", count=data["candidates"], weighting=weighting))
    for character, dist in data["roles"].items():
        print("  " + say("roles", character=character_name(character, lang), roles=share(dist, role_name)))
    for day, dist in data["culprits"].items():
        print("  " + say("culprits", day=day, culprits=share(dist, character_name)))
    print(say("plots", plots=share(data["plots"], plot_name)))
    guess = data["best_guess"]
    named = ", ".join(f"{character_name(c, lang)} = {role_name(r, lang)}" for c, r in guess["roles"].items())
    print(say("best_guess", probability=guess["probability"], roles=named))
    for e in data["eliminated"]:
        print("  " + say("eliminated", event=e["event"], kind=e["kind"], removed=e["removed"], why=e["why"]))
    for n in data["next"]:
        action = describe_action(from_dict(n["action"]), lang)
        print("  " + say("next", action=action, bits=f"{n['expected_bits']:.3f}"))
    return 0


# --------------------------------------------------------------------------- community scripts


def _register_community(sub: Any) -> None:
    """Add ``import`` and ``export`` (the community script format, docs/looper_scripts.md)."""
    ip = sub.add_parser("import", help="convert a community script file (JSON) to the project's scripts")
    ip.add_argument("file", help="community script file ({\"scripts\": [...]}, // comments allowed)")
    ip.add_argument("--title", help="convert only the script with this title")
    ip.add_argument("--difficulty", help="the difficulty set whose loops to use (default: the first)")
    ip.add_argument("--out", help="write each converted script to this folder as ID.yaml")
    ip.add_argument("--json", action="store_true", help="print one JSON list of results (English)")
    ip.add_argument("--lang", choices=LANGS, help="the language of the report (default English)")
    ip.set_defaults(handler=_import, error_lang=True)
    ep = sub.add_parser("export", help="write scripts in the community format (JSON)")
    ep.add_argument("scripts", nargs="+", help="script files (YAML)")
    ep.add_argument("--out", help="write the community file here (default: print it)")
    ep.add_argument("--lang", choices=LANGS, help="the language of the error line (default English)")
    ep.set_defaults(handler=_export, error_lang=True)


def _import(args: argparse.Namespace) -> int:
    """Exit 0 when every converted script is valid, 1 when some is invalid (2 on malformed input)."""
    from pathlib import Path

    from rulesengine.inputs import parse_int
    from rulesengine.looper.play.community import import_scripts, read_community
    from rulesengine.looper.rules.script import dump_script

    difficulty = None if args.difficulty is None else parse_int(args.difficulty, "--difficulty", 1, 99)
    folder = None if args.out is None else output_path(args.out, "--out", folder=True)
    data = read_community(args.file)
    results = import_scripts(data, Path(args.file).name, title=args.title, difficulty=difficulty)
    if folder is not None:  # every converted script, or none (rulesengine.outputs)
        files = {f"{r.script.id}.yaml": dump_script(r.script) for r in results if r.script is not None}
        write_files(folder, files, option="--out", inputs=[args.file])
    if args.json:
        print(json.dumps([r.as_dict() for r in results], sort_keys=True, ensure_ascii=False))
    else:
        lang = args.lang or "en"
        for r in results:
            if r.script is None:
                reason = printable(r.reason_in(lang))
                print(message("looper.cli.skipped", lang, title=printable(r.title), reason=reason))
                continue
            head = f"{r.script.id}: {r.title}"
            print("\n".join(_report_lines(head, r.status == "valid", r.problems_in(lang), r.warnings_in(lang),
                                          lang)))
    return 1 if any(r.status == "invalid" for r in results) else 0


def _export(args: argparse.Namespace) -> int:
    """Print (or write to ``--out``, whole or not at all, never onto a script) the scripts as one community
    file."""

    from rulesengine.looper.play.community import export_scripts

    out = None if args.out is None else output_path(args.out, "--out", inputs=args.scripts)
    text = json.dumps(export_scripts([load_script(p) for p in args.scripts]), indent=2, ensure_ascii=False)
    if out is not None:
        write_text(out, text + "\n", option="--out", inputs=args.scripts)
    else:
        print(text)
    return 0
