"""Pictures of the In a Grove exercises: the table of :mod:`rulesengine.viz.grove.table`, at the moment
the question asks about, and once solved the engine's answer on it.

Each kind registers ``draw(exercise, solved) -> Figure`` with
:func:`rulesengine.viz.exercises.register_picture`. The picture is rebuilt from the exercise's
``situation`` through the engine (the deal, or the game record replayed by
:func:`rulesengine.grove.play.replay.replay`), never from the question's text:

- ``culprit``: the deal from the narrator's seat; solved, the culprit ringed (GR-R1..GR-R3);
- ``odds``, ``likeliest``: the table as the asking seat sees it (its alibis, the two suspects it looked
  at); solved, each suspect's exact probability and the count of equally likely ways behind it;
- ``chips``: every chip placed, the suspects face up, the stacks under them (GR-V1, GR-P6); solved, the
  chips boxed and taken (GR-V2, GR-V3);
- ``next_leader``: the chips held after the round, the token still on the round's leader; solved, the
  token on the next leader (GR-V4) or the final ranking (GR-E1..GR-E3).

"Show me the step" (:func:`open_step`, registered with
:func:`rulesengine.viz.exercises.register_show_step`) opens the same moment in the stepper of notebook 10
(:class:`rulesengine.viz.grove.table.GroveStepper`), where *Next step* plays the game on with the engine.

Labels are in the current language (:func:`rulesengine.i18n.set_language`); captions are at least
10 pt (:data:`rulesengine.viz.grove.table.CAPTION_PT`).

>>> from rulesengine.exercises import generate
>>> fig = draw_exercise(generate("grove", "chips", 3, 2), solved=True)
>>> [t.get_text()[:28] for t in fig.texts]
['Answer: suspect 0: seat 1, s']
"""

from __future__ import annotations

import dataclasses
import textwrap
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure as MplFigure
from matplotlib.patches import FancyBboxPatch

from rulesengine import i18n
from rulesengine.exercises import Exercise
from rulesengine.grove.play.replay import replay
from rulesengine.grove.rules.figures import parse_figure
from rulesengine.grove.rules.game import Accuse, Deal, GameState, Phase, new_game
from rulesengine.messages import message
from rulesengine.viz.common import PALETTE
from rulesengine.viz.exercise_registry import register_picture, register_show_step
from rulesengine.viz.grove.table import SCENE_Y, SUSPECT_X, GroveStepper, draw_table

__all__ = ["KINDS", "draw_exercise", "open_step", "step_position"]

#: The Grove kinds drawn here.
KINDS = ("culprit", "odds", "likeliest", "chips", "next_leader")
_SIZE = (9.0, 7.2)


def _canvas() -> tuple[MplFigure, Axes]:
    """A figure of its own (not pyplot's: a sheet of ten draws twenty and keeps none)."""
    fig = MplFigure(figsize=_SIZE, dpi=100)
    ax = fig.add_axes((0.0, 0.0, 1.0, 0.9))
    return fig, ax


def _title(fig: MplFigure, ax: Axes, exercise: Exercise, solved: bool) -> None:
    """Solved, the engine's answer on top (the table's own title, its round and view, stays under it).

    The kind and the question are the widget's and the sheet's to show: the picture keeps its height
    for the table.
    """
    language = i18n.get_language()
    ax.title.set_fontsize(11)
    if solved:
        answer = f"{message('exercise.label.solution', language)}: {exercise.show_solution(language)}"
        fig.text(0.5, 0.985, textwrap.shorten(answer, 100), ha="center", va="top", fontsize=13,
                 color=PALETTE["green"], fontweight="bold")


def _ring(ax: Axes, suspect: int, colour: str, label: str) -> None:
    """A ring around a suspect, with a label above it."""
    x = SUSPECT_X[suspect]
    ax.add_patch(FancyBboxPatch((x - 0.62, SCENE_Y - 0.8), 1.24, 1.95, boxstyle="round,pad=0.03",
                                facecolor="none", edgecolor=colour, linewidth=3, zorder=8))
    ax.text(x, SCENE_Y + 1.45, label, ha="center", fontsize=11, fontweight="bold", color=colour, zorder=9)


def _deal(situation: dict[str, Any]) -> Deal:
    f = [parse_figure(v) for v in situation["suspects"]]
    return Deal(tuple(parse_figure(v) for v in situation["hands"]), (f[0], f[1], f[2]),
                parse_figure(situation["victim"]),
                None if situation["public"] is None else parse_figure(situation["public"]))


def _draw_culprit(exercise: Exercise, solved: bool) -> MplFigure:
    fig, ax = _canvas()
    situation = dict(exercise.situation)
    state = new_game(situation["players"]).apply(_deal(situation))
    draw_table(state, None, "passed", ax=ax)
    if solved:
        _ring(ax, int(exercise.solution), PALETTE["red"], i18n.t("grove_culprit"))
    _title(fig, ax, exercise, solved)
    return fig


