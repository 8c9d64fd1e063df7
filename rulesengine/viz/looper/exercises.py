"""Pictures and "show me the step" for the Tragedy Looper exercises (notebook 07).

Each exercise's position is rebuilt by the engine from its situation
(:func:`rulesengine.exercises.looper.position`) and drawn with the board of
:mod:`rulesengine.viz.looper.board`, in the Mastermind's view (roles and culprits shown: the questions
are asked with the Mastermind's knowledge):

- ``board_after_cards`` — before: the six cards face up where they lie, and beside the board the same
  cards in the order TL-D4 resolves them; solved: the board after TL-D4, the resolved cards where they
  lay (crossed when a Forbid card cancelled them), the characters moved and the tokens changed, and the
  cancelled cards greyed in the list.
- ``incident`` — before: the board at TL-D7; solved: the board after the incident (up to the
  Mastermind's choice of target, TL-D7d).
- ``loop_lost``, ``goodwill_refusal`` — the board at the loop end / at the declaration (the answer is
  not on the board: the marking says it).
- ``placement_legal`` — before: the cards placed so far, face up; solved: with the card placed when
  it is legal.

"Show me the step" opens a :class:`~rulesengine.viz.looper.day.DayStepper` on the exercise's script and
drives its game to the position with the same actions, so **Next step** plays the step the question was
about.

>>> from rulesengine.exercises import generate
>>> ex = generate("looper", "board_after_cards", seed=2, difficulty=1)
>>> fig = draw_exercise(ex, solved=True)
>>> len(fig.axes)  # the board and the list in the order of TL-D4
2
>>> stepper = open_in_stepper(ex, draw=False)
>>> stepper.game.phase.rule_id, len(stepper.game.cards)
('TL-D4', 6)
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rulesengine.errors import RulesEngineError
from rulesengine.exercises import Exercise
from rulesengine.exercises.looper import incident_outcome, outcome_of_cards, position
from rulesengine.looper.rules.actions import from_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.messages import message
from rulesengine.viz.common import PALETTE, TEXT_FONT
from rulesengine.viz.exercise_registry import register_picture, register_show_step
from rulesengine.viz.looper.board import BoardPicture, CardOnBoard, draw_board, picture_from_game
from rulesengine.viz.looper.day import DayStepper

__all__ = ["KINDS", "Answered", "draw_exercise", "drive", "open_in_stepper"]

#: The Looper exercise kinds drawn here, with the step each is about.
KINDS: dict[str, str] = {
    "board_after_cards": "TL-D4",
    "incident": "TL-D7",
    "loop_lost": "TL-LE2",
    "goodwill_refusal": "TL-D6c",
    "placement_legal": "TL-D2",
}

#: The figure size of an exercise's board (inches at 100 dpi).
SIZE = (10.0, 7.4)


def _face_up(picture: BoardPicture, game: Game) -> BoardPicture:
    """The picture with today's cards face up (the exercise shows every card, as at TL-D4)."""
    cards = tuple(CardOnBoard(pc.owner, pc.target, pc.card, i) for i, pc in enumerate(game.cards))
    return dataclasses.replace(picture, cards=cards)


def _caption(exercise: Exercise, solved: bool) -> str:
    rule = KINDS[exercise.kind]
    if not solved:
        return message("exercise.looper.picture_before", None, rule=rule)
    return message("exercise.looper.picture_after", None, rule=rule)


def _solved_game(exercise: Exercise, game: Game) -> tuple[Game, bool]:
    """The game to draw once solved, and whether its resolved cards should be drawn where they lay."""
    if exercise.kind == "board_after_cards":
        return outcome_of_cards(game), True
    if exercise.kind == "incident":
        return incident_outcome(game)[1], False
    if exercise.kind == "placement_legal" and exercise.solution == "legal":
        after = game.clone()
        after.apply(from_dict(dict(exercise.situation["attempt"])))
        return after, False
    return game, False


def draw_exercise(exercise: Exercise, solved: bool = False) -> Figure:
    """The board of a Looper exercise: its position (``solved=False``) or the engine's answer on it.

    For ``board_after_cards`` a panel beside the board lists the six cards in the order of TL-D4
    (solved: each cancelled one greyed and marked ✗).
    """
    game = position(exercise.situation)
    caption = _caption(exercise, solved)
    if solved:
        shown, resolved = _solved_game(exercise, game)
        pic = picture_from_game(shown, "mastermind", show_resolved=resolved, caption=caption)
        if not resolved and shown.cards:
            pic = _face_up(pic, shown)
    else:
        pic = _face_up(picture_from_game(game, "mastermind", caption=caption), game)
    if exercise.kind != "board_after_cards":
        fig = Figure(figsize=SIZE, dpi=100)
        draw_board(pic, fig.add_subplot())
        fig.subplots_adjust(left=0.01, right=0.99, top=0.93, bottom=0.01)
        return fig
    fig = Figure(figsize=(SIZE[0] + 4.2, SIZE[1]), dpi=100)
    grid = fig.add_gridspec(1, 2, width_ratios=(SIZE[0], 4.2), wspace=0.02)
    draw_board(pic, fig.add_subplot(grid[0]))
    _order_panel(fig.add_subplot(grid[1]), game, solved)
    fig.subplots_adjust(left=0.01, right=0.99, top=0.93, bottom=0.01)
    return fig


