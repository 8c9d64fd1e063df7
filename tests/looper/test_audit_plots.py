"""Audit (second reader): plots with no extra rule, the Factor below its City threshold, the Girl
Student's ability and the Henchman as Brain under Light of the Avenger (content facts §6, §8, §9)."""

from __future__ import annotations

import pytest

from rulesengine.looper.rules.actions import Allow, Choose, Pass, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import QUIET_MM, events, make_game, make_script, place_cards, quiet_day


@pytest.mark.parametrize(
    ("set_id", "main_plot", "subplots"),
    [
        ("first_steps", "murder_plan", ("shadow_of_the_ripper",)),
        ("first_steps", "murder_plan", ("a_hideous_script",)),
        ("basic_tragedy_x", "murder_plan", ("circle_of_friends", "the_hidden_freak")),
        ("basic_tragedy_x", "murder_plan", ("a_love_affair", "unknown_factor_x")),
    ],
)
def test_plots_without_loop_end_rule_never_lose_on_intrigue(
    set_id: str, main_plot: str, subplots: tuple[str, ...]
) -> None:
    """Content §6 (⚠ DISAGREE: Shadow of the Ripper has no extra rule), §9: with 2 intrigue on every
    location these plots lose nothing at loop end (TL-LE2: the protagonists win)."""
    game = make_game(set_id=set_id, main_plot=main_plot, subplots=subplots, days=1)
    for loc in game.location_intrigue:
        game.location_intrigue[loc] = 2
    quiet_day(game)
    assert events(game, "loop_end") == [{"lost": False}]
    assert game.outcome is not None and game.outcome.winner == "protagonists"


def test_factor_death_below_city_threshold_is_no_loss() -> None:
    """factor.2 (content §9): with 1 City intrigue the Factor is not yet a Key Person: its death costs
    nothing and the loop goes on."""
    game = make_game(
        cast=("pop_idol", "doctor", "boy_student"),
        roles={"pop_idol": "factor"},
        set_id="basic_tragedy_x",
        subplots=("unknown_factor_x", "a_love_affair"),
        days=2,
    )
    game.location_intrigue["city"] = 1
    game.kill("pop_idol", "test")
    assert (game.lost, game.end_now) == (False, False)
    quiet_day(game)
    assert (game.loop, game.day) == (1, 2)


def test_factor_conspiracy_ability_needs_two_school_intrigue() -> None:
    """factor.1 (content §9): with 1 School intrigue the Factor has no Mastermind ability."""
    game = make_game(
        cast=("boy_student", "girl_student"),
        roles={"boy_student": "factor"},
        set_id="basic_tragedy_x",
        subplots=("unknown_factor_x", "a_love_affair"),
    )
    game.location_intrigue["school"] = 1
    place_cards(game)
    assert game.phase is Phase.GOODWILL_ABILITY  # no Mastermind option at TL-D5


def test_girl_student_calms_another_student() -> None:
    """girl_student.1 (content §8, ⚠a default): 2 goodwill: -1 paranoia on another Student with her."""
    game = make_game(cast=("girl_student", "boy_student", "class_rep"), roles={})
    game.chars["girl_student"].goodwill = 2
    game.chars["boy_student"].paranoia = 1
    place_cards(game)
    while game.phase is not Phase.GOODWILL_ABILITY:
        game.apply(Pass())
    assert game.legal_actions() == (
        Pass(),
        UseAbility("girl_student.1", "girl_student", "boy_student"),
        UseAbility("girl_student.1", "girl_student", "class_rep"),
    )
    game.apply(UseAbility("girl_student.1", "girl_student", "boy_student"))
    game.apply(Allow())
    assert game.chars["boy_student"].paranoia == 0


def test_light_of_the_avenger_uses_the_henchman_brains_chosen_start() -> None:
    """light_of_the_avenger.1 (content §6): the Brain's starting location is where it began this loop;
    for the Henchman that is the start the Mastermind chose (here the School)."""
    script = make_script(
        cast=("henchman", "doctor", "boy_student"),
        roles={"henchman": "brain"},
        main_plot="light_of_the_avenger",
        days=1,
    )
    game = Game(script)
    game.apply(Choose("school"))
    place_cards(game, mm=[("move_vertical", "henchman"), ("intrigue_plus_2", "school"), QUIET_MM[0]])
    assert game.chars["henchman"].location == "shrine"
    while game.loop == 1:
        game.apply(Pass())
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["light_of_the_avenger.1"]}]


def test_henchman_paranoia_limit_one_tl_d7b() -> None:
    """TL-D7b, content §8: the Henchman's paranoia limit is 1, so 1 paranoia makes its incident happen."""
    script = make_script(
        cast=("henchman", "doctor"),
        roles={},
        henchman_start="hospital",
        incidents=[(1, "suicide", "henchman")],
    )
    game = Game(script)
    game.chars["henchman"].paranoia = 1
    quiet_day(game)
    assert events(game, "incident_happened") == [{"incident": "suicide"}]
    assert game.chars["henchman"].alive is False
