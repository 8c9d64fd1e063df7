"""In a Grove inference and strategy: charts and the model explorer of notebooks 12 and 13.

The explorer wires a behaviour model (:mod:`rulesengine.grove.models`) and a round in progress to
:func:`rulesengine.grove.inference.infer`; the plots draw records computed by the package. Floats appear
only at the chart's edge; the labels show exact fractions.

>>> explorer = ModelExplorer()
>>> explorer.fractions_text()
['1', '0', '0']
>>> explorer.model.value = "honest"
>>> explorer.fractions_text()
['19/23', '4/23', '0']
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rulesengine.errors import InputError
from rulesengine.grove.game import Accuse, Deal, GameState, Look, new_game
from rulesengine.grove.inference import Inference, infer
from rulesengine.grove.models import Model, get_model
from rulesengine.viz.common import PALETTE, FigureView, MessageBox

__all__ = [
    "MODEL_COLOURS",
    "ModelExplorer",
    "example_round",
    "model_odds_records",
    "plot_model_odds",
    "plot_rule_mix",
    "plot_tournament",
]

MODEL_COLOURS = {"plain": PALETTE["grey"], "best": PALETTE["blue"], "honest": PALETTE["orange"],
                 "equilibrium": PALETTE["green"]}


def example_round(leader_chip: int = 0) -> GameState:
    """Three players; figures 2, 3, 4 in hand; suspects 5, 8, 6; the leader looked at 0 and 1 and put a
    chip under ``leader_chip``; seat 1 has looked at the two others (GR-P2..P4)."""
    state = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    state = state.apply(Look(0, (0, 1))).apply(Accuse(0, leader_chip))
    pair = tuple(k for k in range(3) if k != leader_chip)
    return state.apply(Look(1, (pair[0], pair[1])))


def model_odds_records(state: GameState, seat: int,
                       models: Sequence[tuple[str, Model]]) -> list[dict[str, Any]]:
    """One record per model: the seat's inferred odds for suspects 0..2 (plus ``plain``: chips ignored)."""
    rows: list[dict[str, Any]] = []
    for label, model in models:
        result = infer(state, seat, model)
        if not rows:
            rows.append({"model": "plain", **{f"suspect {i}": p for i, p in enumerate(result.plain)}})
        rows.append({"model": label, **{f"suspect {i}": p for i, p in enumerate(result.odds)},
                     "consistent": result.consistent})
    return rows


def plot_model_odds(rows: Sequence[dict[str, Any]], ax: Axes) -> Axes:
    """Grouped bars: each model's odds for suspects 0, 1, 2."""
    width = 0.8 / len(rows)
    for j, row in enumerate(rows):
        heights = [float(row[f"suspect {i}"]) for i in range(3)]
        xs = np.arange(3) + (j - (len(rows) - 1) / 2) * width
        colour = MODEL_COLOURS.get(str(row["model"]).split(" ")[0], PALETTE["purple"])
        ax.bar(xs, heights, width=width, color=colour, edgecolor=PALETTE["ink"], linewidth=0.6,
               label=str(row["model"]))
    ax.set_xticks(range(3), [f"suspect {i}" for i in range(3)])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("P(culprit)")
    ax.legend(fontsize=9, ncols=min(len(rows), 4))
    return ax


def plot_rule_mix(rules: Sequence[dict[str, Any]], ax: Axes) -> Axes:
    """Stacked bars: how often each kind of accusation is made, by situation (``rule_records``)."""
    labels = [str(r["situation"]) for r in rules]
    bottom = np.zeros(len(rules))
    kinds = (("higher", PALETTE["blue"]), ("lower", PALETTE["sky"]), ("unseen", PALETTE["orange"]))
    for key, colour in kinds:
        values = np.array([float(r[key]) for r in rules])
        ax.barh(labels, values, left=bottom, color=colour, label=key)
        bottom += values
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.legend(fontsize=9, ncols=3, loc="lower right")
    return ax


