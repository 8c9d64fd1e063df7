"""Audit (second reader): an illegal goodwill declaration names the specific rule it breaks.

The working agreement asks for the *specific* rule id: a declaration with too little goodwill breaks
TL-D6a, a second use on the same day (or of a ★ ability in the same loop) breaks TL-D6e, a target
the ability does not allow breaks TL-D6b. Every refused action leaves the game unchanged.
"""

from __future__ import annotations

import pytest

from rulesengine.errors import IllegalActionError
from rulesengine.looper.rules.actions import Allow, Pass, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import make_game, place_cards, quiet_day


def at_goodwill(game: Game) -> Game:
    """Place the quiet cards and pass to TL-D6."""
    place_cards(game)
    while game.phase is not Phase.GOODWILL_ABILITY:
        game.apply(Pass())
    return game


def rule_of(game: Game, action: UseAbility) -> str:
    """The rule id of the error raised by ``action``, checking that the game did not change."""
    before = (len(game.log), game.pending, game.board(), set(game.used_today), set(game.used_loop))
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert (len(game.log), game.pending, game.board(), game.used_today, game.used_loop) == before
    return err.value.rule_id


def test_too_little_goodwill_is_tl_d6a() -> None:
    """TL-D6a: the Pop Idol's second ability needs 4 goodwill; with 3 it is refused as TL-D6a."""
    game = make_game(roles={})
    game.chars["pop_idol"].goodwill = 3
    at_goodwill(game)
    assert rule_of(game, UseAbility("pop_idol.2", "pop_idol", "office_worker")) == "TL-D6a"


def test_target_not_allowed_is_tl_d6b() -> None:
    """TL-D6b: the Pop Idol's calming names *another* character in its location: itself is refused."""
    game = make_game(roles={})
    game.chars["pop_idol"].goodwill = 3
    at_goodwill(game)
    assert rule_of(game, UseAbility("pop_idol.1", "pop_idol", "pop_idol")) == "TL-D6b"
    assert rule_of(game, UseAbility("pop_idol.1", "pop_idol", "doctor")) == "TL-D6b"  # in the Hospital


def test_second_use_same_day_is_tl_d6e() -> None:
    """TL-D6e: an ability already declared today (allowed or refused) is refused as TL-D6e."""
    game = make_game(roles={}, days=2)
    game.chars["pop_idol"].goodwill = 3
    game.chars["office_worker"].paranoia = 2
    at_goodwill(game)
    game.apply(UseAbility("pop_idol.1", "pop_idol", "office_worker"))
    game.apply(Allow())
    assert rule_of(game, UseAbility("pop_idol.1", "pop_idol", "office_worker")) == "TL-D6e"


def test_once_per_loop_ability_next_day_is_tl_d6e() -> None:
    """TL-D6e: a ★ ability (the Police Officer's guard) used on day 1 is refused on day 2 as TL-D6e."""
    game = make_game(cast=("police_officer", "office_worker", "doctor"), roles={}, days=2)
    game.chars["police_officer"].goodwill = 5
    at_goodwill(game)
    game.apply(UseAbility("police_officer.2", "police_officer", "office_worker"))
    game.apply(Allow())
    quiet_day(game)
    at_goodwill(game)
    assert rule_of(game, UseAbility("police_officer.2", "police_officer", "office_worker")) == "TL-D6e"


def test_dead_or_unknown_source_is_tl_d6() -> None:
    """TL-D6: an ability of a dead character, or an id no character has, is refused under TL-D6."""
    game = make_game(roles={})
    game.chars["office_worker"].goodwill = 3
    game.kill("office_worker", "test")
    at_goodwill(game)
    assert rule_of(game, UseAbility("office_worker.1", "office_worker", "office_worker")) == "TL-D6"
    assert rule_of(game, UseAbility("no_such.1", "office_worker", "office_worker")) == "TL-D6"
    assert rule_of(game, UseAbility("pop_idol.1", "office_worker", "doctor")) == "TL-D6"
