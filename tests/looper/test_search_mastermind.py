"""The searching Mastermind (issue 25): its model of the game, its determinism, its strength."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.play.search import SearchingMastermind
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, observation
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script

QUIET_WARD = load_script(SCRIPTS_DIR / "fs_02_quiet_ward.yaml")


def test_the_model_is_the_mastermind_s_at_its_own_decisions_only_tl_d2_tl_d4() -> None:
    """At a Mastermind decision the model is a copy of the game (the same options, independent of it);
    while the Protagonists place their face-down cards it is refused."""
    game = Game(QUIET_WARD)
    rand = RandomAgent(3)
    seen_mastermind = seen_protagonists = 0
    while not game.is_over and (seen_mastermind < 20 or seen_protagonists < 5):
        pending = game.pending
        assert pending is not None
        obs = MastermindObservation(game)
        if pending.who == "mastermind":
            model = obs.model()
            assert model.legal_actions() == game.legal_actions()
            before = len(game.log)
            model.apply(model.legal_actions()[0])
            assert len(game.log) == before and game.pending is pending
            seen_mastermind += 1
        else:
            with pytest.raises(InputError, match="Mastermind's at its own decisions"):
                obs.model()
            seen_protagonists += 1
        side = "mastermind" if pending.who == "mastermind" else "protagonists"
        game.apply(rand(observation(game, side), game.legal_actions()))
    assert seen_mastermind and seen_protagonists


def test_the_searching_mastermind_is_deterministic_for_a_seed() -> None:
    games = [
        drive(
            Game(QUIET_WARD),
            {"mastermind": SearchingMastermind(7, level=1), "protagonists": HeuristicProtagonists(8)},
        )
        for _ in range(2)
    ]
    assert games[0].history == games[1].history


def test_a_bad_strength_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="level"):
        SearchingMastermind(0, level=4)
    with pytest.raises(InputError, match="rollouts"):
        SearchingMastermind(0, rollouts=0)


def test_the_searching_mastermind_beats_the_heuristic_protagonists_where_the_heuristic_one_loses() -> None:
    """``fs_02_quiet_ward``: the heuristic Mastermind loses every one of these games to the heuristic
    Protagonists; the searching one, at its lowest level, wins most (TL-LE1, TL-LE2)."""
    seeds = range(5)

    def wins(mastermind: type) -> int:
        won = 0
        for seed in seeds:
            searching = mastermind is SearchingMastermind
            agent = SearchingMastermind(seed, level=1) if searching else mastermind(seed)
            protagonists = HeuristicProtagonists(seed + 1)
            game = drive(Game(QUIET_WARD, record=False), {"mastermind": agent, "protagonists": protagonists})
            assert game.outcome is not None
            won += game.outcome.winner == "mastermind"
        return won

    assert wins(HeuristicMastermind) == 0
    assert wins(SearchingMastermind) >= 4


def test_the_search_reports_its_alternatives() -> None:
    """``last``: every option of the decision searched, best first, with its rollouts and wins."""
    game = Game(QUIET_WARD)
    agent = SearchingMastermind(0, level=1)
    legal = game.legal_actions()
    choice = agent(MastermindObservation(game), legal)
    assert agent.last[0][0] == choice
    assert sorted(map(repr, (a for a, _, _ in agent.last))) == sorted(map(repr, legal))
    assert sum(t for _, t, _ in agent.last) >= agent.budget
    assert all(0 <= w <= t for _, t, w in agent.last)


@pytest.mark.parametrize("mastermind", ["search1", "mcts1"])
def test_cli_play_with_the_searching_mastermind_records_a_replayable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mastermind: str
) -> None:
    """``looper play --mastermind search1`` (or OpenSpiel's ``mcts1``): a searching Mastermind in the
    Mastermind's seat, against the heuristic Protagonists, wins here, and its decisions file replays to
    the same log."""
    script, rec = str(SCRIPTS_DIR / "fs_02_quiet_ward.yaml"), tmp_path / "rec.json"
    args = ["looper", "play", script, "--agents", "heuristic", "--mastermind", mastermind]
    args += ["--record", str(rec)]
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"]["winner"] == "mastermind"
    assert main(args) == 0
    played = capsys.readouterr().out
    assert main(["looper", "replay", script, str(rec)]) == 0
    assert capsys.readouterr().out == played
    assert main(["looper", "play", script, "--mastermind", "search9"]) != 0  # (argparse: the choices)


def _first_choice(secrecy: object) -> tuple[SearchingMastermind, Game]:
    """The searching Mastermind's first decision of fs_01 with several options, at ``secrecy``."""
    script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    game = Game(script)
    agent = SearchingMastermind(5, level=1, secrecy=secrecy)  # type: ignore[arg-type]
    assert game.pending is not None and game.pending.who == "mastermind"
    agent(MastermindObservation(game), game.legal_actions())
    return agent, game


def test_the_information_penalty_takes_the_option_that_tells_the_protagonists_least() -> None:
    """With ``secrecy`` the best options of the search are ranked again by wins less ``secrecy`` a bit
    the Protagonists gain by the day's end (the exact deduction's entropy before and after): at a
    prohibitive price the choice is the option among them that tells the least; at 0 the search is
    unchanged."""
    plain, _ = _first_choice(0)
    secret, game = _first_choice(10**6)
    top = [a for a, _, _ in plain.last[:3]]
    assert sorted(map(repr, (a for a, _, _ in secret.last[:3]))) == sorted(map(repr, top))
    assert secret._secrets is not None
    bits = secret._secrets.bits(game, top)
    assert len(set(bits.values())) > 1  # (the options tell the Protagonists different amounts)
    assert bits[secret.last[0][0]] == min(bits.values())
    assert secret.revealed == [max(bits.values())]
    assert plain.revealed == [] and plain._secrets is None


def test_a_bad_secrecy_is_a_clear_error_and_it_needs_the_log() -> None:
    for bad in (-1, "x", "1/0", None, float("inf"), float("nan")):
        with pytest.raises(InputError, match="secrecy"):
            SearchingMastermind(0, level=1, secrecy=bad)  # type: ignore[arg-type]
    assert SearchingMastermind(0, level=1, secrecy="1/10").secrecy == Fraction(1, 10)
    game = Game(QUIET_WARD, record=False)
    agent = SearchingMastermind(0, level=1, secrecy=1)
    with pytest.raises(InputError, match="record=True"):
        agent(MastermindObservation(game), game.legal_actions())
