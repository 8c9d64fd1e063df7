"""Goodwill abilities of the characters (TL-D6) and the Basic Tragedy X roles, plots and incidents."""

from __future__ import annotations

from rulesengine.looper.rules.actions import Allow, Choose, Pass, Refuse, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import (
    QUIET_MM,
    QUIET_P,
    events,
    make_game,
    make_script,
    place_cards,
    skip_empty_pauses,
)


def ready(cast: tuple[str, ...], roles: dict[str, str] | None = None, **kw: object) -> Game:
    """A game at day 1 with the cards placed (quietly); callers set tokens before or after."""
    game = make_game(cast=cast, roles=roles or {}, **kw)  # type: ignore[arg-type]
    return game


def declare(game: Game, action: UseAbility) -> None:
    """Place the quiet cards if needed, pass to TL-D6, declare and allow."""
    if game.phase is Phase.MASTERMIND_CARDS:
        place_cards(game)
    while game.phase is not Phase.GOODWILL_ABILITY:
        game.apply(Pass())
    assert action in game.legal_actions(), game.legal_actions()
    game.apply(action)
    game.apply(Allow())


def test_rich_mans_daughter_only_in_school_or_city_tl_d6() -> None:
    """rich_mans_daughter.1 (TL-D6): +1 goodwill on a character with her, only in the School or the City."""
    game = ready(("rich_mans_daughter", "boy_student", "doctor"))
    game.chars["rich_mans_daughter"].goodwill = 3
    declare(game, UseAbility("rich_mans_daughter.1", "rich_mans_daughter", "boy_student"))
    assert game.chars["boy_student"].goodwill == 1
    other = ready(("rich_mans_daughter", "doctor"))
    other.chars["rich_mans_daughter"].goodwill = 3
    other.chars["rich_mans_daughter"].location = "hospital"
    place_cards(other)
    assert all(not isinstance(a, UseAbility) for a in other.legal_actions())


def test_class_rep_returns_a_spent_card_tl_d6() -> None:
    """class_rep.1 (TL-D6, TL-D4c): the leader takes back its own spent once-per-loop card."""
    game = ready(("class_rep", "doctor"))
    game.chars["class_rep"].goodwill = 2
    place_cards(game, prot=[("goodwill_plus_2", "doctor"), QUIET_P[1], QUIET_P[2]])
    assert game.spent["protagonist:0"] == ["goodwill_plus_2"]
    declare(game, UseAbility("class_rep.1", "class_rep", "goodwill_plus_2"))
    assert game.spent["protagonist:0"] == []
    assert game.hand("protagonist:0")["goodwill_plus_2"] == 1


def test_shrine_maiden_abilities_tl_d6() -> None:
    """shrine_maiden.1/2 (TL-D6): remove Shrine intrigue while at the Shrine; reveal a role there."""
    game = ready(("shrine_maiden", "alien", "doctor"), roles={"alien": "brain"})
    game.chars["shrine_maiden"].goodwill = 5
    game.location_intrigue["shrine"] = 2
    declare(game, UseAbility("shrine_maiden.1", "shrine_maiden", "shrine"))
    assert game.location_intrigue["shrine"] == 1
    game.apply(UseAbility("shrine_maiden.2", "shrine_maiden", "alien"))
    game.apply(game.legal_actions()[0])  # the Alien is the Brain: may refuse; allow here
    assert game.revealed_roles == {"alien": "brain"}


def test_alien_kills_in_its_location_tl_d6() -> None:
    """alien.1 (TL-D6): kill a character in the same location (once per loop)."""
    game = ready(("alien", "shrine_maiden", "doctor"))
    game.chars["alien"].goodwill = 4
    declare(game, UseAbility("alien.1", "alien", "shrine_maiden"))
    assert not game.chars["shrine_maiden"].alive
    assert "alien.1" in game.used_loop


