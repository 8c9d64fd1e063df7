"""In a Grove inference and strategy: charts and the model explorer of notebooks 12 and 13.

The explorer wires a behaviour model (:mod:`rulesengine.grove.odds.models`) and a round in progress to
:func:`rulesengine.grove.odds.inference.infer`; the plots draw records computed by the package. Floats appear
only at the chart's edge. Everything a learner reads is in the notebook's language
(:func:`rulesengine.i18n.t`, the catalogs' ``grove.strategy.*`` messages) and shown as HTML tables
(:class:`rulesengine.viz.common.Table`), with a short decimal beside an exact fraction (:func:`odds_cell`).

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

from rulesengine import i18n
from rulesengine.errors import InputError
from rulesengine.grove.odds.inference import Inference, infer
from rulesengine.grove.odds.models import Model, get_model
from rulesengine.grove.rules.game import Accuse, Deal, GameState, Look, new_game
from rulesengine.messages import message
from rulesengine.viz.common import PALETTE, TEXT_FONT, FigureView, Label, MessageBox, Table, bind, words

__all__ = [
    "MODEL_COLOURS",
    "ModelExplorer",
    "convergence_table",
    "decimal",
    "example_round",
    "model_odds_records",
    "model_odds_table",
    "odds_cell",
    "plot_model_odds",
    "plot_rule_mix",
    "plot_tournament",
    "rules_table",
    "tournament_table",
]

MODEL_COLOURS = {"plain": PALETTE["grey"], "best": PALETTE["blue"], "honest": PALETTE["orange"],
                 "equilibrium": PALETTE["green"]}
#: Colours of a second, third … series of the same model (``honest 10%`` then ``honest 25%``).
EXTRA_COLOURS = (PALETTE["red"], PALETTE["purple"], PALETTE["sky"], PALETTE["yellow"])
#: Smallest text in a chart (issue 10: captions at least 10 pt).
CAPTION_PT = 10
#: A fraction whose denominator is at most this is short enough to show beside its decimal.
SHORT_DENOMINATOR = 1000


def decimal(x: float | Fraction, places: int = 3) -> str:
    """``x`` rounded to ``places`` decimals, with the notebook's decimal separator (a comma in Vietnamese).

    >>> decimal(Fraction(19, 23)), decimal(0.38, 2), decimal(0.5, 2)
    ('0.826', '0.38', '0.50')
    """
    text = f"{float(x):.{places}f}"
    return text.replace(".", ",") if i18n.get_language() == "vi" else text


def odds_cell(p: Fraction) -> str:
    """A probability for a table: the exact fraction and its decimal when the fraction is short, else only
    the decimal (the exact value stays in the records).

    >>> odds_cell(Fraction(19, 23)), odds_cell(Fraction(0)), odds_cell(Fraction(1))
    ('19/23 ≈ 0.826', '0', '1')
    >>> odds_cell(Fraction(19750901255000, 25115089105389))
    '≈ 0.786'
    """
    if p.denominator == 1:
        return str(p)
    approx = f"≈ {decimal(p)}"
    return f"{p} {approx}" if p.denominator <= SHORT_DENOMINATOR else approx


def _suspect(i: int) -> str:
    return f"{i18n.t('suspect')} {i}"


def _model_name(name: str) -> str:
    return message("grove.strategy.plain") if name == "plain" else name


def _colours(rows: Sequence[dict[str, Any]]) -> list[str]:
    """One colour per series: the model's own for its first series, then :data:`EXTRA_COLOURS`."""
    used: set[str] = set()
    extra = iter(EXTRA_COLOURS)
    out = []
    for row in rows:
        colour = MODEL_COLOURS.get(str(row["model"]).split(" ")[0], PALETTE["purple"])
        while colour in used:
            colour = next(extra, PALETTE["grey"])
            if colour == PALETTE["grey"]:
                break
        used.add(colour)
        out.append(colour)
    return out


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


def model_odds_table(rows: Sequence[dict[str, Any]]) -> Table:
    """The records of :func:`model_odds_records` as a table headed in the notebook's language.

    >>> rows = model_odds_records(example_round(), 1, [("honest", get_model("honest", 3))])
    >>> model_odds_table(rows)
    Model          Suspect 0      Suspect 1     Suspect 2
    chips ignored  1/3 ≈ 0.333    2/3 ≈ 0.667   0
    honest         19/23 ≈ 0.826  4/23 ≈ 0.174  0
    """
    header: list[Label] = [words("grove.strategy.model"), *(_suspect(i) for i in range(3))]
    return Table([[_model_name(str(r["model"])), *(odds_cell(r[f"suspect {i}"]) for i in range(3))]
                  for r in rows], header)


