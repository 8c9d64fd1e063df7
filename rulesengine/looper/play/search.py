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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rulesengine.errors import InputError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation

if TYPE_CHECKING:
    from rulesengine.looper.rules.actions import Action
    from rulesengine.looper.rules.engine import Game

__all__ = ["LEVELS", "TRACE_TOP", "SearchingMastermind"]

#: Rollouts per decision at each strength level.
LEVELS: Final = {1: 32, 2: 128, 3: 512}

#: How many of a decision's options :attr:`SearchingMastermind.trace` keeps (the choice and the next ones).
TRACE_TOP: Final = 3

#: A rollout that has not ended its loop after this many decisions is cut short (a loss for the
#: Mastermind: it did not make the Protagonists lose); far above any loop of the shipped scripts.
MAX_ROLLOUT_STEPS: Final = 2000


class SearchingMastermind:
    """The Mastermind by Monte Carlo search over its options (see the module's docstring).

    ``level`` (1, 2 or 3) sets the rollouts per decision (:data:`LEVELS`); ``rollouts`` overrides it.
    """

    def __init__(self, seed: int | None = None, level: int = 2, rollouts: int | None = None) -> None:
        if level not in LEVELS:
            raise InputError("level", f"expected one of {sorted(LEVELS)}, got {level!r}")
        if rollouts is not None and rollouts < 1:
            raise InputError("rollouts", f"expected at least 1, got {rollouts!r}")
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
        tries = dict.fromkeys(legal_actions, 0)
        wins = dict.fromkeys(legal_actions, 0)
        alive = list(legal_actions)
        self.rng.shuffle(alive)  # (ties at random)
        budget = self.budget
        rounds = max(1, (len(alive) - 1).bit_length())
        for r in range(rounds):
            # (each round an equal part of the budget, the last round what is left)
            part = self.budget // rounds if r < rounds - 1 else budget
            share = max(1, part // len(alive))
            for a in alive:
                for _ in range(share):
                    wins[a] += self._rollout(game, a)
                    tries[a] += 1
                    budget -= 1
            alive.sort(key=lambda a: (wins[a] / tries[a], prior[a]), reverse=True)
            if len(alive) == 1 or budget <= 0:
                break
            alive = alive[: (len(alive) + 1) // 2]
        out = [a for a in legal_actions if a not in alive]  # (dropped in earlier rounds)
        out.sort(key=lambda a: (wins[a] / tries[a] if tries[a] else 0.0, prior[a]), reverse=True)
        ranked = [*alive, *out]
        self.last = [(a, tries[a], wins[a]) for a in ranked]
        self.trace.append((obs.loop, obs.day, tuple(self.last[:TRACE_TOP])))
        return alive[0]

    def _rollout(self, game: Game, action: Action) -> int:
        """1 when the Protagonists lose the loop (or the game) after ``action``, played on a copy."""
        g = game.clone()
        loop = g.loop  # (before the action: one that ends the loop at once is a win of this loop)
        g.apply(action)
        seed = self.rng.randrange(2**31)
        mastermind, protagonists = HeuristicMastermind(seed), HeuristicProtagonists(seed + 1)
        for _ in range(MAX_ROLLOUT_STEPS):
            if g.is_over:
                assert g.outcome is not None
                return int(g.outcome.winner == "mastermind")
            if g.loop != loop:
                return 1  # (a new loop: the Protagonists lost this one, TL-LE1)
            pending = g.pending
            if pending is None:  # (a game that pauses between phases, as the notebooks' steppers do)
                g.resume()
                continue
            legal = g.legal_actions()
            if pending.who == "mastermind":
                g.apply(mastermind(MastermindObservation(g), legal))
            else:
                g.apply(protagonists(ProtagonistsObservation(g), legal))
        return 0
