"""A searching Mastermind: each of its choices tried out on copies of the game (issue 25).

:class:`SearchingMastermind` knows the script, as the Mastermind does, and at its own decisions it knows
every fact of the state (:meth:`~rulesengine.looper.rules.observe.MastermindObservation.model`). For a
decision with several options it plays each option on copies of the game to the end of the current
loop — itself by the heuristic Mastermind, the Protagonists by a model of them (the heuristic
Protagonists, a new seed each time) — and counts how often the Protagonists lose the loop (TL-LE1), or,
in the last loop, the game (TL-LE2, TL-FG3). The rollouts go to the options by *successive halving*:
every option gets the same share of the round's budget, the better half goes on to the next round, until
one is left or the budget is spent; ties are broken by the heuristic Mastermind's score, then at random
with the agent's seed. The budget — rollouts per decision — is the strength (every option is tried
at least once, so a decision with more options than the budget, such as a card among 99 placements at
level 1, costs one rollout an option):

========  ===================  ============================================================================
level     rollouts / decision  time per decision on this machine (``bench_mastermind.py``, fs_02 and btx_02)
========  ===================  ============================================================================
1         32                   0.08 s on average, at most 0.26 s (of one core's time: 0.05 s, at most 0.16 s)
2         128                  0.14 s on average, at most 0.46 s (of one core's time: 0.09 s, at most 0.24 s)
3         512                  0.48 s on average, at most 1.1 s (of one core's time: 0.32 s, at most 0.68 s)
========  ===================  ============================================================================

With ``secrecy`` (a number of wins a bit costs) it also weighs what its choices tell the Protagonists:
its best :data:`SECRECY_TOP` options are ranked again by wins less ``secrecy`` times the bits of entropy
the exact deduction of the Protagonists' record loses by the end of the day after the option (see
``docs/looper_engine.md``, where it is measured; the levels keep it at 0).

It is a callable like every agent (``agent(observation, legal_actions) -> Action``), deterministic for
a seed; it never reads the Protagonists' face-down cards (the model is refused while they decide).

>>> from rulesengine.contract import drive
>>> from rulesengine.looper.play.agents import HeuristicProtagonists
>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> game = drive(Game(load_script(SCRIPTS_DIR / "fs_02_quiet_ward.yaml"), record=False),
...              {"mastermind": SearchingMastermind(0, level=1), "protagonists": HeuristicProtagonists(1)})
>>> game.outcome.winner
'mastermind'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from rulesengine.errors import InputError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation

if TYPE_CHECKING:
    from rulesengine.looper.deduction.record import PublicRecord
    from rulesengine.looper.deduction.results import Deduction
    from rulesengine.looper.rules.actions import Action
    from rulesengine.looper.rules.engine import Game

__all__ = ["LEVELS", "TRACE_TOP", "SearchingMastermind", "successive_halving"]

#: Rollouts per decision at each strength level.
LEVELS: Final = {1: 32, 2: 128, 3: 512}

#: How many of a decision's options :attr:`SearchingMastermind.trace` keeps (the choice and the next ones).
TRACE_TOP: Final = 3

#: How many of the best options the information penalty weighs again (each costs a deduction).
SECRECY_TOP: Final = 3

#: A rollout that has not ended its loop after this many decisions is cut short (a loss for the
#: Mastermind: it did not make the Protagonists lose); far above any loop of the shipped scripts.
MAX_ROLLOUT_STEPS: Final = 2000


def successive_halving(
    options: Sequence[Action],
    budget: int,
    rng: random.Random,
    rollout: Callable[[Action, int], tuple[int, ...]],
    key: Callable[[Action, int, tuple[int, ...]], tuple[float, ...]],
) -> list[tuple[Action, int, tuple[int, ...]]]:
    """Spend ``budget`` rollouts on ``options`` by successive halving; every option, best first, with
    its rollouts and the sums of their scores.

    The options are shuffled with ``rng`` (ties at random), then each round gives every option left the
    same share of the round's part of the budget (at least one rollout each; the last round gets what is
    left), ranks them by ``key(option, rollouts, sums)``, highest first, and keeps the better half, until
    one is left or the budget is spent. ``rollout(option, t)`` plays the option's ``t``-th rollout
    (counted from 0) and returns its scores, a tuple of integers summed per option. The options dropped
    in earlier rounds follow the ones left, ranked by the same key. The searching Mastermind and the
    searching Protagonists share it. Here 12 rollouts on three options: two rounds of 6, two rollouts
    each and then three each to the better two:

    >>> rng = random.Random(0)
    >>> def key(a, n, sums):
    ...     return (sums[0] / n if n else 0.0,)
    >>> def rollout(a, t):  # (b always scores, c every other time, a never)
    ...     return ({"a": 0, "b": 1, "c": t % 2}[a],)
    >>> ranked = successive_halving(["a", "b", "c"], 12, rng, rollout, key)
    >>> [(a, n, sums) for a, n, sums in ranked]
    [('b', 5, (5,)), ('c', 5, (2,)), ('a', 2, (0,))]
    """
    tries = dict.fromkeys(options, 0)
    totals: dict[Action, tuple[int, ...]] = dict.fromkeys(options, ())

    def order(a: Action) -> tuple[float, ...]:
        return key(a, tries[a], totals[a])

    alive = list(options)
    rng.shuffle(alive)
    left = budget
    rounds = max(1, (len(alive) - 1).bit_length())
    for r in range(rounds):
        part = budget // rounds if r < rounds - 1 else left
        share = max(1, part // len(alive))
        for a in alive:
            for _ in range(share):
                score = rollout(a, tries[a])
                sums = totals[a]
                totals[a] = tuple(x + y for x, y in zip(sums, score, strict=True)) if sums else score
                tries[a] += 1
                left -= 1
        alive.sort(key=order, reverse=True)
        if len(alive) == 1 or left <= 0:
            break
        alive = alive[: (len(alive) + 1) // 2]
    out = [a for a in options if a not in alive]  # (dropped in earlier rounds)
    out.sort(key=order, reverse=True)
    return [(a, tries[a], totals[a]) for a in [*alive, *out]]


class SearchingMastermind:
    """The Mastermind by Monte Carlo search over its options (see the module's docstring).

    ``level`` (1, 2 or 3) sets the rollouts per decision (:data:`LEVELS`); ``rollouts`` overrides it.
    """

    def __init__(
        self,
        seed: int | None = None,
        level: int = 2,
        rollouts: int | None = None,
        *,
        secrecy: Fraction | int | str = 0,
    ) -> None:
        if level not in LEVELS:
            raise InputError("level", f"expected one of {sorted(LEVELS)}, got {level!r}")
        if rollouts is not None and rollouts < 1:
            raise InputError("rollouts", f"expected at least 1, got {rollouts!r}")
        try:
            weight = Fraction(secrecy)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            weight = Fraction(-1)
        if weight < 0:
            raise InputError("secrecy", f"expected a number of wins a bit, 0 or more, got {secrecy!r}")
        #: what a bit the Protagonists gain costs, in wins (0: the search ignores what it reveals)
        self.secrecy = weight
        #: the bits the Protagonists were expected to gain, per decision weighed (with ``secrecy``)
        self.revealed: list[float] = []
        self._secrets: _Secrets | None = None
        self.level = level
        self.budget = rollouts if rollouts is not None else LEVELS[level]
        self.rng = random.Random(seed)
        self.heuristic = HeuristicMastermind(self.rng.randrange(2**31))
        #: the decision just taken: (option, rollouts, Mastermind wins) of every option, best first
        self.last: list[tuple[Action, int, int]] = []
        #: every decision searched so far: (loop, day, the best :data:`TRACE_TOP` of ``last``) — what
        #: notebook 04 shows at the end of a game ("why did the Mastermind do that?")
        self.trace: list[tuple[int, int, tuple[tuple[Action, int, int], ...]]] = []

    def __call__(self, obs: MastermindObservation, legal_actions: Sequence[Action]) -> Action:
        """Answer the pending decision with the option that made the Protagonists lose most often."""
        if len(legal_actions) == 1:
            self.last = [(legal_actions[0], 0, 0)]
            return legal_actions[0]
        game = obs.model()
        prior = dict(zip(legal_actions, self.heuristic.scores(obs, legal_actions), strict=True))

        def key(a: Action, tries: int, totals: tuple[int, ...]) -> tuple[float, float]:
            return (totals[0] / tries if tries else 0.0, prior[a])

        ranked = successive_halving(
            legal_actions, self.budget, self.rng, lambda a, _t: (self._rollout(game, a),), key
        )
        if self.secrecy:
            ranked = self._weigh_secrets(game, ranked, prior)
        self.last = [(a, n, totals[0] if totals else 0) for a, n, totals in ranked]
        self.trace.append((obs.loop, obs.day, tuple(self.last[:TRACE_TOP])))
        return self.last[0][0]

    def _weigh_secrets(
        self,
        game: Game,
        ranked: list[tuple[Action, int, tuple[int, ...]]],
        prior: dict[Action, float],
    ) -> list[tuple[Action, int, tuple[int, ...]]]:
        """``ranked`` with its best :data:`SECRECY_TOP` options ranked again by wins less ``secrecy`` a
        bit the Protagonists gain by the day's end after the option (:class:`_Secrets`)."""
        if self._secrets is None:
            self._secrets = _Secrets(self.rng.randrange(2**31))
        top = ranked[:SECRECY_TOP]
        bits = self._secrets.bits(game, [a for a, _, _ in top])
        self.revealed.append(max(bits.values()))

        def value(entry: tuple[Action, int, tuple[int, ...]]) -> tuple[float, float, float]:
            a, n, totals = entry
            rate = Fraction(totals[0], n) if n else Fraction(0)
            return (float(rate - self.secrecy * Fraction(bits[a])), float(rate), prior[a])

        return sorted(top, key=value, reverse=True) + ranked[SECRECY_TOP:]

    def _rollout(self, game: Game, action: Action) -> int:
        """1 when the Protagonists lose the loop (or the game) after ``action``, played on a copy."""
        g = game.clone()
        loop = g.loop  # (before the action: one that ends the loop at once is a win of this loop)
        g.apply(action)
        if not _play_on(g, self.rng.randrange(2**31), lambda g: g.is_over or g.loop != loop):
            return 0
        if g.is_over:
            assert g.outcome is not None
            return int(g.outcome.winner == "mastermind")
        return 1  # (a new loop: the Protagonists lost this one, TL-LE1)


def _day_over(game: Game) -> Callable[[Game], bool]:
    """Whether a game is over or past the day ``game`` stands in now."""
    day = (game.loop, game.day)
    return lambda g: g.is_over or (g.loop, g.day) != day


def _play_on(game: Game, seed: int, done: Callable[[Game], bool]) -> bool:
    """Play ``game`` on by the heuristic agents (the Mastermind with ``seed``, the Protagonists with
    ``seed + 1``) until ``done(game)``; False when it is not done after :data:`MAX_ROLLOUT_STEPS`
    decisions."""
    mastermind, protagonists = HeuristicMastermind(seed), HeuristicProtagonists(seed + 1)
    for _ in range(MAX_ROLLOUT_STEPS):
        if done(game):
            return True
        pending = game.pending
        if pending is None:  # (a game that pauses between phases, as the notebooks' steppers do)
            game.resume()
            continue
        legal = game.legal_actions()
        if pending.who == "mastermind":
            game.apply(mastermind(MastermindObservation(game), legal))
        else:
            game.apply(protagonists(ProtagonistsObservation(game), legal))
    return False


class _Secrets:
    """What the Protagonists learn from the Mastermind's options: the bits of entropy the exact deduction
    loses (:meth:`~rulesengine.looper.deduction.results.Deduction.entropy_bits`) between the Protagonists'
    record at the decision and their record at the end of the day, the option played and the rest of the
    day by the heuristic agents (one continuation, seeded). Each deduction goes on from the one of the
    decision's record, which goes on from the decision before (``deduce(record, after=...)``); the
    entropies are kept by record, so the options with the same public consequences are deduced once."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.base: Deduction | None = None
        self.refused = False  # (the deduction refuses the script: nothing is weighed, for the whole game)
        self.entropy: dict[str, float] = {}  # (by the record's repr: its events are dicts)

    def _entropy(self, record: PublicRecord) -> float:
        """The entropy left after ``record``, deduced (going on from the decision's deduction) once."""
        from rulesengine.looper.deduction.counted import deduce

        key = repr(record)
        if key not in self.entropy:
            try:
                self.entropy[key] = deduce(record, after=self.base).entropy_bits
            except InputError:  # (the script is one the deduction refuses)
                self.refused = True
                return 0.0
        return self.entropy[key]

    def bits(self, game: Game, actions: Sequence[Action]) -> dict[Action, float]:
        """The bits the Protagonists gain by the end of the day after each of ``actions``. The record is
        read off the game's log: a game that keeps none (``record=False``) is an ``InputError``."""
        from rulesengine.looper.deduction.counted import deduce
        from rulesengine.looper.deduction.record import PublicRecord

        if not game.record:
            raise InputError("secrecy", "the information penalty reads the game's log: record=True")
        if self.refused:
            return dict.fromkeys(actions, 0.0)
        now = PublicRecord.from_game(game)
        if self.base is None or self.base.record != now:
            try:
                self.base = deduce(now, after=self.base)
            except InputError:  # (the script is one the deduction refuses)
                self.refused = True
                return dict.fromkeys(actions, 0.0)
        before = self.entropy.setdefault(repr(now), self.base.entropy_bits)
        out = {}
        for action in actions:
            g = game.clone()
            g.apply(action)
            _play_on(g, self.seed, _day_over(g))
            after = self._entropy(PublicRecord.from_game(g))
            out[action] = 0.0 if self.refused else before - after
        return out