def plot_model_odds(rows: Sequence[dict[str, Any]], ax: Axes) -> Axes:
    """Grouped bars: each model's odds for suspects 0, 1, 2 (one colour per series)."""
    width = 0.8 / len(rows)
    for j, (row, colour) in enumerate(zip(rows, _colours(rows), strict=True)):
        heights = [float(row[f"suspect {i}"]) for i in range(3)]
        xs = np.arange(3) + (j - (len(rows) - 1) / 2) * width
        ax.bar(xs, heights, width=width, color=colour, edgecolor=PALETTE["ink"], linewidth=0.6,
               label=_model_name(str(row["model"])))
    ax.set_xticks(range(3), [_suspect(i) for i in range(3)], fontsize=CAPTION_PT + 1)
    ax.set_ylim(0, 1.18)  # room for the legend above the bars
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_ylabel(f"P({i18n.t('grove_culprit').lower()})")
    ax.legend(fontsize=CAPTION_PT, ncols=min(len(rows), 5), loc="upper center")
    return ax


def plot_rule_mix(rules: Sequence[dict[str, Any]], ax: Axes) -> Axes:
    """Stacked bars: how often each kind of accusation is made, by situation (``rule_records``)."""
    labels = [situation(r) for r in rules]
    bottom = np.zeros(len(rules))
    kinds = (("higher", PALETTE["blue"]), ("lower", PALETTE["sky"]), ("unseen", PALETTE["orange"]))
    for key, colour in kinds:
        values = np.array([float(r[key]) for r in rules])
        ax.barh(labels, values, left=bottom, color=colour, label=message(_KINDS[key]))
        bottom += values
    ax.set_xlim(0, 1)
    ax.set_xlabel(message("grove.strategy.share_accusations"), fontsize=CAPTION_PT + 1)
    ax.tick_params(labelsize=CAPTION_PT)
    ax.invert_yaxis()
    ax.legend(fontsize=CAPTION_PT, ncols=3, loc="upper center", bbox_to_anchor=(0.5, -0.18))
    return ax


#: The kinds of accusation of ``rule_records``: their names in a chart's legend and as a table's headings.
_KINDS = {"higher": "grove.strategy.kind.higher", "lower": "grove.strategy.kind.lower",
          "unseen": "grove.strategy.kind.unseen"}
_HEADINGS = {"higher": "grove.strategy.heading.higher", "lower": "grove.strategy.heading.lower",
             "unseen": "grove.strategy.heading.unseen"}
#: A seat's position in the round, from the leader.
_POSITIONS = ("grove.strategy.position.0", "grove.strategy.position.1", "grove.strategy.position.2",
              "grove.strategy.position.3", "grove.strategy.position.4")


def situation(record: dict[str, Any]) -> str:
    """A ``rule_records`` situation in the notebook's language: the position and whether a 5 is in hand.

    >>> situation({"position": 1, "five_in_alibis": True})
    'second player, 5 in alibis'
    """
    five = "grove.strategy.five_in_alibis" if record["five_in_alibis"] else "grove.strategy.no_five_in_alibis"
    position = message(_POSITIONS[int(record["position"])])
    return message("grove.strategy.situation", position=position, five=message(five))


def rules_table(rules: Sequence[dict[str, Any]]) -> Table:
    """``rule_records`` as a table: per situation, how often each kind of accusation is made.

    >>> rules_table([{"position": 0, "five_in_alibis": False, "higher": 0.35, "lower": 0.27, "unseen": 0.38}])
    Situation               Higher number seen  Lower number seen  Suspect not seen
    leader, no 5 in alibis  0.35                0.27               0.38
    """
    header: list[Label] = [words("grove.strategy.situation_heading")]
    header += [words(_HEADINGS[k]) for k in _KINDS]
    return Table([[situation(r), *(decimal(r[k], 2) for k in _KINDS)] for r in rules], header)


def convergence_table(metas: Sequence[dict[str, Any]]) -> Table:
    """Per player count: the measure (exploitability or NashConv) after the CFR+ iterations, and its history.

    >>> convergence_table([{"players": 2, "measure": "exploitability", "iterations": 100, "value": 0.0007,
    ...                     "history": [(1, 0.2131), (100, 0.0007)]}])
    Players  Measure         CFR+ iterations  Value   History
    2        exploitability  100              0.0007  1: 0.2131 · 100: 0.0007
    """
    header: list[Label] = ["players", words("grove.strategy.measure"), words("grove.strategy.cfr_iterations"),
                           words("grove.strategy.value"), words("grove.strategy.history")]
    measures = {"exploitability": "grove.strategy.measure.exploitability",
                "nash_conv": "grove.strategy.measure.nash_conv"}

    def measure(name: str) -> str:
        return message(measures[name]) if name in measures else name

    return Table([[m["players"], measure(str(m["measure"])), m["iterations"],
                   decimal(m["value"], 4),
                   " · ".join(f"{i}: {decimal(v, 4)}" for i, v in m["history"])] for m in metas], header)


