"""Notebook 11 as a Voilà app in Chromium: the odds explorer's controls change the chart and the fractions."""

from __future__ import annotations

from rulesengine.grove import Knowledge, culprit_odds
from tests.browser.conftest import open_app

NOTEBOOK = "11_grove_culprit_odds.ipynb"
ROOT = ".grove-odds-explorer"
FRACTIONS = f"{ROOT} .grove-odds-fractions .grove-odds-p code"
CHART = f"{ROOT} .grove-odds-chart"
MESSAGE = f"{ROOT} .rulesengine-message"


def engine(players: int, alibis: list[str], seen: dict[int, str], public: str | None = None) -> list[str]:
    return [str(p) for p in culprit_odds(Knowledge.make(players, alibis, seen, public)).suspects]


def shown(page) -> list[str]:
    return page.locator(FRACTIONS).all_inner_texts()


def wait_for_fractions(page, expected: list[str]) -> None:
    page.wait_for_function(
        "([sel, want]) => JSON.stringify([...document.querySelectorAll(sel)].map(e => e.innerText.trim()))"
        " === JSON.stringify(want)",
        arg=[FRACTIONS, expected],
    )


def wait_for_new_chart(page, old: str | None) -> None:
    page.wait_for_function(f"(old) => document.querySelector({CHART!r}).src !== old", arg=old)


def test_controls_change_chart_and_fractions_to_the_engines_values(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FRACTIONS)
    assert shown(page) == engine(3, ["2", "3"], {0: "7", 1: "8"}) == ["0", "2/3", "1/3"]

    before = page.locator(CHART).get_attribute("src")
    page.locator(f"{ROOT} .grove-odds-seen-1 select").select_option(label="6")
    wait_for_fractions(page, engine(3, ["2", "3"], {0: "7", 1: "6"}))
    wait_for_new_chart(page, before)

    before = page.locator(CHART).get_attribute("src")
    page.locator(f"{ROOT} .grove-odds-players button", has_text="5").click()
    page.locator(f"{ROOT} .grove-odds-alibi-a select").select_option(label="X")
    page.locator(f"{ROOT} .grove-odds-seen-0 select").select_option(label="X")
    page.locator(f"{ROOT} .grove-odds-seen-1 select").select_option(index=0)  # not looked at
    page.locator(f"{ROOT} .grove-odds-seen-2 select").select_option(label="4")
    page.locator(f"{ROOT} .grove-odds-alibi-b select").select_option(label="5")
    wait_for_fractions(page, engine(5, ["X", "5"], {0: "X", 2: "4"}))
    assert shown(page) == ["0", "3/5", "2/5"]
    wait_for_new_chart(page, before)
    assert "Posterior" in page.locator(f"{ROOT} .grove-odds-bayes").inner_text()


def test_impossible_input_is_explained_in_the_widget(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FRACTIONS)
    page.locator(f"{ROOT} .grove-odds-seen-0 select").select_option(label="X")
    page.wait_for_function(f"() => document.querySelector({MESSAGE!r}).innerText.includes('GR-S1')")
    assert "figure X is not in play with 3 players" in page.locator(MESSAGE).inner_text()
    wait_for_fractions(page, [])
    page.locator(f"{ROOT} .grove-odds-players button", has_text="4").click()
    wait_for_fractions(page, engine(4, ["2", "3"], {0: "X", 1: "8"}))


def test_language_switch_relabels_the_explorer(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FRACTIONS)
    label = f"{ROOT} .grove-odds-seen-0 label"
    assert page.locator(label).inner_text().strip() == "Suspect 0"
    before = page.locator(CHART).get_attribute("src")
    page.locator(f"{ROOT} .rulesengine-language-switch button", has_text="Tiếng Việt").click()
    page.wait_for_function(f"() => document.querySelector({label!r}).innerText.trim() === 'Nghi phạm 0'")
    wait_for_new_chart(page, before)
    bayes = f"{ROOT} .grove-odds-bayes"
    page.wait_for_function(f"() => document.querySelector({bayes!r}).innerText.includes('Hậu nghiệm')")
    assert shown(page) == ["0", "2/3", "1/3"]
