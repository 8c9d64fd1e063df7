"""Notebook 05: the deduction day by day — a heat map of roles, the candidates falling, the advice.

:class:`DayByDay` plays a small version of a Basic Tragedy X script (the first four characters, three
days, two loops: a whole-script deduction takes minutes, see docs/looper_deduction.md) with the heuristic
agents, one day at a time, and deduces from the Protagonists' record at the end of each day.
:func:`role_heat_map` and :func:`candidates_chart` draw one deduction and the history (``ax=None``
helpers); :class:`DeductionWidget` wires a script picker and a **Next day** button to them.

>>> days = DayByDay("btx_01_first_contract")
>>> first = days.step()
>>> first.candidates < first.total, sum(first.weights) == 1
(True, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.deduce import Deduction, PublicRecord, deduce, message, tiny_script
from rulesengine.looper.engine import Game
from rulesengine.looper.observe import MastermindObservation, ProtagonistsObservation
from rulesengine.looper.script import Script, load_script, shipped_scripts


def btx_scripts() -> list[str]:
    """The ids of the shipped Basic Tragedy X scripts."""
    return [p.stem for p in shipped_scripts() if p.stem.startswith("btx")]


class DayByDay:
    """A small BTX game played one day at a time, with the deduction after each day."""

    def __init__(self, script_id: str, seed: int = 0, cast: int = 4, days: int = 3, loops: int = 2) -> None:
        path = next(p for p in shipped_scripts() if p.stem == script_id)
        self.script: Script = tiny_script(load_script(path), cast, days, loops, sheet=seed)
        self.game = Game(self.script)
        self.mastermind = HeuristicMastermind(seed)
        self.protagonists = HeuristicProtagonists(seed + 1)
        self.history: list[tuple[str, Deduction]] = []

    def step(self) -> Deduction:
        """Play to the end of the current day (or of the game) and deduce from the public record."""
        game = self.game
        start = (game.loop, game.day)
        while not game.is_over and (game.loop, game.day) == start:
            assert game.pending is not None
            if game.pending.who == "mastermind":
                game.apply(self.mastermind(MastermindObservation(game), game.legal_actions()))
            else:
                game.apply(self.protagonists(ProtagonistsObservation(game), game.legal_actions()))
        result = deduce(PublicRecord.from_game(game))
        self.history.append((f"L{start[0]}D{start[1]}", result))
        return result


def role_heat_map(result: Deduction, ax: Axes | None = None, label: str = "") -> Axes:
    """Characters × roles: the probability of each role, as a heat map with the fractions written in."""
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3))
    roles = result.roles
    cast = list(roles)
    names = sorted({r for d in roles.values() for r in d})
    grid = [[float(roles[c].get(r, 0)) for r in names] for c in cast]
    ax.imshow(grid, vmin=0, vmax=1, cmap="Blues", aspect="auto")
    ax.grid(False)
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_yticks(range(len(cast)), cast)
    for i, c in enumerate(cast):
        for j, r in enumerate(names):
            p = roles[c].get(r)
            if p:
                ax.text(
                    j, i, str(p), ha="center", va="center", fontsize=8, color="black" if p < 0.6 else "white"
                )
    ax.set_title(f"{label + ': ' if label else ''}{result.candidates} candidates")
    return ax


def candidates_chart(history: list[tuple[str, Deduction]], ax: Axes | None = None) -> Axes:
    """The number of consistent candidates after each day (log scale)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    labels = [label for label, _ in history]
    ax.plot(range(len(history)), [max(1, r.candidates) for _, r in history], marker="o")
    ax.set_yscale("log")
    ax.set_xticks(range(len(history)), labels)
    ax.set_ylabel("candidates")
    return ax


def png(plot: Any, *args: Any, size: tuple[float, float] = (7, 3.2)) -> bytes:
    """Draw ``plot(*args, ax=…)`` on a fresh figure (no pyplot state) and return the PNG bytes."""
    import io

    from matplotlib.figure import Figure

    fig = Figure(figsize=size, dpi=100)
    ax = fig.add_subplot()
    if args:
        plot(*args, ax=ax)
    else:
        plot(ax)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", facecolor="white")
    return buffer.getvalue()


def picture(plot: Any, *args: Any, size: tuple[float, float] = (7, 3.2)) -> Any:
    """The chart as an IPython ``Image`` (looks the same in JupyterLab and under Voilà)."""
    from IPython.display import Image

    return Image(data=png(plot, *args, size=size), format="png")


def summary(result: Deduction, language: str = "en") -> list[str]:
    """The eliminations explained, the advisor's guess and the next move, as lines of text."""
    data = result.as_dict(language)
    lines = [
        f"{e['removed']:>6} removed at event {e['event']} ({e['kind']}): {e['why']}"
        for e in data["eliminated"]
    ]
    guess = data["best_guess"]
    lines.append(f"best guess ({guess['probability']}): {guess['roles']}")
    lines.extend(f"try: {n['action']} ({n['expected_bits']:.2f} bits)" for n in data["next"])
    return lines


class DeductionWidget:
    """Pick a BTX script, press **Next day**: the heat map, the candidates chart and the explanation."""

    def __init__(self, script_id: str = "btx_01_first_contract", draw: bool = True) -> None:
        self.draw = draw
        self.picker = widgets.Dropdown(options=btx_scripts(), value=script_id, description="script")
        self.next = widgets.Button(
            description="Next day / Ngày tiếp theo", layout=widgets.Layout(width="220px")
        )
        self.next.add_class("rulesengine-deduce-next")
        self.heat = widgets.Image(format="png")
        self.heat.add_class("rulesengine-deduce-heat")
        self.fall = widgets.Image(format="png")
        self.text = widgets.HTML()
        self.text.add_class("rulesengine-deduce-text")
        self.days = DayByDay(script_id)
        self.picker.observe(self._restart, names="value")
        self.next.on_click(lambda _b: self.step())
        self.widget = widgets.VBox(
            [widgets.HBox([self.picker, self.next]), widgets.HBox([self.heat, self.fall]), self.text]
        )
        self.widget.add_class("rulesengine-deduce")

    def _restart(self, _change: Any = None) -> None:
        self.days = DayByDay(self.picker.value)
        self.heat.value = b""
        self.fall.value = b""
        self.text.value = ""
        self.next.disabled = False

    def step(self) -> Deduction:
        """One more day: deduce and redraw."""
        result = self.days.step()
        lines = summary(result)
        self.text.value = "<pre>" + "\n".join(lines) + "</pre>"
        if self.draw:
            label = self.days.history[-1][0]
            self.heat.value = png(lambda ax: role_heat_map(result, ax, label), size=(7, 3.2))
            self.fall.value = png(candidates_chart, self.days.history, size=(4, 3.2))
        self.next.disabled = self.days.game.is_over
        return result


__all__ = [
    "DayByDay",
    "DeductionWidget",
    "btx_scripts",
    "candidates_chart",
    "message",
    "picture",
    "png",
    "role_heat_map",
    "summary",
]