def test_godly_being_abilities_tl_d6() -> None:
    """godly_being.1/2 (TL-D6): reveal any incident's culprit; remove intrigue at its location."""
    game = ready(("godly_being", "doctor"), incidents=[(3, "suicide", "doctor")])
    game.chars["godly_being"].goodwill = 5
    game.chars["godly_being"].intrigue = 1
    declare(game, UseAbility("godly_being.1", "godly_being", "3"))
    assert game.revealed_culprits == {3: "doctor"}
    game.apply(UseAbility("godly_being.2", "godly_being", "godly_being"))
    game.apply(Allow())
    assert game.chars["godly_being"].intrigue == 0


def test_journalist_abilities_tl_d6() -> None:
    """journalist.1/2 (TL-D6): +1 paranoia on anyone else; +1 intrigue at its location or on someone there."""
    game = ready(("journalist", "doctor"))
    game.chars["journalist"].goodwill = 2
    declare(game, UseAbility("journalist.1", "journalist", "doctor"))
    game.apply(UseAbility("journalist.2", "journalist", "city"))
    game.apply(Allow())
    assert (game.chars["doctor"].paranoia, game.location_intrigue["city"]) == (1, 1)


def test_boss_reveals_a_role_in_its_turf() -> None:
    """boss.1 (TL-D6, content §8 turf): reveal the role of a character in the Boss's turf."""
    game = ready(("boss", "doctor"), roles={"doctor": "brain"}, boss_turf="hospital")
    game.chars["boss"].goodwill = 5
    declare(game, UseAbility("boss.1", "boss", "doctor"))
    assert game.revealed_roles == {"doctor": "brain"}


def test_doctor_abilities_tl_d6() -> None:
    """doctor.1/2 (TL-D6): ±1 paranoia on another character with him; free the Patient this loop."""
    game = ready(("doctor", "patient"))
    game.chars["doctor"].goodwill = 3
    game.chars["patient"].paranoia = 1
    declare(game, UseAbility("doctor.1", "doctor", "patient", "-"))
    assert game.chars["patient"].paranoia == 0
    assert game.forbidden("patient") == frozenset({"city", "school", "shrine"})
    game.apply(UseAbility("doctor.2", "doctor", "patient"))
    game.apply(Allow())
    assert game.forbidden("patient") == frozenset()


def test_nurse_calms_a_panicked_character_unrefusable_tl_d6c() -> None:
    """nurse.1 (TL-D6c): only a character at or over its paranoia limit; the Mastermind cannot refuse."""
    game = ready(("nurse", "doctor", "patient"), roles={"nurse": "killer"})
    game.chars["nurse"].goodwill = 2
    game.chars["doctor"].paranoia = 2
    game.chars["patient"].paranoia = 1
    place_cards(game)
    while game.phase is not Phase.GOODWILL_ABILITY:
        game.apply(Pass())
    assert game.legal_actions() == (Pass(), UseAbility("nurse.1", "nurse", "doctor"))
    game.apply(UseAbility("nurse.1", "nurse", "doctor"))
    assert game.legal_actions() == (Allow(),)
    game.apply(Allow())
    assert game.chars["doctor"].paranoia == 1


def test_conspiracy_theorist_adds_paranoia_tl_d5() -> None:
    """conspiracy_theorist.1 (TL-D5): +1 paranoia on a character in its location."""
    game = ready(("pop_idol", "office_worker", "doctor"), roles={"pop_idol": "conspiracy_theorist"})
    place_cards(game)
    game.apply(UseAbility("conspiracy_theorist.1", "pop_idol", "office_worker"))
    assert game.chars["office_worker"].paranoia == 1


def btx(
    cast: tuple[str, ...],
    roles: dict[str, str],
    main: str = "murder_plan",
    subs: tuple[str, ...] = (),
    **kw: object,
) -> Game:
    script = make_script(
        cast=cast, roles=roles, set_id="basic_tragedy_x", main_plot=main, subplots=subs, **kw
    )  # type: ignore[arg-type]
    return Game(script)


