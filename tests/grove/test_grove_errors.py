"""Every error path: illegal actions name their rule id and leave the state unchanged; CLI errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesengine.errors import IllegalActionError, InputError
from rulesengine.grove import Accuse, Deal, GameState, Look, new_game
from tests.grove.helpers_grove import play_round

D586 = Deal.of([2, 3, 4], [5, 8, 6], 7)


def refused(state: GameState, action: object, rule_id: str, match: str | None = None) -> None:
    before = state
    snapshot = (state.events, state.stacks, state.looks, state.accusations, state.phase, state.turn)
    with pytest.raises(IllegalActionError, match=match) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert info.value.rule_id == rule_id
    assert state == before
    assert (state.events, state.stacks, state.looks, state.accusations, state.phase, state.turn) == snapshot


def at_leader_look() -> GameState:
    return new_game(3).apply(D586)


def at_leader_accuse() -> GameState:
    return at_leader_look().apply(Look(0, (0, 1)))


def at_follower_look() -> GameState:
    return at_leader_accuse().apply(Accuse(0, 1))


def at_follower_accuse() -> GameState:
    return at_follower_look().apply(Look(1, (0, 2)))


# ------------------------------------------------------------------------------ deal (chance)
def test_player_action_before_the_deal_gr_s3() -> None:
    refused(new_game(3), Look(0, (0, 1)), "GR-S3", "dealt first")


def test_deal_in_the_middle_of_a_round_gr_s3() -> None:
    refused(at_leader_look(), D586, "GR-S3", "only at the start of a round")


def test_deal_with_wrong_figures_gr_s1() -> None:
    refused(new_game(3), Deal.of([2, 3, 4], [5, 8, 6], "X"), "GR-S1", "figures in play for 3 players")
    refused(new_game(4), Deal.of([2, 3, 4, 7], [5, 8, 6], 6), "GR-S1")


def test_deal_to_the_wrong_number_of_seats_gr_s3() -> None:
    refused(new_game(3), Deal.of([2, 3, 4, 7], [5, 8, 6], "X"), "GR-S3", "each of the 3 players")


def test_two_player_deal_needs_the_face_up_figure_gr_2p1() -> None:
    refused(new_game(2), Deal.of([2, 3], [5, 8, 6], 7), "GR-2P1")
    refused(new_game(3), Deal.of([2, 3, 4], [5, 8, 6], 7, public=4), "GR-2P1")


def test_deal_with_two_suspects_gr_s3() -> None:
    with pytest.raises(IllegalActionError, match="GR-S3"):
        Deal.of([2, 3, 4], [5, 8], 7)


# ------------------------------------------------------------------------------------ looks
def test_leader_must_look_before_accusing_gr_p2() -> None:
    refused(at_leader_look(), Accuse(0, 1), "GR-P2", "must first look")


def test_leader_looks_at_two_different_suspects_gr_p2() -> None:
    refused(at_leader_look(), Look(0, (1, 1)), "GR-P2", "two different suspects")
    refused(at_leader_look(), Look(0, (0, 3)), "GR-P2")
    refused(at_leader_look(), Look(0, (0,)), "GR-P2")  # type: ignore[arg-type]


def test_out_of_turn_look_gr_p2_gr_p4() -> None:
    refused(at_leader_look(), Look(1, (0, 1)), "GR-P2", "seat 0's turn")
    refused(at_follower_look(), Look(2, (0, 2)), "GR-P4", "seat 1's turn")


def test_follower_may_not_look_at_the_accused_suspect_gr_p4() -> None:
    refused(at_follower_look(), Look(1, (0, 1)), "GR-P4", "may look only at suspects 0 and 2")
    refused(at_follower_look(), Look(1, (1, 2)), "GR-P4")


def test_follower_must_look_before_accusing_gr_p4() -> None:
    refused(at_follower_look(), Accuse(1, 0), "GR-P4", "must first look")


def test_no_second_look_gr_p3_gr_p5() -> None:
    refused(at_leader_accuse(), Look(0, (1, 2)), "GR-P3", "already looked")
    refused(at_follower_accuse(), Look(1, (0, 2)), "GR-P5", "already looked")


# ------------------------------------------------------------------------------- accusations
def test_accuse_a_suspect_that_does_not_exist_gr_p3_gr_p5() -> None:
    refused(at_leader_accuse(), Accuse(0, 3), "GR-P3", "one of the suspects 0, 1, 2")
    refused(at_follower_accuse(), Accuse(1, -1), "GR-P5")
    refused(at_follower_accuse(), Accuse(1, True), "GR-P5")  # type: ignore[arg-type]


def test_out_of_turn_accusation_gr_p3_gr_p5() -> None:
    refused(at_leader_accuse(), Accuse(2, 0), "GR-P3", "seat 0's turn")
    refused(at_follower_accuse(), Accuse(0, 0), "GR-P5", "seat 1's turn")


def test_not_an_action() -> None:
    refused(at_leader_look(), "look", "GR-P2", "not an action")


# --------------------------------------------------------------------------------- game end
def test_no_action_after_the_end_and_no_outcome_before_gr_e1() -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        new_game(3).outcome()
    state = play_round(new_game(5), Deal.of([2, 3, 4, 6, 7], [5, 8, "X"], "X"), [1] * 5)
    assert state.is_terminal() and state.pending() is None and state.legal_actions() == []
    refused(state, Deal.of([2, 3, 4, 6, 7], [5, 8, "X"], "X"), "GR-E1", "game is over")


def test_bad_first_leader_gr_p1() -> None:
    with pytest.raises(IllegalActionError, match="GR-P1"):
        new_game(3, first_leader=3)
    with pytest.raises(InputError, match="must be 2 to 5"):
        new_game(6)


# --------------------------------------------------------------------------- command line
def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rulesengine", "grove", "odds", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_cli_json_form_is_pinned() -> None:
    proc = run_cli("--players", "3", "--alibis", "2,3", "--seen", "0=7,1=8", "--json")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout == (
        '{"odds": [0.0, 0.6666666666666666, 0.3333333333333333], "exact": ["0/1", "2/3", "1/3"]}\n'
    )
    assert json.loads(proc.stdout)["exact"] == ["0/1", "2/3", "1/3"]


def test_cli_text_form_is_pinned() -> None:
    proc = run_cli("--players", "2", "--alibis", "2", "--public", "3", "--seen", "0=4")
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        "In a Grove, 2 players; alibis 2; face-up figure 3; looked at suspect 0 = 4",
        "suspect 0  seen 4    P(culprit) = 1/2    (0.500)",
        "suspect 1  unseen    P(culprit) = 1/4    (0.250)",
        "suspect 2  unseen    P(culprit) = 1/4    (0.250)",
        "P(the culprit is a suspect not looked at) = 1/2",
        "the culprit's number: 4: 1/2, 7: 1/6, 8: 1/3",
    ]


def test_cli_x_and_partial_knowledge() -> None:
    proc = run_cli("--players", "5", "--alibis", "X,5", "--seen", "0=x,2=4", "--json")
    assert json.loads(proc.stdout)["exact"] == ["0/1", "3/5", "2/5"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("--players 3 --alibis 2,X --seen 0=7", "error: --alibis: figure X is not in play with 3"),
        ("--players 4 --alibis 2,3 --seen 0=X,1=X", "error: --seen: figure X is used twice"),
        ("--players 3 --alibis 2,3 --seen 0=2", "error: --seen: figure 2 is used twice"),
        ("--players 3 --alibis 2,3 --seen 0=7,0=8", "error: --seen: a suspect is given twice"),
        ("--players 3 --alibis 2,3 --seen 3=7", "error: --seen: suspect index must be 0, 1 or 2"),
        ("--players 3 --alibis 2,3 --seen=-1=7", "error: --seen: suspect index must be 0, 1 or 2"),
        ("--players 3 --alibis 2 --seen 0=7", "error: --alibis: with 3 players a detective knows 2"),
        ("--players 5 --alibis 2,3,4", "error: --alibis: with 5 players a detective knows 2"),
        ("--players 2 --alibis 2,3 --public 4", "error: --alibis: with 2 players a detective knows 1"),
        ("--players 2 --alibis 2 --seen 0=7", "error: --public: with 2 players the face-up figure"),
        ("--players 3 --alibis 2,3 --public 4", "error: --public: there is no face-up figure"),
        ("--players 2 --alibis 2 --public 2", "error: --public: figure 2 is used twice"),
        ("--players 6 --alibis 2,3", "error: --players: must be 2 to 5, got '6'"),
        ("--players three --alibis 2,3", "error: --players: must be 2 to 5, got 'three'"),
        ("--alibis 2,3", "error: --players: is required"),
        ("--players 3", "error: --alibis: is required"),
        ("--players 3 --alibis 2,9", "error: --alibis: '9' is not a figure"),
        ("--players 3 --alibis 2,3 --seen 0:7", "error: --seen: expected I=V pairs"),
        ("--players 3 --alibis 2,3 --seen 0=7,1=8,2=6", "error: --seen: a detective looks at two"),
        ("--players 3 --alibis 2,3 --public Y", "error: --public: 'Y' is not a figure"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args: str, message: str) -> None:
    proc = run_cli(*args.split())
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), proc.stderr


def test_cli_table_check_passes() -> None:
    from rulesengine.cli import main

    assert main(["grove", "table", "--check"]) == 0


# --------------------------------------------------------------------------- malformed records and figures
@pytest.mark.parametrize("text", ["²", "³", "３", "٢", "৩", "⁷", "8.0", "", "10", "0"])
def test_a_figure_is_an_ascii_digit_2_to_8_or_x_gr_c1(text: str) -> None:
    """``str.isdigit`` accepts ``²`` (then ``int`` fails) and ``int`` accepts ``３``: neither is a figure."""
    from rulesengine.grove.rules.figures import parse_figure

    with pytest.raises(InputError) as info:
        parse_figure(text, "hands")
    assert str(info.value) == f"hands: {text!r} is not a figure (2..8 or X)"


def record_with(path: str, value: object) -> dict[str, object]:
    from rulesengine.grove.play.replay import play_seeded, to_record

    record = to_record(play_seeded(3, seed=4))
    *head, last = path.split(".")
    node: Any = record
    for key in head:
        node = node[int(key)] if isinstance(node, list) else node[key]
    node[last] = value
    return record


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("actions.0.deal.hands", "786", "actions[0]: deal: hands and suspects must be lists"),
        ("actions.0.deal.suspects", {"0": "5"}, "actions[0]: deal: hands and suspects must be lists"),
        ("actions.1.look.suspects", "01", "actions[1]: look: suspects: must be a pair of suspect indices"),
        ("actions.0.deal.victim", "²", "actions[0]: deal: victim: '²' is not a figure (2..8 or X)"),
    ],
)
def test_replay_refuses_malformed_actions_naming_the_entry(path: str, value: object, message: str) -> None:
    from rulesengine.grove.play.replay import replay

    with pytest.raises(InputError) as info:
        replay(record_with(path, value))
    assert str(info.value) == message


def test_replay_names_the_entry_the_rules_refuse_gr_p2() -> None:
    """A look out of turn: the rule id, then ``actions[i]``; the API names no file, the CLI adds it."""
    from rulesengine.grove.play.replay import replay

    record = record_with("actions.1.look.seat", 1)
    with pytest.raises(IllegalActionError) as info:
        replay(record)
    assert info.value.rule_id == "GR-P2"
    assert info.value.message.startswith("actions[1]: ")
    assert str(info.value).startswith("GR-P2: actions[1]: ")


def test_cli_replay_refusal_names_file_and_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulesengine.cli import main

    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_with("actions.2.accuse.seat", 2)), encoding="utf-8")
    assert main(["grove", "replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: GR-") and ": game.json: actions[2]: " in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "²", "--alibis", "2,3"], "--players: must be 2 to 5 written with the digits 0-9"),
        (["--players", "３", "--alibis", "2,3"], "--players: must be 2 to 5 written with the digits 0-9"),
        (["--players", "3", "--alibis", "2,3", "--seen", ""], "--seen: is empty; leave the option out"),
        (["--players", "3", "--alibis", "2,3", "--seen", " , "], "--seen: expected I=V pairs such as 0=7"),
        (["--players", "3", "--alibis", "2,3", "--seen", "٠=7"], "--seen: expected I=V pairs"),
    ],
)
def test_odds_options_are_ascii_numbers(args: list[str], message: str) -> None:
    from rulesengine.grove.cli import parse_odds_args

    values = dict(zip(args[::2], args[1::2], strict=True))
    with pytest.raises(InputError) as info:
        parse_odds_args(values["--players"], values["--alibis"], values.get("--seen"), values.get("--public"))
    assert str(info.value).startswith(message)
