"""Timing visibility (TL-D5a, TL-D4, TL-D5, TL-D9): whether the Mastermind decides at a step is public.

The protagonists' view shows of a pending Mastermind decision only ``{"who": "mastermind"}``; the
pauses themselves must not reveal a hidden role either. Three checks:

* a public predicate, computed from the protagonists' view alone, says at every phase of random games
  whether the Mastermind is asked there, and the engine agrees;
* the same decisions played on a script and on the same script with the roles permuted or replaced
  by Persons give the same pending decisions (in the protagonists' view) for as long as the public
  views agree;
* scenario tests with literal options for a script without the roles concerned.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.rules.actions import Action, Allow, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import Script, load_script, shipped_scripts
from rulesengine.looper.rules.state import Phase, Side
from tests.looper.engine_helpers import QUIET_P, make_game, place_cards

SCRIPTS = shipped_scripts()
#: Incidents whose effect leaves the Mastermind an open choice (TL-D7d), by public incident id.
CHOICE_INCIDENTS = frozenset(
    {"murder", "increasing_unease", "spreading", "faraway_murder", "missing_person", "butterfly_effect"}
)


def cultist_choice_conceivable(cards: list[list[str]]) -> bool:
    """Public TL-D4 predicate: exactly one Forbid Intrigue face up and an Intrigue card on its target."""
    fi = [target for _, card, target in cards if card == "forbid_intrigue"]
    return len(fi) == 1 and any(
        card in ("intrigue_plus_1", "intrigue_plus_2") and target == fi[0] for _, card, target in cards
    )


def expected_mastermind_pause(view: dict[str, Any], phase: Phase) -> bool:
    """Whether the Mastermind must be deciding now, from the protagonists' view only.

    ``phase`` is the phase the game was resumed into; ``view`` is taken right after the resume (the
    game then waits for a decision or has paused at the next phase).
    """
    log = view["log"]
    if phase in (Phase.MASTERMIND_CARDS, Phase.MASTERMIND_ABILITY):
        return True
    if phase is Phase.DAY_END:  # every day, unless the mandatory batch ended the loop (that is public)
        return view["phase"] != Phase.LOOP_END.name
    if phase is Phase.CARD_RESOLUTION:
        revealed = [e for e in log if e["kind"] == "cards_revealed"]
        return cultist_choice_conceivable(revealed[-1]["cards"])
    if phase is Phase.INCIDENT:
        today = [
            e for e in log if (e["loop"], e["day"], e["phase"]) == (view["loop"], view["day"], "incident")
        ]
        kinds = [e["kind"] for e in today]
        happened = [e["incident"] for e in today if e["kind"] == "incident_happened"]
        return bool(happened) and "incident_no_effect" not in kinds and happened[0] in CHOICE_INCIDENTS
    return False  # loop start (shipped scripts fix the Henchman's start), leader steps, loop end


def play_paused(script: Script, seed: int) -> list[tuple[str, bool]]:
    """Play a random game stopping at every phase; check the public predicate after each resume."""
    game = Game(script, pause_between_phases=True)
    rng = random.Random(seed)
    agents = {
        "mastermind": RandomAgent(rng.randrange(1 << 30)),
        "protagonists": RandomAgent(rng.randrange(9)),
    }
    seen: list[tuple[str, bool]] = []
    while not game.is_over:
        if game.is_paused:
            phase = game.phase
            game.resume()
            view = game.view("protagonists")
            pending = view["pending"]
            actual = pending is not None and pending["who"] == "mastermind" and view["phase"] == phase.name
            if phase is Phase.MASTERMIND_CARDS and view["phase"] != phase.name:
                pytest.fail("TL-D2: the Mastermind was not asked to place cards")
            assert actual == expected_mastermind_pause(view, phase), (script.id, seed, phase, view["day"])
            seen.append((phase.name, actual))
            continue
        assert game.pending is not None
        side = Side.of(game.pending.who)
        game.apply(agents[side](game.observation(side), game.legal_actions()))
    return seen


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_mastermind_pauses_follow_a_public_predicate(path: Any) -> None:
    """TL-D5a, TL-D4, TL-D5, TL-D9: at every phase of random games the Mastermind is asked exactly when
    the public predicate says so."""
    script = load_script(path)
    pauses: set[tuple[str, bool]] = set()
    for seed in range(8):
        pauses.update(play_paused(script, seed))
    assert ("MASTERMIND_ABILITY", True) in pauses and ("DAY_END", True) in pauses
    assert ("MASTERMIND_ABILITY", False) not in pauses


def lockstep_action(game: Game, rng: random.Random) -> Action:
    """A policy that uses public information and the Mastermind's own cards only: random cards and
    targets, Pass at every optional Mastermind step, Allow when it may."""
    decision = game.pending
    assert decision is not None
    options = decision.options
    if decision.who == "mastermind":
        if decision.kind in ("cultist", "mastermind_ability", "day_end_ability"):
            # (a mandatory ability has no Pass: the Sacred Tree's forced move, sacred_tree.p2, whose public
            # result then ends the comparison)
            return Pass() if Pass() in options else options[0]
        if decision.kind == "goodwill_response":
            return Allow() if Allow() in options else Refuse()
    return rng.choice(options)


def without_pending(view: dict[str, Any]) -> dict[str, Any]:
    """The view without its pending decision and the phase the game rests in (where it waits)."""
    return {k: v for k, v in view.items() if k not in ("pending", "phase")}


def lockstep(a: Script, b: Script, seed: int) -> int:
    """Play the same decisions on both scripts while their public views agree; the pending decisions in
    the protagonists' view must agree too. Returns how many decisions were compared."""
    ga, gb = Game(a), Game(b)
    ra, rb = random.Random(seed), random.Random(seed)
    compared = 0
    while ga.pending is not None and gb.pending is not None:
        va, vb = ga.view("protagonists"), gb.view("protagonists")
        if without_pending(va) != without_pending(vb):
            break  # the public outcome differs (a refusal, a death, a reveal…): nothing more to compare
        where = (a.id, seed, va["loop"], va["day"], va["phase"])
        assert (va["phase"], va["pending"]) == (vb["phase"], vb["pending"]), where
        compared += 1
        action_a, action_b = lockstep_action(ga, ra), lockstep_action(gb, rb)
        if action_a != action_b:
            break
        ga.apply(action_a)
        gb.apply(action_b)
    return compared


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_pending_sequence_does_not_depend_on_hidden_roles(path: Any) -> None:
    """TL-D5a: with the roles replaced by Persons or permuted over the cast, the same public play shows
    the same pending decisions to the protagonists."""
    script = load_script(path)
    compared = 0
    for seed in range(4):
        persons = replace(script, roles={})
        compared += lockstep(script, persons, seed)
        cast = list(script.cast)
        shuffled = list(cast)
        random.Random(seed).shuffle(shuffled)
        permuted = replace(
            script, roles={new: script.role_of(old) for old, new in zip(cast, shuffled, strict=True)}
        )
        compared += lockstep(script, permuted, seed)
    assert compared > 100


