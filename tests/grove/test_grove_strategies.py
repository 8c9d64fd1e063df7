"""Strategies: exact hit rates (checked against every deal) and seeded simulations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.grove import Knowledge, culprit_index, enumerate_deals
from rulesengine.grove.strategy.policies import hit_rate, hit_rates, pick_best, pick_higher, simulate


def test_hit_rates_literal_values() -> None:
    assert [hit_rate(3, r) for r in ("random", "higher", "best")] == [Fraction(1, 3), Fraction(8, 21),
                                                                      Fraction(7, 10)]
    assert hit_rate(5, "higher") == Fraction(1, 2)
    assert hit_rate(5, "best") == Fraction(893, 1260)
    assert hit_rate(2, "best") == hit_rate(3, "best")  # same 7 figures, two known either way


@pytest.mark.parametrize("rule", ["higher", "best"])
def test_hit_rate_equals_a_walk_over_every_deal(rule: str) -> None:
    """Second path: play the rule on every 3-player deal (seat 0 looks at suspects 0 and 1, GR-P2)."""
    pick = {"higher": pick_higher, "best": pick_best}[rule]
    deals = list(enumerate_deals(3))
    hits = 0
    for d in deals:
        k = Knowledge.make(3, d.alibis(0), {0: d.suspects[0], 1: d.suspects[1]})
        hits += pick(k) == culprit_index(d.suspects)
    assert Fraction(hits, len(deals)) == hit_rate(3, rule)


def test_best_pick_is_never_worse() -> None:
    for n in (2, 3, 4, 5):
        assert hit_rate(n, "best") >= hit_rate(n, "higher") > hit_rate(n, "random")
    assert len(hit_rates()) == 12


def test_pick_rules() -> None:
    k = Knowledge.make(5, ["2", "3"], {0: "X", 1: "4"})
    assert pick_higher(k) == 1
    assert pick_best(Knowledge.make(5, ["2", "3"], {0: "X", 1: "X"})) == 2
    assert pick_higher(Knowledge.make(3, ["2", "3"])) == 0


def test_simulation_is_seeded_and_consistent() -> None:
    a = simulate(["best", "random", "higher"], games=30, seed=5)
    b = simulate(["best", "random", "higher"], games=30, seed=5)
    assert a == b
    assert sum(a.losses) == 30
    assert all(acc == a.rounds for acc in a.accusations)  # everyone accuses once per round
    assert a.accuracy(0) > a.accuracy(1)
    assert [r["strategy"] for r in a.records()] == ["best", "random", "higher"]


def test_bad_strategy_names() -> None:
    with pytest.raises(InputError, match="unknown strategy"):
        simulate(["best", "clever"], games=1)
    with pytest.raises(InputError, match="must be 2 to 5"):
        simulate(["best"], games=1)
    with pytest.raises(InputError, match="rule"):
        hit_rate(3, "clever")


def test_inferred_strategy_reads_the_earlier_chip() -> None:
    import random

    from rulesengine.grove import Accuse, Deal, Look, new_game
    from rulesengine.grove.strategy.policies import STRATEGIES

    s = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    s = s.apply(Look(0, (0, 1))).apply(Accuse(0, 0)).apply(Look(1, (1, 2)))
    decision = s.pending()
    assert decision is not None
    rng = random.Random(0)
    assert STRATEGIES["inferred"](s.observation(1), decision.options, rng) == Accuse(1, 0)
    assert STRATEGIES["best"](s.observation(1), decision.options, rng) == Accuse(1, 1)
    result = simulate(["inferred", "best", "best"], games=10, seed=3)
    assert result == simulate(["inferred", "best", "best"], games=10, seed=3)
