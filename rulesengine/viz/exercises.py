"""The exercise widget both games share, and the registries of pictures and "show me the step".

:class:`ExerciseWidget` asks one exercise at a time (:mod:`rulesengine.exercises`): a kind and a
difficulty, a fresh exercise, its picture, answer controls made from the exercise's answer form, the
marking with the explanation and the corrected picture, and the session's score. Everything it says
comes from the catalogs and flips with the language switch.

Each game's viz module registers what only it can draw (:func:`register_picture`, a picture of the
situation and of the answer; :func:`register_show_step`, the position in the game's stepper) in
:mod:`rulesengine.viz.exercise_registry`; this module imports both game modules, so their pictures are
registered once it is imported.

>>> w = ExerciseWidget("grove", kind="culprit", difficulty=2, seed=5, draw=False)
>>> w.exercise.kind, w.exercise.seed
('culprit', 5)
>>> w.submit(w.exercise.solution).correct, w.score
(True, (1, 1))
>>> w.check_button.disabled  # nothing waits for an answer until the next exercise
True
"""

from __future__ import annotations

import html
import io
from typing import Any

import ipywidgets as widgets
from matplotlib.figure import Figure

from rulesengine import i18n
from rulesengine.errors import RulesEngineError
from rulesengine.exercises import Assignment, Choice, Exercise, Marking, generate, kind, kinds
from rulesengine.exercises.core import say
from rulesengine.messages import message
from rulesengine.viz.common import (
    PALETTE,
    TEXT_FONT,
    LanguageSwitch,
    MessageBox,
    bind,
    button,
    classed,
    on_new_language,
)
from rulesengine.viz.exercise_registry import drawer, opener, register_picture, register_show_step

# Each game's module registers its pictures and steps on import (it imports the registry, not this module).
from rulesengine.viz.grove import exercises as _grove_pictures  # noqa: F401
from rulesengine.viz.looper import exercises as _looper_pictures  # noqa: F401

__all__ = ["ExerciseWidget", "picture", "picture_png", "register_picture", "register_show_step", "show_step"]


def picture(exercise: Exercise, solved: bool = False) -> Figure | None:
    """The exercise's picture (``solved``: with the engine's answer), or ``None`` if its kind has none."""
    draw = drawer(exercise)
    return None if draw is None else draw(exercise, solved)


def picture_png(exercise: Exercise, solved: bool = False, dpi: int = 100) -> bytes | None:
    """:func:`picture` as PNG bytes (for an image widget or an HTML sheet)."""
    fig = picture(exercise, solved)
    if fig is None:
        return None
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor="white", bbox_inches="tight")
    return buffer.getvalue()


def show_step(exercise: Exercise) -> Any | None:
    """The widget that opens the exercise's position in its game's stepper, or ``None``."""
    open_step = opener(exercise)
    return None if open_step is None else open_step(exercise)


