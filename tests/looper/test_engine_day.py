"""Scenario tests of the day in nine steps (TL-D1..TL-D9), with literal expected results."""

from __future__ import annotations

import pytest

from rulesengine.errors import IllegalActionError
from rulesengine.looper.play.replay import format_event
from rulesengine.looper.rules.actions import Allow, Choose, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.state import Phase, state_values
from tests.looper.engine_helpers import (
    QUIET_MM,
    QUIET_P,
    events,
    make_game,
    place_cards,
    quiet_day,
    skip_empty_pauses,
)

# ---------------------------------------------------------------------------- TL-LOOP, TL-D1


def test_loops_and_days_fixed_by_script_tl_loop_1_tl_loop_2() -> None:
    """TL-LOOP-1/TL-LOOP-2: a quiet 2-day loop is survived after exactly 2 days."""
    game = make_game(days=2, loops=3)
    quiet_day(game)
    assert (game.loop, game.day, game.phase) == (1, 2, Phase.MASTERMIND_CARDS)
    quiet_day(game)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason, game.outcome.loop) == (
        "protagonists",
        "loop survived",
        1,
    )
    assert [e.day for e in game.log if e.kind == "day_start"] == [1, 2]


def test_loop_count_three_plays_at_most_tl_loop_1() -> None:
    """TL-LOOP-1: with 3 loops the protagonists play 3 times (2 rewinds), then First Steps ends (TL-LE2b)."""
    game = make_game(main_plot="a_place_to_protect", roles={"girl_student": "key_person"}, days=1, loops=3)
    for loop in (1, 2, 3):
        assert game.loop == loop
        place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
        while game.pending is not None and game.loop == loop:
            game.apply(Pass())
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason, game.outcome.loop) == (
        "mastermind",
        "last loop lost",
        3,
    )
    assert [e.loop for e in game.log if e.kind == "rewind"] == [2, 3]


def test_day_start_is_first_event_of_a_day_tl_d1() -> None:
    """TL-D1: each day starts with a day-start event naming the day and the leader."""
    game = make_game()
    assert game.log[-1].kind == "day_start"
    assert (game.log[-1].day, dict(game.log[-1].data)) == (1, {"leader": 0})
    assert game.phase is Phase.MASTERMIND_CARDS


# ---------------------------------------------------------------------------- TL-D2, TL-D3


def test_mastermind_places_three_cards_tl_d2() -> None:
    """TL-D2: the Mastermind decides three times, then the leader places."""
    game = make_game()
    whos = []
    for card, target in QUIET_MM:
        whos.append(game.pending.who)  # type: ignore[union-attr]
        game.apply(PlaceCard(card, target))
    assert whos == ["mastermind"] * 3
    assert game.pending is not None and game.pending.who == "protagonist:0"
    # 6 characters + 4 locations = 10 targets, 9 kinds of card in the Mastermind's hand.
    assert len(make_game().legal_actions()) == 90


def test_two_mastermind_cards_on_one_target_refused_tl_d2a() -> None:
    """TL-D2a: never two Mastermind cards on the same target; the state is unchanged."""
    game = make_game()
    game.apply(PlaceCard("paranoia_plus_1", "boy_student"))
    before = (list(game.cards), game.view("mastermind"))
    with pytest.raises(IllegalActionError) as err:
        game.apply(PlaceCard("intrigue_plus_1", "boy_student"))
    assert err.value.rule_id == "TL-D2a"
    assert (list(game.cards), game.view("mastermind")) == before
    assert PlaceCard("intrigue_plus_1", "boy_student") not in game.legal_actions()


def test_protagonists_place_from_leader_clockwise_tl_d3() -> None:
    """TL-D3: protagonists place one card each starting with the leader (leader 1: order 1, 2, 0)."""
    game = make_game()
    quiet_day(game)
    assert game.leader == 1
    for card, target in QUIET_MM:
        game.apply(PlaceCard(card, target))
    whos = []
    for card, target in QUIET_P:
        whos.append(game.pending.who)  # type: ignore[union-attr]
        game.apply(PlaceCard(card, target))
    assert whos == ["protagonist:1", "protagonist:2", "protagonist:0"]


