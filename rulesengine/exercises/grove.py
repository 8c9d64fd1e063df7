"""In a Grove exercises: deals made by the engine, questions about what its rules decide.

Kinds (each reproducible from its seed; difficulty = how many rules interact). Every situation but the
first kind's deal is a moment of a game the engine plays, seeded, with its own strategies (:data:`BOTS`,
one per seat) — never one made by hand:

- ``culprit`` — who is the culprit of these three suspects (GR-R1..GR-R3)? Difficulty 1: numbers only,
  no 5 (GR-R1); 2: a 5 among them (GR-R2) or an X (GR-R3); 3: a 5 and an X together.
- ``odds`` — a seat has its alibis (GR-I1, GR-I2; with two players the face-up figure, GR-2P1, GR-2P3)
  and has looked at two suspects (GR-P2, GR-P4): how likely is suspect *k* the culprit? A probability,
  right within 2 percentage points (a situation where the culprit is not yet certain, the suspect asked
  about neither certain nor impossible); the explanation gives the exact fraction, the counts of equally
  likely ways to fill the unseen suspect per culprit, and the Bayes table
  (:mod:`rulesengine.grove.odds.exact`).
  Difficulty: how many of GR-R1..GR-R3 decide among those ways.
- ``likeliest`` — the same situation (with one most likely suspect): which suspect is most likely guilty?
- ``chips`` — the round is revealed (GR-V1): where does each stack go, back to the box (GR-V2) or to
  which seat (GR-V3, the top chip's owner, GR-P6)? Difficulty 1 + (chips under the culprit) + (an
  innocent stack of several colours), when an innocent stack has chips.
- ``next_leader`` — after the reveal: who leads next (GR-V4), or does the game end (GR-E1) and who loses
  (GR-E2)? Difficulty: going on, 1 + (a tie) + (the leader left out holds as many); ending, 2 when the
  count decides, 3 when a tie-break does.

>>> from rulesengine.exercises import generate
>>> ex = generate("grove", "culprit", seed=1, difficulty=3)
>>> sorted(ex.rules)
['GR-R2', 'GR-R3']
>>> print(ex.prompt("en"))  # doctest: +ELLIPSIS
The three suspects at the scene are ... Which suspect is the culprit?
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from typing import Any, TypeVar

from rulesengine.exercises.core import Assignment, Choice, Exercise, Kind, Option, Probability, register
from rulesengine.grove.odds.exact import CulpritOdds, Knowledge, bayes_table, culprit_odds
from rulesengine.grove.play.replay import to_record
from rulesengine.grove.rules.figures import MAX_PLAYERS, MIN_PLAYERS, Figure, culprit_index
from rulesengine.grove.rules.game import (
    INCOMPETENT_LIMIT,
    Accuse,
    Action,
    Deal,
    GameState,
    Look,
    Outcome,
    culprit_reason,
    new_game,
    next_leader,
    rank_players,
)
from rulesengine.grove.strategy.policies import agent
from rulesengine.messages import Message

__all__ = [
    "BOTS",
    "OddsFacts",
    "RoundEnd",
    "chips_solution",
    "odds_facts",
    "random_deal",
    "reveal_stacks",
    "round_end",
    "seat_option",
    "seeded_moves",
    "suspect_options",
]

_T = TypeVar("_T")


def random_deal(rng: random.Random, players: int | None = None) -> Deal:
    """A deal shuffled by the engine (GR-S3) for ``players`` seats (a random count if ``None``)."""
    n = rng.randint(MIN_PLAYERS, MAX_PLAYERS) if players is None else players
    return new_game(n).sample_chance(rng)


def suspect_options() -> tuple[Option, ...]:
    """The three suspects as answer options: keys ``0``, ``1``, ``2``."""
    return tuple(Option(str(k), Message("exercise.grove.suspect", {"suspect": k})) for k in range(3))


def _culprit_rules(suspects: tuple[Figure, Figure, Figure]) -> tuple[str, ...]:
    rules = ("GR-R2",) if Figure.FIVE in suspects else ("GR-R1",)
    return (*rules, "GR-R3") if Figure.X in suspects else rules


def _difficulty(suspects: tuple[Figure, Figure, Figure]) -> int:
    """1 with numbers only and no 5, 2 with a 5 or an X, 3 with both."""
    return 1 + (Figure.FIVE in suspects) + (Figure.X in suspects)


def _make_culprit(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    while True:  # deal until the suspects need the rules this difficulty asks for
        deal = random_deal(rng)
        if _difficulty(deal.suspects) == difficulty:
            break
    suspects = deal.suspects
    culprit = culprit_index(suspects)
    figures = ", ".join(f"{k}: {f.label}" for k, f in enumerate(suspects))
    explanation = (
        Message("exercise.grove.culprit_is", {"suspect": culprit, "figure": suspects[culprit].label,
                                              "why": culprit_reason(suspects)}),
    )
    return Exercise(
        game="grove", kind="culprit", seed=seed, difficulty=difficulty,
        question=Message("exercise.grove.culprit_question", {"figures": figures}),
        form=Choice(suspect_options()), solution=str(culprit), explanation=explanation,
        rules=_culprit_rules(suspects),
        situation={"players": deal.players, "suspects": [f.label for f in suspects],
                   "hands": [f.label for f in deal.hands], "victim": deal.victim.label,
                   "public": None if deal.public is None else deal.public.label},
    )


register(Kind("grove", "culprit", "exercise.kind.grove.culprit", ("GR-R1", "GR-R2", "GR-R3"), (1, 2, 3),
              _make_culprit))


# --------------------------------------------------------------------------------- seeded games

#: The engine's strategies the seeded games are played with (one drawn per seat).
BOTS = ("best", "higher", "random", "honest")


def seeded_moves(rng: random.Random,
                 players: int | None = None) -> Iterator[tuple[GameState, Action, GameState]]:
    """Play one game with the engine, its strategies drawn per seat from :data:`BOTS`, deals and choices
    from ``rng``; yield ``(before, action, after)`` for every seat's decision.

    >>> moves = list(seeded_moves(random.Random(3), players=3))
    >>> moves[-1][2].is_terminal(), isinstance(moves[0][1], Look)
    (True, True)
    """
    n = rng.randint(MIN_PLAYERS, MAX_PLAYERS) if players is None else players
    seats = {s: agent(rng.choice(BOTS), rng) for s in range(n)}
    state = new_game(n, first_leader=rng.randrange(n))
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player()
        action = seats[seat](state.observation(seat), state.legal_actions())
        after = state.apply(action)
        yield state, action, after
        state = after


def _first(rng: random.Random, moments: Callable[[random.Random], Iterator[_T]],
           fits: Callable[[_T], bool]) -> _T:
    """The first moment of seeded games that ``fits`` (each fitting one kept with odds 1/2, so an
    exercise is not always from the first round)."""
    while True:
        for moment in moments(rng):
            if fits(moment) and rng.random() < 0.5:
                return moment


def seat_option(seat: int) -> Option:
    """A seat as an answer option (key ``"2"``, label "seat 2")."""
    return Option(str(seat), Message("exercise.grove.seat", {"seat": seat}))


# --------------------------------------------------------------------------------- odds, likeliest


@dataclass(frozen=True)
class OddsFacts:
    """What a seat's knowledge says about the culprit (GR-R1..GR-R3, GR-S3), exactly.

    ``total`` equally likely ways to fill the unseen suspects from the figures the seat has not seen;
    ``counts[i]`` of them make suspect ``i`` the culprit (``odds.suspects[i] == counts[i] / total``);
    ``culprit_rules`` are the rules that decide among those ways.
    """

    knowledge: Knowledge
    odds: CulpritOdds
    total: int
    counts: tuple[int, int, int]
    culprit_rules: tuple[str, ...]

    @property
    def best(self) -> tuple[int, ...]:
        """The most likely suspects (ties kept)."""
        return self.odds.best()


def odds_facts(knowledge: Knowledge) -> OddsFacts:
    """The exact odds of :func:`rulesengine.grove.odds.exact.culprit_odds` as counts of equally likely
    completions, and the culprit rules that decide among them.

    >>> f = odds_facts(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))
    >>> f.total, f.counts, f.culprit_rules
    (3, (0, 2, 1), ('GR-R1', 'GR-R2'))
    """
    odds = culprit_odds(knowledge)
    pool, unseen = knowledge.pool_faces(), knowledge.unseen_indices
    total = math.perm(len(pool), len(unseen))
    counts = tuple(int(p * total) for p in odds.suspects)
    assert sum(counts) == total and all(c == p * total for c, p in zip(counts, odds.suspects, strict=True))
    seen = knowledge.seen_map
    rules: set[str] = set()
    for draw in set(permutations(pool, len(unseen))):
        scene = dict(seen)
        scene.update(zip(unseen, map(Figure, draw), strict=True))
        figures = (scene[0], scene[1], scene[2])
        if any(f.is_number for f in figures):
            rules.update(_culprit_rules(figures))
    return OddsFacts(knowledge, odds, total, (counts[0], counts[1], counts[2]), tuple(sorted(rules)))


def _look_moments(rng: random.Random) -> Iterator[tuple[GameState, int]]:
    """Every moment of seeded games when a seat has just looked at two suspects (GR-P2, GR-P4)."""
    for _before, action, after in seeded_moves(rng):
        if isinstance(action, Look):
            yield after, action.seat


def _fraction(p: Fraction) -> str:
    return str(p)


def _knowledge_rules(state: GameState, seat: int) -> tuple[tuple[str, ...], str]:
    """The rules by which the seat knows its alibis, and the rule of its look."""
    alibi = ("GR-I1", "GR-2P1", "GR-2P3") if state.players == 2 else ("GR-I1", "GR-I2")
    return alibi, "GR-P2" if seat == state.leader else "GR-P4"


def _knowledge_message(state: GameState, seat: int) -> Message:
    """What seat ``seat`` knows, as a sentence part: alibis, face-up figure and the suspects it saw."""
    deal = state.deal
    assert deal is not None
    alibi_rules, look_rule = _knowledge_rules(state, seat)
    (a, figure_a), (b, figure_b) = sorted(state.seen_by(seat).items())
    if deal.public is not None:
        known = Message("exercise.grove.alibis_public", {"hand": deal.hands[seat].label,
                                                         "public": deal.public.label})
    else:
        source = (seat - 1) % state.players
        known = Message("exercise.grove.alibis_passed", {"hand": deal.hands[seat].label, "source": source,
                                                         "received": deal.hands[source].label})
    return Message("exercise.grove.knowledge", {
        "players": state.players, "seat": seat, "known": known, "alibi_rules": ", ".join(alibi_rules),
        "a": a, "b": b, "figure_a": figure_a.label, "figure_b": figure_b.label, "look_rule": look_rule})


def _odds_explanation(state: GameState, seat: int, facts: OddsFacts,
                      suspect: int | None) -> tuple[Message, ...]:
    """Why: what the seat knows, the counts of equally likely completions per suspect, the Bayes table,
    and the answer as an exact fraction."""
    k = facts.knowledge
    alibi_rules, look_rule = _knowledge_rules(state, seat)
    pool = ", ".join(Figure(f).label for f in k.pool_faces())
    rows = "; ".join(
        f"{r.culprit}: {_fraction(r.prior)} × {_fraction(r.likelihood)} → {_fraction(r.posterior)}"
        for r in bayes_table(k))
    lines = [
        Message("exercise.grove.odds_pool", {
            "seat": seat, "pool": pool,
            "unseen": ", ".join(map(str, k.unseen_indices)),
            "rules": ", ".join((*alibi_rules, look_rule, "GR-S3"))}),
        Message("exercise.grove.odds_counts", {
            "total": facts.total, "c0": facts.counts[0], "c1": facts.counts[1], "c2": facts.counts[2],
            "rules": ", ".join(facts.culprit_rules)}),
        Message("exercise.grove.odds_bayes", {"rows": rows}),
    ]
    best = facts.best
    if suspect is not None:
        p = facts.odds.suspects[suspect]
        lines.append(Message("exercise.grove.odds_answer", {
            "suspect": suspect, "count": facts.counts[suspect], "total": facts.total,
            "fraction": _fraction(p), "percent": f"{float(p):.1%}"}))
    else:
        p = facts.odds.suspects[best[0]]
        lines.append(Message("exercise.grove.likeliest_answer", {
            "suspect": best[0], "count": facts.counts[best[0]], "total": facts.total,
            "fraction": _fraction(p), "percent": f"{float(p):.1%}"}))
    return tuple(lines)


def _odds_situation(state: GameState, seat: int, facts: OddsFacts) -> dict[str, Any]:
    k = facts.knowledge
    return {"record": to_record(state), "seat": seat, "players": state.players,
            "alibis": [f.label for f in k.alibis], "public": None if k.public is None else k.public.label,
            "seen": {str(i): f.label for i, f in k.seen},
            "odds": [f"{p.numerator}/{p.denominator}" for p in facts.odds.suspects],
            "counts": list(facts.counts), "total": facts.total}


#: How close a probability answer must be to count as right.
ODDS_TOLERANCE = Fraction(2, 100)


def _odds_moment(rng: random.Random, difficulty: int, unique_best: bool) -> tuple[GameState, int, OddsFacts]:
    """A seat's knowledge whose culprit is not yet certain, decided by ``difficulty`` of GR-R1..GR-R3
    (with one most likely suspect when ``unique_best``)."""

    def fits(moment: tuple[GameState, int]) -> bool:
        state, seat = moment
        facts = odds_facts(state.observation(seat).knowledge())
        return (len(facts.culprit_rules) == difficulty and max(facts.odds.suspects) < 1
                and (not unique_best or len(facts.best) == 1))

    state, seat = _first(rng, _look_moments, fits)
    return state, seat, odds_facts(state.observation(seat).knowledge())


def _make_odds(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    state, seat, facts = _odds_moment(rng, difficulty, unique_best=False)
    odds = facts.odds.suspects
    suspect = rng.choice([i for i in range(3) if 0 < odds[i] < 1])  # two at least: none is certain
    alibi_rules, look_rule = _knowledge_rules(state, seat)
    return Exercise(
        game="grove", kind="odds", seed=seed, difficulty=difficulty,
        question=Message("exercise.grove.odds_question", {
            "knowledge": _knowledge_message(state, seat), "suspect": suspect,
            "tolerance": f"{float(ODDS_TOLERANCE):.0%}"}),
        form=Probability(ODDS_TOLERANCE), solution=odds[suspect],
        explanation=_odds_explanation(state, seat, facts, suspect),
        rules=(*alibi_rules, look_rule, "GR-S3", *facts.culprit_rules),
        situation={**_odds_situation(state, seat, facts), "suspect": suspect},
    )


def _make_likeliest(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    state, seat, facts = _odds_moment(rng, difficulty, unique_best=True)
    alibi_rules, look_rule = _knowledge_rules(state, seat)
    return Exercise(
        game="grove", kind="likeliest", seed=seed, difficulty=difficulty,
        question=Message("exercise.grove.likeliest_question", {"knowledge": _knowledge_message(state, seat)}),
        form=Choice(suspect_options()), solution=str(facts.best[0]),
        explanation=_odds_explanation(state, seat, facts, None),
        rules=(*alibi_rules, look_rule, "GR-S3", *facts.culprit_rules),
        situation=_odds_situation(state, seat, facts),
    )


_ODDS_RULES = ("GR-S3", "GR-I1", "GR-I2", "GR-2P1", "GR-2P3", "GR-P2", "GR-P4", "GR-R1", "GR-R2", "GR-R3")
register(Kind("grove", "odds", "exercise.kind.grove.odds", _ODDS_RULES, (1, 2, 3), _make_odds))
register(Kind("grove", "likeliest", "exercise.kind.grove.likeliest", _ODDS_RULES, (1, 2, 3), _make_likeliest))


# --------------------------------------------------------------------------------- chips


def _reveal_moments(rng: random.Random) -> Iterator[tuple[GameState, Accuse, GameState]]:
    """Every reveal of seeded games: the state before the round's last chip, that chip, the state after."""
    for before, action, after in seeded_moves(rng):
        if len(after.rounds) > len(before.rounds):
            assert isinstance(action, Accuse)
            yield before, action, after


