"""In a Grove culprit odds on the rules kernel: exact odds for one detective's knowledge, what other
players' chips reveal under a stated model, the behaviour models, the table of every information state,
and a brute-force check.

The names of :mod:`rulesengine.grove.odds.exact` are importable from here, as they were when this was
one module:

>>> from rulesengine.grove.odds import Knowledge, culprit_odds
>>> culprit_odds(Knowledge.make(3, alibis=["2", "3"], seen={0: "7", 1: "8"})).unseen
Fraction(1, 3)
"""

from __future__ import annotations

from rulesengine.grove.odds.exact import (
    BaseRates,
    BayesRow,
    CulpritOdds,
    Knowledge,
    base_rates,
    bayes_records,
    bayes_table,
    clear_cache,
    culprit_odds,
    information_states,
)

__all__ = [
    "BaseRates",
    "BayesRow",
    "CulpritOdds",
    "Knowledge",
    "base_rates",
    "bayes_records",
    "bayes_table",
    "clear_cache",
    "culprit_odds",
    "information_states",
]
