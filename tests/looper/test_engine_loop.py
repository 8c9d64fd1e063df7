"""Scenario tests of loop end, immediate loop end, time spiral, rewind and final guess.

Rules: TL-LE1, TL-LE2, TL-LE2a, TL-LE2b, TL-TS1, TL-TS2, TL-RW, TL-FG1..TL-FG3.
"""

from __future__ import annotations

from rulesengine.looper.rules.actions import Choose, Guess, Pass, PlaceCard, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.state import Phase
from tests.looper.engine_helpers import QUIET_MM, events, make_game, make_script, place_cards, quiet_day

BTX_ROLES = {"shrine_maiden": "cultist", "pop_idol": "brain", "doctor": "lover", "office_worker": "loved_one"}


def btx_game(days: int = 1, loops: int = 2, **kw: object) -> Game:
    """A Basic Tragedy X game: The Sealed Item (loss at 2 Shrine intrigue), A Love Affair, Paranoia Virus."""
    script = make_script(
        set_id="basic_tragedy_x",
        main_plot="the_sealed_item",
        subplots=kw.pop("subplots", ("a_love_affair", "paranoia_virus")),  # type: ignore[arg-type]
        roles=kw.pop("roles", BTX_ROLES),  # type: ignore[arg-type]
        days=days,
        loops=loops,
        **kw,  # type: ignore[arg-type]
    )
    return Game(script)


