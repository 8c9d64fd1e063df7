"""Notebook 05: the analyst's view of a script (issue 25) drawn — the Mastermind's win rate of each agent
pair, with its Wilson 95 % interval as an error bar (:mod:`rulesengine.looper.play.analyse` works it out).

>>> from rulesengine.looper.play.analyse import analyse
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR
>>> result = analyse(SCRIPTS_DIR / "fs_02_quiet_ward.yaml", [("heuristic", "random")], 2, deduce_games=0)
>>> ax = win_rates_chart(result, language="vi")
>>> ax.get_ylabel(), [t.get_text() for t in ax.get_xticklabels()]
('Tỉ lệ thắng của Mastermind', ['heuristic\\nngẫu nhiên'])
"""

from __future__ import annotations

import textwrap

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from rulesengine import i18n
from rulesengine.errors import InputError
from rulesengine.looper.play.analyse import Analysis
from rulesengine.messages import message
from rulesengine.viz.common import PALETTE

__all__ = ["win_rates_chart"]


def win_rates_chart(result: Analysis, ax: Axes | None = None, language: str | None = None) -> Axes:
    """One bar a pair (Mastermind agent over Protagonists agent): the Mastermind's win rate, its Wilson
    95 % interval as an error bar and its wins out of the games written above; the axes and title in
    ``language`` (default: the notebook's). ``ax=None`` draws on a new figure."""
    language = language or i18n.get_language()
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.4))
    xs = range(len(result.pairs))
    rates = [float(p.win_rate) for p in result.pairs]
    intervals = [p.interval() for p in result.pairs]
    below = [max(0.0, r - lo) for r, (lo, _) in zip(rates, intervals, strict=True)]
    above = [max(0.0, hi - r) for r, (_, hi) in zip(rates, intervals, strict=True)]
    ax.bar(xs, rates, width=0.6, color=PALETTE["blue"], edgecolor=PALETTE["ink"], linewidth=0.8)
    ax.errorbar(xs, rates, yerr=[below, above], fmt="none", ecolor=PALETTE["ink"], capsize=6, linewidth=1.2)
    for x, (p, (_, hi)) in enumerate(zip(result.pairs, intervals, strict=True)):
        ax.annotate(f"{p.mastermind_wins}/{p.games}", (x, hi), xytext=(0, 4), textcoords="offset points",
                    ha="center", va="bottom", fontsize=10, color=PALETTE["ink"])
    ax.set_xticks(list(xs), [f"{_agent(p.mastermind, language)}\n{_agent(p.protagonists, language)}"
                             for p in result.pairs])
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "1/4", "1/2", "3/4", "1"])
    ax.set_xlabel(message("looper.analyse.chart_x", language))
    ax.set_ylabel(message("looper.analyse.chart_y", language))
    title = message("looper.analyse.chart_title", language, script=result.script, games=result.games)
    ax.set_title(textwrap.fill(title, 70), fontsize=10)  # (two lines rather than cut at the figure's edge)
    ax.grid(axis="x", visible=False)
    return ax


def _agent(name: str, language: str) -> str:
    """An agent's short label in ``language`` (the glossary's ``agent_<name>``; the name itself when the
    glossary has none)."""
    try:
        return i18n.t(f"agent_{name}", language)
    except InputError:
        return name
