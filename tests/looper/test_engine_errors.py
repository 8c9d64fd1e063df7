"""Error paths (illegal placements, decisions that do not fit), the day-1 placement count, and the
implementation of every ability and incident id in the data."""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb

import pytest

from rulesengine.errors import IllegalActionError, InputError
from rulesengine.looper.rules import abilities, incidents
from rulesengine.looper.rules.actions import (
    Allow,
    Choose,
    Guess,
    Pass,
    PlaceCard,
    Refuse,
    UseAbility,
    from_dict,
    to_dict,
)
from rulesengine.looper.rules.cards import MASTERMIND_HAND, PlacedCard
from rulesengine.looper.rules.content import load_content
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import QUIET_MM, QUIET_P, make_game, place_cards


def snapshot(game: Game) -> object:
    return (game.view("mastermind"), game.phase, game.pending, list(game.cards), game.decisions_made)


@pytest.mark.parametrize(
    ("setup", "action", "rule_id"),
    [
        ([("paranoia_plus_1", "doctor")], PlaceCard("intrigue_plus_1", "doctor"), "TL-D2a"),
        (
            [("paranoia_plus_1", "doctor"), ("paranoia_plus_1", "city")],
            PlaceCard("paranoia_plus_1", "school"),
            "TL-D2",
        ),
        ([], PlaceCard("goodwill_plus_1", "doctor"), "TL-D2"),
        ([], PlaceCard("paranoia_plus_1", "nobody"), "TL-D2"),
        ([], PlaceCard("paranoia_plus_1", "alien"), "TL-D2"),
        ([], Pass(), "TL-D2"),
        ([], Guess("doctor", "person"), "TL-D2"),
    ],
)
def test_illegal_mastermind_placements_leave_state_unchanged(
    setup: list[tuple[str, str]], action: object, rule_id: str
) -> None:
    """TL-D2/TL-D2a: illegal Mastermind placements raise with the rule id; nothing changes."""
    game = make_game()
    for card, target in setup:
        game.apply(PlaceCard(card, target))
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)  # type: ignore[arg-type]
    assert err.value.rule_id == rule_id
    assert snapshot(game) == before


def test_illegal_protagonist_placements() -> None:
    """TL-D3a/TL-D3c/TL-D4c: wrong card, shared target, spent card; nothing changes."""
    game = make_game(days=2)
    for card, target in QUIET_MM:
        game.apply(PlaceCard(card, target))
    before = snapshot(game)
    for action, rule_id in (
        (PlaceCard("move_diagonal", "doctor"), "TL-D3a"),
        (Allow(), "TL-D3"),
    ):
        with pytest.raises(IllegalActionError) as err:
            game.apply(action)
        assert err.value.rule_id == rule_id
        assert snapshot(game) == before


def test_wrong_decision_kinds() -> None:
    """Decisions that do not fit the pending one: TL-D6, TL-D6a, TL-D6b, TL-D6c (goodwill), TL-D7d."""
    game = make_game(roles={}, incidents=[(1, "murder", "boy_student")])
    game.chars["pop_idol"].goodwill = 3
    game.chars["office_worker"].paranoia = 1
    game.chars["boy_student"].paranoia = 2
    place_cards(game)
    cases = [
        (Refuse(), "TL-D6"),
        (UseAbility("pop_idol.2", "pop_idol", "office_worker"), "TL-D6a"),  # needs 4 goodwill
        (UseAbility("pop_idol.1", "pop_idol", "pop_idol"), "TL-D6b"),  # not "another" character
    ]
    for action, rule_id in cases:
        with pytest.raises(IllegalActionError) as err:
            game.apply(action)
        assert err.value.rule_id == rule_id
    game.apply(UseAbility("pop_idol.1", "pop_idol", "office_worker"))
    with pytest.raises(IllegalActionError) as err:
        game.apply(Refuse())  # the Pop Idol is a Person: the Mastermind must allow
    assert err.value.rule_id == "TL-D6c"
    game.apply(Allow())
    game.apply(Pass())
    assert game.phase is Phase.INCIDENT
    with pytest.raises(IllegalActionError) as err:
        game.apply(Choose("boy_student"))  # the culprit may not murder itself
    assert err.value.rule_id == "TL-D7d"


def test_apply_after_game_over_and_while_paused() -> None:
    """A finished game refuses every action (TL-LE2); a paused one asks for resume()."""
    game = make_game(days=1, loops=1)
    place_cards(game)
    while game.pending is not None:
        game.apply(Pass())
    with pytest.raises(IllegalActionError) as err:
        game.apply(Pass())
    assert err.value.rule_id == "TL-LE2"
    paused = Game(make_game().script, pause_between_phases=True)
    assert (paused.is_paused, paused.phase) == (True, Phase.DAY_START)
    paused.resume()
    assert (paused.is_paused, paused.phase) == (True, Phase.MASTERMIND_CARDS)
    paused.resume()
    for card, target in QUIET_MM:
        paused.apply(PlaceCard(card, target))
    assert paused.is_paused and paused.phase is Phase.PROTAGONIST_CARDS
    with pytest.raises(IllegalActionError) as err:
        paused.apply(PlaceCard("goodwill_plus_1", "doctor"))
    assert err.value.rule_id == "TL-D3"
    paused.resume()
    assert paused.pending is not None and paused.pending.who == "protagonist:0"