def test_lover_gets_paranoia_when_loved_one_dies() -> None:
    """lover.1/loved_one.1: when one dies the other gets 6 paranoia."""
    game = btx(
        ("doctor", "nurse", "patient"), {"doctor": "lover", "nurse": "loved_one"}, subs=("a_love_affair",)
    )
    game.kill("nurse", "test")
    assert game.chars["doctor"].paranoia == 6
    other = btx(
        ("doctor", "nurse", "patient"), {"doctor": "lover", "nurse": "loved_one"}, subs=("a_love_affair",)
    )
    other.kill("doctor", "test")
    assert other.chars["nurse"].paranoia == 6


def test_loved_one_kills_protagonists_at_day_end() -> None:
    """loved_one.2 (TL-D9): with 3 paranoia and 1 intrigue the Mastermind may have the protagonists die."""
    game = btx(("doctor", "nurse"), {"doctor": "lover", "nurse": "loved_one"}, subs=("a_love_affair",))
    game.chars["nurse"].paranoia = 3
    game.chars["nurse"].intrigue = 1
    place_cards(game)
    while game.phase is not Phase.DAY_END:
        game.apply(Pass())
    game.apply(UseAbility("loved_one.2", "nurse"))
    assert events(game, "protagonists_died") == [{}]
    assert (game.loop, game.phase) == (1, Phase.TIME_SPIRAL)


def test_time_traveler_immortal_and_ignores_forbid_goodwill() -> None:
    """time_traveler (role immortal; time_traveler.1): cannot die; Forbid Goodwill does not stop goodwill."""
    game = btx(("class_rep", "doctor"), {"class_rep": "time_traveler"}, main="change_of_future")
    game.kill("class_rep", "test")
    assert game.chars["class_rep"].alive
    place_cards(
        game,
        mm=[("forbid_goodwill", "class_rep"), *QUIET_MM[:2]],
        prot=[("goodwill_plus_2", "class_rep"), QUIET_P[1], QUIET_P[2]],
    )
    assert game.chars["class_rep"].goodwill == 2


def test_factor_gets_conspiracy_theorist_ability_with_school_intrigue() -> None:
    """factor.1 (TL-D5): with 2 School intrigue the Factor may add paranoia like a Conspiracy Theorist."""
    game = btx(("boy_student", "girl_student"), {"boy_student": "factor"}, subs=("unknown_factor_x",))
    game.location_intrigue["school"] = 2
    place_cards(game)
    assert UseAbility("factor.1", "boy_student", "girl_student") in game.legal_actions()


def test_btx_incidents_foul_evil_and_butterfly_effect_change_of_future() -> None:
    """foul_evil / butterfly_effect (TL-D7) and change_of_future.1 (TL-LE2): +2 Shrine intrigue; a counter
    in the culprit's location; the Butterfly Effect having happened loses the loop."""
    game = btx(
        ("shrine_maiden", "doctor", "nurse"),
        {"shrine_maiden": "cultist", "doctor": "time_traveler"},
        main="change_of_future",
        incidents=[(1, "foul_evil", "nurse"), (2, "butterfly_effect", "doctor")],
        days=2,
    )
    game.chars["nurse"].paranoia = 3
    game.chars["doctor"].paranoia = 2
    game.chars["doctor"].goodwill = 3
    place_cards(game)
    while game.day == 1:
        game.apply(Pass())
    assert game.location_intrigue["shrine"] == 2
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    assert Choose("nurse|intrigue") in game.legal_actions()
    game.apply(Choose("nurse|intrigue"))
    assert game.chars["nurse"].intrigue == 1
    skip_empty_pauses(game)  # TL-D9: the Mastermind is asked at day end, only Pass to give
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["change_of_future.1"]}]


