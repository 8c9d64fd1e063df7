"""The odds explorer driven from Python: set ``.value``, read the controller and the chart's artists."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.grove import Knowledge, culprit_odds
from rulesengine.grove.odds.analysis import odds_by_players, seen_pair_grid
from rulesengine.viz.grove.odds import (
    OddsExplorer,
    chart,
    plot_base_rates,
    plot_hit_rates,
    plot_odds_by_players,
    plot_seen_pair_grid,
)


def bar_labels(explorer: OddsExplorer) -> list[str]:
    ax = explorer.chart.figure.axes[0]
    return [t.get_text() for t in ax.texts]


def bar_heights(explorer: OddsExplorer) -> list[float]:
    ax = explorer.chart.figure.axes[0]
    return [p.get_height() for p in ax.patches][3:]  # the first three are the faint backdrop bars


def test_default_is_the_worked_example():
    explorer = OddsExplorer()
    assert explorer.fractions_text() == ["0", "2/3", "1/3"]
    assert bar_labels(explorer) == ["0", "2/3", "1/3"]
    assert bar_heights(explorer) == pytest.approx([0, 2 / 3, 1 / 3])
    assert 'data-suspect="1"' in explorer.fractions.value and "<code>2/3</code>" in explorer.fractions.value


def test_changing_controls_changes_chart_and_fractions():
    explorer = OddsExplorer()
    explorer.players.value = 5
    explorer.alibi_a.value = "X"
    explorer.alibi_b.value = "5"
    explorer.seen[0].value = "X"
    explorer.seen[1].value = ""
    explorer.seen[2].value = "4"
    expected = culprit_odds(Knowledge.make(5, ["X", "5"], {0: "X", 2: "4"}))
    assert explorer.odds == expected
    assert bar_labels(explorer) == ["0", "3/5", "2/5"]
    assert bar_heights(explorer) == pytest.approx([0, 0.6, 0.4])
    ticks = [t.get_text() for t in explorer.chart.figure.axes[0].get_xticklabels()]
    assert ticks == ["Suspect 0\n= X", "Suspect 1\n(not looked at)", "Suspect 2\n= 4"]


def test_two_players_shows_the_face_up_control():
    explorer = OddsExplorer()
    explorer.players.value = 2
    assert explorer.public.layout.visibility == "visible"
    assert explorer.alibi_b.layout.visibility == "hidden"
    assert explorer.odds is not None and explorer.odds.knowledge.public == 4
    explorer.players.value = 3
    assert explorer.public.layout.visibility == "hidden"


def test_impossible_input_is_explained_in_the_widget():
    explorer = OddsExplorer()
    explorer.seen[0].value = "X"
    assert explorer.odds is None
    assert explorer.message.last_error == (
        "Impossible input: seen: figure X is not in play with 3 players (GR-S1)"
    )
    assert explorer.fractions_text() == []
    assert bar_labels(explorer) == ["Impossible input"]
    explorer.seen[0].value = "2"
    assert "used twice" in (explorer.message.last_error or "")
    explorer.seen[0].value = "4"
    assert explorer.message.last_error is None and explorer.odds is not None


def test_bayes_table_matches_the_engine():
    explorer = OddsExplorer()
    frame = explorer.bayes_frame()
    assert list(frame.columns) == ["Hypothesis", "Prior", "Likelihood", "Unnormalised", "Posterior"]
    assert frame["Posterior"].tolist() == ["0", "2/3", "1/3"]
    assert frame["Likelihood"].tolist() == ["0", "1/10", "1/20"]
    assert "grove-bayes-table" in explorer.bayes.value


def test_language_switch_relabels():
    explorer = OddsExplorer()
    explorer.switch.widget.value = "vi"
    assert explorer.players.description == "Người chơi"
    assert explorer.seen[0].description == "Nghi phạm 0"
    assert explorer.bayes_frame().columns[0] == "Giả thuyết"
    assert explorer.fractions_text() == ["0", "2/3", "1/3"]


def test_analysis_charts_have_exact_labels():
    from matplotlib.figure import Figure

    ax = Figure().add_subplot()
    plot_hit_rates([3], ax=ax)
    assert [t.get_text() for t in ax.texts] == ["1/3", "8/21", "7/10"]
    ax = Figure().add_subplot()
    plot_seen_pair_grid(seen_pair_grid(3, ["2", "3"]), ax=ax)
    assert "1/3" in [t.get_text() for t in ax.texts]
    assert ax.get_xlabel() == "Suspect 1" and ax.get_ylabel() == "Suspect 0"
    ax = Figure().add_subplot()
    plot_odds_by_players(odds_by_players(["2", "3"], {0: "7", 1: "8"}), ax=ax)
    assert [t.get_text() for t in ax.texts] == ["0", "2/3", "1/3", "0", "3/4", "1/4", "0", "4/5", "1/5"]
    ax = Figure().add_subplot()
    plot_base_rates(ax=ax)
    assert ax.get_legend() is not None and len(ax.patches) == 4 * 8
    assert chart(plot_base_rates).data[:4] == b"\x89PNG"
    assert Fraction(1, 5) == odds_by_players(["2", "3"], {0: "7", 1: "8"})[2]["unseen"]
