"""The engine's shortcuts are invisible: lazy logs and texts, shared decisions, the legal-option fast path.

The engine builds a state's events, and an event's text, only when they are read, and accepts the legal
options it handed out without checking them again (docs/grove_engine.md, "Speed"). These tests read,
compare, copy and pickle what it builds that way, and try actions that equal a legal option but break a
rule (GR-P2, GR-P3, GR-P5), which must still be refused.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from rulesengine.errors import IllegalActionError
from rulesengine.grove import Accuse, Deal, Event, GameState, Look, new_game
from tests.grove.helpers_grove import play_round

D586 = Deal.of([2, 3, 4], [5, 8, 6], 7)


def trajectory(players: int, seed: int) -> list[GameState]:
    """Every state of one seeded random game (the loop of ``play_random``), no event read."""
    rng = random.Random(seed)
    states = [new_game(players)]
    while not states[-1].is_terminal():
        state = states[-1]
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        states.append(state.apply(action))
    return states


def eager(event: Event) -> Event:
    """The same event built by the dataclass constructor, its text a plain string."""
    return Event(event.round, event.kind, event.audience, event.rule_id, event.text, dict(event.data))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_events_read_in_any_order_form_one_growing_log_gr_s3_gr_v1(players: int) -> None:
    states = trajectory(players, seed=players)
    order = list(range(len(states)))
    random.Random(1).shuffle(order)
    logs = {i: states[i].events for i in order}  # read out of order: each state builds what it lacks
    final = logs[len(states) - 1]
    for i in range(len(states) - 1):
        assert final[: len(logs[i])] == logs[i]
        assert len(logs[i + 1]) > len(logs[i])  # every action logs something
    assert [eager(e) for e in final] == list(final)
    assert [repr(eager(e)) for e in final] == [repr(e) for e in final]


def test_an_event_reads_copies_and_pickles_like_a_plain_dataclass_gr_i1() -> None:
    state = new_game(3).apply(D586)
    hand = state.events[1]  # seat 0's private hand event, its text not yet read
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert copy.deepcopy(hand) == hand
    assert dataclasses.asdict(hand)["text"] == "Seat 0 looks at the figure in hand: 2 (an alibi)"
    assert dataclasses.replace(hand, audience=None).text == hand.text
    with pytest.raises(AttributeError):
        hand.colour  # type: ignore[attr-defined]  # noqa: B018


def test_a_state_reads_copies_and_pickles_like_a_plain_dataclass_gr_p2() -> None:
    state = new_game(3).apply(D586).apply(Look(0, (0, 1)))
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert twin == state
        assert twin.apply(Accuse(0, 1)) == state.apply(Accuse(0, 1))
    rebuilt = dataclasses.replace(state)  # through __init__: an eager events tuple
    assert rebuilt == state
    assert rebuilt.apply(Accuse(0, 1)).events == state.apply(Accuse(0, 1)).events
    assert not hasattr(state, "colour")


def test_a_state_equals_one_built_from_its_fields_gr_e1() -> None:
    final = trajectory(4, seed=3)[-1]
    fields = {f.name: getattr(final, f.name) for f in dataclasses.fields(final)}
    assert GameState(**fields) == final


def test_an_action_equal_to_a_legal_option_is_applied_like_it_gr_p2_gr_p5() -> None:
    state = new_game(3).apply(D586)
    (option,) = [a for a in state.legal_actions() if a == Look(0, (0, 2))]
    assert state.apply(Look(0, (2, 0))) == state.apply(option)
    state = state.apply(option)
    assert state.apply(Accuse(0, 1)) == state.apply(state.legal_actions()[1])


@pytest.mark.parametrize(
    ("moves", "action", "rule_id"),
    [
        ((), Look(0, (0, 1.0)), "GR-P2"),  # type: ignore[arg-type]  # equals Look(0, (0, 1))
        ((Look(0, (0, 1)),), Accuse(0, True), "GR-P3"),  # equals Accuse(0, 1)
        ((Look(0, (0, 1)),), Accuse(0, 1.0), "GR-P3"),  # type: ignore[arg-type]
        ((Look(0, (0, 1)), Accuse(0, 2), Look(1, (0, 1))), Accuse(1, False), "GR-P5"),
    ],
)
def test_an_action_equal_to_a_legal_option_but_not_an_int_is_refused(
    moves: tuple[Look | Accuse, ...], action: Look | Accuse, rule_id: str
) -> None:
    state = new_game(3).apply(D586)
    for move in moves:
        state = state.apply(move)
    assert action in state.legal_actions()
    before = state
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.rule_id == rule_id
    assert state == before


def test_decisions_are_shared_values_gr_p2_gr_p4() -> None:
    a = new_game(3).apply(D586)
    b = new_game(3).apply(Deal.of([4, 3, 2], [8, 5, 6], 7))
    assert a.pending() is b.pending()
    assert a.legal_actions() == b.legal_actions() and a.legal_actions() is not b.legal_actions()
    after = play_round(new_game(3), D586, [2, 0, 1])
    assert after.pending() is new_game(3).pending()