def _draw_odds(exercise: Exercise, solved: bool) -> MplFigure:
    fig, ax = _canvas()
    situation = dict(exercise.situation)
    state = replay(situation["record"])
    seat = situation["seat"]
    draw_table(state, seat, None, ax=ax)
    if exercise.kind == "odds":
        _ring(ax, situation["suspect"], PALETTE["orange"], "?" if not solved else "")
    if solved:
        total = situation["total"]
        for i, (p, count) in enumerate(zip(situation["odds"], situation["counts"], strict=True)):
            numerator, denominator = p.split("/")
            shown = numerator if denominator == "1" else p
            ax.text(SUSPECT_X[i], -1.05, f"P = {shown}\n({count}/{total})", ha="center", va="top",
                    fontsize=11, fontweight="bold", color=PALETTE["red"], zorder=9,
                    bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor=PALETTE["red"]))
    _title(fig, ax, exercise, solved)
    return fig


def _chips_states(exercise: Exercise) -> tuple[GameState, GameState]:
    """The table with every chip placed but nothing revealed yet, and the state after the reveal."""
    record = exercise.situation["record"]
    before = replay({**record, "actions": record["actions"][:-1]})
    last = record["actions"][-1]["accuse"]
    after = before.apply(Accuse(last["seat"], last["suspect"]))  # the engine reveals (GR-V1)
    s0, s1, s2 = (tuple(s) for s in exercise.situation["stacks"])
    chips = list(before.detective_chips)
    chips[last["seat"]] -= 1
    placed = dataclasses.replace(before, stacks=(s0, s1, s2), detective_chips=tuple(chips))
    return placed, after


def _draw_chips(exercise: Exercise, solved: bool) -> MplFigure:
    fig, ax = _canvas()
    placed, after = _chips_states(exercise)
    if solved:
        draw_table(after, None, "penalties", ax=ax)
    else:  # every chip placed, nothing revealed yet (the engine reveals with the last chip)
        draw_table(placed, None, None, ax=ax)
        ax.set_title(f"{i18n.t('grove_round')} {placed.round} · {i18n.t('reveal')} (GR-V1, GR-P6) · "
                     f"{i18n.t('view')}: {i18n.t('narrator')}")
    _title(fig, ax, exercise, solved)
    return fig


def _draw_next_leader(exercise: Exercise, solved: bool) -> MplFigure:
    fig, ax = _canvas()
    after = replay(exercise.situation["record"])
    if solved:
        draw_table(after, None, "penalties", ax=ax)
    else:  # the round's chips handed out, the token still with the round's leader, nothing decided
        asked = dataclasses.replace(after, leader=exercise.situation["leader"], phase=Phase.DEAL, final=None)
        draw_table(asked, None, "penalties", ax=ax)
    _title(fig, ax, exercise, solved)
    return fig


_DRAW = {"culprit": _draw_culprit, "odds": _draw_odds, "likeliest": _draw_odds, "chips": _draw_chips,
         "next_leader": _draw_next_leader}


def draw_exercise(exercise: Exercise, solved: bool = False) -> MplFigure:
    """The picture of a Grove exercise (``solved``: with the engine's answer on it)."""
    return _DRAW[exercise.kind](exercise, solved)


for _name in KINDS:
    register_picture("grove", _name, draw_exercise)


def step_position(exercise: Exercise) -> tuple[GameState, str | None, int | None]:
    """The moment an exercise asks about, as the stepper shows it: the state, the frame (``stage`` of
    :func:`~rulesengine.viz.grove.table.draw_table`) and the viewer (``None``: the narrator).

    >>> from rulesengine.exercises import generate
    >>> state, stage, viewer = step_position(generate("grove", "chips", 3, 2))
    >>> stage, viewer, len(state.rounds) == generate("grove", "chips", 3, 2).situation["round"]
    ('reveal', None, True)
    """
    situation = dict(exercise.situation)
    if exercise.kind == "culprit":
        return new_game(situation["players"]).apply(_deal(situation)), "passed", None
    state = replay(situation["record"])
    if exercise.kind in ("odds", "likeliest"):
        return state, None, situation["seat"]
    return state, "reveal" if exercise.kind == "chips" else "penalties", None


def open_step(exercise: Exercise) -> GroveStepper:
    """A stepper at the exercise's moment (:func:`step_position`); *Next step* plays on from there."""
    state, stage, viewer = step_position(exercise)
    stepper = GroveStepper(players=state.players, seed=exercise.seed, first_leader=state.first_leader)
    stepper.state, stepper.stage = state, stage
    stepper.viewer = viewer
    stepper.view.unobserve(stepper._view_changed, names="value")
    stepper.view.value = -1 if viewer is None else viewer
    stepper.view.observe(stepper._view_changed, names="value")
    stepper._update()
    return stepper


for _name in KINDS:
    register_show_step("grove", _name, open_step)
