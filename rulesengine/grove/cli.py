"""``python -m rulesengine grove …``: exact culprit odds and the odds table from the shell.

``grove odds --players N --alibis A[,B] --seen I=V,J=V [--public V] [--json]`` prints the exact
probability that each suspect (index 0, 1, 2) is the culprit for one detective (GR-R1..R3; two
alibis with 3 to 5 players, GR-I2; one alibi and the face-up ``--public`` figure with 2 players,
GR-2P1..2P3). ``grove play --players N [--seed S] [--strategy NAME] [--record FILE] [--json]`` plays a
seeded game and prints its public log (``--record`` writes its replay record, the shape both games share:
``docs/conventions.md``); ``grove replay RECORD [--json]`` replays a record (a file written by
``--record``, the whole output of ``play --json``, or an older record). ``grove table [--check]`` regenerates
``data/grove/culprit_odds.csv``. ``grove strategy --players N [--iterations K] [--json]`` solves one round
with OpenSpiel's CFR+ and prints the exploitability (two players) or NashConv and where the strategy file
is; ``grove tournament --players N --policies P,Q,… --games G [--workers W | --scheduler ADDRESS] [--json]``
plays a seat-rotated tournament (:mod:`rulesengine.grove.strategy.tournament`).
``play``, ``replay``, ``odds``, ``strategy``, ``tournament`` and ``table`` take ``--lang en|vi``: the log,
the odds' sentences, the solver's summary, the tournament's heading and columns or the table's report in
that language (the rule ids, numbers, policy names and paths stay; the default is English; the JSON form
is the same with or without it). For ``strategy``, ``tournament`` and ``table`` the ``error: …`` line is
in that language too where its sentence is in the catalogs.

Every option is read as a raw string and checked here, so each bad input gives one ``error: …``
line and exit status 2 (through :func:`rulesengine.cli.main`).

>>> from rulesengine.cli import main
>>> main(["grove", "odds", "--players", "3", "--alibis", "2,3", "--seen", "0=7,1=8", "--json"])
{"odds": [0.0, 0.6666666666666666, 0.3333333333333333], "exact": ["0/1", "2/3", "1/3"]}
0
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rulesengine.contract import write_replay
from rulesengine.errors import IllegalActionError, InputError
from rulesengine.grove.odds.exact import CulpritOdds, Knowledge, culprit_odds
from rulesengine.grove.rules.figures import Figure, parse_figure
from rulesengine.grove.rules.game import GameState
from rulesengine.grove.strategy.policies import STRATEGIES
from rulesengine.inputs import is_int_text, parse_int, parse_seed, read_json
from rulesengine.messages import message
from rulesengine.outputs import output_path, printable

__all__ = ["parse_odds_args", "register", "render_odds", "render_strategy"]


def _split(raw: str) -> list[str]:
    return [part.strip() for part in raw.split(",")] if raw.strip() else []


def parse_odds_args(
    players: str | None, alibis: str | None, seen: str | None, public: str | None
) -> Knowledge:
    """Turn the raw option strings of ``grove odds`` into a validated :class:`Knowledge`.

    >>> parse_odds_args("2", "5", "1=8", "3")
    Knowledge(players=2, alibis=(5,), seen=((1, 8),), public=3)
    >>> parse_odds_args("4", "2,3", "3=7", None)
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --seen: suspect index must be 0, 1 or 2, got 3
    """
    if players is None:
        raise InputError.of("--players", "grove.cli.error.players_required")
    n = parse_int(players, "--players", 2, 5)
    if alibis is None:
        raise InputError("--alibis", "is required (two figures A,B with 3 to 5 players; one with 2)")
    alibi_figs = [parse_figure(v, "--alibis") for v in _split(alibis)]
    if seen is not None and not _split(seen):
        raise InputError("--seen", "is empty; leave the option out when no suspect was looked at")
    seen_map: list[tuple[int, Figure]] = []
    for item in _split(seen or ""):
        index, sep, value = item.partition("=")
        index = index.strip()
        if not sep or not is_int_text(index):
            raise InputError("--seen", f"expected I=V pairs such as 0=7,1=X; got {item!r}")
        seen_map.append((int(index), parse_figure(value, "--seen")))
    pub = None if public is None else parse_figure(public, "--public")
    try:
        return Knowledge.make(n, alibi_figs, seen_map, pub)
    except InputError as exc:
        raise InputError(f"--{exc.where}", exc.message) from None


def render_odds(odds: CulpritOdds, lang: str = "en") -> str:
    """The human-readable answer of ``grove odds``, its sentences in ``lang`` (catalog ``grove.cli.odds.*``;
    the numbers, the exact fractions and the JSON form are the same in every language).

    >>> print(render_odds(culprit_odds(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))))
    In a Grove, 3 players; alibis 2, 3; looked at suspect 0 = 7, suspect 1 = 8
    suspect 0  seen 7    P(culprit) = 0      (0.000)
    suspect 1  seen 8    P(culprit) = 2/3    (0.667)
    suspect 2  unseen    P(culprit) = 1/3    (0.333)
    P(the culprit is a suspect not looked at) = 1/3
    the culprit's number: 5: 1/3, 8: 2/3
    >>> odds = culprit_odds(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))
    >>> print(render_odds(odds, "vi").splitlines()[3])
    Nghi phạm 2  chưa xem    P(Hung thủ) = 1/3    (0.333)
    """
    def say(message_id: str, **fields: Any) -> str:
        return message(f"grove.cli.odds.{message_id}", lang, **fields)

    k = odds.knowledge
    seen = k.seen_map
    head = say("head", players=k.players, alibis=", ".join(f.label for f in k.alibis))
    if k.public is not None:
        head += say("public", figure=k.public)
    looked = ", ".join(say("suspect_is", suspect=i, figure=f) for i, f in k.seen)
    head += say("looked", suspects=looked) if looked else say("none_looked")
    lines = [head]
    where = [say("seen", figure=seen[i]) if i in seen else say("unseen") for i in range(len(odds.suspects))]
    width = max(9, *(len(w) + 3 for w in where))
    for i, p in enumerate(odds.suspects):
        lines.append(say("row", suspect=say("suspect", suspect=i), where=f"{where[i]:<{width}}",
                         p=f"{p!s:<6}", decimal=f"{float(p):.3f}"))
    lines.append(say("unseen_line", p=odds.unseen))
    dist = ", ".join(f"{f}: {p}" for f, p in odds.culprit_number.items() if p)
    lines.append(say("number", numbers=dist))
    return "\n".join(lines)


def _odds_handler(args: argparse.Namespace) -> int:
    knowledge = parse_odds_args(args.players, args.alibis, args.seen, args.public)
    odds = culprit_odds(knowledge)
    if args.json:
        print(json.dumps(odds.as_json()))
    else:
        print(render_odds(odds, args.lang or "en"))
    return 0


def _game_output(state: GameState, as_json: bool, lang: str | None = None) -> int:
    from rulesengine.grove.play.replay import to_record

    if not as_json and lang is not None:
        print("\n".join(f"[{e.rule_id}] {e.localized(lang)}" for e in state.events if e.public))
        return 0
    log = [f"[{e.rule_id}] {e.text}" for e in state.events if e.public]
    outcome = state.final
    if as_json:
        print(json.dumps({
            "record": to_record(state),
            "log": log,
            "outcome": None if outcome is None else {
                "ranking": list(outcome.ranking), "loser": outcome.loser,
                "incompetent": list(outcome.incompetent), "own_colour": list(outcome.own_colour),
                "rounds": outcome.rounds, "decided_by": outcome.decided_by,
            },
        }))
    else:
        print("\n".join(log))
    return 0


def _play_handler(args: argparse.Namespace) -> int:
    from rulesengine.grove.play.replay import play_seeded

    players = parse_int(args.players, "--players", 2, 5)
    seed = parse_seed("0" if args.seed is None else args.seed)
    strategy = (args.strategy or "best").strip()
    if strategy not in STRATEGIES:
        raise InputError("--strategy", f"must be one of {', '.join(STRATEGIES)}; got {args.strategy!r}")
    record = None if args.record is None else output_path(args.record, "--record")
    state = play_seeded(players, seed, strategy)
    if record is not None:
        from rulesengine.grove.play.replay import to_record

        write_replay(str(record), to_record(state))
    return _game_output(state, args.json, args.lang)


def _replay_handler(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rulesengine.grove.play.replay import replay

    path = Path(args.record)
    record: Any = read_json(path)  # bounded: size, UTF-8, nesting, repeated keys (rulesengine.inputs)
    if isinstance(record, dict) and "actions" not in record and isinstance(record.get("record"), dict):
        record = record["record"]  # the whole output of `grove play --json`
    try:
        state = replay(record)
    except InputError as exc:
        raise InputError(f"{path.name}: {exc.where}", exc.message) from None
    except IllegalActionError as exc:  # a refused action: the rule id, then the file and actions[i]
        raise exc.prefixed(path.name) from None
    return _game_output(state, args.json, args.lang)


def _table_handler(args: argparse.Namespace) -> int:
    from rulesengine.grove.odds.table import main as table_main

    return table_main((["--check"] if args.check else []) + ["--lang", args.lang or "en"])


def _strategy_handler(args: argparse.Namespace) -> int:
    from rulesengine.grove.strategy.equilibrium import SOLVED, save, strategy_path
    from rulesengine.runner import run_tasks

    players = parse_int(args.players, "--players", 2, 5) if args.players is not None else None
    if players is None:
        raise InputError.of("--players", "grove.cli.error.players_required")
    if players not in SOLVED:
        raise InputError.of("--players", "grove.cli.error.not_solved", players=players)
    iterations = parse_int(args.iterations or "100", "--iterations", 1, 100_000)
    deals = parse_int(args.deals or "0", "--deals", 0, 5040)
    workers, scheduler = _where(args)
    out = strategy_path(players) if args.out is None else output_path(args.out, "--out")
    [solution] = run_tasks(_solve_task, [(players, iterations, deals)], workers=workers, scheduler=scheduler,
                           star=True)
    path = save(solution, out, option="--out")  # whole or not at all (rulesengine.outputs)
    record = {"players": players, "iterations": iterations, "deals": deals, solution.measure: solution.value,
              "seconds": round(solution.seconds, 2),
              "iterations_per_second": round(iterations / solution.seconds, 3) if solution.seconds else None,
              "strategy_file": str(path), "information_states": len(solution.table)}
    if args.json:
        print(json.dumps(record))
    else:
        print(render_strategy(players, iterations, solution.seconds, solution.measure, solution.value,
                              printable(str(path)), len(solution.table), args.lang or "en"))
    return 0


def render_strategy(players: int, iterations: int, seconds: float, measure: str, value: float, path: str,
                    states: int, lang: str = "en") -> str:
    """The two lines of ``grove strategy``, in ``lang`` (catalog ``grove.cli.strategy.*``; the numbers and
    the path are the same in every language, and the JSON form is English).

    >>> print(render_strategy(2, 100, 3.25, "exploitability", 0.0123, "eq.json", 1234))
    In a Grove round, 2 players: OpenSpiel CFR+, 100 iterations in 3.2 s; exploitability = 0.01230
    strategy: eq.json (1234 information states)
    >>> print(render_strategy(3, 10, 1.0, "nash_conv", 0.5, "eq.json", 99, "vi").splitlines()[1])
    chiến lược: eq.json (99 trạng thái thông tin)
    """
    name = message(f"grove.cli.strategy.{measure}", lang)
    summary = message("grove.cli.strategy.summary", lang, players=players, iterations=iterations,
                      seconds=f"{seconds:.1f}", measure=name, value=f"{value:.5f}")
    return summary + "\n" + message("grove.cli.strategy.file", lang, path=path, states=states)


def _solve_task(players: int, iterations: int, deals: int) -> Any:
    from rulesengine.grove.strategy.equilibrium import solve

    checkpoints = tuple(10 ** k for k in range(6) if 10 ** k < iterations)  # the history: 1, 10, 100, ...
    return solve(players, iterations, deals=deals, checkpoints=checkpoints)


def _where(args: argparse.Namespace) -> tuple[int | None, str | None]:
    """``--workers`` and ``--scheduler``, checked before any work (:func:`rulesengine.runner.where`)."""
    from rulesengine.runner import where

    return where(args.workers, args.scheduler)


def _tournament_handler(args: argparse.Namespace) -> int:
    from rulesengine.grove.strategy.tournament import tournament

    if args.players is None:
        raise InputError.of("--players", "grove.cli.error.players_required")
    players = parse_int(args.players, "--players", 2, 5)
    if args.policies is None:
        raise InputError.of("--policies", "grove.cli.error.policies_required")
    games = parse_int(args.games or "1000", "--games", 1, 100_000_000)
    seed = parse_seed("0" if args.seed is None else args.seed)
    workers, scheduler = _where(args)
    lang = args.lang or "en"
    result = tournament(players, args.policies.split(","), games, seed, workers=workers, scheduler=scheduler,
                        progress=not args.no_progress, language=lang)
    print(json.dumps(result.as_json()) if args.json else result.render(lang))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``grove`` sub-command and its own sub-commands to the main parser."""
    grove = subparsers.add_parser("grove", help="In a Grove: exact culprit odds")
    commands = grove.add_subparsers(dest="grove_command", metavar="COMMAND")
    odds = commands.add_parser(
        "odds",
        help="exact probability that each suspect is the culprit for one detective",
        description="Exact culprit odds for one detective's knowledge (GR-R1..R3).",
    )
    odds.add_argument("--players", metavar="N", help="number of players, 2 to 5")
    odds.add_argument("--alibis", metavar="A[,B]", help="figures held: two with 3-5 players, one with 2")
    odds.add_argument("--seen", metavar="I=V,J=V", help="suspects looked at, index=figure (index 0..2)")
    odds.add_argument("--public", metavar="V", help="the face-up figure (2 players only)")
    odds.add_argument("--json", action="store_true", help='print {"odds": [...], "exact": ["n/d", ...]}')
    odds.add_argument("--lang", choices=("en", "vi"), help="the language of the sentences (default English)")
    odds.set_defaults(handler=_odds_handler)
    play = commands.add_parser("play", help="play a seeded game with one strategy for every seat")
    play.add_argument("--players", metavar="N", help="number of players, 2 to 5")
    play.add_argument("--seed", metavar="S", help="seed of the shuffles (default 0)")
    play.add_argument("--strategy", metavar="NAME", help="random, higher, best (default) or inferred")
    play.add_argument("--record", metavar="FILE", help="write the game's replay record here (JSON)")
    play.add_argument("--json", action="store_true", help="print the record, the public log and the outcome")
    play.add_argument("--lang", choices=("en", "vi"), help="the language of the log (default English)")
    play.set_defaults(handler=_play_handler)
    rerun = commands.add_parser("replay", help="replay a game record (JSON) and print its public log")
    rerun.add_argument("record", metavar="RECORD", help="a JSON record (grove play --record or --json)")
    rerun.add_argument("--json", action="store_true", help="print the record, the public log and the outcome")
    rerun.add_argument("--lang", choices=("en", "vi"), help="the language of the log (default English)")
    rerun.set_defaults(handler=_replay_handler)
    table = commands.add_parser("table", help="regenerate data/grove/culprit_odds.csv")
    table.add_argument("--check", action="store_true", help="exit 1 if the stored table is out of date")
    table.add_argument("--lang", choices=("en", "vi"), help="the language of the report (default English)")
    table.set_defaults(handler=_table_handler, error_lang=True)
    _register_strategy(commands)


