"""The day stepper and the demonstrations of notebook 02, driven from Python (TL-D1..TL-D9)."""

from __future__ import annotations

import pytest

from rulesengine.looper.actions import PlaceCard
from rulesengine.viz.looper_day import DayStepper, demo, plan, plan_agents

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
    options = [label for label, _ in stepper.options.options]
    assert "Goodwill +1 → Girl Student" in options
    stepper.options.value = options.index("Goodwill +1 → Girl Student")
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
