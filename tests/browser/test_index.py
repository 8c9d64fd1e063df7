"""The index notebook as a Voilà app in Chromium: the language switch relabels the shared widgets."""

from __future__ import annotations

from tests.browser.conftest import open_app


def test_language_switch_relabels_widgets(page, voila_url):
    open_app(page, voila_url, "00_index.ipynb", ".rulesengine-language-switch")
    game_label = page.locator(".rulesengine-glossary-game label")
    assert game_label.inner_text().strip() == "Game"
    table = page.locator(".rulesengine-glossary-table")
    assert "Vietnamese" in table.inner_text()

    page.locator(".rulesengine-language-switch button", has_text="Tiếng Việt").click()
    page.wait_for_function(
        "() => document.querySelector('.rulesengine-glossary-game label').innerText.trim() === 'Trò chơi'"
    )
    # the table is its own widget, redrawn a moment after the label
    page.wait_for_function(
        "() => document.querySelector('.rulesengine-glossary-table thead').innerText.includes('Tiếng Việt')"
    )

    page.locator(".rulesengine-language-switch button", has_text="English").click()
    page.wait_for_function(
        "() => document.querySelector('.rulesengine-glossary-game label').innerText.trim() === 'Game'"
    )


def test_glossary_search_filters_the_table(page, voila_url):
    open_app(page, voila_url, "00_index.ipynb", ".rulesengine-glossary-search input")
    page.locator(".rulesengine-glossary-search input").fill("chip")
    page.wait_for_function(
        "() => document.querySelectorAll('.rulesengine-glossary-table tbody tr').length === 2"
    )
    rows = page.locator(".rulesengine-glossary-table tbody tr").all_inner_texts()
    assert any("Chip Thám tử" in row for row in rows)
    assert any("Chip Kém cỏi" in row for row in rows)
