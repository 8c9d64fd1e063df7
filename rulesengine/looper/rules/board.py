"""The board as the engine uses it: the locations, the 2x2 grid and the movement table, read from the data.

Every fact here comes from ``data/looper/board.yaml`` through
:func:`~rulesengine.looper.rules.content.load_content` (content facts §2); :meth:`Board.of` turns a loaded
:class:`~rulesengine.looper.rules.content.Content` into plain strings (locations equal to the values of
:class:`~rulesengine.looper.rules.content.Location`, a ``StrEnum``, so
either form works as a key). The module-level names are the shipped board's values.

::

     hospital | shrine
     ---------+-------
     city     | school

>>> move("hospital", "horizontal"), move("hospital", "vertical"), move("hospital", "diagonal")
('shrine', 'city', 'school')
>>> combine_moves(["horizontal", "vertical"])
'diagonal'
>>> BOARD.grid
(('hospital', 'shrine'), ('city', 'school'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeVar

from rulesengine.looper.rules.content import DIRECTIONS as _DIRECTIONS
from rulesengine.looper.rules.content import Content, load_content

T = TypeVar("T")

_PER_CONTENT: dict[tuple[int, str], tuple[Content, object]] = {}


def per_content(content: Content, name: str, build: Callable[[Content], T]) -> T:
    """``build(content)``, worked out once per content object (the content is immutable).

    >>> per_content(load_content(), "board", Board.of) is per_content(load_content(), "board", Board.of)
    True
    """
    key = (id(content), name)
    hit = _PER_CONTENT.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]  # type: ignore[return-value]
    value = build(content)
    _PER_CONTENT[key] = (content, value)
    return value


@dataclass(frozen=True, slots=True)
class Board:
    """The board of one content: locations row by row, the grid, and where each move leads (TL-D4).

    >>> b = Board.of(load_content())
    >>> b.locations, b.move("city", "vertical")
    (('hospital', 'shrine', 'city', 'school'), 'hospital')
    """

    locations: tuple[str, ...]
    grid: tuple[tuple[str, ...], ...]
    moves: Mapping[str, Mapping[str, str]]

    @staticmethod
    def of(content: Content) -> Board:
        """The board of ``content`` (built once per content object)."""
        return per_content(content, "board", _build_board)

    def move(self, location: str, direction: str) -> str:
        """Where a character at ``location`` ends after one move in ``direction`` (content facts §2).

        Raises
        ------
        ValueError
            For an unknown direction.
        """
        try:
            return self.moves[location][direction]
        except KeyError:
            raise ValueError(f"unknown direction {direction!r}") from None


def _build_board(content: Content) -> Board:
    grid = tuple(tuple(str(loc) for loc in row) for row in content.board.grid)
    table = content.board.moves
    moves = {str(loc): {str(d): str(dest) for d, dest in table[loc].items()} for loc in table}
    return Board(tuple(loc for row in grid for loc in row), grid, moves)


#: The shipped board.
BOARD: Final = Board.of(load_content())

#: The four locations in board order (row by row), from the shipped board.
LOCATIONS: Final = BOARD.locations

#: The three directions a movement card can give.
DIRECTIONS: Final = tuple(_DIRECTIONS)


def move(location: str, direction: str, board: Board = BOARD) -> str:
    """Where a character at ``location`` ends after one move in ``direction`` on ``board``.

    On the shipped board horizontal flips the column, vertical flips the row, diagonal flips both.

    >>> [move(loc, "diagonal") for loc in LOCATIONS]
    ['school', 'city', 'shrine', 'hospital']
    """
    return board.move(location, direction)


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
