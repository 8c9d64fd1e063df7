"""Notebook 04's play widget: a whole script against the agents, the notes panel, the progress bar."""

from __future__ import annotations

from rulesengine.looper.rules.actions import PlaceCard
from rulesengine.viz.looper.play import PlayWidget, notes, script_ids


def test_shipped_scripts_are_offered():
    assert "fs_01_tutorial" in script_ids() and "btx_01_first_contract" in script_ids()


def test_play_on_stops_at_the_learners_first_card_tl_d3():
    play = PlayWidget(draw=False)
    play.play_on_button.click()
    assert play.game.pending is not None
    assert (play.game.pending.who, play.game.pending.rule_id) == ("protagonist:0", "TL-D3")
    assert len(play.game.legal_actions()) == 80  # 8 cards x (4 locations + 6 characters)
    assert play.play(PlaceCard("paranoia_minus_1", "boy_student"))
    assert play.game.pending is not None and play.game.pending.who == "protagonist:1"


def test_learner_as_mastermind_places_the_first_card_tl_d2():
    play = PlayWidget("fs_02_quiet_ward", "mastermind", draw=False)
    play.play_on()
    assert play.game.pending is not None and play.game.pending.who == "mastermind"
    assert play.view.value == "mastermind"
    assert not play.options.disabled
    assert not play.play(PlaceCard("goodwill_plus_1", "nurse"))
    assert play.message.last_error == "TL-D2: Mastermind has no Goodwill +1 in hand"


def test_agents_play_to_the_end_with_a_progress_bar_and_notes():
    play = PlayWidget(draw=False)
    play.auto_button.click()
    assert play.game.is_over and play.game.outcome is not None
    assert play.progress.value == play.progress.max == 9
    lines = notes(play.game.view("protagonists"))
    assert (
        lines[0]
        == "Script: The Last Bell — 3 loops of 3 days; incidents: day 2 Increasing Unease, day 3 Murder."
    )
    assert lines[-1].startswith("Game over:")
    assert "rulesengine-note" in play.notes_panel.value
    assert play.prot_learner.value  # the learner's side is given back


def test_new_game_switches_script_and_side():
    play = PlayWidget(draw=False)
    play.script_choice.value = "btx_01_first_contract"
    play.side_choice.value = "mastermind"
    play.new_button.click()
    assert play.game.script.id == "btx_01_first_contract"
    assert play.side == "mastermind" and play.view.value == "mastermind"
    assert play.game.loop == 1 and play.game.day == 1


def test_the_path_box_loads_an_imported_community_script(tmp_path):
    """Notebook 04 plays a script of a community file: converted as `looper import` does, then offered."""
    from pathlib import Path

    sample = Path(__file__).resolve().parents[1] / "looper" / "data" / "community_sample.jsonc"
    play = PlayWidget(draw=False)
    play.path_box.value = str(sample)
    play.load_button.click()
    titles = [label for label, _value in play.script_choice.options]
    assert titles[-3:] == ["Lanterns at Dusk", "The Turf of the Old Man", "A Visitor from Elsewhere"]
    play.new_button.click()
    assert play.game.script.id == "fs_lanterns_at_dusk"
    play.play_on()
    assert play.game.pending is not None and play.game.pending.who == "protagonist:0"


def test_the_path_box_reports_a_file_it_cannot_use(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"scripts": {}}', encoding="utf-8")
    play = PlayWidget(draw=False)
    assert play.load_file(str(bad)) == []
    assert play.message.last_error == (
        'broken.json: expected an object with a "scripts" list (the community script format)'
    )
    assert play.load_file(str(tmp_path / "none.yaml")) == []
    assert play.message.last_error.endswith("none.yaml: cannot be read (No such file or directory)")


# ---- issue 10 item 4: titles, Back, controls, the reveal ----------------------------------------


def test_the_script_list_shows_titles_not_file_ids():
    play = PlayWidget(draw=False)
    labels = [label for label, _value in play.script_choice.options]
    assert "The Last Bell" in labels and "First Contract" in labels
    assert not any("_" in label for label in labels)


