"""The content loader on the shipped data: literal facts from docs/looper_content.md.

Rule ids: TL-D2/TL-D3 (hands), TL-D4 (movement on the board), TL-D6 (goodwill abilities),
TL-D7 (incidents and paranoia limits).
"""

from __future__ import annotations

import pytest

from rulesengine.looper.rules.content import (
    CardKind,
    Location,
    Refusal,
    Timing,
    load_content,
)

C = load_content()
#: The base 18 (the wider cast of issue 24 has its own test below).
BASE = {cid: c for cid, c in C.characters.items() if cid not in C.sets["first_steps"].wider_cast}


def test_eighteen_base_characters_in_order() -> None:
    assert list(C.characters) == [
        "boy_student", "girl_student", "rich_mans_daughter", "class_rep", "mystery_boy", "shrine_maiden",
        "alien", "godly_being", "police_officer", "office_worker", "informer", "pop_idol", "journalist",
        "boss", "doctor", "patient", "nurse", "henchman",
        "teacher", "transfer_student", "soldier", "black_cat", "scientist", "forensic_specialist", "ai",
        "illusion", "young_girl", "sacred_tree", "sect_founder", "copycat",
    ]  # fmt: skip


def test_the_wider_cast_has_no_gender_where_the_card_has_none() -> None:
    """Issue 24: the new tags animal, construct, tree carry no gender (a plot asking for a girl never picks
    them); the twelve are cast by both sets and left out of random scripts unless asked."""
    assert C.characters["black_cat"].tags == {"animal"}
    assert C.characters["ai"].tags == {"construct"}
    assert C.characters["sacred_tree"].tags == {"tree"}
    assert C.characters["illusion"].tags == {"construct", "woman"}
    for sid in ("first_steps", "basic_tragedy_x"):
        wider = C.sets[sid].wider_cast
        assert len(wider) == 12 and set(wider) <= set(C.sets[sid].characters)
    assert [p.id for p in C.characters["black_cat"].passives] == ["black_cat.p1", "black_cat.p2"]
    assert C.characters["ai"].traits == ("never_person",)
    assert C.characters["transfer_student"].traits == ("enters_on_day",)
    wider = [C.characters[c] for c in C.sets["first_steps"].wider_cast]
    assert sum(len(c.abilities) for c in wider) == 16 and sum(len(c.passives) for c in wider) == 9
    assert all(a.id == f"{c.id}.p{n}" for c in wider for n, a in enumerate(c.passives, start=1))


@pytest.mark.parametrize(
    ("cid", "limit"),
    [
        ("boy_student", 2), ("girl_student", 3), ("rich_mans_daughter", 1), ("class_rep", 2),
        ("mystery_boy", 3), ("shrine_maiden", 2), ("alien", 2), ("godly_being", 3), ("police_officer", 3),
        ("office_worker", 2), ("informer", 3), ("pop_idol", 2), ("journalist", 2), ("boss", 4),
        ("doctor", 2), ("patient", 2), ("nurse", 3), ("henchman", 1),
    ],
)  # fmt: skip
def test_paranoia_limits_tl_d7b(cid: str, limit: int) -> None:
    """TL-D7b: the limit each culprit must reach (content §8, majority reading, ⚠b ⚠c ⚠g)."""
    assert C.characters[cid].paranoia_limit == limit


def test_nurse_limit_is_3() -> None:
    assert C.characters["nurse"].paranoia_limit == 3


def test_forbidden_locations() -> None:
    assert C.characters["patient"].forbidden == {Location.CITY, Location.SCHOOL, Location.SHRINE}
    assert C.characters["shrine_maiden"].forbidden == {Location.CITY}
    assert C.characters["alien"].forbidden == {Location.HOSPITAL}
    assert C.characters["office_worker"].forbidden == {Location.SCHOOL}
    with_forbidden = sorted(cid for cid, c in BASE.items() if c.forbidden)
    assert with_forbidden == ["alien", "office_worker", "patient", "shrine_maiden"]


