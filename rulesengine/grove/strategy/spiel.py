"""One round of In a Grove (deal to penalties) as an OpenSpiel game: ``python_in_a_grove_round``.

Importing this module registers the game with ``pyspiel``; load it with
``pyspiel.load_game("python_in_a_grove_round", {"players": 3})``.

**The round.** Chance deals (GR-S3): one outcome per distinct deal of the engine
(:func:`~rulesengine.grove.rules.game.enumerate_deals`, in its order), each with the engine's probability
``1 / count_deals(n)``. OpenSpiel player ``p`` is the seat ``p`` places clockwise from the leader (the
leader is player 0, GR-P1). Each player then accuses (action 0, 1 or 2: the suspect, GR-P3, GR-P5,
GR-P6); its look is not a decision here:

* **Decision** (GR-P2): the leader always looks at suspects 0 and 1 (the Unseen token on 2). A uniform
  deal does not change when the suspects' places are permuted, so every look of the leader leads to the
  same game up to renaming the suspects; strategies are stored for this look and renamed for the others
  (:mod:`rulesengine.grove.strategy.equilibrium`). It makes the tree three times smaller.
* a follower looks at the two suspects the player on its right did not accuse (GR-P4): forced.

After the last chip the round is revealed (GR-R1..R3, GR-V1..V3): the top chip of each innocent
stack takes the stack. ``deals`` (default 0: every deal) restricts chance to a seeded sample of that
many deals, uniformly: a small configuration for tests. ``payoff`` says what a player gets:

* ``"relative"`` (default): the mean of everyone's incompetent chips this round minus one's own.
  **Decision**: a game is lost by the player holding the most incompetent chips (GR-E2), so what
  counts is one's chips against the others'; this payoff is zero-sum, so OpenSpiel's exploitability
  (two players) and NashConv apply as defined;
* ``"chips"``: minus one's own incompetent chips (general-sum).

Information state (and observation: each player acts once a round, so they coincide): the player's
position, its hand (GR-I1), the figure it received or, with two players, the face-up one (GR-I2,
GR-2P3), the two suspects it looked at with their figures, and the chips placed before it.

>>> import pyspiel
>>> game = pyspiel.load_game("python_in_a_grove_round", {"players": 2})
>>> state = game.new_initial_state()
>>> state.apply_action(0)
>>> state.information_state_string(0)
'p0 hand 2 other 8 saw 0=4 1=5 chips -'
>>> state.apply_action(0); state.apply_action(0); state.returns()
[0.0, 0.0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from rulesengine.grove.rules.figures import culprit_index
from rulesengine.grove.rules.game import Deal, count_deals, enumerate_deals, penalty_stacks

__all__ = ["GAME_NAME", "GroveRoundGame", "GroveRoundState", "deal_faces", "load", "penalties", "round_deals"]

GAME_NAME = "python_in_a_grove_round"
_FOLLOW = ((1, 2), (0, 2), (0, 1))  # the pair a follower looks at, by the suspect accused on its right
_LEADER_PAIR = (0, 1)
_FACE_INDEX = {0: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 7}  # one-hot slot of a face (X = 0)
_FACE = {0: "X", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}
_DEFAULT: dict[str, Any] = {"players": 2, "payoff": "relative", "deals": 0, "deal_seed": 0}


@lru_cache(maxsize=4)
def round_deals(players: int) -> tuple[Deal, ...]:
    """The engine's deals for this player count, in the order of the chance actions (GR-S3)."""
    return tuple(enumerate_deals(players))


@lru_cache(maxsize=4)
def deal_faces(players: int) -> tuple[tuple[tuple[int, ...], tuple[int, int, int], int, int], ...]:
    """Each deal as ints: (hands, suspects, public or -1, culprit index) (GR-R1..R3)."""
    out = []
    for d in round_deals(players):
        suspects = (int(d.suspects[0]), int(d.suspects[1]), int(d.suspects[2]))
        out.append((tuple(int(f) for f in d.hands), suspects,
                    -1 if d.public is None else int(d.public), culprit_index(d.suspects)))
    return tuple(out)