class ExerciseWidget:
    """Pick a kind and a difficulty, answer a fresh exercise, see it marked and why; keep a score.

    Parameters
    ----------
    game:
        ``"looper"`` or ``"grove"``.
    kind, difficulty:
        The first exercise's kind (default: the game's first) and difficulty (default: its easiest).
    seed:
        The first exercise's seed; each *New exercise* takes the next one, so a notebook run from the
        top shows the same exercises.
    draw:
        ``False`` skips the pictures (tests, checked notebook cells).
    """

    def __init__(self, game: str, kind: str | None = None, difficulty: int | None = None, *,
                 seed: int = 1, draw: bool = True) -> None:
        self.game = game
        self.draw = draw
        self.seed = seed
        self.right = self.asked = 0
        self.marking: Marking | None = None
        names = [k.name for k in kinds(game)]
        first = kind if kind is not None else names[0]
        self.switch = LanguageSwitch()
        self.kind_picker = classed(widgets.Dropdown(layout=widgets.Layout(width="540px")),
                                   "rulesengine-exercise-kind", "exercise_kind")
        self.level_label = bind(widgets.Label(layout=widgets.Layout(margin="0 6px 0 18px")),
                                "exercise_difficulty", "value")
        self.level_picker = classed(widgets.ToggleButtons(style={"button_width": "44px"},
                                                          layout=widgets.Layout(width="auto")),
                                    "rulesengine-exercise-level")
        self.new_button = button("rulesengine-exercise-new", "new_exercise", "170px", style="primary")
        self.question = classed(widgets.HTML(layout=widgets.Layout(width="100%", min_height="72px")),
                                "rulesengine-exercise-question")
        self.image = classed(widgets.Image(format="png", layout=widgets.Layout(
            width="980px", height="600px", object_fit="contain", display="flex" if draw else "none")),
            "rulesengine-exercise-picture")
        self.answer_box = classed(widgets.VBox(layout=widgets.Layout(width="100%", min_height="96px")),
                                  "rulesengine-exercise-answer")
        self.check_button = button("rulesengine-exercise-check", "check_answer", "170px", style="success")
        self.step_button = button("rulesengine-exercise-step", "show_step", "200px")
        self.message = MessageBox()
        self.result = classed(widgets.HTML(layout=widgets.Layout(width="100%", min_height="120px")),
                              "rulesengine-exercise-result")
        self.score_line = classed(widgets.HTML(), "rulesengine-exercise-score")
        self.step_area = widgets.Output(layout=widgets.Layout(width="100%"))
        self._step_shown = False
        self.controls: list[widgets.Widget] = []
        self._relabel_kinds(i18n.get_language())
        self.kind_picker.value = first
        self._set_levels(first, difficulty)
        self.kind_picker.observe(lambda change: self._set_levels(change["new"], None), names="value")
        self.new_button.on_click(lambda _b: self.new())
        self.check_button.on_click(lambda _b: self.check())
        self.step_button.on_click(lambda _b: self.open_step())
        self._off = on_new_language(self._relanguage)
        self.widget = widgets.VBox(
            [
                self.switch.widget,
                widgets.HBox([self.kind_picker, self.level_label, self.level_picker, self.new_button],
                             layout=widgets.Layout(align_items="center")),
                self.question,
                self.image,
                self.answer_box,
                widgets.HBox([self.check_button, self.score_line, self.step_button],
                             layout=widgets.Layout(align_items="center")),
                self.message.widget,
                self.result,
                self.step_area,
            ],
            layout=widgets.Layout(width="1000px"),
        )
        self.widget.add_class("rulesengine-exercises")
        self.exercise = self._make(first, self.level_picker.value, seed)
        self._show_exercise()

    # ------------------------------------------------------------------ what the learner does

    def new(self, seed: int | None = None) -> Exercise:
        """A fresh exercise of the chosen kind and difficulty (the next seed unless one is given)."""
        self.seed = self.seed + 1 if seed is None else seed
        self.exercise = self._make(self.kind_picker.value, self.level_picker.value, self.seed)
        self._show_exercise()
        return self.exercise

    def set_answer(self, given: Any) -> None:
        """Put an answer in the controls (a canonical value or text the form reads)."""
        value = self.exercise.read(given)
        if isinstance(value, dict):
            for control, key in zip(self.controls, value, strict=True):
                control.value = value[key]
        else:
            self.controls[0].value = value if isinstance(self.exercise.form, Choice) else str(given)

    def submit(self, given: Any) -> Marking | None:
        """Put ``given`` in the controls and check it (what a learner does with the mouse)."""
        with self.message.catching():
            self.set_answer(given)
        if self.message.last_error:
            return None
        return self.check()

    def check(self) -> Marking | None:
        """Mark the answer in the controls; a malformed or missing answer is explained, not raised."""
        if self.marking is not None:
            return self.marking
        self.message.clear()
        try:
            marking = self.exercise.mark(self._given())
        except RulesEngineError as exc:
            self.message.error(exc.localized())
            return None
        self.marking = marking
        self.asked += 1
        self.right += marking.correct
        self._show_marking()
        return marking

    def open_step(self) -> Any | None:
        """Open the exercise's position in the game's stepper below the exercise."""
        opened = show_step(self.exercise)
        if opened is not None:
            self.step_area.clear_output()
            self._step_shown = True
            with self.step_area:
                from IPython.display import display

                display(getattr(opened, "widget", opened))
        return opened

    @property
    def score(self) -> tuple[int, int]:
        """(right, asked) in this session."""
        return self.right, self.asked

    # ------------------------------------------------------------------ drawing

    def _make(self, name: str, difficulty: int, seed: int) -> Exercise:
        return generate(self.game, name, seed, difficulty)

    def _set_levels(self, name: str, difficulty: int | None) -> None:
        levels = kind(self.game, name).difficulties
        self.level_picker.options = [(str(d), d) for d in levels]
        self.level_picker.value = difficulty if difficulty in levels else levels[0]

    def _relabel_kinds(self, language: str) -> None:
        value = self.kind_picker.value
        self.kind_picker.options = [(message(k.title, language), k.name) for k in kinds(self.game)]
        if value is not None:
            self.kind_picker.value = value

    def _given(self) -> Any:
        form = self.exercise.form
        if isinstance(form, Assignment):
            return {o.key: c.value for o, c in zip(form.keys, self.controls, strict=True)}
        value = self.controls[0].value
        if value is None or value == "":
            raise_missing()
        return value

    def _controls(self, language: str) -> list[widgets.Widget]:
        form = self.exercise.form
        if isinstance(form, Choice):
            options = [(say(o.label, language), o.key) for o in form.options]
            if len(options) <= 5 and all(len(text) <= 22 for text, _ in options):
                control: widgets.Widget = widgets.ToggleButtons(options=options, value=None,
                                                                style={"button_width": "auto"})
            else:
                control = widgets.Dropdown(options=options, value=None, layout=widgets.Layout(width="520px"))
            return [classed(control, "rulesengine-exercise-choice")]
        if isinstance(form, Assignment):
            values = [(say(o.label, language), o.key) for o in form.values]
            return [classed(widgets.Dropdown(options=values, value=None, description=say(o.label, language),
                                             style={"description_width": "200px"},
                                             layout=widgets.Layout(width="460px")),
                            "rulesengine-exercise-key") for o in form.keys]
        hint = message("exercise.hint.probability" if hasattr(form, "tolerance") else "exercise.hint.count",
                       language)
        return [classed(widgets.Text(placeholder=hint, layout=widgets.Layout(width="260px")),
                        "rulesengine-exercise-text")]

    def _show_exercise(self) -> None:
        self.marking = None
        self.controls = []
        self.message.clear()
        self.result.value = ""
        if self._step_shown:
            self.step_area.clear_output()
            self._step_shown = False
        self._render(i18n.get_language())
        self._picture(solved=False)

    def _render(self, language: str) -> None:
        """Everything the learner reads, in ``language``; the answer already given stays."""
        ex = self.exercise
        previous = [c.value for c in self.controls]
        self.controls = self._controls(language)
        for control, value in zip(self.controls, previous, strict=False):
            control.value = value  # the same exercise in another language: the same keys
        grid = widgets.GridBox(self.controls, layout=widgets.Layout(
            grid_template_columns="repeat(2, 480px)" if len(self.controls) > 1 else "1fr"))
        self.answer_box.children = [grid]
        level = message("exercise.label.level", language, difficulty=ex.difficulty)
        rules = ", ".join(kind(ex.game, ex.kind).rules)
        self.question.value = (
            f'<div style="font-family:{TEXT_FONT};font-size:15px;line-height:1.5">'
            f'<span style="color:#666">{html.escape(level)} · {html.escape(rules)}</span><br>'
            f"<b>{html.escape(ex.prompt(language))}</b></div>"
        )
        done = self.marking is not None
        for control in self.controls:
            control.disabled = done
        self.check_button.disabled = done
        self.step_button.layout.visibility = "visible" if opener(ex) is not None else "hidden"
        self.score_line.value = self._score_html(language)
        if done:
            self._show_marking(language)

    def _score_html(self, language: str) -> str:
        score = message("exercise.label.score", language, right=self.right, asked=self.asked)
        style = f"font-family:{TEXT_FONT};line-height:36px;margin-left:1em"
        return f'<span style="{style}">{html.escape(score)}</span>'

    def _show_marking(self, language: str | None = None) -> None:
        language = language or i18n.get_language()
        marking, ex = self.marking, self.exercise
        assert marking is not None
        colour = PALETTE["green"] if marking.correct else PALETTE["red"]
        verdict = html.escape(marking.verdict(language))
        parts = [f'<div style="font-size:18px;font-weight:700;color:{colour}">{verdict}</div>']
        if not marking.correct:
            parts.append(f"<div><b>{html.escape(message('exercise.label.solution', language))}:</b> "
                         f"{html.escape(ex.show_solution(language))}</div>")
        parts.extend(f"<div>{html.escape(line)}</div>" for line in marking.lines(language))
        parts.append(f'<div style="color:#666">{html.escape(message("exercise.label.rules", language))}: '
                     f"{html.escape(', '.join(marking.rules))}</div>")
        self.result.value = (f'<div style="font-family:{TEXT_FONT};font-size:15px;line-height:1.5;'
                             f'border-left:4px solid {colour};padding-left:10px">{"".join(parts)}</div>')
        for control in self.controls:
            control.disabled = True
        self.check_button.disabled = True
        self.score_line.value = self._score_html(language)
        self._picture(solved=True)

    def _picture(self, solved: bool) -> None:
        if not self.draw:
            return
        png = picture_png(self.exercise, solved)
        self.image.layout.display = "flex" if png is not None else "none"
        if png is not None:
            self.image.value = png

    def _relanguage(self, language: str) -> None:
        self._relabel_kinds(language)
        self._render(language)
        if self.draw:
            self._picture(solved=self.marking is not None)

    def close(self) -> None:
        """Stop following the language switch and close the widgets."""
        self._off()
        self.widget.close()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        from rulesengine.viz.common import widget_bundle

        return widget_bundle(self.widget, **kwargs)


def raise_missing() -> None:
    """No answer given yet: an :class:`~rulesengine.exercises.AnswerError` that says so."""
    from rulesengine.exercises import AnswerError

    raise AnswerError("exercise.error.no_answer")
