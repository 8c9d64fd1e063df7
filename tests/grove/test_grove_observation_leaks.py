"""What a seat's strategy is handed reaches no hidden fact (GR-I1, GR-I2, GR-2P1..2P3, GR-P2, GR-P4, GR-V1).

A strategy gets ``state.observation(seat)`` and ``state.legal_actions()``
(:func:`rulesengine.contract.drive`). Over whole seeded games of 2 to 5 players, played at random through
the engine, every object reachable from them (:func:`tests.reachable.reachable`: modules, classes and code are
global and skipped, functions' closures entered) is checked against the facts the seat may not know:

* the game state, a deal, or any other object of the engine's own (the log chain, a decision table);
* the tuple of dealt hands of any round: the other seats' figures (GR-I1, GR-I2; GR-2P2) stay hidden, even
  after the reveal (GR-V1);
* the current round's suspects as dealt, before they are revealed: a seat knows only the two it looked at
  (GR-P2, GR-P4);
* the whole log, and any other seat's private event (its hand, the figure it received, what it saw) with
  its data and message fields.

A figure *value* like ``Figure(5)`` is shared by every container, so the test looks for the containers and
objects holding hidden facts, not for values. Two controls show the walk would see a leak: the narrator's
observation (``viewer=None``, who sees everything) does reach the dealt hands, and a seat's observation
does reach its own private events.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest

from rulesengine.grove.rules.game import Deal, GameState, Phase, new_game
from rulesengine.grove.strategy.policies import agent
from tests.reachable import reachable

#: Objects the engine never hands out: the state, a deal, and its own private classes (the log chain).
_HIDDEN_TYPES = (GameState, Deal)


def _engine_private(obj: object) -> bool:
    kind = type(obj)
    return kind.__module__.startswith("rulesengine.grove") and kind.__name__.startswith("_")


def hidden_from(state: GameState, seat: int) -> dict[int, str]:
    """The containers and objects of ``state`` holding facts hidden from ``seat``, by id, with a name."""
    hidden: dict[int, str] = {id(state): "the game state", id(state.__dict__): "the game state's fields"}
    for r, deal in enumerate(state.deals, 1):
        hidden[id(deal)] = f"the deal of round {r}"
        hidden[id(deal.hands)] = f"the dealt hands of round {r}"
    if state.deal is not None and state.phase in (Phase.LOOK, Phase.ACCUSE):  # not revealed yet (GR-V1)
        hidden[id(state.deal.suspects)] = "the current round's suspects as dealt"
    events = state.events
    if any(not e.visible_to(seat) for e in events):
        hidden[id(events)] = "the whole log"
    for e in events:
        if not e.visible_to(seat):
            name = f"seat {e.audience}'s private {e.kind.value} event of round {e.round}"
            hidden[id(e)] = name
            hidden[id(e.__dict__)] = name + " (its fields)"
            hidden[id(e.data)] = name + " (its data)"
            for value in e.data.values():
                if isinstance(value, dict | tuple):
                    hidden[id(value)] = name + " (a value of its data)"
            lazy = e.__dict__.get("_message")
            if lazy is not None:
                hidden[id(lazy)] = hidden[id(lazy[1])] = name + " (its message)"
    return hidden


def leaks(state: GameState, seat: int, roots: Iterable[object]) -> list[str]:
    """What of ``state`` hidden from ``seat`` is reachable from ``roots``."""
    hidden = hidden_from(state, seat)
    found = []
    for obj in reachable(*roots):
        if id(obj) in hidden:
            found.append(hidden[id(obj)])
        elif isinstance(obj, _HIDDEN_TYPES) or _engine_private(obj):
            found.append(f"an engine object {type(obj).__name__}")
    return found


def random_game(players: int, seed: int) -> Iterator[GameState]:
    """Every state of one seeded random game through the engine (the deal, every decision, the end)."""
    rng = random.Random(seed)
    play = agent("random", rng)
    state = new_game(players, seed % players)
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply_action(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state = state.apply_action(play(state.observation(seat), state.legal_actions()))
        yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_seat_observation_reaches_a_hidden_fact(players: int) -> None:
    checked = 0
    for seed in range(15):
        for state in random_game(players, seed):
            legal = state.legal_actions() if not state.is_chance_node() else []
            for seat in range(players):
                found = leaks(state, seat, [state.observation(seat), legal])
                where = f"seed {seed}, round {state.round}, seat {seat}"
                assert not found, f"{where} reaches {sorted(set(found))}"
                checked += 1
    assert checked > 100 * players


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_walk_sees_what_it_must(players: int) -> None:
    """Controls: the narrator's observation reaches the dealt hands; a seat's reaches its own private events
    and the suspects it looked at (GR-I1, GR-P2)."""
    states = list(random_game(players, 3))
    state = next(s for s in states if s.deal is not None and s.looks[s.leader] is not None)
    narrator = {id(o) for o in reachable(state.observation(None))}
    assert id(state.deal.hands) in narrator  # type: ignore[union-attr]
    leader = state.leader
    own = [e for e in state.events if e.audience == leader]
    assert own
    reached = {id(o) for o in reachable(state.observation(leader))}
    assert all(id(e) in reached for e in own)
    seen = state.observation(leader).suspects
    assert [f is not None for f in seen] == [k in state.looks[leader] for k in range(3)]  # type: ignore[operator]


def test_a_seat_knows_only_its_own_hands() -> None:
    """The figures an observation names: the seat's hand and the one received (GR-I1, GR-I2), or with two
    players the face-up figure (GR-2P1..2P3); the suspects it looked at (GR-P2, GR-P4)."""
    for players in (2, 3, 4, 5):
        for state in random_game(players, 11):
            if state.deal is None:
                continue
            for seat in range(players):
                obs = state.observation(seat)
                known = {seat} if players == 2 else {seat, (seat - 1) % players}
                assert [k for k, f in enumerate(obs.hands) if f is not None] == sorted(known)
                pair = state.looks[seat] if state.looks else None  # the looks are cleared at the end
                assert [k for k, f in enumerate(obs.suspects) if f is not None] == ([] if pair is None
                                                                                    else list(pair))
                assert obs.victim is None
