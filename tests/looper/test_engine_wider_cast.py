"""The wider cast (issue 24): one scenario per ability and passive of the twelve characters beyond the
base 18, citing the card's id and the ruling option where one applies (docs/looper_content.md §The wider
cast, ⚠a..⚠f)."""

from __future__ import annotations

import dataclasses

from rulesengine.looper.rules.actions import Allow, Choose, Pass, PlaceCard, UseAbility
from rulesengine.looper.rules.content import load_content
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.script import script_problems
from rulesengine.looper.rules.state import DecisionKind, Phase
from tests.looper.engine_helpers import (
    QUIET_MM,
    QUIET_P,
    events,
    make_script,
    place_cards,
    skip_empty_pauses,
)

C = load_content()


def game_of(cast: tuple[str, ...], roles: dict[str, str] | None = None, *, entry_day: int | None = None,
            rulings: Rulings | None = None, **kw: object) -> Game:
    script = make_script(cast=cast, roles=roles or {}, **kw)  # type: ignore[arg-type]
    if entry_day is not None:
        script = dataclasses.replace(script, transfer_student_entry_day=entry_day)
    return Game(script, rulings=rulings)


def to_goodwill(game: Game, mm: tuple[tuple[str, str], ...] = QUIET_MM,
                prot: tuple[tuple[str, str], ...] = QUIET_P) -> None:
    """Place quiet cards and pass up to TL-D6."""
    if game.phase is Phase.MASTERMIND_CARDS:
        place_cards(game, mm, prot)
    while game.phase is not Phase.GOODWILL_ABILITY:
        game.apply(Pass())


def declare(game: Game, action: UseAbility) -> None:
    """Declare ``action`` in TL-D6 and allow it."""
    to_goodwill(game)
    assert action in game.legal_actions(), game.legal_actions()
    game.apply(action)
    if Allow() in game.legal_actions():
        game.apply(Allow())


def offered(game: Game, ability: str) -> list[UseAbility]:
    return [a for a in game.legal_actions() if isinstance(a, UseAbility) and a.ability == ability]


# ------------------------------------------------------------------------------------------ tags


def test_new_tags_never_match_a_boy_girl_student_or_adult() -> None:
    """Tags animal, construct, tree (issue 24): the Students' boy_student.1 and the Teacher's teacher.1 ask
    for a Student and never pick the Black Cat, the A.I. or the Sacred Tree; Sign with me!'s Girl never
    picks the Illusion (a construct woman)."""
    game = game_of(("boy_student", "girl_student", "teacher", "black_cat", "ai", "sacred_tree"))
    for c in ("black_cat", "ai", "sacred_tree"):
        game.chars[c].location = "school"
        game.chars[c].paranoia = 1
    game.chars["boy_student"].goodwill = 2
    game.chars["teacher"].goodwill = 3
    to_goodwill(game)
    targets = {a.target for a in game.legal_actions()
               if isinstance(a, UseAbility) and a.ability in ("boy_student.1", "teacher.1")}
    assert targets == {"boy_student", "girl_student"}
    script = make_script(cast=("illusion", "boy_student", "doctor", "office_worker"),
                         roles={"illusion": "key_person", "boy_student": "killer", "doctor": "brain",
                                "office_worker": "person"},
                         set_id="basic_tragedy_x", main_plot="sign_with_me",
                         subplots=("circle_of_friends", "a_love_affair"))
    assert "the Key Person must be a Girl" in " ".join(str(p) for p in script_problems(script, C))


# ------------------------------------------------------------------------------------------ Teacher


