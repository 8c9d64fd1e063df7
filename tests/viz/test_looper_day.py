"""The day stepper and the demonstrations of notebook 02, driven from Python (TL-D1..TL-D9)."""

from __future__ import annotations

import html
import re

import pytest

from rulesengine import i18n
from rulesengine.looper.rules.actions import PlaceCard
from rulesengine.looper.rules.text import role_name
from rulesengine.viz.looper.day import DayStepper, demo, plan, plan_agents
from rulesengine.viz.looper.text import ScriptReveal
from rulesengine.viz.looper.text import target_name as name_of
from tests.test_cli_lang import english_words

DAY1 = plan(
    "paranoia_plus_1@boy_student intrigue_plus_2@city move_vertical@girl_student",
    "forbid_movement@girl_student paranoia_minus_1@boy_student forbid_intrigue@city",
)


@pytest.fixture
def make():
    made: list[DayStepper] = []

    def build(**kwargs) -> DayStepper:
        made.append(DayStepper(draw=kwargs.pop("draw", False), **kwargs))
        return made[-1]

    yield build
    for stepper in made:
        stepper.close()


def test_next_step_moves_one_phase_on_through_the_whole_day_tl_d1_tl_d9(make):
    stepper = make(agents=plan_agents([DAY1]))
    assert stepper.next_step() == "TL-D1"
    assert stepper.game.phase.rule_id == "TL-D2"
    assert stepper.next_step() == "TL-D2" and len(stepper.game.cards) == 3
    assert stepper.next_step() == "TL-D3" and len(stepper.game.cards) == 6
    assert stepper.next_step() == "TL-D4" and stepper.game.cards == []
    assert stepper.last_done == "TL-D4"
    chars = {c["id"]: c for c in stepper.game.board()["characters"]}
    assert chars["girl_student"]["location"] == "school"
    assert chars["boy_student"]["paranoia"] == 0
    rest = stepper.run_day()
    assert rest[0] == "TL-D5" and rest[-1] == "TL-D9"
    assert stepper.last_done == "TL-D9"
    assert (stepper.game.loop, stepper.game.day, stepper.game.leader) == (1, 2, 1)  # TL-D8, TL-D9a


def test_step_bar_and_log_change_at_each_step(make):
    stepper = make(agents=plan_agents([DAY1]))
    seen_bars, seen_logs = {stepper.steps.value}, {stepper.log.value}
    for _ in range(4):
        stepper.next_step()
        seen_bars.add(stepper.steps.value)
        seen_logs.add(stepper.log.value)
    assert len(seen_bars) == 5 and len(seen_logs) == 5
    assert 'rulesengine-step-current" data-rule="TL-D5"' in stepper.steps.value


def test_hidden_information_only_in_the_mastermind_view_tl_d5a_tl_d7c(make):
    stepper = make(agents=plan_agents([DAY1]))
    for _ in range(3):
        stepper.next_step()
    assert "rulesengine-log-secret" not in stepper.log.value
    assert "Key Person" not in stepper.secrets.value
    assert "Intrigue +2" not in stepper.log.value  # the Mastermind's cards are face down before TL-D4
    stepper.view.widget.value = "mastermind"
    assert "rulesengine-log-secret" in stepper.log.value
    assert "Key Person" in stepper.secrets.value and "Killer" in stepper.secrets.value
    assert "(It is Intrigue +2.)" in stepper.log.value


def test_learner_places_a_card_and_an_illegal_one_is_refused_tl_d3c(make):
    stepper = make(agents=plan_agents([DAY1]), learner=("protagonists",))
    stepper.next_step()
    stepper.next_step()
    assert stepper.next_step() is None  # TL-D3 waits for the learner
    assert stepper.waiting_for_learner()
    assert stepper.message.widget.value.count("Your choice first") == 1
    assert stepper.play(PlaceCard("goodwill_plus_1", "doctor"))
    assert not stepper.play(PlaceCard("paranoia_plus_1", "doctor"))
    assert stepper.message.last_error == "TL-D3c: another protagonist already has a card on Doctor"
    assert stepper.card_choice in stepper.choice_row.children  # card, then target
    stepper.card_choice.value = "goodwill_plus_1"
    assert ("Girl Student", "girl_student") in stepper.target_choice.options
    stepper.target_choice.value = "girl_student"
    stepper.play_button.click()
    stepper.agent_button.click()  # the agent places the third card: TL-D3 is done
    assert stepper.last_done == "TL-D3" and len(stepper.game.cards) == 6


