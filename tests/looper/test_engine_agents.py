"""Agents answer through the same door as everyone else, with their side's observation only.

The heuristic Mastermind beats a random one; the heuristic protagonists beat random ones; and the
heuristic protagonists make the same choices on every script that leaves the same public record, which
shows they read no hidden role (TL-D5a, TL-D7c: what the protagonists may know).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from rulesengine.contract import drive
from rulesengine.errors import IllegalActionError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.rules.actions import Action, PlaceCard
from rulesengine.looper.rules.engine import Game, play
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation
from rulesengine.looper.rules.script import SCRIPTS_DIR, Script, load_script
from rulesengine.looper.rules.state import Side


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
    """Every agent returns one of the pending options, given its side's observation."""
    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    rand = RandomAgent(0)
    mm, pr = HeuristicMastermind(0), HeuristicProtagonists(0)
    for _ in range(40):
        side = game.current_player()
        if not isinstance(side, Side):
            break
        legal = game.legal_actions()
        obs = game.observation(side)
        assert rand(obs, legal) in legal
        if side is Side.MASTERMIND:
            assert isinstance(obs, MastermindObservation) and mm(obs, legal) in legal
        else:
            assert isinstance(obs, ProtagonistsObservation) and pr(obs, legal) in legal
        game.apply(rand(obs, legal))


# ------------------------------------------------------------------ public information only


def public_log(game: Game) -> list[dict[str, Any]]:
    return [e.as_dict() for e in game.log if e.visibility == "public"]


def consistent_variants(script: Script, game: Game) -> list[Script]:
    """Scripts that swap the hidden roles of two characters never revealed in ``game`` and give the same
    public record when the same decisions are played on them."""
    revealed = {e.data["character"] for e in game.log if e.kind == "role_revealed"}
    hidden = [c for c in script.cast if c not in revealed]
    variants = []
    for a, b in itertools.combinations(hidden, 2):
        if script.role_of(a) == script.role_of(b):
            continue
        roles = {c: script.role_of(c) for c in script.cast}
        roles[a], roles[b] = roles[b], roles[a]
        variant = replace(script, roles={c: r for c, r in roles.items() if r != "person"})
        again = Game(variant)
        try:
            for _who, action in game.history:
                again.apply(action)
        except IllegalActionError:
            continue
        if public_log(again) == public_log(game):
            variants.append(variant)
    return variants


def protagonists_choices(script: Script, history: Sequence[tuple[str, Action]], agent: Any) -> list[Action]:
    """Play ``history`` on ``script``, but ask ``agent`` at every protagonists' decision; return its
    answers, up to the first that differs from the recorded one."""
    game = Game(script)
    answers = []
    for who, recorded in history:
        if who == "mastermind":
            game.apply(recorded)
            continue
        answer = agent(game.observation(Side.PROTAGONISTS), game.legal_actions())
        answers.append(answer)
        if answer != recorded:
            break
        game.apply(answer)
    return answers


def hidden_role_shuffles(agent_for: Any) -> tuple[int, int]:
    """For seeded games of heuristic protagonists against a random Mastermind, replay them on every
    consistent role swap asking ``agent_for(seed)`` anew; count (variants tried, variants that differ)."""
    tried = differ = 0
    for name in ("fs_01_tutorial", "btx_01_first_contract", "btx_02_clockwork_hearts"):
        script = load_script(SCRIPTS_DIR / f"{name}.yaml")
        for seed in range(3):
            agents = {"mastermind": RandomAgent(seed), "protagonists": agent_for(seed, script)}
            game = drive(Game(script), agents)
            mine = [a for who, a in game.history if who != "mastermind"]
            for variant in consistent_variants(script, game):
                tried += 1
                differ += protagonists_choices(variant, game.history, agent_for(seed, variant)) != mine
    return tried, differ


def test_heuristic_protagonists_use_public_information_only() -> None:
    """Whole games replayed on scripts whose unrevealed roles are swapped (and whose public record is the
    same): the heuristic protagonists make exactly the same choices."""
    tried, differ = hidden_role_shuffles(lambda seed, _script: HeuristicProtagonists(seed))
    assert tried >= 10
    assert differ == 0


class Peeking(HeuristicProtagonists):
    """A cheating agent for the check above: it reads the script's roles (which no observation gives)."""

    def __init__(self, seed: int, script: Script) -> None:
        super().__init__(seed)
        self.secret = script

    def score(self, obs: ProtagonistsObservation, action: Action) -> float:
        if (
            isinstance(action, PlaceCard)
            and action.target in obs.characters
            and self.secret.role_of(action.target) == "key_person"
            and action.card.startswith("goodwill")
        ):
            return 5.0
        return super().score(obs, action)


def test_the_shuffle_check_catches_an_agent_that_peeks() -> None:
    """The check above can fail: an agent reading the hidden roles chooses differently on some swap."""
    tried, differ = hidden_role_shuffles(lambda seed, script: Peeking(seed, script))
    assert tried > 0 and differ > 0


@pytest.mark.parametrize("side", [Side.MASTERMIND, Side.PROTAGONISTS])
def test_drive_stops_at_a_side_without_agent(side: Side) -> None:
    """drive() hands back the game when the side to decide has no agent (the learner's turn)."""
    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    other = Side.PROTAGONISTS if side is Side.MASTERMIND else Side.MASTERMIND
    game = drive(game, {other: RandomAgent(random.Random(1).randrange(99))})
    assert game.current_player() is side


@pytest.mark.parametrize("name", ["fs_02_quiet_ward", "btx_02_clockwork_hearts"])
def test_scores_in_one_pass_are_the_score_of_each_option(name: str) -> None:
    """The heuristic agents' ``scores`` (one pass over a decision's options, what they read looked up once)
    equal ``score`` asked option by option, with the same draws of the generator, at every decision of a
    game; so their choices are those of the per-option definition."""
    game = Game(load_script(SCRIPTS_DIR / f"{name}.yaml"), record=False)
    rng = random.Random(3)
    while game.pending is not None:
        side = game.current_player()
        assert isinstance(side, Side)
        obs = game.observation(side)
        legal = game.legal_actions()
        make: Any = HeuristicMastermind if side is Side.MASTERMIND else HeuristicProtagonists
        one_pass, one_by_one = make(7), make(7)
        assert one_pass.scores(obs, legal) == [one_by_one.score(obs, a) for a in legal]
        assert one_pass.rng.getstate() == one_by_one.rng.getstate()
        game.apply(rng.choice(legal))