@lru_cache(maxsize=16)
def _chance_outcomes(players: int, deals: int = 0, seed: int = 0) -> list[tuple[int, float]]:
    """The chance actions: every deal (``deals == 0``) or a seeded sample of ``deals`` of them, uniformly."""
    count = count_deals(players)
    if not deals or deals >= count:
        chosen: Sequence[int] = range(count)
    else:
        chosen = sorted(random.Random(seed).sample(range(count), deals))
    return [(i, 1.0 / len(chosen)) for i in chosen]


def penalties(players: int, culprit: int, accusations: tuple[int, ...]) -> list[int]:
    """Incompetent chips taken by each position this round (GR-V2, GR-V3, GR-P6), by the kernel's
    :func:`~rulesengine.grove.rules.game.penalty_stacks` on the stacks of positions.

    >>> penalties(3, 0, (1, 1, 0))   # positions 0 and 1 accuse innocent 1: position 1 is on top
    [0, 2, 0]
    """
    stacks: tuple[list[int], list[int], list[int]] = ([], [], [])
    for position, k in enumerate(accusations):  # chips go on top in play order (GR-P6)
        stacks[k].append(position)
    taken = [0] * players
    for top, _, stack in penalty_stacks(stacks, culprit):
        taken[top] += len(stack)
    return taken


def _game_type(players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Python In a Grove round",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULT,
    )


