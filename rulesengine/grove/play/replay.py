"""Game records: a deal-and-actions list (JSON) that replays a game exactly, and seeded bot games.

A record has the shared replay shape of both games (:func:`rulesengine.contract.replay_record`,
``docs/conventions.md``)::

    {"game": "grove", "version": 2, "setup": {"players": N, "first_leader": S}, "actions": [...]}

where each action is ``{"deal": {"hands": [...], "suspects": [...], "victim": "7", "public": null}}``,
``{"look": {"seat": 0, "suspects": [0, 1]}}`` or ``{"accuse": {"seat": 0, "suspect": 1}}`` (figures are
written ``"2"``..``"8"``, ``"X"``). The older shape without ``version``
(``{"game": "grove", "players": N, "first_leader": S, "actions": [...]}``) is still read. :func:`replay`
checks the shape (``InputError`` naming the entry) and applies the actions through the engine
(``IllegalActionError`` with the rule id for an illegal one).

>>> import random
>>> final = play_seeded(3, seed=4)
>>> replay(to_record(final)) == final
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulesengine.contract import drive, read_replay, replay_record
from rulesengine.errors import IllegalActionError, InputError
from rulesengine.grove.rules.figures import parse_figure
from rulesengine.grove.rules.game import Accuse, Action, Deal, GameState, Look, new_game
from rulesengine.grove.strategy.policies import STRATEGIES, agent

__all__ = ["actions_of", "play_seeded", "replay", "to_record"]


def actions_of(state: GameState) -> list[Action]:
    """Every action applied so far, in order: each round's deal, then looks and accusations clockwise."""
    actions: list[Action] = []
    n = state.players
    for result, deal in zip(state.rounds, state.deals, strict=False):
        actions.append(deal)
        for j in range(n):
            seat = (result.leader + j) % n
            actions.append(Look(seat, result.looks[seat]))
            actions.append(Accuse(seat, result.accusations[seat]))
    if state.deal is not None and len(state.deals) > len(state.rounds):
        actions.append(state.deal)
        for j in range(n):
            seat = (state.leader + j) % n
            pair = state.looks[seat]
            if pair is None:
                break
            actions.append(Look(seat, pair))
            accused = state.accusations[seat]
            if accused is None:
                break
            actions.append(Accuse(seat, accused))
    return actions


def _action_record(action: Action) -> dict[str, Any]:
    if isinstance(action, Deal):
        return {"deal": {"hands": [f.label for f in action.hands],
                         "suspects": [f.label for f in action.suspects],
                         "victim": action.victim.label,
                         "public": None if action.public is None else action.public.label}}
    if isinstance(action, Look):
        return {"look": {"seat": action.seat, "suspects": list(action.suspects)}}
    return {"accuse": {"seat": action.seat, "suspect": action.suspect}}


def to_record(state: GameState) -> dict[str, Any]:
    """The record of a game so far (plain JSON data, the shared replay shape)."""
    return replay_record(
        "grove",
        {"players": state.players, "first_leader": state.first_leader},
        [_action_record(a) for a in actions_of(state)],
    )


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(where, f"must be an integer, got {value!r}")
    return value


def _parse_action(entry: object, where: str) -> Action:
    if not isinstance(entry, Mapping) or len(entry) != 1:
        raise InputError(where, "must be one of {'deal': …}, {'look': …}, {'accuse': …}")
    (kind, body), = entry.items()
    if not isinstance(body, Mapping):
        raise InputError(f"{where}: {kind}", "must be a mapping")
    try:
        if kind == "deal":
            hands = body["hands"]
            suspects = body["suspects"]
            if not isinstance(hands, list) or not isinstance(suspects, list):  # "234" is no list
                raise InputError(f"{where}: deal", "hands and suspects must be lists")
            return Deal.of(
                [parse_figure(v, f"{where}: deal: hands") for v in hands],
                [parse_figure(v, f"{where}: deal: suspects") for v in suspects],
                parse_figure(body["victim"], f"{where}: deal: victim"),
                None if body.get("public") is None
                else parse_figure(body["public"], f"{where}: deal: public"),
            )
        if kind == "look":
            pair = body["suspects"]
            if not isinstance(pair, list) or len(pair) != 2:
                raise InputError(f"{where}: look: suspects", "must be a pair of suspect indices")
            return Look(_int(body["seat"], f"{where}: look: seat"),
                        (_int(pair[0], f"{where}: look"), _int(pair[1], f"{where}: look")))
        if kind == "accuse":
            return Accuse(_int(body["seat"], f"{where}: accuse: seat"),
                          _int(body["suspect"], f"{where}: accuse: suspect"))
    except KeyError as exc:
        raise InputError(f"{where}: {kind}", f"missing field {exc.args[0]!r}") from None
    raise InputError(where, f"unknown action {kind!r}")


def replay(record: Mapping[str, Any]) -> GameState:
    """Rebuild the game a record describes, action by action, through the engine."""
    shared = read_replay(record, "grove")
    if shared is not None:
        setup, actions = shared
        where = "setup: "
    else:  # the older shape: players, first_leader and actions at the top
        if record.get("game", "grove") != "grove":
            raise InputError("game", f"this is a record of {record.get('game')!r}, not of In a Grove")
        setup, actions = record, record.get("actions", [])
        where = ""
    players = setup.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise InputError(f"{where}players", f"must be 2 to 5, got {players!r}")
    if shared is None and "actions" not in record:  # (the shared shape's reader checks it)
        raise InputError.of("actions", "common.input.no_actions")
    state = new_game(players, _int(setup.get("first_leader", 0), f"{where}first_leader"))
    if not isinstance(actions, Sequence) or isinstance(actions, str):
        raise InputError("actions", "must be a list")
    for i, entry in enumerate(actions):
        action = _parse_action(entry, f"actions[{i}]")
        try:
            state = state.apply_action(action)
        except IllegalActionError as exc:  # name the entry the rules refuse
            raise exc.prefixed(f"actions[{i}]") from None
    return state


def play_seeded(players: int, seed: int = 0, strategy: str = "best", first_leader: int = 0) -> GameState:
    """A whole game: deals from ``random.Random(seed)``, every seat playing ``strategy``.

    >>> play_seeded(4, seed=1).is_terminal()
    True
    """
    if strategy not in STRATEGIES:
        raise InputError("strategy", f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}")
    rng = random.Random(seed)
    seats = {seat: agent(strategy, rng) for seat in range(players)}
    return drive(new_game(players, first_leader), seats, chance=rng)