def test_reset_starts_the_script_again(make):
    stepper = make(agents=plan_agents([DAY1]))
    stepper.run_day()
    stepper.reset_button.click()
    assert (stepper.game.day, stepper.game.phase.rule_id, stepper.last_done) == (1, "TL-D1", None)


def test_picture_redrawn_after_a_step_and_resolution_order_shown(make):
    stepper = make(agents=plan_agents([DAY1]), draw=True)
    for _ in range(3):
        stepper.next_step()
    before = stepper.figure.widget.value
    stepper.next_step()
    assert stepper.figure.widget.value != before
    assert stepper.highlight.layout.visibility == "visible"
    stepper.highlight.value = 1
    assert stepper.figure.widget.value[:4] == b"\x89PNG"


def test_demonstration_forbid_before_movement_tl_d4a():
    assert demo("forbid_before_movement").facts == [
        "Girl Student: School → School (Forbid Movement resolves first and cancels the Movement ↕ on her)",
        "cancelled cards: Movement ↕ (vertical) on Girl Student",
    ]


def test_demonstration_combined_movement_tl_d4():
    facts = demo("combined_movement").facts
    assert facts[0] == "Doctor: Hospital → School (↕ + ↔ combine into one diagonal move)"
    assert facts[1].startswith("Office Worker: City → City")


def test_demonstration_cancelled_once_per_loop_card_tl_d4c():
    assert demo("cancelled_once_per_loop").facts == [
        "City intrigue after day 1: 0 (Forbid Intrigue cancelled Intrigue +2)",
        "Mastermind's spent cards: Intrigue +2",
        "Intrigue +2 in the Mastermind's hand on day 2: no",
    ]


def test_demonstration_two_forbid_intrigue_tl_d4():
    assert demo("two_forbid_intrigue").facts == [
        "City intrigue: 2, School intrigue: 1",
        "two Forbid Intrigue cards void each other: yes",
    ]


def test_demonstration_goodwill_refusal_tl_d6c_tl_d6f():
    facts = demo("goodwill_refusal").facts
    assert ("The Mastermind says: nothing happens. The ability is refused, and still counts as used (TL-D6c)."
            in facts)
    refusal = "Refused because Office Worker's role, Killer, has Goodwill refusal."
    assert f"the Mastermind's own log adds: {refusal}" in facts
    assert "Office Worker's goodwill after the refusal: 3 (TL-D6f: not spent)" in facts


def test_demonstrations_of_incidents_tl_d7b_tl_d7e():
    assert demo("incident_not_happened").facts[0] == "No incident happened (Increasing Unease was scheduled)."
    facts = demo("incident_no_effect").facts
    assert facts[:2] == [
        "Incident: Hospital Incident happens!",
        "Hospital Incident happened, with no effect.",
    ]
    assert facts[-1] == "dead characters: none"


def test_a_mastermind_decision_leaks_nothing_into_the_protagonists_view_tl_d5a(make):
    stepper = make(agents=plan_agents([DAY1]), learner=("mastermind",))
    stepper.next_step()  # TL-D1
    stepper.next_step()  # TL-D2 waits: the Mastermind's first card is pending
    assert stepper.game.pending is not None and stepper.game.pending.who == "mastermind"
    assert "TL-D2" not in stepper.prompt.value and "is deciding" in stepper.prompt.value
    assert "switch to the Mastermind" in stepper.prompt.value
    stepper.agent_button.click()
    assert stepper.message.widget.value.count("The Mastermind has decided.") == 1
    assert "Paranoia +1" not in stepper.message.widget.value
    stepper.view.widget.value = "mastermind"
    assert "place card 2 of 3" in stepper.prompt.value


