"""Notebooks 03 and 04 as Voilà apps in Chromium: a final guess told right or wrong, and a game played on."""

from __future__ import annotations

from tests.browser.conftest import has_text, open_app


def test_final_guess_is_answered_one_guess_at_a_time_tl_fg3(page, voila_url):
    root = ".rulesengine-looper-final-guess"
    open_app(page, voila_url, "03_looper_loop_end_and_final_guess.ipynb", f"{root} .rulesengine-figure")
    page.locator(f"{root} .rulesengine-looper-guess-character select").select_option(label="Girl Student")
    page.locator(f"{root} .rulesengine-looper-guess-role select").select_option(label="Key Person")
    page.locator(f"{root} .rulesengine-looper-guess").click()
    page.wait_for_function(has_text(f"{root} .rulesengine-looper-guesses", "right"))
    page.locator(f"{root} .rulesengine-looper-guess-character select").select_option(label="Journalist")
    page.locator(f"{root} .rulesengine-looper-guess-role select").select_option(label="Person")
    page.locator(f"{root} .rulesengine-looper-guess").click()
    page.wait_for_function(has_text(f"{root} .rulesengine-message", "TL-FG3"))
    assert "wrong" in page.locator(f"{root} .rulesengine-message").inner_text()


def test_play_on_to_the_learners_card_and_play_it_tl_d3(page, voila_url):
    root = ".rulesengine-looper-game"
    open_app(page, voila_url, "04_looper_play_a_script.ipynb", f"{root} .rulesengine-figure")
    page.locator(f"{root} .rulesengine-looper-play-on").click()
    page.wait_for_function(has_text(f"{root} .rulesengine-looper-prompt", "TL-D3"))
    before = page.locator(f"{root} .rulesengine-looper-log").inner_text()
    page.locator(f"{root} .rulesengine-looper-options select").select_option(label="Goodwill +1 → Doctor")
    page.locator(f"{root} .rulesengine-looper-play").click()
    page.wait_for_function(has_text(f"{root} .rulesengine-message", "Goodwill +1 → Doctor ✓"))
    page.wait_for_function(
        f"(old) => document.querySelector('{root} .rulesengine-looper-log').innerText !== old", arg=before
    )
    page.wait_for_function(has_text(f"{root} .rulesengine-looper-notes", "Script: The Last Bell"))
