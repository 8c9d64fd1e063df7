"""The Grove log in words: the reveal says which rule picked the culprit (GR-R1..GR-R3), one seat per
line, and every line in English and Vietnamese from the catalogs (issue 10)."""

from __future__ import annotations

import random
import re

import pytest

from rulesengine.grove import Deal, new_game
from rulesengine.grove.rules.figures import Figure
from rulesengine.grove.rules.game import EventKind, culprit_reason, play_random


def figures(text: str) -> tuple[Figure, ...]:
    return tuple(Figure.parse(c) for c in text)


@pytest.mark.parametrize(("suspects", "english", "vietnamese"), [
    ("386", "the highest number; no 5 among the suspects (GR-R1)",
     "số lớn nhất; không có số 5 trong 3 Nghi phạm (GR-R1)"),
    ("586", "a 5 is among the suspects, so the lowest number (GR-R2)",
     "trong 3 Nghi phạm có số 5, nên số nhỏ nhất là Hung thủ (GR-R2)"),
    ("X56", "a 5 is among the suspects, so the lowest number (GR-R2); X is always innocent (GR-R3)",
     "trong 3 Nghi phạm có số 5, nên số nhỏ nhất là Hung thủ (GR-R2); Nghi phạm X luôn vô tội (GR-R3)"),
])
def test_culprit_reason_gr_r1_gr_r2_gr_r3(suspects, english, vietnamese):
    why = culprit_reason(figures(suspects))
    assert (str(why), why.localized("vi")) == (english, vietnamese)


def test_the_reveal_line_names_the_culprit_and_the_rule_gr_v1_gr_r2():
    state = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    reveal = next(e for e in state.events if e.kind is EventKind.REVEAL)
    assert reveal.text == ("The suspects are turned face up: 5, 8, 6; suspect 0 (5) is the culprit: "
                           "a 5 is among the suspects, so the lowest number (GR-R2)")
    assert reveal.localized("vi") == ("Lật ngửa các Nghi phạm: 5, 8, 6; Nghi phạm 0 (5) là Hung thủ: "
                                      "trong 3 Nghi phạm có số 5, nên số nhỏ nhất là Hung thủ (GR-R2)")
    assert reveal.message_id == "grove.event.reveal" and reveal.fields["culprit"] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_line_names_at_most_one_seat_and_has_both_languages(players):
    state = play_random(new_game(players), random.Random(players))
    for event in state.events:
        for lang, word in (("en", "Seat"), ("vi", "Chỗ ngồi")):
            text = event.localized(lang)
            assert len(re.findall(rf"{word} \d", text)) <= 1, text
        assert event.localized("en") == event.text
        if event.kind not in (EventKind.PUBLIC_FIGURE, EventKind.BOX):  # figures and counts only
            assert event.localized("vi") != event.text


def test_a_refusal_keeps_its_english_str_and_says_itself_in_vietnamese_gr_p4():
    from rulesengine.errors import IllegalActionError
    from rulesengine.grove import Look

    state = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    state = state.apply(Look(0, (0, 1)))
    state = state.apply(state.legal_actions()[0])  # the leader accuses suspect 0
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Look(1, (0, 1)))
    error = refused.value
    assert str(error) == ("GR-P4: seat 1 may look only at suspects 1 and 2, the two seat 0 did not accuse; "
                          "tried (0, 1)")
    assert error.message_id == "grove.refusal.allowed_pair" and error.fields["previous"] == 0
    assert error.localized("vi") == ("GR-P4: chỗ ngồi 1 chỉ được xem Nghi phạm 1 và 2, hai Nghi phạm mà chỗ "
                                     "ngồi 0 không buộc tội; đã thử (0, 1)")
    where = error.prefixed("game.json: actions[4]")
    assert str(where) == "GR-P4: game.json: actions[4]: " + error.message
    assert where.localized("vi").startswith("GR-P4: game.json: actions[4]: chỗ ngồi 1 chỉ được xem")
