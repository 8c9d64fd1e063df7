"""Figures by player count (GR-C1, GR-S1) and the culprit rule (GR-R1..R3)."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.grove import Figure, culprit_figure, culprit_index, figure_counts, figures_in_play
from rulesengine.grove.rules.figures import check_players, parse_figure


def figs(text: str) -> tuple[Figure, Figure, Figure]:
    a, b, c = (Figure.parse(ch) for ch in text)
    return (a, b, c)


@pytest.mark.parametrize(
    ("scene", "culprit"),
    [("586", "5"), ("X24", "4"), ("X56", "5"), ("XX4", "4"), ("386", "8"), ("753", "3")],
)
def test_culprit_cases_gr_r1_gr_r2_gr_r3(scene: str, culprit: str) -> None:
    """The issue's culprit cases: {5,8,6}->5, {X,2,4}->4, {X,5,6}->5, {X,X,4}->4, {3,8,6}->8, {7,5,3}->3."""
    assert culprit_figure(figs(scene)) == Figure.parse(culprit)


def test_highest_number_is_culprit_gr_r1() -> None:
    assert culprit_figure(figs("247")) == 7
    assert culprit_index(figs("724")) == 0


def test_five_makes_lowest_culprit_gr_r2() -> None:
    assert culprit_figure(figs("856")) == 5  # the 5 itself is the lowest
    assert culprit_figure(figs("258")) == 2
    assert culprit_index(figs("852")) == 2


def test_x_is_never_culprit_gr_r3() -> None:
    assert culprit_figure(figs("X2X")) == 2
    assert culprit_index(figs("X5X")) == 1
    with pytest.raises(InputError):
        culprit_figure((Figure.X, Figure.X, Figure.X))


def test_culprit_needs_three_suspects() -> None:
    with pytest.raises(InputError, match="3 suspects"):
        culprit_figure((Figure(2), Figure(3)))


def test_figures_by_player_count_gr_s1() -> None:
    numbers = tuple(Figure(v) for v in range(2, 9))
    assert figures_in_play(2) == numbers
    assert figures_in_play(3) == numbers
    assert figures_in_play(4) == (*numbers, Figure.X)
    assert figures_in_play(5) == (*numbers, Figure.X, Figure.X)
    assert [sum(figure_counts(n).values()) for n in (2, 3, 4, 5)] == [7, 7, 8, 9]


@pytest.mark.parametrize("bad", [1, 6, 0, "3", True, None])
def test_player_count_out_of_range_gr_s1(bad: object) -> None:
    with pytest.raises(InputError, match="must be 2 to 5"):
        check_players(bad)


@pytest.mark.parametrize("bad", ["9", "1", "", "XX", "5.0", 10, "x5"])
def test_parse_figure_rejects_gr_c1(bad: object) -> None:
    with pytest.raises(InputError, match="is not a figure"):
        parse_figure(bad)  # type: ignore[arg-type]


def test_figure_faces_gr_c1() -> None:
    assert [f.label for f in figures_in_play(5)] == ["2", "3", "4", "5", "6", "7", "8", "X", "X"]
    assert repr([Figure.X, Figure(5)]) == "[X, 5]"
    assert f"{Figure.X:>3}" == "  X"
    assert parse_figure("x") is Figure.X and parse_figure(" 8 ") is Figure.EIGHT