def test_start_locations_and_tags() -> None:
    starts = {cid: (c.start.value if c.start else None) for cid, c in BASE.items()}
    assert [cid for cid, s in starts.items() if s == "school"] == [
        "boy_student", "girl_student", "rich_mans_daughter", "class_rep", "mystery_boy",
    ]  # fmt: skip
    assert [cid for cid, s in starts.items() if s == "shrine"] == ["shrine_maiden", "alien", "godly_being"]
    assert [cid for cid, s in starts.items() if s == "hospital"] == ["doctor", "patient", "nurse"]
    assert starts["henchman"] is None
    assert C.characters["alien"].tags == {"girl"}
    assert C.characters["godly_being"].tags == {"man", "woman"}
    assert C.characters["journalist"].tags == {"adult", "man"}
    assert C.characters["patient"].tags == {"boy"}


def test_traits_of_the_special_characters() -> None:
    traits = {cid: c.traits for cid, c in BASE.items() if c.traits}
    assert traits == {
        "mystery_boy": ("irregular_role",),
        "godly_being": ("enters_on_loop",),
        "boss": ("turf",),
        "henchman": ("start_chosen",),
    }


def test_goodwill_abilities_tl_d6() -> None:
    """TL-D6a/TL-D6e: costs, once-per-loop marks and the two unrefusable abilities."""
    alien = C.characters["alien"].abilities
    assert [(a.id, a.cost, a.once_per_loop) for a in alien] == [("alien.1", 4, True), ("alien.2", 5, True)]
    unrefusable = sorted(a.id for c in BASE.values() for a in c.abilities if a.unrefusable)
    assert unrefusable == ["mystery_boy.1", "nurse.1"]
    assert C.characters["patient"].abilities == ()
    assert C.characters["class_rep"].abilities[0].once_per_loop is True
    assert C.characters["journalist"].abilities[1].character == "journalist"
    n = sum(len(c.abilities) for c in BASE.values())
    assert n == 24


def test_roles_refusal_caps_and_abilities() -> None:
    assert [r for r, d in C.roles.items() if d.refusal is Refusal.MANDATORY] == ["cultist", "witch"]
    assert [r for r, d in C.roles.items() if d.refusal is Refusal.OPTIONAL] == [
        "killer", "brain", "curmudgeon", "factor",
    ]  # fmt: skip
    assert {r: d.max_count for r, d in C.roles.items() if d.max_count} == {
        "conspiracy_theorist": 1,
        "friend": 2,
    }
    assert [r for r, d in C.roles.items() if d.immortal] == ["time_traveler"]
    killer = C.roles["killer"].abilities
    assert [(a.id, a.timing, a.mandatory, a.loss) for a in killer] == [
        ("killer.1", Timing.DAY_END, False, False),
        ("killer.2", Timing.DAY_END, False, True),
    ]
    assert C.roles["serial_killer"].abilities[0].mandatory is True
    assert C.roles["person"].abilities == ()


def test_first_steps_set() -> None:
    fs = C.sets["first_steps"]
    assert len(fs.main_plots) + len(fs.subplots) == 6
    assert fs.main_plots == ("murder_plan", "light_of_the_avenger", "a_place_to_protect")
    assert fs.n_subplots == 1
    assert fs.final_guess is False
    assert len(fs.incidents) == 7
    assert len(fs.characters) == 30 and len(fs.characters) - len(fs.wider_cast) == 18
    assert "curmudgeon" in fs.roles and "witch" not in fs.roles


def test_basic_tragedy_x_set() -> None:
    btx = C.sets["basic_tragedy_x"]
    assert len(btx.main_plots) == 5 and len(btx.subplots) == 7
    assert btx.n_subplots == 2
    assert btx.final_guess is True
    assert btx.incidents[-2:] == ("foul_evil", "butterfly_effect")
    assert len(btx.roles) == 13


def test_plot_slots_and_rules() -> None:
    assert C.plots["a_hideous_script"].roles == {
        "conspiracy_theorist": (1, 1),
        "friend": (1, 1),
        "curmudgeon": (0, 2),
    }
    assert C.plots["circle_of_friends"].roles == {"friend": (2, 2), "conspiracy_theorist": (1, 1)}
    assert C.plots["threads_of_fate"].roles == {}
    assert C.plots["sign_with_me"].requirements == ("key_person_is_girl",)
    assert C.plots["shadow_of_the_ripper"].rules == ()  # ⚠ MRL's copied School rule not taken
    rumor = C.plots["an_unsettling_rumor"].rules[0]
    assert (rumor.id, rumor.timing, rumor.once_per_loop) == (
        "an_unsettling_rumor.1",
        Timing.MASTERMIND_ABILITY,
        True,
    )
    assert C.plots["murder_plan"].kind == "main" and C.plots["paranoia_virus"].kind == "sub"
    assert len(C.plots) == 16