def test_play_on_and_back_one_decision_tl_d3():
    play = PlayWidget(draw=False)
    start = (play.board_line(), play.log.value, play.game.pending)
    play.play_on()
    assert play.play_on_button.disabled and play.next_button.disabled  # the learner's card waits
    waiting = (play.board_line(), play.log.value, play.game.pending)
    assert play.play(PlaceCard("paranoia_minus_1", "boy_student"))
    assert play.back()
    assert (play.board_line(), play.log.value, play.game.pending) == waiting
    assert play.back()  # the whole Play on run is one press
    assert (play.board_line(), play.log.value, play.game.pending) == start
    assert play.back_button.disabled and not play.play_on_button.disabled


def test_agents_to_the_end_reveal_the_script_and_back_takes_the_run_back_tl_le2():
    play = PlayWidget("btx_01_first_contract", draw=False)
    play.auto_button.click()
    assert play.game.is_over
    assert play.auto_button.disabled and play.play_on_button.disabled and play.next_button.disabled
    assert "rulesengine-reveal" in play.secrets.value
    assert "Key Person" in play.secrets.value
    assert "<td>Main plot</td><td>Sign with me!</td>" in play.secrets.value
    play.back_button.click()
    assert (play.game.loop, play.game.day, play.game.phase.rule_id) == (1, 1, "TL-D1")
    assert "rulesengine-reveal" not in play.secrets.value and not play.auto_button.disabled


def test_the_wider_cast_scripts_play_in_notebook_04_in_both_languages():
    """Issue 24: fs_04 and btx_04 are offered and the agents play them to the end (the Scientist's counter,
    the Sacred Tree's forced moves, the A.I.'s borrowed effect…), with notes in either language."""
    from rulesengine import i18n

    assert {"fs_04_new_faces", "btx_04_cherry_tree_circle"} <= set(script_ids())
    for language in ("en", "vi"):
        i18n.set_language(language)
        try:
            for sid in ("fs_04_new_faces", "btx_04_cherry_tree_circle"):
                for side in ("protagonists", "mastermind"):
                    play = PlayWidget(sid, side, draw=False)
                    play.auto_button.click()
                    assert play.game.is_over and play.game.outcome is not None, (sid, side)
                    lines = notes(play.game.view("protagonists"))
                    assert lines[-1], (sid, language)
        finally:
            i18n.set_language("en")


def test_the_searching_mastermind_plays_the_seat_and_explains_itself_at_the_end():
    """The Mastermind menu seats the searching Mastermind in the next new game; "Why?" waits for the end
    of the game (its reasons are secrets until then), then lists its searched decisions, in the language
    of the switch."""
    from rulesengine import i18n
    from rulesengine.looper.play.search import SearchingMastermind
    from rulesengine.looper.rules.state import Side

    play = PlayWidget("fs_02_quiet_ward", draw=False)
    play.opponent.value = "search1"
    play.new_button.click()
    assert isinstance(play.agents[Side.MASTERMIND], SearchingMastermind)
    play.why_button.click()
    assert play.why_panel.value == "" and "game is over" in play.message.widget.value
    play.auto_button.click()
    assert play.game.is_over
    lines = play.show_why()
    assert lines and all(line.startswith("Loop ") for line in lines)
    assert play.why_panel.value.count("rulesengine-why") == len(lines)
    i18n.set_language("vi")
    try:
        assert play.opponent.value == "search1" and "cấp 1" in play.opponent.options[1][0]
        assert "Vòng lặp " in play.why_panel.value  # (rewritten by the switch itself)
    finally:
        i18n.set_language("en")
    play.opponent.value = "heuristic"
    play.new_button.click()
    play.auto_button.click()
    assert play.show_why() == [
        "This Mastermind was the heuristic agent: it scores its options by a few rules and does not search, "
        "so it has no alternatives to show. Choose a searching Mastermind and start a new game."
    ]
