"""The content readings of issue 14: each reading's default and, where the sources disagree, its option.

Every reading is listed with its sources in ``docs/looper_content.md`` (⚠d, ⚠j..⚠n and the table of
fixes); the tests cite the ability or incident id they check and the rule id of the step.
"""

from __future__ import annotations

import pytest

from rulesengine.looper.rules.actions import Choose, Pass, UseAbility
from rulesengine.looper.rules.content import load_content
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.script import script_problems, script_warnings
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import QUIET_MM, events, make_game, make_script, place_cards, to_phase

C = load_content()


def goodwill_options(game: Game, ability: str) -> list[str]:
    """The targets the leader may name for ``ability`` at TL-D6 (cards placed quietly first)."""
    place_cards(game)
    to_phase(game, Phase.GOODWILL_ABILITY)
    return [a.target for a in game.legal_actions() if isinstance(a, UseAbility) and a.ability == ability]


def incident_choices(game: Game) -> list[str]:
    """The Mastermind's choices for today's incident (TL-D7d), or [] when it has none."""
    place_cards(game)
    day = game.day
    while game.pending is not None and game.pending.kind != "incident_target":
        if game.day != day or game.phase is Phase.MASTERMIND_CARDS:
            return []  # the incident left nothing open
        game.apply(Pass())
    return [a.option for a in game.legal_actions() if isinstance(a, Choose)]


# ---------------------------------------------------------------------------- goodwill abilities (TL-D6)


def test_police_officer_guards_another_character_tl_d6b() -> None:
    """police_officer.2 (TL-D6b): the guard goes on *another* character in his location."""
    game = make_game(cast=("police_officer", "office_worker", "doctor"), roles={})
    game.chars["police_officer"].goodwill = 5
    assert goodwill_options(game, "police_officer.2") == ["office_worker"]


def test_shrine_maiden_may_reveal_her_own_role_tl_d6b() -> None:
    """shrine_maiden.2 (TL-D6b): "a character in her location" includes the Shrine Maiden herself."""
    game = make_game(cast=("shrine_maiden", "alien", "doctor"), roles={})
    game.chars["shrine_maiden"].goodwill = 5
    assert sorted(goodwill_options(game, "shrine_maiden.2")) == ["alien", "shrine_maiden"]


def test_boss_reveals_another_character_in_his_turf_tl_d6b() -> None:
    """boss.1 (TL-D6b): the Boss, in the City with the City as his turf, cannot name himself."""
    game = make_game(cast=("boss", "journalist", "doctor"), roles={}, boss_turf="city")
    game.chars["boss"].goodwill = 5
    assert goodwill_options(game, "boss.1") == ["journalist"]


@pytest.mark.parametrize(("loop_from", "offered"), [(None, []), (1, ["mystery_boy"])])
def test_mystery_boy_from_loop_two_by_default_tl_d6(loop_from: int | None, offered: list[str]) -> None:
    """mystery_boy.1 (TL-D6, ⚠d): by default not in loop 1; ``mystery_boy_from_loop: 1`` allows it."""
    rulings = Rulings() if loop_from is None else Rulings(mystery_boy_from_loop=loop_from)
    game = make_game(cast=("mystery_boy", "doctor"), roles={"mystery_boy": "cultist"}, rulings=rulings)
    game.chars["mystery_boy"].goodwill = 3
    assert goodwill_options(game, "mystery_boy.1") == offered


def test_mystery_boy_default_allows_loop_two_tl_d6() -> None:
    """mystery_boy.1 (TL-D6, ⚠d): the default first loop is 2."""
    assert Rulings().mystery_boy_from_loop == 2
    game = make_game(cast=("mystery_boy", "doctor"), roles={"mystery_boy": "cultist"})
    game.loop = 2
    game.chars["mystery_boy"].goodwill = 3
    assert goodwill_options(game, "mystery_boy.1") == ["mystery_boy"]


