"""Audit (second reader) of the day in nine steps: points the engine tests did not pin yet.

Each test cites the rule it checks (TL-… ids of the day rules, or the content facts' section) and
asserts literal values on a small scenario built in code.
"""

from __future__ import annotations

from rulesengine.looper.rules.actions import Allow, Choose, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import (
    QUIET_MM,
    QUIET_P,
    events,
    make_game,
    place_cards,
    quiet_day,
    skip_empty_pauses,
    to_phase,
)


def phases_seen(game: Game, since: int) -> list[str]:
    """The phases of the log's events from index ``since`` on, without repeats in a row."""
    out: list[str] = []
    for e in game.log[since:]:
        if not out or out[-1] != e.phase:
            out.append(e.phase)
    return out


# ---------------------------------------------------------------------------- the nine steps' order


def test_nine_steps_run_in_order_tl_d1_to_tl_d9() -> None:
    """TL-D1..TL-D9: one quiet day with an incident logs its phases in the order of the rules page."""
    game = make_game(incidents=[(1, "suicide", "doctor")], days=2)
    game.chars["doctor"].paranoia = 2
    start = len(game.log) - 1  # the day_start event of day 1
    quiet_day(game)
    assert phases_seen(game, start) == [
        "day_start",
        "mastermind_cards",
        "protagonist_cards",
        "card_resolution",
        "incident",
        "leader_switch",
        "day_start",
    ]


def test_paranoia_from_todays_cards_counts_for_todays_incident_tl_d4_tl_d7b() -> None:
    """TL-D4 before TL-D7b: a culprit one short of its limit reaches it through today's Paranoia +1."""
    game = make_game(incidents=[(1, "suicide", "doctor")])
    game.chars["doctor"].paranoia = 1
    place_cards(game, mm=[("paranoia_plus_1", "doctor"), *QUIET_MM[1:]])
    to_phase(game, Phase.MASTERMIND_CARDS)
    assert events(game, "incident_happened") == [{"incident": "suicide"}]
    assert game.chars["doctor"].alive is False


def test_goodwill_ability_before_incident_can_stop_it_tl_d6_tl_d7b() -> None:
    """TL-D6 before TL-D7: the Nurse calms the panicked culprit (3 -> 2, limit 3), so no incident."""
    game = make_game(cast=("nurse", "doctor", "boy_student"), roles={}, incidents=[(1, "suicide", "nurse")])
    game.chars["nurse"].paranoia = 3
    game.chars["nurse"].goodwill = 2
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("nurse.1", "nurse", "nurse"))
    game.apply(Allow())
    game.apply(Pass())
    assert game.chars["nurse"].paranoia == 2
    assert events(game, "incident_not_happened") == [{"incident": "suicide"}]
    assert game.chars["nurse"].alive


def test_mastermind_ability_before_incident_can_start_it_tl_d5_tl_d7b() -> None:
    """TL-D5 before TL-D7: the Conspiracy Theorist's +1 paranoia brings the culprit to its limit today."""
    game = make_game(
        cast=("pop_idol", "office_worker", "doctor"),
        roles={"pop_idol": "conspiracy_theorist"},
        incidents=[(1, "suicide", "office_worker")],
    )
    game.chars["office_worker"].paranoia = 1
    place_cards(game)
    assert game.phase is Phase.MASTERMIND_ABILITY
    game.apply(UseAbility("conspiracy_theorist.1", "pop_idol", "office_worker"))
    to_phase(game, Phase.MASTERMIND_CARDS)
    assert events(game, "incident_happened") == [{"incident": "suicide"}]
    assert events(game, "death") == [{"character": "office_worker"}]


# ---------------------------------------------------------------------------- TL-D2 / TL-D3 / TL-D4


