"""Figures, the figures in play for each player count, and the culprit rule.

Rule ids: GR-C1 (the figures), GR-S1 (figures by player count), GR-R1..GR-R3 (who is the culprit).

>>> figures_in_play(4)
(2, 3, 4, 5, 6, 7, 8, X)
>>> culprit_index((Figure(5), Figure(8), Figure(6)))
0
>>> CULPRITS[Figure(5), Figure(8), Figure(6)], CULPRITS[0, 2, 4], CULPRITS[0, 5, 6], len(CULPRITS)
(0, 2, 1, 511)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rulesengine.errors import InputError

__all__ = [
    "CULPRITS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Figure",
    "check_players",
    "culprit_figure",
    "culprit_index",
    "figure_counts",
    "figures_in_play",
    "parse_figure",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 5


class Figure(enum.IntEnum):
    """One figure (GR-C1): a number 2..8, or X (value 0, always innocent, GR-R3).

    The ``repr`` and ``str`` are the printed face (``5``, ``X``) so lists of
    figures read like the table.

    >>> Figure(5), Figure.X, Figure.parse("x")
    (5, X, X)
    >>> Figure.X.is_number, Figure.EIGHT.label
    (False, '8')
    """

    X = 0
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8

    @property
    def label(self) -> str:
        """The printed face: ``"2"`` .. ``"8"`` or ``"X"``."""
        return "X" if self is Figure.X else str(int(self))

    @property
    def is_number(self) -> bool:
        """True for the numbered figures 2..8 (GR-C1)."""
        return self is not Figure.X

    def __repr__(self) -> str:
        return self.label

    def __str__(self) -> str:
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)

    @classmethod
    def parse(cls, text: str | int) -> Figure:
        """Read a figure from ``"2"``..``"8"``, ``"X"`` (any case) or an int.

        >>> Figure.parse(" 7 ")
        7
        >>> Figure.parse("9")
        Traceback (most recent call last):
        ...
        rulesengine.errors.InputError: figure: '9' is not a figure (2..8 or X)
        """
        return parse_figure(text)


def parse_figure(text: str | int, where: str = "figure") -> Figure:
    """Read one figure (GR-C1) from text or an int; raise :class:`InputError` otherwise.

    >>> parse_figure("X"), parse_figure(2)
    (X, 2)
    """
    if isinstance(text, Figure):
        return text
    if isinstance(text, int) and not isinstance(text, bool):
        if 2 <= text <= 8:
            return Figure(text)
        raise InputError(where, f"{text!r} is not a figure (2..8 or X)")
    if isinstance(text, str):
        raw = text.strip().upper()
        if raw == "X":
            return Figure.X
        if len(raw) == 1 and "2" <= raw <= "8":  # ASCII digits only: "²".isdigit() is True
            return Figure(int(raw))
    raise InputError(where, f"{text!r} is not a figure (2..8 or X)")


def check_players(players: object, where: str = "players") -> int:
    """Return the player count if it is an int from 2 to 5 (GR-S1), else raise :class:`InputError`.

    >>> check_players(3)
    3
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(where, f"must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    return players


def figures_in_play(players: int) -> tuple[Figure, ...]:
    """The figures used with this many players, sorted (GR-S1).

    2 or 3 players: 2..8 (7 figures); 4 players: one X added (8); 5 players: both X (9).

    >>> figures_in_play(2)
    (2, 3, 4, 5, 6, 7, 8)
    >>> len(figures_in_play(5))
    9
    """
    check_players(players)
    numbers = tuple(Figure(v) for v in range(2, 9))
    xs = {2: 0, 3: 0, 4: 1, 5: 2}[players]
    return numbers + (Figure.X,) * xs


def figure_counts(players: int) -> Counter[Figure]:
    """How many of each figure are in play (GR-S1): every number once, X zero to two times.

    >>> figure_counts(5)[Figure.X]
    2
    """
    return Counter(figures_in_play(players))


def _numbers(suspects: Iterable[Figure]) -> list[Figure]:
    return [f for f in suspects if f.is_number]


def culprit_figure(suspects: Sequence[Figure]) -> Figure:
    """The culprit's figure among three suspects (GR-R1, GR-R2, GR-R3).

    The highest number is the culprit (GR-R1), unless a 5 is among the suspects, in which case
    the lowest number is (GR-R2). X figures are never the culprit and are ignored (GR-R3).

    >>> [culprit_figure(tuple(map(Figure.parse, s))) for s in ("586", "X24", "X56", "XX4", "386", "753")]
    [5, 4, 5, 4, 8, 3]
    """
    if len(suspects) != 3:
        raise InputError("suspects", f"a crime scene has 3 suspects, got {len(suspects)}")
    numbers = _numbers(suspects)
    if not numbers:
        raise InputError("suspects", "three X suspects cannot occur: there are only two X figures")
    return min(numbers) if Figure.FIVE in numbers else max(numbers)


def culprit_index(suspects: Sequence[Figure]) -> int:
    """The index (0, 1 or 2) of the culprit among three suspects (GR-R1..GR-R3).

    Numbered figures are unique, so the culprit's index is unique. A lookup in :data:`CULPRITS` (the rule
    memoised once for every scene); a scene that cannot occur raises :class:`InputError`, as
    :func:`culprit_figure` does.

    >>> culprit_index((Figure.X, Figure(2), Figure(4)))
    2
    >>> culprit_index([Figure(5), Figure(8), Figure(6)]), culprit_index((7, 5, 3))
    (0, 2)
    """
    try:
        return CULPRITS[tuple(suspects)]  # type: ignore[index]
    except (KeyError, TypeError):
        return list(suspects).index(culprit_figure(suspects))


def _culprit_table() -> dict[tuple[int, int, int], int]:
    faces = (Figure.X, *(Figure(v) for v in range(2, 9)))
    return {
        (int(a), int(b), int(c)): list(scene).index(culprit_figure(scene))
        for a in faces
        for b in faces
        for c in faces
        if (scene := (a, b, c)).count(Figure.X) < 3
    }


#: The culprit rule memoised once (GR-R1..GR-R3): the culprit's index (0, 1 or 2) by the three suspects'
#: faces, for every scene that can occur (511 of them: three X cannot). The keys are plain ints (X = 0),
#: as :mod:`rulesengine.grove.strategy.fastsim` and :mod:`rulesengine.grove.odds.exact` read it (an int
#: key compares fastest with an int); a ``Figure`` hashes and compares as its int, so a tuple of figures
#: finds the same entry. Read-only: do not change it.
CULPRITS: Mapping[tuple[int, int, int], int] = _culprit_table()
