"""Exact culprit odds: worked examples, whole-space checks, a brute-force and a sampled cross-check."""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.grove import (
    Deal,
    Figure,
    Knowledge,
    Look,
    base_rates,
    bayes_records,
    bayes_table,
    culprit_index,
    culprit_odds,
    enumerate_deals,
    information_states,
    new_game,
)
from rulesengine.grove.odds.brute import brute_force_odds, brute_force_table
from rulesengine.grove.odds.table import TABLE_PATH, read_table, render_table

F = Fraction


def odds(players: int, alibis: list[str], seen: dict[int, str], public: str | None = None) -> list[Fraction]:
    return list(culprit_odds(Knowledge.make(players, alibis, seen, public)).suspects)


# ---------------------------------------------------------------- worked examples of the rules page
def test_five_at_scene_is_three_over_n_gr_s1() -> None:
    """P(a 5 is among the suspects) = 3/N: 3/7, 3/8, 1/3 for 3, 4, 5 players (and 3/7 for 2)."""
    assert [base_rates(n).five_at_scene for n in (2, 3, 4, 5)] == [F(3, 7), F(3, 7), F(3, 8), F(1, 3)]
    assert base_rates(5).figures == 9
    assert base_rates(4).at_scene[Figure.X] == F(3, 8)
    assert base_rates(5).at_scene[Figure.X] == F(2, 3)


def test_base_rate_culprit_distribution_gr_r1_gr_r2() -> None:
    """3 players, before anyone looks: the 8 is the culprit iff it is there without the 5."""
    rates = base_rates(3)
    assert rates.culprit_number[Figure(8)] == F(2, 7)
    assert rates.culprit_number[Figure(2)] == F(1, 7)  # the 2 and the 5 are both there: 3/7 * 2/6
    assert sum(rates.culprit_number.values()) == 1
    assert all(sum(base_rates(n).culprit_number.values()) == 1 for n in (2, 3, 4, 5))


def test_worked_example_alibis_2_3_sees_7_8_gr_r1_gr_r2() -> None:
    """3 players, alibis 2 and 3, sees 7 and 8: P(7) = 0, P(8) = 2/3, P(unseen) = 1/3."""
    result = culprit_odds(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))
    assert result.suspects == (F(0), F(2, 3), F(1, 3))
    assert result.unseen == F(1, 3)
    assert result.culprit_number == {Figure(5): F(1, 3), Figure(8): F(2, 3)}
    assert result.best() == (1,)


def test_unseen_suspect_is_culprit_one_time_in_three_gr_p2() -> None:
    """Having seen 2 of the 3 suspects, the unseen one is the culprit with probability 1/3 (over deals)."""
    for players in (2, 3):
        deals = list(enumerate_deals(players))
        hits = sum(1 for d in deals if culprit_index(d.suspects) == 2)
        assert F(hits, len(deals)) == F(1, 3)
        alibis = [list(d.alibis(0))[:1] if d.public is not None else list(d.alibis(0)) for d in deals]
        average = sum(
            (culprit_odds(Knowledge.make(players, a, {0: d.suspects[0], 1: d.suspects[1]}, d.public)).unseen
             for a, d in zip(alibis, deals, strict=True)),
            F(0),
        ) / len(deals)
        assert average == F(1, 3)


def test_partial_knowledge_one_suspect_seen() -> None:
    """Looking at one suspect only: the other two are unseen and share the rest."""
    assert odds(3, ["2", "3"], {0: "8"}) == [F(1, 2), F(1, 4), F(1, 4)]  # the 8 is guilty unless a 5 is there
    result = culprit_odds(Knowledge.make(3, ["2", "3"], {0: "8"}))
    assert result.unseen == F(1, 2)


def test_x_figures_gr_r3() -> None:
    """5 players: alibis X and 5, sees X and 4: the third suspect is guilty unless it is a 2 or a 3."""
    assert odds(5, ["X", "5"], {0: "X", 2: "4"}) == [F(0), F(3, 5), F(2, 5)]
    assert odds(5, ["2", "3"], {0: "X", 1: "X"}) == [F(0), F(0), F(1)]


