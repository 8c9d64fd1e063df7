"""Notebook 07 as a Voilà app in Chromium, in both editions: one exercise answered right, the next one
wrong, each marked with the explanation and the rule ids, the score counting both; and "Show me the
step" opening the position in the day stepper.

The widget's first exercise is ``board_after_cards`` at difficulty 1 from seed 1, and **New exercise**
takes seed 2; the test asks the engine for the same two exercises to know what to type.
"""

from __future__ import annotations

import pytest

from rulesengine.exercises import Count, generate
from tests.browser.conftest import has_text, open_app

ROOT = ".rulesengine-exercises"
RESULT = f"{ROOT} .rulesengine-exercise-result"
WORDS = {
    "en": {"right": "Right.", "wrong": "Wrong.", "solution": "Answer:", "score": "1 right of 2"},
    "vi": {"right": "Đúng.", "wrong": "Sai.", "solution": "Đáp án:", "score": "đúng 1 trên 2"},
}


def _answer(page: object, value: str) -> None:
    box = page.locator(f"{ROOT} .rulesengine-exercise-text input")  # type: ignore[attr-defined]
    box.fill(value)
    page.locator(f"{ROOT} .rulesengine-exercise-check").click()  # type: ignore[attr-defined]


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_one_exercise_right_and_one_wrong_with_the_explanation_tl_d4(page, voila_url, edition):
    first, second = (generate("looper", "board_after_cards", seed, 1) for seed in (1, 2))
    assert isinstance(first.form, Count) and isinstance(second.form, Count)  # the text box below
    words = WORDS[edition]
    notebook = "07_looper_exercises.ipynb" if edition == "en" else "vi/07_looper_exercises.ipynb"
    open_app(page, voila_url, notebook, f"{ROOT} .rulesengine-exercise-check")
    question = page.locator(f"{ROOT} .rulesengine-exercise-question").inner_text()
    assert first.prompt(edition)[:40] in question

    _answer(page, str(first.solution))
    page.wait_for_function(has_text(RESULT, words["right"]), timeout=60_000)
    result = page.locator(RESULT).inner_text()
    assert "TL-D4" in result and first.explanation[0].localized(edition) in result

    page.locator(f"{ROOT} .rulesengine-exercise-new").click()
    page.wait_for_function(has_text(f"{ROOT} .rulesengine-exercise-question", second.prompt(edition)[:40]),
                           timeout=60_000)
    _answer(page, str(second.solution + 1))
    page.wait_for_function(has_text(RESULT, words["wrong"]), timeout=60_000)
    result = page.locator(RESULT).inner_text()
    assert f"{words['solution']} {second.solution}" in result
    assert second.explanation[0].localized(edition) in result and "TL-D4" in result
    page.wait_for_function(has_text(f"{ROOT} .rulesengine-exercise-score", words["score"]), timeout=30_000)


def test_show_me_the_step_opens_the_position_in_the_day_stepper_tl_d4(page, voila_url):
    """The stepper opens below the exercise at TL-D4 with the six cards down; Next step resolves them."""
    open_app(page, voila_url, "07_looper_exercises.ipynb", f"{ROOT} .rulesengine-exercise-step")
    page.locator(f"{ROOT} .rulesengine-exercise-step").click()
    stepper = f"{ROOT} .rulesengine-looper-stepper"
    page.wait_for_selector(stepper, state="visible", timeout=60_000)
    assert "TL-D4" not in page.locator(f"{stepper} .rulesengine-message").inner_text()
    page.locator(f"{stepper} .rulesengine-looper-next").click()
    page.wait_for_function(has_text(f"{stepper} .rulesengine-message", "TL-D4 done"), timeout=60_000)

