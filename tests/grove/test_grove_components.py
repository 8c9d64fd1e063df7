"""The components and the rules around a round that no other scenario test states alone (GR-C2..C4, GR-S2,
GR-I2, GR-V1, GR-V2, GR-E3, GR-2P2, GR-2P4), with literal expected results."""

from __future__ import annotations

import random

import pytest

from rulesengine.grove import Accuse, Deal, EventKind, Look, Phase, new_game, play_random, rank_players
from tests.grove.helpers_grove import play_round

D586 = Deal.of([2, 3, 4], [5, 8, 6], 7)  # culprit: suspect 0 (the 5 makes the lowest guilty)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_starts_with_seven_detective_chips_gr_c2_gr_s2(players: int) -> None:
    state = new_game(players)
    assert state.detective_chips == (7,) * players
    assert state.incompetent == ((),) * players and state.box == ()
    assert state.chips_total() == 7 * players


def test_a_chip_keeps_its_colour_and_only_changes_side_or_leaves_gr_c2() -> None:
    """Along a whole random game no chip appears or vanishes: detective + under a suspect + incompetent
    + boxed = 7 per colour."""
    rng = random.Random(3)
    state = new_game(4)
    steps = 0
    while not state.is_terminal():
        placed = [c for stack in state.stacks for c in stack]
        colours = [c for held in state.incompetent for c in held] + list(state.box) + placed
        for seat in range(4):
            assert state.detective_chips[seat] + colours.count(seat) == 7
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state = state.apply(action)
        steps += 1
    assert steps > 4 * 2 and sum(state.detective_chips) < 28


def test_first_on_the_scene_token_marks_who_leads_the_round_gr_c3() -> None:
    state = new_game(3, first_leader=2).apply(D586)
    decision = state.pending()
    assert decision is not None and (state.leader, decision.seat, decision.rule_id) == (2, 2, "GR-P2")
    state = play_round(new_game(3), D586, [1, 0, 2])  # seats 0 and 2 take a chip; seat 0 led
    token = [e for e in state.events if e.kind is EventKind.LEADER]
    assert [(e.public, e.data["seat"]) for e in token] == [(True, 2)]
    assert state.leader == 2
    state = state.apply(D586)
    decision = state.pending()
    assert decision is not None and (decision.seat, decision.kind.name) == (2, "LOOK")


@pytest.mark.parametrize(("pair", "unseen"), [((0, 1), 2), ((0, 2), 1), ((1, 2), 0)])
def test_unseen_token_goes_on_the_suspect_the_leader_did_not_look_at_gr_c4(
    pair: tuple[int, int], unseen: int
) -> None:
    state = new_game(3).apply(D586)
    assert state.unseen is None
    state = state.apply(Look(0, pair))
    assert state.unseen == unseen
    token = [e for e in state.events if e.kind is EventKind.UNSEEN]
    assert [(e.public, e.data["suspect"]) for e in token] == [(True, unseen)]


def test_each_player_receives_the_right_hand_neighbours_figure_gr_i2() -> None:
    deal = Deal.of([2, 3, 4, 7, 6], [5, 8, "X"], "X")
    state = new_game(5).apply(deal)
    receive = [e for e in state.events if e.kind is EventKind.RECEIVE]
    received = [(e.audience, e.data["source"], e.data["figure"]) for e in receive]
    assert received == [(0, 4, 6), (1, 0, 2), (2, 1, 3), (3, 2, 4), (4, 3, 7)]
    assert not any(e.public for e in receive)
    decision = state.pending()
    assert decision is not None and decision.kind.name == "LOOK"  # passing asks nobody anything


def test_reveal_turns_the_three_suspects_face_up_and_keeps_the_rest_hidden_gr_v1() -> None:
    state = new_game(3).apply(D586).apply(Look(0, (0, 1))).apply(Accuse(0, 0))
    state = state.apply(Look(1, (1, 2))).apply(Accuse(1, 0)).apply(Look(2, (1, 2)))
    assert not any(e.kind is EventKind.REVEAL for e in state.events)
    state = state.apply(Accuse(2, 1))
    (reveal,) = [e for e in state.events if e.kind is EventKind.REVEAL]
    assert (reveal.public, reveal.data["suspects"], reveal.data["culprit"]) == (True, (5, 8, 6), 0)
    assert state.rounds[0].culprit == 0 and state.rounds[0].suspects == (5, 8, 6)
    public_keys = {key for e in state.events if e.public for key in e.data}
    assert public_keys == {"seat", "suspect", "suspects", "stack", "culprit", "chips"}  # no figure, no victim


def test_chips_under_the_culprit_go_to_the_box_and_cost_nobody_anything_gr_v2() -> None:
    state = play_round(new_game(3), D586, [0, 0, 1], leader_look=(0, 1))  # two chips on the culprit 5
    result = state.rounds[0]
    assert (result.culprit, result.stacks[0], result.boxed) == (0, (0, 1), (0, 1))
    assert state.box == (0, 1) and state.detective_chips == (6, 6, 6)
    assert [(p.seat, p.chips) for p in result.penalties] == [(2, (2,))]
    assert state.incompetent == ((), (), (2,))
    state = play_round(state, D586, [0, 0, 0])  # the boxed chips never come back
    assert state.box == (0, 1, 2, 0, 1) and state.detective_chips == (5, 5, 5)


def test_fewer_incompetent_chips_rank_higher_gr_e3() -> None:
    outcome = rank_players([[0, 1, 2], [], [1], [0, 0]], last_leader=0)
    assert outcome.incompetent == (3, 0, 1, 2)
    assert outcome.ranking == (1, 2, 3, 0)
    assert [outcome.place(seat) for seat in range(4)] == [4, 1, 2, 3]
    assert outcome.loser == 0 and outcome.decided_by == "count"


def test_with_two_players_nobody_passes_gr_2p2() -> None:
    state = new_game(2).apply(Deal.of([2, 3], [5, 8, 6], 7, public=4))
    kinds = [(e.kind, e.rule_id) for e in state.events if e.kind in (EventKind.PASS, EventKind.RECEIVE)]
    assert kinds == [(EventKind.PASS, "GR-2P2")]
    assert [state.observation(seat).received for seat in (0, 1)] == [None, None]
    assert state.phase is Phase.LOOK


def test_two_player_game_follows_every_other_rule_gr_2p4() -> None:
    """Whole random 2-player games: the follower looks at the pair the leader did not accuse (GR-P4),
    the token always passes to the other player (GR-V4), and the game ends by GR-E1."""
    for seed in range(20):
        state = play_random(new_game(2), random.Random(seed))
        leaders = [r.leader for r in state.rounds]
        assert leaders == [i % 2 for i in range(len(leaders))]
        for r in state.rounds:
            follower_look = r.looks[1 - r.leader]
            assert r.accusations[r.leader] not in follower_look and len(set(follower_look)) == 2
        outcome = state.outcome()
        assert max(outcome.incompetent) >= 5 or min(state.detective_chips) == 0