#: The four sub-steps of TL-D4, each with the label it is listed under.
_STEP_LABELS = {1: "forbid_movement", 2: "movement", 3: "other_forbids", 4: "exercise.looper.panel_other"}


def _order_panel(ax: Axes, game: Game, solved: bool) -> None:
    """The six cards in the order TL-D4 resolves them; solved, the cancelled ones greyed and marked ✗."""
    from rulesengine import i18n
    from rulesengine.looper.rules.cards import resolution_step
    from rulesengine.looper.rules.text import card_name, owner_label, target_name

    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    cancelled = _cancelled_indices(game) if solved else set()
    ax.text(0.02, 0.97, message("exercise.looper.panel_title"), fontsize=12, fontweight="bold", va="top",
            color=PALETTE["ink"])
    y = 0.89
    cards = list(enumerate(game.cards))
    for step in (1, 2, 3, 4):
        mine = [(i, pc) for i, pc in cards if resolution_step(pc.card, game.deck) == step]
        key = _STEP_LABELS[step]
        label = message(key) if key.startswith("exercise.") else i18n.t(key)
        ax.text(0.02, y, f"{step}. {label}", fontsize=10.5, fontweight="bold", va="top", color="#555")
        y -= 0.06
        for i, pc in mine:
            gone = i in cancelled
            line = f"{card_name(pc.card)} → {target_name(pc.target)}"
            side = PALETTE["red"] if pc.owner == "mastermind" else PALETTE["blue"]
            ax.text(0.06, y, f"{line}  ✗" if gone else line, fontsize=10, va="top",
                    color=PALETTE["grey"] if gone else side)
            ax.text(0.06, y - 0.035, owner_label(pc.owner), fontsize=8, va="top", color="#777")
            y -= 0.085
        y -= 0.015
    if cancelled:
        ax.text(0.02, max(y, 0.03), message("exercise.looper.panel_cancelled"), fontsize=9, va="top",
                color=PALETTE["grey"], style="italic")


def _cancelled_indices(game: Game) -> set[int]:
    """The indices of the cards a Forbid card cancels (the engine's own TL-D4 functions)."""
    from rulesengine.exercises.looper import cancelled_cards

    return cancelled_cards(game)[1]


def drive(game: Game, actions: Sequence[Mapping[str, Any]]) -> Game:
    """Play ``actions`` (the replay file's action list) on ``game``, resuming at every pause."""
    for entry in actions:
        while game.is_paused:
            game.resume()
        game.apply(from_dict({k: v for k, v in entry.items() if k != "who"}))
    return game


def open_in_stepper(exercise: Exercise, *, draw: bool = True) -> DayStepper:
    """A day stepper on the exercise's script, its game driven to the exercise's position (Mastermind's
    view): **Next step** then plays the step the question was about."""
    situation = exercise.situation
    stepper = DayStepper(situation["script"], view="mastermind", draw=draw)
    drive(stepper.game, situation["actions"])
    stepper.refresh()
    return stepper


class Answered:
    """An exercise as the notebook shows it: the question and, given an answer, its marking (verdict, the
    engine's answer, the explanation, the rule ids) or the sentence refusing a malformed answer — HTML
    in the notebook's font, in the current language (``repr``: the same lines as text).

    >>> from rulesengine.exercises import generate
    >>> ex = generate("looper", "incident", seed=1, difficulty=1)
    >>> print(repr(Answered(ex, "calm", question=False)).splitlines()[0])
    Right.
    >>> "not one of the options" in repr(Answered(ex, "perhaps", question=False))
    True
    """

    def __init__(self, exercise: Exercise, answer: Any = None, *, question: bool = True) -> None:
        self.exercise = exercise
        self.answer = answer
        self.question = question

    def lines(self, language: str | None = None) -> list[tuple[str, str]]:
        """(style, text) pairs; the styles: question, right, wrong, solution, why, rules, error."""
        ex = self.exercise
        out = [("question", ex.prompt(language))] if self.question else []
        if self.answer is None:
            return out
        try:
            marking = ex.mark(self.answer)
        except RulesEngineError as error:
            return [*out, ("error", error.localized(language))]
        out.append(("right" if marking.correct else "wrong", marking.verdict(language)))
        if not marking.correct:
            label = message("exercise.label.solution", language)
            out.append(("solution", f"{label}: {ex.show_solution(language)}"))
        out += [("why", line) for line in marking.lines(language)]
        out.append(("rules", f"{message('exercise.label.rules', language)}: {', '.join(marking.rules)}"))
        return out

    def __repr__(self) -> str:
        return "\n".join(text for _, text in self.lines())

    def _repr_html_(self) -> str:
        red = PALETTE["red"]
        colours = {"right": PALETTE["green"], "wrong": red, "error": red, "rules": "#666"}
        parts = []
        for style, text in self.lines():
            weight = "700" if style in ("question", "right", "wrong") else "400"
            colour = colours.get(style, "inherit")
            style_css = f"font-weight:{weight};color:{colour};margin:2px 0"
            parts.append(f'<div style="{style_css}">{html.escape(text)}</div>')
        return f'<div style="font-family:{TEXT_FONT};font-size:15px;line-height:1.5">{"".join(parts)}</div>'


for _kind in KINDS:
    register_picture("looper", _kind, draw_exercise)
    register_show_step("looper", _kind, open_in_stepper)
