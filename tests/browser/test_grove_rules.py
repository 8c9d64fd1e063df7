"""Notebook 10 as a Voilà app in Chromium: click through a whole round to the reveal and the penalties."""

from __future__ import annotations

from rulesengine import i18n
from rulesengine.viz.grove.table import GroveStepper
from tests.browser.conftest import open_app

NOTEBOOK = "10_grove_rules.ipynb"
ROOT = ".grove-stepper >> nth=0"


def stage(page) -> str:
    return page.locator(".grove-stepper").first.locator(".grove-stage").get_attribute("data-stage") or ""


def test_clicking_through_a_round_reaches_the_reveal_and_shows_the_penalties(page, voila_url):
    # the same seeded game in this process: what the page must show
    i18n.set_language("en")
    twin = GroveStepper(players=4, seed=2026)
    while twin.stage != "penalties":
        twin.next_step()
    penalties = [e.text for e in twin.state.events if e.kind.value in ("penalty", "box")]

    open_app(page, voila_url, NOTEBOOK, ".grove-stepper-next")
    stepper = page.locator(".grove-stepper").first
    caption = stepper.locator(".grove-stage")
    stages = []
    for _ in range(20):
        before = int(caption.get_attribute("data-updates") or 0)
        stepper.locator(".grove-stepper-next").click()
        page.wait_for_function(
            "(old) => Number(document.querySelector('.grove-stepper .grove-stage').dataset.updates) > old",
            arg=before,
        )
        stages.append(stage(page))
        if stages[-1] == "penalties":
            break
    assert stages[:2] == ["dealt", "passed"]
    assert "reveal" in stages and stages[-1] == "penalties"
    text = stepper.locator(".grove-stepper-caption").inner_text()
    assert "Penalty" in text and "GR-V3" in text
    log = stepper.locator(".grove-stepper-log").inner_text()
    for text in penalties:
        assert text in log


def test_an_illegal_choice_shows_its_rule_in_the_widget(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, ".grove-stepper-next")
    stepper = page.locator(".grove-stepper").first
    stepper.locator(".grove-stepper-next").click()  # the deal
    page.wait_for_function(
        "() => document.querySelector('.grove-stepper .grove-stage').dataset.stage === 'dealt'"
    )
    stepper.locator(".grove-stepper-acting select").select_option(index=2)
    stepper.locator(".grove-stepper-look").click()
    message = stepper.locator(".rulesengine-message")
    page.wait_for_function(
        "() => document.querySelector('.grove-stepper .rulesengine-message').innerText.includes('GR-P2')"
    )
    assert "it is seat 0's turn" in message.inner_text()