Stacks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def reveal_stacks(before: GameState, last: Accuse) -> Stacks:
    """The chip stacks under the three suspects once the round's last chip is placed (GR-P5, GR-P6)."""
    stacks = list(before.stacks)
    stacks[last.suspect] = (*stacks[last.suspect], last.seat)
    return (stacks[0], stacks[1], stacks[2])


def chips_solution(suspects: tuple[Figure, Figure, Figure],
                   stacks: tuple[tuple[int, ...], ...]) -> dict[str, str]:
    """Where each non-empty stack goes: ``"box"`` under the culprit (GR-V2), else the seat whose chip is
    on top (GR-P6, GR-V3).

    >>> from rulesengine.grove.rules.figures import Figure as F
    >>> chips_solution((F(5), F(8), F(6)), ((1,), (0, 2), ()))
    {'0': 'box', '1': '2'}
    """
    culprit = culprit_index(suspects)
    return {str(k): "box" if k == culprit else str(stack[-1]) for k, stack in enumerate(stacks) if stack}


def _chips_difficulty(suspects: tuple[Figure, Figure, Figure], stacks: tuple[tuple[int, ...], ...]) -> int:
    """1 + (chips under the culprit, GR-V2) + (an innocent stack of several colours, GR-P6) — when some
    innocent stack has chips (GR-V3); else 1."""
    culprit = culprit_index(suspects)
    boxed = bool(stacks[culprit])
    innocent = [s for k, s in enumerate(stacks) if k != culprit and s]
    mixed = any(len(set(s)) > 1 for s in innocent)
    return boxed + bool(innocent) + mixed


