"""Searching Protagonists: Monte Carlo search over games drawn from the exact deduction (issue 25).

:class:`SearchingProtagonists` see only their observation. At each of their decisions with several
options they

1. build their :class:`~rulesengine.looper.deduction.record.PublicRecord` from the observation and their
   own answers (as :class:`~rulesengine.looper.deduction.agent.DeducingProtagonists` do) and deduce
   from it (:func:`~rulesengine.looper.deduction.counted.deduce`: every private sheet still consistent,
   counted);
2. draw ``samples`` private sheets from its posterior, exactly
   (:func:`~rulesengine.looper.deduction.sample.sample_indices`), and take each drawn candidate's
   *witness game* — its own script replayed with the Mastermind decisions of the branch that found it,
   checked to give the same public record (``Deduction.witnesses``): a whole game, hidden part included,
   that agrees with everything they saw (a *determinization*);
3. play every option on copies of those games to the end of the loop — the Mastermind by the heuristic
   Mastermind, the rest of the Protagonists' decisions by the heuristic Protagonists — and keep the
   option that survived the loop most often (TL-LE1); in the last loop a rollout that reaches the
   final guess names the guess the deduction favours, and scores when it is right under that game's
   script (TL-FG3). Among options that survive equally often, fewer loss conditions held in the
   rollouts lost (read off the drawn games, which are the agent's own) is better. The rollouts go to
   the options by successive halving, as the searching Mastermind's (:mod:`~rulesengine.looper.play.
   search`): each round the same share to every option left, each option's *t*-th rollout on the same
   drawn game (common draws), the better half on; ties go to the heuristic Protagonists' score, then
   to the agent's seed.
4. survival first, information next (``inform``, on by default): at the leader's card (TL-D3) and the
   goodwill abilities (TL-D6), the decisions the deducing Protagonists choose by information, the
   options that survived as often as the best one (all of them, when none survived) go to the one whose
   outcome tells the most about the script (:meth:`~rulesengine.looper.deduction.results.Deduction.
   next_moves`, expected bits over :data:`INFORM_SAMPLE` candidates), when it tells anything. A rollout
   ends at the loop's end and cannot weigh what a move teaches for the final guess (TL-FG3); where no
   move saves the loop, that guess is the Protagonists' only way to win.

The final guess is the deduction's: one of ``best_guesses()``, at random with the agent's seed when
several tie (as the deducing Protagonists). Between loops (TL-TS2) they always take the next loop over
an early final guess: the guess after one more loop is made knowing at least as much, and the loop may
be survived (a rollout cut at the loop's end cannot weigh that later guess).

The draws made at one decision are kept and played on by the Protagonists' own answers to the next
(the other Protagonists' cards of the same day): when every drawn game then shows the record and waits
for the same decision, no Mastermind decision came between and the games are still draws of the
posterior (a draw that agrees with the new events is one of the new posterior, those events being fixed
by the game and the answers); otherwise the agent deduces again.

Everything is a function of the observation, the agent's own answers and its seed: a test plays the
same record under another consistent private sheet and finds the same decisions. ``level`` sets the
budget (:data:`LEVELS`: rollouts per decision and games drawn); ``rollouts`` and ``samples`` override it.
``informed`` counts the decisions where information broke the survival ties.

>>> from rulesengine.contract import drive
>>> from rulesengine.looper.deduction.record import PublicSheet
>>> from rulesengine.looper.deduction.reference import tiny_script
>>> from rulesengine.looper.play.agents import HeuristicMastermind
>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> script = tiny_script(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"), 4, 3, 2)
>>> agent = SearchingProtagonists(PublicSheet.of(script), 0, level=1)
>>> game = drive(Game(script), {"mastermind": HeuristicMastermind(0), "protagonists": agent})
>>> game.outcome.winner in ("mastermind", "protagonists"), agent.searched > 0
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rulesengine.errors import IllegalActionError, InputError
from rulesengine.looper.deduction.agent import RecordingProtagonists
from rulesengine.looper.deduction.sample import sample_indices
from rulesengine.looper.deduction.search import WitnessError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.play.search import successive_halving
from rulesengine.looper.rules.actions import Action, Choose, Guess, PlaceCard, UseAbility, from_dict
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation
from rulesengine.looper.rules.state import Decision, DecisionKind

if TYPE_CHECKING:
    from rulesengine.looper.deduction.record import PublicRecord, PublicSheet
    from rulesengine.looper.deduction.results import Deduction
    from rulesengine.looper.rules.engine import Game

__all__ = ["LEVELS", "SearchingProtagonists"]

#: Per strength level: (rollouts per decision, private sheets drawn from the posterior).
LEVELS: Final = {1: (32, 4), 2: (128, 8), 3: (512, 16)}

#: Candidates played on to weigh the information of an option (as the deducing Protagonists' default).
INFORM_SAMPLE: Final = 8

#: A rollout that has not ended its loop after this many decisions is cut short (scored 0).
MAX_ROLLOUT_STEPS: Final = 2000


class SearchingProtagonists(RecordingProtagonists):
    """The Protagonists by Monte Carlo search over games drawn from the deduction (see the module).

    Built with the public sheet (known before the game), like the deducing Protagonists. After a game,
    ``times`` holds the seconds of processor time of every decision it searched, ``deductions`` how many
    times it deduced, and ``last`` the options of the last decision searched, best first, as (option,
    rollouts, loops survived or guesses right; first, when information broke the survival tie, the option
    taken).
    """

    def __init__(
        self,
        sheet: PublicSheet,
        seed: int | None = None,
        level: int = 1,
        *,
        rollouts: int | None = None,
        samples: int | None = None,
        inform: bool = True,
    ) -> None:
        if level not in LEVELS:
            raise InputError("level", f"expected one of {sorted(LEVELS)}, got {level!r}")
        if rollouts is not None and rollouts < 1:
            raise InputError("rollouts", f"expected at least 1, got {rollouts!r}")
        if samples is not None and samples < 1:
            raise InputError("samples", f"expected at least 1, got {samples!r}")
        super().__init__(sheet, seed)
        self.level = level
        self.budget = rollouts if rollouts is not None else LEVELS[level][0]
        self.samples = samples if samples is not None else LEVELS[level][1]
        self.heuristic = HeuristicProtagonists(self.rng.randrange(2**31))
        self.inform = inform
        self.informed = 0  # decisions where the survival ties were broken by information
        self.searched = 0
        self.no_witness = 0  # decisions answered by the heuristic agent: a drawn candidate had no witness
        self.times: list[float] = []
        self.last: list[tuple[Action, int, int]] = []
        # the drawn games at the last decision searched (distinct games, and the draws as indices into
        # them), how many answers the agent had given then, and the guess its rollouts name
        self._games: list[Game] = []
        self._draws: list[int] = []
        self._at = 0
        self._rollout_guess: dict[str, str] = {}

    # ------------------------------------------------------------------ choosing
    def _choose(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        guess = self._final_guess(seen, legal)  # (TL-FG3: the deduction's guess, as the deducing agent's)
        if guess is not None:
            return guess
        start = time.process_time()
        pending = seen.pending
        kind = pending.kind if isinstance(pending, Decision) else None
        if kind == DecisionKind.TIME_SPIRAL:
            for a in legal:
                if isinstance(a, Choose) and a.option == "next_loop":
                    return a
        games = self._worlds(seen, legal)
        if not games:
            return self.heuristic(seen, legal)
        action = self._search(seen, legal, kind)
        self.searched += 1
        self.times.append(time.process_time() - start)
        return action

    def _worlds(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> list[Game]:
        """The drawn games standing at this decision: those of the last decision played on by the
        agent's answers since, when they all still agree with the record; else drawn again."""
        record = self.record(seen)
        if self._games and self._advance(record):
            return self._games
        result = self.deduce(record)
        try:
            self._draw(result, record)
        except WitnessError:  # (a fault of the deduction, none known: counted, the heuristic answers)
            self.no_witness += 1
            self._games, self._draws = [], []
            return self._games
        if seen.loop == self.sheet.loops and self._games:
            ties, _ = result.best_guesses()
            self._rollout_guess = ties[self.rng.randrange(len(ties))] if len(ties) else {}
        else:
            self._rollout_guess = {}
        wanted = set(legal)
        if any(not wanted <= set(g.legal_actions()) for g in self._games):
            self._games, self._draws = [], []  # (cannot happen: the options are public; kept safe)
        return self._games

    def _draw(self, result: Deduction, record: PublicRecord) -> None:
        indices = sample_indices(result, self.samples, self.rng)
        distinct = list(dict.fromkeys(indices))
        games = []
        for i in distinct:
            game = result.witnesses[i]
            _settle(game)
            games.append(game)
        self._games = games
        self._draws = [distinct.index(i) for i in indices]
        self._at = len(self.actions)

    def _advance(self, record: PublicRecord) -> bool:
        """Play the kept games on by the agent's answers since they were drawn; whether every one then
        shows the record's public events and waits for the same decision (no Mastermind decision came
        between)."""
        answers = self.actions[self._at :]
        moved: list[Game] = []
        for game in self._games:
            g = game.clone()
            try:
                for who, action in answers:
                    _settle(g)
                    if g.pending is None or g.pending.who != who:
                        return False
                    g.apply(action)
            except IllegalActionError:
                return False
            _settle(g)
            if g.pending is None or g.pending.who != record.waiting:
                return False
            events = [e.as_dict() for e in g.log if e.visibility == "public"]
            if events != list(record.events):
                return False
            moved.append(g)
        self._games = moved
        self._at = len(self.actions)
        return True

    def _search(self, seen: ProtagonistsObservation, legal: Sequence[Action], kind: str | None) -> Action:
        """Successive halving over ``legal``, each rollout on one of the drawn games (see the module)."""
        prior = {a: self.heuristic.score(seen, a) for a in legal}
        draws = self._draws

        def key(a: Action, n: int, totals: tuple[int, ...]) -> tuple[float, float, float]:
            # (loops survived, then fewer loss conditions held in the rollouts lost, then the prior)
            return (totals[0] / n, -totals[1] / n, prior[a]) if n else (0.0, 0.0, prior[a])

        def rollout(a: Action, t: int) -> tuple[int, int]:
            return self._rollout(self._games[draws[t % len(draws)]], a, kind)  # (common draws)

        ranked = successive_halving(legal, self.budget, self.rng, rollout, key)
        self.last = [(a, n, totals[0] if totals else 0) for a, n, totals in ranked]
        if self.inform and self._informs(seen, legal):
            self._by_information(seen)
        return self.last[0][0]

    def _informs(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> bool:
        """Whether the survival ties of this decision go to information: the leader's card (TL-D3) and
        the goodwill abilities (TL-D6), the decisions the deducing Protagonists choose by information."""
        pending = seen.pending
        if pending is None:
            return False
        leader = pending.who == f"protagonist:{seen.leader}"
        card = leader and any(isinstance(a, PlaceCard) for a in legal)
        return card or any(isinstance(a, UseAbility) for a in legal)

    def _by_information(self, seen: ProtagonistsObservation) -> None:
        """Among the options that survived their rollouts as often as the best (every option, when none
        survived), put first the one whose outcome tells the most about the script (the deduction's
        ``next_moves``: expected bits), when it tells anything; the order of ``last`` otherwise kept.
        Survival first, information next: when the search sees no way through the loop, the moves that
        inform make the final guess (TL-FG3) likelier to be right."""
        def rate(row: tuple[Action, int, int]) -> float:
            return row[2] / row[1] if row[1] else 0.0

        best = self.last[0]
        tied = [row for row in self.last if rate(row) == rate(best)]
        if len(tied) < 2:
            return
        moves = self.deduce(self.record(seen)).next_moves(limit=len(self.last), sample=INFORM_SAMPLE)
        bits = {from_dict(m["action"]): float(m["expected_bits"]) for m in moves}

        def told(row: tuple[Action, int, int]) -> float:
            return bits.get(row[0], 0.0)

        most = max(tied, key=told)
        if told(most) > 0 and most is not best:
            self.last.remove(most)
            self.last.insert(0, most)
            self.informed += 1

    def _rollout(self, world: Game, action: Action, kind: str | None) -> tuple[int, int]:
        """(1 when the Protagonists survive the loop or win the game after ``action``, else 0; how many
        loss conditions held when they lost), played on a copy of ``world``: the Mastermind by the
        heuristic Mastermind, the Protagonists by the heuristic Protagonists, the final guess the
        deduction's. (The loss conditions are read off the drawn game, the agent's own model: a
        tie-break between options that all lose, fewer conditions being nearer a loop survived.)"""
        g = world.clone()
        loop = g.loop
        g.apply(action)
        if kind == DecisionKind.TIME_SPIRAL:
            loop = g.loop  # (the next loop is the one to survive)
        seed = self.rng.randrange(2**31)
        mastermind, protagonists = HeuristicMastermind(seed), HeuristicProtagonists(seed + 1)
        guess = self._rollout_guess
        for _ in range(MAX_ROLLOUT_STEPS):
            if g.is_over:
                assert g.outcome is not None
                if g.outcome.winner == "protagonists":
                    return 1, 0
                return 0, _conditions(g, loop)
            if g.loop != loop:
                return 0, _conditions(g, loop)  # (a new loop: this one was lost, TL-LE1)
            pending = g.pending
            if pending is None:
                g.resume()
                continue
            legal = g.legal_actions()
            if pending.who == "mastermind":
                g.apply(mastermind(MastermindObservation(g), legal))
            elif pending.kind == DecisionKind.GUESS and guess:
                named = [a for a in legal if isinstance(a, Guess) and guess.get(a.character) == a.role]
                g.apply(named[0] if named else protagonists(ProtagonistsObservation(g), legal))
            else:
                g.apply(protagonists(ProtagonistsObservation(g), legal))
        return 0, 0


def _conditions(game: Game, loop: int) -> int:
    """How many loss conditions held at the end of ``loop`` in ``game`` (a drawn game: the agent's own)."""
    return sum(len(r.reasons) for r in game.loop_results if r.loop == loop)


def _settle(game: Game) -> None:
    """Resume a game paused between phases until it waits for a decision or is over."""
    while game.is_paused:
        game.resume()