def test_teacher_moves_a_students_paranoia_and_reveals_a_students_role() -> None:
    """teacher.1 (3): ±1 paranoia on a Student here; teacher.2 (4, once per loop): reveal a Student's role."""
    game = game_of(("teacher", "boy_student", "doctor"), {"boy_student": "killer"})
    game.chars["teacher"].goodwill = 4
    game.chars["boy_student"].paranoia = 1
    to_goodwill(game)
    pairs = {(a.target, a.extra) for a in offered(game, "teacher.1")}
    assert pairs == {("boy_student", "+"), ("boy_student", "-")}
    game.apply(UseAbility("teacher.1", "teacher", "boy_student", "-"))
    game.apply(Allow())
    assert game.chars["boy_student"].paranoia == 0
    game.apply(UseAbility("teacher.2", "teacher", "boy_student"))
    game.apply(Allow())
    assert game.revealed_roles == {"boy_student": "killer"}


# ------------------------------------------------------------------------------------------ Transfer Student


def test_transfer_student_enters_on_her_day_and_is_off_the_board_before() -> None:
    """transfer_student.p1 (⚠a, default ``transfer_student_waits_at_school: false``): in no location before
    her entry day (no card can be placed on her), at the School from the start of that day (public)."""
    game = game_of(("transfer_student", "boy_student", "doctor"), entry_day=2)
    assert game.chars["transfer_student"].location is None
    assert all(a.target != "transfer_student" for a in game.legal_actions())
    for _ in range(20):
        if game.day == 2:
            break
        game.apply(game.legal_actions()[0] if game.phase is Phase.MASTERMIND_CARDS else
                   (Allow() if Allow() in game.legal_actions() else game.legal_actions()[0]))
    while game.phase is not Phase.MASTERMIND_CARDS:
        game.apply(game.legal_actions()[0])
    assert game.chars["transfer_student"].location == "school"
    entered = events(game, "character_entered", "public")
    assert entered == [{"character": "transfer_student", "location": "school"}]
    assert any(a.target == "transfer_student" for a in game.legal_actions())


def test_transfer_student_waits_at_school_ruling() -> None:
    """transfer_student.p1 with ``transfer_student_waits_at_school: true`` (⚠a): at the School from the
    loop's start, but no card may be placed on her until she enters."""
    game = game_of(("transfer_student", "boy_student", "doctor"), entry_day=2,
                   rulings=Rulings(transfer_student_waits_at_school=True))
    assert game.chars["transfer_student"].location == "school"
    assert "transfer_student" in game.here("boy_student")
    assert all(a.target != "transfer_student" for a in game.legal_actions())


def test_transfer_student_turns_intrigue_into_goodwill() -> None:
    """transfer_student.1 (2): one intrigue on another character here becomes one goodwill."""
    game = game_of(("transfer_student", "boy_student", "doctor"), entry_day=1)
    game.chars["transfer_student"].goodwill = 2
    game.chars["boy_student"].intrigue = 2
    declare(game, UseAbility("transfer_student.1", "transfer_student", "boy_student"))
    assert (game.chars["boy_student"].intrigue, game.chars["boy_student"].goodwill) == (1, 1)


# ------------------------------------------------------------------------------------------ Soldier


def test_soldier_adds_two_paranoia() -> None:
    """soldier.1 (2, once per loop): +2 paranoia on another character here."""
    game = game_of(("soldier", "doctor", "boy_student"))
    game.chars["soldier"].goodwill = 2
    declare(game, UseAbility("soldier.1", "soldier", "doctor"))
    assert game.chars["doctor"].paranoia == 2
    assert offered(game, "soldier.1") == []  # once per loop


def test_soldier_protection_prevents_the_protagonists_death_only() -> None:
    """soldier.2 (5, once per loop; ⚠b default ``soldier_all_losses: false``): "the protagonists die" is
    prevented for the rest of the loop (a Mastermind-only event says so); a Key Person's death is not."""
    game = game_of(("soldier", "doctor", "boy_student"))
    game.chars["soldier"].goodwill = 5
    declare(game, UseAbility("soldier.2", "soldier", "soldier"))
    assert game.protected and events(game, "protected", "public") == [{}]
    game.protagonists_die("killer.2")
    assert not game.lost and not game.protagonists_dead
    assert events(game, "loss_prevented", "mastermind") == [{"rule": "killer.2"}]
    game.protagonists_lose("key_person.1")
    assert game.lost


