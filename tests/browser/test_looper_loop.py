"""Notebook 03 as a Voilà app in Chromium: a final guess ends the game and reveals the script, with the
reason, in the notebook's language; the guess controls switch off when nothing waits (TL-FG3)."""

from __future__ import annotations

from tests.browser.conftest import has_text, open_app

NOTEBOOK = "03_looper_loop_end_and_final_guess.ipynb"
ROOT = ".rulesengine-looper-final-guess"
SCRIPT = f"{ROOT} .rulesengine-looper-revealed"


def guess(page, character: str, role: str) -> None:
    """Choose a character, then a role, and press Guess."""
    page.locator(f"{ROOT} .rulesengine-looper-guess-character select").select_option(label=character)
    page.locator(f"{ROOT} .rulesengine-looper-guess-role select").select_option(label=role)
    page.locator(f"{ROOT} .rulesengine-looper-guess:not([disabled])").click()


def test_a_wrong_final_guess_reveals_the_script_and_why_tl_fg3(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, f"{ROOT} .rulesengine-figure")
    assert page.locator(f"{ROOT} .rulesengine-looper-guess").is_disabled()  # nothing chosen yet
    assert page.locator(SCRIPT).inner_text().strip() == ""
    guess(page, "Girl Student", "Key Person")
    page.wait_for_function(has_text(f"{ROOT} .rulesengine-message", "right"))
    guess(page, "Journalist", "Person")
    page.wait_for_function(has_text(SCRIPT, "The script, revealed"))
    text = page.locator(SCRIPT).inner_text()
    assert "Game over. Winner: Mastermind (a wrong final guess)." in text
    assert "Why: Journalist is not Person but Conspiracy Theorist (TL-FG3)." in text
    for truth in ("Conspiracy Theorist", "Key Person ✓", "Person ✗", "Class Rep", "Sign with me!", "Murder"):
        assert truth in text
    assert page.locator(f"{ROOT} .rulesengine-looper-guess-character select").is_disabled()
    page.locator(f"{ROOT} .rulesengine-looper-back").click()  # Back one guess: the game goes on
    page.wait_for_function(f"() => document.querySelector({SCRIPT!r}).innerText.trim() === ''")


def test_the_revealed_script_in_vietnamese_tl_fg3(page, voila_url):
    open_app(page, voila_url, f"vi/{NOTEBOOK}", f"{ROOT} .rulesengine-figure")
    guess(page, "Nhà báo", "Thường dân")
    page.wait_for_function(has_text(SCRIPT, "Kịch bản được tiết lộ"))
    text = page.locator(SCRIPT).inner_text()
    assert "Lý do: Nhà báo không phải Thường dân mà là" in text
    assert "Bên thắng: Mastermind" in text
