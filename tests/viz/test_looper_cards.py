"""The placement widget of notebook 01, driven from Python as a learner drives it (TL-D2, TL-D3, TL-D4)."""

from __future__ import annotations

import pytest

from rulesengine.viz.looper_cards import PlacementWidget


@pytest.fixture
def make():
    made: list[PlacementWidget] = []

    def build(draw: bool = False) -> PlacementWidget:
        made.append(PlacementWidget(draw=draw))
        return made[-1]

    yield build
    for widget in made:
        widget.close()


def fill(widget: PlacementWidget, cards: list[tuple[str, str]]) -> None:
    for card, target in cards:
        widget.card.value, widget.target.value = card, target
        widget.place_button.click()


def test_second_mastermind_card_on_one_target_is_refused_tl_d2a(make):
    w = make()
    fill(w, [("paranoia_plus_1", "boy_student"), ("intrigue_plus_1", "boy_student")])
    assert w.message.last_error == "TL-D2a: the Mastermind already has a card on Boy Student"  # readable
    assert "TL-D2a" in w.message.widget.value
    assert w.placed() == [("mastermind", "paranoia_plus_1", "boy_student")]  # state unchanged


def test_protagonist_may_join_a_mastermind_card_but_not_another_protagonist_tl_d3b_tl_d3c(make):
    w = make()
    fill(
        w,
        [("paranoia_plus_1", "boy_student"), ("intrigue_plus_2", "city"), ("move_vertical", "girl_student")],
    )
    assert w.owner == "protagonist:0"
    fill(w, [("paranoia_minus_1", "boy_student")])  # TL-D3b: allowed
    assert w.message.last_error is None and w.owner == "protagonist:1"
    fill(w, [("goodwill_plus_1", "boy_student")])  # TL-D3c: refused
    assert w.message.last_error == "TL-D3c: another protagonist already has a card on Boy Student"
    assert w.owner == "protagonist:1"
    assert len(w.placed()) == 4


def test_each_protagonist_places_exactly_one_card_in_leader_order_tl_d3a(make):
    w = make()
    fill(
        w,
        [("paranoia_plus_1", "boy_student"), ("intrigue_plus_2", "city"), ("move_vertical", "girl_student")],
    )
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


def test_turning_the_cards_over_resolves_them_tl_d4(make):
    w = make(draw=True)
    assert not w.reveal()
    assert w.message.last_error == "TL-D4: place all six cards first"
    fill(
        w,
        [("paranoia_plus_1", "boy_student"), ("intrigue_plus_2", "city"), ("move_vertical", "girl_student")],
    )
    fill(
        w,
        [
            ("paranoia_minus_1", "boy_student"),
            ("forbid_movement", "girl_student"),
            ("forbid_intrigue", "city"),
        ],
    )
    before = w.figure.widget.value
    w.reveal_button.click()
    board = w.game.board()
    chars = {c["id"]: c for c in board["characters"]}
    assert chars["girl_student"]["location"] == "school"  # Forbid Movement first
    assert chars["boy_student"]["paranoia"] == 0  # +1 then -1
    assert board["locations"]["city"] == 0  # Forbid Intrigue
    assert w.figure.widget.value != before


def test_agent_places_a_legal_card_and_reset_takes_everything_back(make):
    w = make()
    for _ in range(6):
        assert w.agent_place()
    assert w.owner is None and len(w.placed()) == 6
    w.reset_button.click()
    assert w.placed() == [] and w.owner == "mastermind"


def test_controls_follow_the_language_switch(make):
    w = make()
    w.switch.widget.value = "vi"
    assert w.place_button.description == "Đặt thẻ"
    assert ("Góc nhìn của Mastermind", "mastermind") in w.view.widget.options
    assert w.card.options[0][0] == "Bất an +1"
