"""Hypothesis properties: random legal play never breaks an invariant of the rules."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.errors import IllegalActionError
from rulesengine.grove import Accuse, EventKind, GameState, Look, Phase, culprit_odds, new_game
from rulesengine.grove.rules.game import CHIPS_PER_PLAYER, INCOMPETENT_LIMIT


def check_invariants(state: GameState) -> None:
    n = state.players
    # chips are conserved between hands, stacks, the box and penalties (GR-C2, GR-V2, GR-V3)
    assert state.chips_total() == CHIPS_PER_PLAYER * n
    assert all(0 <= c <= CHIPS_PER_PLAYER for c in state.detective_chips)
    # chips placed this round are exactly the stacks (GR-P3, GR-P5, GR-P6)
    placed = [a for a in state.accusations if a is not None] if state.accusations else []
    assert sum(len(s) for s in state.stacks) == len(placed)
    # a seat only ever sees the suspects the rules allow it (GR-P2, GR-P4)
    if state.looks:
        for seat, pair in enumerate(state.looks):
            if pair is None:
                assert state.observation(seat).suspects == (None, None, None)
                continue
            obs = state.observation(seat)
            assert set(obs.seen()) == set(pair)
            if seat != state.leader:
                prev = (seat - 1) % n
                assert state.accusations[prev] not in pair
            else:
                assert state.unseen == 3 - sum(pair)
    # private events go to one seat only, and each seat's view holds no one else's
    for seat in range(n):
        assert all(e.audience in (None, seat) for e in state.visible_events(seat))
    # see-events never reveal a suspect outside the pair the seat looked at
    looks = (e for e in state.events if e.kind is EventKind.LOOK)
    looked = {(e.round, e.data["seat"]): set(e.data["suspects"]) for e in looks}
    for e in state.events:
        if e.kind is EventKind.SEE:
            assert set(e.data["figures"]) == looked[(e.round, e.data["seat"])]
            assert e.audience == e.data["seat"]
    if state.is_terminal():
        counts = [len(c) for c in state.incompetent]
        assert max(counts) >= INCOMPETENT_LIMIT or min(state.detective_chips) == 0
        assert len(state.rounds) <= 7
        assert sorted(state.outcome().ranking) == list(range(n))


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), leader=st.integers(0, 4))
def test_random_legal_play_keeps_invariants(players: int, seed: int, leader: int) -> None:
    rng = random.Random(seed)
    state = new_game(players, first_leader=leader % players)
    steps = 0
    while not state.is_terminal():
        check_invariants(state)
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    check_invariants(state)
    assert steps <= 7 * (1 + 2 * players)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_actions_leave_the_state_unchanged(players: int, seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    state = new_game(players)
    state = state.apply(state.sample_chance(rng))
    for _ in range(rng.randrange(0, 2 * players)):
        state = state.apply(rng.choice(state.legal_actions()))
    if state.phase not in (Phase.LOOK, Phase.ACCUSE):
        return
    seat = data.draw(st.integers(0, players - 1))
    if state.phase is Phase.LOOK:
        pair = data.draw(st.tuples(st.integers(-1, 3), st.integers(-1, 3)))
        action: Look | Accuse = Look(seat, pair)
    else:
        action = Accuse(seat, data.draw(st.integers(-1, 3)))
    legal = action in state.legal_actions()
    before = state
    try:
        after = state.apply(action)
    except IllegalActionError as exc:
        assert not legal
        assert exc.rule_id.startswith("GR-")
        assert state == before
    else:
        assert legal and after != state


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_every_seat_knowledge_gives_odds_that_sum_to_one(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(players)
    state = state.apply(state.sample_chance(rng))
    while state.phase is not Phase.DEAL and not state.is_terminal():
        seat = state.current_player()
        odds = culprit_odds(state.observation(seat).knowledge())
        assert sum(odds.suspects) == 1
        state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.ACCUSE:
            seen = state.observation(seat).knowledge()
            assert len(seen.seen) == 2
            assert state.deal is not None
            guilty = culprit_odds(seen).suspects
            truth = [i for i in range(3) if guilty[i] == 1]
            assert not truth or state.deal.suspects[truth[0]] is not None
