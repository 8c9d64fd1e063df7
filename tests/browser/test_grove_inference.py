"""Notebook 12 as a Voilà app in Chromium: changing the behaviour model changes the chart and the odds."""

from __future__ import annotations

from fractions import Fraction

from rulesengine.grove.odds.inference import infer
from rulesengine.grove.odds.models import get_model
from rulesengine.viz.grove.strategy import example_round
from tests.browser.conftest import open_app

NOTEBOOK = "12_grove_inference.ipynb"
ROOT = ".grove-inference-explorer"
FRACTIONS = f"{ROOT} .grove-inference-fractions code"
CHART = f"{ROOT} .grove-inference-chart"


def engine(model: str, bluff: Fraction = Fraction(1, 10), chip: int = 0) -> list[str]:
    return [str(p) for p in infer(example_round(chip), 1, get_model(model, 3, bluff)).odds]


def wait_for_fractions(page, expected: list[str]) -> None:
    page.wait_for_function(
        "([sel, want]) => JSON.stringify([...document.querySelectorAll(sel)].map(e => e.innerText.trim()))"
        " === JSON.stringify(want)",
        arg=[FRACTIONS, expected],
    )


def test_changing_the_model_changes_the_chart_and_the_odds(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FRACTIONS)
    wait_for_fractions(page, engine("best"))
    before = page.locator(CHART).get_attribute("src")
    page.locator(f"{ROOT} .grove-inference-model button", has_text="honest").click()
    wait_for_fractions(page, engine("honest"))
    assert engine("honest") != engine("best")
    page.wait_for_function(f"(old) => document.querySelector({CHART!r}).src !== old", arg=before)
    before = page.locator(CHART).get_attribute("src")
    page.locator(f"{ROOT} .grove-inference-model button", has_text="equilibrium").click()
    wait_for_fractions(page, engine("equilibrium"))
    page.wait_for_function(f"(old) => document.querySelector({CHART!r}).src !== old", arg=before)
