"""Tragedy Looper as an OpenSpiel game (``python_tragedy_looper``) and the OpenSpiel MCTS Mastermind
(issue 25): the OpenSpiel game plays the kernel's game action for action (random playouts against the
engine), its actions are the kernel's options one to one, player 1 learns nothing the public record does
not say (TL-D5a: scripts that differ only in unrevealed roles give the same information state), pyspiel's
own random simulation test passes, and a bad ``script`` parameter is an error naming it.
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.looper.play.agents import HeuristicProtagonists, RandomAgent
from rulesengine.looper.play.openspiel_game import (
    GAME_NAME,
    MAX_ACTIONS,
    LooperGame,
    LooperState,
    OpenSpielMastermind,
)
from rulesengine.looper.play.tournament import MASTERMINDS, make_agent
from rulesengine.looper.rules.actions import Action
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, Script, load_script
from tests.looper.test_engine_agents import consistent_variants

SCRIPTS = ("fs_01_tutorial", "fs_02_quiet_ward", "btx_01_first_contract", "btx_02_clockwork_hearts")


def random_playout(name: str, seed: int) -> tuple[LooperState, list[Action]]:
    """A random game through OpenSpiel's interface; the kernel's actions it played, in order."""
    state = pyspiel.load_game(GAME_NAME, {"script": name}).new_initial_state()
    rng = random.Random(seed)
    played = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        played.append(state.engine_action(action))
        state.apply_action(action)
    return state, played


@pytest.mark.parametrize("name", SCRIPTS)
def test_random_playouts_end_as_the_engine_played_with_the_same_actions(name: str) -> None:
    """TL-LE2, TL-FG3: the same actions on the kernel's own game give the same end and returns."""
    for seed in range(3):
        state, played = random_playout(name, seed)
        game = Game(load_script(SCRIPTS_DIR / f"{name}.yaml"))
        for action in played:
            game.apply(action)
        assert game.is_terminal() and game.outcome is not None
        assert state.returns() == [float(r) for r in game.returns()]
        assert state.returns()[0] == (1.0 if game.outcome.winner == "mastermind" else -1.0)
        assert sum(state.returns()) == 0.0
        assert len(state.history()) == len(played) <= state.get_game().max_game_length()


@pytest.mark.parametrize("name", ["fs_02_quiet_ward", "btx_02_clockwork_hearts"])
def test_legal_actions_are_the_kernels_options_one_to_one(name: str) -> None:
    """At every decision of a random game: the actions are 0..n-1, each one option of the kernel's
    sorted list, in order; the player to decide is the kernel's side; the other player has none."""
    state = pyspiel.load_game(GAME_NAME, {"script": name}).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        options = state.engine.legal_actions()
        legal = state.legal_actions()
        assert legal == list(range(len(options))) and len(options) <= MAX_ACTIONS
        assert [state.engine_action(a) for a in legal] == list(options)
        assert len(set(options)) == len(options)
        player = state.current_player()
        assert player == (0 if state.engine.current_player() == "mastermind" else 1)
        assert state.legal_actions(1 - player) == []
        state.apply_action(rng.choice(legal))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []


def test_clone_is_an_independent_copy() -> None:
    """``clone()`` copies the kernel's game: moving the copy on leaves the original where it was."""
    state = pyspiel.load_game(GAME_NAME, {"script": "fs_01_tutorial"}).new_initial_state()
    state.apply_action(3)
    copy = state.clone()
    assert isinstance(copy, LooperState) and copy.history() == state.history() == [3]
    assert copy.engine is not state.engine and str(copy) == str(state)
    copy.apply_action(0)
    assert state.history() == [3] and len(copy.history()) == 2
    assert state.observation_string(0) != copy.observation_string(0)


def replayed(script: Script, history: list[tuple[str, Action]]) -> LooperState:
    state = LooperGame(script=script).new_initial_state()
    for _who, action in history:
        state.apply_action(state.engine.legal_actions().index(action))
    return state


