"""The edge rulings of content facts §10, one test each, and the named ruling options (⚠a, ⚠d, ⚠f, §9)."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.looper.rules.actions import Allow, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import Rulings, from_options
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import (
    QUIET_MM,
    QUIET_P,
    events,
    make_game,
    make_script,
    place_cards,
    quiet_day,
)


def to_phase(game: Game, phase: Phase) -> None:
    """Pass until ``phase`` (cards must already be placed)."""
    while game.phase is not phase:
        game.apply(Pass())


# ---------------------------------------------------------------------------- §10 edge rulings


def test_serial_killer_does_not_count_itself() -> None:
    """§10 (serial_killer.1, TL-D9): alone with exactly one other character, the Serial Killer kills it."""
    game = make_game(cast=("boy_student", "girl_student", "doctor"), roles={"boy_student": "serial_killer"})
    quiet_day(game)
    assert events(game, "death") == [{"character": "girl_student"}]


def test_serial_killer_with_two_others_kills_nobody() -> None:
    """§10 (serial_killer.1): with two other characters in its location, nobody dies."""
    game = make_game(
        cast=("boy_student", "girl_student", "class_rep", "doctor"), roles={"boy_student": "serial_killer"}
    )
    quiet_day(game)
    assert events(game, "death") == []


def test_two_serial_killers_alone_kill_each_other_mandatory_batch() -> None:
    """§10 (TL-D5c): two Serial Killers alone together kill each other: the mandatory batch finishes
    even though each source dies in it."""
    game = make_game(
        cast=("boy_student", "girl_student", "doctor"),
        roles={"boy_student": "serial_killer", "girl_student": "serial_killer"},
    )
    quiet_day(game)
    assert events(game, "death") == [{"character": "girl_student"}, {"character": "boy_student"}]


def test_stacked_same_direction_cards_move_once_on_the_board() -> None:
    """§10 (TL-D4): two horizontal cards on the Doctor move it once: Hospital -> Shrine."""
    game = make_game()
    place_cards(
        game,
        mm=[("move_horizontal", "doctor"), *QUIET_MM[:2]],
        prot=[("move_horizontal", "doctor"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.chars["doctor"].location == "shrine"


def test_cancelled_once_per_loop_card_still_used() -> None:
    """§10 (TL-D4c): a Forbid Movement'd Diagonal Movement card is spent for the loop."""
    game = make_game()
    place_cards(
        game,
        mm=[("move_diagonal", "doctor"), *QUIET_MM[:2]],
        prot=[("forbid_movement", "doctor"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.chars["doctor"].location == "hospital"
    assert (game.spent["mastermind"], game.spent["protagonist:0"]) == (["move_diagonal"], ["forbid_movement"])


def test_two_guards_one_death_removes_one() -> None:
    """§10 (police_officer.2): with 2 guards, one death removes one guard and the other stays."""
    game = make_game()
    game.chars["doctor"].guards = 2
    game.kill("doctor", "test")
    assert (game.chars["doctor"].alive, game.chars["doctor"].guards) == (True, 1)
    assert events(game, "guard_removed") == [{"character": "doctor", "guards": 1}]


def test_refused_ability_cannot_be_declared_again_same_phase() -> None:
    """§10 (TL-D6c/TL-D6e): a refused ability that is not once per loop is not offered again that phase."""
    game = make_game(roles={"office_worker": "killer"})
    game.chars["office_worker"].goodwill = 3
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    game.apply(Refuse())
    assert game.legal_actions() == (Pass(),)


def test_corpse_keeps_counters_and_location_and_cannot_be_targeted() -> None:
    """§10: a corpse keeps its counters and stays put; cards and abilities cannot target it (the Alien's
    revival names corpses)."""
    game = make_game(cast=("alien", "shrine_maiden", "doctor"), roles={})
    maiden = game.chars["shrine_maiden"]
    maiden.paranoia, maiden.intrigue = 1, 2
    game.chars["alien"].goodwill = 5
    game.kill("shrine_maiden", "test")
    game._pending = game.mastermind_cards()
    assert all(a.target != "shrine_maiden" for a in game.legal_actions())  # type: ignore[union-attr]
    place_cards(game)
    assert (maiden.location, maiden.paranoia, maiden.intrigue, maiden.alive) == ("shrine", 1, 2, False)
    assert game.legal_actions() == (Pass(), UseAbility("alien.2", "alien", "shrine_maiden"))
    game.apply(UseAbility("alien.2", "alien", "shrine_maiden"))
    game.apply(Allow())
    assert maiden.alive


def test_factor_death_loses_but_factor_is_not_key_person_for_killer() -> None:
    """§10 (factor.2): with 2 City intrigue the Factor's death is a loss, yet the Killer cannot target it."""
    game = make_game(
        cast=("office_worker", "pop_idol", "doctor"),
        roles={"office_worker": "killer", "pop_idol": "factor"},
        set_id="basic_tragedy_x",
    )
    game.location_intrigue["city"] = 2
    game.chars["pop_idol"].intrigue = 2
    game.chars["office_worker"].intrigue = 4  # so that the Killer has a day-end choice (killer.2)
    place_cards(game)
    to_phase(game, Phase.DAY_END)
    assert game.legal_actions() == (Pass(), UseAbility("killer.2", "office_worker"))
    game.kill("pop_idol", "test")
    assert game.lost and game.end_now
    assert events(game, "loss_condition", "mastermind") == [{"rule": "factor.2"}]


def test_doctor_secret_use_does_not_show_in_public_count() -> None:
    """§10 (⚠f, TL-D5a): the Mastermind's secret Doctor use leaves no public trace and does not use up
    the leader's Doctor ability."""
    game = make_game(roles={"doctor": "killer"}, cast=("doctor", "boy_student", "girl_student"))
    game.chars["doctor"].goodwill = 2
    game.chars["boy_student"].location = "hospital"
    place_cards(game)
    assert UseAbility("doctor.1", "doctor", "boy_student", "+") in game.legal_actions()
    game.apply(UseAbility("doctor.1", "doctor", "boy_student", "+"))
    assert game.chars["boy_student"].paranoia == 1
    public = [e for e in game.log if e.visibility == "public"]
    assert all("doctor.1" not in str(e.data) for e in public)
    assert game.legal_actions() == (Pass(),)  # no further Mastermind option: only Pass is left
    game.apply(Pass())
    assert game.phase is Phase.GOODWILL_ABILITY
    assert UseAbility("doctor.1", "doctor", "boy_student", "-") in game.legal_actions()


# ---------------------------------------------------------------------------- ruling options


def test_student_target_ruling_a() -> None:
    """⚠a: by default the Boy Student calms only another Student; with student_any_target any character."""
    for any_target, expected in ((False, ["girl_student"]), (True, ["doctor", "girl_student"])):
        game = make_game(
            cast=("boy_student", "girl_student", "doctor"),
            roles={},
            rulings=Rulings(student_any_target=any_target),
        )
        game.chars["doctor"].location = "school"
        game.chars["boy_student"].goodwill = 2
        place_cards(game)
        targets = [a.target for a in game.legal_actions() if isinstance(a, UseAbility)]
        assert targets == expected


def test_mystery_boy_from_loop_ruling_d() -> None:
    """⚠d: mystery_boy_from_loop=2 hides the Mystery Boy's ability in loop 1."""
    game = make_game(cast=("mystery_boy", "doctor"), roles={}, rulings=Rulings(mystery_boy_from_loop=2))
    game.chars["mystery_boy"].goodwill = 3
    place_cards(game)
    assert game.legal_actions() == (Pass(),)


@pytest.mark.parametrize(
    ("rule", "goodwill", "offered"),
    [
        ("refusal_and_goodwill", 1, False),
        ("refusal_and_goodwill", 2, True),
        ("refusal", 0, True),
        ("off", 5, False),
    ],
)
def test_doctor_mastermind_use_ruling_f(rule: str, goodwill: int, offered: bool) -> None:
    """⚠f: when the Mastermind may use the Doctor's first ability."""
    game = make_game(
        roles={"doctor": "killer"},
        cast=("doctor", "boy_student"),
        rulings=Rulings(doctor_mastermind_use=rule),
    )
    game.chars["doctor"].goodwill = goodwill
    game.chars["boy_student"].location = "hospital"
    place_cards(game)
    assert (game.phase is Phase.MASTERMIND_ABILITY) is offered


def test_paranoia_virus_sticky_ruling() -> None:
    """§9 paranoia_virus.1: a converted Person stays a Serial Killer (default) or turns back (option)."""
    for sticky, role in ((True, "serial_killer"), (False, "person")):
        script = make_script(
            set_id="basic_tragedy_x",
            main_plot="murder_plan",
            subplots=("paranoia_virus", "a_love_affair"),
            cast=("boy_student", "doctor"),
            roles={},
        )
        game = Game(script, rulings=Rulings(paranoia_virus_sticky=sticky))
        game.add("boy_student", "paranoia", 3)
        assert game.roles["boy_student"] == "serial_killer"
        game.add("boy_student", "paranoia", -1)
        assert game.roles["boy_student"] == role


def test_time_traveler_ruling() -> None:
    """§9 time_traveler.2: the last-day loss is automatic by default, a Mastermind choice with the option."""
    for optional in (False, True):
        script = make_script(
            set_id="basic_tragedy_x",
            main_plot="change_of_future",
            subplots=(),
            cast=("class_rep", "doctor"),
            roles={"class_rep": "time_traveler"},
            days=1,
        )
        game = Game(script, rulings=Rulings(time_traveler_optional=optional))
        place_cards(game)
        if optional:
            to_phase(game, Phase.DAY_END)
            assert game.legal_actions() == (Pass(), UseAbility("time_traveler.2", "class_rep"))
            game.apply(UseAbility("time_traveler.2", "class_rep"))
        else:
            while game.loop == 1 and game.phase is not Phase.TIME_SPIRAL:
                game.apply(Pass())
        assert events(game, "loss_condition", "mastermind") == [{"rule": "time_traveler.2"}]


def test_rulings_from_script_options() -> None:
    """Ruling options come from the script's options mapping; unknown names and bad values are refused."""
    assert from_options({"keep_leader_across_loops": False}) == Rulings(keep_leader_across_loops=False)
    game = make_game(options={"student_any_target": True})
    assert game.rulings.student_any_target is True
    with pytest.raises(InputError) as err:
        from_options({"leader_rotates": True})
    assert err.value.where == "options: leader_rotates"
    with pytest.raises(InputError) as err:
        from_options({"mystery_boy_from_loop": "two"})
    assert err.value.where == "options: mystery_boy_from_loop"
    with pytest.raises(InputError):
        from_options({"student_any_target": 1})


def test_cultist_ignores_forbid_intrigue_on_the_board() -> None:
    """cultist.1 (TL-D4): after movement, the Mastermind may ignore the one Forbid Intrigue at the Cultist's
    location; the choice is Mastermind-only."""
    for use in (False, True):
        game = make_game(roles={"shrine_maiden": "cultist"})
        place_cards(
            game,
            mm=[("intrigue_plus_2", "shrine"), *QUIET_MM[:1], QUIET_MM[2]],
            prot=[("forbid_intrigue", "shrine"), ("move_vertical", "school"), QUIET_P[2]],
        )
        assert game.pending is not None and game.pending.kind == "cultist"
        assert game.legal_actions() == (Pass(), UseAbility("cultist.1", "shrine_maiden", "shrine"))
        game.apply(UseAbility("cultist.1", "shrine_maiden", "shrine") if use else Pass())
        assert game.location_intrigue["shrine"] == (2 if use else 0)
        assert all(e.kind != "ability" for e in game.log if e.visibility == "public")


def test_informer_reveals_another_subplot() -> None:
    """informer.1 (TL-D6): the leader names a subplot; the Mastermind reveals one of the script's others."""
    game = make_game(
        cast=("informer", "doctor"),
        roles={},
        set_id="basic_tragedy_x",
        main_plot="murder_plan",
        subplots=("a_love_affair", "paranoia_virus"),
    )
    game.chars["informer"].goodwill = 5
    place_cards(game)
    game.apply(UseAbility("informer.1", "informer", "", "a_love_affair"))
    game.apply(Allow())
    assert game.pending is not None and game.pending.kind == "informer"
    game.apply(game.legal_actions()[0])
    assert game.revealed_subplots == ["paranoia_virus"]


def test_place_card_after_goodwill_is_a_wrong_decision() -> None:
    """A decision that does not fit: a card during TL-D6 is refused with TL-D6."""
    game = make_game()
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    with pytest.raises(Exception) as err:
        game.apply(PlaceCard("paranoia_plus_1", "doctor"))
    assert getattr(err.value, "rule_id", None) == "TL-D6"
