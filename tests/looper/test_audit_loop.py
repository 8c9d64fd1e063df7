"""Audit (second reader) of loop end, rewind, loop-start effects, the Basic Tragedy X roles and plots,
and the final guess: points the engine tests did not pin yet, each with literal expected values.
"""

from __future__ import annotations

from rulesengine.looper.rules.actions import Allow, Choose, Guess, Pass, PlaceCard, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import (
    QUIET_MM,
    QUIET_P,
    events,
    make_game,
    make_script,
    place_cards,
    quiet_day,
    skip_empty_pauses,
    to_phase,
)


def finish_loop(game: Game) -> None:
    """Play quietly to the end of the current loop (up to the next loop's cards, a time spiral or the end)."""
    loop = game.loop
    while (
        game.pending is not None
        and game.loop == loop
        and game.phase
        not in (
            Phase.TIME_SPIRAL,
            Phase.FINAL_GUESS,
        )
    ):
        if game.phase is Phase.MASTERMIND_CARDS:
            place_cards(game)
        else:
            game.apply(Allow() if Allow() in game.legal_actions() else Pass())


def btx(cast: tuple[str, ...], roles: dict[str, str], **kw: object) -> Game:
    """A Basic Tragedy X game (main plot and subplots given by the caller or The Sealed Item defaults)."""
    kw.setdefault("main_plot", "the_sealed_item")
    kw.setdefault("subplots", ("a_love_affair", "paranoia_virus"))
    return Game(make_script(cast=cast, roles=roles, set_id="basic_tragedy_x", **kw))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- immediate loop end


def test_key_person_killed_by_goodwill_ability_ends_loop_before_incident() -> None:
    """Immediate loop end (content §4), TL-LE1: the Alien kills the Key Person at TL-D6; the day's
    incident (TL-D7) and the leader switch (TL-D8) are skipped."""
    game = make_game(
        cast=("alien", "shrine_maiden", "doctor"),
        roles={"shrine_maiden": "key_person"},
        incidents=[(1, "suicide", "doctor")],
    )
    game.chars["alien"].goodwill = 4
    game.chars["doctor"].paranoia = 2
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("alien.1", "alien", "shrine_maiden"))
    game.apply(Allow())
    assert (game.loop, game.day, game.leader) == (2, 1, 0)
    assert events(game, "incident_happened") == events(game, "incident_not_happened") == []
    assert events(game, "leader") == []
    assert events(game, "loop_end") == [{"lost": True}]


def test_dead_friend_revealed_even_when_loop_ends_early() -> None:
    """friend.1 (content §4 loop end): the Friend is dead when a Murder of the Key Person ends the loop
    early (day 1 of 3); the Friend is still revealed and counted at that loop end."""
    game = make_game(
        cast=("boy_student", "girl_student", "doctor"),
        roles={"girl_student": "key_person", "doctor": "friend"},
        subplots=("a_hideous_script",),
        incidents=[(1, "murder", "boy_student")],
        days=3,
    )
    game.chars["boy_student"].paranoia = 2
    game.kill("doctor", "test")
    place_cards(game)
    to_phase(game, Phase.INCIDENT)
    game.apply(Choose("girl_student"))
    assert game.loop == 2
    assert events(game, "role_revealed") == [{"character": "doctor", "role": "friend"}]
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["immediate", "friend.1"]}]


def test_friend_revealed_alive_gets_goodwill_each_later_loop() -> None:
    """friend.2 (TL-RW): a Friend whose role was revealed (here by its own Office Worker ability) starts
    every later loop with 1 goodwill, even though it never died."""
    game = make_game(
        cast=("office_worker", "boy_student", "doctor"),
        roles={"office_worker": "friend", "boy_student": "key_person"},
        main_plot="a_place_to_protect",
        subplots=("a_hideous_script",),
        days=1,
        loops=3,
    )
    game.chars["office_worker"].goodwill = 3
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Allow())
    assert game.revealed_roles == {"office_worker": "friend"}
    finish_loop(game)
    assert (game.loop, game.chars["office_worker"].goodwill) == (2, 1)
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    finish_loop(game)
    assert (game.loop, game.chars["office_worker"].goodwill) == (3, 1)


# ---------------------------------------------------------------------------- rewind (TL-RW)