def tournament_table(record: dict[str, Any]) -> Table:
    """A tournament's results (``Tournament.as_json()``) as a table; the title gives games, rounds and seed.

    >>> tournament_table({"games": 10, "rounds": 40, "seed": 0, "results": [{"policy": "best",
    ...     "seat_games": 30, "mean_incompetent": 2.0884, "loss_rate": 0.165}]})
    10 games, 40 rounds, seed 0
    Policy  Seat-games  Mean incompetent chips  Loss rate
    best    30          2.088                   0.165
    """
    title = message("grove.strategy.tournament_title", games=record["games"], rounds=record["rounds"],
                    seed=record["seed"])
    header: list[Label] = [words("grove.strategy.policy"), words("grove.strategy.seat_games"),
                           words("grove.strategy.mean_incompetent"), words("grove.strategy.loss_rate")]
    return Table([[r["policy"], r["seat_games"], decimal(r["mean_incompetent"]), decimal(r["loss_rate"])]
                  for r in record["results"]], header, title=title)


def plot_tournament(rows: Sequence[dict[str, Any]], ax: Axes) -> Axes:
    """Loss rate per policy with its 95 % interval (``Tournament.as_json()["results"]``)."""
    names = [str(r["policy"]) for r in rows]
    rates = np.array([float(r["loss_rate"]) for r in rows])
    lows = rates - np.array([float(r["loss_rate_95"][0]) for r in rows])
    highs = np.array([float(r["loss_rate_95"][1]) for r in rows]) - rates
    ax.bar(names, rates, color=[MODEL_COLOURS.get(n, PALETTE["purple"]) for n in names],
           yerr=[lows, highs], capsize=6, edgecolor=PALETTE["ink"], linewidth=0.6)
    ax.set_ylabel(message("grove.strategy.loss_rate_axis"),
                  fontsize=CAPTION_PT + 1)
    ax.tick_params(labelsize=CAPTION_PT + 1)
    ax.set_ylim(0, max(1.0 / len(rows) * 2, float(rates.max()) * 1.3))
    return ax


class ModelExplorer:
    """Pick a behaviour model (and a bluff rate) and where the leader's chip went; see seat 1's odds.

    The chart and the fractions show seat 1's culprit odds in :func:`example_round` under the model,
    beside the odds that ignore the chip.
    """

    def __init__(self, leader_chip: int = 0) -> None:
        fit = {"description_width": "initial"}  # a label takes the width its words need, in either language
        self.model = widgets.ToggleButtons(options=["best", "honest", "equilibrium"], value="best",
                                           style=fit)
        bind(self.model, words("grove.strategy.model_control"))
        self.model.add_class("grove-inference-model")
        self.bluff = widgets.IntSlider(value=10, min=0, max=50, step=5,
                                       style=fit, layout=widgets.Layout(width="auto", min_width="300px"))
        bind(self.bluff, words("grove.strategy.bluff"))
        self.bluff.add_class("grove-inference-bluff")
        self.chip = widgets.Dropdown(options=[(_suspect(i), i) for i in range(3)], value=leader_chip,
                                     style=fit, layout=widgets.Layout(width="auto"))
        bind(self.chip, words("grove.strategy.leader_chip"))
        self.chip.add_class("grove-inference-chip")
        self.message = MessageBox()
        self.fractions = widgets.HTML(layout=widgets.Layout(min_height="64px", width="100%"))
        self.fractions.add_class("grove-inference-fractions")
        self.result: Inference | None = None
        self.chart = FigureView(self._draw, size=(7, 3.4))
        self.chart.widget.add_class("grove-inference-chart")
        for control in (self.model, self.bluff, self.chip):
            control.observe(lambda _change: self.refresh(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.model, self.bluff]), widgets.HBox([self.chip]),
                                    self.message.widget,
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
            self.message.info(message("grove.strategy.inconsistent"))
        self.fractions.value = self.fractions_html()
        self.chart.refresh()

    def fractions_html(self) -> str:
        """Seat 1's odds as a one-row HTML table in the notebook's font: the exact fraction in a ``code``
        element (cut with an ellipsis when long; the whole fraction in its tooltip), then its decimal.

        >>> "<code" in ModelExplorer().fractions_html()
        True
        """
        if self.result is None:
            return ""
        cell = "padding:2px 14px;border-bottom:1px solid #ddd;text-align:left"
        exact = ("font-family:inherit;font-size:1em;color:inherit;background:none;display:inline-block;"
                 "max-width:7em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;vertical-align:bottom")
        head = "".join(f'<th style="{cell};background:#f3f0e8">{html.escape(_suspect(i))}</th>'
                       for i in range(3))
        def td(p: Fraction) -> str:
            text = html.escape(str(p))
            approx = "" if p.denominator == 1 else f' <span class="grove-inference-p">≈ {decimal(p)}</span>'
            return f'<td style="{cell}"><code style="{exact}" title="{text}">{text}</code>{approx}</td>'

        body = "".join(td(p) for p in self.result.odds)
        caption = html.escape(message("grove.strategy.odds_caption"))
        return (f'<table style="font-family:{TEXT_FONT};font-size:14px;border-collapse:collapse">'
                f'<caption style="text-align:left;font-weight:600">{caption}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody><tr>{body}</tr></tbody></table>")

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
        chip = self.chip.value
        ax.set_title(message("grove.strategy.chart_title", chip=chip), fontsize=CAPTION_PT + 2)
        fig.tight_layout()