# ---------------------------------------------------------------------------- scenarios


def no_hidden_roles() -> Game:
    """A First Steps game where every character is a Person."""
    return make_game(roles={}, main_plot="murder_plan")


def test_cultist_pause_without_a_cultist_offers_only_pass_tl_d4() -> None:
    """TL-D4: one Forbid Intrigue and an Intrigue card on the City: the Mastermind is asked (Pass only)
    though nobody is a Cultist."""
    game = no_hidden_roles()
    for card, target in (
        ("intrigue_plus_1", "city"),
        ("paranoia_plus_1", "hospital"),
        ("paranoia_plus_1", "shrine"),
    ):
        game.apply(PlaceCard(card, target))
    for card, target in (("forbid_intrigue", "city"), QUIET_P[1], ("paranoia_plus_1", "school")):
        game.apply(PlaceCard(card, target))
    assert game.pending is not None and (game.pending.kind, game.pending.options) == ("cultist", (Pass(),))
    assert game.view("protagonists")["pending"] == {"who": "mastermind"}
    game.apply(Pass())
    assert game.location_intrigue["city"] == 0  # Forbid Intrigue stood


def test_cultist_pause_with_a_cultist_offers_its_use_tl_d4() -> None:
    """TL-D4: the same cards with a Cultist in the City: Pass or the Cultist's use."""
    game = make_game(roles={"office_worker": "cultist"}, main_plot="murder_plan")
    for card, target in (
        ("intrigue_plus_1", "city"),
        ("paranoia_plus_1", "hospital"),
        ("paranoia_plus_1", "shrine"),
    ):
        game.apply(PlaceCard(card, target))
    for card, target in (("forbid_intrigue", "city"), QUIET_P[1], ("paranoia_plus_1", "school")):
        game.apply(PlaceCard(card, target))
    assert game.legal_actions() == (Pass(), UseAbility("cultist.1", "office_worker", "city"))
    game.apply(UseAbility("cultist.1", "office_worker", "city"))
    assert game.location_intrigue["city"] == 1


def test_no_pause_when_two_forbid_intrigue_void_each_other_tl_d4() -> None:
    """TL-D4: two Forbid Intrigue cards void each other: no Cultist choice is conceivable, no pause."""
    game = make_game(roles={"office_worker": "cultist"}, main_plot="murder_plan")
    for card, target in (
        ("intrigue_plus_1", "city"),
        ("paranoia_plus_1", "hospital"),
        ("paranoia_plus_1", "shrine"),
    ):
        game.apply(PlaceCard(card, target))
    for card, target in (
        ("forbid_intrigue", "city"),
        ("forbid_intrigue", "school"),
        ("paranoia_plus_1", "hospital"),
    ):
        game.apply(PlaceCard(card, target))
    assert game.phase is Phase.MASTERMIND_ABILITY


def test_mastermind_ability_step_asked_every_day_tl_d5() -> None:
    """TL-D5: with no Brain, Conspiracy Theorist, Rumor or Doctor use, the Mastermind is still asked,
    with Pass as the only option; TL-D9 likewise at day end."""
    game = no_hidden_roles()
    place_cards(game)  # steps over the empty TL-D5 pause
    assert game.phase is Phase.GOODWILL_ABILITY
    kinds = [who for who, _ in game.history[6:]]
    assert kinds == ["mastermind"]
    game.apply(Pass())
    assert game.pending is not None
    assert (game.phase, game.pending.who, game.pending.options) == (Phase.DAY_END, "mastermind", (Pass(),))
    assert game.view("protagonists")["pending"] == {"who": "mastermind"}
    game.apply(Pass())
    assert (game.day, game.phase) == (2, Phase.MASTERMIND_CARDS)


def test_killer_day_end_option_offered_in_the_same_pause_tl_d9() -> None:
    """TL-D9: a Killer with 4 intrigue gets its option in the day-end pause every script has."""
    game = make_game()
    game.chars["office_worker"].intrigue = 4
    place_cards(game)
    game.apply(Pass())  # TL-D5: the Brain passes
    game.apply(Pass())  # TL-D6: the leader passes
    assert game.legal_actions() == (Pass(), UseAbility("killer.2", "office_worker"))
