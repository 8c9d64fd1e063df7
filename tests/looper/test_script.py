"""The shipped scripts and the Script value: every shipped script validates (TL-LOOP-1, TL-LOOP-2, TL-D7)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.looper.rules.content import Location, load_content
from rulesengine.looper.rules.script import (
    SCRIPTS_DIR,
    ScheduledIncident,
    ScriptError,
    dump_script,
    load_script,
    random_script,
    script_from_data,
    script_problems,
    script_to_data,
    script_warnings,
    shipped_scripts,
)

C = load_content()


def test_eight_scripts_are_shipped() -> None:
    assert [p.name for p in shipped_scripts()] == [
        "btx_01_first_contract.yaml",
        "btx_02_clockwork_hearts.yaml",
        "btx_03_sealed_lantern.yaml",
        "btx_04_cherry_tree_circle.yaml",
        "fs_01_tutorial.yaml",
        "fs_02_quiet_ward.yaml",
        "fs_03_festival_of_masks.yaml",
        "fs_04_new_faces.yaml",
    ]


def test_the_fourth_scripts_cast_most_of_the_wider_cast() -> None:
    """Issue 24: fs_04 and btx_04 cast eight of the twelve each, all twelve together."""
    wider = set(C.sets["first_steps"].wider_cast)
    names = ("fs_04_new_faces", "btx_04_cherry_tree_circle")
    casts = [set(load_script(SCRIPTS_DIR / f"{n}.yaml").cast) for n in names]
    assert len(casts[0] & wider) == 8 and len(casts[1] & wider) == 8
    assert casts[0] | casts[1] >= wider


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_every_shipped_script_validates(path: Path) -> None:
    script = load_script(path)
    assert script_problems(script, C) == []
    assert script.id == path.stem
    assert script.title and script.description and script.notes
    assert set(script.roles) == set(script.cast)
    assert script.path == str(path)


def test_shipped_culprits_can_reach_their_limits_tl_d7b() -> None:
    """TL-D7b playability: no culprit needs more paranoia than its helpers can give; the only notes are the
    Godly Being's late entry, which is part of those scripts' stories."""
    notes = [n for p in shipped_scripts() for n in script_warnings(load_script(p))]
    assert notes == [
        "btx_03_sealed_lantern.yaml: private: culprits: day 4: godly_being enters on loop 2, "
        "so the incident cannot happen before it",
        "fs_03_festival_of_masks.yaml: private: culprits: day 5: godly_being enters on loop 2, "
        "so the incident cannot happen before it",
    ]


def test_warning_for_an_unreachable_limit_tl_d7b() -> None:
    """TL-D2a allows one Mastermind card per character a day: a limit-3 culprit on day 2 needs help."""
    s = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    late = dataclasses.replace(
        s, incidents=(ScheduledIncident(2, "increasing_unease", "girl_student"), s.incidents[1])
    )
    assert script_warnings(late) == [
        "fs_01_tutorial.yaml: private: culprits: day 2: girl_student needs paranoia 3 by day 2, "
        "more than one Paranoia +1 a day gives, and nothing else helps"
    ]
    # a Conspiracy Theorist starting beside her removes the note
    helped = dataclasses.replace(late, roles={**late.roles, "boy_student": "conspiracy_theorist",
                                              "shrine_maiden": "person"})  # fmt: skip
    assert script_warnings(helped) == []


def test_sizes_grow_from_the_tutorial() -> None:
    sizes = {p.stem: (len(s.cast), s.days, s.loops) for p in shipped_scripts() for s in [load_script(p)]}
    assert sizes == {
        "fs_01_tutorial": (6, 3, 3),
        "fs_02_quiet_ward": (7, 4, 3),
        "fs_03_festival_of_masks": (10, 5, 4),
        "btx_01_first_contract": (7, 4, 3),
        "btx_02_clockwork_hearts": (9, 5, 4),
        "btx_03_sealed_lantern": (11, 6, 4),
        "fs_04_new_faces": (9, 4, 4),
        "btx_04_cherry_tree_circle": (10, 5, 5),
    }


def test_tutorial_script_values() -> None:
    s = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    assert (s.id, s.title, s.set_id) == ("fs_01_tutorial", "The Last Bell", "first_steps")
    assert (s.loops, s.days) == (3, 3)
    assert s.cast == ("girl_student", "boy_student", "shrine_maiden", "office_worker", "pop_idol", "doctor")
    assert (s.main_plot, s.subplots) == ("murder_plan", ("an_unsettling_rumor",))
    assert s.role_of("girl_student") == "key_person"
    assert s.role_of("doctor") == "person"
    assert s.incidents == (
        ScheduledIncident(2, "increasing_unease", "pop_idol"),
        ScheduledIncident(3, "murder", "boy_student"),
    )
    assert s.incident_on(3) == ScheduledIncident(3, "murder", "boy_student")
    assert s.incident_on(1) is None
    assert (s.godly_being_entry_loop, s.boss_turf, s.henchman_start) == (None, None, None)
    assert s.options == {}


def test_public_sheet_hides_the_private_sheet() -> None:
    """TL-D7c: the public sheet names incidents by day, never culprits, roles or plots."""
    s = load_script(SCRIPTS_DIR / "fs_03_festival_of_masks.yaml")
    sheet = s.public_sheet()
    assert sheet == {
        "title": "Festival of Masks",
        "set": "first_steps",
        "loops": 4,
        "days": 5,
        "cast": list(s.cast),
        "incidents": {2: "Increasing Unease", 3: "Murder", 4: "Faraway Murder", 5: "Missing Person"},
        "special_rules": "The Godly Being enters play at the start of a later loop.",
    }
    text = repr(sheet)
    for secret in ("brain", "light_of_the_avenger", "shadow_of_the_ripper", "serial_killer", "hospital"):
        assert secret not in text


def test_character_parameters() -> None:
    s = load_script(SCRIPTS_DIR / "btx_03_sealed_lantern.yaml")
    assert s.godly_being_entry_loop == 2
    assert s.boss_turf is Location.SCHOOL
    assert s.henchman_start is Location.CITY
    assert s.role_of("mystery_boy") == "factor"


def test_role_of_outside_the_cast() -> None:
    s = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    with pytest.raises(ScriptError) as info:
        s.role_of("nurse")
    assert str(info.value) == (
        "fs_01_tutorial.yaml: private: roles: no character 'nurse' in the cast"
        " (cast: girl_student, boy_student, shrine_maiden, office_worker, pop_idol, doctor)"
    )


def test_btx_scripts_use_two_subplots_and_the_final_guess_set() -> None:
    for path in shipped_scripts():
        s = load_script(path)
        tset = C.sets[s.set_id]
        assert len(s.subplots) == tset.n_subplots
        assert tset.final_guess is path.name.startswith("btx")


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_dump_and_read_back_gives_the_same_script(path: Path, tmp_path: Path) -> None:
    script = load_script(path)
    copy = tmp_path / path.name
    copy.write_text(dump_script(script), encoding="utf-8")
    again = load_script(copy)
    assert dataclasses.replace(again, path=script.path) == script
    assert script_from_data(script_to_data(script), path.name, path=str(path)) == script


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    set_id=st.sampled_from(["first_steps", "basic_tragedy_x"]),
)
def test_random_scripts_are_valid_and_round_trip(seed: int, set_id: str) -> None:
    """Every script creation rule holds for generated scripts, and they survive the file format."""
    script = random_script(random.Random(seed), set_id)
    assert script_problems(script, C) == []
    assert len(script.subplots) == C.sets[set_id].n_subplots
    assert len({i.day for i in script.incidents}) == len(script.incidents)
    assert len({i.culprit for i in script.incidents}) == len(script.incidents)
    back = script_from_data(yaml.safe_load(dump_script(script)), "random.yaml", default_id="x")
    assert dataclasses.replace(back, path=None) == script


def test_random_script_is_reproducible() -> None:
    a = random_script(random.Random(11), "first_steps")
    b = random_script(random.Random(11), "first_steps")
    assert a == b
    assert random_script(random.Random(3), "first_steps", loops=2, days=4).days == 4


def test_the_example_in_the_docs_is_a_valid_script(tmp_path: Path) -> None:
    """The example of docs/looper_scripts.md loads and equals the tutorial it abridges (roles and plots)."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "looper_scripts.md").read_text(encoding="utf-8")
    block = docs.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.yaml"
    path.write_text(block, encoding="utf-8")
    example = load_script(path)
    tutorial = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    assert example.roles == tutorial.roles
    assert (example.incidents, example.cast) == (tutorial.incidents, tutorial.cast)
