"""The exercise widget: answer controls from the form, marking with the explanation, score, language."""

from __future__ import annotations

from matplotlib.figure import Figure

from rulesengine import i18n
from rulesengine.exercises import Exercise, generate
from rulesengine.viz import exercise_registry
from rulesengine.viz.exercises import ExerciseWidget, picture_png, register_picture, register_show_step


def _wrong(ex: Exercise) -> str:
    return next(k for k in ("0", "1", "2") if k != ex.solution)


def test_right_then_wrong_answer_is_marked_with_the_explanation_and_scored_gr_r1() -> None:
    w = ExerciseWidget("grove", "culprit", 1, seed=3, draw=False)
    marking = w.submit(w.exercise.solution)
    assert marking is not None and marking.correct
    assert "Right." in w.result.value and "GR-R1" in w.result.value
    assert all(c.disabled for c in w.controls) and w.check_button.disabled
    assert w.check() is marking and w.score == (1, 1)  # checking twice does not count twice
    w.new()
    assert w.exercise.seed == 4 and not w.check_button.disabled and w.result.value == ""
    marking = w.submit(_wrong(w.exercise))
    assert marking is not None and not marking.correct
    assert "Wrong." in w.result.value and f"Answer:</b> suspect {w.exercise.solution}" in w.result.value
    assert w.score == (1, 2) and "Score: 1 right of 2" in w.score_line.value


def test_no_answer_or_a_malformed_one_is_explained_not_raised() -> None:
    w = ExerciseWidget("grove", "culprit", seed=1, draw=False)
    assert w.check() is None
    assert "no answer yet" in (w.message.last_error or "")
    assert w.submit("suspect 7") is None and "not one of the options" in (w.message.last_error or "")
    assert w.score == (0, 0) and not w.check_button.disabled


def test_the_language_switch_flips_question_options_and_marking_keeping_the_answer() -> None:
    w = ExerciseWidget("grove", "culprit", 2, seed=8, draw=False)
    w.set_answer(w.exercise.solution)
    i18n.set_language("vi")
    assert "Nghi phạm nào là Hung thủ?" in w.question.value
    assert w.controls[0].value == w.exercise.solution
    assert [label for label, _ in w.controls[0].options] == ["Nghi phạm 0", "Nghi phạm 1", "Nghi phạm 2"]
    assert w.kind_picker.options[0][0].startswith("Ai là Hung thủ?")
    w.check()
    assert "Đúng." in w.result.value and "Luật:" in w.result.value
    i18n.set_language("en")
    assert "Right." in w.result.value


def test_a_registered_picture_is_drawn_before_and_solved_after_checking() -> None:
    drawn: list[bool] = []

    def draw(ex: Exercise, solved: bool) -> Figure:
        drawn.append(solved)
        fig = Figure(figsize=(2, 1))
        fig.add_subplot().set_title(ex.show_solution() if solved else "?")
        return fig

    saved = dict(exercise_registry._PICTURES)
    register_picture("grove", "culprit", draw)
    try:
        w = ExerciseWidget("grove", "culprit", seed=2)
        assert w.image.value[:4] == b"\x89PNG" and drawn == [False]
        w.submit(w.exercise.solution)
        assert drawn == [False, True]
        assert picture_png(generate("grove", "culprit", 2)) is not None
    finally:
        exercise_registry._PICTURES.clear()
        exercise_registry._PICTURES.update(saved)


def test_show_me_the_step_button_only_where_a_stepper_is_registered() -> None:
    saved = dict(exercise_registry._STEPS)
    exercise_registry._STEPS.pop(("grove", "culprit"), None)
    try:
        w = ExerciseWidget("grove", "culprit", seed=2, draw=False)
        assert w.step_button.layout.visibility == "hidden"
        register_show_step("grove", "culprit", lambda ex: f"stepper at seed {ex.seed}")
        w.new()
        assert w.step_button.layout.visibility == "visible"
        assert w.open_step() == "stepper at seed 3"
    finally:
        exercise_registry._STEPS.clear()
        exercise_registry._STEPS.update(saved)