# ---- issue 10 item 4: the stepper explains in place -------------------------------------------


def shown(stepper: DayStepper) -> dict[str, object]:
    """What a person sees of the game: the board, the log, the step bar and the pending decision."""
    pending = stepper.game.pending
    return {
        "board": stepper.board_line(),
        "log": stepper.log.value,
        "steps": stepper.steps.value,
        "rule": stepper.rule.value,
        "pending": None if pending is None else (pending.who, pending.rule_id, pending.options),
        "phase": (stepper.game.loop, stepper.game.day, stepper.game.phase),
    }


def test_back_restores_the_board_the_log_and_the_pending_decision_step_by_step(make):
    stepper = make()  # the heuristic agents decide for both sides
    seen = [shown(stepper)]
    for _ in range(12):  # past a whole day (TL-D1..TL-D9) into day 2
        stepper.next_step()
        seen.append(shown(stepper))
    assert seen[-1]["phase"][1] == 2
    while stepper.history:
        seen.pop()
        assert stepper.back()
        assert shown(stepper) == seen[-1]
    assert len(seen) == 1 and stepper.back_button.disabled
    assert not stepper.back() and "Nothing to take back" in stepper.message.widget.value


def test_back_takes_the_learners_card_back_and_the_agents_play_the_same_again_tl_d3(make):
    stepper = make(learner=("protagonists",))
    while not stepper.waiting_for_learner():
        stepper.next_step()
    before = shown(stepper)
    assert stepper.play(PlaceCard("goodwill_plus_1", "doctor"))
    after = shown(stepper)
    assert after != before
    stepper.back()
    assert shown(stepper) == before and "Back one decision" in stepper.message.widget.value
    assert stepper.play(PlaceCard("goodwill_plus_1", "doctor"))  # the agents copied back: the same again
    assert shown(stepper) == after


def test_a_refused_choice_leaves_nothing_to_take_back_tl_d3c(make):
    stepper = make(agents=plan_agents([DAY1]), learner=("protagonists",))
    while not stepper.waiting_for_learner():
        stepper.next_step()
    assert stepper.play(PlaceCard("goodwill_plus_1", "doctor"))
    depth = len(stepper.history)
    assert not stepper.play(PlaceCard("paranoia_plus_1", "doctor"))  # refused: the state is unchanged
    assert len(stepper.history) == depth


def test_controls_are_enabled_only_when_something_waits_for_them(make):
    stepper = make(learner=("protagonists",))
    assert stepper.controls() == {
        "next": True, "back": False, "reset": False, "choice": False, "play": False, "agent": False,
    }
    assert stepper.back_button.disabled and stepper.play_button.disabled and stepper.options.disabled
    stepper.next_step()
    assert not stepper.back_button.disabled and not stepper.reset_button.disabled
    while not stepper.waiting_for_learner():
        stepper.next_step()
    assert stepper.next_button.disabled  # the learner's card waits; Next step cannot go on
    assert not stepper.card_choice.disabled and not stepper.target_choice.disabled
    assert not stepper.play_button.disabled and not stepper.agent_button.disabled
    stepper.prot_learner.value = False  # the agents decide now: nothing waits for the choice controls
    assert not stepper.next_button.disabled and stepper.play_button.disabled and stepper.options.disabled


def test_next_step_and_the_agent_are_disabled_at_the_end_of_the_game_tl_le2(make):
    stepper = make()
    for _ in range(400):
        if stepper.game.is_over:
            break
        stepper.next_step()
    assert stepper.game.is_over
    assert stepper.next_button.disabled and stepper.agent_button.disabled and stepper.play_button.disabled
    assert not stepper.back_button.disabled and not stepper.reset_button.disabled


