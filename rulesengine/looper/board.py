"""The board: four locations on a 2x2 grid and the three directions of movement.

Locations are plain strings equal to the values of
:class:`rulesengine.looper.content.Location` (a ``StrEnum``), so either form works as a key.

::

     hospital | shrine
     ---------+-------
     city     | school

>>> move("hospital", "horizontal"), move("hospital", "vertical"), move("hospital", "diagonal")
('shrine', 'city', 'school')
>>> combine_moves(["horizontal", "vertical"])
'diagonal'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: The four locations in board order (row by row).
LOCATIONS: Final = ("hospital", "shrine", "city", "school")

#: The three directions a movement card can give.
DIRECTIONS: Final = ("horizontal", "vertical", "diagonal")

_POS: Final = {"hospital": (0, 0), "shrine": (0, 1), "city": (1, 0), "school": (1, 1)}
_AT: Final = {pos: loc for loc, pos in _POS.items()}


def move(location: str, direction: str) -> str:
    """Where a character at ``location`` ends after one move in ``direction``.

    Horizontal flips the column, vertical flips the row, diagonal flips both (content facts §2).

    >>> [move(loc, "diagonal") for loc in LOCATIONS]
    ['school', 'city', 'shrine', 'hospital']
    """
    row, col = _POS[location]
    if direction == "horizontal":
        return _AT[(row, 1 - col)]
    if direction == "vertical":
        return _AT[(1 - row, col)]
    if direction == "diagonal":
        return _AT[(1 - row, 1 - col)]
    raise ValueError(f"unknown direction {direction!r}")


def combine_moves(directions: Iterable[str]) -> str | None:
    """The net direction of several movement cards on one character (TL-D4).

    Copies of one direction do not add up (two horizontal cards move once); two different
    directions make the third one (horizontal + vertical = diagonal, diagonal + horizontal =
    vertical, diagonal + vertical = horizontal); all three cancel to no move.

    >>> combine_moves(["horizontal", "horizontal"])
    'horizontal'
    >>> combine_moves(["diagonal", "vertical"])
    'horizontal'
    >>> combine_moves([]) is None
    True
    """
    kinds = set(directions)
    flip_row = flip_col = False
    for d in kinds:
        if d in ("vertical", "diagonal"):
            flip_row = not flip_row
        if d in ("horizontal", "diagonal"):
            flip_col = not flip_col
    if flip_row and flip_col:
        return "diagonal"
    if flip_row:
        return "vertical"
    if flip_col:
        return "horizontal"
    return None
