"""Tragedy Looper tournaments: one Mastermind agent against one Protagonists agent on scripts, many seeded
games each, through the one runner (:func:`rulesengine.runner.run_tasks`: this process, local processes
or a Dask cluster) — issue 25.

The seats are fixed per script (the Mastermind agent always plays the Mastermind). Game ``n`` of a
script gives the Mastermind agent seed ``seed + n`` and the Protagonists agent ``seed + n + 1``; each game
is one task, played whole where it runs, so the results are the same for a seed whatever the workers.
The win rates carry Wilson 95 % intervals (a float: the edge of a table).

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR
>>> result = tournament([SCRIPTS_DIR / "fs_02_quiet_ward.yaml"], "heuristic", "heuristic", 4)
>>> [(row.script, row.mastermind_wins, row.games) for row in result.rows]
[('fs_02_quiet_ward', 0, 4)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.messages import message

if TYPE_CHECKING:
    from rulesengine.looper.rules.engine import Game
    from rulesengine.looper.rules.script import Script

__all__ = [
    "MASTERMINDS", "PROTAGONISTS", "RECORDING", "Row", "Tournament", "check_agent", "make_agent",
    "played_game", "tournament", "wilson",
]

#: The agents a tournament seats, by name.
MASTERMINDS: Final = (
    "random", "heuristic", "search1", "search2", "search3", "mcts1", "mcts2", "mcts3",
)
PROTAGONISTS: Final = ("random", "heuristic", "deducing", "psearch1", "psearch2", "psearch3")

#: The Protagonists agents that build their public record from the game's log (it is kept for them).
RECORDING: Final = ("deducing", "psearch1", "psearch2", "psearch3")


def check_agent(name: str, side: str) -> str:
    """``name`` if it is a known agent of ``side`` (``mastermind`` or ``protagonists``), else an
    :class:`~rulesengine.errors.InputError` naming ``--mastermind`` or ``--protagonists``."""
    known = MASTERMINDS if side == "mastermind" else PROTAGONISTS
    if name not in known:
        raise InputError.of(
            f"--{side}", "looper.cli.error.unknown_agent", agent=repr(name), known=", ".join(known)
        )
    return name


def make_agent(name: str, side: str, seed: int, script: Script | None = None) -> Callable[..., Any]:
    """The agent ``name`` (:data:`MASTERMINDS`, :data:`PROTAGONISTS`) for ``side`` (``mastermind`` or
    ``protagonists``), seeded; the deducing Protagonists (goodwill chosen by information) and the
    searching ones (``psearch1``..``psearch3``: ``SearchingProtagonists`` at that level) get the public
    sheet of ``script``. The one place an agent is made from its name (the tournament, ``looper
    play --mastermind``, notebook 04's menu, ``bench_mastermind.py``, ``bench_openspiel.py``).

    >>> type(make_agent("search2", "mastermind", 0)).__name__, make_agent("search2", "mastermind", 0).budget
    ('SearchingMastermind', 128)
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> make_agent("psearch2", "protagonists", 0, load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")).budget
    128
    """
    from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
    from rulesengine.looper.play.search import SearchingMastermind

    check_agent(name, side)
    if name in RECORDING:
        if script is None:
            raise InputError("script", f"the {name} Protagonists need the script's public sheet")
        from rulesengine.looper.deduction.record import PublicSheet

        if name.startswith("psearch"):
            from rulesengine.looper.play.protagonists_search import SearchingProtagonists

            level = int(name.removeprefix("psearch"))
            return SearchingProtagonists(PublicSheet.of(script), seed, level=level)
        from rulesengine.looper.deduction.agent import DeducingProtagonists

        return DeducingProtagonists(PublicSheet.of(script), seed)
    if name == "random":
        return RandomAgent(seed)
    if name.startswith("search"):
        return SearchingMastermind(seed, level=int(name.removeprefix("search")))
    if name.startswith("mcts"):  # (OpenSpiel's MCTSBot: rulesengine.looper.play.openspiel_game)
        from rulesengine.looper.play.openspiel_game import OpenSpielMastermind

        return OpenSpielMastermind(seed, level=int(name.removeprefix("mcts")))
    return HeuristicMastermind(seed) if side == "mastermind" else HeuristicProtagonists(seed)


def played_game(path: str, mastermind: str, protagonists: str, seed: int, *, record: bool = False) -> Game:
    """One game of the script at ``path``, played to its end: the Mastermind agent with ``seed``, the
    Protagonists agent with ``seed + 1``. The game keeps its log with ``record`` (the analysis reads the
    Mastermind's loss conditions from it: :mod:`rulesengine.looper.play.analyse`) and for the deducing
    Protagonists, who build their public record from it."""
    from rulesengine.looper.rules.engine import Game
    from rulesengine.looper.rules.script import load_script

    script = load_script(path)
    agents = {
        "mastermind": make_agent(mastermind, "mastermind", seed, script),
        "protagonists": make_agent(protagonists, "protagonists", seed + 1, script),
    }
    # (no log but for the deducing and searching Protagonists, who build their public record from it)
    game = drive(Game(script, record=record or protagonists in RECORDING), agents)
    assert game.outcome is not None
    return game


def play_game(path: str, mastermind: str, protagonists: str, seed: int) -> int:
    """One game of the script at ``path``: 1 when the Mastermind agent wins (a task of the runner)."""
    outcome = played_game(path, mastermind, protagonists, seed).outcome
    assert outcome is not None
    return int(outcome.winner == "mastermind")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``n`` (95 % by default; (0, 1) for no games).

    >>> tuple(round(x, 3) for x in wilson(0, 30))
    (0.0, 0.114)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Row:
    """One script's result: the Mastermind agent's wins out of ``games``."""

    script: str
    games: int
    mastermind_wins: int

    def interval(self) -> tuple[float, float]:
        """The Wilson 95 % interval of the Mastermind's win rate."""
        return wilson(self.mastermind_wins, self.games)


@dataclass(frozen=True)
class Tournament:
    """The result of :func:`tournament`: one :class:`Row` per script, in the order asked."""

    mastermind: str
    protagonists: str
    games: int
    seed: int
    rows: tuple[Row, ...]

    def as_json(self) -> dict[str, Any]:
        """The JSON form of ``looper tournament --json``: the agents, the games per script, the seed, and
        per script the Mastermind's wins, its win rate and the Wilson 95 % interval."""
        return {
            "mastermind": self.mastermind,
            "protagonists": self.protagonists,
            "games": self.games,
            "seed": self.seed,
            "scripts": [
                {
                    "script": r.script,
                    "games": r.games,
                    "mastermind_wins": r.mastermind_wins,
                    "mastermind_win_rate": f"{r.mastermind_wins}/{r.games}",
                    "interval": [round(x, 4) for x in r.interval()],
                }
                for r in self.rows
            ],
        }

    def render(self, language: str = "en") -> str:
        """A plain-text table, its heading and column names in ``language`` (``looper.cli.tournament.*``)."""

        def say(message_id: str, **fields: object) -> str:
            return message(f"looper.cli.tournament.{message_id}", language, **fields)

        lines = [
            say("head", mastermind=self.mastermind, protagonists=self.protagonists, games=self.games,
                seed=self.seed),
            f"{say('script'):<28} {say('wins'):>12} {say('rate'):>30}",
        ]
        for r in self.rows:
            lo, hi = r.interval()
            lines.append(
                f"{r.script:<28} {f'{r.mastermind_wins}/{r.games}':>12} "
                f"{r.mastermind_wins / r.games:>13.3f} [{lo:.3f}, {hi:.3f}]"
            )
        return "\n".join(lines)


def tournament(
    scripts: Sequence[Path | str],
    mastermind: str,
    protagonists: str,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    language: str = "en",
) -> Tournament:
    """``games`` seeded games of ``mastermind`` against ``protagonists`` on each script (see the module's
    docstring); ``workers`` and ``scheduler`` as :func:`rulesengine.runner.run_tasks`."""
    from rulesengine.looper.rules.script import load_script
    from rulesengine.runner import run_tasks

    check_agent(mastermind, "mastermind")
    check_agent(protagonists, "protagonists")
    if games < 1:
        raise InputError("--games", f"expected at least 1 game, got {games}")
    paths = [str(p) for p in scripts]
    ids = [load_script(p).id or Path(p).stem for p in paths]  # (each file read and checked before any game)
    tasks = [(p, mastermind, protagonists, seed + n) for p in paths for n in range(games)]
    results = run_tasks(
        play_game, tasks, workers=workers, scheduler=scheduler, star=True, progress=progress,
        description=message("looper.cli.tournament.progress", language),
    )
    rows = tuple(
        Row(ids[k], games, sum(results[k * games : (k + 1) * games])) for k in range(len(paths))
    )
    return Tournament(mastermind, protagonists, games, seed, rows)
