"""Tragedy Looper as an OpenSpiel game, ``python_tragedy_looper``, and a Mastermind searching it with
OpenSpiel's ``MCTSBot`` (issue 25).

Importing this module registers the game with ``pyspiel``; load it with
``pyspiel.load_game("python_tragedy_looper", {"script": "fs_02_quiet_ward"})`` (``script``: a shipped
script's id or a script file; anything else is an :class:`~rulesengine.errors.InputError` naming
``script``).

**The game.** A :class:`LooperState` wraps one ``Game(script, record=False)`` of the kernel and answers
OpenSpiel's questions with the kernel's contract (``docs/architecture.md``, rule 4):

* two players, as the engine's agents see them: **0 the Mastermind, 1 the Protagonists** (the three
  protagonists and the leader are one player, as for :func:`rulesengine.contract.drive`);
* sequential, **deterministic** (the script fixes everything before play: the kernel has no chance
  node), imperfect information, zero-sum, terminal rewards: ``returns()`` is +1 for the winner and -1
  for the loser (TL-LE2, TL-FG3);
* an action is the **index** of an option in the kernel's sorted ``legal_actions()``, so
  ``legal_actions()`` is ``[0, …, n-1]`` and :meth:`LooperState.engine_action` maps it back.
  ``num_distinct_actions`` is :data:`MAX_ACTIONS` (1024), a documented bound: the largest decision of the
  shipped scripts has 143 options (the final guess of ``btx_03``: 11 characters × 13 roles), placements
  at most 135 (9 card kinds × 15 targets); a decision with more options raises instead of passing an
  action OpenSpiel would call out of range. ``max_game_length`` is likewise a bound,
  ``loops × days × 64 + 2 × cast``, checked by the random playouts of the tests (the longest seen: 189);
* ``clone()`` is the kernel's :meth:`~rulesengine.looper.rules.engine.Game.clone` (OpenSpiel clones a
  Python state by deep-copying its attributes: the game sits in a small box whose deep copy is
  ``Game.clone()``, a few microseconds);
* **who sees what**: ``observation_string(p)`` is the JSON of side ``p``'s observation
  (:class:`~rulesengine.looper.rules.observe.ProtagonistsObservation` for player 1, which holds no hidden
  fact); ``information_state_string(p)`` is what ``p`` remembers: each observation that differed from
  the one before, and its own actions, from the start. Player 1's is the same for two scripts with the
  same public sheet that leave the same public record (a test swaps unrevealed roles).

**The searching Mastermind.** :class:`OpenSpielMastermind` is an agent (``agent(observation,
legal_actions) -> Action``). At its decisions the Mastermind knows every fact of the state
(:meth:`~rulesengine.looper.rules.observe.MastermindObservation.model`), so plain MCTS on the model is
its information-set search; it runs OpenSpiel's ``MCTSBot`` on a :class:`LooperState` of the model,
each leaf valued by :class:`LoopRollouts`: the heuristic agents play on to the end of the loop the
search began in, +1 when the Protagonists lose it (TL-LE1), or the game (TL-LE2) — the same rollout as
:class:`~rulesengine.looper.play.search.SearchingMastermind`'s. By default the tree follows PUCT with
the heuristic agents' scores as the prior (a softmax; exploration constant 2); ``puct=False`` is plain
UCT with a uniform prior, which with fewer simulations than options tries each option once at most
(a pilot of 8 games, fs_02 and btx_02: 5 wins against 8 with PUCT). Its levels are simulations per
decision (:data:`LEVELS`), chosen for the time per decision of the searching Mastermind's levels. A
Protagonists' decision inside the tree is taken by MCTS for player 1 *on the whole state* (MCTS is a
perfect-information search); the rollouts use the heuristic Protagonists, who read their observation
only. ``information_sets=True`` runs OpenSpiel's ``ISMCTSBot`` instead, its nodes keyed by each side's
observation string (so the Protagonists' nodes cannot tell the Mastermind's face-down cards apart), with
the resampler that returns the state itself: at its own decisions the Mastermind's information set is
that one state, so there is nothing for a deduction to sample (the deduction would resample for a
searching *Protagonists*). Its final choice is the option of highest mean value (``MAX_VALUE``): with
fewer simulations than options every option tried has one visit, and the most visited — its default —
would be a draw among them all.

>>> import pyspiel
>>> game = pyspiel.load_game(GAME_NAME, {"script": "fs_01_tutorial"})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions()), state.is_chance_node()
(0, 90, False)
>>> state.engine_action(0)
PlaceCard(card='forbid_goodwill', target='boy_student')
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from rulesengine.errors import InputError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.rules.actions import to_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script, shipped_scripts
from rulesengine.looper.rules.state import Side

if TYPE_CHECKING:
    from rulesengine.looper.rules.actions import Action
    from rulesengine.looper.rules.script import Script

__all__ = [
    "GAME_NAME", "LEVELS", "MAX_ACTIONS", "LoopRollouts", "LooperGame", "LooperState",
    "OpenSpielMastermind", "script_path",
]

GAME_NAME: Final = "python_tragedy_looper"
#: ``num_distinct_actions``: a bound on the options of one decision (see the module's docstring).
MAX_ACTIONS: Final = 1024
#: MCTS simulations per decision at each level, chosen so that a decision takes about the time of the
#: :class:`~rulesengine.looper.play.search.SearchingMastermind` of the same level (``bench_openspiel.py``:
#: 0.041 s against 0.044 s of CPU at level 1, 0.081 s against 0.078 s at level 2; level 3 from the time
#: per simulation, not measured).
LEVELS: Final = {1: 64, 2: 128, 3: 448}
#: A rollout that has not ended its loop after this many decisions is cut short (a loss for the
#: Mastermind), as :data:`rulesengine.looper.play.search.MAX_ROLLOUT_STEPS`.
MAX_ROLLOUT_STEPS: Final = 2000
_PLAYER: Final = {Side.MASTERMIND: 0, Side.PROTAGONISTS: 1}
_SIDE: Final = (Side.MASTERMIND, Side.PROTAGONISTS)
_DEFAULT: Final[dict[str, Any]] = {"script": "fs_01_tutorial"}


def script_path(value: str) -> Path:
    """The script file the ``script`` parameter names: a shipped script's id, or a file.

    >>> script_path("fs_02_quiet_ward").name
    'fs_02_quiet_ward.yaml'
    >>> script_path("no_such_script")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: script: no shipped script or file 'no_such_script'; shipped: ...
    """
    shipped = SCRIPTS_DIR / f"{value}.yaml"
    if value and "/" not in value and shipped.is_file():
        return shipped
    if value and Path(value).is_file():
        return Path(value)
    raise InputError.of("script", "looper.cli.error.no_script", script=repr(value),
                        known=", ".join(p.stem for p in shipped_scripts()))


GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Tragedy Looper",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=_DEFAULT,
)


class LooperGame(pyspiel.Game):
    """Tragedy Looper on one script (the ``script`` parameter); ``script=`` a loaded
    :class:`~rulesengine.looper.rules.script.Script` instead (what the searching Mastermind uses: the
    script of the game it plays, shipped or not)."""

    def __init__(self, params: dict[str, Any] | None = None, *, script: Script | None = None) -> None:
        params = {**_DEFAULT, **(params or {})}
        if script is None:
            script = load_script(script_path(str(params["script"])))
        else:
            params["script"] = script.id
        self.script = script
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=script.loops * script.days * 64 + 2 * len(script.cast),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> LooperState:
        """The game's first decision (the Mastermind's first card, TL-D2)."""
        return LooperState(self)

    def state_of(self, engine: Game) -> LooperState:
        """An OpenSpiel state over a copy of the kernel's ``engine`` (its OpenSpiel history starts there)."""
        return LooperState(self, engine.clone())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LooperObserver:
        """Strings of what a player sees (``perfect_recall``: the information state) or remembers."""
        perfect_recall = iig_obs_type is not None and bool(getattr(iig_obs_type, "perfect_recall", False))
        return LooperObserver(perfect_recall)


