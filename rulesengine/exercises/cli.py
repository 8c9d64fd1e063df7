"""``python -m rulesengine exercise looper|grove …``: print an exercise, and mark an answer.

``exercise GAME --kind KIND [--seed N] [--difficulty D] [--answer TEXT] [--json] [--lang en|vi]``
prints the question (and, with ``--answer``, the marking with the explanation and the rule ids);
``exercise GAME --list`` names the kinds. The same seed and difficulty give the same exercise. An
answer in the wrong shape is one ``error: answer: …`` line and exit status 2, like any bad input.

``exercise GAME --kind KIND --sheet N --out FILE.html [--seed S] [--difficulty D] [--lang en|vi]`` writes
a printable sheet of ``N`` exercises (seeds ``S, S+1, …``): the questions with their pictures, then, on a
new page, the answers with the explanations (:mod:`rulesengine.viz.exercise_sheet`, imported only here:
the rest of the command needs no matplotlib). A bad ``--sheet`` or ``--out`` is one ``error:`` line.

>>> from rulesengine.cli import main
>>> main(["exercise", "grove", "--kind", "culprit", "--seed", "4", "--answer", "1", "--lang", "vi"])
Câu hỏi: Ba Nghi phạm tại hiện trường là 0: 2, 1: 4, 2: 6. Nghi phạm nào là Hung thủ?
Câu trả lời của bạn: Nghi phạm 1
Sai.
Đáp án: Nghi phạm 2
Lý do: Nghi phạm 2 (6) là Hung thủ: số lớn nhất; không có số 5 trong 3 Nghi phạm (GR-R1).
Luật: GR-R1
0
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from rulesengine.errors import InputError
from rulesengine.exercises.core import GAMES, Exercise, generate, kind, kinds
from rulesengine.inputs import parse_int, parse_seed
from rulesengine.messages import message
from rulesengine.outputs import output_path, printable

__all__ = ["register", "render"]


def render(exercise: Exercise, answer: str | None, language: str) -> list[str]:
    """The lines the command prints: the question, then the marking of ``answer`` if one is given."""
    lines = [f"{message('exercise.label.question', language)}: {exercise.prompt(language)}"]
    if answer is None:
        return lines
    marking = exercise.mark(answer)
    given = exercise.form.show(marking.given, language)
    lines.append(f"{message('exercise.label.your_answer', language)}: {given}")
    lines.append(marking.verdict(language))
    if not marking.correct:
        lines.append(f"{message('exercise.label.solution', language)}: {exercise.show_solution(language)}")
    lines.extend(f"{message('exercise.label.why', language)}: {line}" for line in marking.lines(language))
    lines.append(f"{message('exercise.label.rules', language)}: {', '.join(marking.rules)}")
    return lines


def _run(args: argparse.Namespace) -> int:
    language = args.lang or "en"
    if args.list:
        for k in kinds(args.exercise_game):
            levels = ", ".join(map(str, k.difficulties))
            print(f"{k.name}: {message(k.title, language)} [{levels}]")
        return 0
    if args.kind is None:
        names = ", ".join(k.name for k in kinds(args.exercise_game))
        raise InputError("--kind", f"is required; one of {names}")
    seed = None if args.seed is None else parse_seed(args.seed)
    difficulty = None if args.difficulty is None else parse_int(args.difficulty, "--difficulty", 1, 9)
    if args.sheet is not None or args.out is not None:
        return _sheet(args, seed, difficulty, language)
    exercise = generate(args.exercise_game, args.kind, seed, difficulty)
    if args.json:
        out: dict[str, Any] = exercise.to_json(language)
        if args.answer is not None:
            marking = exercise.mark(args.answer)
            out["answer"] = {"given": exercise.form.show(marking.given, language), "correct": marking.correct,
                             "wrong": list(marking.wrong)}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print("\n".join(render(exercise, args.answer, language)))
    return 0


#: The most exercises one sheet holds (a sheet of ten is the usual).
MAX_SHEET = 50


def _out_path(text: str | None) -> Path:
    """Where ``--out`` asks the sheet to go: an ``.html`` file in a folder that exists
    (:func:`rulesengine.outputs.output_path`: not empty, not a folder)."""
    if text is None:
        raise InputError("--out", "is required with --sheet: the .html file to write")
    if text.strip() and Path(text).suffix.lower() not in (".html", ".htm"):
        raise InputError("--out", f"must name an .html file, got {text!r}")
    return output_path(text, "--out")


def _sheet(args: argparse.Namespace, seed: int | None, difficulty: int | None, language: str) -> int:
    """Write the printable sheet ``--sheet N --out FILE``."""
    if args.sheet is None:
        raise InputError("--out", "is only used with --sheet N")
    count = parse_int(args.sheet, "--sheet", 1, MAX_SHEET)
    if args.answer is not None or args.json:
        raise InputError("--sheet", "writes questions and answers; it takes no --answer or --json")
    path = _out_path(args.out)
    exercise_kind = kind(args.exercise_game, args.kind)
    if difficulty is not None and difficulty not in exercise_kind.difficulties:
        exercise_kind.generate(0, difficulty)  # the registry's error naming the kind's difficulties
    from rulesengine.viz.exercise_sheet import write_sheet

    start = random.randrange(10**6) if seed is None else seed
    write_sheet(path, args.exercise_game, args.kind, count, start, difficulty, language, option="--out")
    print(message("exercise.sheet.wrote", language, path=printable(str(path)), count=count, first=start,
                  last=start + count - 1))
    return 0


def register(subparsers: Any) -> None:
    """Add ``exercise`` to the command line."""
    parser = subparsers.add_parser("exercise", help="exercises the engines make and mark")
    parser.add_argument("exercise_game", choices=GAMES, metavar="GAME", help="looper or grove")
    parser.add_argument("--kind", help="the exercise kind (--list names them)")
    parser.add_argument("--list", action="store_true", help="list the kinds of GAME")
    parser.add_argument("--seed", help="the exercise's seed (default: a fresh one)")
    parser.add_argument("--difficulty", help="how many rules interact (default: the kind's easiest)")
    parser.add_argument("--answer", help="mark this answer")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--lang", choices=("en", "vi"), help="the language of the text (default English)")
    parser.add_argument("--sheet", metavar="N",
                        help=f"write a printable sheet of N exercises (1 to {MAX_SHEET}) to --out")
    parser.add_argument("--out", metavar="FILE", help="the sheet's .html file (with --sheet)")
    parser.set_defaults(handler=_run)
