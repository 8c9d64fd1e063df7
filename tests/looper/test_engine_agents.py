"""Agents answer through the same door as everyone else; the heuristic Mastermind beats a random one."""

from __future__ import annotations

from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.engine import Game, play
from rulesengine.looper.script import SCRIPTS_DIR, load_script


def mastermind_wins(script_name: str, smart_mastermind: bool, smart_protagonists: bool, n: int) -> int:
    script = load_script(SCRIPTS_DIR / f"{script_name}.yaml")
    wins = 0
    for seed in range(n):
        mm = HeuristicMastermind(seed) if smart_mastermind else RandomAgent(seed)
        pr = HeuristicProtagonists(seed + 1) if smart_protagonists else RandomAgent(seed + 1)
        wins += play(Game(script), {"mastermind": mm, "protagonists": pr}).winner == "mastermind"
    return wins


def test_heuristic_mastermind_beats_random_mastermind() -> None:
    """Against random protagonists the heuristic Mastermind wins more of 30 seeded games than a random one."""
    for name in ("fs_03_festival_of_masks", "btx_01_first_contract"):
        assert mastermind_wins(name, True, False, 30) > mastermind_wins(name, False, False, 30)


def test_heuristic_protagonists_beat_random_protagonists() -> None:
    """Against a random Mastermind, heuristic protagonists lose fewer of 30 seeded games than random ones."""
    assert mastermind_wins("btx_02_clockwork_hearts", False, True, 30) < mastermind_wins(
        "btx_02_clockwork_hearts", False, False, 30
    )


def test_agents_only_pick_legal_options() -> None:
    """Every agent returns one of the pending options."""
    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    agents = [RandomAgent(0), HeuristicMastermind(0), HeuristicProtagonists(0)]
    for _ in range(40):
        if game.pending is None:
            break
        for agent in agents:
            assert agent(game) in game.legal_actions()
        game.apply(agents[0](game))