def test_first_steps_incidents() -> None:
    """increasing_unease, missing_person, spreading, faraway_murder (TL-D7, TL-D7d)."""
    game = make_game(
        cast=("boy_student", "girl_student", "doctor"),
        roles={},
        incidents=[
            (1, "increasing_unease", "boy_student"),
            (2, "missing_person", "boy_student"),
            (3, "spreading", "boy_student"),
        ],
    )
    game.chars["boy_student"].paranoia = 2
    game.chars["girl_student"].goodwill = 1
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    game.apply(Choose("doctor|girl_student"))
    assert (game.chars["doctor"].paranoia, game.chars["girl_student"].intrigue) == (2, 1)
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    assert game.legal_actions() == tuple(Choose(x) for x in ("city", "hospital", "school", "shrine"))
    game.apply(Choose("shrine"))
    assert (game.chars["boy_student"].location, game.location_intrigue["shrine"]) == ("shrine", 1)
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    game.apply(Choose("girl_student|doctor"))
    assert (game.chars["girl_student"].goodwill, game.chars["doctor"].goodwill) == (0, 2)
    far = make_game(
        cast=("boy_student", "doctor"), roles={}, incidents=[(1, "faraway_murder", "boy_student")]
    )
    far.chars["boy_student"].paranoia = 2
    far.chars["doctor"].intrigue = 2
    place_cards(far)
    while far.phase is not Phase.INCIDENT:
        far.apply(Pass())
    assert far.legal_actions() == (Choose("doctor"),)
    far.apply(Choose("doctor"))
    assert events(far, "death") == [{"character": "doctor"}]


def test_killer_with_four_intrigue_kills_the_protagonists() -> None:
    """killer.2 (TL-D9, TL-LE1): with 4 intrigue the Killer may have the protagonists die; the loop ends."""
    game = make_game()
    game.chars["office_worker"].intrigue = 4
    place_cards(game)
    while game.phase is not Phase.DAY_END:
        game.apply(Pass())
    assert game.legal_actions() == (Pass(), UseAbility("killer.2", "office_worker"))
    game.apply(UseAbility("killer.2", "office_worker"))
    assert events(game, "protagonists_died") == [{}]
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["immediate"]}]


def test_sign_with_me_and_giant_time_bomb_losses() -> None:
    """sign_with_me.2 / giant_time_bomb_x.1 (TL-LE2): 2 intrigue on the Key Person; 2 intrigue on the
    Witch's starting location."""
    sign = btx(("girl_student", "doctor"), {"girl_student": "key_person"}, main="sign_with_me", days=1)
    sign.chars["girl_student"].intrigue = 2
    place_cards(sign)
    while sign.phase is not Phase.TIME_SPIRAL:
        sign.apply(Pass())
    assert events(sign, "loop_end_reasons", "mastermind") == [{"reasons": ["sign_with_me.2"]}]
    bomb = btx(("shrine_maiden", "doctor"), {"doctor": "witch"}, main="giant_time_bomb_x", days=1)
    place_cards(bomb, mm=[("move_horizontal", "doctor"), ("intrigue_plus_2", "hospital"), QUIET_MM[2]])
    assert bomb.chars["doctor"].location == "shrine"
    while bomb.phase is not Phase.TIME_SPIRAL:
        bomb.apply(Pass())
    assert events(bomb, "loop_end_reasons", "mastermind") == [{"reasons": ["giant_time_bomb_x.1"]}]


def test_witch_must_refuse_tl_d6c() -> None:
    """TL-D6c: the Witch's refusal is mandatory."""
    game = btx(("office_worker", "doctor"), {"office_worker": "witch"}, main="giant_time_bomb_x")
    game.chars["office_worker"].goodwill = 3
    place_cards(game)
    while game.phase is not Phase.GOODWILL_ABILITY:
        game.apply(Pass())
    game.apply(UseAbility("office_worker.1", "office_worker", "office_worker"))
    assert game.legal_actions() == (Refuse(),)
