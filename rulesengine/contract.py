"""The one game contract both engines keep, and :func:`drive`, the one loop that plays either.

In the spirit of OpenSpiel's ``State`` and Pgx's ``step``, a game state answers the same questions with
the same names in both games (:class:`State`):

* whose decision: ``current_player()`` — a seat of the Grove, a
  :class:`~rulesengine.looper.rules.state.Side` of the Looper; or :data:`CHANCE`, :data:`PAUSED`,
  :data:`TERMINAL`;
* the players: ``player_ids()`` — ``(0, …, n-1)``; ``(Side.MASTERMIND, Side.PROTAGONISTS)``;
* the legal actions: ``legal_actions()``, sorted;
* applying one: ``apply_action(action)`` — returns the state after it;
* chance: ``is_chance_node()``, ``chance_outcomes()`` with exact probabilities, ``sample_chance(rng)``
  — the Grove's deal (GR-S3); **the Looper has no chance node** (the script fixes everything before
  play: ``is_chance_node()`` is always false);
* the end: ``is_terminal()`` and ``returns()`` — the Grove: −1 for the loser, 0 for the others; the
  Looper: +1 for the winner, −1 for the loser, as (Mastermind, protagonists);
* what a player sees: ``observation(player)`` — a Grove ``Observation`` of a seat; a Looper
  ``ProtagonistsObservation`` or ``MastermindObservation``;
* branching: ``clone()`` — the Looper's is a copy; the Grove's state is immutable and is its own clone.

``apply_action`` returns the state after the action, and the caller goes on with the **returned**
state: ``state = state.apply_action(action)`` (Pgx's ``step``; OpenSpiel's ``apply_action`` returns
nothing). The Grove's state is immutable, so it returns a new value; the Looper's moves the game on in
place and returns it (copying a Looper state at every decision would cost more than the decision
itself: ``clone()`` first to branch). An illegal action raises
:class:`~rulesengine.errors.IllegalActionError` naming the rule id, and the state is unchanged.
Everything in the package that plays either game generically (:func:`drive`, the runner and the tournaments)
uses these names only. A second vocabulary survives only as thin, documented aliases for code that steps one
game in place (the notebooks' widgets, the scenario tests): the Looper's ``pending`` (the pending decision as
one value), ``apply`` (``apply_action`` returning ``None``) and ``is_over`` (``is_terminal()``); the Grove's
``pending()`` and ``apply``.

A **replay file** has one shape for both games (``docs/conventions.md``)::

    {"game": "looper" | "grove", "version": 2, "setup": {...}, "actions": [...]}

:func:`replay_record` writes that envelope and :func:`read_replay` checks it; each game's replay module
fills ``setup`` and ``actions`` and still reads its older files.

An **agent** answers with what its side may see: ``agent(observation, legal_actions) -> action``,
never the state itself.

>>> import random
>>> from rulesengine.grove import new_game
>>> from rulesengine.looper.play.agents import RandomAgent
>>> final = drive(new_game(3), {s: RandomAgent(s) for s in range(3)}, chance=random.Random(1))
>>> final.is_terminal(), sum(final.returns())
(True, -1)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Protocol, Self, TypeVar

from rulesengine.errors import InputError

__all__ = [
    "CHANCE",
    "PAUSED",
    "REPLAY_VERSION",
    "TERMINAL",
    "Agent",
    "State",
    "drive",
    "read_replay",
    "replay_record",
    "write_replay",
]

#: ``current_player()`` at a chance node (OpenSpiel's ``kChancePlayerId``).
CHANCE: Final = -1
#: ``current_player()`` of a Looper game resting between phases (``pause_between_phases``): nobody
#: decides until ``resume()`` (OpenSpiel's ``kInvalidPlayer``: no player may act).
PAUSED: Final = -3
#: ``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``).
TERMINAL: Final = -4
#: The version of the shared replay-file shape.
REPLAY_VERSION: Final = 2
_REPLAY_KEYS: Final = ("actions", "game", "setup", "version")

ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT", covariant=True)
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Agent(Protocol[ObservationT_contra, ActionT_co]):
    """Answers a decision from its side's observation and the sorted legal actions."""

    def __call__(self, observation: ObservationT_contra, legal_actions: Sequence[Any], /) -> ActionT_co:
        """The chosen action, one of ``legal_actions``."""
        ...


class State(Protocol[ActionT, ObservationT]):
    """A game state of either engine (see the table above)."""

    def current_player(self) -> Hashable:
        """The player to decide, or :data:`CHANCE`, :data:`PAUSED`, :data:`TERMINAL`."""
        ...

    def player_ids(self) -> tuple[Hashable, ...]:
        """The players, in the order of :meth:`returns`."""
        ...

    def legal_actions(self) -> Sequence[ActionT]:
        """The sorted legal actions now (the chance outcomes at a chance node)."""
        ...

    def apply_action(self, action: ActionT) -> Self:
        """The state after ``action`` (go on with the returned state)."""
        ...

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[ActionT, Fraction]]:
        """Every chance outcome with its exact probability (empty unless at a chance node)."""
        ...

    def sample_chance(self, rng: random.Random) -> ActionT:
        """One chance outcome drawn with ``rng``."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def returns(self) -> tuple[int, ...]:
        """Each player's payoff at the end, in the order of :meth:`player_ids`."""
        ...

    def observation(self, player: Any) -> ObservationT:
        """What ``player`` may see now."""
        ...

    def clone(self) -> Self:
        """An independent copy to branch on."""
        ...


