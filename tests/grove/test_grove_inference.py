"""Inference from earlier accusations under the best-odds model, checked against every deal."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.grove import Accuse, Deal, Look, culprit_index, culprit_odds, enumerate_deals, new_game
from rulesengine.grove.odds.inference import infer, pick_inferred


def test_leader_has_nothing_to_infer() -> None:
    s = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7)).apply(Look(0, (0, 1)))
    result = infer(s, 0)
    assert result.odds == result.plain == culprit_odds(s.observation(0).knowledge()).suspects
    assert result.consistent and result.completions == 6


def test_the_leaders_chip_is_evidence_gr_p3_gr_p4() -> None:
    """Seat 1 sees 8 and 6; the leader (who saw suspect 0 and the 8) still accused suspect 0: it is the 5."""
    s = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    s = s.apply(Look(0, (0, 1))).apply(Accuse(0, 0)).apply(Look(1, (1, 2)))
    result = infer(s, 1)
    assert result.plain == (Fraction(1, 3), Fraction(2, 3), Fraction(0))
    assert result.odds == (Fraction(1), Fraction(0), Fraction(0))
    assert pick_inferred(s, 1) == 0


def test_accusations_the_model_cannot_explain() -> None:
    """The leader saw 7 and 8 and accused the unseen suspect: never a best pick, so the model is dropped."""
    s = new_game(3).apply(Deal.of([2, 3, 4], [7, 8, 6], 5))
    s = s.apply(Look(0, (0, 1))).apply(Accuse(0, 2)).apply(Look(1, (0, 1)))
    result = infer(s, 1)
    assert not result.consistent and result.odds == result.plain


def test_not_looked_yet() -> None:
    s = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
    with pytest.raises(InputError, match="has not looked"):
        infer(s, 0)


def test_inference_equals_a_walk_over_every_deal() -> None:
    """Second path, 3 players: the leader looks at suspects 0 and 1 and accuses a best pick (ties shared).

    For seat 1, group every deal by what seat 1 knows plus the leader's chip and count the culprits.
    """
    tally: dict[tuple[object, ...], list[Fraction]] = defaultdict(lambda: [Fraction(0)] * 3)
    examples: dict[tuple[object, ...], tuple[Deal, int]] = {}
    for deal in enumerate_deals(3):
        leader_odds = culprit_odds(_seat_knowledge(deal, 0, (0, 1)))
        best = leader_odds.best()
        for accused in best:
            pair = tuple(k for k in range(3) if k != accused)
            key = (deal.alibis(1), pair, tuple(deal.suspects[i] for i in pair), accused)  # dealt, received
            tally[key][culprit_index(deal.suspects)] += Fraction(1, len(best))
            examples.setdefault(key, (deal, accused))
    checked = 0
    for key, weights in list(tally.items())[::7]:
        deal, accused = examples[key]
        s = new_game(3).apply(deal).apply(Look(0, (0, 1))).apply(Accuse(0, accused))
        s = s.apply(s.legal_actions()[0])
        total = sum(weights, Fraction(0))
        assert infer(s, 1).odds == tuple(w / total for w in weights), key
        checked += 1
    assert checked > 20


def _seat_knowledge(deal: Deal, seat: int, pair: tuple[int, int]):  # type: ignore[no-untyped-def]
    from rulesengine.grove import Knowledge

    return Knowledge.make(3, deal.alibis(seat), {i: deal.suspects[i] for i in pair})
