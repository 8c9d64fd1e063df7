"""Exact draws from the deduction's posterior (issue 25): on small scripts, where the deduction lists
every consistent candidate, the draws are those candidates, each as often as its weight says
(a chi-square test over many draws), and the same for a seed."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from scipy.stats import chisquare

from rulesengine.looper.deduction import PublicRecord, deduce, deduce_enumerated
from rulesengine.looper.deduction.sample import sample, sample_indices
from rulesengine.looper.rules.engine import Game
from tests.looper.test_deduce import TINY, played, tiny


def _record(name: str, cast: int, days: int, loops: int, steps: int, seed: int = 0) -> PublicRecord:
    return PublicRecord.from_game(played(tiny(name, cast, days, loops, sheet=seed * 5), seed, steps, True))


def _chi_square_p(counts: Counter[int], weights: list[Fraction], draws: int) -> float:
    observed = [counts.get(i, 0) for i in range(len(weights))]
    expected = [float(w) * draws for w in weights]
    return float(chisquare(observed, expected).pvalue)


@pytest.mark.parametrize(("name", "cast", "days", "loops"), TINY)
@pytest.mark.parametrize("steps", [10, 25, 400])
def test_draws_are_the_consistent_candidates_uniformly(
    name: str, cast: int, days: int, loops: int, steps: int
) -> None:
    """Every draw is a consistent candidate, every candidate is drawn, and the counts pass a chi-square
    test of uniformity (p > 0.001: a false alarm once in a thousand runs, and the seed is fixed)."""
    result = deduce(_record(name, cast, days, loops, steps))
    listed = list(result.consistent)
    draws = 60 * len(listed)
    indices = sample_indices(result, draws, random.Random(steps))
    counts = Counter(indices)
    assert set(counts) == set(range(len(listed)))
    assert _chi_square_p(counts, list(result.weights), draws) > 0.001
    drawn = sample(result, 20, random.Random(1))
    assert set(drawn) <= set(listed)


def test_draws_follow_a_prior_over_plots() -> None:
    """Under a prior the draws follow the candidates' weights (not uniform), exactly in the limit."""
    record = _record("fs_02_quiet_ward", 3, 3, 1, 25)
    uniform = deduce(record)
    plots = sorted(uniform.plots)
    prior: dict[str, Fraction | int] = {plots[0]: 5, plots[-1]: Fraction(1, 3)}
    result = deduce(record, prior=prior)
    weights = list(result.weights)
    assert len(set(weights)) > 1  # (the prior changes the weights)
    draws = 60 * len(weights)
    counts = Counter(sample_indices(result, draws, random.Random(3)))
    assert _chi_square_p(counts, weights, draws) > 0.001
    # the drawn plot frequencies are near the deduction's plot probabilities
    for plot, p in result.plots.items():
        seen = sum(
            n
            for i, n in counts.items()
            if plot in (result.consistent[i].sheet.main_plot, *result.consistent[i].sheet.subplots)
        )
        assert abs(seen / draws - float(p)) < 0.05, plot


def test_draws_are_the_same_for_a_seed_and_agree_with_the_enumerated_result() -> None:
    """The same seed gives the same draws; the enumerated deduction (candidates in the same order) gives
    uniform draws over the same candidates."""
    record = _record("btx_01_first_contract", 3, 2, 1, 25)
    result = deduce(record)
    assert sample_indices(result, 50, random.Random(7)) == sample_indices(result, 50, random.Random(7))
    assert sample_indices(result, 50, random.Random(7)) != sample_indices(result, 50, random.Random(8))
    enumerated = deduce_enumerated(record)
    assert set(sample(enumerated, 200, random.Random(2))) <= set(result.consistent)
    assert sample(result, 0, random.Random(0)) == []
    with pytest.raises(ValueError, match="at least 0"):
        sample(result, -1, random.Random(0))


def test_a_whole_script_is_drawn_without_listing_its_candidates() -> None:
    """On a whole script (millions of candidates after a day) the draws come at once, each consistent:
    its witness game replays to the same public record."""
    from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script

    game = played(load_script(SCRIPTS_DIR / "btx_02_clockwork_hearts.yaml"), 0, 20, True)
    record = PublicRecord.from_game(game)
    result = deduce(record)
    assert result.candidates > 10**6
    for i in sample_indices(result, 4, random.Random(0)):
        witness: Game = result.witnesses[i]
        assert [e.as_dict() for e in witness.log if e.visibility == "public"] == list(record.events)