def test_protagonist_may_not_join_another_protagonist_even_on_a_mastermind_target_tl_d3b_tl_d3c() -> None:
    """TL-D3b/TL-D3c: after the leader joins a Mastermind card, the next protagonist may not join them."""
    game = make_game()
    for card, target in QUIET_MM:
        game.apply(PlaceCard(card, target))
    game.apply(PlaceCard("goodwill_plus_1", "hospital"))
    assert PlaceCard("goodwill_plus_1", "hospital") not in game.legal_actions()
    assert PlaceCard("goodwill_plus_1", "shrine") in game.legal_actions()


def test_forbid_intrigue_on_a_location_spares_a_character_there_tl_d4a() -> None:
    """TL-D4a: a Forbid card cancels cards on the *same* target: Forbid Intrigue on the City does not
    cancel Intrigue +1 on the Office Worker standing in the City."""
    game = make_game()
    place_cards(
        game,
        mm=[("intrigue_plus_1", "office_worker"), ("intrigue_plus_2", "city"), QUIET_MM[0]],
        prot=[("forbid_intrigue", "city"), QUIET_P[1], ("paranoia_plus_1", "school")],
    )
    assert (game.location_intrigue["city"], game.chars["office_worker"].intrigue) == (0, 1)
    assert events(game, "cards_resolved") == [{"cancelled": [1], "forbid_intrigue_void": False}]


def test_forbid_paranoia_on_a_location_does_nothing_tl_d4a() -> None:
    """TL-D4a, content §1: Forbid Paranoia works on characters; on a location it cancels nothing."""
    game = make_game()
    place_cards(
        game,
        mm=[("forbid_paranoia", "city"), ("paranoia_plus_1", "office_worker"), QUIET_MM[0]],
    )
    assert game.chars["office_worker"].paranoia == 1
    assert events(game, "cards_resolved") == [{"cancelled": [], "forbid_intrigue_void": False}]


def test_counters_resolve_on_the_character_after_its_move_tl_d4() -> None:
    """TL-D4 (2) before (4): Intrigue on a character that moved lands on the character, not on its old
    location; Forbid Intrigue on the old location does not follow it."""
    game = make_game()
    place_cards(
        game,
        mm=[("intrigue_plus_2", "doctor"), *QUIET_MM[1:]],
        prot=[("move_vertical", "doctor"), ("forbid_intrigue", "hospital"), QUIET_P[2]],
    )
    assert (game.chars["doctor"].location, game.chars["doctor"].intrigue) == ("city", 2)
    assert game.location_intrigue == {"hospital": 0, "shrine": 0, "city": 0, "school": 0}