def plot_tournament(rows: Sequence[dict[str, Any]], ax: Axes) -> Axes:
    """Loss rate per policy with its 95 % interval (``Tournament.as_json()["results"]``)."""
    names = [str(r["policy"]) for r in rows]
    rates = np.array([float(r["loss_rate"]) for r in rows])
    lows = rates - np.array([float(r["loss_rate_95"][0]) for r in rows])
    highs = np.array([float(r["loss_rate_95"][1]) for r in rows]) - rates
    ax.bar(names, rates, color=[MODEL_COLOURS.get(n, PALETTE["purple"]) for n in names],
           yerr=[lows, highs], capsize=6, edgecolor=PALETTE["ink"], linewidth=0.6)
    ax.set_ylabel("loss rate (95 % interval)")
    ax.set_ylim(0, max(1.0 / len(rows) * 2, float(rates.max()) * 1.3))
    return ax


class ModelExplorer:
    """Pick a behaviour model (and a bluff rate) and where the leader's chip went; see seat 1's odds.

    The chart and the fractions show seat 1's culprit odds in :func:`example_round` under the model,
    beside the odds that ignore the chip.
    """

    def __init__(self, leader_chip: int = 0) -> None:
        self.model = widgets.ToggleButtons(options=["best", "honest", "equilibrium"], value="best",
                                           description="model")
        self.model.add_class("grove-inference-model")
        self.bluff = widgets.IntSlider(value=10, min=0, max=50, step=5, description="bluff %")
        self.bluff.add_class("grove-inference-bluff")
        self.chip = widgets.Dropdown(options=[("suspect 0", 0), ("suspect 1", 1), ("suspect 2", 2)],
                                     value=leader_chip, description="leader's chip")
        self.chip.add_class("grove-inference-chip")
        self.message = MessageBox()
        self.fractions = widgets.HTML(layout=widgets.Layout(height="34px", width="100%"))
        self.fractions.add_class("grove-inference-fractions")
        self.result: Inference | None = None
        self.chart = FigureView(self._draw, size=(7, 3.4))
        self.chart.widget.add_class("grove-inference-chart")
        for control in (self.model, self.bluff, self.chip):
            control.observe(lambda _change: self.refresh(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.model, self.bluff]), self.chip, self.message.widget,
                                    self.fractions, self.chart.widget], layout=widgets.Layout(width="100%"))
        self.widget.add_class("grove-inference-explorer")
        self.refresh()

    def current_model(self) -> Model:
        """The model the controls name."""
        return get_model(self.model.value, 3, Fraction(self.bluff.value, 100))

    def refresh(self) -> None:
        """Recompute the odds and redraw."""
        self.message.clear()
        try:
            self.result = infer(example_round(self.chip.value), 1, self.current_model())
        except InputError as exc:
            self.result = None
            self.message.error(str(exc))
        if self.result is not None and not self.result.consistent:
            self.message.info("this chip cannot happen under the model: the odds ignore it")
        cells = "".join(f'<span class="grove-inference-p">suspect {i}: <code>{html.escape(t)}</code></span> '
                        for i, t in enumerate(self.fractions_text()))
        self.fractions.value = cells
        self.chart.refresh()

    def fractions_text(self) -> list[str]:
        """Seat 1's inferred odds as exact fractions."""
        return [] if self.result is None else [str(p) for p in self.result.odds]

    def _draw(self, fig: Figure) -> None:
        if getattr(self, "result", None) is None:
            return
        assert self.result is not None
        ax = fig.add_subplot()
        rows = [{"model": "plain", **{f"suspect {i}": p for i, p in enumerate(self.result.plain)}},
                {"model": self.model.value, **{f"suspect {i}": p for i, p in enumerate(self.result.odds)}}]
        plot_model_odds(rows, ax)
        ax.set_title(f"seat 1's odds after the leader's chip under suspect {self.chip.value}")
        fig.tight_layout()