def test_rewind_restores_hands_uses_and_patient_tl_rw() -> None:
    """TL-RW: after a lost loop the spent cards are back, ★ abilities are usable again and the Doctor's
    freeing of the Patient is over."""
    game = make_game(
        cast=("doctor", "patient", "boy_student", "girl_student"),
        roles={"girl_student": "key_person"},
        main_plot="a_place_to_protect",
        days=1,
        loops=2,
    )
    game.chars["doctor"].goodwill = 3
    place_cards(
        game,
        mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]],
        prot=[
            ("goodwill_plus_2", "boy_student"),
            ("forbid_movement", "doctor"),
            ("paranoia_minus_1", "city"),
        ],
    )
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("doctor.2", "doctor", "patient"))
    game.apply(Allow())
    assert game.patient_free
    finish_loop(game)
    assert game.loop == 2
    assert game.spent == {"mastermind": [], "protagonist:0": [], "protagonist:1": [], "protagonist:2": []}
    assert (game.patient_free, game.chars["boy_student"].goodwill, game.location_intrigue["school"]) == (
        False,
        0,
        0,
    )


def test_godly_being_culprit_before_its_loop_no_incident() -> None:
    """TL-D7a/TL-RW: the Godly Being, absent before its entry loop, cannot be a culprit then."""
    game = make_game(
        cast=("godly_being", "doctor", "boy_student"),
        roles={},
        godly_being_entry_loop=2,
        incidents=[(1, "suicide", "godly_being")],
    )
    game.chars["godly_being"].paranoia = 3
    quiet_day(game)
    assert events(game, "incident_not_happened") == [{"incident": "suicide"}]
    assert (game.chars["godly_being"].location, game.chars["godly_being"].alive) == (None, True)


def test_boss_counts_as_in_its_turf_for_same_location() -> None:
    """Boss's turf (content §8): with turf Hospital, the Boss (in the City) counts as being with the
    Doctor: the Doctor's ability may target it, and, with the ruling ``boss_turf_in_incidents`` (⚠j),
    a Murder in the Hospital may take it (tests/looper/test_readings.py has the default)."""
    game = make_game(
        cast=("boss", "doctor", "boy_student"),
        roles={},
        boss_turf="hospital",
        incidents=[(1, "murder", "doctor")],
        rulings=Rulings(boss_turf_in_incidents=True),
    )
    game.chars["doctor"].goodwill = 2
    game.chars["doctor"].paranoia = 2
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    assert UseAbility("doctor.1", "doctor", "boss", "+") in game.legal_actions()
    game.apply(Pass())
    assert game.legal_actions() == (Choose("boss"),)
    game.apply(Choose("boss"))
    assert (game.chars["boss"].alive, game.chars["boss"].location) == (False, "city")


# ---------------------------------------------------------------------------- Basic Tragedy X


