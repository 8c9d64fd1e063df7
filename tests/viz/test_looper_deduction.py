"""Notebook 05's figures, tables and widget: readable names in the notebook's language, no reprs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from matplotlib.figure import Figure

from rulesengine import i18n
from rulesengine.looper.rules.text import character_name, role_name
from rulesengine.viz.looper.deduction import (
    DayByDay,
    DeductionWidget,
    Tables,
    candidates_chart,
    candidates_table,
    eliminations_table,
    guess_table,
    next_table,
    role_heat_map,
    script_choices,
    summary,
)

#: An internal id: lower case words joined by underscores (``girl_student``, ``conspiracy_theorist``).
INTERNAL_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.fixture(scope="module")
def days() -> DayByDay:
    days = DayByDay("btx_01_first_contract")
    days.step()
    days.step()
    return days


def _axes() -> object:
    return Figure().add_subplot()


@pytest.mark.parametrize("language", ["en", "vi"])
def test_heat_map_names_characters_and_roles_in_the_language(days: DayByDay, language: str) -> None:
    result = days.history[0][1]
    ax = role_heat_map(result, _axes(), "x", language=language)
    ticks = [t.get_text() for t in ax.get_xticklabels()] + [t.get_text() for t in ax.get_yticklabels()]
    assert not any(INTERNAL_ID.search(t) for t in ticks)
    assert [t.get_text() for t in ax.get_yticklabels()] == [character_name(c, language) for c in result.roles]
    roles = sorted({r for d in result.roles.values() for r in d})
    assert [t.get_text() for t in ax.get_xticklabels()] == [role_name(r, language) for r in roles]
    words = {"en": ("Role", "Character", "candidates"), "vi": ("Vai trò", "Nhân vật", "kịch bản")}[language]
    assert (ax.get_xlabel(), ax.get_ylabel()) == words[:2]
    assert str(result.candidates) in ax.get_title() and words[2] in ax.get_title()


def test_candidates_chart_names_the_days_in_vietnamese(days: DayByDay) -> None:
    ax = candidates_chart(days.history, _axes(), language="vi")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Vòng lặp 1,\nngày 1", "Vòng lặp 1,\nngày 2"]
    assert "kịch bản" in ax.get_ylabel()


def test_candidates_chart_labels_its_log_axis_within_one_power_of_ten() -> None:
    """Counts between 12 and 40 cross no power of ten but 10 itself: the minor ticks carry the labels
    (20, 30, 40), so the axis reads without the points' own numbers."""
    from types import SimpleNamespace

    history: Any = [((1, d), SimpleNamespace(candidates=c)) for d, c in enumerate([40, 30, 24, 12], 1)]
    ax = candidates_chart(history, _axes(), language="en")
    ax.figure.canvas.draw()
    labels = {t.get_text() for t in ax.yaxis.get_ticklabels(minor=True) if t.get_visible()}
    assert {"20", "30", "40"} <= labels


def test_tables_show_readable_names_and_fractions_not_reprs(days: DayByDay) -> None:
    result = days.history[-1][1]
    for language in ("en", "vi"):
        text = repr(Tables(summary(result, language)))
        assert not INTERNAL_ID.search(text), text
        assert "{'" not in text and "('" not in text
    guess, p = result.best_guess()
    table = guess_table(result, "vi")
    assert str(p) in table.title
    ties = len(result.best_guesses()[0])
    assert (f"một trong {ties} lời đoán" in table.title) == (ties > 1)
    assert [row[:2] for row in table.rows] == [
        [character_name(c, "vi"), role_name(r, "vi")] for c, r in guess.items()
    ]
    assert [row[2] for row in table.rows] == [str(result.roles[c][r]) for c, r in guess.items()]
    removed = [row[0] for row in eliminations_table(result, "en").rows]
    assert removed == [str(e["removed"]) for e in result.eliminated]


