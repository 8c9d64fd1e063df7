"""Notebook 14 as a Voilà app in Chromium, in both editions: a learner answers one exercise right and one
wrong, and sees the marking, the engine's answer, the explanation with its rule ids, the score and the
solved picture. The screenshots go to the test's folder, or to ``$RULESENGINE_SHOTS_DIR``."""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.exercises import generate
from tests.browser.conftest import open_app

NOTEBOOK = "14_grove_exercises.ipynb"
ROOT = ".rulesengine-exercises"
TEXT = f"{ROOT} .rulesengine-exercise-text input"
RESULT = f"{ROOT} .rulesengine-exercise-result"
QUESTION = f"{ROOT} .rulesengine-exercise-question"
PICTURE = f"{ROOT} .rulesengine-exercise-picture"
#: (folder, language, right, wrong, the answer's heading, a word of the Bayes line, the score after two)
EDITIONS = [
    ("", "en", "Right.", "Wrong.", "Answer:", "Bayes table", "1 right of 2"),
    ("vi/", "vi", "Đúng.", "Sai.", "Đáp án:", "Bảng Bayes", "đúng 1 trên 2"),
]


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, want]) => (document.querySelector(sel) || {innerText: ''}).innerText.includes(want)",
        arg=[selector, text])


def _click(page, name: str) -> None:
    """Click the widget's button of class ``rulesengine-exercise-NAME``."""
    target = f"rulesengine-exercise-{name}"
    page.locator(f"{ROOT} button.{target}, {ROOT} .{target} button").first.click()


@pytest.mark.parametrize(("folder", "language", "right", "wrong", "heading", "bayes", "score"), EDITIONS,
                         ids=["en", "vi"])
def test_one_answer_right_and_one_wrong_with_marking_and_explanation(
        page, voila_url, tmp_path, folder, language, right, wrong, heading, bayes, score) -> None:
    open_app(page, voila_url, folder + NOTEBOOK, TEXT)
    first = generate("grove", "odds", 1, 1)  # the notebook's widget: kind odds, difficulty 1, seed 1
    _wait_text(page, QUESTION, first.prompt(language)[:60])

    page.locator(TEXT).fill(_fraction(first.solution))
    _click(page, "check")
    _wait_text(page, RESULT, right)
    result = page.locator(RESULT).inner_text()
    assert wrong not in result and bayes in result
    assert all(rule in result for rule in first.rules)
    assert first.mark(first.solution).lines(language)[-1] in result

    _click(page, "new")
    second = generate("grove", "odds", 2, 1)
    _wait_text(page, QUESTION, second.prompt(language)[:60])
    p = second.solution
    off = p + Fraction(1, 2) if p <= Fraction(1, 2) else p - Fraction(1, 2)
    page.locator(TEXT).fill(_fraction(off))
    before = page.locator(f"{PICTURE}").get_attribute("src")
    _click(page, "check")
    _wait_text(page, RESULT, wrong)
    result = page.locator(RESULT).inner_text()
    assert f"{heading} {second.show_solution(language)}" in result
    assert all(line in result for line in second.mark(second.solution).lines(language))
    _wait_text(page, f"{ROOT} .rulesengine-exercise-score", score)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).src !== old", arg=[PICTURE, before])
    page.wait_for_timeout(800)  # the new picture decoded and laid out
    shots = Path(os.environ.get("RULESENGINE_SHOTS_DIR", tmp_path))
    page.locator(ROOT).screenshot(path=str(shots / f"grove_exercises_{language}.png"))
