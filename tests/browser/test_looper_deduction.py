"""Notebook 05 as a Voilà app in Chromium: a day stepped, the heat map drawn and then changed."""

from __future__ import annotations

from tests.browser.conftest import has_text, open_app


def test_next_day_draws_and_changes_the_heat_map(page, voila_url):
    root = ".rulesengine-deduce"
    open_app(page, voila_url, "05_looper_deduction.ipynb", f"{root} .rulesengine-deduce-next")
    page.locator(f"{root} .rulesengine-deduce-next").click()
    page.wait_for_function(has_text(f"{root} .rulesengine-deduce-text", "best guess"), timeout=120_000)
    first = page.locator(f"{root} .rulesengine-deduce-heat").get_attribute("src")
    assert first
    page.locator(f"{root} .rulesengine-deduce-next").click()
    page.wait_for_function(
        f"(old) => document.querySelector('{root} .rulesengine-deduce-heat').getAttribute('src') !== old",
        arg=first,
        timeout=120_000,
    )
