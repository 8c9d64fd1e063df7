"""Brute-force culprit odds over every deal: a second, independent path to the exact odds.

Slow on purpose (it walks all 5 040 to 181 440 deals); used by tests and by the benchmark as the
baseline that :mod:`rulesengine.grove.odds` must agree with and beat. Rule ids: GR-S3, GR-R1..R3.

>>> from rulesengine.grove.odds import Knowledge
>>> [str(p) for p in brute_force_odds(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))]
['0', '2/3', '1/3']
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from rulesengine.grove.figures import Figure, culprit_index
from rulesengine.grove.game import enumerate_deals
from rulesengine.grove.odds import Knowledge

__all__ = ["brute_force_odds", "brute_force_table"]

Odds3 = tuple[Fraction, Fraction, Fraction]

_INDEX_SETS: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2))


def _seat0_key(deal_alibis: tuple[Figure, Figure], public: Figure | None) -> tuple[Figure, ...]:
    return tuple(sorted(deal_alibis)) if public is None else (deal_alibis[0],)


def brute_force_odds(knowledge: Knowledge) -> Odds3:
    """P(each suspect is the culprit) by walking every deal and keeping those seat 0 could see.

    Seat 0's alibis are the figure dealt to it and the one from its right (or, with 2 players, the
    figure in hand and the face-up one); symmetry makes seat 0 stand for any seat.
    """
    counts = [0, 0, 0]
    want = knowledge.alibis
    for deal in enumerate_deals(knowledge.players):
        if deal.public != knowledge.public:
            continue
        if _seat0_key(deal.alibis(0), deal.public) != want:
            continue
        if any(deal.suspects[i] != f for i, f in knowledge.seen):
            continue
        counts[culprit_index(deal.suspects)] += 1
    total = sum(counts)
    return (Fraction(counts[0], total), Fraction(counts[1], total), Fraction(counts[2], total))


def brute_force_table(players: int) -> dict[Knowledge, Odds3]:
    """The odds of every information state of seat 0, by one walk over every deal.

    >>> table = brute_force_table(2); len(table)
    3192
    """
    counts: dict[Knowledge, list[int]] = defaultdict(lambda: [0, 0, 0])
    for deal in enumerate_deals(players):
        alibis = _seat0_key(deal.alibis(0), deal.public)
        c = culprit_index(deal.suspects)
        for idx in _INDEX_SETS:
            seen = tuple((i, deal.suspects[i]) for i in idx)
            counts[Knowledge(players, alibis, seen, deal.public)][c] += 1
    out: dict[Knowledge, Odds3] = {}
    for key, (a, b, c3) in counts.items():
        total = a + b + c3
        out[key] = (Fraction(a, total), Fraction(b, total), Fraction(c3, total))
    return out
