"""Brute-force culprit odds over every deal: a second, independent path to the exact odds.

Slow on purpose (it walks all 5 040 to 181 440 deals); used by tests and by the benchmark as the
baseline that :mod:`rulesengine.grove.odds.exact` must agree with and beat. Rule ids: GR-S3, GR-R1..R3.

>>> from rulesengine.grove.odds.exact import Knowledge
>>> [str(p) for p in brute_force_odds(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))]
['0', '2/3', '1/3']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction

from rulesengine.grove.odds.exact import Knowledge
from rulesengine.grove.rules.figures import Figure, culprit_index, figure_counts
from rulesengine.grove.rules.game import distinct_permutations

__all__ = ["brute_force_odds", "brute_force_table"]

Odds3 = tuple[Fraction, Fraction, Fraction]

_INDEX_SETS: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2))


RawDeal = tuple[tuple[Figure, ...], tuple[Figure, Figure, Figure], Figure | None]


def _raw_deals(players: int) -> Iterator[RawDeal]:
    """Seat 0's alibis (sorted; the hand alone with 2 players), the suspects and the face-up figure.

    The same walk as :func:`rulesengine.grove.rules.game.enumerate_deals`, without building each deal.
    """
    counts = dict(figure_counts(players))
    n = players
    for perm in distinct_permutations(counts, sum(counts.values())):
        suspects = (perm[n], perm[n + 1], perm[n + 2])
        if n == 2:
            yield (perm[0],), suspects, perm[n + 4]
        else:
            a, b = perm[0], perm[n - 1]
            yield ((a, b) if a <= b else (b, a)), suspects, None


def brute_force_odds(knowledge: Knowledge) -> Odds3:
    """P(each suspect is the culprit) by walking every deal and keeping those seat 0 could see.

    Seat 0's alibis are the figure dealt to it and the one from its right (or, with 2 players, the
    figure in hand and the face-up one); symmetry makes seat 0 stand for any seat.
    """
    counts = [0, 0, 0]
    want = knowledge.alibis
    for alibis, suspects, public in _raw_deals(knowledge.players):
        if public != knowledge.public or alibis != want:
            continue
        if any(suspects[i] != f for i, f in knowledge.seen):
            continue
        counts[culprit_index(suspects)] += 1
    total = sum(counts)
    return (Fraction(counts[0], total), Fraction(counts[1], total), Fraction(counts[2], total))


def brute_force_table(players: int) -> dict[Knowledge, Odds3]:
    """The odds of every information state of seat 0, by one walk over every deal.

    >>> table = brute_force_table(2); len(table)
    3192
    """
    counts: dict[Knowledge, list[int]] = defaultdict(lambda: [0, 0, 0])
    for alibis, suspects, public in _raw_deals(players):
        c = culprit_index(suspects)
        for idx in _INDEX_SETS:
            seen = tuple((i, suspects[i]) for i in idx)
            counts[Knowledge(players, alibis, seen, public)][c] += 1
    out: dict[Knowledge, Odds3] = {}
    for key, (a, b, c3) in counts.items():
        total = a + b + c3
        out[key] = (Fraction(a, total), Fraction(b, total), Fraction(c3, total))
    return out
