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
    page.locator(f"{root} .rulesengine-looper-choose-card select").select_option(label="Goodwill +1")
    page.wait_for_function(  # the targets of that card are offered
        f"() => [...document.querySelectorAll('{root} .rulesengine-looper-choose-target option')]"
        ".some(o => o.textContent === 'Doctor')"
    )
    page.locator(f"{root} .rulesengine-looper-choose-target select").select_option(label="Doctor")
    page.locator(f"{root} .rulesengine-looper-play").click()
    page.wait_for_function(has_text(f"{root} .rulesengine-message", "Goodwill +1 → Doctor ✓"))
    page.wait_for_function(
        f"(old) => document.querySelector('{root} .rulesengine-looper-log').innerText !== old", arg=before
    )
    page.wait_for_function(has_text(f"{root} .rulesengine-looper-notes", "Script: The Last Bell"))


def test_a_finished_game_shows_the_revealed_script_tl_le2(page, voila_url):
    root = ".rulesengine-looper-game"
    open_app(page, voila_url, "04_looper_play_a_script.ipynb", f"{root} .rulesengine-figure")
    page.locator(f"{root} .rulesengine-looper-auto").click()
    reveal = f"{root} .rulesengine-reveal"
    page.wait_for_selector(reveal, state="visible", timeout=120_000)
    text = page.locator(reveal).inner_text()
    assert "The script, revealed: The Last Bell" in text  # the same reveal as notebooks 02 and 03
    roles = page.locator(f"{reveal} .rulesengine-reveal-roles").inner_text()
    assert "Girl Student\tKey Person" in roles and "Office Worker\tKiller" in roles  # The Last Bell's roles
    assert "Main plot\tMurder Plan" in text
    assert ("Winner: Protagonists" in text) or ("Winner: Mastermind" in text)
    assert page.locator(f"{root} .rulesengine-looper-auto").is_disabled()
    assert page.locator(f"{root} .rulesengine-looper-next").is_disabled()


def test_play_on_against_the_searching_mastermind_in_both_languages_tl_d2(page, voila_url):
    """The Mastermind menu seats the searching Mastermind; Play on lets it place its cards (TL-D2) up to
    the learner's card (TL-D3); "Why?" waits for the end of the game. The same in the Vietnamese edition."""
    root = ".rulesengine-looper-game"
    for notebook, searching, why_wait in (
        ("04_looper_play_a_script.ipynb", "searching, level 1 (quick)", "game is over"),
        ("vi/04_looper_play_a_script.ipynb", "biết tìm kiếm, cấp 1 (nhanh)", "ván đã kết thúc"),
    ):
        open_app(page, voila_url, notebook, f"{root} .rulesengine-figure")
        game = page.locator(root).first
        game.locator(".rulesengine-looper-opponent select").select_option(label=searching)
        game.locator(".rulesengine-looper-new-game").click()
        game.locator(".rulesengine-looper-play-on").click()
        page.wait_for_function(has_text(f"{root} .rulesengine-looper-prompt", "TL-D3"), timeout=60_000)
        # the prompt is drawn before the log, so the log's Mastermind cards (TL-D2) are waited for too
        page.wait_for_function(has_text(f"{root} .rulesengine-looper-log", "TL-D2"))
        game.locator(".rulesengine-looper-why").click()
        page.wait_for_function(has_text(f"{root} .rulesengine-message", why_wait))
