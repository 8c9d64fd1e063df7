"""Seat-rotated tournaments between accusation policies, played by the fast simulator through the runner.

Game ``g`` seats policy ``policies[(s + g) % k]`` at seat ``s`` (``k`` policies), and its first leader is
seat ``g % n`` (GR-P1 **Decision**: simulations may vary it), so every policy sits in every seat and
leads first equally often over ``k · n`` games. The games are cut into chunks of ``chunk`` games; chunk
``c`` draws everything from ``random.Random(seed * 1_000_003 + c)``, so a chunk's result depends only on
the seed and its number, and the totals (integer sums, added in chunk order) are the same whether the
chunks ran in this process, in ``W`` local processes or on a Dask cluster
(:func:`rulesengine.runner.run_tasks`).

For each policy: the mean number of incompetent chips it ends a game with (GR-V3) and its loss rate
(GR-E2), each with a 95 % interval (normal approximation: mean ± 1.96 standard errors; a rate's
standard error is ``sqrt(p (1 - p) / m)``), over its ``m`` seat-games.

>>> t = tournament(3, ["best", "random"], games=40, seed=1)
>>> [r.policy for r in t.rows], sum(r.seat_games for r in t.rows)
(['best', 'random'], 120)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesengine.errors import InputError, ShippedDataError
from rulesengine.grove.rules.figures import check_players
from rulesengine.inputs import read_json
from rulesengine.messages import message
from rulesengine.paths import DATA_DIR

__all__ = ["TOURNAMENT_POLICIES", "PolicyRow", "Tournament", "play_chunk", "saved_tournament", "tournament",
           "tournament_path"]

#: The policies a tournament accepts (those of the fast simulator, :mod:`rulesengine.grove.strategy.fastsim`).
TOURNAMENT_POLICIES = ("random", "higher", "best", "inferred", "honest", "equilibrium")
Z95 = 1.959963984540054


@dataclass(frozen=True)
class PolicyRow:
    """One policy's totals and statistics."""

    policy: str
    seat_games: int
    chips: int
    chips_squared: int
    losses: int

    @property
    def mean_chips(self) -> float:
        """Mean incompetent chips at the end of a game."""
        return self.chips / self.seat_games

    def chips_interval(self) -> tuple[float, float]:
        """95 % interval of the mean chips (normal approximation)."""
        m = self.seat_games
        mean = self.mean_chips
        var = max(self.chips_squared / m - mean * mean, 0.0) * m / max(m - 1, 1)
        half = Z95 * math.sqrt(var / m)
        return (mean - half, mean + half)

    @property
    def loss_rate(self) -> float:
        """Share of its seat-games this policy lost (GR-E2)."""
        return self.losses / self.seat_games

    def loss_interval(self) -> tuple[float, float]:
        """95 % interval of the loss rate (normal approximation)."""
        p = self.loss_rate
        half = Z95 * math.sqrt(p * (1 - p) / self.seat_games)
        return (max(p - half, 0.0), min(p + half, 1.0))

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready record."""
        return {
            "policy": self.policy,
            "seat_games": self.seat_games,
            "mean_incompetent": self.mean_chips,
            "mean_incompetent_95": list(self.chips_interval()),
            "loss_rate": self.loss_rate,
            "loss_rate_95": list(self.loss_interval()),
        }


@dataclass(frozen=True)
class Tournament:
    """A finished tournament: its set-up and one row per policy (in the order given)."""

    players: int
    policies: tuple[str, ...]
    games: int
    seed: int
    rounds: int
    rows: tuple[PolicyRow, ...]

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready record."""
        return {"players": self.players, "policies": list(self.policies), "games": self.games,
                "seed": self.seed, "rounds": self.rounds, "results": [r.as_json() for r in self.rows]}

    def render(self, language: str = "en") -> str:
        """A plain-text table, its heading and column names in ``language`` (``grove.cli.tournament.*``)."""
        def say(message_id: str, **fields: object) -> str:
            return message(f"grove.cli.tournament.{message_id}", language, **fields)

        lines = [say("head", players=self.players, games=self.games, rounds=self.rounds, seed=self.seed),
                 f"{say('policy'):<12} {say('seat_games'):>10} {say('chips'):>32} {say('loss'):>26}"]
        for r in self.rows:
            lo, hi = r.chips_interval()
            llo, lhi = r.loss_interval()
            lines.append(f"{r.policy:<12} {r.seat_games:>10} {r.mean_chips:>12.3f} [{lo:.3f}, {hi:.3f}]"
                         f"{'':>4} {r.loss_rate:>8.3f} [{llo:.3f}, {lhi:.3f}]")
        return "\n".join(lines)


