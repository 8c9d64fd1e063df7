"""The exercise shape: answer forms read text and values, refuse wrong shapes clearly, and mark."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.exercises import (
    AnswerError,
    Assignment,
    Choice,
    Count,
    Option,
    Probability,
    generate,
    kind,
    kinds,
)
from rulesengine.messages import Message, Name

CHOICE = Choice((Option("0", Message("exercise.grove.suspect", {"suspect": 0})), Option("1", "one")))


def test_choice_reads_key_label_in_either_language_and_number() -> None:
    assert CHOICE.read("0") == "0"
    assert CHOICE.read(" Suspect 0 ") == "0"
    assert CHOICE.read("nghi phạm 0") == "0"
    assert CHOICE.read("ONE") == "1"
    with pytest.raises(AnswerError, match="'2' is not one of the options: 0, 1"):
        CHOICE.read("2")


def test_choice_numbers_count_from_one_only_when_keys_are_not_numbers() -> None:
    letters = Choice((Option("a", "alpha"), Option("b", "beta")))
    assert letters.read("2") == "b"
    with pytest.raises(AnswerError):
        letters.read("3")


def test_assignment_reads_text_json_and_mappings_and_names_wrong_keys() -> None:
    form = Assignment((Option("a", "Alice"), Option("b", Name("term", "suspect"))),
                      (Option("x", "here"), Option("y", "there")))
    assert form.read("a=x, Suspect=there") == {"a": "x", "b": "y"}
    assert form.read('{"b": "x", "a": "y"}') == {"a": "y", "b": "x"}
    assert form.read({"a": "x", "b": "x"}) == {"a": "x", "b": "x"}
    assert form.wrong_keys({"a": "x", "b": "x"}, {"a": "x", "b": "y"}) == ["b"]
    for bad, said in [("a=x", "no value for b"), ("a=x, a=y, b=x", "a is given twice"),
                      ("a x", "key=value"), ("[1]", "key=value"), ("a=z, b=x", "'z' is not one of")]:
        with pytest.raises(AnswerError, match=said):
            form.read(bad)


def test_probability_within_tolerance_counts_and_shows_the_exact_fraction() -> None:
    form = Probability(Fraction(1, 50))
    assert form.same(form.read("0.66"), Fraction(2, 3))
    assert not form.same(form.read("60%"), Fraction(2, 3))
    assert form.show(Fraction(2, 3)) == "2/3 ≈ 66.7%"
    for bad in ["", "-0.1", "1.5", "1/0", "abc", "²/3", "1e9"]:
        with pytest.raises(AnswerError, match="not a probability"):
            form.read(bad)


def test_count_range_is_checked() -> None:
    form = Count(0, 5)
    assert form.read(" 3 ") == 3
    for bad in ["6", "-1", "٣", "three", ""]:
        with pytest.raises(AnswerError, match="whole number from 0 to 5"):
            form.read(bad)


def test_answer_errors_say_it_in_vietnamese() -> None:
    with pytest.raises(AnswerError) as caught:
        CHOICE.read("7")
    assert caught.value.localized("vi") == "câu trả lời: '7' không phải một trong các lựa chọn: 0, 1"


def test_same_seed_same_exercise_and_marking_the_solution_is_right() -> None:
    for k in kinds():
        for difficulty in k.difficulties:
            a, b = generate(k.game, k.name, 11, difficulty), generate(k.game, k.name, 11, difficulty)
            assert a.to_json("vi") == b.to_json("vi")
            assert a.mark(a.solution).correct
            assert a.rules and set(a.rules) <= set(k.rules)


def test_unknown_kind_game_or_difficulty_is_a_clear_input_error() -> None:
    with pytest.raises(InputError, match="no exercise kind 'nope' for grove; one of culprit"):
        kind("grove", "nope")
    with pytest.raises(InputError, match="game: must be one of looper, grove"):
        kind("chess", "culprit")
    with pytest.raises(InputError, match="--difficulty: kind culprit has difficulties 1, 2, 3, got 9"):
        generate("grove", "culprit", 1, 9)


def test_command_line_marks_and_refuses_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exercise", "grove", "--kind", "culprit", "--seed", "1", "--difficulty", "3",
                 "--answer", "Nghi phạm 2", "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    assert "Sai.\nĐáp án: Nghi phạm 0\n" in out and "Luật: GR-R2, GR-R3" in out
    assert main(["exercise", "grove", "--kind", "culprit", "--seed", "1", "--answer", "maybe"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: answer: 'maybe' is not one of the options") and err.count("\n") == 1
    assert main(["exercise", "grove", "--kind", "culprit", "--seed", "x"]) == 2
    assert "error: --seed:" in capsys.readouterr().err


def test_the_registries_are_filled_by_plain_imports_that_the_layer_check_sees() -> None:
    """No importlib by name (it hid import circles from tests/test_layers.py): the package and the viz
    widget import the game modules, which import the registry and never the other way round."""
    import ast
    from pathlib import Path

    from tests.test_layers import GRAPH

    root = Path(__file__).resolve().parents[2] / "rulesengine"
    for path in (root / "exercises" / "core.py", root / "viz" / "exercises.py",
                 root / "viz" / "exercise_registry.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        assert "importlib" not in names, path.name
    assert {"rulesengine.exercises.looper", "rulesengine.exercises.grove"} <= GRAPH["rulesengine.exercises"]
    assert "rulesengine.exercises.looper" not in GRAPH["rulesengine.exercises.core"]
    assert {"rulesengine.viz.looper.exercises", "rulesengine.viz.grove.exercises"} <= GRAPH[
        "rulesengine.viz.exercises"]
    for game in ("looper", "grove"):
        assert "rulesengine.viz.exercises" not in GRAPH[f"rulesengine.viz.{game}.exercises"]
    assert [k.game for k in kinds()] == sorted((k.game for k in kinds()), key=("looper", "grove").index)
