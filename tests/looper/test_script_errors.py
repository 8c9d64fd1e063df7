"""Every error path of the script loader and validator, with literal messages (``file: entry: field``).

Each case starts from a shipped script, breaks one thing, writes it to ``s.yaml`` and checks the
first :class:`ScriptError`. Rule ids: TL-LOOP-1 (loops), TL-LOOP-2 (days), TL-D7 (incidents and culprits).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesengine.errors import InputError
from rulesengine.looper.rules.content import Location, load_content
from rulesengine.looper.rules.script import (
    SCRIPTS_DIR,
    Script,
    ScriptError,
    load_script,
    parse_script,
    script_problems,
    validate_script,
    validation_report,
)

Data = Any
Edit = Callable[[Data], object]
C = load_content()

FS1 = "fs_01_tutorial.yaml"
FS1_CAST = "(cast: girl_student, boy_student, shrine_maiden, office_worker, pop_idol, doctor)"
FS2 = "fs_02_quiet_ward.yaml"
FS3 = "fs_03_festival_of_masks.yaml"
BTX1 = "btx_01_first_contract.yaml"
BTX3 = "btx_03_sealed_lantern.yaml"


class Whole:
    """An edit result that replaces the whole file."""

    def __init__(self, data: object) -> None:
        self.data = data


def base(name: str) -> Data:
    return yaml.safe_load((SCRIPTS_DIR / name).read_text(encoding="utf-8"))


def write(tmp_path: Path, data: object, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def error_of(tmp_path: Path, name: str, edit: Edit) -> str:
    data = base(name)
    result = edit(data)
    if isinstance(result, Whole):
        data = result.data
    with pytest.raises(ScriptError) as info:
        load_script(write(tmp_path, data))
    return str(info.value)


def put(obj: dict[str, Any], key: str, value: object) -> None:
    obj[key] = value


def pub(d: Data) -> dict[str, Any]:
    return d["public"]  # type: ignore[no-any-return]


def prv(d: Data) -> dict[str, Any]:
    return d["private"]  # type: ignore[no-any-return]


def add_cast(d: Data, *cids: str) -> None:
    pub(d)["cast"].extend(cids)


def same_day(d: Data) -> None:
    pub(d)["incidents"][0]["day"] = 3
    prv(d)["culprits"].pop(0)


CASES: list[tuple[str, str, Edit, str]] = [
    # ---- shape of the file
    ("top_not_mapping", FS1, lambda d: Whole(["x"]), "s.yaml: script: expected a mapping, got a list"),
    ("top_unknown_key", FS1, lambda d: put(d, "author", "me"),
     "s.yaml: script: author: unknown key (allowed: description, id, notes, options, private, "
     "public, title)"),
    ("title_missing", FS1, lambda d: d.pop("title"), "s.yaml: script: title: missing"),
    ("title_not_string", FS1, lambda d: put(d, "title", 7),
     "s.yaml: script: title: expected a non-empty string, got 7"),
    ("public_not_mapping", FS1,
     lambda d: put(d, "public", "x"), "s.yaml: public: expected a mapping, got 'x'"),
    ("private_missing", FS1, lambda d: d.pop("private"), "s.yaml: script: private: missing"),
    ("public_unknown_key", FS1, lambda d: put(pub(d), "weather", "rain"),
     "s.yaml: public: weather: unknown key (allowed: cast, days, incidents, loops, set, special_rules)"),
    ("public_culprit_leak", FS1, lambda d: put(pub(d)["incidents"][0], "culprit", "pop_idol"),
     "s.yaml: public: incidents[0]: culprit: unknown key (allowed: day, incident)"),
    ("public_missing_loops", FS1, lambda d: pub(d).pop("loops"), "s.yaml: public: loops: missing"),
    ("private_unknown_key", FS1, lambda d: put(prv(d), "killer", "office_worker"),
     "s.yaml: private: killer: unknown key (allowed: boss_turf, culprits, godly_being_entry_loop, "
     "henchman_start, main_plot, roles, subplots, transfer_student_entry_day)"),
    ("private_missing_roles", FS1, lambda d: prv(d).pop("roles"), "s.yaml: private: roles: missing"),
    ("loops_not_int", FS1, lambda d: put(pub(d), "loops", "3"),
     "s.yaml: public: loops: expected an integer, got '3'"),
    ("days_bool", FS1,
     lambda d: put(pub(d), "days", True), "s.yaml: public: days: expected an integer, got True"),
    ("cast_not_list", FS1,
     lambda d: put(pub(d), "cast", "nurse"), "s.yaml: public: cast: expected a list, got 'nurse'"),
    ("cast_duplicate", FS1, lambda d: add_cast(d, "doctor"), "s.yaml: public: cast[6]: duplicate 'doctor'"),
    ("incidents_not_list", FS1, lambda d: put(pub(d), "incidents", {"day": 2}),
     "s.yaml: public: incidents: expected a list, got a mapping"),
    ("incident_not_mapping", FS1, lambda d: put(pub(d), "incidents", ["murder"]),
     "s.yaml: public: incidents[0]: expected a mapping, got 'murder'"),
    ("incident_day_not_int", FS1, lambda d: put(pub(d)["incidents"][0], "day", "two"),
     "s.yaml: public: incidents[0]: day: expected an integer, got 'two'"),
    ("incident_missing_name", FS1, lambda d: pub(d)["incidents"][0].pop("incident"),
     "s.yaml: public: incidents[0]: incident: missing"),
    ("culprit_twice_for_a_day", FS1, lambda d: prv(d)["culprits"].append({"day": 3, "culprit": "doctor"}),
     "s.yaml: private: culprits[2]: day: a second culprit for day 3"),
    ("culprit_day_without_incident", FS1, lambda d: put(prv(d)["culprits"][0], "day", 1),
     "s.yaml: private: culprits[0]: day: no incident is scheduled on day 1 in the public sheet"),
    ("culprit_missing", FS1, lambda d: prv(d)["culprits"].pop(1),
     "s.yaml: public: incidents[1]: the private sheet names no culprit for day 3"),
    ("culprit_entry_unknown_key", FS1, lambda d: put(prv(d)["culprits"][0], "incident", "murder"),
     "s.yaml: private: culprits[0]: incident: unknown key (allowed: culprit, day)"),
    ("roles_not_mapping", FS1, lambda d: put(prv(d), "roles", ["killer"]),
     "s.yaml: private: roles: expected a mapping, got a list"),
    ("role_not_string", FS1, lambda d: put(prv(d)["roles"], "doctor", 3),
     "s.yaml: private: roles.doctor: expected a role id, got 3"),
    ("subplots_not_list", FS1, lambda d: put(prv(d), "subplots", "an_unsettling_rumor"),
     "s.yaml: private: subplots: expected a list, got 'an_unsettling_rumor'"),
    ("subplots_duplicate", BTX1,
     lambda d: put(prv(d), "subplots", ["circle_of_friends", "circle_of_friends"]),
     "s.yaml: private: subplots[1]: duplicate 'circle_of_friends'"),
    ("boss_turf_not_location", FS3, lambda d: put(prv(d), "boss_turf", "moon"),
     "s.yaml: private: boss_turf: expected one of hospital, shrine, city, school, got 'moon'"),
    ("entry_loop_not_int", FS3, lambda d: put(prv(d), "godly_being_entry_loop", "second"),
     "s.yaml: private: godly_being_entry_loop: expected an integer, got 'second'"),
    ("options_not_mapping", FS1, lambda d: put(d, "options", ["strict"]),
     "s.yaml: script: options: expected a mapping, got a list"),
    # ---- public sheet rules
    ("unknown_set", FS1, lambda d: put(pub(d), "set", "third_steps"),
     "s.yaml: public: set: unknown tragedy set 'third_steps' (known: basic_tragedy_x, first_steps)"),
    ("zero_loops", FS1,
     lambda d: put(pub(d), "loops", 0), "s.yaml: public: loops: must be 1 to 8, got 0"),
    ("zero_days", FS1, lambda d: put(pub(d), "days", 0), "s.yaml: public: days: must be 1 to 8, got 0"),
    ("unknown_character", FS1, lambda d: add_cast(d, "vampire"),
     "s.yaml: public: cast[6]: unknown character 'vampire'"),
    ("incident_after_last_day", FS1,
     lambda d: (put(pub(d)["incidents"][1], "day", 4), put(prv(d)["culprits"][1], "day", 4)),
     "s.yaml: public: incidents[1].day: day 4 is outside 1..3"),
    ("incident_day_zero", FS1,
     lambda d: (put(pub(d)["incidents"][0], "day", 0), put(prv(d)["culprits"][0], "day", 0)),
     "s.yaml: public: incidents[0].day: day 0 is outside 1..3"),
    ("two_incidents_one_day", FS1, same_day,
     "s.yaml: public: incidents[1].day: a second incident on day 3 (at most one a day)"),
    ("unknown_incident", FS1, lambda d: put(pub(d)["incidents"][0], "incident", "flood"),
     "s.yaml: public: incidents[0].incident: unknown incident 'flood'"),
    ("incident_of_another_set", FS1, lambda d: put(pub(d)["incidents"][0], "incident", "foul_evil"),
     "s.yaml: public: incidents[0].incident: 'foul_evil' is not an incident of first_steps"),
    ("culprit_not_in_cast", FS1, lambda d: put(prv(d)["culprits"][0], "culprit", "nurse"),
     "s.yaml: private: culprits: day 2: no character 'nurse' in the cast"
     f" {FS1_CAST}"),
    ("culprit_of_two_incidents", FS1, lambda d: put(prv(d)["culprits"][1], "culprit", "pop_idol"),
     "s.yaml: private: culprits: day 3: 'pop_idol' is already the culprit on day 2 "
     "(a character is the culprit of at most one incident)"),
    # ---- plots
    ("main_plot_of_another_set", FS1, lambda d: put(prv(d), "main_plot", "the_sealed_item"),
     "s.yaml: private: main_plot: 'the_sealed_item' is not a main plot of first_steps"),
    ("main_plot_is_a_subplot", FS1, lambda d: put(prv(d), "main_plot", "an_unsettling_rumor"),
     "s.yaml: private: main_plot: 'an_unsettling_rumor' is not a main plot of first_steps"),
    ("fs_two_subplots", FS1, lambda d: prv(d)["subplots"].append("a_hideous_script"),
     "s.yaml: private: subplots: first_steps takes 1 subplot, got 2"),
    ("btx_one_subplot", BTX1, lambda d: prv(d)["subplots"].pop(),
     "s.yaml: private: subplots: basic_tragedy_x takes 2 subplots, got 1"),
    ("subplot_of_another_set", FS1, lambda d: put(prv(d), "subplots", ["circle_of_friends"]),
     "s.yaml: private: subplots[0]: 'circle_of_friends' is not a subplot of first_steps"),
    # ---- roles
    ("role_outside_cast", FS1, lambda d: put(prv(d)["roles"], "nurse", "person"),
     f"s.yaml: private: roles.nurse: no character 'nurse' in the cast {FS1_CAST}"),
    ("role_of_no_character", FS1, lambda d: put(prv(d)["roles"], "unicorn", "person"),
     f"s.yaml: private: roles.unicorn: no character 'unicorn' in the cast {FS1_CAST}"),
    ("option_int_for_bool", FS1, lambda d: put(d, "options", {"police_this_loop_only": 1}),
     "s.yaml: options: police_this_loop_only: expected true or false, got 1"),
    ("role_of_another_set", FS1, lambda d: put(prv(d)["roles"], "doctor", "witch"),
     "s.yaml: private: roles.doctor: 'witch' is not a role of first_steps"),
    ("unknown_role", FS1, lambda d: put(prv(d)["roles"], "doctor", "ninja"),
     "s.yaml: private: roles.doctor: 'ninja' is not a role of first_steps"),
    ("missing_killer", FS1, lambda d: put(prv(d)["roles"], "office_worker", "person"),
     "s.yaml: private: roles: 0 killer, the plots call for exactly 1"),
    ("two_brains", FS1, lambda d: put(prv(d)["roles"], "doctor", "brain"),
     "s.yaml: private: roles: 2 brain (pop_idol, doctor), the plots call for exactly 1"),
    ("role_no_plot_gives", FS1, lambda d: put(prv(d)["roles"], "doctor", "serial_killer"),
     "s.yaml: private: roles: 1 serial_killer (doctor), the plots call for none"),
    ("three_curmudgeons", FS2,
     lambda d: prv(d)["roles"].update(rich_mans_daughter="curmudgeon", journalist="curmudgeon"),
     "s.yaml: private: roles: 3 curmudgeon (doctor, rich_mans_daughter, journalist), the plots call "
     "for 0 to 2"),
    ("friends_capped_at_two", BTX1,
     lambda d: (put(prv(d), "subplots", ["circle_of_friends", "the_hidden_freak"]),
                prv(d)["roles"].update(boy_student="serial_killer", doctor="friend")),
     "s.yaml: private: roles: 3 friend (class_rep, pop_idol, doctor), the plots call for exactly 2"),
    ("conspiracy_theorist_capped_at_one", BTX1,
     lambda d: (put(prv(d), "subplots", ["circle_of_friends", "an_unsettling_rumor"]),
                prv(d)["roles"].update(doctor="conspiracy_theorist")),
     "s.yaml: private: roles: 2 conspiracy_theorist (journalist, doctor), the plots call for exactly 1"),
    ("sign_with_me_needs_a_girl", BTX1,
     lambda d: prv(d)["roles"].update(girl_student="person", boy_student="key_person"),
     "s.yaml: private: roles.boy_student: sign_with_me: the Key Person must be a Girl"),
    ("mystery_boy_person", BTX3, lambda d: put(prv(d)["roles"], "mystery_boy", "person"),
     "s.yaml: private: roles.mystery_boy: 'mystery_boy' is never a Person"),
    # the wider cast (issue 24)
    ("transfer_student_day_outside", FS1,
     lambda d: (add_cast(d, "transfer_student"), put(prv(d), "transfer_student_entry_day", 5)),
     "s.yaml: private: transfer_student_entry_day: day 5 is outside 1..3"),
    ("transfer_student_day_missing", FS1, lambda d: add_cast(d, "transfer_student"),
     "s.yaml: private: transfer_student_entry_day: missing (transfer_student is in the cast)"),
    ("transfer_student_day_unused", FS1, lambda d: put(prv(d), "transfer_student_entry_day", 2),
     "s.yaml: private: transfer_student_entry_day: set, but no character of the cast enters on a day"),
    ("ai_person", FS1, lambda d: add_cast(d, "ai"), "s.yaml: private: roles.ai: 'ai' is never a Person"),
    ("copycat_without_original", BTX1,
     lambda d: (add_cast(d, "copycat"), put(prv(d)["roles"], "copycat", "witch")),
     "s.yaml: private: roles.copycat: 'copycat' copies the role of another cast member, but no one else has"
     " 'witch'"),
    ("mystery_boy_plot_role", FS3,
     lambda d: prv(d)["roles"].update(mystery_boy="brain", boss="key_person"),
     "s.yaml: private: roles.mystery_boy: 'mystery_boy' must have a role that the script's plots do "
     "not give, "
     "got 'brain'"),
    # ---- character parameters
    ("entry_loop_missing", FS3, lambda d: prv(d).pop("godly_being_entry_loop"),
     "s.yaml: private: godly_being_entry_loop: missing (godly_being is in the cast)"),
    ("entry_loop_too_late", FS3, lambda d: put(prv(d), "godly_being_entry_loop", 5),
     "s.yaml: private: godly_being_entry_loop: loop 5 is outside 1..4"),
    ("entry_loop_zero", FS3, lambda d: put(prv(d), "godly_being_entry_loop", 0),
     "s.yaml: private: godly_being_entry_loop: loop 0 is outside 1..4"),
    ("entry_loop_without_godly_being", FS1, lambda d: put(prv(d), "godly_being_entry_loop", 2),
     "s.yaml: private: godly_being_entry_loop: set, but no character of the cast enters on a loop"),
    ("turf_missing", FS3, lambda d: prv(d).pop("boss_turf"),
     "s.yaml: private: boss_turf: missing (boss is in the cast)"),
    ("turf_without_boss", FS1, lambda d: put(prv(d), "boss_turf", "city"),
     "s.yaml: private: boss_turf: set, but no character of the cast has a turf"),
    ("henchman_start_without_henchman", FS1, lambda d: put(prv(d), "henchman_start", "city"),
     "s.yaml: private: henchman_start: set, but no character of the cast has a chosen start"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_script_error(tmp_path: Path, name: str, edit: Edit, message: str) -> None:
    assert error_of(tmp_path, name, edit) == message


def test_invalid_yaml(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("title: [unclosed\npublic: {}\n", encoding="utf-8")
    with pytest.raises(ScriptError) as info:
        load_script(path)
    assert str(info.value).startswith("broken.yaml: invalid YAML at line ")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScriptError) as info:
        load_script(tmp_path / "nope.yaml")
    assert str(info.value) == "nope.yaml: cannot be read (No such file or directory)"


def test_script_error_is_an_input_error_with_where(tmp_path: Path) -> None:
    data = base(FS1)
    data["public"]["loops"] = 0
    with pytest.raises(InputError) as info:
        load_script(write(tmp_path, data))
    assert isinstance(info.value, ScriptError)
    assert info.value.where == "s.yaml: public: loops"
    assert info.value.message == "must be 1 to 8, got 0"


def test_person_may_be_left_out_and_id_defaults_to_file_name(tmp_path: Path) -> None:
    data = base(FS1)
    del data["id"]
    del data["private"]["roles"]["doctor"]
    script = load_script(write(tmp_path, data, "my_script.yaml"))
    assert script.id == "my_script"
    assert script.roles["doctor"] == "person"


def test_options_are_kept_as_written_and_checked_by_the_validator(tmp_path: Path) -> None:
    data = base(FS1)
    data["options"] = {"student_any_target": True, "mystery_boy_from_loop": 2}
    script = load_script(write(tmp_path, data))
    assert script.options == {"student_any_target": True, "mystery_boy_from_loop": 2}
    data["options"] = {"anything": [1, 2], "police_this_loop_only": 1}
    assert [str(p) for p in script_problems(parse_script(write(tmp_path, data)), C)] == [
        "s.yaml: options: anything: unknown ruling option (known: ai_borrowed_counts_as_incident,"
        " boss_turf_in_incidents, doctor_mastermind_use, illusion_all_location_cards,"
        " keep_leader_across_loops, missing_person_any_location, mystery_boy_from_loop, nurse_on_herself,"
        " paranoia_virus_sticky, police_this_loop_only, sacred_tree_once_per_day, soldier_all_losses,"
        " spreading_needs_goodwill, student_any_target, time_traveler_optional,"
        " transfer_student_waits_at_school, young_girl_free_whole_game)",
        "s.yaml: options: police_this_loop_only: expected true or false, got 1",
    ]


def test_all_problems_are_listed(tmp_path: Path) -> None:
    data = base(FS1)
    data["public"]["loops"] = 0
    data["private"]["roles"]["doctor"] = "brain"
    data["private"]["boss_turf"] = "city"
    script = parse_script(write(tmp_path, data))
    assert [str(p) for p in script_problems(script, C)] == [
        "s.yaml: public: loops: must be 1 to 8, got 0",
        "s.yaml: private: roles: 2 brain (pop_idol, doctor), the plots call for exactly 1",
        "s.yaml: private: boss_turf: set, but no character of the cast has a turf",
    ]


# ---- paths reachable only through a Script built in code, or other content


def tutorial() -> Script:
    return load_script(SCRIPTS_DIR / FS1)


def first_error(script: Script, content: Any = C) -> str:
    with pytest.raises(ScriptError) as info:
        validate_script(script, content)
    return str(info.value)


def test_missing_role_in_a_built_script() -> None:
    roles = dict(tutorial().roles)
    del roles["doctor"]
    script = dataclasses.replace(tutorial(), roles=roles, path=None)
    assert first_error(script) == "<script>: private: roles.doctor: no role given (write person for none)"


def test_duplicate_subplot_in_a_built_script() -> None:
    s = load_script(SCRIPTS_DIR / BTX1)
    script = dataclasses.replace(s, subplots=("circle_of_friends", "circle_of_friends"))
    assert first_error(script) == (
        "btx_01_first_contract.yaml: private: subplots[1]: 'circle_of_friends' is listed twice"
    )


def test_duplicate_cast_in_a_built_script() -> None:
    s = tutorial()
    script = dataclasses.replace(s, cast=(*s.cast, "doctor"))
    assert first_error(script) == "fs_01_tutorial.yaml: public: cast[6]: 'doctor' is listed twice"


def test_character_not_in_the_set() -> None:
    fs = dataclasses.replace(C.sets["first_steps"], characters=("girl_student", "boy_student"))
    content = dataclasses.replace(C, sets={**C.sets, "first_steps": fs})
    assert first_error(tutorial(), content) == (
        "fs_01_tutorial.yaml: public: cast[2]: 'shrine_maiden' is not a character of first_steps"
    )


def test_mystery_boy_without_a_free_role() -> None:
    """Content §8: the Mystery Boy's role is one the plots do not give; none left means an invalid script."""
    s = load_script(SCRIPTS_DIR / FS3)
    few = ("person", "brain", "conspiracy_theorist", "serial_killer")
    fs = dataclasses.replace(C.sets["first_steps"], roles=few)
    content = dataclasses.replace(C, sets={**C.sets, "first_steps": fs})
    roles = {**s.roles, "mystery_boy": "brain"}
    assert first_error(dataclasses.replace(s, roles=roles), content) == (
        "fs_03_festival_of_masks.yaml: private: roles.mystery_boy: no role of the set is left outside the "
        "script's plots"
    )


