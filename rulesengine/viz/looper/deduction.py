"""Notebook 05: the deduction day by day — a heat map of roles, the candidates falling, the advice.

:class:`DayByDay` plays a small version of a Basic Tragedy X script (the first four characters, three
days, two loops, so that a day's deduction and its advice take a fraction of a second; see
docs/looper_deduction.md for whole scripts) with the heuristic agents, one day at a time, and deduces from
the Protagonists' record at the end of each day. The day ends on the Mastermind's cards for tomorrow:
:func:`next_table` ranks the leader's first card of tomorrow ("what to try tomorrow").
:func:`role_heat_map` and :func:`candidates_chart` draw one deduction and the history (``ax=None``
helpers), :func:`measures_chart` the measures an analyst reads after each day (bits left, roles certain,
the probability of the true script: :func:`day_measures`, issue 23); :func:`candidates_table`,
:func:`eliminations_table`, :func:`guess_table` and :func:`next_table` show it as tables. Everything a
person reads is in the notebook's language, with readable names (never an internal id) and exact
fractions. :class:`DeductionWidget` wires a script picker and a **Next day** button to them.

>>> days = DayByDay("btx_01_first_contract")
>>> first = days.step()
>>> first.candidates < first.total, sum(first.weights) == 1
(True, True)
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator, NullFormatter

from rulesengine import i18n
from rulesengine.errors import InputError
from rulesengine.looper.deduction import Deduction, PublicRecord, deduce, tiny_script
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.rules.actions import from_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation
from rulesengine.looper.rules.script import Script, load_script, shipped_scripts
from rulesengine.looper.rules.text import character_name, describe_action, describe_event, role_name
from rulesengine.messages import message
from rulesengine.viz.common import PALETTE, Table, on_new_language


def btx_scripts() -> list[str]:
    """The ids of the shipped Basic Tragedy X scripts."""
    return [p.stem for p in shipped_scripts() if p.stem.startswith("btx")]


def script_choices() -> list[tuple[str, str]]:
    """The shipped BTX scripts as ``(title, id)`` pairs for a dropdown (the title is what a person reads).

    >>> script_choices()[0]
    ('First Contract', 'btx_01_first_contract')
    """
    return [(load_script(p).title, p.stem) for p in shipped_scripts() if p.stem.startswith("btx")]


def day_label(when: tuple[int, int], language: str | None = None, *, short: bool = False) -> str:
    """``(loop, day)`` as a person reads it; ``short`` breaks it over two lines (a chart's ticks).

    >>> day_label((1, 2), "en"), day_label((2, 3), "vi")
    ('Loop 1, day 2', 'Vòng lặp 2, ngày 3')
    """
    loop, day = when
    text = message("looper.deduction.day", language, loop=loop, day=day)
    return text.replace(", ", ",\n") if short else text


class DayByDay:
    """A small BTX game played one day at a time, with the deduction after each day.

    ``history`` holds ``((loop, day), deduction)`` for every day played (:func:`day_label` reads the day).
    """

    def __init__(self, script_id: str, seed: int = 0, cast: int = 4, days: int = 3, loops: int = 2) -> None:
        path = next(p for p in shipped_scripts() if p.stem == script_id)
        self.script: Script = tiny_script(load_script(path), cast, days, loops, sheet=seed)
        self.game = Game(self.script)
        self.mastermind = HeuristicMastermind(seed)
        self.protagonists = HeuristicProtagonists(seed + 1)
        self.history: list[tuple[tuple[int, int], Deduction]] = []

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
        before = self.history[-1][1] if self.history else None
        result = deduce(PublicRecord.from_game(game), after=before)  # (going on from the day before)
        self.history.append((start, result))
        return result


def _language(language: str | None) -> str:
    return language or i18n.get_language()


def _decimal(x: float, places: int, language: str) -> str:
    """``x`` with ``places`` decimals and the language's decimal separator (a comma in Vietnamese).

    >>> _decimal(9.3398, 1, "en"), _decimal(9.3398, 1, "vi")
    ('9.3', '9,3')
    """
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if language == "vi" else text


def candidates_word(n: int, language: str | None = None) -> str:
    """``n candidates`` in ``language``.

    >>> candidates_word(384, "vi")
    '384 kịch bản còn lại'
    """
    one = n == 1
    return message("looper.deduction.candidate_one" if one else "looper.deduction.candidates", language, n=n)


def role_heat_map(
    result: Deduction, ax: Axes | None = None, label: str = "", language: str | None = None
) -> Axes:
    """Characters × roles: the probability of each role, as a heat map with the fractions written in.

    Characters and roles are named in ``language`` (default: the notebook's), and so are the title and
    the axes.
    """
    language = _language(language)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3))
    roles = result.roles
    cast = list(roles)
    names = sorted({r for d in roles.values() for r in d})
    grid = [[float(roles[c].get(r, 0)) for r in names] for c in cast]
    ax.imshow(grid, vmin=0, vmax=1, cmap="Blues", aspect="auto")
    ax.grid(False)
    ax.set_xticks(
        range(len(names)), [role_name(r, language) for r in names], rotation=30, ha="right", fontsize=9
    )
    ax.set_yticks(range(len(cast)), [character_name(c, language) for c in cast], fontsize=9)
    for i, c in enumerate(cast):
        for j, r in enumerate(names):
            p = roles[c].get(r)
            if p:
                ax.text(
                    j, i, str(p), ha="center", va="center", fontsize=8, color="black" if p < 0.6 else "white"
                )
    ax.set_xlabel(message("looper.deduction.role", language))
    ax.set_ylabel(message("looper.deduction.character", language))
    ax.set_title(
        message("looper.deduction.heat_title", language)
        + f"\n{label + ': ' if label else ''}{candidates_word(result.candidates, language)}",
        fontsize=10,
    )
    return ax


def candidates_chart(
    history: list[tuple[tuple[int, int], Deduction]], ax: Axes | None = None, language: str | None = None
) -> Axes:
    """The number of consistent candidates after each day (log scale), the days named in ``language``."""
    language = _language(language)
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    counts = [max(1, r.candidates) for _, r in history]
    ax.plot(range(len(history)), counts, marker="o")
    ax.set_yscale("log")
    plain = FuncFormatter(lambda value, _pos: f"{value:g}")
    ax.yaxis.set_major_formatter(plain)
    # (within one power of ten the log axis has no major tick: its minor ones are labelled instead)
    few = not counts or max(counts) < 10 * min(counts)
    ax.yaxis.set_minor_formatter(plain if few else NullFormatter())
    for x, (_, r) in enumerate(history):
        ax.annotate(
            str(r.candidates),
            (x, max(1, r.candidates)),
            textcoords="offset points",
            xytext=(0, 7),
            ha="center",
            fontsize=9,
        )
    ax.margins(x=0.15, y=0.2)
    ax.set_xticks(
        range(len(history)), [day_label(when, language, short=True) for when, _ in history], fontsize=8
    )
    ax.set_ylabel(message("looper.deduction.candidates_axis", language))
    ax.set_title(message("looper.deduction.candidates_title", language), fontsize=11)
    return ax


def png(plot: Any, *args: Any, size: tuple[float, float] = (7, 3.2), **kwargs: Any) -> bytes:
    """Draw ``plot(*args, ax=…, **kwargs)`` on a fresh figure (no pyplot state) and return the PNG bytes.

    A ``plot`` that draws a whole figure (a ``fig`` parameter, as :func:`measures_chart`) is called
    ``plot(*args, fig=…, **kwargs)`` instead, and keeps its own layout.
    """
    import io

    fig = Figure(figsize=size, dpi=100)
    if "fig" in inspect.signature(plot).parameters:
        plot(*args, fig=fig, **kwargs)
    elif args:
        plot(*args, ax=fig.add_subplot(), **kwargs)
    else:
        plot(fig.add_subplot())
    if fig.get_layout_engine() is None:
        fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", facecolor="white")
    return buffer.getvalue()


def picture(plot: Any, *args: Any, size: tuple[float, float] = (7, 3.2), **kwargs: Any) -> Any:
    """The chart as an IPython ``Image`` (looks the same in JupyterLab and under Voilà)."""
    from IPython.display import Image

    return Image(data=png(plot, *args, size=size, **kwargs), format="png")


@dataclass(frozen=True)
class DayMeasures:
    """What an analyst reads after one day (issue 23), exact: the candidates left of the ``total`` sheets
    the set allows, the entropy left in ``bits`` (a float, as the deduction gives it), how many roles are
    ``certain`` of the ``cast``'s, and the probability given to the true script (a ``Fraction``; ``None``
    when the truth is not known)."""

    when: tuple[int, int]
    candidates: int
    total: int
    bits: float
    certain: int
    cast: int
    true_probability: Fraction | None


def day_measures(
    history: list[tuple[tuple[int, int], Deduction]], truth: Script | None = None
) -> list[DayMeasures]:
    """The measures after each day of ``history`` (``(loop, day), deduction``, as :class:`DayByDay`
    keeps it), with the probability of ``truth`` when it is given.

    >>> days = DayByDay("btx_01_first_contract")
    >>> _ = days.step()
    >>> m = day_measures(days.history, days.script)[0]
    >>> m.candidates, round(m.bits, 2), m.certain, m.cast, m.true_probability
    (648, 9.34, 0, 4, Fraction(1, 648))
    """
    return [
        DayMeasures(
            when,
            r.candidates,
            r.total,
            r.entropy_bits,
            len(r.certain_roles),
            len(r.roles),
            r.probability_of(truth) if truth is not None else None,
        )
        for when, r in history
    ]


#: The size of :func:`measures_chart` in the notebook (inches at 100 dpi).
MEASURES_SIZE = (7.6, 6.2)
#: Smallest text in a chart (issue 10: captions at least 10 pt).
CAPTION_PT = 10


def _axis_label(text: str, width: int = 14) -> str:
    """A y axis label broken over lines of about ``width`` characters, so that it fits a short panel.

    >>> _axis_label("Vai trò đã chắc chắn")
    'Vai trò đã\\nchắc chắn'
    """
    import textwrap

    return textwrap.fill(text, width)


def measures_chart(
    history: list[tuple[tuple[int, int], Deduction]],
    truth: Script | None = None,
    fig: Figure | None = None,
    language: str | None = None,
) -> Figure:
    """The measures an analyst reads after each day (:func:`day_measures`), one panel each over the days
    of the record: the bits left (a line), the probability of the true script from 0 to 1 (a line, only
    when ``truth`` is given) and the roles certain out of the cast (bars), each point with its value
    written in (the probability as its exact fraction). The days, axes, title and legend are in
    ``language`` (default: the notebook's). ``fig=None`` draws on a new figure of :data:`MEASURES_SIZE`.
    """
    language = _language(language)
    if fig is None:
        fig = Figure(figsize=MEASURES_SIZE, dpi=100)
    fig.set_layout_engine("constrained")
    days = day_measures(history, truth)
    xs = list(range(len(days)))
    panels = 3 if truth is not None else 2
    axes = fig.subplots(panels, 1, sharex=True, height_ratios=[3, 2, 2][:panels], squeeze=False)[:, 0]
    bits_ax, certain_ax = axes[0], axes[-1]

    bits = [m.bits for m in days]
    bits_ax.plot(
        xs,
        bits,
        marker="o",
        lw=2,
        color=PALETTE["blue"],
        label=message("looper.deduction.bits_legend", language),
    )
    bits_ax.fill_between(xs, bits, color=PALETTE["blue"], alpha=0.08)
    for x, b in zip(xs, bits, strict=True):
        bits_ax.annotate(
            _decimal(b, 1, language),
            (x, b),
            textcoords="offset points",
            xytext=(0, 8),
            ha="center",
            fontsize=CAPTION_PT,
        )
    bits_ax.set_ylim(0, max(bits, default=0) * 1.2 or 1)
    bits_ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    bits_ax.set_ylabel(_axis_label(message("looper.deduction.entropy_left", language)))

    if truth is not None:
        p_ax = axes[1]
        p = [m.true_probability or Fraction(0) for m in days]
        p_ax.plot(
            xs,
            [float(v) for v in p],
            marker="s",
            lw=2,
            color=PALETTE["orange"],
            label=message("looper.deduction.truth_legend", language),
        )
        for x, v in zip(xs, p, strict=True):
            p_ax.annotate(
                str(v),
                (x, float(v)),
                textcoords="offset points",
                xytext=(0, 7 if v < Fraction(3, 4) else -16),
                ha="center",
                fontsize=CAPTION_PT,
            )
        p_ax.set_ylim(-0.08, 1.12)  # room for the markers at 0 and 1
        p_ax.set_yticks([0, 0.5, 1], ["0", "½", "1"])
        p_ax.set_ylabel(_axis_label(message("looper.deduction.true_probability", language)))

    cast = max((m.cast for m in days), default=0)
    certain_ax.bar(xs, [cast] * len(xs), width=0.45, color=PALETTE["grey"], alpha=0.15)
    certain_ax.bar(
        xs,
        [m.certain for m in days],
        width=0.45,
        color=PALETTE["green"],
        label=message("looper.deduction.certain_legend", language, n=cast),
    )
    for x, m in zip(xs, days, strict=True):
        certain_ax.annotate(
            str(m.certain),
            (x, m.certain),
            textcoords="offset points",
            xytext=(0, 3),
            ha="center",
            fontsize=CAPTION_PT,
            color=PALETTE["ink"],
        )
    certain_ax.set_ylim(0, cast + 0.6)
    certain_ax.set_yticks(range(0, cast + 1, max(1, cast // 4)))
    certain_ax.set_ylabel(_axis_label(message("looper.deduction.certain_roles", language)))
    certain_ax.set_xticks(xs, [day_label(m.when, language, short=True) for m in days], fontsize=CAPTION_PT)
    certain_ax.set_xlabel(message("looper.deduction.day_axis", language))
    certain_ax.margins(x=0.12)

    for ax in axes:  # each panel's legend just above it, on the right: clear of the data
        ax.legend(
            loc="lower right", bbox_to_anchor=(1, 0.98), frameon=False, fontsize=CAPTION_PT, borderaxespad=0
        )
    fig.align_ylabels(axes)
    fig.suptitle(message("looper.deduction.measures_title", language), fontsize=13, fontweight="bold")
    return fig


def candidates_table(
    history: list[tuple[tuple[int, int], Deduction]], language: str | None = None, truth: Script | None = None
) -> Table:
    """After each day: the candidates left, out of the private sheets the set allows, the entropy left in
    bits, how many roles are certain and, when the ``truth`` is known, the probability given to it
    (issue 23).

    >>> days = DayByDay("btx_01_first_contract")
    >>> _ = days.step()
    >>> candidates_table(days.history, "en", days.script).rows
    [['Loop 1, day 1', '648', '12564', '9.3', '0', '1/648']]
    """
    language = _language(language)
    rows = [
        [day_label(m.when, language), m.candidates, m.total, _decimal(m.bits, 1, language), m.certain]
        + ([m.true_probability] if m.true_probability is not None else [])
        for m in day_measures(history, truth)
    ]
    header = [
        "looper.deduction.after",
        "looper.deduction.candidates_left",
        "looper.deduction.sheets_allowed",
        "looper.deduction.entropy_left",
        "looper.deduction.certain_roles",
    ] + (["looper.deduction.true_probability"] if truth is not None else [])
    return Table(rows, [message(h, language) for h in header])


def _why(result: Deduction, e: dict[str, Any], language: str) -> str:
    """The sentence of one elimination with its fields named in ``language`` (never an internal id)."""
    fields = dict(e["why_fields"])
    if "kind" in fields and 0 <= e["event"] < len(result.record.events):
        fields["kind"] = describe_event(result.record.events[e["event"]], language).rstrip(".")
    if "character" in fields:
        fields["character"] = character_name(str(fields["character"]), language)
    if "role" in fields:
        fields["role"] = role_name(str(fields["role"]), language)
    return message(e["why_id"], language, **fields)


def eliminations_table(result: Deduction, language: str | None = None) -> Table:
    """Each public event that ruled candidates out: how many, what was seen, why (in ``language``)."""
    language = _language(language)
    rows = []
    for e in result.eliminated:
        event = result.record.events[e["event"]] if 0 <= e["event"] < len(result.record.events) else None
        seen = (
            describe_event(event, language)
            if event is not None
            else message("looper.deduction.record_end", language)
        )
        rows.append([e["removed"], seen, _why(result, e, language)])
    return Table(
        rows,
        [
            message("looper.deduction.removed", language),
            message("looper.deduction.seen", language),
            message("looper.deduction.why", language),
        ],
        title=message("looper.deduction.eliminations_title", language),
    )


def guess_table(result: Deduction, language: str | None = None) -> Table:
    """The advisor's final guess: each character's role, the chance that answer is right, and the whole
    guess's probability in the title, with how many guesses are as likely when several tie
    (:meth:`~rulesengine.looper.deduction.results.Deduction.best_guesses`).

    >>> days = DayByDay("btx_01_first_contract")
    >>> table = guess_table(days.step(), "en")
    >>> table.title
    'Advisor’s best guess — all roles right with probability 1/27 (one of 22 guesses as likely)'
    >>> table.rows[0]
    ['Boy Student', 'Brain', '10/27']
    """
    language = _language(language)
    ties, p = result.best_guesses()
    guess = ties[0] if ties else {}
    rows = [
        [character_name(c, language), role_name(r, language), result.roles[c].get(r, 0)]
        for c, r in guess.items()
    ]
    return Table(
        rows,
        [
            message("looper.deduction.character", language),
            message("looper.deduction.role", language),
            message("looper.deduction.chance", language),
        ],
        title=(
            message("looper.deduction.guess_title_tied", language, p=p, ties=len(ties))
            if len(ties) > 1
            else message("looper.deduction.guess_title", language, p=p)
        ),
    )


def next_table(result: Deduction, language: str | None = None) -> Table | None:
    """What to try tomorrow: the options ranked by expected information (bits); ``None`` when there is
    no choice to advise on."""
    language = _language(language)
    data = result.as_dict(language)["next"]
    if not data:
        return None
    rows = [
        [
            describe_action(from_dict(n["action"]), language),
            _decimal(n["expected_bits"], 2, language),
            n["why"],
        ]
        for n in data
    ]
    return Table(
        rows,
        [
            message("looper.deduction.option", language),
            message("looper.deduction.expected_bits", language),
            message("looper.deduction.why", language),
        ],
        title=message("looper.deduction.next_title", language),
    )


def summary(result: Deduction, language: str | None = None) -> list[Table]:
    """The eliminations explained, the advisor's guess and the next move, as tables in ``language``."""
    tables = [eliminations_table(result, language), guess_table(result, language)]
    advice = next_table(result, language)
    return tables + ([advice] if advice is not None else [])


class Tables:
    """Several :class:`Table` one under the other: HTML in a notebook, aligned text as ``repr``."""

    def __init__(self, tables: list[Table]) -> None:
        self.tables = tables

    def __repr__(self) -> str:
        return "\n\n".join(repr(t) for t in self.tables)

    def _repr_html_(self) -> str:
        return "<br>".join(t.html() for t in self.tables)


#: The size of the widget's pictures (inches at 100 dpi): fixed, so the page does not jump.
HEAT_SIZE = (6.4, 3.4)
FALL_SIZE = (3.6, 3.4)


def _image(size: tuple[float, float], css_class: str) -> widgets.Image:
    """An image widget of fixed size, hidden (no broken-image icon) until it has a picture."""
    image = widgets.Image(
        format="png",
        layout=widgets.Layout(
            width=f"{int(size[0] * 100)}px", height=f"{int(size[1] * 100)}px", visibility="hidden"
        ),
    )
    image.add_class(css_class)
    return image


#: How many recorded games the widget offers per script: game k is :class:`DayByDay` with seed k - 1
#: (its small private sheet and the heuristic agents' play follow from the seed, so it replays the same).
RECORDED_GAMES = 5


class DeductionWidget:
    """Pick a BTX script and a recorded game, press **Next day**: the heat map, the candidates chart and
    the explanation.

    Labels, names and sentences are in the notebook's language (and follow its switch). The pictures
    keep their place, empty, until the first day is played. Changing the script or the game starts it
    over.

    >>> app = DeductionWidget(draw=False)
    >>> app.heat.layout.visibility, app.picker.options[0], app.game.options[1]
    ('hidden', ('First Contract', 'btx_01_first_contract'), ('2', 1))
    """

    def __init__(self, script_id: str = "btx_01_first_contract", draw: bool = True, seed: int = 0) -> None:
        if not (isinstance(seed, int) and 0 <= seed < RECORDED_GAMES):
            raise InputError("seed", f"expected a recorded game from 0 to {RECORDED_GAMES - 1}, got {seed!r}")
        if script_id not in btx_scripts():
            raise InputError("script_id", f"expected one of {', '.join(btx_scripts())}, got {script_id!r}")
        self.draw = draw
        self.picker = widgets.Dropdown(options=script_choices(), value=script_id)
        self.game = widgets.Dropdown(
            options=[(str(k + 1), k) for k in range(RECORDED_GAMES)],
            value=seed,
            layout=widgets.Layout(width="160px"),
            style={"description_width": "initial"},
        )
        self.game.add_class("rulesengine-deduce-game")
        self.next = widgets.Button(layout=widgets.Layout(width="180px"))
        self.next.add_class("rulesengine-deduce-next")
        self.heat = _image(HEAT_SIZE, "rulesengine-deduce-heat")
        self.fall = _image(FALL_SIZE, "rulesengine-deduce-fall")
        self.text = widgets.HTML()
        self.text.add_class("rulesengine-deduce-text")
        self.days = DayByDay(script_id, seed)
        self.picker.observe(self._restart, names="value")
        self.game.observe(self._restart, names="value")
        self.next.on_click(lambda _b: self.step())
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.picker, self.game, self.next]),
                widgets.HBox([self.heat, self.fall]),
                self.text,
            ]
        )
        self.widget.add_class("rulesengine-deduce")
        self._relabel()
        self._unsubscribe = on_new_language(lambda _language: self._relabel(redraw=True))

    def _relabel(self, redraw: bool = False) -> None:
        self.picker.description = message("looper.deduction.script")
        self.game.description = message("looper.deduction.recorded_game")
        self.next.description = message("looper.deduction.next_day")
        if redraw and self.days.history:
            self._show()

    def _restart(self, _change: Any = None) -> None:
        self.days = DayByDay(self.picker.value, self.game.value)
        for image in (self.heat, self.fall):
            image.layout.visibility = "hidden"
            image.value = b""
        self.text.value = ""
        self.next.disabled = False

    def _show(self) -> None:
        when, result = self.days.history[-1]
        self.text.value = Tables(summary(result))._repr_html_()
        if self.draw:
            label = day_label(when)
            self.heat.value = png(lambda ax: role_heat_map(result, ax, label), size=HEAT_SIZE)
            self.fall.value = png(candidates_chart, self.days.history, size=FALL_SIZE)
            for image in (self.heat, self.fall):
                image.layout.visibility = "visible"

    def step(self) -> Deduction:
        """One more day: deduce and redraw."""
        result = self.days.step()
        self._show()
        self.next.disabled = self.days.game.is_over
        return result


__all__ = [
    "MEASURES_SIZE",
    "RECORDED_GAMES",
    "DayByDay",
    "DayMeasures",
    "DeductionWidget",
    "Tables",
    "btx_scripts",
    "candidates_chart",
    "candidates_table",
    "candidates_word",
    "day_label",
    "day_measures",
    "eliminations_table",
    "guess_table",
    "measures_chart",
    "message",
    "next_table",
    "picture",
    "png",
    "role_heat_map",
    "script_choices",
    "summary",
]
