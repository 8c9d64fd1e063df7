"""The printable sheet: ten exercises with their pictures, then the answers on a new page; the command
line writes it and refuses a bad --sheet or --out in one line."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.exercises import generate, kinds
from rulesengine.viz.exercise_sheet import difficulties_for, make_sheet, sheet_html

PNG = re.compile(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def _game_kind(game: str) -> str:
    names = [k.name for k in kinds(game)]
    if not names:
        pytest.skip(f"no {game} exercise kinds in this branch yet")
    return "chips" if "chips" in names else names[0]


@pytest.mark.parametrize("game", ["grove", "looper"])
def test_a_sheet_of_ten_has_questions_pictures_then_answers_on_a_new_page(game: str, tmp_path: Path) -> None:
    name = _game_kind(game)
    exercises = make_sheet(game, name, 10, seed=100)
    page = sheet_html(exercises, "en")
    questions, _, answers = page.partition('<section class="answers">')
    assert questions.count('class="exercise"') == 10 and answers.count('class="answer"') == 10
    assert ".answers { break-before: page; page-break-before: always; }" in page
    for ex in exercises:  # each question, then its answer, the explanation and the rules
        assert html.escape(ex.prompt("en")) in questions
        assert html.escape(ex.show_solution("en")) in answers
        assert all(html.escape(line) in answers for line in ex.mark(ex.solution).lines("en"))
        assert ", ".join(ex.rules) in answers
    pictures = PNG.findall(page)
    if game == "grove":  # every Grove kind has a picture: ten questions, ten solved
        assert len(pictures) == 20
    assert all(base64.b64decode(p)[:8] == b"\x89PNG\r\n\x1a\n" for p in pictures)


def test_the_vietnamese_sheet_speaks_vietnamese() -> None:
    exercises = [generate("grove", "next_leader", s, 2) for s in (1, 2)]
    page = sheet_html(exercises, "vi", pictures=False)
    assert '<html lang="vi">' in page and "Đáp án" in page and "Câu trả lời của bạn:" in page
    assert html.escape(exercises[0].prompt("vi")) in page


def test_without_a_difficulty_a_sheet_climbs_from_the_easiest() -> None:
    assert difficulties_for((1, 2, 3), 10, None) == [1, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [ex.difficulty for ex in make_sheet("grove", "odds", 4, 7)] == [1, 1, 2, 3]
    assert [ex.seed for ex in make_sheet("grove", "odds", 4, 7)] == [7, 8, 9, 10]


def test_command_line_writes_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.html"
    assert main(["exercise", "grove", "--kind", "culprit", "--sheet", "3", "--seed", "5", "--difficulty", "2",
                 "--out", str(out), "--lang", "vi"]) == 0
    assert capsys.readouterr().out.startswith(f"Đã ghi {out}: 3 bài tập (seed 5–7)")
    page = out.read_text(encoding="utf-8")
    assert page.count('class="exercise"') == 3 and len(PNG.findall(page)) == 6
    assert page == sheet_html(make_sheet("grove", "culprit", 3, 5, 2), "vi")  # the same seed, the same sheet


@pytest.mark.parametrize(("args", "said"), [
    (["--sheet", "0"], "error: --sheet: must be 1 to 50, got '0'"),
    (["--sheet", "ten"], "error: --sheet: must be 1 to 50, got 'ten'"),
    (["--sheet", "3"], "error: --out: is required with --sheet"),
    (["--sheet", "3", "--out", "OUT.txt"], "error: --out: must name an .html file"),
    (["--sheet", "3", "--out", "missing/x.html"], "error: --out: no folder"),
    (["--sheet", "3", "--out", "."], "error: --out: must name an .html file"),
    (["--out", "OUT.html"], "error: --out: is only used with --sheet N"),
    (["--sheet", "3", "--out", "OUT.html", "--json"], "error: --sheet: writes questions and answers"),
    (["--sheet", "3", "--out", "OUT.html", "--difficulty", "4"], "error: --difficulty: kind culprit has"),
])
def test_a_bad_sheet_or_out_is_one_error_line(args: list[str], said: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    args = [str(tmp_path / a) if a.startswith(("OUT", "missing")) else a for a in args]
    assert main(["exercise", "grove", "--kind", "culprit", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(said) and err.count("\n") == 1
    assert not list(tmp_path.iterdir())