class _Box:
    """The wrapped kernel game and where its history began: OpenSpiel deep-copies a Python state's
    attributes to clone it, and this box's deep copy is :meth:`Game.clone` (the start is shared: it is
    never moved on, only copied)."""

    __slots__ = ("engine", "start")

    def __init__(self, engine: Game, start: Game) -> None:
        self.engine, self.start = engine, start

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.engine.clone(), self.start)


class LooperState(pyspiel.State):
    """A state of :class:`LooperGame`: one kernel game (see the module's docstring)."""

    def __init__(self, game: LooperGame, engine: Game | None = None) -> None:
        super().__init__(game)
        if engine is None:
            engine = Game(game.script, record=False)
        self._box = _Box(engine, engine.clone())

    @property
    def engine(self) -> Game:
        """The kernel game this state wraps: the whole state, hidden facts included (for the Mastermind's
        search and the tests; a Protagonists' agent gets :meth:`observation` of player 1 only)."""
        return self._box.engine

    def current_player(self) -> int:
        """0 (the Mastermind) or 1 (the Protagonists) to decide; ``TERMINAL`` at the end."""
        side = self._box.engine.current_player()
        if isinstance(side, Side):
            return _PLAYER[side]
        return int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        n = len(self._box.engine.legal_actions())
        if n > MAX_ACTIONS:
            raise InputError("num_distinct_actions", f"a decision with {n} options > {MAX_ACTIONS}")
        return list(range(n))

    def engine_action(self, action: int) -> Action:
        """The kernel's action of index ``action`` in the pending decision's sorted options."""
        return self._box.engine.legal_actions()[action]

    def _apply_action(self, action: int) -> None:
        engine = self._box.engine
        engine.apply(engine.legal_actions()[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return json.dumps(to_dict(self.engine_action(action)), sort_keys=True)

    def is_terminal(self) -> bool:
        """Whether the game is over (TL-LE2, TL-FG3)."""
        return self._box.engine.is_terminal()

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, as (Mastermind, Protagonists); 0 before the end."""
        engine = self._box.engine
        if not engine.is_terminal():
            return [0.0, 0.0]
        return [float(r) for r in engine.returns()]

    def observation(self, player: int) -> ProtagonistsObservation | MastermindObservation:
        """Player ``player``'s observation of the kernel game now (what an agent of that side is given)."""
        return self._box.engine.observation(_SIDE[player])

    def observation_string(self, player: int | None = None) -> str:
        """Player ``player``'s observation now, as JSON (player 1's holds no hidden fact)."""
        return _observed(self._box.engine, self.current_player() if player is None else player)

    def information_state_string(self, player: int | None = None) -> str:
        """What player ``player`` remembers since the state's start: every observation that differed from
        the one before, and its own actions, one a line (replayed from the start: for tests and tools,
        not for the search's inner loop)."""
        player = self.current_player() if player is None else player
        game = self._box.start.clone()
        lines = [_observed(game, player)]
        for action in self.history():  # (a state over a model: its history starts at the model)
            who = game.current_player()
            chosen = game.legal_actions()[action]
            game.apply(chosen)
            if who == _SIDE[player]:
                lines.append("played " + json.dumps(to_dict(chosen), sort_keys=True))
            seen = _observed(game, player)
            if seen != lines[-1]:
                lines.append(seen)
        return "\n".join(lines)

    def __str__(self) -> str:
        return repr(self._box.engine)


def _observed(game: Game, player: int) -> str:
    obs = game.observation(_SIDE[player])
    return json.dumps(obs.as_dict(), sort_keys=True, default=str, ensure_ascii=False)


class LooperObserver:
    """OpenSpiel's PyObserver for this game: strings only (no tensor)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: LooperState, player: int) -> None:
        """Nothing to fill: the game provides no tensor."""

    def string_from(self, state: LooperState, player: int) -> str:
        """The information state string (perfect recall) or the observation string of ``player``."""
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


# ------------------------------------------------------------------------- the searching Mastermind


class LoopRollouts(mcts.Evaluator):
    """MCTS's leaf value: the heuristic agents play on to the end of the loop the search began in
    (:attr:`loop`), +1 for the Mastermind when the Protagonists lose that loop or the game, else -1; the
    prior is uniform, or with ``heuristic`` the heuristic agents' scores. Seeded by ``rng``."""

    def __init__(self, rng: random.Random, heuristic: bool = False) -> None:
        self.rng = rng
        self.loop = 1
        self.heuristic = heuristic
        self._mastermind = HeuristicMastermind(rng.randrange(2**31))
        self._protagonists = HeuristicProtagonists(rng.randrange(2**31))

    def evaluate(self, state: LooperState) -> np.ndarray:
        """[Mastermind's value, Protagonists' value] of one rollout from ``state``."""
        g = state.engine.clone()
        seed = self.rng.randrange(2**31)
        mastermind, protagonists = HeuristicMastermind(seed), HeuristicProtagonists(seed + 1)
        won = 0
        for _ in range(MAX_ROLLOUT_STEPS):
            if g.is_over:
                assert g.outcome is not None
                won = int(g.outcome.winner == "mastermind")
                break
            if g.loop != self.loop:
                won = 1  # (a new loop: the Protagonists lost the searched one, TL-LE1)
                break
            pending = g.pending
            assert pending is not None  # (record=False games never pause)
            legal = g.legal_actions()
            if pending.who == "mastermind":
                g.apply(mastermind(MastermindObservation(g), legal))
            else:
                g.apply(protagonists(ProtagonistsObservation(g), legal))
        value = 1.0 if won else -1.0
        return np.array([value, -value])

    def prior(self, state: LooperState) -> list[tuple[int, float]]:
        """Every legal action alike; with :attr:`heuristic`, the softmax of the heuristic agent's scores
        of the side to decide (what PUCT reads)."""
        legal = state.legal_actions()
        if not self.heuristic:
            return [(a, 1.0 / len(legal)) for a in legal]
        g = state.engine
        options = g.legal_actions()
        if state.current_player() == 0:
            scores = self._mastermind.scores(MastermindObservation(g), options)
        else:
            scores = self._protagonists.scores(ProtagonistsObservation(g), options)
        weights = np.exp(np.array(scores) - max(scores))
        weights /= weights.sum()
        return [(a, float(w)) for a, w in zip(legal, weights, strict=True)]


class OpenSpielMastermind:
    """The Mastermind by OpenSpiel's ``MCTSBot`` on the model of the game (see the module's docstring).

    ``level`` (1, 2 or 3) sets the simulations per decision (:data:`LEVELS`); ``simulations`` overrides it.
    Deterministic for a seed.

    >>> from rulesengine.contract import drive
    >>> agents = {"mastermind": OpenSpielMastermind(0, level=1), "protagonists": HeuristicProtagonists(1)}
    >>> game = drive(Game(load_script(SCRIPTS_DIR / "fs_02_quiet_ward.yaml"), record=False), agents)
    >>> game.outcome.winner
    'mastermind'
    """

    def __init__(self, seed: int | None = None, level: int = 1, simulations: int | None = None,
                 uct_c: float = 2.0, puct: bool = True, information_sets: bool = False) -> None:
        if level not in LEVELS:
            raise InputError("level", f"expected one of {sorted(LEVELS)}, got {level!r}")
        if simulations is not None and simulations < 1:
            raise InputError("simulations", f"expected at least 1, got {simulations!r}")
        self.level = level
        self.budget = simulations if simulations is not None else LEVELS[level]
        self.uct_c = uct_c
        self.rng = random.Random(seed)
        self.puct = puct
        self.information_sets = information_sets
        self.evaluator = LoopRollouts(random.Random(self.rng.randrange(2**31)), heuristic=puct)
        self._games: dict[int, tuple[Script, LooperGame, pyspiel.Bot]] = {}

    def _bot(self, script: Script) -> tuple[LooperGame, pyspiel.Bot]:
        entry = self._games.get(id(script))
        if entry is None or entry[0] is not script:
            game = LooperGame(script=script)
            random_state = np.random.RandomState(self.rng.randrange(2**31))
            bot: pyspiel.Bot
            if self.information_sets:
                policy = ismcts.ChildSelectionPolicy.PUCT if self.puct else ismcts.ChildSelectionPolicy.UCT
                bot = ismcts.ISMCTSBot(game, self.evaluator, self.uct_c, self.budget,
                                       random_state=random_state, use_observation_string=True,
                                       child_selection_policy=policy,
                                       final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VALUE)
                bot.set_resampler(_same_state)
            else:
                select = mcts.SearchNode.puct_value if self.puct else mcts.SearchNode.uct_value
                bot = mcts.MCTSBot(game, self.uct_c, self.budget, self.evaluator, solve=True,
                                   random_state=random_state, child_selection_fn=select)
            entry = self._games[id(script)] = (script, game, bot)
        return entry[1], entry[2]

    def __call__(self, obs: MastermindObservation, legal_actions: Sequence[Action]) -> Action:
        """Answer the pending decision with MCTS's most visited option."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        model = obs.model()
        game, bot = self._bot(model.script)
        self.evaluator.loop = model.loop
        state = LooperState(game, model)
        return legal_actions[int(bot.step(state))]


def _same_state(state: LooperState, player: int) -> LooperState:
    """ISMCTS's resampler at the Mastermind's decisions: the Mastermind knows every fact of the state
    (TL-D2, TL-D4), so its information set holds the one state."""
    return state.clone()


pyspiel.register_game(GAME_TYPE, LooperGame)
