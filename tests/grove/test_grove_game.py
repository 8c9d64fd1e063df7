"""Game-level scenarios with literal expected results (GR-S*, GR-I*, GR-P*, GR-V*, GR-E*, GR-2P*)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.grove import (
    CHANCE,
    TERMINAL,
    Accuse,
    Deal,
    DecisionKind,
    EventKind,
    Figure,
    Look,
    Phase,
    culprit_odds,
    new_game,
    next_leader,
    rank_players,
)
from rulesengine.grove.rules.game import count_deals
from tests.grove.helpers_grove import play_round

D586 = Deal.of([2, 3, 4], [5, 8, 6], 7)  # culprit: suspect 0 (the 5 makes the lowest guilty)


def test_deal_is_an_explicit_chance_step_gr_s3() -> None:
    state = new_game(3)
    assert state.current_player() == CHANCE and state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == count_deals(3) == 5040
    assert sum(p for _, p in outcomes) == 1
    assert outcomes[0] == (Deal.of([2, 3, 4], [5, 6, 7], 8), Fraction(1, 5040))
    assert len(new_game(5).chance_outcomes()) == 181440  # the two X figures look alike


def test_seeded_deal_is_reproducible_gr_s3() -> None:
    import random

    a = new_game(4).sample_chance(random.Random(11))
    b = new_game(4).sample_chance(random.Random(11))
    assert a == b
    assert sorted(a.figures()) == sorted(Figure.parse(v) for v in "2345678X")


def test_investigation_passes_left_gr_i1_gr_i2() -> None:
    state = new_game(3).apply(D586)
    assert [state.observation(s).alibis for s in range(3)] == [(2, 4), (3, 2), (4, 3)]
    assert state.observation(0).received == 4 and state.observation(1).received == 2
    private = [(e.kind, e.audience, e.data.get("figure")) for e in state.events if not e.public]
    assert private == [
        (EventKind.HAND, 0, 2), (EventKind.HAND, 1, 3), (EventKind.HAND, 2, 4),
        (EventKind.RECEIVE, 0, 4), (EventKind.RECEIVE, 1, 2), (EventKind.RECEIVE, 2, 3),
    ]
    decision = state.pending()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.rule_id) == (0, DecisionKind.LOOK, "GR-P2")
    assert decision.options == (Look(0, (0, 1)), Look(0, (0, 2)), Look(0, (1, 2)))


def test_leader_looks_and_unseen_token_gr_p2() -> None:
    state = new_game(3).apply(D586).apply(Look(0, (1, 2)))
    assert state.unseen == 0
    public = [e.text for e in state.events if e.public][-2:]
    assert public == ["Seat 0 looks at suspects 1 and 2", "The Unseen token goes on suspect 0"]
    assert state.observation(0).suspects == (None, 8, 6)
    assert state.observation(2).suspects == (None, None, None)
    assert state.observation(None).suspects == (5, 8, 6)
    odds = culprit_odds(state.observation(0).knowledge())
    assert odds.suspects == (Fraction(1, 3), Fraction(2, 3), Fraction(0))


def test_follower_looks_at_the_two_not_accused_gr_p4() -> None:
    state = new_game(3).apply(D586).apply(Look(0, (0, 1))).apply(Accuse(0, 1))
    decision = state.pending()
    assert decision is not None and decision.rule_id == "GR-P4"
    assert decision.options == (Look(1, (0, 2)),)
    state = state.apply(Look(1, (0, 2))).apply(Accuse(1, 0))
    assert state.legal_actions() == [Look(2, (1, 2))]
    state = state.apply(Look(2, (1, 2)))
    assert state.observation(2).suspects == (None, 8, 6)
    assert state.observation(1).suspects == (5, None, 6)


def test_penalties_with_stacked_chips_of_several_colours_gr_p6_gr_v2_gr_v3() -> None:
    """4 players, suspects 5 8 6 (culprit 0). Accusations 1, 2, 1, 0 clockwise from seat 0."""
    deal = Deal.of([2, 3, 4, 7], [5, 8, 6], "X")
    state = play_round(new_game(4), deal, [1, 2, 1, 0])
    result = state.rounds[0]
    assert result.stacks == ((3,), (0, 2), (1,))
    assert result.culprit == 0
    assert result.boxed == (3,)
    assert [(p.seat, p.suspect, p.chips) for p in result.penalties] == [(2, 1, (0, 2)), (1, 2, (1,))]
    assert state.incompetent == ((), (1,), (0, 2), ())
    assert state.box == (3,)
    assert state.detective_chips == (6, 6, 6, 6)
    assert state.chips_total() == 28
    assert result.next_leader == 2 and state.leader == 2  # most incompetent chips, not the leader
    kinds = [e.kind for e in state.events if e.round == 1][-5:]
    assert kinds == [EventKind.REVEAL, EventKind.BOX, EventKind.PENALTY, EventKind.PENALTY, EventKind.LEADER]


def test_three_colours_in_one_stack_gr_v3() -> None:
    state = play_round(new_game(3), D586, [1, 1, 1], leader_look=(1, 2))
    assert state.incompetent == ((), (), (0, 1, 2))
    assert state.rounds[0].penalties[0].chips == (0, 1, 2)


def test_next_leader_ties_go_clockwise_from_the_leader_gr_v4() -> None:
    """Seats 1 and 3 each take one chip; the leader (seat 0) is excluded; seat 1 is first to the left."""
    deal = Deal.of([2, 3, 4, 7], [5, 8, 6], "X")
    state = play_round(new_game(4), deal, [0, 1, 0, 2])
    assert state.incompetent == ((), (1,), (), (3,))
    assert state.leader == 1
    assert next_leader([0, 1, 0, 1], leader=2) == 3
    assert next_leader([0, 0, 0, 0], leader=3) == 0
    assert next_leader([4, 0, 0], leader=0) == 1  # the leader's own chips do not count


def test_next_leader_when_the_leader_took_the_penalty_gr_v4() -> None:
    deal = Deal.of([2, 3, 4], [5, 8, 6], 7)
    state = play_round(new_game(3, first_leader=1), deal, [2, 0, 0])
    assert state.incompetent == ((), (1,), ())
    assert state.leader == 2


def test_game_ends_after_the_seventh_round_when_all_accuse_correctly_gr_e1_gr_e2() -> None:
    state = new_game(3)
    leaders = []
    for _ in range(7):
        assert not state.is_terminal()
        leaders.append(state.leader)
        state = play_round(state, D586, [0, 0, 0])
    assert leaders == [0, 1, 2, 0, 1, 2, 0]
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.detective_chips == (0, 0, 0) and len(state.box) == 21
    outcome = state.outcome()
    assert outcome.rounds == 7 and outcome.last_leader == 0
    assert outcome.ranking == (0, 1, 2) and outcome.loser == 2 and outcome.decided_by == "seat"
    assert state.returns() == (0, 0, -1)
    assert state.events[-1].kind is EventKind.END


def test_game_ends_at_once_when_one_player_takes_five_chips_gr_e1() -> None:
    deal = Deal.of([2, 3, 4, 6, 7], [5, 8, "X"], "X")  # culprit: the 5 (suspect 0)
    state = play_round(new_game(5), deal, [1, 1, 1, 1, 1])
    assert state.is_terminal() and len(state.rounds) == 1
    assert state.incompetent[4] == (0, 1, 2, 3, 4)
    outcome = state.outcome()
    assert outcome.loser == 4 and outcome.decided_by == "count"
    assert outcome.ranking == (0, 1, 2, 3, 4)
    assert outcome.incompetent == (0, 0, 0, 0, 5)
    assert state.rounds[0].next_leader is None
    with pytest.raises(Exception, match="GR-E1"):
        state.apply(Accuse(0, 0))


def test_ranking_by_own_colour_in_a_whole_game_gr_e2() -> None:
    """Seats 1 and 2 both end with 2 incompetent chips; seat 2 holds 2 of its own colour and loses."""
    state = play_round(new_game(3), D586, [1, 1, 2])  # seat 1 takes (0, 1); seat 2 takes (2,)
    assert state.incompetent == ((), (0, 1), (2,)) and state.leader == 1
    state = play_round(state, D586, [0, 2, 0])  # seat 1 leads; seat 2 takes (2,)
    assert state.incompetent == ((), (0, 1), (2, 2))
    while not state.is_terminal():
        state = play_round(state, D586, [0] * 3)
    outcome = state.outcome()
    assert outcome.incompetent == (0, 2, 2) and outcome.own_colour == (0, 1, 2)
    assert outcome.loser == 2 and outcome.decided_by == "own colour"
    assert outcome.ranking == (0, 1, 2)


@pytest.mark.parametrize(
    ("held", "leader", "ranking", "loser", "decided_by"),
    [
        ([[1], [1, 1], [2, 0, 0]], 0, (0, 1, 2), 2, "count"),  # GR-E2 most chips loses; GR-E3
        ([[1], [1, 1], [2, 0]], 0, (0, 2, 1), 1, "own colour"),  # seat 1 holds 2 of its own colour
        ([[1], [0], [1]], 0, (0, 1, 2), 2, "seat"),  # tied everywhere: seat 2 is right of the leader
        ([[1], [0], [1]], 1, (1, 2, 0), 0, "seat"),  # leader 1: seat 0 is on its right
        ([[], [], [], []], 2, (2, 3, 0, 1), 1, "seat"),  # the leader itself is farthest
    ],
)
def test_ranking_tie_breaks_gr_e2_gr_e3(held, leader, ranking, loser, decided_by) -> None:  # type: ignore[no-untyped-def]
    outcome = rank_players(held, leader)
    assert (outcome.ranking, outcome.loser, outcome.decided_by) == (ranking, loser, decided_by)
    assert outcome.place(ranking[0]) == 1


def test_two_player_variant_gr_2p1_gr_2p4() -> None:
    deal = Deal.of([2, 3], [5, 8, 6], 7, public=4)
    state = new_game(2).apply(deal)
    obs0, obs1 = state.observation(0), state.observation(1)
    assert (obs0.alibis, obs1.alibis) == ((2, 4), (3, 4))
    assert obs0.received is None and obs0.public == 4
    assert not any(e.kind is EventKind.RECEIVE for e in state.events)
    face_up = [e for e in state.events if e.kind is EventKind.PUBLIC_FIGURE]
    assert face_up[0].public and face_up[0].data["figure"] == 4
    state = state.apply(Look(0, (0, 1))).apply(Accuse(0, 2))
    assert state.legal_actions() == [Look(1, (0, 1))]
    k = state.apply(Look(1, (0, 1))).observation(1).knowledge()
    assert (k.alibis, k.public, k.seen) == ((3,), 4, ((0, 5), (1, 8)))
    state = state.apply(Look(1, (0, 1))).apply(Accuse(1, 0))
    assert state.incompetent == ((0,), ()) and state.box == (1,) and state.leader == 1


def test_no_private_event_leaks_to_another_seat() -> None:
    state = play_round(new_game(4), Deal.of([2, 3, 4, 7], [5, 8, 6], "X"), [1, 2, 1, 0])
    for seat in range(4):
        seen = state.observation(seat).events
        assert all(e.audience in (None, seat) for e in seen)
    assert len(state.observation(None).events) == len(state.events)
    sees = [e for e in state.events if e.kind is EventKind.SEE]
    assert [(e.audience, sorted(e.data["figures"])) for e in sees] == [(0, [0, 1]), (1, [0, 2]), (2, [0, 1]),
                                                                        (3, [0, 2])]


def test_observation_of_narrator_and_bad_viewer() -> None:
    state = new_game(3).apply(D586)
    assert state.observation(None).victim == 7 and state.observation(None).hands == (2, 3, 4)
    assert state.observation(0).hands == (2, None, 4) and state.observation(0).victim is None
    with pytest.raises(ValueError, match="no seat 3"):
        state.observation(3)
    with pytest.raises(ValueError):
        state.observation(None).knowledge()
    assert state.phase is Phase.LOOK
