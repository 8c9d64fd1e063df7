"""Random-play fuzz over every shipped script, with invariants checked after every step.

Invariants: no negative token; card limits (3 Mastermind cards on distinct targets, 1 card per
protagonist on distinct targets, no card on a corpse, hands never below zero); legal options
sorted and unique; nothing hidden in the public log or the protagonists' view (TL-D5a, TL-D7c);
every rewind restores the loop's starting board (TL-RW).

The default run plays ``LOOPER_FUZZ_GAMES`` games per script (100); the long run plays 2000 per script
(about 5 minutes on one core) when ``LOOPER_FUZZ_LONG=1`` is set.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.rules.actions import sort_key
from rulesengine.looper.rules.content import load_content
from rulesengine.looper.rules.engine import Game, play
from rulesengine.looper.rules.script import Script, load_script, random_script, shipped_scripts
from rulesengine.looper.rules.state import Side

SCRIPTS = shipped_scripts()
CONTENT = load_content()
HIDDEN_ROLES = sorted(r for r in CONTENT.roles if r != "person")
REVEAL_KINDS = {"role_revealed", "culprit_revealed", "guess"}  # guesses are the protagonists' own words
N_GAMES = int(os.environ.get("LOOPER_FUZZ_GAMES", "100"))


def check_public_event(e: Any, culprits: set[str]) -> None:
    """No public event carries a role, a culprit, or the source of a Mastermind ability (TL-D5a, TL-D7c)."""
    if e.kind in REVEAL_KINDS:
        return
    text = repr(dict(e.data))
    for role in HIDDEN_ROLES:
        assert f"'{role}'" not in text, (e, role)
    assert ("culprit" not in e.data and "source" not in e.data) or e.kind == "goodwill_declared", e
    if e.kind.startswith("incident"):
        assert not (set(map(str, e.data.values())) & culprits), e


def check_state(game: Game) -> None:
    """The per-step invariants."""
    for ch in game.chars.values():
        assert min(ch.paranoia, ch.goodwill, ch.intrigue, ch.guards) >= 0, ch
    assert min(game.location_intrigue.values()) >= 0
    mm = [pc for pc in game.cards if pc.owner == "mastermind"]
    prot = [pc for pc in game.cards if pc.owner != "mastermind"]
    assert len(mm) <= 3 and len({pc.target for pc in mm}) == len(mm)
    assert len({pc.owner for pc in prot}) == len(prot) == len({pc.target for pc in prot}) <= 3
    for pc in game.cards:
        if pc.target in game.chars:
            assert game.chars[pc.target].alive
    for owner in game.spent:
        assert all(n > 0 for n in game.hand(owner).values())
    options = game.legal_actions()
    if game.pending is not None:
        assert options
        assert list(options) == sorted(options, key=sort_key)
        assert len(set(options)) == len(options)
    else:
        assert game.is_over and game.outcome is not None
    assert all(b == game.reset_boards[0] for b in game.reset_boards), "a rewind did not restore the start"


def check_view(game: Game) -> None:
    """The protagonists' view holds no hidden role or Mastermind-only event."""
    v = game.view("protagonists")
    assert "private" not in v
    assert all(e["visibility"] == "public" for e in v["log"])
    for c in v["characters"]:
        assert c["role"] == game.revealed_roles.get(c["id"])
    assert all("reasons" not in r for r in v["loops"])
    if not game.cards_revealed:
        assert all(c["card"] is None for c in v["cards"] if c["owner"] == "mastermind")
    if game.pending is not None and game.pending.who == "mastermind":
        assert v["pending"] == {"who": "mastermind"}


def fuzz_game(path: Any, seed: int, heuristic: bool = False) -> Game:
    """Play one random game with every invariant checked after every decision (``path`` a script file or
    a :class:`Script`)."""
    script = path if isinstance(path, Script) else load_script(path)
    culprits = {i.culprit for i in script.incidents}
    game = Game(script)
    rng = random.Random(seed)
    agents: dict[str, Any] = {
        "mastermind": HeuristicMastermind(seed) if heuristic else RandomAgent(rng.randrange(1 << 30)),
        "protagonists": HeuristicProtagonists(seed) if heuristic else RandomAgent(rng.randrange(1 << 30)),
    }
    seen = 0
    check_state(game)
    while game.pending is not None:
        side = Side.of(game.pending.who)
        game.apply(agents[side](game.observation(side), game.legal_actions()))
        check_state(game)
        for e in game.log[seen:]:
            if e.visibility == "public":
                check_public_event(e, culprits - set(game.revealed_culprits.values()))
        seen = len(game.log)
    check_view(game)
    return game


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_random_games_keep_invariants(path: Any) -> None:
    """Random-play fuzz (TL-D2a, TL-D3c, TL-D4c, TL-D5a, TL-D7c, TL-RW): many whole games per script."""
    winners = set()
    for seed in range(N_GAMES):
        game = fuzz_game(path, seed)
        assert game.outcome is not None
        winners.add(game.outcome.winner)
    assert winners <= {"protagonists", "mastermind"}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_heuristic_games_keep_invariants(path: Any) -> None:
    """The heuristic agents play legal games too."""
    for seed in range(10):
        assert fuzz_game(path, seed, heuristic=True).outcome is not None


@pytest.mark.parametrize("set_id", ["first_steps", "basic_tragedy_x"])
def test_random_wider_cast_scripts_keep_invariants(set_id: str) -> None:
    """Issue 24: random scripts casting the twelve characters of the wider cast (their entry day, copied
    role and never-Person A.I. drawn too), random and heuristic games, invariants after every step."""
    cast: set[str] = set()
    for seed in range(max(N_GAMES // 2, 20)):
        script = random_script(random.Random(seed), set_id, wider_cast=True)
        cast |= set(script.cast)
        assert fuzz_game(script, seed, heuristic=seed % 2 == 1).outcome is not None
    assert set(CONTENT.sets[set_id].wider_cast) <= cast


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("LOOPER_FUZZ_LONG"), reason="long fuzz run: set LOOPER_FUZZ_LONG=1")
@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_thousands_of_random_games(path: Any) -> None:
    """The long fuzz run: 2000 random games per shipped script (``LOOPER_FUZZ_LONG=1``)."""
    for seed in range(10_000, 12_000):
        fuzz_game(path, seed)


def test_views_mid_game_hide_everything_secret() -> None:
    """TL-D5a/TL-D7c: the protagonists' view checked at every step of a few games."""
    for path in SCRIPTS:
        game = Game(load_script(path))
        agent = RandomAgent(7)
        while game.pending is not None:
            check_view(game)
            game.apply(agent(None, game.legal_actions()))


def test_play_with_random_agents_is_reproducible() -> None:
    """Seeds are explicit: the same seeds give the same game."""
    logs = []
    for _ in range(2):
        game = Game(load_script(SCRIPTS[0]))
        play(game, {"mastermind": RandomAgent(3), "protagonists": RandomAgent(4)})
        logs.append([e.as_dict() for e in game.log])
    assert logs[0] == logs[1]