class GroveRoundGame(pyspiel.Game):
    """One round of In a Grove for 2 to 5 players (``players``, ``payoff`` parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULT, **(params or {})}
        self.players = int(params["players"])
        if not 2 <= self.players <= 5:
            raise ValueError(f"players must be 2 to 5, got {self.players}")
        self.payoff = str(params["payoff"])
        self.deals = int(params["deals"])
        self.deal_seed = int(params["deal_seed"])
        if self.payoff not in ("relative", "chips"):
            raise ValueError(f"payoff must be 'relative' or 'chips', got {self.payoff!r}")
        n = self.players
        game_type = _game_type(n)
        if self.payoff == "chips":
            game_type = pyspiel.GameType(**{**_type_fields(game_type),
                                            "utility": pyspiel.GameType.Utility.GENERAL_SUM})
        info = pyspiel.GameInfo(
            num_distinct_actions=3,
            max_chance_outcomes=len(_chance_outcomes(n, self.deals, self.deal_seed)),
            num_players=n,
            min_utility=-float(n),
            max_utility=float(n),
            utility_sum=0.0 if self.payoff == "relative" else None,
            max_game_length=n + 1,
        )
        super().__init__(game_type, info, params)
        self.tensor_size = n + 8 + 8 + 3 * 8 + 3 * (n - 1)

    def new_initial_state(self) -> GroveRoundState:
        """The round before the deal."""
        return GroveRoundState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GroveObserver:
        """The observer for strings and tensors (information state and observation coincide)."""
        return GroveObserver(self)


def _type_fields(t: pyspiel.GameType) -> dict[str, Any]:
    names = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
             "reward_model", "max_num_players", "min_num_players", "provides_information_state_string",
             "provides_information_state_tensor", "provides_observation_string",
             "provides_observation_tensor", "parameter_specification")
    return {name: getattr(t, name) for name in names}


class GroveRoundState(pyspiel.State):
    """A state of the round: the deal (an index into :func:`round_deals`) and the chips so far.

    It holds only small fields: OpenSpiel clones a Python state by deep-copying its attributes.
    """

    def __init__(self, game: GroveRoundGame) -> None:
        super().__init__(game)
        self.n = game.players
        self.relative = game.payoff == "relative"
        self.sample = (game.deals, game.deal_seed)
        self.deal = -1
        self.accusations: list[int] = []

    def current_player(self) -> int:
        """Chance before the deal, then the positions 0..n-1 in turn, then terminal."""
        if self.deal < 0:
            return int(pyspiel.PlayerId.CHANCE)
        if len(self.accusations) == self.n:
            return int(pyspiel.PlayerId.TERMINAL)
        return len(self.accusations)

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1, 2]  # a chip under any suspect (GR-P3, GR-P5)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal, uniformly (GR-S3)."""
        return _chance_outcomes(self.n, *self.sample)

    def _apply_action(self, action: int) -> None:
        if self.deal < 0:
            self.deal = action
        else:
            self.accusations.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return f"accuse {action}"

    def is_terminal(self) -> bool:
        """After every player's chip."""
        return self.deal >= 0 and len(self.accusations) == self.n

    def returns(self) -> list[float]:
        """The payoff of each position (0 before the end)."""
        if not self.is_terminal():
            return [0.0] * self.n
        taken = penalties(self.n, deal_faces(self.n)[self.deal][3], tuple(self.accusations))
        if self.relative:
            mean = sum(taken) / self.n
            return [mean - t for t in taken]
        return [-float(t) for t in taken]

    def pair(self, position: int) -> tuple[int, int]:
        """The suspects position ``position`` looks at (GR-P2 as decided, GR-P4)."""
        return _LEADER_PAIR if position == 0 else _FOLLOW[self.accusations[position - 1]]

    def info(self, player: int) -> tuple[int, int, int, tuple[int, int], tuple[int, int], tuple[int, ...]]:
        """(position, hand, other, pair, seen faces, earlier chips) of ``player`` (after the deal)."""
        hands, suspects, public, _ = deal_faces(self.n)[self.deal]
        n = self.n
        other = public if n == 2 else hands[(player - 1) % n]
        if player <= len(self.accusations):
            pair = self.pair(player)
            seen = (suspects[pair[0]], suspects[pair[1]])
        else:
            pair, seen = (-1, -1), (-1, -1)
        return (player, hands[player], other, pair, seen, tuple(self.accusations[:player]))

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows, as text."""
        return _info_string(self, self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        """The same as the information state (each player acts once a round)."""
        return _info_string(self, self.current_player() if player is None else player)

    def __str__(self) -> str:
        return f"deal {self.deal} chips {self.accusations}"


def _info_string(state: GroveRoundState, player: int) -> str:
    if state.deal < 0:
        return f"p{player} before the deal"
    position, hand, other, pair, seen, earlier = state.info(player)
    text = f"p{position} hand {_FACE[hand]} other {_FACE[other]}"
    if pair[0] >= 0:
        text += f" saw {pair[0]}={_FACE[seen[0]]} {pair[1]}={_FACE[seen[1]]}"
    return text + " chips " + ("".join(str(a) for a in earlier) or "-")


class GroveObserver:
    """Strings and tensors of a player's information (OpenSpiel's PyObserver interface)."""

    def __init__(self, game: GroveRoundGame) -> None:
        n = game.players
        self.tensor = np.zeros(game.tensor_size, np.float32)
        sizes = {"position": n, "hand": 8, "other": 8, "seen": 24, "chips": 3 * (n - 1)}
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, size in sizes.items():
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def set_from(self, state: GroveRoundState, player: int) -> None:
        """Fill the tensor with ``player``'s information."""
        self.tensor.fill(0)
        self.dict["position"][player] = 1
        if state.deal < 0:
            return
        _, hand, other, pair, seen, earlier = state.info(player)
        self.dict["hand"][_FACE_INDEX[hand]] = 1
        self.dict["other"][_FACE_INDEX[other]] = 1
        if pair[0] >= 0:
            for k, f in zip(pair, seen, strict=True):
                self.dict["seen"][8 * k + _FACE_INDEX[f]] = 1
        for q, a in enumerate(earlier):
            self.dict["chips"][3 * q + a] = 1

    def string_from(self, state: GroveRoundState, player: int) -> str:
        """The information state string of ``player``."""
        return _info_string(state, player)


def load(players: int, payoff: str = "relative", deals: int = 0, deal_seed: int = 0) -> pyspiel.Game:
    """The registered game for this player count (``deals``: a seeded sample of deals, 0 for all)."""
    return pyspiel.load_game(GAME_NAME, {"players": players, "payoff": payoff, "deals": deals,
                                         "deal_seed": deal_seed})


pyspiel.register_game(_game_type(2), GroveRoundGame)