def test_a_placement_asks_a_card_in_hand_then_a_legal_target_tl_d2a_tl_d3c_tl_d4c(make):
    stepper = make(agents=plan_agents([DAY1, DAY1]))
    stepper.run_day()  # day 1: the Mastermind spends Intrigue +2, a once-per-loop card (TL-D4c)
    stepper.mm_learner.value = True
    stepper.view.widget.value = "mastermind"
    while not stepper.waiting_for_learner():
        stepper.next_step()
    assert stepper.game.pending.rule_id == "TL-D2"
    legal = stepper.game.legal_actions()
    cards = [value for _label, value in stepper.card_choice.options]
    assert cards == list(dict.fromkeys(a.card for a in legal))
    assert "intrigue_plus_2" not in cards and "intrigue_plus_1" in cards
    labels = [label for label, _ in stepper.card_choice.options]
    assert labels[cards.index("intrigue_plus_1")] == "Intrigue +1"
    stepper.card_choice.value = "paranoia_plus_1"
    stepper.target_choice.value = "boy_student"
    assert stepper.play_selected()
    for card in cards:  # the second card: never on the Boy Student again (TL-D2a)
        targets = stepper.targets_offered(card)
        assert "boy_student" not in targets
        assert targets == [a.target for a in stepper.game.legal_actions() if a.card == card]
    stepper.card_choice.value = "intrigue_plus_1"
    offered = [value for _label, value in stepper.target_choice.options]
    assert offered == stepper.targets_offered("intrigue_plus_1") and "boy_student" not in offered


def test_other_decisions_keep_a_readable_list_tl_d6(make):
    stepper = make(learner=("protagonists",))
    for _ in range(60):
        pending = stepper.game.pending
        if pending is not None and pending.kind != "place_card" and stepper.waiting_for_learner():
            break
        if stepper.waiting_for_learner():
            stepper.agent_once()
        else:
            stepper.next_step()
    assert stepper.options in stepper.choice_row.children
    assert stepper.card_choice not in stepper.choice_row.children
    labels = [label for label, _ in stepper.options.options]
    assert len(labels) == len(stepper.game.legal_actions()) and all("_" not in label for label in labels)


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_nothing_a_person_reads_shows_an_internal_id(make):
    stepper = make(learner=("protagonists", "mastermind"), view="mastermind")
    read = []
    for _ in range(80):
        if stepper.game.day > 1:
            break
        for widget in (stepper.prompt, stepper.rule, stepper.steps, stepper.message.widget, stepper.log):
            read.append(text_of(widget.value))
        for control in (stepper.options, stepper.card_choice, stepper.target_choice):
            read += [label for label, _ in control.options]
        if stepper.waiting_for_learner():
            assert stepper.agent_once()
        else:
            stepper.next_step()
    read.append(stepper.board_line())
    ids = {word for text in read for word in re.findall(r"[a-z]+_[a-z_0-9]+|protagonist:\d", text)}
    assert ids == set()


def test_the_rule_of_the_step_is_shown_in_place_in_the_current_language(make):
    stepper = make()
    assert 'data-rule="TL-D1"' in stepper.rule.value and "Day start" in stepper.rule.value
    stepper.next_step()
    assert 'data-rule="TL-D2"' in stepper.rule.value
    assert "never two of them on the same location or character (TL-D2a)" in stepper.rule.value
    i18n.set_language("vi")
    assert "Mastermind không được đặt hơn 1 thẻ lên cùng một Địa điểm hoặc Nhân vật" in stepper.rule.value
    assert stepper.back_button.description == "Quay lại"


