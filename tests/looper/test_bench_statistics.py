"""The statistics ``benchmarks/bench_deduce.py --win-rate`` prints about the agents (issue 12)."""

from __future__ import annotations

import itertools
import math
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_deduce import fisher_greater, wilson


def test_fisher_greater_counts_the_deals_of_the_wins() -> None:
    """The one-sided Fisher exact p-value is the share of the ways to deal the wins over the games in
    which the first agent gets at least as many as it had: counted here by listing every deal."""
    for a, n, b, m in [(2, 4, 0, 4), (3, 5, 1, 4), (1, 3, 2, 3), (0, 3, 0, 3)]:
        games = range(n + m)
        deals = list(itertools.combinations(games, a + b))
        at_least = sum(sum(g < n for g in deal) >= a for deal in deals)
        assert fisher_greater(a, n, b, m) == Fraction(at_least, len(deals))
    assert fisher_greater(4, 40, 0, 40) == Fraction(math.comb(40, 4), math.comb(80, 4))


def test_wilson_interval_holds_the_share() -> None:
    lo, hi = wilson(4, 40)
    assert 0 < lo < 0.1 < hi < 1
    assert wilson(0, 40)[0] == 0.0 and wilson(0, 0) == (0.0, 1.0)