def test_two_player_odds_gr_2p3() -> None:
    """2 players: the figure in hand and the face-up figure are the alibis."""
    assert odds(2, ["2"], {0: "4"}, public="3") == [F(1, 2), F(1, 4), F(1, 4)]
    assert odds(2, ["2"], {}, public="3") == [F(1, 3), F(1, 3), F(1, 3)]


def test_seen_five_and_lowest() -> None:
    """A seen 5 with the 2 and 3 out: the other seen suspect, if lower, is certain (GR-R2)."""
    assert odds(3, ["2", "3"], {0: "5", 1: "4"}) == [F(0), F(1), F(0)]


# ------------------------------------------------------------------------------- Bayes table
def test_bayes_table_by_suspect() -> None:
    k = Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"})
    rows = bayes_table(k)
    assert [r.prior for r in rows] == [F(1, 3)] * 3
    assert [r.likelihood for r in rows] == [F(0), F(1, 10), F(1, 20)]
    assert [r.unnormalised for r in rows] == [F(0), F(1, 30), F(1, 60)]
    assert [r.posterior for r in rows] == [F(0), F(2, 3), F(1, 3)]


def test_bayes_table_by_figures_agrees() -> None:
    k = Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"})
    rows = bayes_table(k, by="figures")
    assert [r.hypothesis for r in rows] == [f"suspect 2 = {v}" for v in (4, 5, 6, 7, 8)]
    assert [r.prior for r in rows] == [F(1, 5)] * 5
    assert [r.posterior for r in rows] == [F(1, 3), F(1, 3), F(1, 3), F(0), F(0)]
    assert [r.culprit for r in rows] == [1, 2, 1, 1, 1]
    by_suspect = [sum((r.posterior for r in rows if r.culprit == i), F(0)) for i in range(3)]
    assert by_suspect == list(culprit_odds(k).suspects)


def test_bayes_records_are_plain_data() -> None:
    records = bayes_records(Knowledge.make(4, ["2", "X"], {1: "5"}), by="figures")
    assert set(records[0]) == {"hypothesis", "prior", "likelihood", "unnormalised", "posterior", "culprit",
                               "culprit_figure"}
    assert sum(r["posterior"] for r in records) == 1
    with pytest.raises(InputError, match="by"):
        bayes_table(Knowledge.make(3, ["2", "3"]), by="nope")


# ------------------------------------------------------------------------------ whole space
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_information_state_sums_to_one(players: int) -> None:
    for k in information_states(players):
        result = culprit_odds(k)
        assert sum(result.suspects) == 1
        assert sum(result.culprit_number.values()) == 1
        assert result.unseen == sum((result.suspects[i] for i in k.unseen_indices), F(0))
        for r in (bayes_table(k),) if len(k.seen) == 2 and players == 3 else ():
            assert [row.posterior for row in r] == list(result.suspects)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_exact_odds_equal_brute_force_over_every_deal(players: int) -> None:
    """Second path: walking every deal gives the same odds for every information state."""
    table = brute_force_table(players)
    states = list(information_states(players))
    assert set(table) == set(states)
    for k in states:
        assert culprit_odds(k).suspects == table[k]


def test_exact_odds_equal_brute_force_five_players_samples() -> None:
    for k in (Knowledge.make(5, ["X", "5"], {0: "X", 2: "4"}), Knowledge.make(5, ["X", "X"], {1: "5"})):
        assert culprit_odds(k).suspects == brute_force_odds(k)