def _register_strategy(commands: Any) -> None:
    """The ``strategy`` and ``tournament`` sub-commands (issue 13)."""
    strategy = commands.add_parser("strategy", help="solve one round with OpenSpiel's CFR+; save it")
    strategy.add_argument("--players", metavar="N", help="number of players, 2 or 3 on this machine")
    strategy.add_argument("--iterations", metavar="K", help="CFR+ iterations (default 100)")
    strategy.add_argument("--deals", metavar="D", help="solve a seeded sample of D deals (default 0: all)")
    strategy.add_argument("--out", metavar="FILE", help="write the strategy here (default: data/grove/)")
    strategy.add_argument("--workers", metavar="W", help="run in a local process pool of W processes")
    strategy.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask scheduler (tcp://host:port)")
    strategy.add_argument("--json", action="store_true", help="print one JSON object")
    strategy.add_argument("--lang", choices=("en", "vi"), help="the language of the report (default English)")
    strategy.set_defaults(handler=_strategy_handler, error_lang=True)
    match = commands.add_parser("tournament", help="a seat-rotated tournament between policies")
    match.add_argument("--players", metavar="N", help="number of players, 2 to 5")
    match.add_argument("--policies", metavar="P,Q,...",
                       help="policies: random, higher, best, inferred, honest, equilibrium")
    match.add_argument("--games", metavar="G", help="number of games (default 1000)")
    match.add_argument("--seed", metavar="S", help="seed (default 0)")
    match.add_argument("--workers", metavar="W", help="local processes (default: this process)")
    match.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler (or DASK_SCHEDULER_ADDRESS)")
    match.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    match.add_argument("--json", action="store_true", help="print one JSON object")
    match.add_argument("--lang", choices=("en", "vi"), help="the language of the table (default English)")
    match.set_defaults(handler=_tournament_handler, error_lang=True)