def test_soldier_all_losses_ruling() -> None:
    """soldier.2 with ``soldier_all_losses: true`` (⚠b): every immediate loss of the loop is prevented."""
    game = game_of(("soldier", "doctor", "boy_student"), rulings=Rulings(soldier_all_losses=True))
    game.chars["soldier"].goodwill = 5
    declare(game, UseAbility("soldier.2", "soldier", "soldier"))
    game.protagonists_lose("key_person.1")
    assert not game.lost


def test_soldier_protection_ends_with_the_loop() -> None:
    """soldier.2: for the rest of *this* loop (the rewind clears it, TL-RW)."""
    game = game_of(("soldier", "doctor", "boy_student"))
    game.protect()
    game._reset_board()
    assert not game.protected


# ------------------------------------------------------------------------------------------ Black Cat


def test_black_cat_puts_intrigue_on_the_shrine_each_loop() -> None:
    """black_cat.p1: at each loop's start, +1 intrigue on the Shrine (public)."""
    game = game_of(("black_cat", "doctor", "boy_student"))
    assert game.location_intrigue["shrine"] == 1
    assert {"target": "shrine", "amount": 1, "rule": "black_cat.p1"} in events(game, "intrigue", "public")


def test_black_cat_incident_happens_with_no_effect() -> None:
    """black_cat.p2 (TL-D7): her incident happens (limit 0: always) and counts as happened, with no
    effect: her Suicide does not kill her."""
    game = game_of(("black_cat", "doctor", "boy_student"), incidents=[(1, "suicide", "black_cat")])
    place_cards(game)
    while game.phase is not Phase.LEADER_SWITCH and game.day == 1:
        game.apply(Pass())
    assert game.chars["black_cat"].alive
    assert [r["incident"] for r in game.happened] == ["suicide"]
    assert events(game, "incident_no_effect", "public") == [{"incident": "suicide"}]


# ------------------------------------------------------------------------------------------ Scientist


def test_scientist_gets_the_masterminds_counter_at_loop_start() -> None:
    """scientist.p1: at each loop's start the Mastermind chooses a counter for him (a Mastermind decision);
    once placed it is public."""
    game = game_of(("scientist", "doctor", "boy_student"))
    assert game.pending is not None and game.pending.kind is DecisionKind.SCIENTIST_COUNTER
    assert game.pending.who == "mastermind"
    assert game.legal_actions() == (Choose("goodwill"), Choose("intrigue"), Choose("paranoia"))
    assert events(game, "intrigue") == []  # nothing placed yet
    game.apply(Choose("intrigue"))
    assert game.chars["scientist"].intrigue == 1
    assert events(game, "intrigue", "public") == [
        {"character": "scientist", "amount": 1, "rule": "scientist.p1"}
    ]
    assert game.phase is Phase.MASTERMIND_CARDS


def test_scientist_removes_all_his_counters() -> None:
    """scientist.1 (3): remove every counter from him."""
    game = game_of(("scientist", "doctor", "boy_student"))
    game.apply(Choose("paranoia"))
    game.chars["scientist"].goodwill = 3
    game.chars["scientist"].intrigue = 2
    declare(game, UseAbility("scientist.1", "scientist", "scientist"))
    ch = game.chars["scientist"]
    assert (ch.paranoia, ch.goodwill, ch.intrigue) == (0, 0, 0)


# ------------------------------------------------------------------------------------ Forensic Specialist


