"""A printable sheet of ten exercises in Chromium: every picture loads, the answers start on a new page
when printed, and a screenshot shows the first page.

The screenshot goes to the test's folder; with ``RULESENGINE_SCREENSHOTS=1`` it also replaces
``docs/images/exercise_sheet.png`` (a test run does not change tracked files by default).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from rulesengine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _write(tmp_path: Path, language: str) -> Path:
    out = tmp_path / f"sheet_{language}.html"
    assert main(["exercise", "grove", "--kind", "chips", "--sheet", "10", "--seed", "1", "--out", str(out),
                 "--lang", language]) == 0
    return out


def test_a_sheet_of_ten_renders_and_prints_with_the_answers_on_a_new_page(page, tmp_path, capsys) -> None:
    sheet = _write(tmp_path, "en")
    capsys.readouterr()
    page.goto(sheet.as_uri())
    page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 600)")
    assert page.locator(".exercise").count() == 10 and page.locator(".answer").count() == 10
    assert page.locator("img").count() == 20
    assert page.locator(".answers").evaluate("e => getComputedStyle(e).breakBefore") == "page"
    assert "GR-V" in page.locator(".answers").inner_text()
    shot = tmp_path / "exercise_sheet.png"
    page.set_viewport_size({"width": 900, "height": 1100})
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000
    if os.environ.get("RULESENGINE_SCREENSHOTS") == "1":
        shutil.copy(shot, ROOT / "docs" / "images" / "exercise_sheet.png")
    # printed: the questions fill pages of their own, then the answers begin on a fresh page
    pdf = page.pdf(format="A4", print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages >= 3


def test_the_vietnamese_sheet_renders(page, tmp_path, capsys) -> None:
    sheet = _write(tmp_path, "vi")
    capsys.readouterr()
    page.goto(sheet.as_uri())
    page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 600)")
    assert page.locator("html").get_attribute("lang") == "vi"
    assert "Đáp án" in page.locator(".answers h1").inner_text()
    assert "Chip Kém cỏi" in page.locator(".answers").inner_text() or "Kém cỏi" in page.locator(
        ".answers").inner_text()