def check_policies(policies: Sequence[str], players: int, where: str = "--policies") -> tuple[str, ...]:
    """The policy names, checked: known, not repeated, at least one; ``equilibrium`` only where solved."""
    names = tuple(p.strip() for p in policies)
    if not names or any(not p for p in names):
        raise InputError.of(where, "grove.cli.error.no_policies")
    for p in names:
        if p not in TOURNAMENT_POLICIES:
            raise InputError.of(where, "grove.cli.error.unknown_policy", policy=repr(p),
                                known=", ".join(TOURNAMENT_POLICIES))
    if len(set(names)) != len(names):
        raise InputError.of(where, "grove.cli.error.policy_twice", policies=",".join(names))
    if "equilibrium" in names:
        from rulesengine.grove.strategy.equilibrium import strategy_path

        if not strategy_path(players).exists():
            raise InputError.of(where, "grove.cli.error.no_equilibrium", players=players)
    return names


def play_chunk(players: int, policies: tuple[str, ...], seed: int, chunk: int, first: int,
               count: int) -> tuple[int, list[list[int]]]:
    """Play games ``first .. first + count - 1`` (chunk number ``chunk``); per policy [seat-games, chips,
    chips², losses], and the rounds played. A top-level function, so a process or Dask worker can run it."""
    from rulesengine.grove.strategy.fastsim import fast_policy, play_game

    k = len(policies)
    fast = [fast_policy(name, players) for name in policies]
    rng = random.Random(seed * 1_000_003 + chunk)
    totals = [[0, 0, 0, 0] for _ in range(k)]
    rounds = 0
    for g in range(first, first + count):
        assign = [(s + g) % k for s in range(players)]
        game = play_game(players, [fast[i] for i in assign], rng, g % players)
        rounds += game.rounds
        for s, i in enumerate(assign):
            chips = len(game.incompetent[s])
            row = totals[i]
            row[0] += 1
            row[1] += chips
            row[2] += chips * chips
            row[3] += game.loser == s
    return rounds, totals


def tournament(players: int, policies: Sequence[str], games: int, seed: int = 0, *, chunk: int = 500,
               workers: int | None = None, scheduler: str | None = None,
               progress: bool = False, language: str = "en") -> Tournament:
    """Play a seat-rotated tournament of ``games`` games (see the module text) through the runner; the
    progress bar's label is in ``language``."""
    from rulesengine.runner import run_tasks

    players = check_players(players)
    names = check_policies(policies, players)
    if games < 1:
        raise InputError("--games", f"must be at least 1, got {games}")
    tasks = [(players, names, seed, c, first, min(chunk, games - first))
             for c, first in enumerate(range(0, games, chunk))]
    results = run_tasks(play_chunk, tasks, workers=workers, scheduler=scheduler, progress=progress,
                        star=True, description=message("grove.cli.tournament.progress", language))
    totals = [[0, 0, 0, 0] for _ in names]
    rounds = 0
    for chunk_rounds, chunk_totals in results:
        rounds += chunk_rounds
        for row, add in zip(totals, chunk_totals, strict=True):
            for j in range(4):
                row[j] += add[j]
    rows = tuple(PolicyRow(name, *row) for name, row in zip(names, totals, strict=True) if row[0])
    return Tournament(players, names, games, seed, rounds, rows)


def tournament_path(players: int) -> Path:
    """Where the saved tournament for ``players`` is (``data/grove/tournament_{n}p.json``)."""
    return DATA_DIR / "grove" / f"tournament_{players}p.json"


def saved_tournament(players: int) -> dict[str, Any]:
    """The saved tournament's JSON record (written by ``grove tournament … --json``)."""
    path = tournament_path(players)
    if not path.exists():
        raise InputError("tournament", f"no saved tournament for {players} players ({path.name})")
    try:
        record = read_json(path)  # bounded (rulesengine.inputs)
    except InputError as exc:
        raise ShippedDataError.wrap(path, exc) from None
    if not isinstance(record, dict):
        raise ShippedDataError(path, "not a saved tournament (expected a JSON object)")
    return record