def test_forensic_specialist_moves_a_counter_and_reveals_a_corpse() -> None:
    """forensic_specialist.1 (2, once per loop): one counter from another character here to a third;
    forensic_specialist.2 (5, once per loop): the role of a corpse anywhere."""
    game = game_of(("forensic_specialist", "office_worker", "pop_idol", "nurse"), {"nurse": "brain"})
    game.chars["forensic_specialist"].goodwill = 5
    game.chars["office_worker"].intrigue = 1
    game.chars["nurse"].alive = False
    to_goodwill(game)
    assert offered(game, "forensic_specialist.1") == [
        UseAbility("forensic_specialist.1", "forensic_specialist", "office_worker", "pop_idol|intrigue")
    ]
    game.apply(offered(game, "forensic_specialist.1")[0])
    game.apply(Allow())
    assert (game.chars["office_worker"].intrigue, game.chars["pop_idol"].intrigue) == (0, 1)
    game.apply(UseAbility("forensic_specialist.2", "forensic_specialist", "nurse"))
    game.apply(Allow())
    assert game.revealed_roles == {"nurse": "brain"}


# ------------------------------------------------------------------------------------------ A.I.


def test_ai_counts_every_counter_as_paranoia_for_her_incident() -> None:
    """ai.p1 (TL-D7b): with 2 goodwill and 2 intrigue (limit 4) her Suicide happens."""
    game = game_of(("ai", "doctor", "boy_student"), {"ai": "brain"}, incidents=[(1, "suicide", "ai")])
    game.chars["ai"].goodwill = 2
    game.chars["ai"].intrigue = 2
    assert game.incident_occurs("ai")
    game.chars["ai"].intrigue = 1
    assert not game.incident_occurs("ai")


def test_ai_borrows_an_incident_effect_without_it_happening() -> None:
    """ai.1 (3, once per loop; ⚠c default ``ai_borrowed_counts_as_incident: false``): the leader names an
    incident of the script; its effect resolves with the A.I. as culprit (the Mastermind chooses the
    Murder's victim, TL-D7d); it does not count as having happened."""
    game = game_of(("ai", "office_worker", "boy_student"), {"ai": "brain"},
                   incidents=[(3, "murder", "boy_student")])
    game.chars["ai"].goodwill = 3
    declare(game, UseAbility("ai.1", "ai", "3"))
    assert game.pending is not None and game.pending.kind is DecisionKind.INCIDENT_TARGET
    assert game.legal_actions() == (Choose("office_worker"),)
    game.apply(Choose("office_worker"))
    assert not game.chars["office_worker"].alive
    assert game.happened == []
    assert events(game, "effect_borrowed", "public") == [{"incident": "murder", "character": "ai"}]


def test_ai_borrowed_incident_counts_with_the_ruling() -> None:
    """ai.1 with ``ai_borrowed_counts_as_incident: true`` (⚠c): it counts as that incident happening."""
    game = game_of(("ai", "office_worker", "boy_student"), {"ai": "brain"},
                   incidents=[(3, "suicide", "boy_student")],
                   rulings=Rulings(ai_borrowed_counts_as_incident=True))
    game.chars["ai"].goodwill = 3
    declare(game, UseAbility("ai.1", "ai", "3"))
    assert not game.chars["ai"].alive  # her own Suicide
    assert [(r["incident"], r["culprit"]) for r in game.happened] == [("suicide", "ai")]


def test_ai_is_never_a_person() -> None:
    """never_person (script creation): the validator refuses an A.I. left a Person."""
    script = make_script(cast=("ai", "girl_student", "office_worker", "pop_idol"),
                         roles={"ai": "person", "girl_student": "key_person", "office_worker": "killer",
                                "pop_idol": "brain"})
    assert "'ai' is never a Person" in " ".join(str(p) for p in script_problems(script, C))


# ------------------------------------------------------------------------------------------ Illusion


