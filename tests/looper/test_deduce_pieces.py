"""The cut of the counted deduction (issue 23): a box less the boxes met before it, as disjoint pieces.

``_Pieces.cut`` finds the boxes a piece meets through a per-factor index (bit sets of the boxes that have
each mask), compares a few boxes in Python and many over numpy columns, and masks wider than 62 bits in
several columns. Whatever path it takes, the pieces must be exactly the box less the union of the boxes
met: checked here point by point against a brute force, on small universes whose masks reach past bit
62 and bit 124, with few boxes met and with many.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.looper.deduction.counted import _bits, _Pieces

# (the bit positions each factor may use: the first narrow, the second across three 62-bit columns)
POSITIONS = ((0, 1, 2), (0, 61, 62, 63, 124, 130), (0, 1, 2, 3))


def _points(box: tuple[int, ...]) -> set[tuple[int, ...]]:
    axes = ([b for b in pos if mask >> b & 1] for mask, pos in zip(box, POSITIONS, strict=True))
    return set(itertools.product(*axes))


def _mask(pos: tuple[int, ...]) -> st.SearchStrategy[int]:
    return st.sets(st.sampled_from(pos), min_size=1).map(lambda bits: sum(1 << b for b in bits))


BOX = st.tuples(*(_mask(pos) for pos in POSITIONS))


@settings(max_examples=150, deadline=None)
@given(met=st.lists(BOX, max_size=40), boxes=st.lists(BOX, min_size=1, max_size=6))
def test_a_cut_is_the_box_less_the_boxes_met_in_disjoint_pieces(
    met: list[tuple[int, ...]], boxes: list[tuple[int, ...]]
) -> None:
    seen = _Pieces()
    covered: set[tuple[int, ...]] = set()
    for b in met:
        seen.add(b)
        covered |= _points(b)
    for box in boxes:  # (several boxes cut in turn, each added after: as the cutter does, level by level)
        pieces = seen.cut(box)
        got: set[tuple[int, ...]] = set()
        for piece in pieces:
            points = _points(piece)
            assert points, "an empty piece"
            assert not points & got, "pieces overlap"
            got |= points
        assert got == _points(box) - covered
        seen.add(box)
        covered |= _points(box)


@given(st.sets(st.integers(0, 300)))
def test_bits_lists_the_set_bits_in_order(positions: set[int]) -> None:
    value = sum(1 << p for p in positions)
    assert _bits(value, 301).tolist() == sorted(positions)
