"""Notebook 01 as a Voilà app in Chromium: card then target for both sides, only legal choices offered, the
refusals listed in the notebook's language, Back, and the controls switched off when nothing waits."""

from __future__ import annotations

from tests.browser.conftest import has_text, open_app

NOTEBOOK = "01_looper_board_and_cards.ipynb"
ROOT = ".rulesengine-looper-placement"
MESSAGE = f"{ROOT} .rulesengine-message"
FIGURE = f"{ROOT} .rulesengine-figure"
CARD = f"{ROOT} .rulesengine-looper-card select"
TARGET = f"{ROOT} .rulesengine-looper-target select"
WHY_NOT = f"{ROOT} .rulesengine-looper-why-not"


def options(page, select: str) -> list[str]:
    """The labels a dropdown offers in the page (ipywidgets writes their spaces as no-break spaces)."""
    labels = page.locator(select).evaluate("s => Array.from(s.options).map(o => o.label)")
    return [label.replace("\xa0", " ") for label in labels]


def place(page, card: str, target: str, expect: str) -> None:
    """Choose a card, then a target, press Place, and wait until the message line says ``expect``."""
    page.locator(CARD).select_option(label=card)
    page.wait_for_function(f"() => !document.querySelector({TARGET!r}).disabled")
    page.locator(TARGET).select_option(label=target)
    page.locator(f"{ROOT} .rulesengine-looper-place:not([disabled])").click()
    page.wait_for_function(has_text(MESSAGE, expect))


def disabled(page, css_class: str) -> bool:
    return page.locator(f"{ROOT} .{css_class}").is_disabled()


def test_only_legal_targets_are_offered_and_the_rest_refused_with_its_rule_id_tl_d2a_tl_d3c(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FIGURE)
    turn = page.locator(".rulesengine-looper-turn")
    assert "Mastermind" in turn.inner_text() and "1 of 3" in turn.inner_text()
    assert disabled(page, "rulesengine-looper-reveal") and disabled(page, "rulesengine-looper-back")
    before = page.locator(FIGURE).get_attribute("src")

    place(page, "Paranoia +1", "Boy Student", "Boy Student ✓")
    page.wait_for_function(f"(old) => document.querySelector({FIGURE!r}).src !== old", arg=before)
    page.wait_for_function(has_text(".rulesengine-looper-turn", "2 of 3"))
    page.locator(CARD).select_option(label="Intrigue +1")
    page.wait_for_function(has_text(WHY_NOT, "Not offered"))
    assert "Boy Student" not in options(page, TARGET) and "Hospital" in options(page, TARGET)
    page.locator(f"{WHY_NOT} summary").click()
    assert "TL-D2a: the Mastermind already has a card on Boy Student" in page.locator(WHY_NOT).inner_text()

    page.locator(TARGET).select_option(label="City")
    page.locator(f"{ROOT} .rulesengine-looper-place").click()
    page.wait_for_function(has_text(MESSAGE, "City ✓"))
    place(page, "Movement ↕ (vertical)", "Girl Student", "Girl Student ✓")
    page.wait_for_function(has_text(".rulesengine-looper-turn", "Protagonist A"))
    place(page, "Paranoia −1 (1×)", "Boy Student", "Boy Student ✓")  # TL-D3b: offered; once per loop
    page.wait_for_function(has_text(".rulesengine-looper-turn", "Protagonist B"))
    page.locator(CARD).select_option(label="Goodwill +1")
    page.wait_for_function(has_text(WHY_NOT, "Not offered"))
    assert "Boy Student" not in options(page, TARGET)  # TL-D3c: not offered
    page.locator(f"{WHY_NOT} summary").click()
    refusal = "TL-D3c: another protagonist already has a card on Boy Student"
    assert refusal in page.locator(WHY_NOT).inner_text()

    page.locator(f"{ROOT} .rulesengine-looper-back").click()  # Back: Protagonist A's card comes back
    page.wait_for_function(has_text(MESSAGE, "Taken back"))
    page.wait_for_function(has_text(".rulesengine-looper-turn", "Protagonist A"))


def test_card_then_target_in_vietnamese_with_the_refusal_shown_tl_d2a(page, voila_url):
    open_app(page, voila_url, f"vi/{NOTEBOOK}", FIGURE)
    turn = page.locator(".rulesengine-looper-turn")
    assert "Mastermind đặt thẻ thứ 1/3" in turn.inner_text()
    assert options(page, CARD)[0] == "— chọn một thẻ —" and "Bất an +1" in options(page, CARD)
    assert page.locator(TARGET).is_disabled()  # a card first

    place(page, "Bất an +1", "Nam sinh", "Nam sinh ✓")
    page.wait_for_function(has_text(".rulesengine-looper-turn", "2/3"))
    page.locator(CARD).select_option(label="Intrigue +1")
    page.wait_for_function(has_text(WHY_NOT, "Không có trong danh sách"))
    assert "Nam sinh" not in options(page, TARGET) and "Bệnh viện" in options(page, TARGET)
    page.locator(f"{WHY_NOT} summary").click()
    assert "TL-D2a: Mastermind đã đặt một thẻ lên Nam sinh" in page.locator(WHY_NOT).inner_text()
    # the notebook's tables are left-aligned although the host stylesheet right-aligns cells
    align = page.locator(".rulesengine-table td").first.evaluate("td => getComputedStyle(td).textAlign")
    assert align == "left"


def test_agent_fills_the_day_then_only_turning_over_waits_tl_d4(page, voila_url):
    open_app(page, voila_url, NOTEBOOK, FIGURE)
    for _ in range(6):
        before = page.locator(FIGURE).get_attribute("src")
        page.locator(f"{ROOT} .rulesengine-looper-agent").click()
        page.wait_for_function(f"(old) => document.querySelector({FIGURE!r}).src !== old", arg=before)
    page.wait_for_function(has_text(".rulesengine-looper-turn", "six"))
    page.wait_for_function(f"() => document.querySelector({CARD!r}).disabled")
    for css_class in ("rulesengine-looper-agent", "rulesengine-looper-place"):
        assert disabled(page, css_class)
    assert not disabled(page, "rulesengine-looper-reveal")
    page.locator(f"{ROOT} .rulesengine-looper-reveal").click()
    page.wait_for_function(has_text(MESSAGE, "face up"))
    page.wait_for_function(f"() => document.querySelector('{ROOT} .rulesengine-looper-reveal').disabled")
    assert not disabled(page, "rulesengine-looper-reset")
