"""In a Grove culprit odds: charts and the odds explorer widget.

Plot helpers take ``ax=None`` and return the axes; the explorer only wires controls to
:func:`rulesengine.grove.odds.exact.culprit_odds` and these helpers. Floats appear only here, at the chart's
edge; every label shows the exact fraction.

>>> explorer = OddsExplorer()
>>> explorer.fractions_text()
['0', '2/3', '1/3']
>>> explorer.seen[1].value = "6"
>>> explorer.fractions_text()
['1/3', '0', '2/3']
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.colors import LinearSegmentedColormap

from rulesengine import i18n
from rulesengine.errors import InputError
from rulesengine.grove.odds.analysis import SeenPairGrid, base_rate_records
from rulesengine.grove.odds.exact import CulpritOdds, Knowledge, bayes_records, culprit_odds
from rulesengine.grove.strategy.policies import hit_rate
from rulesengine.messages import message
from rulesengine.viz.common import (
    PALETTE,
    FigureView,
    Label,
    LanguageSwitch,
    MessageBox,
    Table,
    bind,
    label,
    widget_bundle,
    words,
)

__all__ = [
    "FACES",
    "OddsExplorer",
    "chart",
    "fraction_label",
    "grid_table",
    "odds_summary",
    "odds_table",
    "plot_base_rates",
    "plot_hit_rates",
    "plot_odds",
    "plot_odds_by_players",
    "plot_seen_pair_grid",
    "reading_table",
    "table",
]

#: The smallest text of the charts, in points.
CAPTION_PT = 10
#: Every control's label takes the width its words need (a Vietnamese "Nghi phạm 0" is never cut).
_LABEL = {"description_width": "initial"}


def _dropdown(options: Any, value: str) -> widgets.Dropdown:
    return widgets.Dropdown(options=options, value=value, layout=widgets.Layout(width="auto"), style=_LABEL)
#: Every face a control may offer (impossible ones are explained, not hidden).
FACES = ("2", "3", "4", "5", "6", "7", "8", "X")
#: Colours per player count.
PLAYER_COLOURS = {2: PALETTE["sky"], 3: PALETTE["blue"], 4: PALETTE["orange"], 5: PALETTE["red"]}
_HEAT = LinearSegmentedColormap.from_list(
    "grove", ["#FFFFFF", PALETTE["yellow"], PALETTE["orange"], PALETTE["red"]]
)


def fraction_label(p: Fraction) -> str:
    """``'2/3'``, ``'0'`` or ``'1'``: how the charts print an exact probability.

    >>> fraction_label(Fraction(2, 3)), fraction_label(Fraction(0)), fraction_label(Fraction(1))
    ('2/3', '0', '1')
    """
    return str(p)


def _ax(ax: Axes | None, size: tuple[float, float] = (7, 3.6)) -> Axes:
    if ax is not None:
        return ax
    _fig, new = plt.subplots(figsize=size)
    return new


def plot_odds(odds: CulpritOdds, ax: Axes | None = None) -> Axes:
    """Bars of P(suspect i is the culprit), each labelled with its exact fraction.

    Seen suspects are blue and carry their face; suspects not looked at are orange.
    """
    ax = _ax(ax)
    seen = odds.knowledge.seen_map
    xs = np.arange(3)
    heights = [float(p) for p in odds.suspects]
    colours = [PALETTE["blue"] if i in seen else PALETTE["orange"] for i in range(3)]
    ax.bar(xs, [1, 1, 1], color=PALETTE["grey"], alpha=0.12, width=0.6)
    bars = ax.bar(xs, heights, color=colours, width=0.6, edgecolor=PALETTE["ink"], linewidth=0.8)
    for bar, p in zip(bars, odds.suspects, strict=True):
        ax.annotate(
            fraction_label(p),
            (bar.get_x() + bar.get_width() / 2, bar.get_height()),
            xytext=(0, 4),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=14,
            fontweight="bold",
            color=PALETTE["ink"],
        )
    names = []
    for i in range(3):
        face = f"= {seen[i]}" if i in seen else f"({i18n.t('grove_not_looked')})"
        names.append(f"{i18n.t('suspect')} {i}\n{face}")
    ax.set_xticks(xs, names)
    ax.set_ylim(0, 1.18)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "1/4", "1/2", "3/4", "1"])
    ax.set_ylabel(f"P({i18n.t('grove_culprit').lower()})")
    ax.set_title(i18n.t("odds"))
    ax.grid(axis="x", visible=False)
    return ax


def plot_base_rates(players_list: Sequence[int] = (2, 3, 4, 5), ax: Axes | None = None) -> Axes:
    """Grouped bars: P(the culprit is figure f) before anyone looks, for each player count."""
    ax = _ax(ax, (9, 3.8))
    rows = base_rate_records(players_list)
    width = 0.8 / len(players_list)
    for j, n in enumerate(players_list):
        values = {r["figure"]: r["culprit"] for r in rows if r["players"] == n}
        heights = [float(values.get(f, Fraction(0))) for f in FACES]  # type: ignore[arg-type]
        xs = np.arange(len(FACES)) + (j - (len(players_list) - 1) / 2) * width
        ax.bar(
            xs, heights, width=width, color=PLAYER_COLOURS.get(n), label=f"{n} {i18n.t('players').lower()}"
        )
    ax.set_xticks(np.arange(len(FACES)), FACES)
    ax.set_xlabel(i18n.t("figure"))
    ax.set_ylabel(f"P({i18n.t('grove_culprit').lower()})")
    ax.set_title(f"{i18n.t('grove_culprit')}: {i18n.t('figure').lower()} (GR-R1..R3)")
    ax.legend(frameon=False, ncols=len(players_list))
    ax.grid(axis="x", visible=False)
    return ax


def plot_seen_pair_grid(grid: SeenPairGrid, which: str = "unseen", ax: Axes | None = None) -> Axes:
    """A heat map over the faces seen at suspects 0 (rows) and 1 (columns), cells labelled exactly.

    ``which="unseen"``: P(suspect 2, not looked at, is the culprit); ``"higher"``: P(the higher seen
    face is the culprit). Blank cells cannot occur.
    """
    ax = _ax(ax, (5.5, 5))
    matrix = grid.unseen if which == "unseen" else grid.higher
    values = np.array([[np.nan if p is None else float(p) for p in row] for row in matrix])
    ax.imshow(np.ma.masked_invalid(values), cmap=_HEAT, vmin=0, vmax=1)
    for r, row in enumerate(matrix):
        for c, p in enumerate(row):
            if p is None:
                continue
            ink = "white" if float(p) > 0.7 else PALETTE["ink"]
            ax.text(c, r, fraction_label(p), ha="center", va="center", fontsize=CAPTION_PT, color=ink)
    labels = [f.label for f in grid.faces]
    ax.set_xticks(range(len(labels)), labels)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlabel(f"{i18n.t('suspect')} 1")
    ax.set_ylabel(f"{i18n.t('suspect')} 0")
    ax.grid(False)
    alibis = ", ".join(f.label for f in grid.alibis)
    extra = f"; {i18n.t('grove_face_up').lower()} {grid.public}" if grid.public is not None else ""
    what = f"{i18n.t('suspect')} 2 ({i18n.t('grove_not_looked')})" if which == "unseen" else "max(0, 1)"
    ax.set_title(
        f"P({what} = {i18n.t('grove_culprit').lower()})\n{grid.players} "
        f"{i18n.t('players').lower()}; {i18n.t('alibi').lower()} {alibis}{extra}",
        fontsize=11,
    )
    ax.set_facecolor("#EEEEEE")
    return ax


def plot_hit_rates(players_list: Sequence[int] = (2, 3, 4, 5), ax: Axes | None = None) -> Axes:
    """How often each rule names the culprit, after looking at two suspects (exact; GR-P2)."""
    ax = _ax(ax, (8, 3.8))
    rules = (
        ("random", PALETTE["grey"], "random"),
        ("higher", PALETTE["orange"], "higher number"),
        ("best", PALETTE["green"], "best odds"),
    )
    width = 0.26
    for j, (rule, colour, name) in enumerate(rules):
        rates = [hit_rate(n, rule) for n in players_list]
        xs = np.arange(len(players_list)) + (j - 1) * width
        bars = ax.bar(xs, [float(r) for r in rates], width=width, color=colour, label=name)
        for bar, r in zip(bars, rates, strict=True):
            ax.annotate(
                fraction_label(r),
                (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                xytext=(0, 3),
                textcoords="offset points",
                ha="center",
                fontsize=CAPTION_PT,
            )
    ax.set_xticks(np.arange(len(players_list)), [f"{n} {i18n.t('players').lower()}" for n in players_list])
    ax.set_ylim(0, 1)
    ax.set_ylabel("P(right)")
    ax.set_title("Accusing after looking at two suspects")
    ax.legend(frameon=False, ncols=3, loc="upper left")
    ax.grid(axis="x", visible=False)
    return ax


def plot_odds_by_players(rows: Sequence[dict[str, object]], ax: Axes | None = None) -> Axes:
    """Grouped bars of P(suspect i is the culprit) for the same knowledge under several player counts."""
    ax = _ax(ax, (7, 3.6))
    width = 0.8 / max(1, len(rows))
    for j, row in enumerate(rows):
        n = int(row["players"])  # type: ignore[call-overload]
        ps = [Fraction(str(row["p0"])), Fraction(str(row["p1"])), Fraction(str(row["p2"]))]
        xs = np.arange(3) + (j - (len(rows) - 1) / 2) * width
        bars = ax.bar(
            xs,
            [float(p) for p in ps],
            width=width,
            color=PLAYER_COLOURS.get(n),
            label=f"{n} {i18n.t('players').lower()}",
        )
        for bar, p in zip(bars, ps, strict=True):
            ax.annotate(
                str(p),
                (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                xytext=(0, 3),
                textcoords="offset points",
                ha="center",
                fontsize=CAPTION_PT,
            )
    ax.set_xticks(range(3), [f"{i18n.t('suspect')} {i}" for i in range(3)])
    ax.set_ylim(0, 1.1)
    ax.set_ylabel(f"P({i18n.t('grove_culprit').lower()})")
    ax.legend(frameon=False, ncols=len(rows))
    ax.grid(axis="x", visible=False)
    return ax


class OddsExplorer:
    """Controls for one detective's knowledge; a bar chart, the exact fractions and the Bayes table.

    ``knowledge()`` reads the controls (raising :class:`InputError` for an impossible input), and
    ``refresh()`` (called on every change) redraws; an impossible input is explained in ``message``.
    """

    def __init__(
        self,
        players: int = 3,
        alibis: Sequence[str] = ("2", "3"),
        seen: Sequence[str] = ("7", "8", ""),
        public: str = "4",
    ) -> None:
        self.switch = LanguageSwitch()
        self.players = widgets.ToggleButtons(
            options=[2, 3, 4, 5], value=players, style={"button_width": "46px"}
        )
        self.players.add_class("grove-odds-players")
        bind(self.players, "players")
        self.alibi_a = _dropdown(FACES, alibis[0])
        self.alibi_a.add_class("grove-odds-alibi-a")
        bind(self.alibi_a, "alibi")
        self.alibi_b = _dropdown(FACES, alibis[1])
        self.alibi_b.add_class("grove-odds-alibi-b")
        bind(self.alibi_b, "alibi")
        self.public = _dropdown(FACES, public)
        self.public.add_class("grove-odds-public")
        bind(self.public, "grove_face_up")
        self.seen: list[widgets.Dropdown] = []
        for i in range(3):
            box = _dropdown(self._seen_options(), seen[i])
            box.add_class(f"grove-odds-seen-{i}")
            self.seen.append(box)
        self.message = MessageBox()
        self.fractions = widgets.HTML(layout=widgets.Layout(height="34px", width="100%"),
                                      style={"font_size": "15px"})
        self.fractions.add_class("grove-odds-fractions")
        self.odds: CulpritOdds | None = None
        self._busy = True
        self.chart = FigureView(self._draw, size=(7, 3.6))
        self.chart.widget.add_class("grove-odds-chart")
        self.bayes = widgets.HTML(layout=widgets.Layout(height="190px", width="100%", overflow="auto"))
        self.bayes.add_class("grove-odds-bayes")
        for control in (self.players, self.alibi_a, self.alibi_b, self.public, *self.seen):
            control.observe(lambda _change: self.refresh(), names="value")
        i18n.on_change(lambda _language: self._relabel())
        controls = widgets.VBox(
            [self.players, widgets.HBox([self.alibi_a, self.alibi_b, self.public]), widgets.HBox(self.seen)],
            layout=widgets.Layout(width="100%"),
        )
        self.widget = widgets.VBox(
            [
                self.switch.widget,
                controls,
                self.message.widget,
                self.fractions,
                self.chart.widget,
                self.bayes,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.widget.add_class("grove-odds-explorer")
        self._busy = False
        self._relabel()

    def _seen_options(self) -> list[tuple[str, str]]:
        return [(f"({i18n.t('grove_not_looked')})", ""), *[(f, f) for f in FACES]]

    def _relabel(self) -> None:
        self._busy = True
        try:
            for i, box in enumerate(self.seen):
                value = box.value
                box.options = self._seen_options()
                box.value = value
                box.description = f"{i18n.t('suspect')} {i}"
        finally:
            self._busy = False
        self.refresh()

    def knowledge(self) -> Knowledge:
        """The knowledge the controls describe; :class:`InputError` if it cannot occur."""
        n = int(self.players.value)
        seen = {i: box.value for i, box in enumerate(self.seen) if box.value}
        if n == 2:
            return Knowledge.make(2, [self.alibi_a.value], seen, self.public.value)
        return Knowledge.make(n, [self.alibi_a.value, self.alibi_b.value], seen)

    def refresh(self) -> None:
        """Recompute the odds for the controls and redraw the chart, the fractions and the table."""
        if self._busy:
            return
        two = int(self.players.value) == 2
        self.alibi_b.layout.visibility = "hidden" if two else "visible"
        self.public.layout.visibility = "visible" if two else "hidden"
        try:
            knowledge = self.knowledge()
        except InputError as exc:
            self.odds = None
            self.message.error(f"{i18n.t('grove_impossible')}: {exc}")
        else:
            self.odds = culprit_odds(knowledge)
            self.message.clear()
        self.chart.refresh()
        self._show_fractions()
        self._show_bayes()

    def fractions_text(self) -> list[str]:
        """The three exact probabilities shown, as text (empty when the input is impossible)."""
        return [] if self.odds is None else [fraction_label(p) for p in self.odds.suspects]

    def _show_fractions(self) -> None:
        if self.odds is None:
            self.fractions.value = "&nbsp;"
            return
        parts = [
            f'<span class="grove-odds-p" data-suspect="{i}"><b>{html.escape(i18n.t("suspect"))} {i}</b>: '
            f"<code>{fraction_label(p)}</code></span>"
            for i, p in enumerate(self.odds.suspects)
        ]
        unseen = fraction_label(self.odds.unseen)
        self.fractions.value = (
            " &nbsp;·&nbsp; ".join(parts) + f' &nbsp;·&nbsp; <span class="grove-odds-unseen">'
            f"{html.escape(i18n.t('grove_not_looked'))}: <code>{unseen}</code></span>"
        )

    def bayes_frame(self) -> pd.DataFrame:
        """The Bayes table of the current knowledge (exact fractions as text), headed in the language."""
        if self.odds is None:
            return pd.DataFrame()
        records = bayes_records(self.odds.knowledge)
        frame = pd.DataFrame(
            {
                i18n.t("grove_hypothesis"): [f"{i18n.t('suspect')} {r['culprit']}" for r in records],
                i18n.t("grove_prior"): [str(r["prior"]) for r in records],
                i18n.t("grove_likelihood"): [str(r["likelihood"]) for r in records],
                i18n.t("grove_unnormalised"): [str(r["unnormalised"]) for r in records],
                i18n.t("grove_posterior"): [str(r["posterior"]) for r in records],
            }
        )
        return frame

    def _show_bayes(self) -> None:
        frame = self.bayes_frame()
        if frame.empty:
            self.bayes.value = "&nbsp;"
            return
        table = frame.to_html(index=False, border=0, classes="grove-bayes-table")
        style = (
            "<style>.grove-bayes-table{border-collapse:collapse;font-size:13px}"
            ".grove-bayes-table th,.grove-bayes-table td{padding:3px 12px;text-align:right;"
            "border-bottom:1px solid #ddd}.grove-bayes-table th{background:#f3f0e8}</style>"
        )
        self.bayes.value = f"{style}<b>{html.escape(i18n.t('grove_bayes_table'))}</b>{table}"

    def _draw(self, fig: object) -> None:
        ax = fig.add_subplot()  # type: ignore[attr-defined]
        if self.odds is None:
            ax.axis("off")
            ax.text(
                0.5,
                0.5,
                i18n.t("grove_impossible"),
                ha="center",
                va="center",
                fontsize=14,
                color=PALETTE["red"],
                transform=ax.transAxes,
            )
            return
        plot_odds(self.odds, ax=ax)
        fig.tight_layout()  # type: ignore[attr-defined]

    def _repr_mimebundle_(self, **kwargs: object) -> object:
        return widget_bundle(self.widget, **kwargs)


def chart(plot: Any, *args: Any, size: tuple[float, float] = (8, 3.8), **kwargs: Any) -> Any:
    """Draw ``plot(*args, ax=…, **kwargs)`` on a fresh figure and return it as a PNG ``Image``.

    The notebooks show static charts this way, so they look the same in JupyterLab and under Voilà
    whatever the matplotlib backend.

    >>> chart(plot_hit_rates, [3]).format
    'png'
    """
    import io

    from IPython.display import Image
    from matplotlib.figure import Figure as MplFigure

    fig = MplFigure(figsize=size, dpi=100)
    ax = fig.add_subplot()
    plot(*args, ax=ax, **kwargs)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", facecolor="white")
    return Image(data=buffer.getvalue(), format="png")


# ----------------------------------------------------------------------------------------------------------
# The analysis' records and frames as tables headed in the current language (notebook 11).

#: Column names of the analysis records → glossary keys or catalog messages (``grove.odds.column.*``).
COLUMNS: dict[str, Label] = {
    "hypothesis": "grove_hypothesis",
    "prior": "grove_prior",
    "likelihood": "grove_likelihood",
    "unnormalised": "grove_unnormalised",
    "posterior": "grove_posterior",
    "culprit": words("grove.odds.column.culprit"),
    "culprit_figure": words("grove.odds.column.culprit_figure"),
    "players": "players",
    "figure": "figure",
    "rule": words("grove.odds.column.rule"),
    "seat": "seat",
    "strategy": words("grove.odds.column.strategy"),
    "accuracy": words("grove.odds.column.accuracy"),
    "penalty_per_accusation": words("grove.odds.column.penalty_per_accusation"),
    "loss_rate": words("grove.odds.column.loss_rate"),
    "p0": words("grove.odds.column.p0"),
    "p1": words("grove.odds.column.p1"),
    "p2": words("grove.odds.column.p2"),
    "unseen": words("grove.odds.column.unseen"),
    "five_at_scene": words("grove.odds.column.five_at_scene"),
}
#: The strategies' names (rulesengine.grove.strategy.policies) → their catalog message ids.
STRATEGY_NAMES = {
    "best": "grove.odds.strategy.best",
    "higher": "grove.odds.strategy.higher",
    "random": "grove.odds.strategy.random",
    "inferred": "grove.odds.strategy.inferred",
}


@dataclass(frozen=True)
class _Lower:
    """A label in lower case, in the language of the sentence it is a field of (``2 players``)."""

    key: Label

    def localized(self, language: str | None = None) -> str:
        return label(self.key, language).lower()


def _cell(column: str, value: object) -> str:
    text = "–" if value is None or (isinstance(value, float) and np.isnan(value)) else str(value)
    if column in ("strategy", "rule") and text in STRATEGY_NAMES:
        return message(STRATEGY_NAMES[text])
    if column == "hypothesis" and text.startswith("suspect "):
        return f"{i18n.t('suspect')} {text[len('suspect '):]}"
    return text


def table(data: Any, columns: Sequence[str] | None = None) -> Table:
    """Records (a list of dicts) or a DataFrame as a :class:`Table` headed in the current language
    (:data:`COLUMNS`); a frame's named index becomes the first column, its column labels are kept.

    >>> records = [{"seat": 0, "strategy": "higher", "accuracy": 0.302}]
    >>> table(records).rows, table(records).labels("vi")
    ([['0', 'the higher number', '0.302']], ['Chỗ ngồi', 'chiến lược', 'buộc tội đúng Hung thủ'])
    >>> pivot = pd.DataFrame({2: ["1/7"]}, index=pd.Index(["2"], name="figure"))
    >>> pivot = pivot.rename_axis(columns="players")
    >>> table(pivot).labels("vi")
    ['Hình nộm', '2 người chơi']
    """
    header: list[Label] | None = None
    if isinstance(data, pd.DataFrame):
        frame = data.reset_index() if data.index.name is not None else data
        keys = [str(c) for c in frame.columns]
        if data.columns.name in COLUMNS:  # a pivot: "2 players", "3 players", …
            unit = COLUMNS[str(data.columns.name)]
            header = [COLUMNS.get(keys[0], keys[0])] + [
                words("grove.odds.per_unit", count=k, unit=_Lower(unit)) for k in keys[1:]
            ]
        rows = [[_cell(k, v) for k, v in zip(keys, row, strict=True)] for row in frame.itertuples(False)]
    else:
        records = list(data)
        keys = list(columns or (records[0].keys() if records else []))
        rows = [[_cell(k, record.get(k)) for k in keys] for record in records]
    if columns is not None and isinstance(data, pd.DataFrame):
        wanted = [keys.index(c) for c in columns]
        keys, rows = list(columns), [[row[i] for i in wanted] for row in rows]
    return Table(rows, header or [COLUMNS.get(k, k) for k in keys])


def odds_summary(odds: CulpritOdds) -> Table:
    """One detective's exact odds: each suspect, the suspect not looked at, and the culprit's number.

    >>> odds_summary(culprit_odds(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))).rows[-1]
    ["the culprit's number is 8", '2/3']
    """
    culprit = i18n.t("grove_culprit")
    rows = [[f"{i18n.t('suspect')} {i} — {culprit}", str(p)] for i, p in enumerate(odds.suspects)]
    rows.append([message("grove.odds.unseen_guilty"), str(odds.unseen)])
    rows += [
        [message("grove.odds.culprit_number", figure=f), str(p)]
        for f, p in odds.culprit_number.items()
    ]
    return Table(rows, [words("grove.odds.event"), "probability"])


def odds_table(players: int, alibis: Sequence[str], seens: Sequence[dict[int, str]]) -> Table:
    """For each thing seen (suspect → face), the exact odds that each suspect is the culprit.

    >>> odds_table(5, ["2", "3"], [{0: "X", 1: "X"}]).rows
    [['5', '2, 3', 'Suspect 0: X, Suspect 1: X', '0', '0', '1']]
    """
    rows = []
    for seen in seens:
        odds = culprit_odds(Knowledge.make(players, list(alibis), seen))
        shown = ", ".join(f"{i18n.t('suspect')} {i}: {face}" for i, face in sorted(seen.items()))
        rows.append([str(players), ", ".join(alibis), shown, *[str(p) for p in odds.suspects]])
    odds_columns = [COLUMNS[f"p{i}"] for i in range(3)]
    return Table(rows, ["players", words("grove.odds.alibis"), words("grove.odds.seen"), *odds_columns])


def grid_table(grid: SeenPairGrid) -> Table:
    """:func:`plot_seen_pair_grid`'s numbers: P(the suspect not looked at is the culprit) for each face
    seen at suspect 0 (rows) and suspect 1 (columns); "–" where the pair cannot occur."""
    corner = message("grove.odds.grid_corner")
    rows = [[face.label, *("–" if p is None else fraction_label(p) for p in row)]
            for face, row in zip(grid.faces, grid.unseen, strict=True)]
    return Table(rows, [corner, *[face.label for face in grid.faces]])


def reading_table(reading: Any) -> Table:
    """The odds of one seat without and with the chips of the players before it (an
    :class:`~rulesengine.grove.odds.inference.Inference`)."""
    rows = [
        [message("grove.odds.without_chips"), *[str(p) for p in reading.plain]],
        [message("grove.odds.with_chips"), *[str(p) for p in reading.odds]],
    ]
    return Table(rows, [words("grove.odds.odds"), *[COLUMNS[f"p{i}"] for i in range(3)]])
