"""Game records replay a game exactly; the play and replay commands; malformed records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.errors import IllegalActionError, InputError
from rulesengine.grove import Deal, new_game
from rulesengine.grove.play.replay import actions_of, play_seeded, replay, to_record
from tests.grove.helpers_grove import play_round


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), strategy=st.sampled_from(["random", "best"]))
def test_a_record_replays_the_same_game(players: int, seed: int, strategy: str) -> None:
    final = play_seeded(players, seed, strategy)
    record = json.loads(json.dumps(to_record(final)))
    assert replay(record) == final


def test_a_game_in_the_middle_of_a_round() -> None:
    state = play_round(new_game(3), Deal.of([2, 3, 4], [5, 8, 6], 7), [0, 0, 0])
    state = state.apply(Deal.of([4, 3, 2], [5, 8, 6], 7))
    state = state.apply(state.legal_actions()[0])
    assert len(actions_of(state)) == 1 + 6 + 1 + 1
    assert replay(to_record(state)) == state


def test_record_literal_form() -> None:
    """The shared replay shape of both games (docs/conventions.md): game, version, setup, actions."""
    state = new_game(2).apply(Deal.of([2, 3], [5, 8, 6], 7, public=4))
    assert to_record(state) == {
        "game": "grove", "version": 2, "setup": {"players": 2, "first_leader": 0},
        "actions": [
            {"deal": {"hands": ["2", "3"], "suspects": ["5", "8", "6"], "victim": "7", "public": "4"}},
        ],
    }


def test_an_old_record_still_replays() -> None:
    """A record in the older shape (players, first_leader and actions at the top, no version) replays."""
    final = play_seeded(3, seed=11)
    new = to_record(final)
    old = {"game": "grove", **new["setup"], "actions": new["actions"]}
    assert "version" not in old and replay(old) == final


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"game": "grove", "version": 3, "setup": {"players": 3}, "actions": []}, "version: expected 2"),
        ({"game": "looper", "version": 2, "setup": {}, "actions": []}, "not of 'grove'"),
        ({"game": "grove", "version": 2, "setup": {"players": 9}, "actions": []}, "must be 2 to 5"),
        ({"game": "grove", "version": 2, "setup": {}, "actions": []}, "setup: players: must be 2 to 5"),
        ({"game": "grove", "version": 2, "setup": [], "actions": []}, "record: setup: must be a mapping"),
        ({"game": "grove", "version": 2, "setup": {"players": 3}, "moves": []}, "record: moves: unknown key"),
    ],
)
def test_malformed_shared_shape(record: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError, match=message):
        replay(record)


@pytest.mark.parametrize(
    ("record", "error", "message"),
    [
        ({"players": 3, "actions": [{"look": {"seat": 0, "suspects": [0, 1]}}]}, IllegalActionError, "GR-S3"),
        ({"players": 7, "actions": []}, InputError, "must be 2 to 5"),
        ({"players": "3"}, InputError, "players: must be 2 to 5"),
        ({"game": "looper", "players": 3}, InputError, "not of In a Grove"),
        ({"players": 3, "actions": [{"peek": {}}]}, InputError, "actions[0]: unknown action 'peek'"),
        ({"players": 3, "actions": [{"deal": {"hands": ["2"]}}]}, InputError, "missing field 'suspects'"),
        ({"players": 3, "actions": [{"deal": {"hands": ["2", "3", "4"], "suspects": ["5", "8", "9"],
                                              "victim": "7"}}]}, InputError, "'9' is not a figure"),
        ({"players": 3, "actions": "none"}, InputError, "actions: must be a list"),
    ],
)
def test_malformed_or_illegal_records(record: dict, error: type, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(error, match=message.replace("[", r"\[").replace("]", r"\]")):
        replay(record)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rulesengine", "grove", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_play_and_replay_commands(tmp_path: Path) -> None:
    played = run("play", "--players", "4", "--seed", "2", "--json")
    assert played.returncode == 0
    data = json.loads(played.stdout)
    assert data["outcome"] == {"ranking": [0, 1, 2, 3], "loser": 3, "incompetent": [1, 2, 4, 5],
                               "own_colour": [1, 2, 2, 3], "rounds": 6, "decided_by": "count"}
    path = tmp_path / "game.json"
    path.write_text(played.stdout)
    again = run("replay", str(path), "--json")
    assert json.loads(again.stdout) == data
    text = run("replay", str(path))
    assert text.stdout.splitlines()[-1].startswith("[GR-E1] The game ends")
    recorded = tmp_path / "record.json"
    assert run("play", "--players", "4", "--seed", "2", "--record", str(recorded)).returncode == 0
    assert json.loads(recorded.read_text()) == data["record"]
    assert run("replay", str(recorded), "--json").stdout == again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--players", "6"], "error: --players: must be 2 to 5"),
        (["play", "--players", "3", "--seed", "x"], "error: --seed: must be an integer"),
        (["play", "--players", "3", "--strategy", "clever"], "error: --strategy: must be one of"),
        (["replay", "/nonexistent/game.json"], "error: /nonexistent/game.json: cannot be read"),
        (["play", "--players", "3", "--record", "/nonexistent/dir/r.json"],  # before any work (issue 26)
         "error: --record: no folder /nonexistent/dir to write r.json in"),
    ],
)
def test_play_and_replay_bad_input(args: list[str], message: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2 and proc.stderr.startswith(message) and len(proc.stderr.splitlines()) == 1


def test_replay_of_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    proc = run("replay", str(path))
    assert proc.returncode == 2 and "broken.json: invalid JSON at line 1, column 2: " in proc.stderr
    path.write_text(json.dumps({"players": 3, "actions": [{"accuse": {"seat": 0}}]}))
    proc = run("replay", str(path))
    assert proc.stderr == "error: broken.json: actions[0]: accuse: missing field 'suspect'\n"