S = TypeVar("S", bound=State[Any, Any])


def drive(
    state: S,
    agents: Mapping[Any, Callable[[Any, Sequence[Any]], Any]],
    until: Callable[[S], bool] | None = None,
    *,
    chance: random.Random | None = None,
    stop_at_pause: bool = False,
) -> S:
    """Play ``state`` on with ``agents`` and return the state where it stops.

    Each decision goes to ``agents[state.current_player()]`` with that player's observation and the
    legal actions; chance draws with ``chance``. It stops when the game is over, when ``until(state)``
    holds (checked before every step), when the player to decide has no agent (a learner's turn), and —
    with ``stop_at_pause`` — when a Looper game rests between phases (otherwise it resumes it).

    Raises
    ------
    ValueError
        At a chance node when no ``chance`` generator was given.

    >>> from rulesengine.looper.rules.engine import Game
    >>> from rulesengine.looper.play.agents import RandomAgent
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> game = drive(game, {"mastermind": RandomAgent(1), "protagonists": RandomAgent(2)},
    ...              until=lambda g: g.day == 2)
    >>> game.day, game.current_player()
    (2, <Side.MASTERMIND: 'mastermind'>)
    """
    while True:
        if until is not None and until(state):
            return state
        player = state.current_player()
        agent = agents.get(player)
        if agent is not None:
            state = state.apply_action(agent(state.observation(player), state.legal_actions()))
        elif player == CHANCE:
            if chance is None:
                raise ValueError("a chance node needs a generator: drive(..., chance=random.Random(seed))")
            state = state.apply_action(state.sample_chance(chance))
        elif player == PAUSED and not stop_at_pause:
            state.resume()  # type: ignore[attr-defined]  # only a Looper game pauses
        else:  # over, paused (stop_at_pause), or a player without an agent (a learner's turn)
            return state


# ------------------------------------------------------------------------------------ replay files


def replay_record(game: str, setup: Mapping[str, Any], actions: Sequence[Any]) -> dict[str, Any]:
    """The replay file of a game: ``{"game", "version", "setup", "actions"}`` (plain JSON data).

    >>> replay_record("grove", {"players": 3, "first_leader": 0}, [])
    {'game': 'grove', 'version': 2, 'setup': {'players': 3, 'first_leader': 0}, 'actions': []}
    """
    return {"game": game, "version": REPLAY_VERSION, "setup": dict(setup), "actions": list(actions)}


def read_replay(
    document: object, game: str, where: str = "record"
) -> tuple[Mapping[str, Any], Sequence[Any]] | None:
    """``(setup, actions)`` of a replay file of ``game`` in the shared shape; ``None`` for a file without
    ``"version"`` (an older shape, which the game's own reader handles).

    Raises
    ------
    InputError
        Naming the field: not a mapping, another game, an unknown version or key, a ``setup`` that is
        not a mapping, ``actions`` missing or not a list.

    >>> read_replay({"game": "looper", "version": 2, "setup": {"script": "x"}, "actions": []}, "looper")
    ({'script': 'x'}, [])
    >>> read_replay({"game": "grove", "version": 2, "setup": {}, "actions": []}, "looper")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: record: game: this is a record of 'grove', not of 'looper'
    """
    if not isinstance(document, Mapping):
        raise InputError(where, "must be a mapping")
    if "version" not in document:
        return None
    for key in document:
        if key not in _REPLAY_KEYS:
            raise InputError(f"{where}: {key}", f"unknown key (allowed: {', '.join(_REPLAY_KEYS)})")
    if document.get("game") != game:
        raise InputError(f"{where}: game", f"this is a record of {document.get('game')!r}, not of {game!r}")
    if document["version"] != REPLAY_VERSION:
        raise InputError(f"{where}: version", f"expected {REPLAY_VERSION}, got {document['version']!r}")
    setup = document.get("setup", {})
    if not isinstance(setup, Mapping):
        raise InputError(f"{where}: setup", "must be a mapping")
    if "actions" not in document:
        raise InputError.of(f"{where}: actions", "common.input.no_actions")
    actions = document["actions"]
    if not isinstance(actions, list):
        raise InputError(f"{where}: actions", "must be a list")
    return setup, actions


def write_replay(
    path: str, record: Mapping[str, Any], where: str = "--record", inputs: Sequence[str] = ()
) -> None:
    """Write a replay file as JSON, whole or not at all (:func:`rulesengine.outputs.write_text`: never
    onto one of ``inputs``); an :class:`InputError` naming ``where`` when it cannot be written."""
    from rulesengine.outputs import write_text

    write_text(path, json.dumps(record, indent=1), option=where, inputs=inputs)