def test_exact_odds_match_frequencies_of_engine_deals() -> None:
    """The engine's own seeded deal, many games: frequencies agree with the exact odds.

    Deals are grouped by the exact probability the leader's odds give the unseen suspect; in each group
    the share of deals where the unseen suspect is guilty is within 4 standard errors of that probability.
    """
    rng = random.Random(2024)
    groups: dict[Fraction, list[int]] = defaultdict(lambda: [0, 0])
    for players in (3, 4, 5):
        start = new_game(players)
        for _ in range(3000):
            state = start.apply(start.sample_chance(rng))
            state = state.apply(Look(0, (0, 1)))
            p = culprit_odds(state.observation(0).knowledge()).suspects[2]
            assert state.deal is not None
            groups[p][0] += 1
            groups[p][1] += culprit_index(state.deal.suspects) == 2
    assert len(groups) > 5
    for p, (n, hits) in groups.items():
        if p in (0, 1):
            assert hits == n * p
            continue
        if n < 30:
            continue
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(hits / n - float(p)) < 4 * se + 1e-9, (p, n, hits)


def test_sampled_deal_is_uniform_enough() -> None:
    """Each figure lands on suspect 0 about 1/N of the time (engine's seeded shuffle)."""
    rng = random.Random(7)
    state = new_game(4)
    counts = Counter(state.sample_chance(rng).suspects[0] for _ in range(8000))
    assert counts[Figure.X] > 800 and counts[Figure(5)] > 800


# --------------------------------------------------------------------------------- the table
def test_stored_table_matches_regenerated() -> None:
    """``data/grove/culprit_odds.csv`` is what ``python -m rulesengine.grove.odds.table`` writes."""
    assert TABLE_PATH.read_text(encoding="utf-8") == render_table()


def test_stored_table_rows() -> None:
    rows = read_table()
    assert len(rows) == 3192 + 1596 + 3052 + 3536
    row = next(r for r in rows if r["players"] == "3" and r["alibis"] == "2 3" and r["seen0"] == "7"
               and r["seen1"] == "8" and r["seen2"] == "")
    assert (row["p0"], row["p1"], row["p2"], row["p_unseen"]) == ("0/1", "2/3", "1/3", "1/3")
    assert all(sum(F(r[c]) for c in ("p0", "p1", "p2")) == 1 for r in rows)


# --------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("args", "where", "message"),
    [
        ((3, ["2", "X"], {}), "alibis", "figure X is not in play with 3 players"),
        ((2, ["2"], {0: "X"}, "3"), "seen", "figure X is not in play with 2 players"),
        ((4, ["X", "2"], {0: "X"}), "seen", "figure X is used twice"),
        ((5, ["X", "X"], {0: "X"}), "seen", "figure X is used 3 times"),
        ((3, ["2", "3"], {0: "2"}), "seen", "figure 2 is used twice"),
        ((2, ["3"], {}, "3"), "public", "figure 3 is used twice"),
        ((3, ["2", "3"], {3: "5"}), "seen", "suspect index must be 0, 1 or 2"),
        ((3, ["2", "3"], {-1: "5"}), "seen", "suspect index must be 0, 1 or 2"),
        ((3, ["2", "3"], [(0, "5"), (0, "6")]), "seen", "a suspect is given twice"),
        ((3, ["2", "3"], {0: "5", 1: "6", 2: "7"}), "seen", "not three"),
        ((3, ["2"], {}), "alibis", "knows 2 alibi figures"),
        ((4, ["2", "3", "4"], {}), "alibis", "knows 2 alibi figures"),
        ((2, ["2", "3"], {}, "4"), "alibis", "knows 1 alibi figure"),
        ((2, ["2"], {}), "public", "face-up figure is required"),
        ((3, ["2", "3"], {}, "4"), "public", "no face-up figure with 3 players"),
        ((6, ["2", "3"], {}), "players", "must be 2 to 5"),
        ((3, ["2", "9"], {}), "alibis", "is not a figure"),
    ],
)
def test_impossible_knowledge_is_refused(args: tuple, where: str, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError, match=message) as info:
        Knowledge.make(*args)
    assert info.value.where == where


def test_knowledge_from_deal_alibis() -> None:
    deal = Deal.of([2, 3, 4], [5, 8, 6], 7)
    assert deal.alibis(0) == (2, 4) and deal.alibis(1) == (3, 2)
    assert Knowledge.make(3, deal.alibis(1)).alibis == (2, 3)