def test_incidents() -> None:
    assert list(C.incidents) == [
        "murder", "increasing_unease", "suicide", "hospital_incident", "faraway_murder", "missing_person",
        "spreading", "foul_evil", "butterfly_effect",
    ]  # fmt: skip
    assert [i for i, d in C.incidents.items() if d.extra_condition] == ["hospital_incident"]
    assert C.incidents["hospital_incident"].extra_condition == "hospital_has_intrigue"


def test_hands_tl_d2_tl_d3() -> None:
    """TL-D2: the Mastermind's 10 cards; TL-D3: each protagonist's 8 (content §1)."""
    mm = C.hand("mastermind")
    assert len(mm) == 10
    assert [c.kind.value for c in mm] == [
        "paranoia_plus_1", "paranoia_plus_1", "paranoia_minus_1", "forbid_paranoia", "forbid_goodwill",
        "intrigue_plus_1", "intrigue_plus_2", "move_horizontal", "move_vertical", "move_diagonal",
    ]  # fmt: skip
    assert sorted(c.kind.value for c in mm if c.once_per_loop) == ["intrigue_plus_2", "move_diagonal"]
    pr = C.hand("protagonist")
    assert len(pr) == 8
    assert sorted(c.kind.value for c in pr if c.once_per_loop) == [
        "forbid_movement", "goodwill_plus_2", "paranoia_minus_1",
    ]  # fmt: skip
    assert CardKind.FORBID_MOVEMENT not in {c.kind for c in mm}
    assert CardKind.GOODWILL_PLUS_1 not in {c.kind for c in mm}
    assert {c.id for c in C.cards if c.count == 2} == {"mastermind.paranoia_plus_1"}


@pytest.mark.parametrize(
    ("start", "direction", "end"),
    [
        ("hospital", "horizontal", "shrine"), ("hospital", "vertical", "city"),
        ("hospital", "diagonal", "school"), ("shrine", "horizontal", "hospital"),
        ("shrine", "vertical", "school"), ("shrine", "diagonal", "city"),
        ("city", "horizontal", "school"), ("city", "vertical", "hospital"), ("city", "diagonal", "shrine"),
        ("school", "horizontal", "city"), ("school", "vertical", "shrine"),
        ("school", "diagonal", "hospital"),
    ],
)  # fmt: skip
def test_board_moves_tl_d4(start: str, direction: str, end: str) -> None:
    """TL-D4 movement on the 2×2 grid Hospital|Shrine / City|School (content §2)."""
    assert C.board.move(Location(start), direction) == Location(end)  # type: ignore[arg-type]


def test_board_grid() -> None:
    assert C.board.grid == ((Location.HOSPITAL, Location.SHRINE), (Location.CITY, Location.SCHOOL))


def test_default_load_is_cached() -> None:
    assert load_content() is load_content()


def test_ability_ids_are_owner_dot_n() -> None:
    ids = [a.id for c in BASE.values() for a in c.abilities]
    ids += [a.id for r in C.roles.values() for a in r.abilities]
    ids += [a.id for p in C.plots.values() for a in p.rules]
    assert len(ids) == len(set(ids)) == 24 + 16 + 10
    assert "light_of_the_avenger.1" in ids and "friend.2" in ids and "factor.2" in ids


def test_names_in_three_languages() -> None:
    nurse = C.characters["nurse"]
    assert (nurse.name, nurse.name_ja, nurse.name_vi) == ("Nurse", "ナース", "Y tá")
    assert C.roles["key_person"].name_vi == "Nhân vật Then chốt"
    assert C.plots["murder_plan"].name_vi == "Kế hoạch Giết người"
    assert C.incidents["murder"].name_vi == "Án mạng"
    missing = [
        d.id
        for table in (C.characters, C.roles, C.plots, C.incidents)
        for d in table.values()
        if not (d.name_ja and d.name_vi)
    ]
    assert missing == []