@pytest.mark.parametrize(("herself", "offered"), [(True, ["doctor", "nurse"]), (False, ["doctor"])])
def test_nurse_on_herself_ruling_tl_d6c(herself: bool, offered: list[str]) -> None:
    """nurse.1 (TL-D6c, ⚠m): a panicked Nurse may calm herself unless ``nurse_on_herself: false``."""
    game = make_game(cast=("nurse", "doctor"), roles={}, rulings=Rulings(nurse_on_herself=herself))
    game.chars["nurse"].goodwill = 2
    game.chars["nurse"].paranoia = 3
    game.chars["doctor"].paranoia = 2
    assert sorted(goodwill_options(game, "nurse.1")) == offered


# ---------------------------------------------------------------------------- incidents (TL-D7)


def boss_turf_game(incident: str, *, in_incidents: bool) -> Game:
    game = make_game(
        cast=("boss", "doctor", "patient"),
        roles={},
        boss_turf="hospital",
        incidents=[(1, incident, "doctor")],
        rulings=Rulings(boss_turf_in_incidents=in_incidents),
    )
    game.chars["doctor"].paranoia = 2
    return game


@pytest.mark.parametrize(("in_incidents", "victims"), [(False, ["patient"]), (True, ["boss", "patient"])])
def test_boss_turf_and_murder_tl_d7d(in_incidents: bool, victims: list[str]) -> None:
    """murder (TL-D7d, ⚠j): the Boss's turf counts for abilities, for incidents only with the option."""
    assert incident_choices(boss_turf_game("murder", in_incidents=in_incidents)) == victims


@pytest.mark.parametrize(("in_incidents", "boss_dies"), [(False, False), (True, True)])
def test_boss_turf_and_hospital_incident_tl_d7e(in_incidents: bool, boss_dies: bool) -> None:
    """hospital_incident (TL-D7e, ⚠j): a Boss in the City whose turf is the Hospital dies only with the
    option."""
    game = boss_turf_game("hospital_incident", in_incidents=in_incidents)
    game.location_intrigue["hospital"] = 1
    incident_choices(game)
    assert not game.chars["doctor"].alive and not game.chars["patient"].alive
    assert game.chars["boss"].alive is not boss_dies
    assert game.chars["boss"].location == "city"


@pytest.mark.parametrize(
    ("anywhere", "offered"), [(False, ["hospital"]), (True, ["city", "hospital", "school", "shrine"])]
)
def test_missing_person_forbidden_locations_ruling_tl_d7d(anywhere: bool, offered: list[str]) -> None:
    """missing_person (TL-D7d, ⚠k): the Patient may only "go missing" to the Hospital unless the option."""
    game = make_game(
        cast=("patient", "doctor"),
        roles={},
        incidents=[(1, "missing_person", "patient")],
        rulings=Rulings(missing_person_any_location=anywhere),
    )
    game.chars["patient"].paranoia = 2
    assert incident_choices(game) == offered


def spreading_game(needs_goodwill: bool) -> Game:
    game = make_game(
        cast=("boy_student", "girl_student", "doctor"),
        roles={},
        incidents=[(1, "spreading", "boy_student")],
        rulings=Rulings(spreading_needs_goodwill=needs_goodwill),
    )
    game.chars["boy_student"].paranoia = 2
    return game


def test_spreading_with_nobody_holding_goodwill_has_no_effect_tl_d7d() -> None:
    """spreading (TL-D7d, ⚠l): nobody has goodwill to give, so the incident happens with no effect."""
    game = spreading_game(True)
    assert incident_choices(game) == []
    assert events(game, "incident_happened") == [{"incident": "spreading"}]
    assert events(game, "incident_no_effect") == [{"incident": "spreading"}]
    assert all(ch.goodwill == 0 for ch in game.chars.values())


def test_spreading_takes_from_a_holder_of_goodwill_tl_d7d() -> None:
    """spreading (TL-D7d, ⚠l): only a character holding goodwill can be the one that loses it."""
    game = spreading_game(True)
    game.chars["girl_student"].goodwill = 1
    assert incident_choices(game) == ["girl_student|boy_student", "girl_student|doctor"]
    game.apply(Choose("girl_student|doctor"))
    assert (game.chars["girl_student"].goodwill, game.chars["doctor"].goodwill) == (0, 2)


