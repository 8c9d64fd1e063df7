"""Notebook 01 as a Voilà app in Chromium: place cards for both sides and see an illegal placement refused."""

from __future__ import annotations

from tests.browser.conftest import has_text, open_app

NOTEBOOK = "01_looper_board_and_cards.ipynb"
ROOT = ".rulesengine-looper-placement"
MESSAGE = f"{ROOT} .rulesengine-message"
FIGURE = f"{ROOT} .rulesengine-figure"



def place(page, card: str, target: str, expect: str) -> None:
    """Choose a card and a target, press Place, and wait until the message line says ``expect``."""
    page.locator(f"{ROOT} .rulesengine-looper-card select").select_option(label=card)
    page.locator(f"{ROOT} .rulesengine-looper-target select").select_option(label=target)
    page.locator(f"{ROOT} .rulesengine-looper-place").click()
    page.wait_for_function(has_text(MESSAGE, expect))


def test_illegal_placement_is_refused_with_its_rule_id_tl_d2a_tl_d3c(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FIGURE)
    turn = page.locator(".rulesengine-looper-turn")
    assert "Mastermind" in turn.inner_text() and "1/3" in turn.inner_text()
    before = page.locator(FIGURE).get_attribute("src")

    place(page, "Paranoia +1", "Boy Student", "Boy Student ✓")
    page.wait_for_function(f"(old) => document.querySelector({FIGURE!r}).src !== old", arg=before)
    place(page, "Intrigue +1", "Boy Student", "TL-D2a")
    assert "already has a card on Boy Student" in page.locator(MESSAGE).inner_text()
    page.wait_for_function(has_text(".rulesengine-looper-turn", "2/3"))

    place(page, "Intrigue +2", "City", "City ✓")
    place(page, "Movement ↕ (vertical)", "Girl Student", "Girl Student ✓")
    page.wait_for_function(has_text(".rulesengine-looper-turn", "Protagonist A"))
    place(page, "Paranoia −1", "Boy Student", "Boy Student ✓")  # TL-D3b: allowed
    page.wait_for_function(has_text(".rulesengine-looper-turn", "Protagonist B"))
    place(page, "Goodwill +1", "Boy Student", "TL-D3c")  # TL-D3c: refused
    assert "Protagonist B" in turn.inner_text()


def test_agent_fills_the_day_and_the_cards_turn_over(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FIGURE)
    for _ in range(6):
        before = page.locator(FIGURE).get_attribute("src")
        page.locator(f"{ROOT} .rulesengine-looper-agent").click()
        page.wait_for_function(f"(old) => document.querySelector({FIGURE!r}).src !== old", arg=before)
    page.wait_for_function(has_text(".rulesengine-looper-turn", "six"))
    page.locator(f"{ROOT} .rulesengine-looper-reveal").click()
    page.wait_for_function(has_text(MESSAGE, "face up"))
