"""Notebook 05 as a Voilà app in Chromium: a day stepped, the heat map drawn and then changed, and the
ranked moves for the next day ("what to try tomorrow") listed."""

from __future__ import annotations

from tests.browser.conftest import has_text, open_app


def test_next_day_changes_the_heat_map_and_lists_what_to_try_tomorrow(page, voila_url):
    root = ".rulesengine-deduce"
    text = f"{root} .rulesengine-deduce-text"
    open_app(page, voila_url, "05_looper_deduction.ipynb", f"{root} .rulesengine-deduce-next")
    page.locator(f"{root} .rulesengine-deduce-next").click()
    page.wait_for_function(has_text(text, "best guess"), timeout=120_000)
    page.wait_for_function(has_text(text, "What to try tomorrow"), timeout=120_000)
    first = page.locator(f"{root} .rulesengine-deduce-heat").get_attribute("src")
    assert first
    # the ranked list: a row per option, each with its expected bits
    rows = page.locator(f"{text} table").last.locator("tbody tr")
    assert rows.count() >= 2
    assert "bits" in page.locator(f"{text} table").last.inner_text().lower()
    page.locator(f"{root} .rulesengine-deduce-next").click()
    page.wait_for_function(
        f"(old) => document.querySelector('{root} .rulesengine-deduce-heat').getAttribute('src') !== old",
        arg=first,
        timeout=120_000,
    )
    page.wait_for_function(has_text(text, "What to try tomorrow"), timeout=120_000)


def test_picking_another_recorded_game_starts_it_over(page, voila_url):
    """The game picker: picking the third recorded game empties the explanation (the game starts over),
    and its first day explains other eliminations than the first game's first day."""
    root = ".rulesengine-deduce"
    text = f"{root} .rulesengine-deduce-text"
    open_app(page, voila_url, "05_looper_deduction.ipynb", f"{root} .rulesengine-deduce-next")
    page.locator(f"{root} .rulesengine-deduce-next").click()
    page.wait_for_function(has_text(text, "best guess"), timeout=120_000)
    first = page.locator(text).inner_text()
    page.locator(f"{root} .rulesengine-deduce-game select").select_option(label="3")
    page.wait_for_function(f"() => document.querySelector('{text}').innerText.trim() === ''", timeout=60_000)
    page.locator(f"{root} .rulesengine-deduce-next").click()
    page.wait_for_function(has_text(text, "best guess"), timeout=120_000)
    assert page.locator(text).inner_text() != first
