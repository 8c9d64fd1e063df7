"""The shared game contract (rulesengine.contract), run over both engines with the same tests.

Each game is a :class:`Case` fixture: how to start it, a snapshot to compare states by, an illegal
action for a state, how to record and replay a game, and two states that differ only in hidden facts.
The tests: random play where every legal action is accepted; an illegal action refused with a rule id and
the state unchanged; a recorded game replayed exactly (through JSON); the observation of a side hiding
what it must; and the contract's names and shapes (whose decision, chance, terminal, returns).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rulesengine.contract import CHANCE, PAUSED, TERMINAL, drive
from rulesengine.errors import IllegalActionError, InputError
from rulesengine.grove.play import replay as grove_replay
from rulesengine.grove.rules.game import Accuse, Deal, GameState, Look, new_game
from rulesengine.looper.play import replay as looper_replay
from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.rules.actions import Guess, Pass
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.looper.rules.state import Side


@dataclass(frozen=True)
class Case:
    """One game under the contract."""

    name: str
    new: Callable[[int], Any]  # a fresh state (the argument varies the set-up)
    snapshot: Callable[[Any], Any]  # everything a state holds, comparable with ==
    illegal: Callable[[Any], Any]  # an action the rules refuse now
    record: Callable[[Any], dict[str, Any]]  # the replay file of a game so far
    replay: Callable[[dict[str, Any]], Any]  # the state a replay file describes
    hidden_pair: Callable[[], tuple[Any, Any, Any, Any]]  # (a, b, player who may not tell them apart, other)


# ------------------------------------------------------------------------------------- Tragedy Looper

LOOPER_SCRIPTS = ("fs_01_tutorial", "btx_01_first_contract", "btx_02_clockwork_hearts")


def looper_new(i: int) -> Game:
    return Game(load_script(SCRIPTS_DIR / f"{LOOPER_SCRIPTS[i % len(LOOPER_SCRIPTS)]}.yaml"))


def looper_snapshot(game: Game) -> Any:
    return (
        game.view("mastermind"),
        game.phase,
        game.pending,
        list(game.history),
        game.decisions_made,
        [e.as_dict() for e in game.log],
        game.outcome,
    )


def looper_illegal(game: Game) -> Any:
    legal = game.legal_actions()
    return Pass() if Pass() not in legal else Guess("nobody", "person")


def looper_replay_file(document: dict[str, Any]) -> Game:
    return looper_replay.replay(load_script(SCRIPTS_DIR / f"{document['setup']['script']}.yaml"), document)


def looper_hidden_pair() -> tuple[Game, Game, Side, Side]:
    """A played game and the same decisions on the script with two unrevealed roles swapped, chosen so
    that the public record is the same."""
    script = load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml")
    for seed in range(20):
        game = drive(Game(script), {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 1)})
        revealed = {e.data["character"] for e in game.log if e.kind == "role_revealed"}
        hidden = [c for c in script.cast if c not in revealed]
        for a, b in itertools.combinations(hidden, 2):
            if script.role_of(a) == script.role_of(b):
                continue
            roles = {c: script.role_of(c) for c in script.cast}
            roles[a], roles[b] = roles[b], roles[a]
            other = Game(replace(script, roles={c: r for c, r in roles.items() if r != "person"}))
            try:
                for _who, action in game.history:
                    other.apply(action)
            except IllegalActionError:
                continue
            if other.view("protagonists")["log"] == game.view("protagonists")["log"]:
                return game, other, Side.PROTAGONISTS, Side.MASTERMIND
    raise AssertionError("no consistent role swap found")


LOOPER = Case(
    "looper",
    looper_new,
    looper_snapshot,
    looper_illegal,
    looper_replay.decisions_document,
    looper_replay_file,
    looper_hidden_pair,
)

# ------------------------------------------------------------------------------------------ In a Grove


def grove_illegal(state: GameState) -> Any:
    seat = state.current_player()
    if seat in (CHANCE, TERMINAL):
        return Look(0, (0, 1))  # GR-S3: the figures are dealt first; GR-E1: the game is over
    legal = state.legal_actions()
    return Accuse(seat, 0) if isinstance(legal[0], Look) else Look(seat, (0, 1))


def grove_hidden_pair() -> tuple[GameState, GameState, int, int]:
    """Two 3-player rounds that differ only in seat 2's figure and the victim, after the same looks:
    seat 1 cannot tell them apart; seat 2 can."""
    a = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    b = new_game(3).apply(Deal.of([2, 3, 7], [5, 8, 6], 4))
    for action in (Look(0, (0, 1)), Accuse(0, 1), Look(1, (0, 2))):
        a, b = a.apply(action), b.apply(action)
    return a, b, 1, 2


GROVE = Case(
    "grove",
    lambda i: new_game(2 + i % 4, first_leader=i % 2),
    lambda state: state,
    grove_illegal,
    grove_replay.to_record,
    grove_replay.replay,
    grove_hidden_pair,
)


@pytest.fixture(params=[LOOPER, GROVE], ids=lambda c: c.name)
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


def random_step(state: Any, rng: random.Random) -> Any:
    """One random step through the contract: a chance outcome or a legal action."""
    if state.is_chance_node():
        return state.apply_action(state.sample_chance(rng))
    return state.apply_action(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------------------------------ the tests


def test_random_play_accepts_every_legal_action(case: Case) -> None:
    """Whole random games: the chosen action is accepted at every step, and at every seventh step every
    legal action is accepted by a copy of the state (the copy leaves the original untouched)."""
    for i in range(6):
        rng = random.Random(i)
        state = case.new(i)
        steps = 0
        while not state.is_terminal():
            if steps % 7 == 0 and not state.is_chance_node():
                before = case.snapshot(state)
                for action in state.legal_actions():
                    state.clone().apply_action(action)
                assert case.snapshot(state) == before
            state = random_step(state, rng)
            steps += 1
        assert state.current_player() == TERMINAL and state.legal_actions() in ((), [])
        assert len(state.returns()) == len(state.player_ids()) and min(state.returns()) == -1


def test_an_illegal_action_is_refused_with_a_rule_id_and_no_change(case: Case) -> None:
    """At many points of random games an illegal action raises IllegalActionError naming a rule id
    (TL-… or GR-…), and the state is exactly as before (its snapshot compares equal)."""
    prefix = "TL-" if case is LOOPER else "GR-"
    tried = 0
    for i in range(3):
        rng = random.Random(100 + i)
        state = case.new(i)
        while not state.is_terminal():
            before = case.snapshot(state)
            with pytest.raises(IllegalActionError) as err:
                state.apply_action(case.illegal(state))
            assert err.value.rule_id.startswith(prefix)
            assert case.snapshot(state) == before
            tried += 1
            state = random_step(state, rng)
        with pytest.raises(IllegalActionError):
            state.apply_action(case.illegal(state))
    assert tried > 30


def test_a_recorded_game_replays_exactly(case: Case) -> None:
    """A game's replay file (the shared shape, through JSON) rebuilds it exactly, finished or not."""
    for i in range(4):
        rng = random.Random(200 + i)
        state = case.new(i)
        for _ in range(rng.randrange(5, 40)):
            if state.is_terminal():
                break
            state = random_step(state, rng)
        agents = {p: RandomAgent(i) for p in state.player_ids()}
        for point in (state, drive(state.clone(), agents, chance=rng)):
            document = json.loads(json.dumps(case.record(point)))
            assert (document["game"], document["version"], sorted(document)) == (
                case.name, 2, ["actions", "game", "setup", "version"]
            )
            assert case.snapshot(case.replay(document)) == case.snapshot(point)


