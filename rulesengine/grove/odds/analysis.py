"""Tables for the culprit-odds notebook: heat maps over seen pairs, odds by player count.

Plain data (lists of records and matrices of :class:`~fractions.Fraction`), no plotting: the notebook
and :mod:`rulesengine.viz.grove.odds` turn them into charts. Rule ids: GR-S1, GR-R1..R3.

>>> grid = seen_pair_grid(3, ["2", "3"])
>>> grid.faces
(4, 5, 6, 7, 8)
>>> str(grid.unseen[3][4])   # saw 7 and 8: the unseen suspect is guilty 1 time in 3
'1/3'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rulesengine.errors import InputError
from rulesengine.grove.odds.exact import Knowledge, base_rates, culprit_odds
from rulesengine.grove.rules.figures import Figure, check_players, figure_counts, parse_figure

__all__ = ["SeenPairGrid", "base_rate_records", "odds_by_players", "seen_pair_grid"]


@dataclass(frozen=True)
class SeenPairGrid:
    """For one player count and pair of alibis: the odds over every pair of seen faces.

    Rows are the face of suspect 0, columns the face of suspect 1 (both looked at); ``None`` where the
    pair cannot occur (a number seen twice, or a seen face that is an alibi). ``unseen[r][c]`` is
    P(suspect 2, not looked at, is the culprit); ``higher[r][c]`` P(the higher seen face is the culprit).
    """

    players: int
    alibis: tuple[Figure, ...]
    public: Figure | None
    faces: tuple[Figure, ...]
    unseen: tuple[tuple[Fraction | None, ...], ...]
    higher: tuple[tuple[Fraction | None, ...], ...]


def seen_pair_grid(players: int, alibis: Sequence[str | int | Figure],
                   public: str | int | Figure | None = None) -> SeenPairGrid:
    """The culprit odds over every pair of faces seen at suspects 0 and 1 (GR-R1..R3).

    >>> grid = seen_pair_grid(5, ["2", "3"])
    >>> grid.faces[-1], grid.unseen[-1][-1]   # two X seen: the unseen suspect is certainly guilty
    (X, Fraction(1, 1))
    """
    base = Knowledge.make(players, alibis, {}, public)
    pool = base.pool_before_looking()
    faces = tuple(sorted(f for f in pool if f.is_number)) + ((Figure.X,) if pool[Figure.X] else ())
    unseen_rows: list[tuple[Fraction | None, ...]] = []
    higher_rows: list[tuple[Fraction | None, ...]] = []
    for a in faces:
        u_row: list[Fraction | None] = []
        h_row: list[Fraction | None] = []
        for b in faces:
            if a == b and pool[a] < 2:
                u_row.append(None)
                h_row.append(None)
                continue
            odds = culprit_odds(Knowledge.make(players, base.alibis, {0: a, 1: b}, base.public))
            u_row.append(odds.suspects[2])
            higher = 0 if int(a) >= int(b) else 1
            h_row.append(odds.suspects[higher])
        unseen_rows.append(tuple(u_row))
        higher_rows.append(tuple(h_row))
    return SeenPairGrid(players, base.alibis, base.public, faces, tuple(unseen_rows), tuple(higher_rows))


def base_rate_records(players_list: Sequence[int] = (2, 3, 4, 5)) -> list[dict[str, object]]:
    """Long-form records of the base rates: per player count and figure, P(at the scene), P(culprit).

    >>> rows = base_rate_records([3]); rows[3]
    {'players': 3, 'figure': '5', 'at_scene': Fraction(3, 7), 'culprit': Fraction(3, 35)}
    """
    rows: list[dict[str, object]] = []
    for n in players_list:
        rates = base_rates(n)
        for f in sorted(figure_counts(n), key=lambda fig: (not fig.is_number, int(fig))):
            rows.append({"players": n, "figure": f.label, "at_scene": rates.at_scene[f],
                         "culprit": rates.culprit_number.get(f, Fraction(0))})
    return rows


def odds_by_players(alibis: Sequence[str | int | Figure], seen: dict[int, str | int | Figure],
                    players_list: Sequence[int] = (3, 4, 5), public: str | int | Figure | None = None
                    ) -> list[dict[str, object]]:
    """The same alibis and looks under different player counts (more players: the X figures join).

    With 2 players ``public`` is needed and only the first alibi is used (GR-2P3).

    >>> [str(r["unseen"]) for r in odds_by_players(["2", "3"], {0: "7", 1: "8"})]
    ['1/3', '1/4', '1/5']
    """
    rows: list[dict[str, object]] = []
    for n in players_list:
        check_players(n)
        if n == 2:
            if public is None:
                raise InputError("public", "with 2 players the face-up figure is required (GR-2P1)")
            k = Knowledge.make(2, [parse_figure(alibis[0])], seen, public)
        else:
            k = Knowledge.make(n, alibis, seen)
        odds = culprit_odds(k)
        rows.append({"players": n, "p0": odds.suspects[0], "p1": odds.suspects[1], "p2": odds.suspects[2],
                     "unseen": odds.unseen})
    return rows