def test_threads_of_fate_counts_corpses() -> None:
    """threads_of_fate.1 (content §4 time spiral): a character that had goodwill at the end of the last
    loop gets 2 paranoia at loop start even if it died in that loop."""
    game = btx(
        ("boy_student", "doctor", "shrine_maiden"),
        {"shrine_maiden": "cultist", "doctor": "brain"},
        subplots=("threads_of_fate", "a_love_affair"),
        days=1,
        loops=2,
    )
    game.chars["boy_student"].goodwill = 1
    game.kill("boy_student", "test")
    place_cards(game, mm=[("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]])
    finish_loop(game)
    game.apply(Choose("next_loop"))
    assert game.loop == 2
    assert (game.chars["boy_student"].alive, game.chars["boy_student"].paranoia) == (True, 2)
    assert (game.chars["doctor"].paranoia, game.chars["boy_student"].goodwill) == (0, 0)


def test_paranoia_virus_person_turns_serial_killer_and_kills_same_day() -> None:
    """paranoia_virus.1, serial_killer.1 (TL-D9): a Person brought to 3 paranoia by an incident becomes a
    Serial Killer and kills the only other character with it at that day's end."""
    game = btx(
        ("boy_student", "girl_student", "doctor"),
        {"doctor": "cultist"},
        incidents=[(1, "increasing_unease", "doctor")],
        days=2,
    )
    game.chars["doctor"].paranoia = 2
    game.chars["girl_student"].paranoia = 1
    place_cards(game)
    to_phase(game, Phase.INCIDENT)
    game.apply(Choose("girl_student|doctor"))
    assert game.roles["girl_student"] == "serial_killer"
    assert events(game, "role_changed", "mastermind") == [
        {"character": "girl_student", "role": "serial_killer", "rule": "paranoia_virus.1"}
    ]
    assert all(e.kind != "role_changed" for e in game.log if e.visibility == "public")
    assert events(game, "death") == [{"character": "boy_student"}]


def test_paranoia_virus_changes_only_persons() -> None:
    """paranoia_virus.1: a Brain with 3 paranoia stays the Brain."""
    game = btx(("pop_idol", "doctor"), {"pop_idol": "brain"})
    game.chars["pop_idol"].paranoia = 2
    place_cards(game, mm=[("paranoia_plus_1", "pop_idol"), *QUIET_MM[1:]])
    assert (game.chars["pop_idol"].paranoia, game.roles["pop_idol"]) == (3, "brain")


def test_paranoia_virus_role_change_undone_by_rewind_tl_rw() -> None:
    """paranoia_virus.1, TL-RW: roles go back to the script's at the rewind."""
    game = btx(("boy_student", "shrine_maiden", "doctor"), {"shrine_maiden": "cultist"}, days=1)
    game.chars["boy_student"].paranoia = 3
    game.update_virus()
    assert game.roles["boy_student"] == "serial_killer"
    place_cards(game, mm=[("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]])
    finish_loop(game)
    game.apply(Choose("next_loop"))
    assert (game.loop, game.roles["boy_student"], game.chars["boy_student"].paranoia) == (2, "person", 0)


def test_time_traveler_loss_only_on_the_last_day() -> None:
    """time_traveler.2 (TL-D9): with 0 goodwill the Time Traveler costs nothing on day 1 of 2; at the
    end of day 2 the loop is lost."""
    game = btx(
        ("doctor", "boy_student"),
        {"doctor": "time_traveler"},
        main_plot="change_of_future",
        subplots=("threads_of_fate", "a_love_affair"),
        days=2,
    )
    quiet_day(game)
    assert (game.day, game.lost) == (2, False)
    quiet_day(game)
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["immediate"]}]
    assert events(game, "loss_condition", "mastermind") == [{"rule": "time_traveler.2"}]


def test_time_traveler_with_three_goodwill_is_safe() -> None:
    """time_traveler.2: 3 goodwill on the last day is enough (the loss needs 2 or less)."""
    game = btx(
        ("doctor", "boy_student"),
        {"doctor": "time_traveler"},
        main_plot="change_of_future",
        subplots=("threads_of_fate", "a_love_affair"),
        days=1,
    )
    game.chars["doctor"].goodwill = 3
    quiet_day(game)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == ("protagonists", "loop survived")


def test_loved_one_gets_six_paranoia_then_may_kill_protagonists() -> None:
    """loved_one.1 / loved_one.2 (TL-D9): the Lover's death gives the Loved One 6 paranoia; with 1
    intrigue it may have the protagonists die at day end."""
    game = btx(
        ("doctor", "nurse", "shrine_maiden"),
        {"doctor": "lover", "nurse": "loved_one", "shrine_maiden": "cultist"},
    )
    game.chars["nurse"].intrigue = 1
    game.kill("doctor", "test")
    assert game.chars["nurse"].paranoia == 6
    place_cards(game)
    to_phase(game, Phase.DAY_END)
    assert game.legal_actions() == (Pass(), UseAbility("loved_one.2", "nurse"))
    game.apply(UseAbility("loved_one.2", "nurse"))
    assert events(game, "protagonists_died") == [{}]


def test_butterfly_effect_may_pick_the_culprit_and_any_counter() -> None:
    """butterfly_effect (TL-D7d), change_of_future.1 (TL-LE2): the culprit itself is a legal choice,
    with any of the three counters; the incident having happened loses the loop."""
    game = btx(
        ("doctor", "shrine_maiden"),
        {"shrine_maiden": "cultist", "doctor": "time_traveler"},
        main_plot="change_of_future",
        incidents=[(1, "butterfly_effect", "doctor")],
        days=1,
    )
    game.chars["doctor"].paranoia = 2
    game.chars["doctor"].goodwill = 3
    place_cards(game)
    to_phase(game, Phase.INCIDENT)
    assert game.legal_actions() == (
        Choose("doctor|goodwill"),
        Choose("doctor|intrigue"),
        Choose("doctor|paranoia"),
    )
    game.apply(Choose("doctor|goodwill"))
    assert game.chars["doctor"].goodwill == 4
    skip_empty_pauses(game)  # TL-D9: the Mastermind is asked at day end, only Pass to give
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["change_of_future.1"]}]


def test_witch_mandatory_refusal_even_for_others_abilities_on_it_tl_d6d() -> None:
    """TL-D6d: the Witch's mandatory refusal binds only its own abilities; the Pop Idol's ability on the
    Witch resolves."""
    game = btx(
        ("pop_idol", "office_worker", "shrine_maiden"),
        {"office_worker": "witch", "shrine_maiden": "cultist"},
        main_plot="giant_time_bomb_x",
    )
    game.chars["pop_idol"].goodwill = 4
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
    assert game.legal_actions() == (Allow(),)


# ---------------------------------------------------------------------------- final guess


def test_final_guess_options_cover_every_role_of_the_set_tl_fg3() -> None:
    """TL-FG3: each character may be named with any role of the set, "Person" included; a Person named
    Person is right."""
    game = btx(("boy_student", "shrine_maiden", "doctor"), {"shrine_maiden": "cultist"}, days=1, loops=1)
    place_cards(game, mm=[("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]])
    finish_loop(game)
    assert game.phase is Phase.FINAL_GUESS
    roles = sorted({a.role for a in game.legal_actions() if isinstance(a, Guess)})
    assert roles == sorted(game.tragedy_set.roles)
    assert "person" in roles
    game.apply(Guess("boy_student", "person"))
    assert events(game, "guess") == [{"character": "boy_student", "role": "person", "right": True}]
    assert all(a.character != "boy_student" for a in game.legal_actions() if isinstance(a, Guess))


def test_final_guess_after_dead_characters_everyone_alive_tl_fg2() -> None:
    """TL-FG2: at the final guess every character is back alive at its start with no tokens."""
    game = btx(("boy_student", "shrine_maiden", "doctor"), {"shrine_maiden": "cultist"}, days=1, loops=1)
    game.kill("doctor", "test")
    place_cards(
        game,
        mm=[("intrigue_plus_2", "shrine"), ("move_horizontal", "boy_student"), QUIET_MM[2]],
        prot=[("goodwill_plus_1", "shrine_maiden"), QUIET_P[1], QUIET_P[2]],
    )
    finish_loop(game)
    assert game.phase is Phase.FINAL_GUESS
    assert [(c.location, c.alive, c.goodwill, c.intrigue) for c in game.chars.values()] == [
        ("school", True, 0, 0),
        ("shrine", True, 0, 0),
        ("hospital", True, 0, 0),
    ]
    assert game.location_intrigue == {"hospital": 0, "shrine": 0, "city": 0, "school": 0}


def test_first_steps_never_offers_the_final_guess_tl_le2b() -> None:
    """TL-LE2b, content §12: First Steps has no final guess; its time spiral asks nothing."""
    script = make_script(
        main_plot="a_place_to_protect", roles={"girl_student": "key_person"}, days=1, loops=2
    )
    game = Game(script)
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    finish_loop(game)
    assert (game.loop, game.phase) == (2, Phase.MASTERMIND_CARDS)
    assert events(game, "time_spiral") == [{"choice": "next_loop"}]
    assert PlaceCard("intrigue_plus_2", "school") in game.legal_actions()


def test_revealed_virus_role_stays_known_after_rewind_without_leaking() -> None:
    """paranoia_virus.1, TL-RW, TL-FG2: the Office Worker, a Person turned Serial Killer, reveals its
    role; the rewind gives it back its script role (Person), but what the protagonists saw stays what
    they know: dropping the reveal would tell them it was a Paranoia Virus change."""
    game = btx(("office_worker", "shrine_maiden", "doctor"), {"shrine_maiden": "cultist"}, days=1)
    game.chars["office_worker"].paranoia = 3
    game.chars["office_worker"].goodwill = 3
    game.update_virus()
    place_cards(game, mm=[("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]])
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Allow())
    assert events(game, "role_revealed") == [{"character": "office_worker", "role": "serial_killer"}]
    finish_loop(game)
    game.apply(Choose("next_loop"))
    assert (game.loop, game.roles["office_worker"]) == (2, "person")
    seen = {c["id"]: c["role"] for c in game.view("protagonists")["characters"]}
    assert seen == {"office_worker": "serial_killer", "shrine_maiden": None, "doctor": None}
    public = [e for e in game.log if e.visibility == "public"]
    assert all("person" not in str(e.data) for e in public)