def test_the_observation_hides_what_it_must(case: Case) -> None:
    """Two states that differ only in hidden facts give one player the same observation, and the player
    who knows those facts different ones."""
    a, b, blind, knowing = case.hidden_pair()
    assert case.snapshot(a) != case.snapshot(b)
    assert a.observation(blind) == b.observation(blind)
    assert a.observation(knowing) != b.observation(knowing)


def test_whose_decision_and_chance(case: Case) -> None:
    """current_player() names a player of player_ids() or CHANCE; only the Grove has a chance node, with
    exact probabilities that sum to 1; returns() before the end is refused."""
    state = case.new(1)
    if case is GROVE:
        assert state.current_player() == CHANCE and state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 5040
        state = state.apply_action(state.sample_chance(random.Random(0)))
    else:
        assert not state.is_chance_node() and state.chance_outcomes() == []
        with pytest.raises(InputError, match="no chance node"):
            state.sample_chance(random.Random(0))
    assert state.current_player() in state.player_ids()
    with pytest.raises(IllegalActionError):
        state.returns()


def test_drive_stops_where_asked(case: Case) -> None:
    """drive() stops when until() holds, at a player without an agent, and at the end."""
    state = case.new(0)
    players: Sequence[Any] = state.player_ids()
    agents = {p: RandomAgent(7) for p in players}
    rng = random.Random(3)
    first = drive(state.clone(), agents, until=lambda s: len(s.legal_actions()) == 3, chance=rng)
    assert len(first.legal_actions()) == 3 or first.is_terminal()
    waiting = drive(state.clone(), {p: a for p, a in agents.items() if p != players[-1]}, chance=rng)
    assert waiting.current_player() == players[-1]
    assert drive(state.clone(), agents, chance=rng).is_terminal()


def test_a_looper_pause_is_neither_a_player_nor_the_end() -> None:
    """A Looper game resting between phases answers PAUSED; drive() resumes it, or stops there."""
    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"), pause_between_phases=True)
    agents = {Side.MASTERMIND: RandomAgent(1), Side.PROTAGONISTS: RandomAgent(2)}
    game = drive(game, agents, stop_at_pause=True)
    assert game.is_paused and game.current_player() == PAUSED
    assert drive(game, agents).is_terminal()
