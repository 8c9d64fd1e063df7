"""Loop end, rewind, time spiral and the final guess widget of notebook 03 (TL-LE, TL-RW, TL-TS, TL-FG)."""

from __future__ import annotations

import html

from rulesengine.looper.play.plans import PlanAgent
from rulesengine.viz.looper.demos import MURDER, _game, run
from rulesengine.viz.looper.loop import FinalGuessWidget, ScriptReveal, loop_demo


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
    assert d.facts[3].endswith("→ after the rewind: none")
    assert d.facts[1] == (
        "after the rewind: no token on the board; every character alive at its start location: yes"
    )
    assert d.facts[2] == "loop 2, day 1; Leader Protagonist C → Protagonist C (kept)"


def test_time_spiral_offers_the_final_guess_in_basic_tragedy_x_tl_ts2():
    d = loop_demo("time_spiral")
    assert d.facts[-1] == "the Leader decides (TL-TS2): Go to the Final Guess, Next loop"


def test_final_guess_right_then_wrong_ends_the_game_and_reveals_the_script_tl_fg3():
    w = FinalGuessWidget(draw=False)
    assert w.game.phase.rule_id == "TL-FG1"
    assert w.reveal.value == ""  # nothing revealed while the guess goes on
    w.character.value, w.role.value = "girl_student", "key_person"
    w.guess_button.click()
    assert w.results == [("girl_student", "key_person", True)]
    assert "girl_student" not in [v for _l, v in w.character.options]
    assert w.message.last_error is None and "right" in w.message.widget.value
    assert not w.guess("journalist", "person")
    assert w.message.last_error == (
        "TL-FG3: Journalist: Person — wrong. Game over. Winner: Mastermind (a wrong final guess)."
    )
    assert w.game.outcome is not None and w.game.outcome.winner == "mastermind"
    assert [v for _l, v in w.character.options] == [""]  # only the prompt is left
    # the script is revealed: every character's true role, the culprits, the plots, and why
    reveal = ScriptReveal(w.game)
    assert reveal.reason("en") == "Why: Journalist is not Person but Conspiracy Theorist (TL-FG3)."
    assert ["Journalist", "Conspiracy Theorist", "Person ✗"] in reveal.roles("en")
    assert ["Girl Student", "Key Person", "Key Person ✓"] in reveal.roles("en")
    assert ["Pop Idol", "Friend", "—"] in reveal.roles("en")
    assert ["4", "Murder", "Boy Student"] in reveal.culprits("en")
    assert [row[1] for row in reveal.plots("en")] == ["Sign with me!", "Circle of Friends", "Threads of Fate"]
    for text in ("Conspiracy Theorist", "Boy Student", "Sign with me!", "Why: Journalist is not Person"):
        assert text in html.unescape(w.reveal.value)
    w.close()


def test_the_reveal_speaks_the_notebook_s_language_tl_fg3():
    w = FinalGuessWidget(draw=False)
    w.switch.widget.value = "vi"
    assert w.guess_button.description == "Đoán"
    w.guess("journalist", "person")
    assert "Lý do: Nhà báo không phải Thường dân mà là" in html.unescape(w.reveal.value)
    assert "Kịch bản được tiết lộ: First Contract" in w.reveal.value
    w.close()


def test_guess_controls_are_enabled_only_while_a_guess_waits_and_back_takes_one_back_tl_fg3():
    w = FinalGuessWidget(draw=False)
    assert w.guess_button.disabled and w.back_button.disabled and w.reset_button.disabled
    w.character.value = "journalist"
    assert w.guess_button.disabled  # a role too
    w.role.value = "person"
    assert not w.guess_button.disabled
    w.guess_button.click()  # wrong: the game is over
    assert w.character.disabled and w.role.disabled and w.guess_button.disabled
    assert not w.back_button.disabled and not w.reset_button.disabled
    w.back_button.click()
    assert w.game.outcome is None and w.results == [] and w.reveal.value == ""
    assert "journalist" in [v for _l, v in w.character.options] and not w.character.disabled
    assert w.back_button.disabled and not w.back()
    w.close()


def test_final_guess_all_right_wins_and_says_why_tl_fg3():
    w = FinalGuessWidget(draw=False)
    script = w.game.script
    for character in script.cast:
        assert w.guess(character, script.role_of(character))
    assert w.game.outcome is not None
    assert (w.game.outcome.winner, w.game.outcome.reason) == ("protagonists", "final guess right")
    assert ScriptReveal(w.game).reason("en") == "Why: every character's role was named right (TL-FG3)."
    w.reset_button.click()
    assert w.results == [] and w.game.outcome is None
    w.close()


def test_the_end_of_a_first_steps_game_reveals_the_script_and_why_tl_le2_tl_le2b():
    won = ScriptReveal(loop_demo("last_day").game)
    assert won.outcome("en") == "Game over. Winner: Protagonists (the protagonists survived a loop)."
    assert won.reason("en") == "Why: the loop ended with no loss condition holding (TL-LE2)."
    assert ["Office Worker", "Killer", "—"] in won.roles("en")
    assert ["3", "Murder", "Boy Student"] in won.culprits("en")
    game = _game("fs_01_tutorial")
    run(game, PlanAgent(MURDER), lambda g: False)  # the Key Person dies in every loop
    lost = ScriptReveal(game)
    assert lost.outcome("en") == "Game over. Winner: Mastermind (the last loop was lost)."
    assert lost.reason("en") == (
        "Why: the last loop was lost (a loss condition was met during the loop, which ended it at once), "
        "and this script has no Final Guess (TL-LE2b)."
    )
    assert lost.reason("vi").startswith("Lý do: Vòng lặp cuối cùng đã thua")


def test_one_reveal_serves_notebooks_02_03_and_04_in_both_languages_tl_le2_tl_fg3():
    w = FinalGuessWidget(draw=False)
    w.guess("journalist", "person")
    shown = ScriptReveal(w.game)
    assert w.reveal.value == shown.html()
    for cls in ("rulesengine-reveal", "rulesengine-reveal-outcome", "rulesengine-reveal-reason",
                "rulesengine-reveal-why", "rulesengine-reveal-roles", "rulesengine-looper-reveal-script"):
        assert f"{cls} " in w.reveal.value or f'{cls}"' in w.reveal.value, cls
    lost = [line for line in shown.loop_ends("en") if "lost" in line]
    assert len(shown.loop_ends("en")) == len(w.game.loop_results) and lost
    for line in shown.loop_ends("en"):
        assert html.escape(line) in w.reveal.value
    assert shown.loop_ends("vi")[0].startswith("Vòng lặp 1")
    assert not any(line.endswith("..") for lang in ("en", "vi") for line in shown.loop_ends(lang))
    assert "<td>Nhà báo</td>" in shown.html("vi") and "Person ✗" in html.unescape(shown.html("en"))
    w.close()