def test_henchman_start_in_a_forbidden_location() -> None:
    s = load_script(SCRIPTS_DIR / FS3)
    henchman = dataclasses.replace(C.characters["henchman"], forbidden=frozenset({Location.HOSPITAL}))
    content = dataclasses.replace(C, characters={**C.characters, "henchman": henchman})
    assert first_error(s, content) == (
        "fs_03_festival_of_masks.yaml: private: henchman_start: henchman may not be in hospital"
    )


def test_a_key_written_twice_is_refused(tmp_path: Path) -> None:
    """PyYAML keeps the last of two equal keys silently; the loader refuses the file instead."""
    text = (SCRIPTS_DIR / FS1).read_text(encoding="utf-8")
    text = text.replace("    doctor: person\n", "    doctor: person\n    doctor: brain\n")
    path = tmp_path / "twice.yaml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("    doctor: brain") + 1
    with pytest.raises(ScriptError) as info:
        load_script(path)
    assert str(info.value) == f"twice.yaml: invalid YAML at line {line}, column 5: duplicate key 'doctor'"


def test_empty_id_is_refused(tmp_path: Path) -> None:
    data = base(FS1)
    data["id"] = ""
    with pytest.raises(ScriptError) as info:
        load_script(write(tmp_path, data))
    assert str(info.value) == "s.yaml: script: id: expected a non-empty string, got ''"