def test_cancelled_once_per_loop_mastermind_card_back_next_loop_tl_d4c_tl_rw() -> None:
    """TL-D4c/TL-RW: the Mastermind's Intrigue +2, cancelled by Forbid Intrigue, is spent for the loop and
    back in hand after the rewind."""
    game = make_game(main_plot="a_place_to_protect", days=2, loops=2)
    place_cards(
        game,
        mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]],
        prot=[("forbid_intrigue", "school"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.location_intrigue["school"] == 0
    assert game.spent["mastermind"] == ["intrigue_plus_2"]
    to_phase(game, Phase.MASTERMIND_CARDS)
    assert "intrigue_plus_2" not in game.hand("mastermind")
    assert PlaceCard("intrigue_plus_2", "school") not in game.legal_actions()
    game.location_intrigue["school"] = 2  # A Place to Protect: this loop will be lost
    quiet_day(game)
    assert (game.loop, game.day) == (2, 1)
    assert game.hand("mastermind")["intrigue_plus_2"] == 1


def test_protagonist_once_per_loop_cards_per_owner_tl_d4c() -> None:
    """TL-D4c: once-per-loop marks are per owner: protagonist 0's spent Forbid Movement leaves the
    others' copies in hand."""
    game = make_game(days=2)
    place_cards(game, prot=[("forbid_movement", "doctor"), QUIET_P[1], QUIET_P[2]])
    assert game.spent == {
        "mastermind": [],
        "protagonist:0": ["forbid_movement"],
        "protagonist:1": [],
        "protagonist:2": [],
    }
    assert "forbid_movement" not in game.hand("protagonist:0")
    assert game.hand("protagonist:1")["forbid_movement"] == 1


# ---------------------------------------------------------------------------- TL-D5


def test_an_unsettling_rumor_once_per_loop_tl_d5() -> None:
    """an_unsettling_rumor.1 (TL-D5): 1 intrigue on any location, once per loop; back the next loop."""
    game = make_game(
        cast=("doctor", "boy_student", "girl_student"),
        roles={"girl_student": "key_person"},
        main_plot="a_place_to_protect",
        subplots=("an_unsettling_rumor",),
        days=2,
        loops=2,
    )
    place_cards(game)
    rumor = [a for a in game.legal_actions() if isinstance(a, UseAbility)]
    assert [a.target for a in rumor] == ["city", "hospital", "school", "shrine"]
    game.apply(UseAbility("an_unsettling_rumor.1", "", "school"))
    assert game.location_intrigue["school"] == 1
    assert game.legal_actions() == (Pass(),)  # nothing else to use today: asked until it passes
    skip_empty_pauses(game)
    assert game.phase is Phase.GOODWILL_ABILITY
    quiet_day(game)
    place_cards(game)
    assert game.phase is Phase.GOODWILL_ABILITY  # day 2: the rumor is spent for this loop
    game.location_intrigue["school"] = 2
    while game.loop == 1:
        game.apply(Pass())
    place_cards(game)
    assert game.phase is Phase.MASTERMIND_ABILITY
    assert UseAbility("an_unsettling_rumor.1", "", "city") in game.legal_actions()


def test_brain_once_per_day_and_on_itself_or_its_location_tl_d5() -> None:
    """brain.1 (TL-D5): 1 intrigue on the Brain's location or a character there (itself included), once
    per day; the next day it is offered again."""
    game = make_game(days=2)
    place_cards(game)
    assert [a.target for a in game.legal_actions() if isinstance(a, UseAbility)] == [
        "city",
        "office_worker",
        "pop_idol",
    ]
    game.apply(UseAbility("brain.1", "pop_idol", "pop_idol"))
    assert game.chars["pop_idol"].intrigue == 1
    assert game.legal_actions() == (Pass(),)  # once per day: only Pass is left
    skip_empty_pauses(game)
    assert game.phase is Phase.GOODWILL_ABILITY
    quiet_day(game)
    place_cards(game)
    assert UseAbility("brain.1", "pop_idol", "city") in game.legal_actions()


def test_dead_brain_has_no_ability_tl_d5() -> None:
    """TL-D5, content §10 corpses: a dead Brain offers nothing in the Mastermind ability step."""
    game = make_game()
    game.kill("pop_idol", "test")
    place_cards(game)
    assert game.phase is Phase.GOODWILL_ABILITY


# ---------------------------------------------------------------------------- TL-D6


def test_refused_once_per_loop_ability_stays_used_for_the_loop_tl_d6c_tl_d6e() -> None:
    """TL-D6c/TL-D6e: a refused ★ ability (the Alien's kill, refused by the Alien as Killer) is used for
    the whole loop; it comes back at the next loop."""
    game = make_game(
        cast=("alien", "shrine_maiden", "doctor"),
        roles={"alien": "killer", "doctor": "key_person"},
        main_plot="a_place_to_protect",
        days=2,
        loops=2,
    )
    game.chars["alien"].goodwill = 4
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("alien.1", "alien", "shrine_maiden"))
    assert game.legal_actions() == (Allow(), Refuse())
    game.apply(Refuse())
    assert game.chars["shrine_maiden"].alive
    assert events(game, "goodwill_refused") == [{"ability": "alien.1"}]
    quiet_day(game)
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    assert game.legal_actions() == (Pass(),)
    game.location_intrigue["school"] = 2  # A Place to Protect: this loop will be lost
    game.apply(Pass())
    skip_empty_pauses(game)
    assert (game.loop, game.day) == (2, 1)
    game.chars["alien"].goodwill = 4
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    assert UseAbility("alien.1", "alien", "shrine_maiden") in game.legal_actions()


def test_refused_daily_ability_offered_again_next_day_tl_d6e() -> None:
    """TL-D6e: a refused ability that is not ★ is spent for the day only."""
    game = make_game(roles={"office_worker": "killer"}, days=2)
    game.chars["office_worker"].goodwill = 3
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Refuse())
    game.apply(Pass())
    skip_empty_pauses(game)
    assert game.day == 2
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    assert game.legal_actions() == (Pass(), UseAbility("office_worker.1", "office_worker", "office_worker"))