def test_action_dicts_round_trip_and_errors() -> None:
    """Actions serialise to plain dicts and back; malformed dicts raise InputError naming the field."""
    for a in (
        PlaceCard("a", "b"),
        UseAbility("x.1", "s", "t", "+"),
        Allow(),
        Refuse(),
        Choose("o"),
        Pass(),
        Guess("c", "r"),
    ):
        assert from_dict(to_dict(a)) == a
    assert from_dict({"type": "use_ability", "ability": "brain.1"}) == UseAbility("brain.1")
    for bad, where in (
        ({"type": "place_card", "card": "a"}, "action: target"),
        ({"type": "place_card", "card": "a", "target": 3}, "action: target"),
        ({"type": "pass", "why": "x"}, "action: why"),
        ({"card": "a"}, "action"),
        (["pass"], "action"),
    ):
        with pytest.raises(InputError) as err:
            from_dict(bad)  # type: ignore[arg-type]
        assert err.value.where == where


def test_view_of_unknown_viewer() -> None:
    """Only two viewers exist."""
    with pytest.raises(InputError):
        make_game().view("detective")


def count_mastermind_day1_sets(game: Game) -> int:
    """Distinct sets of 3 (card, target) placements the Mastermind can make on day 1, by the engine."""
    seen: set[frozenset[tuple[str, str]]] = set()

    def walk(placed: list[PlacedCard]) -> None:
        if len(placed) == 3:
            seen.add(frozenset((p.card, p.target) for p in placed))
            return
        game.cards = list(placed)
        for a in game.placement_options("mastermind"):
            assert isinstance(a, PlaceCard)
            walk([*placed, PlacedCard("mastermind", a.card, a.target)])

    walk([])
    game.cards = []
    return len(seen)


def test_mastermind_day1_placement_count_by_hand() -> None:
    """TL-D2/TL-D2a: the Mastermind's legal day-1 placements for fs_01_tutorial, against a hand count.

    By hand: 6 characters + 4 locations = 10 targets; the 3 cards go on 3 different targets: C(10, 3) = 120
    target sets. The hand has 9 kinds (Paranoia +1 twice). Kinds for 3 distinct targets, in target order:
    all different 9 * 8 * 7 = 504, or two Paranoia +1 and one other kind: 3 positions * 8 kinds = 24;
    528 in all. 120 * 528 = 63360.
    """
    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    assert len(game.cast) == 6 and len(MASTERMIND_HAND) == 9
    assert comb(10, 3) * (9 * 8 * 7 + 3 * 8) == 63360
    assert count_mastermind_day1_sets(game) == 63360
    # And a brute-force count over sets of 3 cards from the 10-card hand, as a second opinion.
    cards = [k for k, n in MASTERMIND_HAND.items() for _ in range(n)]
    targets = game.card_targets()
    sets = set()
    for trio in combinations(range(10), 3):
        kinds = [cards[i] for i in trio]
        for ts in combinations(targets, 3):
            for perm in permutations(ts):
                sets.add(frozenset(zip(kinds, perm, strict=True)))
    assert len(sets) == 63360


def test_every_ability_and_incident_id_is_implemented() -> None:
    """Every ability, plot rule and incident id in the data has an implementation; no stray ids."""
    content = load_content()
    ids = {a.id for r in content.roles.values() for a in r.abilities}
    ids |= {a.id for p in content.plots.values() for a in p.rules}
    ids |= {a.id for c in content.characters.values() for a in c.abilities}
    ids |= {a.id for c in content.characters.values() for a in c.passives}
    assert ids == set(abilities.IMPLEMENTED)
    assert set(content.incidents) == set(incidents.IMPLEMENTED)


def test_no_mandatory_ability_at_mastermind_ability_timing_tl_d5b() -> None:
    """TL-D5b/TL-D5c: the engine's Mastermind-ability step runs no mandatory batch because no First Steps
    or BTX ability is mandatory at that timing (the mandatory day-end ones: Serial Killer, Time Traveler)."""
    content = load_content()
    abilities_ = [a for r in content.roles.values() for a in r.abilities]
    abilities_ += [a for p in content.plots.values() for a in p.rules]
    assert [a.id for a in abilities_ if a.timing == "mastermind_ability" and a.mandatory] == []
    day_end = {a.id for a in abilities_ if a.timing == "day_end" and a.mandatory}
    assert "serial_killer.1" in day_end and day_end <= {"serial_killer.1", "time_traveler.2"}


def test_pause_at_every_phase_boundary() -> None:
    """pause_between_phases: the game stops at each phase change, also right after a decision ends a phase."""
    game = Game(make_game().script, pause_between_phases=True)
    seen = []
    placed = {"mastermind": 0, "protagonists": 0}
    while game.day == 1:
        if game.is_paused:
            seen.append(game.phase.name)
            game.resume()
        elif game.phase is Phase.MASTERMIND_CARDS:
            game.apply(PlaceCard(*QUIET_MM[placed["mastermind"]]))
            placed["mastermind"] += 1
        elif game.phase is Phase.PROTAGONIST_CARDS:
            game.apply(PlaceCard(*QUIET_P[placed["protagonists"]]))
            placed["protagonists"] += 1
        else:
            game.apply(Pass())
    assert seen == [
        "DAY_START",
        "MASTERMIND_CARDS",
        "PROTAGONIST_CARDS",
        "CARD_RESOLUTION",
        "MASTERMIND_ABILITY",
        "GOODWILL_ABILITY",
        "INCIDENT",
        "LEADER_SWITCH",
        "DAY_END",
    ]