def test_exactly_one_card_each_tl_d3a() -> None:
    """TL-D3a: each protagonist places exactly one card, from its own hand of 8."""
    game = make_game()
    for card, target in QUIET_MM:
        game.apply(PlaceCard(card, target))
    with pytest.raises(IllegalActionError) as err:
        game.apply(PlaceCard("intrigue_plus_1", "school"))
    assert err.value.rule_id == "TL-D3a"
    game.apply(PlaceCard("goodwill_plus_1", "doctor"))
    assert game.pending is not None and game.pending.who == "protagonist:1"
    assert len([c for c in game.cards if c.owner == "protagonist:0"]) == 1


def test_protagonist_may_join_mastermind_card_tl_d3b() -> None:
    """TL-D3b: a protagonist may place a card where the Mastermind has one."""
    game = make_game()
    for card, target in (
        ("paranoia_plus_1", "boy_student"),
        ("paranoia_plus_1", "city"),
        ("move_vertical", "school"),
    ):
        game.apply(PlaceCard(card, target))
    assert PlaceCard("paranoia_minus_1", "boy_student") in game.legal_actions()
    game.apply(PlaceCard("paranoia_minus_1", "boy_student"))
    assert [(c.owner, c.target) for c in game.cards if c.target == "boy_student"] == [
        ("mastermind", "boy_student"),
        ("protagonist:0", "boy_student"),
    ]


def test_protagonists_may_not_share_target_tl_d3c() -> None:
    """TL-D3c: a protagonist may not place where another protagonist has a card."""
    game = make_game()
    for card, target in QUIET_MM:
        game.apply(PlaceCard(card, target))
    game.apply(PlaceCard("goodwill_plus_1", "doctor"))
    with pytest.raises(IllegalActionError) as err:
        game.apply(PlaceCard("goodwill_plus_1", "doctor"))
    assert err.value.rule_id == "TL-D3c"
    assert len(game.cards) == 4


def test_no_card_on_a_corpse_tl_d2() -> None:
    """TL-D2/TL-D3 (content §1): corpses cannot be targeted; they keep their counters and location."""
    game = make_game()
    game.chars["doctor"].paranoia = 2
    game.kill("doctor", "test")
    game._pending = game.mastermind_cards()
    assert all(a.target != "doctor" for a in game.legal_actions())  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as err:
        game.apply(PlaceCard("paranoia_plus_1", "doctor"))
    assert err.value.rule_id == "TL-D2"
    assert (game.chars["doctor"].location, game.chars["doctor"].paranoia) == ("hospital", 2)


# ---------------------------------------------------------------------------- TL-D4


def test_counters_follow_the_moved_character_tl_d4() -> None:
    """TL-D4: movement resolves before counters, and counters sit on the character."""
    game = make_game()
    place_cards(
        game,
        mm=[
            ("paranoia_plus_1", "boy_student"),
            ("intrigue_plus_1", "city"),
            ("paranoia_minus_1", "hospital"),
        ],
        prot=[
            ("move_horizontal", "boy_student"),
            ("move_vertical", "shrine"),
            ("goodwill_plus_1", "pop_idol"),
        ],
    )
    boy = game.chars["boy_student"]
    assert (boy.location, boy.paranoia) == ("city", 1)
    assert (game.location_intrigue["city"], game.chars["pop_idol"].goodwill) == (1, 1)
    assert events(game, "cards_resolved") == [{"cancelled": [], "forbid_intrigue_void": False}]