def lose_day(game: Game) -> None:
    """A day on which the Mastermind puts 2 intrigue on the Shrine (a Sealed Item loss at loop end)."""
    place_cards(game, mm=[("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]])
    loop = game.loop
    while (
        game.pending is not None
        and game.loop == loop
        and game.phase not in (Phase.TIME_SPIRAL, Phase.FINAL_GUESS)
    ):
        game.apply(Pass())


def test_loop_ends_after_last_day_tl_le1() -> None:
    """TL-LE1 (first way): the last day was played; TL-LE2: no loss condition, the protagonists win."""
    game = make_game(days=2)
    quiet_day(game)
    quiet_day(game)
    assert events(game, "loop_end") == [{"lost": False}]
    assert game.outcome is not None and game.outcome.winner == "protagonists"


def test_loop_ends_when_protagonists_die_tl_le1() -> None:
    """TL-LE1 (second way): the Hospital Incident with 2 Hospital intrigue kills the protagonists on day 1
    of 3; the loop ends at once and is lost (TL-LE2a: rewind)."""
    game = make_game(incidents=[(1, "hospital_incident", "doctor")], days=3)
    game.chars["doctor"].paranoia = 2
    game.location_intrigue["hospital"] = 2
    quiet_day(game)
    assert events(game, "protagonists_died") == [{}]
    assert events(game, "death") == [{"character": "doctor"}]
    assert events(game, "loop_end") == [{"lost": True}]
    assert (game.loop, game.day) == (2, 1)


def test_loop_ends_early_on_key_person_death_skips_leader_switch_tl_le1() -> None:
    """TL-LE1 (third way) and immediate loop end: the Key Person dies at the day-1 incident; TL-D8 is
    skipped, so loop 2 starts with the same leader."""
    game = make_game(incidents=[(1, "murder", "boy_student")], days=3)
    game.chars["boy_student"].paranoia = 2
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    game.apply(Choose("girl_student"))
    assert (game.loop, game.day, game.leader) == (2, 1, 0)
    assert events(game, "leader") == []
    assert events(game, "loss_condition", "mastermind") == [{"rule": "key_person.1"}]


def test_loss_reason_is_mastermind_only_tl_le2() -> None:
    """TL-LE2: the Mastermind checks the loss conditions; the public only learns that the loop was lost."""
    game = btx_game(days=1, loops=2)
    lose_day(game)
    assert events(game, "loop_end", "public") == [{"lost": True}]
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["the_sealed_item.1"]}]


def test_rewind_restores_the_start_tl_le2a_tl_rw() -> None:
    """TL-LE2a/TL-RW: after a lost loop every token goes, everyone is back at the start, alive, loop 2 day 1;
    spent once-per-loop cards are back in the hands; the leader stays (§12)."""
    game = make_game(main_plot="a_place_to_protect", roles={"girl_student": "key_person"}, days=2)
    fresh = game.board()
    place_cards(
        game,
        mm=[("intrigue_plus_2", "school"), ("move_diagonal", "doctor"), ("paranoia_plus_1", "boy_student")],
        prot=[
            ("goodwill_plus_2", "pop_idol"),
            ("paranoia_minus_1", "girl_student"),
            ("forbid_movement", "office_worker"),
        ],
    )
    assert game.board() != fresh
    quiet_day(game)
    quiet_day(game)
    assert (game.loop, game.day, game.phase) == (2, 1, Phase.MASTERMIND_CARDS)
    assert game.board() == fresh
    assert game.spent == {"mastermind": [], "protagonist:0": [], "protagonist:1": [], "protagonist:2": []}
    assert game.hand("mastermind")["intrigue_plus_2"] == 1
    assert game.leader == 2
    assert game.reset_boards == [fresh, fresh]


def test_leader_reset_ruling_tl_rw() -> None:
    """§12 ruling option keep_leader_across_loops=False: protagonist 0 leads every new loop."""
    script = make_script(main_plot="a_place_to_protect", roles={"girl_student": "key_person"}, days=2)
    game = Game(script, rulings=Rulings(keep_leader_across_loops=False))
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    quiet_day(game)
    quiet_day(game)
    assert (game.loop, game.leader) == (2, 0)


def test_first_steps_last_loop_lost_mastermind_wins_tl_le2b() -> None:
    """TL-LE2b (First Steps has no final guess, §12): the last loop lost means the Mastermind wins."""
    game = make_game(main_plot="a_place_to_protect", roles={"girl_student": "key_person"}, days=1, loops=1)
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    while game.pending is not None:
        game.apply(Pass())
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == ("mastermind", "last loop lost")


def test_btx_last_loop_lost_goes_to_final_guess_tl_le2b_tl_fg1() -> None:
    """TL-LE2b/TL-FG1: in Basic Tragedy X the last lost loop leads to the final guess."""
    game = btx_game(days=1, loops=1)
    lose_day(game)
    assert game.phase is Phase.FINAL_GUESS
    assert game.pending is not None and (game.pending.who, game.pending.rule_id) == ("leader", "TL-FG3")
    # 6 characters x 13 roles of the set
    assert len(game.legal_actions()) == 78


def test_time_spiral_choice_tl_ts1_tl_ts2() -> None:
    """TL-TS1/TL-TS2: between loops the leader may go on or go straight to the final guess, for good."""
    game = btx_game(days=1, loops=3)
    lose_day(game)
    assert game.phase is Phase.TIME_SPIRAL
    assert game.legal_actions() == (Choose("final_guess"), Choose("next_loop"))
    other = game.clone()
    other.apply(Choose("next_loop"))
    assert (other.loop, other.phase) == (2, Phase.MASTERMIND_CARDS)
    game.apply(Choose("final_guess"))
    assert (game.loop, game.phase) == (1, Phase.FINAL_GUESS)
    assert all(isinstance(a, Guess) for a in game.legal_actions())


def test_final_guess_resets_board_and_roles_tl_fg2() -> None:
    """TL-FG2: the board goes back to the loop's start and Paranoia Virus role changes are undone."""
    game = btx_game(days=1, loops=1)
    fresh = game.board()
    game.chars["boy_student"].paranoia = 2
    place_cards(game, mm=[("intrigue_plus_2", "shrine"), ("paranoia_plus_1", "boy_student"), QUIET_MM[2]])
    assert game.roles["boy_student"] == "serial_killer"
    while game.phase is not Phase.FINAL_GUESS:
        game.apply(Pass())
    assert game.roles["boy_student"] == "person"
    assert game.board() == fresh


def test_final_guess_wrong_answer_loses_at_once_tl_fg3() -> None:
    """TL-FG3: one wrong guess and the Mastermind wins at once."""
    game = btx_game(days=1, loops=1)
    lose_day(game)
    game.apply(Guess("pop_idol", "brain"))
    assert game.outcome is None
    game.apply(Guess("doctor", "person"))
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == ("mastermind", "final guess wrong")
    assert events(game, "guess") == [
        {"character": "pop_idol", "role": "brain", "right": True},
        {"character": "doctor", "role": "person", "right": False},
    ]


def test_final_guess_all_right_wins_tl_fg3() -> None:
    """TL-FG3: naming every character's role right wins the game for the protagonists."""
    game = btx_game(days=1, loops=1)
    lose_day(game)
    for c in game.cast:
        game.apply(Guess(c, game.script.role_of(c)))
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == ("protagonists", "final guess right")


def test_dead_friend_revealed_and_loses_then_gains_goodwill() -> None:
    """friend.1/friend.2 (TL-LE2): a dead Friend is revealed at loop end and the loop is lost; from the next
    loop on it starts with 1 goodwill."""
    game = make_game(
        main_plot="light_of_the_avenger",
        subplots=("a_hideous_script",),
        roles={"pop_idol": "brain", "boy_student": "friend"},
        days=1,
    )
    game.kill("boy_student", "test")
    quiet_day(game)
    assert events(game, "role_revealed") == [{"character": "boy_student", "role": "friend"}]
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["friend.1"]}]
    assert (game.loop, game.chars["boy_student"].goodwill) == (2, 1)


