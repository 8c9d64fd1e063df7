"""A printable sheet of exercises: the questions with their pictures, then, on a new page, the answers
with the explanations and the rule ids.

One self-contained HTML file (the pictures are PNG inside it, ``data:`` URLs), so a teacher can mail it,
open it in any browser and print it: the answers start on a new page (CSS ``break-before: page``), an
exercise is never split across pages, and the colours print. Every sentence comes from the catalogs, in
the sheet's language; the pictures come from each game's registry
(:func:`rulesengine.viz.exercises.picture_png`).

``python -m rulesengine exercise GAME --kind K --sheet 10 [--seed N] [--difficulty D] --out sheet.html
[--lang vi]`` writes one. The exercises take the seeds ``N, N+1, …``; without ``--difficulty`` they climb
through the kind's difficulties from the easiest, so a sheet starts gently.

>>> from rulesengine.exercises import generate
>>> page = sheet_html([generate("grove", "culprit", s, 1) for s in (1, 2)], "en", pictures=False)
>>> page.count('class="exercise"'), 'class="answers"' in page, "GR-R1" in page
(2, True, True)
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path

from rulesengine import i18n
from rulesengine.exercises import Exercise, generate, kind
from rulesengine.messages import message

__all__ = ["difficulties_for", "make_sheet", "sheet_html", "write_sheet"]

_STYLE = """
@page { size: A4; margin: 14mm 14mm 16mm 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Noto Sans", system-ui, -apple-system, "Segoe UI", sans-serif;
       font-size: 11pt; line-height: 1.45; color: #1f1f1f; max-width: 190mm; margin: 0 auto; padding: 8mm 0;
       -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 17pt; margin: 0 0 2mm 0; }
h2 { font-size: 12pt; margin: 0 0 1.5mm 0; }
.meta { color: #555; margin: 0 0 4mm 0; font-size: 10pt; }
.exercise, .answer { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #c9c9c9;
                     padding: 3mm 0 4mm 0; }
.level { color: #666; font-size: 9.5pt; font-weight: normal; }
.question { margin: 0 0 2mm 0; }
.exercise img { display: block; width: 100%; max-width: 160mm; margin: 1mm auto; }
.answer img { display: block; width: 100%; max-width: 96mm; margin: 1mm auto; }
.blank { margin-top: 2mm; border-bottom: 1px dotted #777; height: 8mm; color: #555; }
.answers { break-before: page; page-break-before: always; }
.solution { font-weight: bold; color: #1a7a3a; }
.why { margin: 1mm 0; padding-left: 5mm; }
.why li { margin: 0.5mm 0; }
.rules { color: #555; font-size: 9.5pt; }
"""


def difficulties_for(kind_difficulties: Sequence[int], count: int, difficulty: int | None) -> list[int]:
    """The difficulty of each of ``count`` exercises: ``difficulty`` for all, or climbing from the
    easiest to the hardest in equal steps.

    >>> difficulties_for((1, 2, 3), 10, None)
    [1, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    >>> difficulties_for((1, 2, 3), 3, 2)
    [2, 2, 2]
    """
    if difficulty is not None:
        return [difficulty] * count
    levels = sorted(kind_difficulties)
    return [levels[min(len(levels) - 1, i * len(levels) // count)] for i in range(count)]


def make_sheet(game: str, kind_name: str, count: int, seed: int,
               difficulty: int | None = None) -> list[Exercise]:
    """``count`` exercises of one kind, seeds ``seed, seed + 1, …`` (:func:`difficulties_for`)."""
    levels = difficulties_for(kind(game, kind_name).difficulties, count, difficulty)
    return [generate(game, kind_name, seed + i, level) for i, level in enumerate(levels)]


def _png(exercise: Exercise, solved: bool) -> str | None:
    from rulesengine.viz.exercises import picture_png

    data = picture_png(exercise, solved, dpi=80)
    return None if data is None else base64.b64encode(data).decode("ascii")


def _img(data: str | None, alt: str) -> str:
    return "" if data is None else f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'


def sheet_html(exercises: Sequence[Exercise], language: str, *, pictures: bool = True) -> str:
    """The sheet as one HTML page in ``language``: the questions, then (a new page) the answers."""
    if not exercises:
        raise ValueError("a sheet needs at least one exercise")
    esc = html.escape
    first = exercises[0]
    title = message("exercise.sheet.title", language,
                    kind=message(kind(first.game, first.kind).title, language))
    levels = sorted({ex.difficulty for ex in exercises})
    meta = message("exercise.sheet.meta", language, count=len(exercises),
                   difficulty="–".join(map(str, (levels[0], levels[-1]))) if len(levels) > 1 else levels[0],
                   first=exercises[0].seed, last=exercises[-1].seed)
    before = i18n.get_language()
    i18n.set_language(language)  # the pictures' labels
    try:
        questions, answers = [], []
        for number, ex in enumerate(exercises, start=1):
            level = message("exercise.label.level", language, difficulty=ex.difficulty)
            head = f'<h2>{number}. <span class="level">{esc(level)} · seed {ex.seed}</span></h2>'
            prompt = ex.prompt(language)
            questions.append(
                f'<article class="exercise" id="q{number}">{head}<p class="question">{esc(prompt)}</p>'
                f"{_img(_png(ex, False) if pictures else None, prompt)}"
                f'<div class="blank">{esc(message("exercise.sheet.answer_line", language))}</div></article>')
            why = "".join(f"<li>{esc(line)}</li>" for line in ex.mark(ex.solution).lines(language))
            answers.append(
                f'<article class="answer" id="a{number}"><h2>{number}.</h2>'
                f'<p class="solution">{esc(message("exercise.label.solution", language))}: '
                f"{esc(ex.show_solution(language))}</p>"
                f'<ul class="why">{why}</ul>'
                f'<p class="rules">{esc(message("exercise.label.rules", language))}: '
                f'{esc(", ".join(ex.rules))}</p>'
                f"{_img(_png(ex, True) if pictures else None, ex.show_solution(language))}</article>")
    finally:
        i18n.set_language(before)
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f'<section class="questions">\n<h1>{esc(title)}</h1>\n<p class="meta">{esc(meta)}</p>\n'
        + "\n".join(questions)
        + f'\n</section>\n<section class="answers">\n<h1>{esc(message("exercise.sheet.answers", language))}'
        f' — {esc(title)}</h1>\n'
        + "\n".join(answers)
        + "\n</section>\n</body>\n</html>\n"
    )


def write_sheet(out: str | Path, game: str, kind_name: str, count: int, seed: int,
                difficulty: int | None = None, language: str = "en", option: str | None = None) -> Path:
    """Write a sheet of ``count`` exercises to ``out`` (:func:`make_sheet`, :func:`sheet_html`), whole or
    not at all (:func:`rulesengine.outputs.write_text`; a failure is an ``InputError`` naming ``option``,
    default the file, and leaves the previous file as it was)."""
    from rulesengine.outputs import write_text

    path = Path(out)
    page = sheet_html(make_sheet(game, kind_name, count, seed, difficulty), language)
    write_text(path, page, option=str(path) if option is None else option)
    return path
