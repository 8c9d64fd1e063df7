"""``python -m rulesengine exercise looper|grove …``: print an exercise, and mark an answer.

``exercise GAME --kind KIND [--seed N] [--difficulty D] [--answer TEXT] [--json] [--lang en|vi]``
prints the question (and, with ``--answer``, the marking with the explanation and the rule ids);
``exercise GAME --list`` names the kinds. The same seed and difficulty give the same exercise. An
answer in the wrong shape is one ``error: answer: …`` line and exit status 2, like any bad input.

>>> from rulesengine.cli import main
>>> main(["exercise", "grove", "--kind", "culprit", "--seed", "4", "--answer", "1", "--lang", "vi"])
Câu hỏi: Ba Nghi phạm tại hiện trường là 0: 2, 1: 4, 2: 6. Nghi phạm nào là Thủ phạm?
Câu trả lời của bạn: Nghi phạm 1
Sai.
Đáp án: Nghi phạm 2
Lý do: Nghi phạm 2 (6) là Thủ phạm: số lớn nhất; không có số 5 trong 3 Nghi phạm (GR-R1).
Luật: GR-R1
0
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rulesengine.errors import InputError
from rulesengine.exercises.core import GAMES, Exercise, generate, kinds
from rulesengine.inputs import parse_int, parse_seed
from rulesengine.messages import message

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
    parser.set_defaults(handler=_run)
