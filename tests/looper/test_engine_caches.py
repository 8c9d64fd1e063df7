"""The engine's speed-ups change nothing: cached placement decisions, new games copied from a start.

Rules touched: TL-D2, TL-D3 (the legal placements, whichever way the engine reaches them), TL-RW (the
board every game starts from).
"""

from __future__ import annotations

import random

import pytest

from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import Script, load_script, shipped_scripts
from rulesengine.looper.rules.seams import ScriptFacts
from rulesengine.looper.rules.state import DecisionKind, state_values

SCRIPTS = [load_script(p) for p in shipped_scripts()]


def set_up_long_way(script: Script, record: bool) -> Game:
    """A game set up step by step: one with a provider of hidden facts of its own (here the script's own
    sheet, :class:`ScriptFacts`) never copies the cached start of a plain game."""
    return Game(script, record=record, facts=ScriptFacts(script))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.id)
def test_cached_placements_equal_the_placements_worked_out_from_the_state_tl_d2_tl_d3(script: Script) -> None:
    """TL-D2/TL-D3: at every placement of many random games (most reached through the cache of the
    previous situation's answers), the pending options equal ``placement_options`` computed from the
    cards, the spent cards and the living characters."""
    checked = 0
    for seed in range(30):
        game = Game(script)
        rng = random.Random(seed)
        while game.pending is not None:
            pending = game.pending
            if pending.kind is DecisionKind.PLACE_CARD:
                assert pending.options == game.placement_options(pending.who), (seed, game.day)
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 300


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.id)
def test_new_game_copied_from_the_start_equals_one_set_up_the_long_way_tl_rw(script: Script) -> None:
    """TL-RW: a new game (copied from the script's start after the first) holds the same state as one set
    up step by step, shares no container with the earlier game, and plays the same game."""
    first = Game(script)
    for record in (True, False):
        copied, long_way = Game(script, record=record), set_up_long_way(script, record)
        assert state_values(copied) == state_values(long_way)
        assert copied.chars is not first.chars and copied.log is not first.log
        rng_a, rng_b = random.Random(5), random.Random(5)
        while copied.pending is not None:
            copied.apply(rng_a.choice(copied.legal_actions()))
            long_way.apply(rng_b.choice(long_way.legal_actions()))
        assert state_values(copied) == state_values(long_way)
    first.chars[script.cast[0]].paranoia += 1
    assert Game(script).chars[script.cast[0]].paranoia == 0
