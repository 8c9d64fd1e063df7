"""Notebook 05's chart of the measures an analyst reads after each day (issue 23): one point per day,
the deductions' own values (exact inside, floats only on the figure), every label from the catalogs in
the notebook's language."""

from __future__ import annotations

from fractions import Fraction

import pytest
from matplotlib.axes import Axes
from matplotlib.container import BarContainer
from matplotlib.figure import Figure

from rulesengine import i18n
from rulesengine.messages import message
from rulesengine.viz.looper.deduction import (
    DayByDay,
    candidates_table,
    day_label,
    day_measures,
    measures_chart,
    png,
)


@pytest.fixture(scope="module")
def days() -> DayByDay:
    days = DayByDay("btx_01_first_contract")
    while not days.game.is_over:
        days.step()
    return days


def _panels(fig: Figure) -> list[Axes]:
    return list(fig.axes)


def _ylabel(ax: Axes) -> str:
    return ax.get_ylabel().replace("\n", " ")  # a long label is broken over lines to fit its panel


def _legend(ax: Axes) -> list[str]:
    legend = ax.get_legend()
    assert legend is not None
    return [t.get_text() for t in legend.get_texts()]


def _certain_bars(ax: Axes) -> BarContainer:
    """The bars of the roles certain (the grey ones behind them are the cast, unlabelled)."""
    labelled = [c for c in ax.containers if isinstance(c, BarContainer) and not c.get_label().startswith("_")]
    assert len(labelled) == 1
    return labelled[0]


def test_day_measures_are_the_deductions_measures_exact(days: DayByDay) -> None:
    measures = day_measures(days.history, days.script)
    assert len(measures) == len(days.history) >= 3
    for m, (when, r) in zip(measures, days.history, strict=True):
        assert m.when == when
        assert (m.candidates, m.total, m.bits) == (r.candidates, r.total, r.entropy_bits)
        assert (m.certain, m.cast) == (len(r.certain_roles), len(r.roles))
        assert isinstance(m.true_probability, Fraction)
        assert m.true_probability == r.probability_of(days.script) > 0  # never ruled out
    assert all(m.true_probability is None for m in day_measures(days.history))


def test_the_chart_has_one_point_per_day_with_the_deductions_values(days: DayByDay) -> None:
    fig = measures_chart(days.history, days.script, Figure(), language="en")
    bits_ax, p_ax, certain_ax = _panels(fig)
    n = len(days.history)
    results = [r for _, r in days.history]

    (bits,) = bits_ax.get_lines()
    assert list(bits.get_xdata()) == list(range(n))
    assert list(bits.get_ydata()) == [r.entropy_bits for r in results]

    (p,) = p_ax.get_lines()
    assert list(p.get_xdata()) == list(range(n))
    assert list(p.get_ydata()) == [float(r.probability_of(days.script)) for r in results]
    assert p_ax.get_ylim()[0] <= 0 and p_ax.get_ylim()[1] >= 1
    assert [t.get_text() for t in p_ax.texts] == [str(r.probability_of(days.script)) for r in results]

    bars = _certain_bars(certain_ax)
    assert [b.get_height() for b in bars] == [len(r.certain_roles) for r in results]
    assert [b.get_x() + b.get_width() / 2 for b in bars] == pytest.approx(list(range(n)))

    ticks = [t.get_text() for t in certain_ax.get_xticklabels()]
    assert ticks == [day_label(when, "en", short=True) for when, _ in days.history]
    assert ticks[0] == "Loop 1,\nday 1"
    assert [_ylabel(ax) for ax in (bits_ax, p_ax, certain_ax)] == [
        "Bits left",
        "P(true script)",
        "Roles certain",
    ]
    assert certain_ax.get_xlabel() == "End of day"
    assert fig.get_suptitle() == "The deduction’s measures after each day"
    assert _legend(bits_ax) == ["Bits left: the entropy of the candidates"]
    assert _legend(p_ax) == ["Probability of the true script"]
    assert _legend(certain_ax) == ["Roles certain (of 4 characters)"]


def test_without_the_truth_the_chart_has_no_probability_panel(days: DayByDay) -> None:
    fig = measures_chart(days.history, fig=Figure(), language="en")
    bits_ax, certain_ax = _panels(fig)
    assert [_ylabel(ax) for ax in (bits_ax, certain_ax)] == ["Bits left", "Roles certain"]
    assert len(bits_ax.get_lines()) == 1 and not certain_ax.get_lines()


@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_labels_are_in_the_language_asked_or_the_notebooks(days: DayByDay, language: str) -> None:
    def labels(fig: Figure) -> list[str]:
        axes = _panels(fig)
        return (
            [fig.get_suptitle(), axes[-1].get_xlabel()]
            + [_ylabel(ax) for ax in axes]
            + [text for ax in axes for text in _legend(ax)]
            + [t.get_text() for t in axes[-1].get_xticklabels()]
        )

    other = "vi" if language == "en" else "en"
    asked = labels(measures_chart(days.history, days.script, Figure(), language=language))
    expected = [
        message("looper.deduction.measures_title", language),
        message("looper.deduction.day_axis", language),
        message("looper.deduction.entropy_left", language),
        message("looper.deduction.true_probability", language),
        message("looper.deduction.certain_roles", language),
        message("looper.deduction.bits_legend", language),
        message("looper.deduction.truth_legend", language),
        message("looper.deduction.certain_legend", language, n=4),
    ] + [day_label(when, language, short=True) for when, _ in days.history]
    assert asked == expected
    assert labels(measures_chart(days.history, days.script, Figure(), language=other)) != asked
    i18n.set_language(language)  # no language: the notebook's
    assert labels(measures_chart(days.history, days.script, Figure())) == asked


def test_vietnamese_labels_read_in_vietnamese(days: DayByDay) -> None:
    fig = measures_chart(days.history, days.script, Figure(), language="vi")
    axes = _panels(fig)
    assert fig.get_suptitle() == "Các thước đo của phép suy luận sau mỗi ngày"
    assert [_ylabel(ax) for ax in axes] == ["Bit còn lại", "P(kịch bản thật)", "Vai trò đã chắc chắn"]
    assert axes[-1].get_xticklabels()[0].get_text() == "Vòng lặp 1,\nngày 1"
    assert _legend(axes[-1]) == ["Vai trò đã chắc chắn (trên 4 nhân vật)"]
    bits = [r.entropy_bits for _, r in days.history]
    assert [t.get_text() for t in axes[0].texts] == [f"{b:.1f}".replace(".", ",") for b in bits]


def test_the_chart_draws_as_a_png_and_the_table_reads_the_same_measures(days: DayByDay) -> None:
    data = png(measures_chart, days.history, truth=days.script, size=(7.6, 6.2))
    assert data[:4] == b"\x89PNG"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (760, 620)
    rows = candidates_table(days.history, "en", days.script).rows
    assert [row[3:] for row in rows] == [
        [f"{m.bits:.1f}", str(m.certain), str(m.true_probability)]
        for m in day_measures(days.history, days.script)
    ]
