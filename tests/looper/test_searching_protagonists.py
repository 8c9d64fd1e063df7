"""The searching Protagonists (issue 25): they see only their observation.

The leak test: a game is played to a Protagonists' decision; another private script consistent with the
same public record (one of the deduction's candidates, not the truth) is played from the start with its
witness's Mastermind decisions and a fresh agent of the same seed; the agent's decisions are the same at
every decision, up to the cut and after it. Then: determinism for a seed, legality over whole games,
time per decision, the final guess taken from the deduction, and nothing of the true game reachable from
the agent.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.looper.deduction import PublicRecord, PublicSheet, deduce, tiny_script
from rulesengine.looper.play.agents import HeuristicMastermind
from rulesengine.looper.play.protagonists_search import INFORM_SAMPLE, LEVELS, SearchingProtagonists
from rulesengine.looper.play.tournament import make_agent, play_game
from rulesengine.looper.rules.actions import Action, Guess, from_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation, observation
from rulesengine.looper.rules.script import SCRIPTS_DIR, Script, load_script
from tests.reachable import reachable


def small(name: str, cast: int = 4, days: int = 3, loops: int = 2, sheet: int = 0) -> Script:
    return tiny_script(load_script(SCRIPTS_DIR / f"{name}.yaml"), cast, days, loops, sheet)


def _protagonists_turn(game: Game) -> bool:
    while game.is_paused:
        game.resume()
    return game.pending is not None and game.pending.who != "mastermind"


def protagonists_turns(game: Game, mastermind: Any) -> Iterator[None]:
    """Play the game on, the Mastermind's decisions by ``mastermind``; yield at each Protagonists'
    decision, which the caller answers."""
    while not game.is_over:
        while game.is_paused:
            game.resume()
        assert game.pending is not None
        if game.pending.who == "mastermind":
            game.apply(mastermind(observation(game, "mastermind"), game.legal_actions()))
        else:
            yield


def play_to(game: Game, mastermind: Any, agent: SearchingProtagonists, steps: int) -> None:
    """Play ``steps`` decisions, then on to the Protagonists' next decision (the game not over)."""
    for n in range(10_000):
        if game.is_over:
            return
        if n >= steps and _protagonists_turn(game):
            return
        while game.is_paused:
            game.resume()
        assert game.pending is not None
        side = "mastermind" if game.pending.who == "mastermind" else "protagonists"
        actor = mastermind if side == "mastermind" else agent
        game.apply(actor(observation(game, side), game.legal_actions()))  # type: ignore[arg-type]


def protagonists_until_mastermind(game: Game, agent: SearchingProtagonists) -> list[Action]:
    """The agent's answers from here until the Mastermind is to decide (or the game ends)."""
    out = []
    while _protagonists_turn(game):
        action = agent(observation(game, "protagonists"), game.legal_actions())  # type: ignore[arg-type]
        game.apply(action)
        out.append(action)
    return out


def _other_candidate(game: Game) -> int:
    """The index of a consistent candidate whose roles differ from the truth (else its culprits)."""
    result = deduce(PublicRecord.from_game(game))
    truth_roles = {c: game.script.role_of(c) for c in game.cast}
    truth_culprits = sorted((i.day, i.culprit) for i in game.script.incidents)
    other = None
    for i, cand in enumerate(result.consistent):
        if dict(cand.sheet.roles) != truth_roles:
            return i
        if other is None and sorted(cand.culprits) != truth_culprits:
            other = i
    assert other is not None, "the record leaves no other candidate"
    return other


