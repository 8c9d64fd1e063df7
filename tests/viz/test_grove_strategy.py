"""Notebooks 12 and 13's charts, tables and model explorer: in the notebook's language, one colour per
series, labels that fit, short decimals beside exact fractions."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from rulesengine import i18n
from rulesengine.grove.odds.inference import infer
from rulesengine.grove.odds.models import BestModel, HonestModel, Model, get_model
from rulesengine.viz.grove.strategy import (
    ModelExplorer,
    convergence_table,
    example_round,
    model_odds_records,
    model_odds_table,
    odds_cell,
    plot_model_odds,
    plot_rule_mix,
    plot_tournament,
    rules_table,
    tournament_table,
)

MODELS: list[tuple[str, Model]] = [("best", BestModel()), ("honest 10%", HonestModel(Fraction(1, 10))),
          ("honest 25%", HonestModel(Fraction(1, 4)))]
RULE: dict[str, Any] = {"position": 1, "five_in_alibis": True, "higher": 0.71, "lower": 0.02, "unseen": 0.26}
RECORD: dict[str, Any] = {"games": 10, "rounds": 40, "seed": 0, "results": [
    {"policy": "best", "seat_games": 30, "mean_incompetent": 2.0884, "loss_rate": 0.165,
     "loss_rate_95": [0.1, 0.2]},
    {"policy": "random", "seat_games": 30, "mean_incompetent": 3.7, "loss_rate": 0.45,
     "loss_rate_95": [0.4, 0.5]}]}


def texts(ax: Axes) -> list[str]:
    labels = [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    legend = ax.get_legend()
    labels += [t.get_text() for t in legend.get_texts()] if legend else []
    return [*labels, ax.get_xlabel(), ax.get_ylabel(), ax.get_title()]


def test_each_series_has_its_own_colour() -> None:
    rows = model_odds_records(example_round(), 1, MODELS)
    fig, ax = plt.subplots()
    plot_model_odds(rows, ax)
    colours = {tuple(bar.get_facecolor()) for bar in ax.patches}
    plt.close(fig)
    assert len(colours) == len(rows) == 4


def test_model_odds_chart_speaks_vietnamese() -> None:
    rows = model_odds_records(example_round(), 1, MODELS)
    i18n.set_language("vi")
    fig, ax = plt.subplots()
    plot_model_odds(rows, ax)
    words = " ".join(texts(ax))
    plt.close(fig)
    assert "Nghi phạm 0" in words and "P(hung thủ)" in words and "bỏ qua chip" in words
    assert "suspect" not in words and "culprit" not in words and "plain" not in words


def test_rule_mix_and_tournament_charts_speak_vietnamese() -> None:
    i18n.set_language("vi")
    fig, (ax1, ax2) = plt.subplots(1, 2)
    plot_rule_mix([RULE], ax1)
    plot_tournament(RECORD["results"], ax2)
    words = " ".join(texts(ax1) + texts(ax2))
    plt.close(fig)
    assert "người thứ hai, có 5 trong Ngoại phạm" in words and "tỉ lệ thua" in words
    assert "alibis" not in words and "higher" not in words and "loss rate" not in words


def test_odds_cell_shows_a_decimal_and_only_a_short_fraction() -> None:
    assert odds_cell(Fraction(7, 11)) == "7/11 ≈ 0.636"
    long = Fraction(19750901255000, 25115089105389)
    assert odds_cell(long) == "≈ 0.786"
    i18n.set_language("vi")
    assert odds_cell(Fraction(7, 11)) == "7/11 ≈ 0,636"


def test_tables_are_headed_in_the_notebook_language() -> None:
    rows = model_odds_records(example_round(), 1, MODELS)
    meta = {"players": 3, "measure": "nash_conv", "iterations": 20, "value": 0.0773, "history": [(1, 0.8709)]}
    i18n.set_language("vi")
    html = "".join(t.html() for t in (model_odds_table(rows), rules_table([RULE]), convergence_table([meta]),
                                      tournament_table(RECORD)))
    for word in ("<th>Mô hình</th>", "<th>Nghi phạm 2</th>", "<th>Tình huống</th>", "<th>Người chơi</th>",
                 "<th>Tỉ lệ thua</th>", "10 ván, 40 vòng", "<td>0,71</td>", "<td>0,0773</td>"):
        assert word in html, word
    assert "suspect" not in html.lower() and "policy" not in html.lower()


def test_explorer_labels_fit_and_speak_vietnamese() -> None:
    i18n.set_language("vi")
    explorer = ModelExplorer()
    controls = (explorer.model, explorer.bluff, explorer.chip)
    assert [c.description for c in controls] == ["mô hình", "tháu cáy %", "chip của người đi đầu đặt dưới"]
    assert all(c.style.description_width == "initial" for c in controls)
    assert [label for label, _ in explorer.chip.options] == ["Nghi phạm 0", "Nghi phạm 1", "Nghi phạm 2"]
    assert "Nghi phạm 1" in explorer.fractions.value and "suspect" not in explorer.fractions.value
    title = explorer.chart.figure.axes[0].get_title()
    assert title.startswith("xác suất của ghế 1")


def test_explorer_fractions_are_exact_in_code_and_decimal_beside() -> None:
    explorer = ModelExplorer()
    explorer.model.value = "equilibrium"
    odds = infer(example_round(0), 1, get_model("equilibrium", 3, Fraction(1, 10))).odds
    assert explorer.fractions_text() == [str(p) for p in odds]
    for p in odds:
        assert f">{p}</code>" in explorer.fractions.value
        if p.denominator > 1:
            assert f'"grove-inference-p">≈ {float(p):.3f}<' in explorer.fractions.value
