"""The placement widget of notebook 01, driven from Python as a learner drives it (TL-D2, TL-D3, TL-D4)."""

from __future__ import annotations

import pytest

from rulesengine import i18n
from rulesengine.looper.rules.cards import MASTERMIND_HAND, PROTAGONIST_HAND
from rulesengine.viz.looper.cards import NONE, PlacementWidget

MASTERMIND_DAY = [
    ("paranoia_plus_1", "boy_student"),
    ("intrigue_plus_2", "city"),
    ("move_vertical", "girl_student"),
]
PROTAGONISTS_DAY = [
    ("paranoia_minus_1", "boy_student"),
    ("forbid_movement", "girl_student"),
    ("forbid_intrigue", "city"),
]


@pytest.fixture
def make():
    made: list[PlacementWidget] = []

    def build(draw: bool = False) -> PlacementWidget:
        made.append(PlacementWidget(draw=draw))
        return made[-1]

    yield build
    for widget in made:
        widget.close()


def offered(dropdown) -> list[str]:
    """The values a dropdown offers, without its prompt."""
    return [value for _label, value in dropdown.options if value != NONE]


def fill(widget: PlacementWidget, cards: list[tuple[str, str]]) -> None:
    """Choose each card, then its target, and press Place, as a learner does."""
    for card, target in cards:
        widget.card.value = card
        widget.target.value = target
        widget.place_button.click()


def test_second_mastermind_card_on_one_target_is_refused_tl_d2a(make):
    w = make()
    fill(w, [("paranoia_plus_1", "boy_student")])
    assert not w.place("intrigue_plus_1", "boy_student")  # from code: the engine refuses
    assert w.message.last_error == "TL-D2a: the Mastermind already has a card on Boy Student"  # readable
    assert "TL-D2a" in w.message.widget.value
    assert w.placed() == [("mastermind", "paranoia_plus_1", "boy_student")]  # state unchanged


def test_card_then_target_offers_only_cards_in_hand_and_legal_targets_tl_d2a_tl_d4c(make):
    w = make()
    assert offered(w.card) == list(MASTERMIND_HAND)  # the whole hand on day 1
    assert w.target.disabled and w.place_button.disabled  # a card first
    fill(w, MASTERMIND_DAY[:2])
    assert "intrigue_plus_2" not in offered(w.card)  # its only copy lies on the board
    w.card.value = "intrigue_plus_1"
    assert not w.target.disabled and w.place_button.disabled  # now a target
    # every location and character but the Boy Student and the City (TL-D2a), in the board's order
    assert offered(w.target) == [t for t in w.all_targets() if t not in ("boy_student", "city")]
    assert len(offered(w.target)) == 4 + 6 - 2
    # what is left out is listed with the engine's refusal, in plain words
    assert "TL-D2a: the Mastermind already has a card on Boy Student" in w.refusals("intrigue_plus_1")
    assert "TL-D2: Mastermind has no Intrigue +2 in hand" in w.refusals("intrigue_plus_1")
    assert "Boy Student" in w.why_not.value
    w.target.value = "hospital"
    assert not w.place_button.disabled


def test_protagonist_may_join_a_mastermind_card_but_not_another_protagonist_tl_d3b_tl_d3c(make):
    w = make()
    fill(w, MASTERMIND_DAY)
    assert w.owner == "protagonist:0"
    assert offered(w.card) == list(PROTAGONIST_HAND)
    fill(w, [("paranoia_minus_1", "boy_student")])  # TL-D3b: offered and allowed
    assert w.message.last_error is None and w.owner == "protagonist:1"
    w.card.value = "goodwill_plus_1"
    assert "boy_student" not in offered(w.target)  # TL-D3c: not offered
    assert "TL-D3c: another protagonist already has a card on Boy Student" in w.refusals("goodwill_plus_1")
    assert not w.place("goodwill_plus_1", "boy_student")
    assert w.message.last_error == "TL-D3c: another protagonist already has a card on Boy Student"
    assert w.owner == "protagonist:1"
    assert len(w.placed()) == 4