def test_the_end_of_the_game_reveals_the_script_with_the_reason_tl_le2(make):
    stepper = make()
    assert "rulesengine-reveal" not in stepper.secrets.value
    for _ in range(400):
        if stepper.game.is_over:
            break
        stepper.next_step()
    secrets = stepper.secrets.value
    assert stepper.view.value == "protagonists" and "rulesengine-reveal" in secrets  # both views
    assert secrets == ScriptReveal(stepper.game).html()  # the one reveal of notebooks 02, 03 and 04
    private = stepper.game.view("mastermind")["private"]
    for character, role in private["roles"].items():  # every role, Persons included, in the roles table
        assert f"<td>{name_of(character)}</td><td>{role_name(role)}</td>" in secrets, character
    winner = "Protagonists" if stepper.game.outcome.winner == "protagonists" else "Mastermind"
    assert f"Game over. Winner: {winner}" in secrets
    for result in stepper.game.loop_results:
        assert f"Loop {result.loop}" in secrets
    assert "<td>Main plot</td><td>Murder Plan</td>" in secrets  # the main plot of The Last Bell
    i18n.set_language("vi")
    assert "Kịch bản được tiết lộ" in stepper.secrets.value
    title = stepper.game.script.title  # a script's title is its name, the same in both languages
    assert english_words(text_of(stepper.secrets.value).replace(title, "")) == set()
    assert "TL-LE2" in stepper.rule.value and "Trò chơi kết thúc" in stepper.rule.value


def test_a_wrong_final_guess_is_revealed_with_the_true_role_tl_fg3(make):
    from rulesengine.looper.rules.actions import Choose, Guess

    stepper = make(script_id="btx_01_first_contract", learner=("protagonists",))
    for _ in range(600):
        pending = stepper.game.pending
        if pending is not None and pending.kind == "time_spiral":
            break
        if stepper.waiting_for_learner():
            stepper.agent_once()
        else:
            stepper.next_step()
    assert stepper.play(Choose("final_guess"))
    while not stepper.waiting_for_learner():
        stepper.next_step()
    assert stepper.play(Guess("girl_student", "key_person"))
    assert not stepper.game.is_over
    assert stepper.play(Guess("journalist", "person"))
    assert stepper.game.is_over
    secrets = html.unescape(stepper.secrets.value)
    assert "<td>Girl Student</td><td>Key Person</td><td>Key Person ✓</td>" in secrets
    assert "<td>Journalist</td><td>Conspiracy Theorist</td><td>Person ✗</td>" in secrets
    assert "Why: Journalist is not Person but Conspiracy Theorist (TL-FG3)." in secrets
    assert "Game over. Winner: Mastermind (a wrong final guess)." in secrets


def test_a_vietnamese_day_has_no_english_sentence_in_the_stepper(make):
    i18n.set_language("vi")
    stepper = make()
    read = []
    for _ in range(12):
        stepper.next_step()
        for widget in (stepper.prompt, stepper.rule, stepper.steps, stepper.message.widget, stepper.log):
            read.append(text_of(widget.value))
        if stepper.game.day > 1:
            break
    read.append(stepper.board_line())
    assert stepper.game.day == 2 and "Ngày 1 bắt đầu" in read[-2]
    read = [line.replace(stepper.game.script.title, "") for line in read]  # a title stays as written
    assert {line: english_words(line) for line in read if english_words(line)} == {}


# ---- issue 10 item 4 follow-ups: the final guess as two lists, the steps a loop end skips -----------


def _to_final_guess(stepper: DayStepper) -> None:
    """Play First Contract with the agents until the Leader chooses the final guess (TL-TS2), then stop
    at the learner's first guess (TL-FG3)."""
    from rulesengine.looper.rules.actions import Choose

    for _ in range(600):
        pending = stepper.game.pending
        if pending is not None and pending.kind == "time_spiral":
            break
        if stepper.waiting_for_learner():
            stepper.agent_once()
        else:
            stepper.next_step()
    assert stepper.play(Choose("final_guess"))
    while not stepper.waiting_for_learner():
        stepper.next_step()