def test_mastermind_and_protagonist_moves_combine_tl_d4() -> None:
    """TL-D4: horizontal (Mastermind) + vertical (protagonist) = diagonal: Hospital -> School."""
    game = make_game()
    place_cards(
        game,
        mm=[("move_horizontal", "doctor"), *QUIET_MM[:2]],
        prot=[("move_vertical", "doctor"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.chars["doctor"].location == "school"


def test_forbidden_destination_keeps_character_in_place_tl_d4() -> None:
    """TL-D4 (content §1): the Office Worker may not enter the School, so the whole move is ignored."""
    game = make_game()
    place_cards(game, mm=[("move_horizontal", "office_worker"), *QUIET_MM[:2]])
    assert game.chars["office_worker"].location == "city"


def test_forbid_intrigue_cancels_on_the_board_tl_d4a() -> None:
    """TL-D4a: one Forbid Intrigue cancels the Mastermind's intrigue on the School."""
    game = make_game()
    place_cards(
        game,
        mm=[("intrigue_plus_2", "school"), ("intrigue_plus_1", "city"), QUIET_MM[0]],
        prot=[("forbid_intrigue", "school"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.location_intrigue == {"hospital": 0, "shrine": 0, "city": 1, "school": 0}
    assert events(game, "cards_resolved") == [{"cancelled": [0], "forbid_intrigue_void": False}]


def test_two_forbid_intrigue_cancel_each_other_on_the_board_tl_d4a() -> None:
    """TL-D4a (content §1): two Forbid Intrigue cards in a day are void; the intrigue lands."""
    game = make_game()
    place_cards(
        game,
        mm=[("intrigue_plus_2", "school"), ("intrigue_plus_1", "city"), QUIET_MM[0]],
        prot=[("forbid_intrigue", "school"), ("forbid_intrigue", "city"), QUIET_P[0]],
    )
    assert (game.location_intrigue["school"], game.location_intrigue["city"]) == (2, 1)


def test_forbid_goodwill_does_not_stop_goodwill_abilities_tl_d4b() -> None:
    """TL-D4b: a Forbid Goodwill card does not touch a goodwill ability (Pop Idol's +1 goodwill)."""
    game = make_game(roles={})
    game.chars["pop_idol"].goodwill = 4
    place_cards(game, mm=[("forbid_goodwill", "office_worker"), *QUIET_MM[:2]])
    game.apply(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
    game.apply(Allow())
    assert game.chars["office_worker"].goodwill == 1


def test_once_per_loop_card_spent_even_when_cancelled_tl_d4c() -> None:
    """TL-D4c and edge ruling §10: a cancelled once-per-loop card is still spent until the loop ends."""
    game = make_game(days=2)
    place_cards(
        game,
        mm=[("forbid_goodwill", "doctor"), *QUIET_MM[:2]],
        prot=[("goodwill_plus_2", "doctor"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.chars["doctor"].goodwill == 0
    assert game.spent["protagonist:0"] == ["goodwill_plus_2"]
    assert game.spent["mastermind"] == []
    quiet_day(game)
    for card, target in QUIET_MM:
        game.apply(PlaceCard(card, target))
    for card, target in QUIET_P[:2]:  # protagonists 1 and 2 (leader is 1)
        game.apply(PlaceCard(card, target))
    assert all(a.card != "goodwill_plus_2" for a in game.legal_actions())  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as err:
        game.apply(PlaceCard("goodwill_plus_2", "doctor"))
    assert err.value.rule_id == "TL-D4c"


def test_non_limited_cards_return_to_hand_tl_d4c() -> None:
    """TL-D4c: cards not marked once per loop go back to the hand after resolution."""
    game = make_game()
    place_cards(game)
    assert game.hand("mastermind")["paranoia_plus_1"] == 2
    assert sum(game.hand("protagonist:0").values()) == 8


# ---------------------------------------------------------------------------- TL-D5


def test_brain_ability_announces_only_the_result_tl_d5_tl_d5a() -> None:
    """TL-D5/TL-D5a: the Brain adds intrigue; the public log shows the result, not who acted."""
    game = make_game()
    place_cards(game)
    assert game.phase is Phase.MASTERMIND_ABILITY
    assert UseAbility("brain.1", "pop_idol", "city") in game.legal_actions()
    game.apply(UseAbility("brain.1", "pop_idol", "office_worker"))
    assert game.chars["office_worker"].intrigue == 1
    public = [e for e in game.log if e.visibility == "public" and e.phase == "mastermind_ability"]
    assert [(e.kind, dict(e.data)) for e in public] == [
        ("intrigue", {"target": "office_worker", "amount": 1})
    ]
    assert events(game, "ability", "mastermind") == [
        {"ability": "brain.1", "source": "pop_idol", "target": "office_worker"}
    ]
    # Each ability once per step: the Brain's options are gone, only Pass remains.
    assert game.legal_actions() == (Pass(),)


def test_mandatory_before_optional_tl_d5b_tl_d5c() -> None:
    """TL-D5b/TL-D5c (at TL-D9): the mandatory Serial Killer kill resolves on its own before the
    optional Killer ability is offered; here it kills the Key Person and the loop ends at once."""
    game = make_game(
        cast=("girl_student", "boy_student", "office_worker", "doctor"),
        roles={"girl_student": "key_person", "boy_student": "serial_killer", "office_worker": "killer"},
        days=2,
    )
    place_cards(game)
    while game.loop == 1:
        game.apply(Pass())
    assert events(game, "death") == [{"character": "girl_student"}]
    assert (game.loop, game.phase) == (2, Phase.MASTERMIND_CARDS)
    assert events(game, "loop_end") == [{"lost": True}]


def test_optional_abilities_in_any_order_tl_d5d() -> None:
    """TL-D5d: the Mastermind orders its optional abilities (Rumor then Brain, or Brain then Rumor)."""
    for first, second in (("an_unsettling_rumor.1", "brain.1"), ("brain.1", "an_unsettling_rumor.1")):
        game = make_game(subplots=("an_unsettling_rumor",))
        place_cards(game)
        acts = {
            "an_unsettling_rumor.1": UseAbility("an_unsettling_rumor.1", "", "school"),
            "brain.1": UseAbility("brain.1", "pop_idol", "city"),
        }
        game.apply(acts[first])
        game.apply(acts[second])
        assert (game.location_intrigue["school"], game.location_intrigue["city"]) == (1, 1)
        assert game.legal_actions() == (Pass(),)


def test_each_source_once_per_step_tl_d5d() -> None:
    """TL-D5d: each optional ability once per step per source. A Brain that is the only one is noted by the
    role (``abilities.used_key``): two games that differ only in who is the Brain (both in the City) offer
    the same and note the same after its use, and its ability is not offered again in the step. Two Brains
    (a script built in code, unchecked) may each use it once."""
    after = []
    for brain, killer in (("pop_idol", "office_worker"), ("office_worker", "pop_idol")):
        game = make_game(roles={"girl_student": "key_person", killer: "killer", brain: "brain"})
        place_cards(game)
        assert {a.source for a in game.legal_actions() if isinstance(a, UseAbility)} == {brain}
        game.apply(UseAbility("brain.1", brain, "city"))
        after.append((game.legal_actions(), game.mm_used, game.location_intrigue))
    assert after[0] == after[1] == ((Pass(),), {("brain.1", "")}, after[0][2])
    assert after[0][2]["city"] == 1
    game = make_game(roles={"girl_student": "key_person", "office_worker": "brain", "pop_idol": "brain"})
    place_cards(game)
    game.apply(UseAbility("brain.1", "pop_idol", "city"))
    assert {a.source for a in game.legal_actions() if isinstance(a, UseAbility)} == {"office_worker"}
    game.apply(UseAbility("brain.1", "office_worker", "city"))
    assert game.legal_actions() == (Pass(),)
    assert game.mm_used == {("brain.1", "pop_idol"), ("brain.1", "office_worker")}
    assert game.location_intrigue["city"] == 2


def test_answer_stops_before_the_next_decision_and_resume_offers_it_tl_d5() -> None:
    """``Game.answer`` plays an answer's rules and stops before the next decision (paused); ``resume`` then
    offers it, and the game is the one ``apply`` gives. A wrong answer is refused and changes nothing; a
    placement runs on as ``apply`` does."""
    applied = make_game()
    place_cards(applied)
    answered = applied.clone()
    use = UseAbility("brain.1", "pop_idol", "city")
    applied.apply(use)
    answered.answer(use)
    assert answered.is_paused and answered.legal_actions() == () and answered.location_intrigue["city"] == 1
    assert answered.phase is Phase.MASTERMIND_ABILITY
    answered.resume()
    assert state_values(answered) == state_values(applied)
    with pytest.raises(IllegalActionError):
        answered.answer(UseAbility("brain.1", "pop_idol", "shrine"))
    assert state_values(answered) == state_values(applied)
    fresh = make_game()
    skip_empty_pauses(fresh)
    fresh.answer(PlaceCard("paranoia_plus_1", "hospital"))
    assert fresh.legal_actions() and fresh.phase is Phase.MASTERMIND_CARDS


def test_killer_day_end_ability_tl_d5e_tl_d9() -> None:
    """TL-D5e/TL-D9: at day end the Killer kills the Key Person with 2 intrigue in its location."""
    game = make_game()
    game.chars["girl_student"].location = "city"
    game.chars["girl_student"].intrigue = 2
    place_cards(game)
    while game.phase is not Phase.DAY_END:
        game.apply(Pass())
    assert game.legal_actions() == (Pass(), UseAbility("killer.1", "office_worker", "girl_student"))
    game.apply(UseAbility("killer.1", "office_worker", "girl_student"))
    assert events(game, "death") == [{"character": "girl_student"}]
    assert game.loop == 2  # the Key Person's death ends the loop at once


# ---------------------------------------------------------------------------- TL-D6


def test_goodwill_needs_enough_tokens_tl_d6a() -> None:
    """TL-D6a: the Pop Idol's 3-goodwill ability is offered at 3 goodwill, not at 2."""
    game = make_game(roles={})
    game.chars["pop_idol"].goodwill = 2
    game.chars["office_worker"].paranoia = 1
    place_cards(game)
    assert all(not isinstance(a, UseAbility) for a in game.legal_actions())
    game2 = make_game(roles={})
    game2.chars["pop_idol"].goodwill = 3
    game2.chars["office_worker"].paranoia = 1
    place_cards(game2)
    assert game2.legal_actions() == (Pass(), UseAbility("pop_idol.1", "pop_idol", "office_worker"))


def test_leader_names_ability_and_target_tl_d6_tl_d6b() -> None:
    """TL-D6/TL-D6b: the leader names the ability and its target; the declaration is public."""
    game = make_game(roles={})
    game.chars["pop_idol"].goodwill = 3
    game.chars["office_worker"].paranoia = 2
    place_cards(game)
    assert game.pending is not None and game.pending.who == "leader"
    game.apply(UseAbility("pop_idol.1", "pop_idol", "office_worker"))
    assert events(game, "goodwill_declared") == [
        {
            "type": "use_ability",
            "ability": "pop_idol.1",
            "source": "pop_idol",
            "target": "office_worker",
            "extra": "",
        }
    ]
    game.apply(Allow())
    assert game.chars["office_worker"].paranoia == 1


@pytest.mark.parametrize(
    ("role", "expected"),
    [("person", (Allow(),)), ("killer", (Allow(), Refuse())), ("cultist", (Refuse(),))],
)
def test_refusal_by_role_tl_d6c(role: str, expected: tuple[object, ...]) -> None:
    """TL-D6c: no refusal -> must allow; optional -> may refuse; mandatory -> must refuse."""
    game = make_game(roles={"pop_idol": role})
    game.chars["pop_idol"].goodwill = 4
    place_cards(game)
    game.apply(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
    assert game.pending is not None and game.pending.kind == "goodwill_response"
    assert game.legal_actions() == expected


def test_unrefusable_ability_tl_d6c() -> None:
    """TL-D6c: the Mystery Boy's ability cannot be refused even with a refusing role; it reveals the role.

    The ruling ``mystery_boy_from_loop: 1`` lets the ability be used in this first loop (⚠d)."""
    game = make_game(
        cast=("mystery_boy", "doctor"),
        roles={"mystery_boy": "cultist"},
        rulings=Rulings(mystery_boy_from_loop=1),
    )
    game.chars["mystery_boy"].goodwill = 3
    place_cards(
        game, prot=[("move_horizontal", "hospital"), ("move_vertical", "shrine"), ("paranoia_plus_1", "city")]
    )
    game.apply(UseAbility("mystery_boy.1", "mystery_boy", "mystery_boy"))
    assert game.legal_actions() == (Allow(),)
    game.apply(Allow())
    assert game.revealed_roles == {"mystery_boy": "cultist"}


def test_refusal_binds_only_the_refusing_character_tl_d6d() -> None:
    """TL-D6d: the Killer refuses its own ability, but a Person's ability on the Killer must resolve."""
    game = make_game(roles={"office_worker": "killer"})
    game.chars["office_worker"].goodwill = 3
    game.chars["pop_idol"].goodwill = 4
    place_cards(game)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Refuse())
    assert game.revealed_roles == {}
    game.apply(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
    assert game.legal_actions() == (Allow(),)
    game.apply(Allow())
    assert game.chars["office_worker"].goodwill == 4


def test_each_ability_once_per_day_and_once_per_loop_tl_d6e() -> None:
    """TL-D6e: each ability once per day; a ★ ability once per loop."""
    game = make_game(cast=("police_officer", "office_worker", "doctor"), roles={}, days=2)
    game.chars["police_officer"].goodwill = 5
    game.chars["office_worker"].goodwill = 3
    place_cards(game)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Allow())
    game.apply(UseAbility("police_officer.2", "police_officer", "office_worker"))
    game.apply(Allow())
    assert game.legal_actions() == (Pass(),)
    game.apply(Pass())
    assert game.pending is not None and game.pending.kind == "day_end_ability"
    game.apply(Pass())  # TL-D9: asked every day, only Pass to give here
    assert game.day == 2
    place_cards(game)
    abilities = sorted({a.ability for a in game.legal_actions() if isinstance(a, UseAbility)})
    assert abilities == ["office_worker.1"]  # the Police Officer's ★ guard ability is spent for the loop


def test_goodwill_is_not_spent_tl_d6f() -> None:
    """TL-D6f: using (or being refused) costs no goodwill tokens."""
    game = make_game(roles={"office_worker": "killer"})
    game.chars["office_worker"].goodwill = 3
    place_cards(game)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Refuse())
    assert game.chars["office_worker"].goodwill == 3


# ---------------------------------------------------------------------------- TL-D7


def test_no_incident_scheduled_skips_tl_d7() -> None:
    """TL-D7: with no incident on the day nothing is announced."""
    game = make_game()
    quiet_day(game)
    assert events(game, "incident_happened") == events(game, "incident_not_happened") == []


def test_incident_needs_living_culprit_tl_d7a() -> None:
    """TL-D7a: a dead culprit's incident does not happen."""
    game = make_game(incidents=[(1, "suicide", "boy_student")])
    game.chars["boy_student"].paranoia = 2
    game.kill("boy_student", "test")
    quiet_day(game)
    assert events(game, "incident_not_happened") == [{"incident": "suicide"}]


@pytest.mark.parametrize(("paranoia", "happened"), [(1, False), (2, True)])
def test_incident_needs_paranoia_at_limit_tl_d7b(paranoia: int, happened: bool) -> None:
    """TL-D7b: the Boy Student (limit 2) commits Suicide only with 2 paranoia."""
    game = make_game(incidents=[(1, "suicide", "boy_student")])
    game.chars["boy_student"].paranoia = paranoia
    quiet_day(game)
    assert bool(events(game, "incident_happened")) is happened
    assert game.chars["boy_student"].alive is not happened


def test_culprit_not_announced_tl_d7c() -> None:
    """TL-D7c: the public announcement of an incident names no culprit; the Mastermind's log does."""
    game = make_game(incidents=[(1, "increasing_unease", "pop_idol")])
    game.chars["pop_idol"].paranoia = 2
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    assert events(game, "incident_happened", "public") == [{"incident": "increasing_unease"}]
    assert events(game, "incident_culprit", "mastermind") == [
        {"incident": "increasing_unease", "culprit": "pop_idol"}
    ]
    assert all("culprit" not in e.data for e in game.log if e.visibility == "public")


def test_mastermind_chooses_open_targets_tl_d7d() -> None:
    """TL-D7d: Murder: the Mastermind picks the victim among others in the culprit's location."""
    game = make_game(incidents=[(1, "murder", "boy_student")])
    game.chars["boy_student"].paranoia = 2
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    assert game.pending is not None and game.pending.rule_id == "TL-D7d"
    assert game.legal_actions() == (Choose("girl_student"),)
    game.apply(Choose("girl_student"))
    assert events(game, "death") == [{"character": "girl_student"}]
    assert game.loop == 2  # she was the Key Person


def test_hospital_incident_without_intrigue_happens_with_no_effect_tl_d7e() -> None:
    """TL-D7e: the Hospital Incident with no Hospital intrigue is announced as happened, with no effect."""
    game = make_game(incidents=[(1, "hospital_incident", "doctor")])
    game.chars["doctor"].paranoia = 2
    quiet_day(game)
    assert events(game, "incident_happened") == [{"incident": "hospital_incident"}]
    assert events(game, "incident_no_effect") == [{"incident": "hospital_incident"}]
    assert game.chars["doctor"].alive


def test_police_officer_reveals_culprit_of_no_effect_incident_tl_d7f() -> None:
    """TL-D7f: the Police Officer's first ability works on an incident that happened with no effect; the
    reveal, made on day 2, is logged on day 2 with the incident's day apart (TL-D1)."""
    game = make_game(
        cast=("police_officer", "doctor", "office_worker"),
        roles={},
        incidents=[(1, "hospital_incident", "doctor")],
        days=2,
    )
    game.chars["doctor"].paranoia = 2
    game.chars["police_officer"].goodwill = 4
    quiet_day(game)
    place_cards(game)
    assert UseAbility("police_officer.1", "police_officer", "1") in game.legal_actions()
    game.apply(UseAbility("police_officer.1", "police_officer", "1"))
    game.apply(Allow())
    assert game.revealed_culprits == {1: "doctor"}
    assert events(game, "culprit_revealed") == [
        {"incident_day": 1, "incident": "hospital_incident", "culprit": "doctor"}
    ]
    # Revealed on day 2, the event keeps its own day in text and JSON (it used to print as L1 D1).
    event = game.log[-1].as_dict()
    assert (event["loop"], event["day"], event["incident_day"]) == (1, 2, 1)
    assert format_event(event).startswith("L1 D2 goodwill_ability culprit_revealed")


# ---------------------------------------------------------------------------- TL-D8, TL-D9


def test_leader_switch_tl_d8() -> None:
    """TL-D8: the leader passes to the next protagonist each day (0, 1, 2)."""
    game = make_game(days=3)
    leaders = []
    for _ in range(3):
        leaders.append(game.leader)
        quiet_day(game)
    assert leaders == [0, 1, 2]
    assert [e["leader"] for e in events(game, "leader")] == [1, 2, 0]


def test_day_end_moves_day_marker_tl_d9_tl_d9a() -> None:
    """TL-D9/TL-D9a: not the last day: the day marker moves on and step 1 begins again."""
    game = make_game(days=2)
    quiet_day(game)
    assert (game.day, game.phase) == (2, Phase.MASTERMIND_CARDS)


def test_last_day_ends_loop_tl_d9b() -> None:
    """TL-D9b: after the last day the loop ends."""
    game = make_game(days=1)
    quiet_day(game)
    assert events(game, "loop_end") == [{"lost": False}]
