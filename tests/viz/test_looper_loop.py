"""Loop end, rewind, time spiral and the final guess widget of notebook 03 (TL-LE, TL-RW, TL-TS, TL-FG)."""

from __future__ import annotations

from rulesengine.viz.looper_loop import FinalGuessWidget, loop_demo


def test_last_day_played_without_loss_is_a_win_tl_le1_tl_le2():
    d = loop_demo("last_day")
    assert d.game.outcome is not None
    assert (d.game.outcome.winner, d.game.outcome.reason, d.game.outcome.loop) == (
        "protagonists",
        "loop survived",
        1,
    )
    assert "The loop ends: the protagonists survived it." in d.facts


def test_key_person_death_ends_the_loop_at_once_tl_le1_tl_le2a():
    d = loop_demo("key_person_dies")
    assert d.facts[:3] == [
        "Incident: Murder happens!",
        "† Girl Student dies.",
        "The loop ends: the protagonists lost it.",
    ]
    assert "🔒 The culprit is Boy Student." in d.facts
    assert d.facts[-1] == "loops left: 2"


def test_killer_with_four_intrigue_kills_the_protagonists_tl_le1():
    d = loop_demo("protagonists_die")
    assert d.facts[0] == "intrigue on the Office Worker: 4"
    assert "The protagonists die!" in d.facts
    assert d.facts[-1] == "the loop ended on day 2"


def test_rewind_resets_the_board_and_keeps_leader_and_knowledge_tl_rw():
    d = loop_demo("rewind")
    assert (d.game.loop, d.game.day) == (2, 1)
    board = d.game.board()
    assert all(
        c["alive"] and c["paranoia"] == c["goodwill"] == c["intrigue"] == 0 for c in board["characters"]
    )
    assert set(board["locations"].values()) == {0}
    assert "→ after: {}" in d.facts[3]
    assert d.facts[2] == "loop 2, day 1; leader C → C (kept)"


def test_time_spiral_offers_the_final_guess_in_basic_tragedy_x_tl_ts2():
    d = loop_demo("time_spiral")
    assert d.facts[-1] == "the leader decides (TL-TS2): ['final_guess', 'next_loop']"


def test_final_guess_right_then_wrong_ends_the_game_tl_fg3():
    w = FinalGuessWidget(draw=False)
    assert w.game.phase.rule_id == "TL-FG1"
    w.character.value, w.role.value = "girl_student", "key_person"
    w.guess_button.click()
    assert w.results == [("girl_student", "key_person", True)]
    assert "girl_student" not in [v for _l, v in w.character.options]
    assert w.message.last_error is None and "right" in w.message.widget.value
    assert not w.guess("journalist", "person")
    assert (
        w.message.last_error
        == "TL-FG3: Journalist: Person — wrong. The game is over. (mastermind: final guess wrong)"
    )
    assert w.game.outcome is not None and w.game.outcome.winner == "mastermind"
    assert w.character.options == ()
    w.close()


def test_final_guess_all_right_wins_tl_fg3():
    w = FinalGuessWidget(draw=False)
    script = w.game.script
    for character in script.cast:
        assert w.guess(character, script.role_of(character))
    assert w.game.outcome is not None
    assert (w.game.outcome.winner, w.game.outcome.reason) == ("protagonists", "final guess right")
    w.reset_button.click()
    assert w.results == [] and w.game.outcome is None
    w.close()