def test_the_final_guess_is_asked_as_character_then_role_tl_fg3(make):
    from rulesengine.looper.rules.actions import Guess

    stepper = make(script_id="btx_01_first_contract", learner=("protagonists",))
    _to_final_guess(stepper)
    assert stepper.guessing() and not stepper.placing()
    assert stepper.choice_row.children[:2] == (stepper.character_choice, stepper.role_choice)
    offered = {(a.character, a.role) for a in stepper.game.legal_actions() if isinstance(a, Guess)}
    characters = [v for _l, v in stepper.character_choice.options]
    assert characters[0] == "" and set(characters[1:]) == {c for c, _r in offered}  # the prompt first
    assert [v for _l, v in stepper.role_choice.options] == [""]  # no role before a character
    assert stepper.play_button.disabled and not stepper.play_selected()
    stepper.character_choice.value = "journalist"
    roles = [v for _l, v in stepper.role_choice.options][1:]
    assert set(roles) == {r for c, r in offered if c == "journalist"}  # only what the engine offers
    assert [label for label, _v in stepper.role_choice.options][1:] == sorted(role_name(r) for r in roles)
    assert stepper.play_button.disabled  # a role too
    stepper.role_choice.value = "conspiracy_theorist"
    assert not stepper.play_button.disabled
    stepper.play_button.click()
    assert stepper.game.guessed == {"journalist": "conspiracy_theorist"} and not stepper.game.is_over
    assert "journalist" not in [v for _l, v in stepper.character_choice.options]  # each named once
    assert stepper.character_choice.value == "" and stepper.play_button.disabled
    i18n.set_language("vi")
    assert stepper.character_choice.options[0][0] == "— chọn một Nhân vật —"
    assert stepper.character_choice.description == "Nhân vật"


def _to_murder_on_day_3(make, **kwargs) -> DayStepper:
    """The Last Bell, the Mastermind's murder plan: the Key Person dies at TL-D7 of day 3 and the loop
    ends at once (TL-LE1)."""
    from rulesengine.viz.looper.demos import MURDER

    stepper = make(agents=plan_agents(MURDER), **kwargs)
    for _ in range(40):
        stepper.next_step()
        if stepper.game.phase.rule_id not in ("TL-D1", "TL-D2", "TL-D3", "TL-D4", "TL-D5", "TL-D6",
                                              "TL-D7", "TL-D8", "TL-D9"):
            break
        assert stepper.skipped == () and "rulesengine-step-skipped" not in stepper.steps.value
    return stepper


def chips(stepper: DayStepper) -> dict[str, str]:
    return {rule: state for state, rule in re.findall(r'rulesengine-step-(\w+)" data-rule="([^"]+)"',
                                                      stepper.steps.value)}


def test_a_loop_ended_mid_day_shows_tl_d8_and_tl_d9_skipped_tl_le1(make):
    stepper = _to_murder_on_day_3(make)
    assert (stepper.game.day, stepper.game.phase.rule_id, stepper.last_done) == (3, "TL-LE1", "TL-D7")
    assert stepper.skipped == ("TL-D8", "TL-D9")
    assert chips(stepper) == {**{f"TL-D{i}": "done" for i in range(1, 8)}, "TL-D8": "skipped",
                              "TL-D9": "skipped"}
    said = "TL-D8, TL-D9 skipped: the loop ended at once (TL-LE1)."
    assert stepper.message.widget.value.count("TL-D7 done") == 1 and said in stepper.message.widget.value
    assert said in stepper.steps.value  # it stays on the step bar while the loop end waits
    i18n.set_language("vi")
    assert "TL-D8, TL-D9 bị bỏ qua: Vòng lặp kết thúc ngay lập tức (TL-LE1)." in stepper.steps.value
    i18n.set_language("en")
    stepper.next_step()  # the loop end runs: the day's steps are behind, nothing is marked skipped
    assert stepper.skipped == () and "skipped" not in chips(stepper).values()
    assert stepper.back() and stepper.skipped == ("TL-D8", "TL-D9")  # Back brings the mark back
    assert chips(stepper)["TL-D9"] == "skipped"


def test_a_day_played_to_its_end_skips_nothing_tl_d9(make):
    stepper = make(agents=plan_agents([DAY1]))
    assert stepper.run_day()[-1] == "TL-D9"
    assert stepper.skipped == () and "skipped" not in stepper.message.widget.value
