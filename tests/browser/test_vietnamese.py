"""The Vietnamese edition in Chromium under Voilà: widgets start in Vietnamese, the odds explorer's
three suspect controls are legible in full, and no output shows the 🔒 glyph or a widget repr."""

from __future__ import annotations

from tests.browser.conftest import open_app

EXPLORER = ".grove-odds-explorer"


def test_the_vietnamese_odds_explorer_starts_in_vietnamese_with_legible_suspect_controls(page, voila_url):
    open_app(page, voila_url, "vi/11_grove_culprit_odds.ipynb", f"{EXPLORER} .grove-odds-seen-2 label")
    for i in range(3):
        label = page.locator(f"{EXPLORER} .grove-odds-seen-{i} label")
        assert label.inner_text().strip() == f"Nghi phạm {i}"
        # no ellipsis: the label's text fits its box, and so does the chosen option
        fits = label.evaluate("e => e.scrollWidth <= e.clientWidth")
        assert fits, f"the label of suspect {i} is cut"
        select = page.locator(f"{EXPLORER} .grove-odds-seen-{i} select")
        assert select.evaluate("e => e.scrollWidth <= e.clientWidth"), f"the value of suspect {i} is cut"
        box = label.bounding_box()
        assert box is not None and box["width"] > 40
    assert "Hậu nghiệm" in page.locator(f"{EXPLORER} .grove-odds-bayes").inner_text()
    pressed = page.locator(f"{EXPLORER} .rulesengine-language-switch button.mod-active")
    assert pressed.inner_text().strip() == "Tiếng Việt"


def test_a_vietnamese_notebook_shows_vietnamese_widget_labels_and_switches_back(page, voila_url):
    open_app(page, voila_url, "vi/10_grove_rules.ipynb", ".grove-stepper-next")
    stepper = page.locator(".grove-stepper").first
    assert stepper.locator(".grove-stepper-next").inner_text().strip() == "Bước tiếp theo"
    assert stepper.locator(".grove-stepper-accuse").inner_text().strip() == "Buộc tội"
    stepper.locator(".rulesengine-language-switch button", has_text="English").click()
    page.wait_for_function(
        "() => document.querySelector('.grove-stepper .grove-stepper-next').innerText.trim() === 'Next step'"
    )


def test_the_vietnamese_day_stepper_page_has_no_lock_glyph_and_no_widget_repr(page, voila_url):
    open_app(page, voila_url, "vi/02_looper_day_in_nine_steps.ipynb", ".rulesengine-secret")
    text = page.locator("body").inner_text()
    assert "🔒" not in text
    assert "ToggleButtons(" not in text
    assert page.locator(".rulesengine-table, .rulesengine-text").count() > 10


def test_the_vietnamese_day_stepper_stepped_through_a_day_speaks_vietnamese(page, voila_url):
    """Issue 10: the Vietnamese edition of the stepper, stepped through a whole day, shows Vietnamese log
    lines and rule texts, and no English sentence (the words of tests/test_cli_lang.py)."""
    from tests.browser.test_looper_day import LOG, RULE, STEPS, next_step
    from tests.test_cli_lang import english_words

    root = ".rulesengine-looper-stepper"
    open_app(page, voila_url, "vi/02_looper_day_in_nine_steps.ipynb", f"{root} .rulesengine-figure")
    read = []
    for _ in range(12):
        after = next_step(page)
        message = page.locator(f"{root} .rulesengine-message").inner_text()
        read += [after["log"], page.locator(RULE).inner_text(), message]
        if after["current"] == "TL-D1":
            break
    steps = page.locator(STEPS).inner_text()
    assert "Ngày 2" in steps
    log = page.locator(LOG).inner_text()
    assert "Ngày 1 bắt đầu" in log and "Thẻ Leader được chuyển" in log
    title = "The Last Bell"  # the script's title stays as written
    english = {w for text in [*read, steps] for w in english_words(text.replace(title, ""))}
    assert english == set()