def test_candidates_table_one_row_per_day(days: DayByDay) -> None:
    rows = candidates_table(days.history, "vi", days.script).rows
    assert rows == [
        [
            f"Vòng lặp {loop}, ngày {day}",
            str(r.candidates),
            str(r.total),
            f"{r.entropy_bits:.1f}".replace(".", ","),  # the Vietnamese decimal comma
            str(len(r.certain_roles)),
            str(r.probability_of(days.script)),
        ]
        for (loop, day), r in days.history
    ]
    assert all(row[-1] != "0" for row in rows)  # the true script is never ruled out (issue 23)


def test_widget_hides_its_pictures_until_the_first_day_and_speaks_the_language() -> None:
    i18n.set_language("vi")
    app = DeductionWidget()
    assert (app.picker.description, app.next.description) == ("Kịch bản", "Ngày tiếp theo")
    assert list(app.picker.options) == script_choices()
    assert app.picker.label == "First Contract"
    assert {app.heat.layout.visibility, app.fall.layout.visibility} == {"hidden"}
    assert app.heat.layout.height.endswith("px") and app.fall.layout.width.endswith("px")
    app.step()
    assert {app.heat.layout.visibility, app.fall.layout.visibility} == {"visible"}
    assert app.heat.value[:4] == b"\x89PNG"
    assert "Lời đoán tốt nhất" in app.text.value and "<table" in app.text.value
    assert app.game.description == "Ván đã ghi"
    i18n.set_language("en")
    assert app.next.description == "Next day" and "best guess" in app.text.value
    assert app.game.description == "Recorded game"


def test_picking_a_recorded_game_starts_that_game_over() -> None:
    """Game k of the picker is the game played with seed k - 1: picking it starts it from its first day
    (pictures hidden again), and its first day is that game's, not the previous one's."""
    app = DeductionWidget(draw=False)
    app.step()
    first = app.days.history[-1][1].candidates
    app.game.value = 2
    assert app.days.history == [] and app.heat.layout.visibility == "hidden"
    assert not app.next.disabled
    app.step()
    assert app.days.history[-1][1].candidates == DayByDay("btx_01_first_contract", 2).step().candidates
    third, first_game = DayByDay("btx_01_first_contract", 2), DayByDay("btx_01_first_contract")
    assert app.days.script == third.script != first_game.script
    assert first == DayByDay("btx_01_first_contract").step().candidates


def test_what_to_try_names_the_card_and_target_not_a_dict() -> None:
    from rulesengine.looper.deduction import PublicRecord, deduce
    from rulesengine.looper.rules.actions import from_dict
    from rulesengine.looper.rules.observe import MastermindObservation
    from rulesengine.looper.rules.text import describe_action

    days = DayByDay("btx_01_first_contract")
    game = days.game
    while game.pending is not None and game.pending.who == "mastermind":
        game.apply(days.mastermind(MastermindObservation(game), game.legal_actions()))
    result = deduce(PublicRecord.from_game(game))
    table = next_table(result, "vi")
    assert table is not None and table.rows
    moves = result.as_dict("vi")["next"]
    assert [row[0] for row in table.rows] == [describe_action(from_dict(m["action"]), "vi") for m in moves]
    assert not INTERNAL_ID.search(repr(table)) and "{'" not in repr(table)
    # at the end of a day the game waits for the Mastermind's cards: what to try tomorrow ranks the
    # leader's first card of the next day (the Mastermind's cards played by the heuristic model)
    after_day = DayByDay("btx_01_first_contract").step()
    assert after_day.record.waiting == "mastermind"
    tomorrow = next_table(after_day, "en")
    assert tomorrow is not None and len(tomorrow.rows) >= 2
    assert all(m["action"]["type"] == "place_card" for m in after_day.as_dict("en")["next"])


@pytest.mark.parametrize(("kwargs", "field"), [({"seed": 5}, "seed"), ({"seed": -1}, "seed"),
                                              ({"script_id": "fs_01_tutorial"}, "script_id")])
def test_a_widget_asked_for_a_game_it_does_not_offer_says_which_field(kwargs: dict, field: str) -> None:
    from rulesengine.errors import InputError

    with pytest.raises(InputError, match=field):
        DeductionWidget(draw=False, **kwargs)