def _make_chips(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    before, last, after = _first(
        rng, _reveal_moments,
        lambda m: _chips_difficulty(m[2].rounds[-1].suspects, reveal_stacks(m[0], m[1])) == difficulty)
    result = after.rounds[-1]
    suspects, stacks, culprit = result.suspects, reveal_stacks(before, last), result.culprit
    solution = chips_solution(suspects, stacks)
    stack_text = [Message("exercise.grove.stack", {"suspect": k, "seats": " → ".join(map(str, s))})
                  for k, s in enumerate(stacks) if s]
    lines = [Message("exercise.grove.revealed", {"culprit": Message("exercise.grove.culprit_is", {
        "suspect": culprit, "figure": suspects[culprit].label, "why": culprit_reason(suspects)})})]
    rules = ["GR-V1", *_culprit_rules(suspects)]
    for k, stack in enumerate(stacks):
        if not stack:
            continue
        if k == culprit:
            lines.append(Message("exercise.grove.chips_boxed", {"suspect": k, "count": len(stack)}))
            rules.append("GR-V2")
        else:
            lines.append(Message("exercise.grove.chips_taken", {
                "suspect": k, "seat": stack[-1], "count": len(stack), "seats": " → ".join(map(str, stack))}))
            rules.append("GR-V3")
            if len(stack) > 1:
                rules.append("GR-P6")
    rules = list(dict.fromkeys(rules))
    keys = tuple(Option(str(k), Message("exercise.grove.suspect", {"suspect": k}))
                 for k, s in enumerate(stacks) if s)
    values = (Option("box", Message("exercise.grove.box", {})),
              *(seat_option(s) for s in range(after.players)))
    return Exercise(
        game="grove", kind="chips", seed=seed, difficulty=difficulty,
        question=Message("exercise.grove.chips_question", {
            "round": result.round, "players": after.players,
            "figures": ", ".join(f"{k}: {f.label}" for k, f in enumerate(suspects)), "stacks": stack_text}),
        form=Assignment(keys, values), solution=solution, explanation=tuple(lines), rules=tuple(rules),
        situation={"record": to_record(after), "players": after.players, "round": result.round,
                   "suspects": [f.label for f in suspects], "stacks": [list(s) for s in stacks]},
    )


register(Kind("grove", "chips", "exercise.kind.grove.chips",
              ("GR-V1", "GR-V2", "GR-V3", "GR-P6", "GR-R1", "GR-R2", "GR-R3"), (1, 2, 3), _make_chips))


# --------------------------------------------------------------------------------- next leader


@dataclass(frozen=True)
class RoundEnd:
    """What GR-E1, GR-V4 and GR-E2 decide after a round, from the chips only.

    ``over``: the game ends (GR-E1); then ``loser`` and ``outcome`` (GR-E2), else ``leader`` (GR-V4).
    """

    over: bool
    leader: int | None
    outcome: Outcome | None

    @property
    def key(self) -> str:
        """The answer option: ``"end-S"`` (the game ends, seat S loses) or ``"lead-S"``."""
        if self.outcome is not None:
            return f"end-{self.outcome.loser}"
        return f"lead-{self.leader}"


def round_end(incompetent: Sequence[Sequence[int]], detective_chips: Sequence[int], leader: int) -> RoundEnd:
    """After a round led by ``leader``: does the game end (GR-E1) and who loses (GR-E2), or who leads next
    (GR-V4)?

    >>> round_end([[1], [], [0, 0]], [5, 5, 5], leader=2).key
    'lead-0'
    >>> round_end([[1], [], [0, 0, 2, 2, 2]], [3, 3, 3], leader=0).key
    'end-2'
    """
    counts = [len(c) for c in incompetent]
    if max(counts) >= INCOMPETENT_LIMIT or min(detective_chips) == 0:
        return RoundEnd(True, None, rank_players(incompetent, leader))
    return RoundEnd(False, next_leader(counts, leader), None)


def _next_leader_difficulty(end: RoundEnd, counts: Sequence[int], leader: int) -> int:
    """Going on: 1 + (a tie among the others) + (the leader, left out, holds as many or more); ending:
    2 when the count decides the loser, 3 when a tie-break does (GR-E2)."""
    if end.outcome is not None:
        return 2 if end.outcome.decided_by == "count" else 3
    others = [counts[s] for s in range(len(counts)) if s != leader]
    best = max(others)
    return 1 + (others.count(best) > 1) + (counts[leader] >= best and counts[leader] > 0)


def _make_next_leader(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    def fits(moment: tuple[GameState, Accuse, GameState]) -> bool:
        after = moment[2]
        result = after.rounds[-1]
        end = round_end(after.incompetent, after.detective_chips, result.leader)
        return _next_leader_difficulty(end, [len(c) for c in after.incompetent], result.leader) == difficulty

    _before, _last, after = _first(rng, _reveal_moments, fits)
    result = after.rounds[-1]
    n, leader = after.players, result.leader
    end = round_end(after.incompetent, after.detective_chips, leader)
    counts = [len(c) for c in after.incompetent]
    own = [sum(1 for c in chips if c == s) for s, chips in enumerate(after.incompetent)]
    left = min(after.detective_chips)
    lines: list[Message] = []
    if end.outcome is None:
        lines.append(Message("exercise.grove.goes_on", {"left": left}))
        others = [s for s in range(n) if s != leader]
        best = max(counts[s] for s in others)
        tied = [s for s in others if counts[s] == best]
        if len(tied) > 1:
            lines.append(Message("exercise.grove.leader_tied", {
                "leader": leader, "seats": ", ".join(map(str, tied)), "count": best, "seat": end.leader}))
        else:
            lines.append(Message("exercise.grove.leader_most", {"leader": leader, "count": best,
                                                                "seat": end.leader}))
        rules: tuple[str, ...] = ("GR-E1", "GR-V4")
    else:
        outcome = end.outcome
        over = [s for s in range(n) if counts[s] >= INCOMPETENT_LIMIT]
        if over:
            lines.append(Message("exercise.grove.ends_incompetent", {
                "seats": ", ".join(map(str, over)), "limit": INCOMPETENT_LIMIT}))
        else:
            lines.append(Message("exercise.grove.ends_no_chips", {}))
        worst = max(counts)
        tied = [s for s in range(n) if counts[s] == worst]
        loser = outcome.loser
        if outcome.decided_by == "count":
            lines.append(Message("exercise.grove.loser_count", {"seat": loser, "count": worst}))
        elif outcome.decided_by == "own colour":
            lines.append(Message("exercise.grove.loser_own", {
                "seats": ", ".join(map(str, tied)), "count": worst, "seat": loser, "own": own[loser]}))
        else:
            lines.append(Message("exercise.grove.loser_seat", {
                "seats": ", ".join(map(str, tied)), "count": worst, "seat": loser, "leader": leader}))
        rules = ("GR-E1", "GR-E2")
    held = [Message("exercise.grove.held", {"seat": s, "count": counts[s], "own": own[s]}) for s in range(n)]
    options = (*(Option(f"lead-{s}", Message("exercise.grove.option_lead", {"seat": s}))
                 for s in range(n) if s != leader),
               *(Option(f"end-{s}", Message("exercise.grove.option_end", {"seat": s})) for s in range(n)))
    return Exercise(
        game="grove", kind="next_leader", seed=seed, difficulty=difficulty,
        question=Message("exercise.grove.next_leader_question", {
            "round": result.round, "players": n, "leader": leader, "held": held, "left": left}),
        form=Choice(options), solution=end.key, explanation=tuple(lines), rules=rules,
        situation={"record": to_record(after), "players": n, "round": result.round, "leader": leader,
                   "incompetent": [list(c) for c in after.incompetent], "detective_chips": left},
    )


register(Kind("grove", "next_leader", "exercise.kind.grove.next_leader", ("GR-E1", "GR-E2", "GR-V4"),
              (1, 2, 3), _make_next_leader))