def test_spreading_from_anyone_ruling_tl_d7d() -> None:
    """spreading (TL-D7d, ⚠l): with ``spreading_needs_goodwill: false`` every ordered pair is offered."""
    game = spreading_game(False)
    assert len(incident_choices(game)) == 6
    game.apply(Choose("boy_student|doctor"))
    assert (game.chars["boy_student"].goodwill, game.chars["doctor"].goodwill) == (0, 2)


# ---------------------------------------------------------------------------- the Henchman (TL-RW)


def test_henchman_start_is_the_masterminds_choice_each_loop_tl_rw() -> None:
    """TL-RW: without ``henchman_start`` the script is valid and the Mastermind picks the Henchman's start
    at every loop's start; once placed it is public (log and board)."""
    script = make_script(
        cast=("henchman", "doctor", "boy_student", "girl_student", "journalist", "office_worker"),
        roles={
            "girl_student": "key_person",
            "doctor": "killer",
            "boy_student": "brain",
            "journalist": "conspiracy_theorist",
            "office_worker": "serial_killer",
            "henchman": "person",
        },
        days=1,
        loops=2,
    )
    assert script_problems(script, C) == []
    game = Game(script)
    assert game.pending is not None and game.pending.kind == "henchman_start"
    assert game.pending.who == "mastermind" and game.pending.rule_id == "TL-RW"
    game.apply(Choose("school"))
    seen = game.view("protagonists")
    assert {c["id"]: c["location"] for c in seen["characters"]}["henchman"] == "school"
    assert [e["location"] for e in seen["log"] if e["kind"] == "henchman_start"] == ["school"]
    # A loop lost to A Place to Protect (2 intrigue on the School) rewinds; the start is asked again.
    game = Game(make_script(cast=("henchman", "doctor"), roles={}, days=1, main_plot="a_place_to_protect"))
    game.apply(Choose("school"))
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    while game.loop == 1:
        game.apply(Pass() if Pass() in game.legal_actions() else Choose("next_loop"))
    assert game.pending is not None and game.pending.kind == "henchman_start"
    assert game.chars["henchman"].location is None
    game.apply(Choose("shrine"))
    assert game.chars["henchman"].location == "shrine"


def test_a_fixed_henchman_start_is_not_asked_tl_rw() -> None:
    """TL-RW: a script's ``henchman_start`` (a special rule) fixes the start; nobody is asked."""
    script = make_script(cast=("henchman", "doctor"), roles={}, henchman_start="city")
    game = Game(script)
    assert game.pending is not None and game.pending.kind != "henchman_start"
    assert game.chars["henchman"].location == "city"


def test_a_fixed_henchman_start_must_not_be_forbidden() -> None:
    """The validator still refuses a fixed start in a forbidden location (the Henchman has none, so a
    script naming it without the Henchman is the error left)."""
    script = make_script(cast=("doctor", "boy_student"), roles={}, henchman_start="city")
    assert [str(p) for p in script_problems(script, C) if "henchman" in str(p)] == [
        "<script>: private: henchman_start: set, but no character of the cast has a chosen start"
    ]


# ---------------------------------------------------------------------------- the validator's note (TL-D7b)


@pytest.mark.parametrize(("role", "warned"), [("conspiracy_theorist", False), ("person", True)])
def test_day_one_culprit_raising_its_own_paranoia_is_not_warned_tl_d7b(role: str, warned: bool) -> None:
    """conspiracy_theorist.1 (TL-D7b): a Conspiracy Theorist culprit with limit 2 on day 1 can add
    paranoia to herself, so no "cannot reach" note; a Person culprit in her place gets the note."""
    roles = {"girl_student": "key_person", "doctor": "killer", "boy_student": "brain", "journalist": role}
    script = make_script(
        cast=("journalist", "doctor", "boy_student", "girl_student"),
        roles=roles,
        incidents=[(1, "suicide", "journalist")],
    )
    notes = script_warnings(script, C)
    assert any("journalist needs paranoia 2 by day 1" in n for n in notes) is warned