def test_light_of_the_avenger_counts_the_brains_start() -> None:
    """light_of_the_avenger.1 (TL-LE2): 2 intrigue on the Brain's starting location (City) loses."""
    game = make_game(main_plot="light_of_the_avenger", roles={"pop_idol": "brain"}, days=1)
    place_cards(game, mm=[("move_vertical", "pop_idol"), ("intrigue_plus_2", "city"), QUIET_MM[0]])
    assert game.chars["pop_idol"].location == "hospital"
    while game.loop == 1:
        game.apply(Pass())
    assert events(game, "loop_end_reasons", "mastermind") == [{"reasons": ["light_of_the_avenger.1"]}]


def test_threads_of_fate_paranoia_next_loop() -> None:
    """threads_of_fate.1 (TL-RW): characters with goodwill at a loop's end start the next with 2 paranoia."""
    game = btx_game(days=1, loops=2, subplots=("threads_of_fate", "a_love_affair"))
    place_cards(
        game,
        mm=[("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]],
        prot=[("goodwill_plus_1", "boy_student"), ("move_vertical", "shrine"), ("paranoia_plus_1", "city")],
    )
    while game.phase is not Phase.TIME_SPIRAL:
        game.apply(Pass())
    game.apply(Choose("next_loop"))
    assert (game.loop, game.chars["boy_student"].paranoia, game.chars["girl_student"].paranoia) == (2, 2, 0)


def test_godly_being_enters_on_its_loop_and_henchman_start() -> None:
    """TL-RW: the Godly Being is absent before its entry loop; the Mastermind picks the Henchman's start."""
    script = make_script(
        cast=("godly_being", "henchman", "doctor"),
        roles={},
        godly_being_entry_loop=2,
        days=1,
        main_plot="a_place_to_protect",
    )
    game = Game(script)
    assert game.pending is not None and game.pending.kind == "henchman_start"
    assert game.legal_actions() == tuple(Choose(x) for x in ("city", "hospital", "school", "shrine"))
    game.apply(Choose("shrine"))
    assert (game.chars["godly_being"].location, game.chars["henchman"].location) == (None, "shrine")
    assert all(a.target != "godly_being" for a in game.legal_actions())  # type: ignore[union-attr]
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    while game.loop == 1:
        game.apply(Pass())
    game.apply(Choose("city"))
    assert (game.chars["godly_being"].location, game.chars["henchman"].location) == ("shrine", "city")


def test_henchman_ability_stops_its_incidents() -> None:
    """henchman.1 (TL-D7): after the Henchman's ability its incidents do not happen this loop."""
    script = make_script(
        cast=("henchman", "doctor"),
        roles={},
        henchman_start="city",
        incidents=[(2, "suicide", "henchman")],
        days=2,
    )
    game = Game(script)
    game.chars["henchman"].goodwill = 3
    game.chars["henchman"].paranoia = 1
    place_cards(game)
    game.apply(UseAbility("henchman.1", "henchman", "henchman"))
    game.apply(game.legal_actions()[0])  # the Mastermind must allow (the Henchman is a Person)
    quiet_day(game)
    quiet_day(game)
    assert events(game, "incident_not_happened") == [{"incident": "suicide"}]
    assert game.chars["henchman"].alive


def test_place_card_count_resets_each_day_tl_d2() -> None:
    """TL-D2: a new day asks the Mastermind for 3 new cards."""
    game = make_game(days=2)
    quiet_day(game)
    game.apply(PlaceCard(*QUIET_MM[0]))
    assert [c.owner for c in game.cards] == ["mastermind"]


def test_clone_is_independent() -> None:
    """clone(): a copy that can be played on without touching the original ("what if")."""
    game = make_game(days=2)
    place_cards(game)
    copy = game.clone()
    copy.apply(Pass())
    copy.chars["doctor"].paranoia = 3
    copy.location_intrigue["city"] = 2
    assert (game.phase, game.chars["doctor"].paranoia, game.location_intrigue["city"]) == (
        Phase.MASTERMIND_ABILITY,
        0,
        0,
    )
    assert copy.phase is Phase.GOODWILL_ABILITY
    assert len(copy.history) == len(game.history) + 1


def test_loop_results_tl_le1_tl_le2() -> None:
    """TL-LE1/TL-LE2: each loop's result is kept; its reasons are in the Mastermind's view only."""
    game = make_game(main_plot="a_place_to_protect", roles={"girl_student": "key_person"}, days=1, loops=2)
    place_cards(game, mm=[("intrigue_plus_2", "school"), *QUIET_MM[:2]])
    while game.loop == 1:
        game.apply(Pass())
    quiet_day(game)
    assert [(r.loop, r.day, r.lost, r.reasons, r.protagonists_died) for r in game.loop_results] == [
        (1, 1, True, ("a_place_to_protect.1",), False),
        (2, 1, False, (), False),
    ]
    first = {"loop": 1, "day": 1, "lost": True, "protagonists_died": False}
    assert game.view("protagonists")["loops"][0] == first
    assert game.view("mastermind")["loops"][0]["reasons"] == ["a_place_to_protect.1"]