def test_each_protagonist_places_exactly_one_card_in_leader_order_tl_d3a(make):
    w = make()
    fill(w, MASTERMIND_DAY)
    owners = []
    for card, target in [
        ("forbid_intrigue", "city"),
        ("forbid_movement", "girl_student"),
        ("goodwill_plus_1", "doctor"),
    ]:
        owners.append(w.owner)
        fill(w, [(card, target)])
    assert owners == ["protagonist:0", "protagonist:1", "protagonist:2"]
    assert w.owner is None
    assert "six cards" in w.turn.value


def test_controls_are_enabled_only_while_something_waits_for_them_tl_d4(make):
    w = make()
    assert w.reveal_button.disabled and w.back_button.disabled and w.reset_button.disabled
    assert not w.agent_button.disabled and not w.card.disabled
    for _ in range(6):
        w.agent_button.click()
    # all six lie: placing is over, turning over waits
    assert w.card.disabled and w.target.disabled and w.place_button.disabled and w.agent_button.disabled
    assert offered(w.card) == [] and not w.reveal_button.disabled
    assert not w.back_button.disabled and not w.reset_button.disabled
    w.reveal_button.click()
    assert w.reveal_button.disabled and w.card.disabled and w.agent_button.disabled  # nothing waits now
    assert "resolved" in w.turn.value
    w.reset_button.click()
    assert w.placed() == [] and w.reset_button.disabled and not w.card.disabled


def test_turning_the_cards_over_resolves_them_tl_d4(make):
    w = make(draw=True)
    assert not w.reveal()
    assert w.message.last_error == "TL-D4: place all six cards first"
    fill(w, MASTERMIND_DAY)
    fill(w, PROTAGONISTS_DAY)
    before = w.figure.widget.value
    w.reveal_button.click()
    board = w.game.board()
    chars = {c["id"]: c for c in board["characters"]}
    assert chars["girl_student"]["location"] == "school"  # Forbid Movement first
    assert chars["boy_student"]["paranoia"] == 0  # +1 then -1
    assert board["locations"]["city"] == 0  # Forbid Intrigue
    assert w.figure.widget.value != before


def test_back_takes_back_the_turn_over_then_one_placement_at_a_time_tl_d4(make):
    w = make()
    fill(w, MASTERMIND_DAY)
    fill(w, PROTAGONISTS_DAY)
    w.reveal_button.click()
    w.back_button.click()
    assert w.can_turn_over and len(w.placed()) == 6  # face down again
    assert w.message.widget.value.count("Taken back") == 1
    w.back_button.click()
    assert w.owner == "protagonist:2" and len(w.placed()) == 5
    assert "Forbid Intrigue → City" in w.message.widget.value
    for _ in range(4):
        w.back_button.click()
    assert w.owner == "mastermind" and w.placed() == [("mastermind", "paranoia_plus_1", "boy_student")]
    assert "intrigue_plus_2" in offered(w.card)  # back in the hand
    w.back_button.click()
    assert w.placed() == [] and w.back_button.disabled and not w.back()


def test_agent_places_a_legal_card_and_reset_takes_everything_back(make):
    w = make()
    for _ in range(6):
        assert w.agent_place()
    assert w.owner is None and len(w.placed()) == 6
    w.reset_button.click()
    assert w.placed() == [] and w.owner == "mastermind"


def test_controls_and_refusals_follow_the_language_switch_tl_d2a(make):
    w = make()
    fill(w, MASTERMIND_DAY[:1])
    w.switch.widget.value = "vi"
    assert w.place_button.description == "Đặt thẻ"
    assert w.back_button.description == "Lùi lại một lần đặt"
    assert ("Góc nhìn của Mastermind", "mastermind") in w.view.widget.options
    assert w.card.options[0][0] == "— chọn một thẻ —" and w.card.options[1][0] == "Bất an +1"
    assert "Mastermind đặt thẻ thứ 2/3" in w.turn.value
    w.card.value = "intrigue_plus_1"
    assert ("Nam sinh", "boy_student") not in w.target.options
    assert ("Bệnh viện", "hospital") in w.target.options
    refusal = "TL-D2a: Mastermind đã đặt một thẻ lên Nam sinh"
    assert any(line.startswith(refusal) for line in w.refusals("intrigue_plus_1"))
    assert refusal in w.why_not.value
    i18n.set_language("en")
    assert w.card.options[1][0] == "Paranoia +1"