@pytest.mark.parametrize(
    ("name", "sheet", "steps"),
    [
        ("btx_01_first_contract", 0, 12),
        ("btx_01_first_contract", 0, 25),
        ("fs_02_quiet_ward", 0, 20),
        ("fs_01_tutorial", 2, 40),  # (the second loop: its first goodwill decision)
        ("fs_01_tutorial", 2, 60),  # (the second loop, day 3)
    ],
)
def test_decisions_do_not_change_when_the_hidden_script_is_swapped(name: str, sheet: int, steps: int) -> None:
    """The leak test: the same record under another consistent private script, the same seed, the same
    decisions — up to the cut (a fresh agent replays the whole game) and at the next decisions."""
    script = small(name, sheet=sheet)
    sheet = PublicSheet.of(script)
    truth = Game(script)
    agent = SearchingProtagonists(sheet, 5, level=1)
    play_to(truth, HeuristicMastermind(3), agent, steps)
    assert _protagonists_turn(truth)
    before = [a for _, a in agent.actions]
    result = deduce(PublicRecord.from_game(truth))
    witness = result.witnesses[_other_candidate(truth)]
    assert witness.script.roles != script.roles or witness.script.incidents != script.incidents
    # the other script from its start: its witness's Mastermind decisions, a fresh agent of the same seed
    swapped = Game(witness.script, witness.content, witness.rulings)
    mastermind_moves = iter([a for who, a in witness.history if who == "mastermind"])
    twin = SearchingProtagonists(sheet, 5, level=1)
    while len(twin.actions) < len(before) or not _protagonists_turn(swapped):
        while swapped.is_paused:
            swapped.resume()
        assert swapped.pending is not None
        if swapped.pending.who == "mastermind":
            swapped.apply(next(mastermind_moves))
        else:
            swapped.apply(twin(observation(swapped, "protagonists"), swapped.legal_actions()))  # type: ignore[arg-type]
    assert [a for _, a in twin.actions] == before
    assert PublicRecord.from_game(swapped).events == PublicRecord.from_game(truth).events
    # and the next decisions, on each game
    after = protagonists_until_mastermind(truth, agent)
    assert after
    assert protagonists_until_mastermind(swapped, twin) == after


def test_the_agent_is_the_same_for_a_seed_and_plays_legally() -> None:
    """Two agents of one seed play the same whole game (every answer legal: the engine applies it), and
    each searched decision stays well under a second here."""
    script = small("btx_01_first_contract")
    games = []
    for _ in range(2):
        # (without ``inform``, whose ties deduce again for the information: the count below is the draws')
        agent = SearchingProtagonists(PublicSheet.of(script), 11, level=1, inform=False)
        game = drive(Game(script), {"mastermind": HeuristicMastermind(2), "protagonists": agent})
        games.append((game.history, agent))
    (h1, a1), (h2, _) = games
    assert h1 == h2
    assert a1.searched > 5 and a1.deductions >= 1
    assert a1.deductions < a1.searched  # (the games drawn are kept across the cards of one day)
    assert max(a1.times) < 5.0
    assert a1.last and all(tries >= 1 for _, tries, _ in a1.last[:1])


def test_the_final_guess_is_one_of_the_deduction_s_best_guesses_tl_fg3() -> None:
    """TL-FG3: at the final guess the agent names the roles of one of the deduction's best guesses."""
    script = small("btx_01_first_contract", 4, 2, 1, sheet=3)
    agent = SearchingProtagonists(PublicSheet.of(script), 1, level=1)
    game = Game(script)
    for _ in protagonists_turns(game, HeuristicMastermind(0)):
        assert game.pending is not None
        if game.pending.kind == "guess" and agent.guess is None:
            ties, _ = deduce(PublicRecord.from_game(game)).best_guesses()
        game.apply(agent(observation(game, "protagonists"), game.legal_actions()))  # type: ignore[arg-type]
    named = {a.character: a.role for _, a in agent.actions if isinstance(a, Guess)}
    assert agent.guess is not None  # (this game reaches the final guess)
    assert agent.guess in list(ties)
    assert named and all(agent.guess[c] == r for c, r in named.items())


