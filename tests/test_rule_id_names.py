"""One naming style for tests that cite rule ids (docs/conventions.md § Rule ids in tests), over tests/.

Test names are read with ``ast`` (nothing is imported or run): every ``test_*`` function and method
under tests/ must be lower case and write each rule id whole (``test_x_is_never_culprit_gr_r3``,
``test_penalties_gr_p6_gr_v2_gr_v3``), so that ``grep -r gr_v2 tests`` finds every test of GR-V2.
"""

from __future__ import annotations

from tests.rule_ids import find_tests, name_problems


def test_every_test_name_writes_rule_ids_in_the_one_style() -> None:
    wrong = {
        f"{test.path.name}:{test.line} {test.name}": problems
        for test in find_tests()
        if (problems := name_problems(test.name))
    }
    assert wrong == {}


def test_the_style_check_refuses_each_other_casing_and_shortened_ids() -> None:
    """The three spellings found in the tests before the style was fixed, and an id that names no rule."""
    assert name_problems("test_forbid_movement_cancels_moves_tl_d4a") == []
    assert name_problems("test_nine_steps_run_in_order_tl_d1_to_tl_d9") == []
    assert name_problems("test_loops_and_days_fixed_by_script_tl_loop_1_tl_loop_2") == []
    assert name_problems("test_final_guess_TL_FG3") == ["upper case: write test_final_guess_tl_fg3"]
    assert name_problems("test_investigation_passes_left_gr_i1_i2") == ["gr_i2 shortened to i2"]
    assert name_problems("test_two_player_variant_gr_2p1_gr_2p4") == []
    assert name_problems("test_two_player_variant_gr_2p1_2p4") == ["gr_2p4 shortened to 2p4"]
    assert name_problems("test_refusal_tl_d6z") == ["tl_d6z is no rule id"]
    assert name_problems("test_the_tl_d4_rules") == []  # tl_d4 is TL-D4, 'rules' is a word
