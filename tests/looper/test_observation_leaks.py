"""Nothing reachable from a protagonists' observation holds a hidden fact (issue 22).

An agent is handed its side's observation and nothing else (``rulesengine.contract.drive``); the promise
that it sees only its side is structural only if no attribute or referent of that observation — private
or not — reaches a hidden role, culprit, plot, Mastermind card face down before TL-D4, Mastermind-only
event (TL-D5a, TL-D7c) or loss reason (TL-LE2). These tests walk everything reachable with
:func:`gc.get_referents` at every decision of whole games of every shipped script and look for those.

The walk (:func:`tests.reachable.reachable`, shared with the Grove's test) does not enter modules, classes
or the globals of functions; it does enter closures and bound methods, where a reference to a game would
hide.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.rules.actions import Choose
from rulesengine.looper.rules.cards import PlacedCard
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, SeenCard, observation
from rulesengine.looper.rules.script import (
    ScheduledIncident,
    Script,
    load_script,
    random_script,
    shipped_scripts,
)
from rulesengine.looper.rules.seams import ScriptFacts
from rulesengine.looper.rules.state import Event, LoopResult, LoopState
from tests.reachable import reachable

SCRIPTS = [load_script(p) for p in shipped_scripts()]
def hidden_facts(obj: object, game: Game) -> str | None:
    """What hidden fact ``obj`` is or holds, as the protagonists of ``game`` see it now, or ``None``."""
    if isinstance(obj, (LoopState, Script, ScriptFacts, ScheduledIncident, MastermindObservation)):
        return f"a {type(obj).__name__}"
    if isinstance(obj, LoopResult):
        return "a loop result with its loss reasons (TL-LE2)"
    if isinstance(obj, PlacedCard) and obj.owner == "mastermind" and not game.cards_revealed:
        return f"the Mastermind's card face up before TL-D4: {obj}"
    if isinstance(obj, SeenCard) and obj.owner == "mastermind" and obj.card and not game.cards_revealed:
        return f"the Mastermind's card face up before TL-D4: {obj}"
    if isinstance(obj, Event) and obj.visibility != "public":
        return f"a Mastermind-only event: {obj.kind}"
    if isinstance(obj, dict):
        hidden = {c: r for c, r in game.roles.items() if c not in game.revealed_roles}
        held = [c for c, r in hidden.items() if obj.get(c, None) == r and isinstance(obj.get(c), str)]
        if held and len(held) == len(obj):  # a table of roles by character
            return f"the hidden roles of {held}"
        culprits = {i.day: i.culprit for i in game.script.incidents if i.day not in game.revealed_culprits}
        if culprits and all(obj.get(d) == c for d, c in culprits.items()):
            return "the hidden culprits by day"
    return None


def walk_game(script: Script, seed: int, heuristic: bool) -> int:
    """Play ``script`` to its end, walking the protagonists' observation at every decision; how many
    objects were checked. The content tables (public, the same for every decision) are walked once."""
    game = Game(script)
    agents: dict[str, Any] = (
        {"mastermind": HeuristicMastermind(seed), "protagonists": HeuristicProtagonists(seed + 7)}
        if heuristic
        else {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 7)}
    )
    content = game.content
    for obj in reachable(content):
        assert hidden_facts(obj, game) is None, obj
    stop = {id(content)}
    checked = 0
    rng = random.Random(seed)
    while not game.is_over:
        obs = observation(game, "protagonists")
        for obj in reachable(obs, stop=stop):
            found = hidden_facts(obj, game)
            assert found is None, (script.id, seed, game.loop, game.day, game.phase, found)
            checked += 1
        pending = game.pending
        assert pending is not None
        side = "mastermind" if pending.who == "mastermind" else "protagonists"
        action = agents[side](observation(game, side), game.legal_actions())
        game.apply(action if rng.random() < 0.9 else rng.choice(game.legal_actions()))
    return checked


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.id)
@pytest.mark.parametrize("heuristic", [False, True], ids=["random", "heuristic"])
def test_nothing_reachable_from_a_protagonists_observation_is_hidden_tl_d5a_tl_d7c(
    script: Script, heuristic: bool
) -> None:
    """At every decision of whole games (TL-D1 to TL-FG3), no object reachable from the protagonists'
    observation is a game, a script, a culprit, a loss reason, a Mastermind-only event or a face-down
    Mastermind card."""
    assert walk_game(script, 3, heuristic) > 1000


def test_the_walk_finds_a_hidden_fact_when_one_is_reachable() -> None:
    """The check can fail: a game, its Mastermind's observation, or a closure holding a game is found."""
    game = Game(SCRIPTS[0])
    game.apply(game.legal_actions()[0])  # the Mastermind's first card, face down (TL-D2)
    for leaky in (game, observation(game, "mastermind"), (lambda: game), [game.log], game.cards):
        assert any(hidden_facts(o, game) for o in reachable(leaky)), leaky


WIDER = [
    random_script(random.Random(seed), set_id, wider_cast=True, loops=2, days=4)
    for seed in (1, 2, 3)
    for set_id in ("first_steps", "basic_tragedy_x")
]


@pytest.mark.parametrize("script", WIDER, ids=lambda s: f"{s.set_id}-{'-'.join(s.cast)[:40]}")
def test_nothing_hidden_is_reachable_with_the_wider_cast(script: Script) -> None:
    """Issue 24: the same walk on random scripts casting the twelve characters of the wider cast (the
    Transfer Student's private entry day, the Copycat's copied role, the A.I. never a Person…)."""
    assert walk_game(script, 5, True) > 100


def test_the_scientists_counter_is_hidden_until_placed() -> None:
    """scientist.p1: while the Mastermind chooses the Scientist's loop-start counter the protagonists see a
    Mastermind decision without its options and no counter on him; once placed, the counter is public."""
    script = random_script(random.Random(1), "first_steps")
    script = dataclasses.replace(
        script, cast=(*script.cast, "scientist"), roles={**script.roles, "scientist": "person"}
    )
    game = Game(script)
    assert game.pending is not None and game.pending.kind == "scientist_counter"
    obs = observation(game, "protagonists")
    for obj in reachable(obs, stop={id(game.content)}):
        assert hidden_facts(obj, game) is None
        assert not (isinstance(obj, Choose) and obj.option in ("goodwill", "intrigue", "paranoia")), obj
    seen = obs.characters["scientist"]
    assert (seen.paranoia, seen.goodwill, seen.intrigue) == (0, 0, 0)
    game.apply(Choose("goodwill"))
    assert observation(game, "protagonists").characters["scientist"].goodwill == 1