def test_two_abilities_of_one_character_same_day_tl_d6e() -> None:
    """TL-D6e: several abilities in one step: the Pop Idol's two abilities are each usable once today."""
    game = make_game()
    game.chars["pop_idol"].goodwill = 4
    game.chars["office_worker"].paranoia = 2
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("pop_idol.1", "pop_idol", "office_worker"))
    game.apply(Allow())
    game.apply(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
    game.apply(Allow())
    assert (game.chars["office_worker"].paranoia, game.chars["office_worker"].goodwill) == (1, 1)
    assert game.legal_actions() == (Pass(),)


def test_curmudgeon_may_refuse_tl_d6c() -> None:
    """TL-D6c, content §5: the Curmudgeon has optional goodwill refusal and no other ability."""
    game = make_game(
        roles={"office_worker": "curmudgeon", "girl_student": "key_person", "pop_idol": "brain"},
        subplots=("a_hideous_script",),
    )
    game.chars["office_worker"].goodwill = 3
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    assert game.legal_actions() == (Allow(), Refuse())


def test_ability_needs_a_living_source_tl_d6a() -> None:
    """TL-D6a, content §10 corpses: a dead character's goodwill abilities are not offered."""
    game = make_game(roles={})
    game.chars["office_worker"].goodwill = 3
    game.kill("office_worker", "test")
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    assert game.legal_actions() == (Pass(),)


# ---------------------------------------------------------------------------- TL-D7


def test_murder_with_nobody_else_there_happens_with_no_effect_tl_d7e() -> None:
    """TL-D7e: Murder with no other living character in the culprit's location is announced as happened,
    with no effect; the Police Officer can still name it (TL-D7f)."""
    game = make_game(
        cast=("police_officer", "doctor", "boy_student"), roles={}, incidents=[(1, "murder", "doctor")]
    )
    game.chars["doctor"].paranoia = 2
    quiet_day(game)
    assert events(game, "incident_happened") == [{"incident": "murder"}]
    assert events(game, "incident_no_effect") == [{"incident": "murder"}]
    assert events(game, "death") == []
    assert game.happened == [{"day": 1, "incident": "murder", "culprit": "doctor", "loop": 1}]


def test_faraway_murder_without_target_happens_with_no_effect_tl_d7e() -> None:
    """TL-D7e: Faraway Murder with nobody at 2 intrigue happened, with no effect."""
    game = make_game(incidents=[(1, "faraway_murder", "doctor")])
    game.chars["doctor"].paranoia = 2
    game.chars["boy_student"].intrigue = 1
    quiet_day(game)
    assert events(game, "incident_no_effect") == [{"incident": "faraway_murder"}]


def test_hospital_incident_with_one_intrigue_kills_but_protagonists_live_tl_d7() -> None:
    """hospital_incident (TL-D7): 1 Hospital intrigue kills everyone there (all at once), but only 2 would
    kill the protagonists."""
    game = make_game(
        cast=("doctor", "nurse", "patient", "boy_student"),
        roles={},
        incidents=[(1, "hospital_incident", "nurse")],
    )
    game.chars["nurse"].paranoia = 3
    game.location_intrigue["hospital"] = 1
    quiet_day(game)
    assert events(game, "death") == [
        {"character": "doctor"},
        {"character": "nurse"},
        {"character": "patient"},
    ]
    assert events(game, "protagonists_died") == []
    assert game.chars["boy_student"].alive


def test_incident_culprit_suicide_immortal_time_traveler_tl_d7() -> None:
    """suicide (TL-D7), time traveler immortal (content §9): the incident happens but the culprit lives."""
    game = make_game(
        cast=("doctor", "boy_student"),
        roles={"doctor": "time_traveler"},
        set_id="basic_tragedy_x",
        main_plot="change_of_future",
        subplots=("threads_of_fate", "a_love_affair"),
        incidents=[(1, "suicide", "doctor")],
    )
    game.chars["doctor"].paranoia = 2
    game.chars["doctor"].goodwill = 3
    quiet_day(game)
    assert events(game, "incident_happened") == [{"incident": "suicide"}]
    assert events(game, "death") == []
    assert game.chars["doctor"].alive


def test_murder_of_guarded_key_person_removes_the_guard_only() -> None:
    """murder (TL-D7), guards (content §3, police_officer.2): the guard is removed, no death, no loss."""
    game = make_game(incidents=[(1, "murder", "boy_student")], days=2)
    game.chars["boy_student"].paranoia = 2
    game.chars["girl_student"].guards = 1
    place_cards(game)
    to_phase(game, Phase.INCIDENT)
    game.apply(Choose("girl_student"))
    assert (game.chars["girl_student"].alive, game.chars["girl_student"].guards) == (True, 0)
    skip_empty_pauses(game)
    assert (game.loop, game.day, game.lost) == (1, 2, False)


def test_increasing_unease_targets_two_different_characters_tl_d7d() -> None:
    """increasing_unease (TL-D7d): the two choices name different characters (no 'x|x' option)."""
    game = make_game(cast=("doctor", "boy_student"), roles={}, incidents=[(1, "increasing_unease", "doctor")])
    game.chars["doctor"].paranoia = 2
    place_cards(game)
    to_phase(game, Phase.INCIDENT)
    assert game.legal_actions() == (Choose("boy_student|doctor"), Choose("doctor|boy_student"))


def test_missing_person_respects_forbidden_locations_tl_d7d() -> None:
    """missing_person (TL-D7d): the Office Worker (forbidden: School) may go anywhere else, staying too."""
    game = make_game(
        cast=("office_worker", "doctor"), roles={}, incidents=[(1, "missing_person", "office_worker")]
    )
    game.chars["office_worker"].paranoia = 2
    place_cards(game)
    to_phase(game, Phase.INCIDENT)
    assert game.legal_actions() == (Choose("city"), Choose("hospital"), Choose("shrine"))
    game.apply(Choose("city"))
    assert (game.chars["office_worker"].location, game.location_intrigue["city"]) == ("city", 1)


def test_incident_not_happened_does_not_reach_police_tl_d7f() -> None:
    """TL-D7, TL-D7f: an incident that did not happen cannot be named by the Police Officer."""
    game = make_game(
        cast=("police_officer", "doctor"), roles={}, incidents=[(1, "suicide", "doctor")], days=2
    )
    game.chars["police_officer"].goodwill = 4
    quiet_day(game)
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    assert game.legal_actions() == (Pass(),)


# ---------------------------------------------------------------------------- TL-D8 / TL-D9


def test_day_end_mandatory_serial_killer_before_optional_killer_tl_d5c_tl_d9() -> None:
    """TL-D5c at TL-D9: the Serial Killer's mandatory kill resolves first; the Killer's optional choice is
    then asked on the board after it (the Key Person it could target is already dead: loop ended)."""
    game = make_game(
        cast=("office_worker", "girl_student", "doctor"),
        roles={"office_worker": "killer", "doctor": "serial_killer", "girl_student": "key_person"},
    )
    game.chars["girl_student"].location = "hospital"
    game.chars["office_worker"].location = "hospital"
    game.chars["office_worker"].intrigue = 4
    place_cards(game)
    to_phase(game, Phase.DAY_END)
    # three in the Hospital: the Serial Killer kills nobody, the Killer may act
    assert game.legal_actions() == (Pass(), UseAbility("killer.2", "office_worker"))
    game2 = make_game(
        cast=("girl_student", "doctor", "office_worker"),
        roles={"office_worker": "killer", "doctor": "serial_killer", "girl_student": "key_person"},
    )
    game2.chars["girl_student"].location = "hospital"
    game2.chars["girl_student"].intrigue = 2
    game2.chars["office_worker"].intrigue = 4
    place_cards(game2)
    while game2.loop == 1:
        game2.apply(Pass())
    assert events(game2, "death") == [{"character": "girl_student"}]
    assert game2.loop == 2  # the Key Person's death ended the loop before any optional choice
    assert [e.kind for e in game2.log if e.kind == "ability" and e.data.get("ability") == "killer.2"] == []


def test_leader_rotates_after_incident_not_before_tl_d7_tl_d8() -> None:
    """TL-D7 then TL-D8: the incident step runs under today's leader; the switch comes after it."""
    game = make_game(incidents=[(1, "suicide", "doctor")], days=2)
    game.chars["doctor"].paranoia = 2
    quiet_day(game)
    kinds = [(e.kind, e.data.get("leader")) for e in game.log if e.kind in ("incident_happened", "leader")]
    assert kinds == [("incident_happened", None), ("leader", 1)]


def test_cultist_choice_uses_locations_after_movement_tl_d4() -> None:
    """cultist.1 (TL-D4, content §1): the choice is judged after movement. The Cultist, moved into the
    School, may ignore the Forbid Intrigue on the Boy Student there; when the Cultist leaves the Shrine,
    a Forbid Intrigue on the Shrine is no longer its to ignore."""
    game = make_game(roles={"shrine_maiden": "cultist"})
    place_cards(
        game,
        mm=[("intrigue_plus_1", "boy_student"), ("move_vertical", "shrine_maiden"), QUIET_MM[0]],
        prot=[("forbid_intrigue", "boy_student"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.chars["shrine_maiden"].location == "school"
    assert game.legal_actions() == (Pass(), UseAbility("cultist.1", "shrine_maiden", "boy_student"))
    game.apply(UseAbility("cultist.1", "shrine_maiden", "boy_student"))
    assert game.chars["boy_student"].intrigue == 1
    away = make_game(roles={"shrine_maiden": "cultist"})
    place_cards(
        away,
        mm=[("intrigue_plus_2", "shrine"), ("move_horizontal", "shrine_maiden"), QUIET_MM[2]],
        prot=[("forbid_intrigue", "shrine"), ("move_vertical", "school"), QUIET_P[2]],
    )
    assert away.chars["shrine_maiden"].location == "hospital"
    assert away.phase is Phase.GOODWILL_ABILITY  # no Cultist decision (nor any at TL-D5): the Forbid stands
    assert away.location_intrigue["shrine"] == 0


def test_forbid_cards_do_not_stop_role_abilities_tl_d4b() -> None:
    """TL-D4b: Forbid Intrigue on the City and Forbid Paranoia on the Office Worker do not stop the
    Brain's intrigue on the City nor the Conspiracy Theorist's paranoia on the Office Worker at TL-D5."""
    game = make_game(
        cast=("pop_idol", "office_worker", "informer", "doctor"),
        roles={"pop_idol": "brain", "informer": "conspiracy_theorist"},
    )
    place_cards(
        game,
        mm=[("forbid_paranoia", "office_worker"), *QUIET_MM[:2]],
        prot=[("forbid_intrigue", "city"), QUIET_P[1], ("paranoia_plus_1", "school")],
    )
    game.apply(UseAbility("brain.1", "pop_idol", "city"))
    game.apply(UseAbility("conspiracy_theorist.1", "informer", "office_worker"))
    assert (game.location_intrigue["city"], game.chars["office_worker"].paranoia) == (1, 1)
