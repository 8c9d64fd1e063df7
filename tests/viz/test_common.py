"""Shared widget helpers, driven from Python as a person would drive them."""

from __future__ import annotations

import pytest

from rulesengine import i18n
from rulesengine.errors import IllegalActionError
from rulesengine.viz.common import FigureView, LanguageSwitch, MessageBox
from rulesengine.viz.glossary import GlossaryExplorer


def test_language_switch_relabels_bound_widgets():
    explorer = GlossaryExplorer()
    assert explorer.game.description == "Game"
    explorer.switch.widget.value = "vi"
    assert explorer.game.description == "Trò chơi"
    assert explorer.search.description == "Tìm kiếm"
    assert "<th" in explorer.table.value and "Tiếng Việt" in explorer.table.value


def test_glossary_explorer_filters_by_game_and_text():
    explorer = GlossaryExplorer()
    explorer.game.value = "looper"
    explorer.search.value = "forbid"
    assert [row["key"] for row in explorer.rows()] == ["forbid_movement", "other_forbids"]
    assert explorer.table.value.count("<tr>") == 3  # header + two rows


def test_message_box_shows_refusals_without_raising():
    box = MessageBox()
    with box.catching():
        raise IllegalActionError("TL-D3c", "another protagonist already has a card on the Shrine")
    assert box.last_error == "TL-D3c: another protagonist already has a card on the Shrine"
    assert "TL-D3c" in box.widget.value
    box.clear()
    assert box.last_error is None


def test_message_box_lets_programming_errors_through():
    box = MessageBox()
    with pytest.raises(ZeroDivisionError), box.catching():
        1 / 0  # noqa: B018


def test_figure_view_redraws_in_place():
    calls = []
    view = FigureView(lambda fig: calls.append(fig.add_subplot()), size=(2, 2))
    first = view.widget.value
    view.refresh()
    assert len(calls) == 2 and view.widget.value[:4] == b"\x89PNG" and len(first) > 100
    assert view.widget.layout.width == "200px"


def test_language_switch_widget_starts_on_current_language():
    i18n.set_language("vi")
    assert LanguageSwitch().widget.value == "vi"


def _specificity(selector: str) -> tuple[int, int, int]:
    """CSS specificity of a simple selector: (#ids, .classes and :pseudo-classes, elements)."""
    import re

    ids = len(re.findall(r"#[\w-]+", selector))
    classes = len(re.findall(r"\.[\w-]+", selector))  # also the class inside :not(), as CSS counts it
    elements = len(re.findall(r"(?:^|[\s>+~])([a-z][\w-]*)", selector))
    return ids, classes, elements


def test_table_cells_are_left_aligned_above_the_jupyterlab_rule():
    from rulesengine.viz.common import TABLE_CSS, Table

    lab = ":not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td"  # JupyterLab 4 and Voilà: text-align right
    assert _specificity(lab) == (0, 2, 1)
    rule = next(r for r in TABLE_CSS.split("}") if "text-align:left" in r and " td" in r)
    selectors = rule.partition("{")[0]
    assert all(_specificity(s) > _specificity(lab) for s in selectors.split(","))
    assert f"<style>{TABLE_CSS}</style>" in Table([["a"]], ["x"]).html()


def test_glossary_explorer_lists_every_character_with_its_vietnamese_name():
    """Issue 24: the Looper's characters, the twelve of the wider cast included, in both languages."""
    explorer = GlossaryExplorer()
    explorer.game.value = "looper"
    explorer.search.value = "sacred"
    assert [(r["en"], r["vi"]) for r in explorer.rows()] == [("Sacred Tree", "Cây thiêng")]
    explorer.search.value = ""
    keys = [r["key"] for r in explorer.rows()]
    assert {"teacher", "copycat", "ai", "boy_student"} <= set(keys)
    explorer.game.value = "grove"
    assert "teacher" not in [r["key"] for r in explorer.rows()]