def test_player_1_learns_nothing_the_public_record_does_not_say() -> None:
    """TL-D5a: whole games replayed on scripts that swap two unrevealed roles and leave the same public
    record give player 1 (the Protagonists) the same information state and observation strings; player
    0's (the Mastermind's, who reads the roles) differ — so the comparison can fail."""
    tried = 0
    for name in ("fs_01_tutorial", "btx_01_first_contract"):
        script = load_script(SCRIPTS_DIR / f"{name}.yaml")
        for seed in range(2):
            agents = {"mastermind": RandomAgent(seed), "protagonists": HeuristicProtagonists(seed + 1)}
            game = drive(Game(script), agents)
            for variant in consistent_variants(script, game)[:2]:
                a, b = replayed(script, game.history), replayed(variant, game.history)
                assert a.information_state_string(1) == b.information_state_string(1)
                assert a.observation_string(1) == b.observation_string(1)
                assert a.information_state_string(0) != b.information_state_string(0)
                tried += 1
    assert tried >= 4


def test_information_state_strings_remember_and_observations_do_not() -> None:
    """The information state grows with the game (perfect recall: own actions, every new observation);
    the observation is the state now."""
    state = pyspiel.load_game(GAME_NAME, {"script": "fs_01_tutorial"}).new_initial_state()
    first = state.information_state_string(1)
    for action in (0, 1, 2):
        state.apply_action(action)
    later = state.information_state_string(1)
    assert later.startswith(first) and len(later.splitlines()) > 1
    assert len(state.observation_string(1).splitlines()) == 1
    assert "played" in state.information_state_string(0) and "played" not in later


def test_pyspiel_random_simulation_test_passes() -> None:
    """OpenSpiel's own consistency check (random games: legal actions, clones, strings, returns)."""
    pyspiel.random_sim_test(pyspiel.load_game(GAME_NAME, {"script": "fs_01_tutorial"}), num_sims=2,
                            serialize=False, verbose=False)


def test_an_unknown_script_is_an_input_error_naming_the_field() -> None:
    with pytest.raises(InputError) as caught:
        LooperGame({"script": "no_such_script"})
    assert caught.value.where == "script" and "no_such_script" in str(caught.value)
    assert caught.value.localized("vi").startswith("script: không có kịch bản")
    with pytest.raises(InputError, match=r"^script: "):
        pyspiel.load_game(GAME_NAME, {"script": "no_such_script"})


def test_a_script_file_is_a_parameter_too() -> None:
    path = str(SCRIPTS_DIR / "btx_01_first_contract.yaml")
    game = pyspiel.load_game(GAME_NAME, {"script": path})
    assert game.num_players() == 2 and game.num_distinct_actions() == MAX_ACTIONS
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


# ------------------------------------------------------------------------------------------ the agent


def test_the_mcts_mastermind_is_seated_by_name_and_answers_legally() -> None:
    assert {"mcts1", "mcts2", "mcts3"} <= set(MASTERMINDS)
    agent = make_agent("mcts2", "mastermind", 0)
    assert isinstance(agent, OpenSpielMastermind) and agent.budget == 128
    script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    histories = []
    for _ in range(2):  # deterministic for a seed
        agents = {"mastermind": OpenSpielMastermind(3, simulations=8),
                  "protagonists": HeuristicProtagonists(4)}
        game = drive(Game(script, record=False), agents)
        assert game.is_terminal()
        histories.append(game.history)
    assert histories[0] == histories[1]


def test_the_ismcts_mastermind_plays_whole_games() -> None:
    """OpenSpiel's ISMCTSBot, its nodes keyed by observation strings, its resampler the state itself (the
    Mastermind's information set at its decisions)."""
    script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    agent = OpenSpielMastermind(1, simulations=6, information_sets=True)
    game = drive(Game(script, record=False), {"mastermind": agent, "protagonists": HeuristicProtagonists(2)})
    assert game.is_terminal() and game.outcome is not None


def test_a_bad_level_or_budget_is_an_input_error() -> None:
    with pytest.raises(InputError, match=r"^level: "):
        OpenSpielMastermind(0, level=4)
    with pytest.raises(InputError, match=r"^simulations: "):
        OpenSpielMastermind(0, simulations=0)