def test_messages_quoted_in_the_docs_are_real() -> None:
    """Every example message in docs/looper_scripts.md is one a case above checks literally."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "looper_scripts.md").read_text(encoding="utf-8")
    quoted = re.findall(r"`(s\.yaml: [^`]+)`", docs)
    assert len(quoted) >= 20
    known = {c[3] for c in CASES}
    assert [q for q in quoted if q not in known] == []


def test_validation_report_lists_every_problem(tmp_path: Path) -> None:
    data = base(FS1)
    data["public"]["days"] = 0
    data["private"]["roles"]["doctor"] = "witch"
    report = validation_report(write(tmp_path, data))
    assert report == {
        "script": "fs_01_tutorial",
        "file": "s.yaml",
        "valid": False,
        "problems": [
            "s.yaml: public: days: must be 1 to 8, got 0",
            "s.yaml: public: incidents[0].day: day 2 is outside 1..0",
            "s.yaml: public: incidents[1].day: day 3 is outside 1..0",
            "s.yaml: private: roles.doctor: 'witch' is not a role of first_steps",
        ],
        "warnings": [],
    }


def test_validation_report_raises_on_a_malformed_file(tmp_path: Path) -> None:
    data = base(FS1)
    data["public"]["loops"] = "many"
    with pytest.raises(ScriptError) as info:
        validation_report(write(tmp_path, data))
    assert str(info.value) == "s.yaml: public: loops: expected an integer, got 'many'"


# ---- ranges (TL-LOOP-1, TL-LOOP-2) and ruling options: validate, replay and play refuse alike


@pytest.mark.parametrize(
    ("field", "value", "ok"),
    [
        ("loops", 1, True), ("loops", 8, True), ("loops", 9, False), ("loops", 100000, False),
        ("loops", 10**35, False), ("days", 1, True), ("days", 8, True), ("days", 9, False),
        ("days", 100000, False), ("days", -1, False),
    ],
)  # fmt: skip
def test_loops_and_days_are_1_to_8_tl_loop_1_tl_loop_2(
    tmp_path: Path, field: str, value: int, ok: bool
) -> None:
    data = base(FS1)
    data["public"][field] = value
    data["public"]["incidents"] = data["private"]["culprits"] = []  # no incident day to fall outside
    report = validation_report(write(tmp_path, data))
    expected = [] if ok else [f"s.yaml: public: {field}: must be 1 to 8, got {value}"]
    assert report["problems"] == expected


LOOP_NUMBER = "expected a loop number 1 to 8"
BAD_OPTIONS = [
    ({"police_this_loop_only": 1}, "options: police_this_loop_only: expected true or false, got 1"),
    ({"mystery_boy_from_loop": 10**29}, f"options: mystery_boy_from_loop: {LOOP_NUMBER}, got {10**29}"),
    ({"mystery_boy_from_loop": 0}, f"options: mystery_boy_from_loop: {LOOP_NUMBER}, got 0"),
    ({"mystery_boy_from_loop": True}, f"options: mystery_boy_from_loop: {LOOP_NUMBER}, got True"),
    ({"doctor_mastermind_use": "always"}, "options: doctor_mastermind_use: expected one of off, refusal,"
     " refusal_and_goodwill, got 'always'"),
    ({"unicorns": True}, "options: unicorns: unknown ruling option (known: ai_borrowed_counts_as_incident,"
     " boss_turf_in_incidents, doctor_mastermind_use, illusion_all_location_cards,"
     " keep_leader_across_loops, missing_person_any_location, mystery_boy_from_loop, nurse_on_herself,"
     " paranoia_virus_sticky, police_this_loop_only, sacred_tree_once_per_day, soldier_all_losses,"
     " spreading_needs_goodwill, student_any_target, time_traveler_optional,"
     " transfer_student_waits_at_school, young_girl_free_whole_game)"),
]


@pytest.mark.parametrize(("options", "message"), BAD_OPTIONS)
def test_validate_refuses_the_options_replay_refuses(
    tmp_path: Path, options: dict[str, object], message: str
) -> None:
    """One check (rulings.option_problems) for `looper validate`, the engine and a decisions file."""
    from rulesengine.looper.play.replay import replay

    data = base(FS1)
    data["options"] = options
    path = write(tmp_path, data)
    assert validation_report(path)["problems"] == [f"s.yaml: {message}"]
    with pytest.raises(ScriptError) as info:
        load_script(path)  # so `looper replay` and `looper play` stop here too
    assert str(info.value) == f"s.yaml: {message}"
    with pytest.raises(InputError) as decisions:
        replay(load_script(SCRIPTS_DIR / FS1), {"options": options, "decisions": []}, where="d.json")
    assert str(decisions.value) == f"d.json: {message}"


def test_good_options_pass_both_checks(tmp_path: Path) -> None:
    from rulesengine.looper.play.replay import replay

    options = {"mystery_boy_from_loop": 8, "police_this_loop_only": False, "doctor_mastermind_use": "off"}
    data = base(FS1)
    data["options"] = options
    script = load_script(write(tmp_path, data))
    assert script.options == options
    assert replay(script, {"options": options, "decisions": []}).rulings.mystery_boy_from_loop == 8