def test_illusion_takes_no_card_and_shares_her_locations_intrigue() -> None:
    """illusion.p1 (⚠d default ``illusion_all_location_cards: false``): no card can be placed on her; an
    Intrigue card on the Shrine applies to her too, a paranoia card there does not."""
    game = game_of(("illusion", "doctor", "boy_student"))
    assert all(a.target != "illusion" for a in game.legal_actions())
    place_cards(game, mm=(("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]),
                prot=(QUIET_P[0], ("paranoia_plus_1", "shrine"), ("move_vertical", "city")))
    assert game.location_intrigue["shrine"] == 2
    assert (game.chars["illusion"].intrigue, game.chars["illusion"].paranoia) == (2, 0)


def test_illusion_forbid_intrigue_on_her_location_cancels_for_both() -> None:
    """illusion.p1 (⚠d): a Forbid Intrigue on her location cancels the Intrigue card for both (TL-D4a)."""
    game = game_of(("illusion", "doctor", "boy_student"))
    place_cards(game, mm=(("intrigue_plus_2", "shrine"), QUIET_MM[0], QUIET_MM[2]),
                prot=(("forbid_intrigue", "shrine"), QUIET_P[0], QUIET_P[2]))
    assert (game.location_intrigue["shrine"], game.chars["illusion"].intrigue) == (0, 0)


def test_illusion_all_location_cards_ruling() -> None:
    """illusion.p1 with ``illusion_all_location_cards: true`` (⚠d): a paranoia card there applies to her."""
    game = game_of(("illusion", "doctor", "boy_student"), rulings=Rulings(illusion_all_location_cards=True))
    place_cards(game, mm=(("paranoia_plus_1", "shrine"), QUIET_MM[0], QUIET_MM[2]))
    assert game.chars["illusion"].paranoia == 1


def test_illusion_moves_a_character_and_leaves_the_board() -> None:
    """illusion.1 (3, once per loop): move a character here to another location it may enter;
    illusion.2 (4, once per loop): she leaves the board for the rest of the loop (public)."""
    game = game_of(("illusion", "shrine_maiden", "doctor"))
    game.chars["illusion"].goodwill = 4
    to_goodwill(game)
    moves = {(a.target, a.extra) for a in offered(game, "illusion.1")}
    assert ("shrine_maiden", "city") not in moves  # her forbidden location stays closed
    assert ("shrine_maiden", "school") in moves and ("illusion", "hospital") in moves
    game.apply(UseAbility("illusion.1", "illusion", "shrine_maiden", "school"))
    game.apply(Allow())
    assert game.chars["shrine_maiden"].location == "school"
    game.apply(UseAbility("illusion.2", "illusion", "illusion"))
    game.apply(Allow())
    assert game.chars["illusion"].location is None and "illusion" not in game.living()
    assert events(game, "character_removed", "public") == [{"character": "illusion"}]
    game._reset_board()
    assert game.chars["illusion"].location == "shrine"


# ------------------------------------------------------------------------------------------ Young Girl


def test_young_girl_loses_her_forbidden_locations_and_moves_next_door() -> None:
    """young_girl.1 (1; ⚠e default ``young_girl_free_whole_game: false``): her forbidden locations stop
    applying for the rest of the loop; young_girl.2 (3, once per loop): to an adjacent location."""
    game = game_of(("young_girl", "doctor", "boy_student"))
    game.chars["young_girl"].goodwill = 3
    to_goodwill(game)
    assert offered(game, "young_girl.2") == []  # City and Shrine (her neighbours) are forbidden
    game.apply(UseAbility("young_girl.1", "young_girl", "young_girl"))
    game.apply(Allow())
    assert game.forbidden("young_girl") == frozenset()
    assert {a.target for a in offered(game, "young_girl.2")} == {"city", "shrine"}  # not the diagonal
    game.apply(UseAbility("young_girl.2", "young_girl", "city"))
    game.apply(Allow())
    assert game.chars["young_girl"].location == "city"
    game._reset_board()
    assert game.forbidden("young_girl") != frozenset()


def test_young_girl_free_whole_game_ruling() -> None:
    """young_girl.1 with ``young_girl_free_whole_game: true`` (⚠e): still free after the rewind."""
    game = game_of(("young_girl", "doctor", "boy_student"), rulings=Rulings(young_girl_free_whole_game=True))
    game.unforbid("young_girl")
    game._reset_board()
    assert game.forbidden("young_girl") == frozenset()


# ------------------------------------------------------------------------------------------ Sacred Tree


def test_sacred_tree_leader_moves_a_counter_once_a_day_without_refusal() -> None:
    """sacred_tree.p1 (TL-D6; ⚠f default ``sacred_tree_once_per_day: true``): the leader moves one counter
    off her to another character here, not a goodwill ability: no Mastermind response; once a day."""
    game = game_of(("sacred_tree", "shrine_maiden", "doctor"))
    game.chars["sacred_tree"].intrigue = 2
    to_goodwill(game)
    assert offered(game, "sacred_tree.p1") == [
        UseAbility("sacred_tree.p1", "sacred_tree", "shrine_maiden", "intrigue")
    ]
    game.apply(offered(game, "sacred_tree.p1")[0])
    assert game.legal_actions() == (Allow(),)  # never refused, like an unrefusable ability
    game.apply(Allow())
    assert (game.chars["sacred_tree"].intrigue, game.chars["shrine_maiden"].intrigue) == (1, 1)
    assert offered(game, "sacred_tree.p1") == []


def test_sacred_tree_mastermind_must_move_when_her_role_refuses() -> None:
    """sacred_tree.p2 (TL-D5b): her role has goodwill refusal (Brain, optional), so the Mastermind must
    move one counter off her in the Mastermind-ability step, before anything optional (no Pass offered)."""
    game = game_of(("sacred_tree", "shrine_maiden", "doctor"), {"sacred_tree": "brain"})
    game.chars["sacred_tree"].paranoia = 1
    place_cards(game, mm=(QUIET_MM[0], ("paranoia_plus_1", "hospital"), QUIET_MM[2])[:1] + QUIET_MM[1:])
    assert game.phase is Phase.MASTERMIND_ABILITY
    assert game.legal_actions() == (UseAbility("sacred_tree.p2", "sacred_tree", "shrine_maiden", "paranoia"),)
    game.apply(game.legal_actions()[0])
    assert (game.chars["sacred_tree"].paranoia, game.chars["shrine_maiden"].paranoia) == (0, 1)
    assert Pass() in game.legal_actions()
    person = game_of(("sacred_tree", "shrine_maiden", "doctor"))
    person.chars["sacred_tree"].paranoia = 1
    place_cards(person)
    assert person.phase is not Phase.MASTERMIND_ABILITY or Pass() in person.legal_actions()


# ------------------------------------------------------------------------------------------ Sect Founder


def test_sect_founders_incident_resolves_twice() -> None:
    """sect_founder.p1 (TL-D7d): her Increasing Unease resolves twice, the Mastermind choosing each time."""
    game = game_of(("sect_founder", "doctor", "boy_student"), {"sect_founder": "brain"},
                   incidents=[(1, "increasing_unease", "sect_founder")])
    game.chars["sect_founder"].paranoia = 3
    place_cards(game)
    while game.phase is not Phase.INCIDENT:
        game.apply(Pass())
    game.apply(Choose("doctor|boy_student"))
    assert game.phase is Phase.INCIDENT and game.pending is not None
    game.apply(Choose("doctor|boy_student"))
    assert (game.chars["doctor"].paranoia, game.chars["boy_student"].intrigue) == (4, 2)
    assert len(game.happened) == 1


def test_sect_founder_goodwill_and_reveal_on_panicked_characters() -> None:
    """sect_founder.1 (3): +1 goodwill on another character at its paranoia limit, anywhere;
    sect_founder.2 (4, once per loop): reveal the role of another panicked character here."""
    game = game_of(("sect_founder", "doctor", "shrine_maiden"), {"shrine_maiden": "brain"})
    game.chars["sect_founder"].goodwill = 4
    game.chars["doctor"].paranoia = 2  # limit 2, at the Hospital
    game.chars["shrine_maiden"].paranoia = 2  # limit 2, at the Shrine with her
    to_goodwill(game)
    assert {a.target for a in offered(game, "sect_founder.1")} == {"doctor", "shrine_maiden"}
    assert {a.target for a in offered(game, "sect_founder.2")} == {"shrine_maiden"}
    game.apply(UseAbility("sect_founder.1", "sect_founder", "doctor"))
    game.apply(Allow())
    assert game.chars["doctor"].goodwill == 1
    game.apply(UseAbility("sect_founder.2", "sect_founder", "shrine_maiden"))
    game.apply(Allow())
    assert game.revealed_roles == {"shrine_maiden": "brain"}


# ------------------------------------------------------------------------------------------ Copycat


def test_copycat_copies_a_role_outside_the_counts() -> None:
    """copies_role (script creation): the Copycat's role is another cast member's (the role counts leave him
    out); a role nobody else has is refused."""
    roles = {"girl_student": "key_person", "office_worker": "killer", "pop_idol": "brain",
             "boy_student": "conspiracy_theorist"}
    cast = ("girl_student", "office_worker", "pop_idol", "boy_student", "copycat")
    good = make_script(cast=cast, roles={**roles, "copycat": "conspiracy_theorist"},
                       subplots=("an_unsettling_rumor",))
    assert script_problems(good, C) == []  # a second Conspiracy Theorist: the cap of 1 leaves him out
    bad = make_script(cast=cast, roles={**roles, "copycat": "cultist"}, subplots=("an_unsettling_rumor",))
    assert [p.message_id for p in script_problems(bad, C)][-1] == "looper.script.copy_no_original"


def test_copycat_names_those_with_his_role_from_loop_2_unrefused() -> None:
    """copycat.1 (3, cannot be refused, from loop 2 on): the names of all other characters whose role
    equals his, not the role itself."""
    game = game_of(("copycat", "office_worker", "pop_idol", "girl_student"),
                   {"copycat": "killer", "office_worker": "killer", "pop_idol": "cultist"})
    game.chars["copycat"].goodwill = 3
    to_goodwill(game)
    assert offered(game, "copycat.1") == []  # loop 1
    later = game_of(("copycat", "office_worker", "pop_idol", "girl_student"),
                    {"copycat": "killer", "office_worker": "killer", "pop_idol": "cultist"})
    later.loop = 2
    later.chars["copycat"].goodwill = 3
    to_goodwill(later)
    later.apply(UseAbility("copycat.1", "copycat", "copycat"))
    assert later.legal_actions() == (Allow(),)  # unrefusable even for a refusing role
    later.apply(Allow())
    assert events(later, "same_role", "public") == [{"character": "copycat", "characters": ["office_worker"]}]
    assert later.revealed_roles == {}


def test_placing_on_the_wider_cast_respects_their_rules() -> None:
    """Placing a card on the Illusion is refused naming TL-D2 (illusion.p1)."""
    game = game_of(("illusion", "doctor", "boy_student"))
    skip_empty_pauses(game)
    try:
        game.apply(PlaceCard("paranoia_plus_1", "illusion"))
    except Exception as error:  # IllegalActionError
        assert getattr(error, "rule_id", "") == "TL-D2"
    else:  # pragma: no cover
        raise AssertionError("a card was placed on the Illusion")


def test_a_transfer_student_culprit_before_her_day_gets_a_playability_note() -> None:
    """transfer_student.p1 (TL-D7a): an incident of hers before her entry day cannot happen; the
    validator's playability note says so, in either language."""
    from rulesengine.looper.rules.script import script_notes

    script = dataclasses.replace(
        make_script(cast=("transfer_student", "girl_student", "office_worker", "pop_idol"),
                    roles={"girl_student": "key_person", "office_worker": "killer", "pop_idol": "brain",
                           "transfer_student": "person"},
                    incidents=[(1, "suicide", "transfer_student")]),
        transfer_student_entry_day=2,
    )
    note = script_notes(script, C)[-1]
    assert str(note).endswith("day 1: transfer_student enters on day 2, so the incident cannot happen")
    assert "chỉ vào cuộc từ ngày 2" in note.localized("vi")