def test_the_agent_reads_only_its_observation() -> None:
    """A Mastermind's observation is refused; after a whole game nothing reachable from the agent is the
    true game, its script or its table of roles (its games are drawn from the deduction)."""
    script = small("fs_02_quiet_ward", 3, 3, 1)
    agent = SearchingProtagonists(PublicSheet.of(script), 0, level=1)
    game = drive(Game(script), {"mastermind": HeuristicMastermind(0), "protagonists": agent})
    assert agent.searched > 0
    hidden = {id(game), id(script), id(script.roles), id(script.incidents)}
    assert not [o for o in reachable(agent) if id(o) in hidden]
    mm = MastermindObservation(Game(script))
    from rulesengine.looper.deduction.agent import DeducingProtagonists

    for recording in (agent, DeducingProtagonists(PublicSheet.of(script), 0)):  # (the shared base's check)
        with pytest.raises(InputError, match="ProtagonistsObservation"):
            recording(mm, [])  # type: ignore[arg-type]
    assert isinstance(observation(game, "protagonists"), ProtagonistsObservation)


def test_levels_and_tournament_names() -> None:
    """psearch1..psearch3 are Protagonists agents of the tournament, with the levels' budgets; a level
    that does not exist is refused."""
    script = small("fs_01_tutorial", 3, 2, 2)
    for level, (rollouts, samples) in LEVELS.items():
        agent = make_agent(f"psearch{level}", "protagonists", 0, script)
        assert isinstance(agent, SearchingProtagonists)
        assert (agent.budget, agent.samples) == (rollouts, samples)
    with pytest.raises(InputError, match="psearch"):
        make_agent("psearch1", "mastermind", 0, script)
    with pytest.raises(InputError, match="level"):
        SearchingProtagonists(PublicSheet.of(script), 0, level=9)
    assert play_game(str(SCRIPTS_DIR / "fs_01_tutorial.yaml"), "heuristic", "psearch1", 0) in (0, 1)


def test_a_candidate_without_a_witness_is_counted_and_the_decision_is_the_heuristic_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When a drawn candidate's witness game cannot be played (``WitnessError``: a fault of the
    deduction, seen once on btx_04), the agent does not stop the game: it answers that decision as the
    heuristic Protagonists, legally, and counts it (``no_witness``)."""
    from rulesengine.looper.deduction.search import WitnessError

    def fail(self: SearchingProtagonists, *args: Any) -> None:
        raise WitnessError("candidate 0: no game of its sheet and culprits gives the record")

    monkeypatch.setattr(SearchingProtagonists, "_draw", fail)
    script = small("btx_01_first_contract")
    agent = SearchingProtagonists(PublicSheet.of(script), 11, level=1)
    game = drive(Game(script), {"mastermind": HeuristicMastermind(2), "protagonists": agent})
    assert game.is_over and agent.no_witness > 0 and agent.searched == 0


def test_survival_ties_go_to_the_option_that_tells_most_tl_d3_tl_d6() -> None:
    """Survival first, information next: where the leader's card (TL-D3) or a goodwill ability (TL-D6)
    is chosen by information, the option taken survived its rollouts as often as the best, and among the
    options that did it has the most expected bits (the deduction's ``next_moves``, computed here from
    the game's own record), above zero. Without ``inform`` the agent never does it."""
    script = small("btx_01_first_contract", loops=3)
    informed = 0
    for inform in (True, False):
        agent = SearchingProtagonists(PublicSheet.of(script), 4, level=1, inform=inform)
        game = Game(script)
        for _ in protagonists_turns(game, HeuristicMastermind(1)):
            before = agent.informed
            record = PublicRecord.from_game(game)
            action = agent(observation(game, "protagonists"), game.legal_actions())  # type: ignore[arg-type]
            if agent.informed > before:
                assert inform
                rate = {a: won / tries for a, tries, won in agent.last if tries}
                assert rate[action] == max(rate.values())
                tied = [a for a in rate if rate[a] == rate[action]]
                moves = deduce(record).next_moves(limit=len(agent.last), sample=INFORM_SAMPLE)
                bits = {from_dict(m["action"]): m["expected_bits"] for m in moves}
                told = {a: bits.get(a, 0.0) for a in tied}
                assert told[action] == max(told.values()) > 0
                informed += 1
            game.apply(action)
        assert inform or agent.informed == 0
    assert informed > 0
