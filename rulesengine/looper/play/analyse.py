"""The analyst's view of a script (issue 25): what a script writer wants to know before sharing it.

:func:`analyse` plays seeded games of agent pairs on one script through the tournament's runner and
agents (:func:`rulesengine.looper.play.tournament.played_game`, :func:`rulesengine.runner.run_tasks`), and
reads three things from them:

1. **Win rates** of each pair (a Mastermind agent against a Protagonists agent), with Wilson 95 %
   intervals. Game ``n`` of a pair gives the Mastermind seed ``seed + n`` and the Protagonists
   ``seed + n + 1``, as ``looper tournament`` does, so a pair's wins are the tournament's for that seed,
   and the same whatever the workers.
2. **What decides the games**, per loop and day over every game of every pair: how many games played that
   day, how often each incident happened on it (TL-D7) and how often each loss condition held in a loop
   lost on it (TL-LE1): an immediate loss (the Key Person's death, the protagonists' death: the
   Mastermind-only ``loss_condition`` events of the log) or a loss checked at the loop's end (the rules in
   :attr:`~rulesengine.looper.rules.state.LoopResult.reasons`), each counted once per lost loop.
3. **When the roles become deducible**: for the first ``deduce_games`` games of the first pair, the exact
   deduction (:func:`rulesengine.looper.deduction.deduce`) from the Protagonists' record at the end of each
   day (:func:`rulesengine.looper.deduction.day_records`): the bits left, the roles certain and the
   probability of the true script; and their averages per day over those games. Each day's deduction is one
   task of the runner (on ``btx_03_sealed_lantern`` one takes 20-40 s; ``deduce_games=0`` skips them).

Counts and rates are exact (``int``, ``Fraction``); floats appear only in :meth:`Analysis.as_json`, in
:meth:`Analysis.render` and in the bits, which the deduction gives as a float.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR
>>> result = analyse(SCRIPTS_DIR / "fs_02_quiet_ward.yaml", [("heuristic", "heuristic")], 4, deduce_games=0)
>>> [(p.mastermind, p.protagonists, p.mastermind_wins, p.games) for p in result.pairs]
[('heuristic', 'heuristic', 0, 4)]
>>> result.days[0].loop, result.days[0].day, result.days[0].games
(1, 1, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from rulesengine.errors import InputError
from rulesengine.looper.play.tournament import MASTERMINDS, PROTAGONISTS, played_game, wilson
from rulesengine.messages import message

if TYPE_CHECKING:
    from rulesengine.looper.deduction import PublicRecord
    from rulesengine.looper.rules.actions import Action
    from rulesengine.looper.rules.engine import Game

__all__ = [
    "DEFAULT_PAIRS", "Analysis", "DayDeduction", "DayKnowledge", "DayTally", "DeducedGame", "GameSummary",
    "PairResult", "analyse", "loss_name", "parse_pairs", "summarise",
]

#: The pairs (Mastermind agent, Protagonists agent) played when none are asked.
DEFAULT_PAIRS: Final = (
    ("heuristic", "random"), ("heuristic", "heuristic"), ("search1", "random"), ("search1", "heuristic"),
)

When = tuple[int, int]


def parse_pairs(spec: str) -> tuple[tuple[str, str], ...]:
    """``--pairs``: comma-separated ``MASTERMIND:PROTAGONISTS`` agent names (:data:`MASTERMINDS`,
    :data:`PROTAGONISTS`), each pair once, in the order given; anything else an
    :class:`~rulesengine.errors.InputError` naming ``--pairs``.

    >>> parse_pairs("search1:heuristic, heuristic:random")
    (('search1', 'heuristic'), ('heuristic', 'random'))
    >>> parse_pairs("heuristic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --pairs: 'heuristic' is not MASTERMIND:PROTAGONISTS (such as ...)
    """
    pairs: list[tuple[str, str]] = []
    for item in (x.strip() for x in spec.split(",")):
        mastermind, colon, protagonists = item.partition(":")
        if not colon or not mastermind.strip() or not protagonists.strip():
            raise InputError.of("--pairs", "looper.cli.error.bad_pair", pair=repr(item))
        for name, known in ((mastermind.strip(), MASTERMINDS), (protagonists.strip(), PROTAGONISTS)):
            if name not in known:
                raise InputError.of(
                    "--pairs", "looper.cli.error.unknown_agent", agent=repr(name), known=", ".join(known)
                )
        pairs.append((mastermind.strip(), protagonists.strip()))
    return tuple(dict.fromkeys(pairs))


# --------------------------------------------------------------------------- one game (a task)


@dataclass(frozen=True)
class GameSummary:
    """What one game tells the analyst: who won and why (``Outcome.reason``), every (loop, day) it played,
    the incidents that happened (loop, day, incident: TL-D7) and the loss conditions that held in each lost
    loop (loop, the day it ended, rule: TL-LE1); with ``history`` its decisions, for a game to deduce."""

    seed: int
    mastermind_won: bool
    ending: str
    days: tuple[When, ...]
    incidents: tuple[tuple[int, int, str], ...]
    losses: tuple[tuple[int, int, str], ...]
    history: tuple[tuple[str, Action], ...] = ()


def summarise(game: Game, seed: int = 0, keep: bool = False) -> GameSummary:
    """The :class:`GameSummary` of a finished ``game`` played with its log (``record=True``): the
    immediate loss conditions come from its Mastermind-only ``loss_condition`` events."""
    assert game.outcome is not None
    immediate: dict[int, list[str]] = {}
    for event in game.log:
        if event.kind == "loss_condition":
            immediate.setdefault(event.loop, []).append(str(event.data["rule"]))
    losses: list[tuple[int, int, str]] = []
    for r in game.loop_results:
        if r.lost:
            rules = [*immediate.get(r.loop, []), *(x for x in r.reasons if x != "immediate")]
            losses += [(r.loop, r.day, rule) for rule in dict.fromkeys(rules)]
    return GameSummary(
        seed,
        game.outcome.winner == "mastermind",
        game.outcome.reason,
        tuple((r.loop, d) for r in game.loop_results for d in range(1, r.day + 1)),
        tuple((int(h["loop"]), int(h["day"]), str(h["incident"])) for h in game.happened_ever),
        tuple(losses),
        tuple(game.history) if keep else (),
    )


def _play(path: str, mastermind: str, protagonists: str, seed: int, keep: bool) -> GameSummary:
    """A task of the runner: one game of the pair, summarised (its decisions kept when ``keep``)."""
    return summarise(played_game(path, mastermind, protagonists, seed, record=True), seed, keep)


# --------------------------------------------------------------------------- one day's deduction (a task)


@dataclass(frozen=True)
class DayDeduction:
    """The exact deduction at the end of one day: the candidates left, the bits left (a float, as
    :attr:`~rulesengine.looper.deduction.Deduction.entropy_bits` gives it), the roles certain of the
    cast's, and the probability of the true script."""

    loop: int
    day: int
    candidates: int
    bits: float
    certain: int
    cast: int
    true_probability: Fraction


def _deduce_game(path: str, records: Sequence[tuple[int, int, PublicRecord]]) -> list[DayDeduction]:
    """A task of the runner: the deductions from one game's ``records`` (the end of each loop and day),
    in order, each going on from the one before (``deduce(record, after=…)``: a day's deduction costs its
    new events, not the game so far)."""
    from rulesengine.looper.deduction import deduce
    from rulesengine.looper.rules.script import load_script

    truth = load_script(path)
    out, found = [], None
    for loop, day, record in records:
        found = deduce(record, after=found)
        out.append(DayDeduction(loop, day, found.candidates, found.entropy_bits, len(found.certain_roles),
                                len(found.roles), found.probability_of(truth)))
    return out


@dataclass(frozen=True)
class DeducedGame:
    """One game deduced day by day: the pair, its seed, the deduction after each day."""

    mastermind: str
    protagonists: str
    seed: int
    days: tuple[DayDeduction, ...]

    @property
    def roles_certain_at(self) -> When | None:
        """The first (loop, day) after which every role was certain (``None``: never in this game)."""
        return next(((d.loop, d.day) for d in self.days if d.certain == d.cast), None)


# --------------------------------------------------------------------------- the result


@dataclass(frozen=True)
class PairResult:
    """One pair's games: the Mastermind agent's wins out of ``games``, and how the games ended
    (``Outcome.reason``: ``last loop lost``, ``final guess wrong``… with their counts)."""

    mastermind: str
    protagonists: str
    games: int
    mastermind_wins: int
    endings: tuple[tuple[str, int], ...]

    @property
    def win_rate(self) -> Fraction:
        """The Mastermind's win rate, exact."""
        return Fraction(self.mastermind_wins, self.games)

    def interval(self) -> tuple[float, float]:
        """The Wilson 95 % interval of the Mastermind's win rate."""
        return wilson(self.mastermind_wins, self.games)


@dataclass(frozen=True)
class DayTally:
    """One (loop, day) over every game analysed: how many games played it, how many times each incident
    happened on it (TL-D7), and how many loops lost on it each loss condition held in (TL-LE1)."""

    loop: int
    day: int
    games: int
    incidents: tuple[tuple[str, int], ...]
    losses: tuple[tuple[str, int], ...]

    def rate(self, count: int) -> Fraction:
        """``count`` out of the games that played this day."""
        return Fraction(count, self.games)


@dataclass(frozen=True)
class DayKnowledge:
    """The deduction at the end of one (loop, day), averaged over the deduced games that played it: the
    bits left (a float), the roles certain (exact, of ``cast``) and the probability of the true script
    (exact)."""

    loop: int
    day: int
    games: int
    bits: float
    certain: Fraction
    cast: int
    true_probability: Fraction


@dataclass(frozen=True)
class Analysis:
    """The result of :func:`analyse` (see the module's docstring)."""

    script: str
    games: int
    seed: int
    pairs: tuple[PairResult, ...]
    days: tuple[DayTally, ...]
    deduced: tuple[DeducedGame, ...]

    @property
    def knowledge(self) -> tuple[DayKnowledge, ...]:
        """The deduced games' measures per (loop, day), averaged over the games that played that day."""
        by_day: dict[When, list[DayDeduction]] = {}
        for game in self.deduced:
            for d in game.days:
                by_day.setdefault((d.loop, d.day), []).append(d)
        out = []
        for (loop, day), found in sorted(by_day.items()):
            n = len(found)
            out.append(DayKnowledge(
                loop, day, n, sum(d.bits for d in found) / n, Fraction(sum(d.certain for d in found), n),
                found[0].cast, sum((d.true_probability for d in found), Fraction(0)) / n,
            ))
        return tuple(out)

    def as_json(self) -> dict[str, Any]:
        """The JSON form of ``looper analyse --json`` (its keys: ``docs/looper_engine.md``): counts as
        integers, exact rates as ``"n/d"`` strings, intervals and bits as floats."""
        return {
            "script": self.script,
            "games": self.games,
            "seed": self.seed,
            "pairs": [
                {
                    "mastermind": p.mastermind,
                    "protagonists": p.protagonists,
                    "games": p.games,
                    "mastermind_wins": p.mastermind_wins,
                    "mastermind_win_rate": f"{p.mastermind_wins}/{p.games}",
                    "interval": [round(x, 4) for x in p.interval()],
                    "endings": dict(p.endings),
                }
                for p in self.pairs
            ],
            "days": [
                {"loop": t.loop, "day": t.day, "games": t.games, "incidents": dict(t.incidents),
                 "losses": dict(t.losses)}
                for t in self.days
            ],
            "deduction": {
                "games": [
                    {
                        "mastermind": g.mastermind,
                        "protagonists": g.protagonists,
                        "seed": g.seed,
                        "roles_certain_at": None if g.roles_certain_at is None else list(g.roles_certain_at),
                        "days": [
                            {"loop": d.loop, "day": d.day, "candidates": d.candidates,
                             "entropy_bits": round(d.bits, 6), "certain_roles": d.certain, "cast": d.cast,
                             "true_script_probability": str(d.true_probability)}
                            for d in g.days
                        ],
                    }
                    for g in self.deduced
                ],
                "days": [
                    {"loop": k.loop, "day": k.day, "games": k.games, "entropy_bits": round(k.bits, 6),
                     "certain_roles": str(k.certain), "cast": k.cast,
                     "true_script_probability": str(k.true_probability)}
                    for k in self.knowledge
                ],
            },
        }

    def render(self, language: str = "en") -> str:
        """Three plain-text tables — the win rates, what decides the games, when the roles become
        deducible — their headings, columns and names in ``language`` (``looper.analyse.*``)."""
        from rulesengine.looper.rules.text import incident_name, outcome_reason

        def say(message_id: str, **fields: object) -> str:
            return message(f"looper.analyse.{message_id}", language, **fields)

        lines = [say("head", script=self.script, games=self.games, seed=self.seed), "", say("pairs_head")]
        lines.append(f"{say('mastermind'):<14} {say('protagonists'):<14} {say('wins'):>16} {say('rate'):>28}"
                     f"  {say('endings')}")
        for p in self.pairs:
            lo, hi = p.interval()
            endings = ", ".join(f"{outcome_reason(r, language)} {n}" for r, n in p.endings)
            lines.append(f"{p.mastermind:<14} {p.protagonists:<14} {f'{p.mastermind_wins}/{p.games}':>16} "
                         f"{float(p.win_rate):>11.3f} [{lo:.3f}, {hi:.3f}]  {endings}")
        total = sum(p.games for p in self.pairs)
        lines += ["", say("days_head", games=total)]
        when = _when_columns(say)
        lines.append(f"{when(say('loop'), say('day'), say('games'))}  {say('what'):<48} "
                     f"{say('times'):>6} {say('share'):>7}")
        for t in self.days:
            items = [(say("incident", incident=incident_name(i, language)), n) for i, n in t.incidents]
            items += [(say("loss", rule=loss_name(r, language)), n) for r, n in t.losses]
            for what, n in items or [(say("nothing"), 0)]:
                share = f"{float(t.rate(n)):>7.3f}" if n else ""
                lines.append(f"{when(t.loop, t.day, t.games)}  {what:<48} {n or '':>6} {share}")
        lines += ["", self._render_deduction(say)]
        return "\n".join(lines)

    def _render_deduction(self, say: Any) -> str:
        if not self.deduced:
            return say("deduce_skipped")
        first = self.deduced[0]
        seeds = ", ".join(str(g.seed) for g in self.deduced)
        lines = [say("deduce_head", count=len(self.deduced), mastermind=first.mastermind,
                     protagonists=first.protagonists, seeds=seeds)]
        when = _when_columns(say)
        lines.append(f"{when(say('loop'), say('day'), say('games'))} {say('bits'):>12} "
                     f"{say('certain'):>18} {say('true'):>16}")
        for k in self.knowledge:
            certain = f"{float(k.certain):.1f}/{k.cast}"
            lines.append(f"{when(k.loop, k.day, k.games)} {k.bits:>12.2f} {certain:>18} "
                         f"{float(k.true_probability):>16.3g}")
        for g in self.deduced:
            at = g.roles_certain_at
            lines.append(say("certain_at", seed=g.seed, loop=at[0], day=at[1]) if at is not None
                         else say("certain_never", seed=g.seed))
        return "\n".join(lines)


def _when_columns(say: Any) -> Any:
    """A writer of the loop, day and games columns, each as wide as its heading in the language."""
    widths = [max(low, len(say(key))) for low, key in ((5, "loop"), (5, "day"), (6, "games"))]

    def when(*values: object) -> str:
        return " ".join(f"{v!s:>{w}}" for v, w in zip(values, widths, strict=True))

    return when


def loss_name(rule: str, language: str | None = None) -> str:
    """A loss condition's short name: an incident's name (Hospital Incident: the protagonists die), or the
    role, plot or character whose rule it is with the rule's id (``Key Person (key_person.1)``).

    >>> loss_name("key_person.1", "vi"), loss_name("hospital_incident", "en")
    ('Nhân vật Then chốt (key_person.1)', 'Hospital Incident')
    """
    from rulesengine.looper.rules.content import load_content
    from rulesengine.looper.rules.text import character_name, incident_name, plot_name, role_name

    content = load_content()
    if rule in content.incidents:
        return incident_name(rule, language)
    owner = rule.partition(".")[0]
    for table, name in ((content.roles, role_name), (content.plots, plot_name),
                        (content.characters, character_name)):
        if owner in table:
            return f"{name(owner, language)} ({rule})"
    return rule


# --------------------------------------------------------------------------- the analysis


def analyse(
    script: Path | str,
    pairs: Sequence[tuple[str, str]] = DEFAULT_PAIRS,
    games: int = 20,
    seed: int = 0,
    *,
    deduce_games: int = 2,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    language: str = "en",
) -> Analysis:
    """``games`` seeded games of each pair on ``script``, and the day-by-day deduction of the first
    ``deduce_games`` games of the first pair (all its games when it has fewer; see the module's
    docstring); ``workers``, ``scheduler`` and ``progress`` (a bar on stderr for the games, another for
    the deductions) as :func:`rulesengine.runner.run_tasks`."""
    from rulesengine.looper.deduction import day_records
    from rulesengine.looper.rules.engine import Game
    from rulesengine.looper.rules.script import load_script
    from rulesengine.runner import run_tasks

    if games < 1:
        raise InputError("--games", f"expected at least 1 game, got {games}")
    if deduce_games < 0:
        raise InputError("--deduce-games", f"expected 0 or more games, got {deduce_games}")
    deduce_games = min(deduce_games, games)
    pairs = parse_pairs(",".join(f"{m}:{p}" for m, p in pairs)) if pairs else ()
    if not pairs:
        raise InputError("--pairs", "expected at least one pair")
    path = str(script)
    loaded = load_script(path)  # (read and checked before any game)
    tasks = [(path, m, p, seed + n, k == 0 and n < deduce_games)
             for k, (m, p) in enumerate(pairs) for n in range(games)]
    played: list[GameSummary] = run_tasks(
        _play, tasks, workers=workers, scheduler=scheduler, star=True, progress=progress,
        description=message("looper.analyse.progress_games", language),
    )
    results = tuple(
        PairResult(m, p, games, sum(g.mastermind_won for g in chunk),
                   tuple(sorted(Counter(g.ending for g in chunk).items())))
        for k, (m, p) in enumerate(pairs)
        for chunk in [played[k * games:(k + 1) * games]]
    )
    deduced: list[tuple[GameSummary, list[tuple[int, int, PublicRecord]]]] = []
    for summary in played[:deduce_games]:
        again = Game(loaded)
        for _who, action in summary.history:
            again.apply(action)
        deduced.append((summary, day_records(again)))
    found: list[list[DayDeduction]] = run_tasks(
        _deduce_game, [(path, records) for _, records in deduced], workers=workers,
        scheduler=scheduler, star=True, progress=progress,
        description=message("looper.analyse.progress_deduce", language),
    ) if deduced else []
    games_deduced = [
        DeducedGame(pairs[0][0], pairs[0][1], summary.seed, tuple(days))
        for (summary, _), days in zip(deduced, found, strict=True)
    ]
    return Analysis(loaded.id or Path(path).stem, games, seed, results, _tally(played), tuple(games_deduced))


def _tally(played: Sequence[GameSummary]) -> tuple[DayTally, ...]:
    """Per (loop, day), over ``played``: the games that played it, the incidents and the loss conditions."""
    reached: Counter[When] = Counter(d for g in played for d in g.days)
    incidents: dict[When, Counter[str]] = {d: Counter() for d in reached}
    losses: dict[When, Counter[str]] = {d: Counter() for d in reached}
    for g in played:
        for loop, day, incident in g.incidents:
            incidents[loop, day][incident] += 1
        for loop, day, rule in g.losses:
            losses[loop, day][rule] += 1
    return tuple(
        DayTally(loop, day, reached[loop, day], tuple(sorted(incidents[loop, day].items())),
                 tuple(sorted(losses[loop, day].items())))
        for loop, day in sorted(reached)
    )
