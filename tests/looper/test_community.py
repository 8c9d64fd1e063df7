"""The community script format: `looper import` / `looper export` and the conversion behind them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.play.community import (
    CommunityError,
    export_scripts,
    import_scripts,
    parse_community,
    read_community,
    strip_json_comments,
)
from rulesengine.looper.rules.content import Location
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import Script, load_script, script_to_data, shipped_scripts

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "community_sample.jsonc"
MALFORMED = DATA / "community_malformed.json"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulesengine", "looper", *args], capture_output=True, text=True
    )


def sample(**kw: object) -> dict[str, object]:
    results = import_scripts(read_community(SAMPLE), SAMPLE.name, **kw)  # type: ignore[arg-type]
    return {r.title: r for r in results}


def same(a: Script, b: Script) -> bool:
    return script_to_data(a) == script_to_data(b)


# ---------------------------------------------------------------------------- conversion


def test_the_sample_converts_its_first_steps_and_btx_scripts_and_skips_the_others() -> None:
    results = sample()
    assert {t: r.status for t, r in results.items()} == {
        "Lanterns at Dusk": "valid",
        "The Turf of the Old Man": "valid",
        "A Visitor from Elsewhere": "valid",  # the Transfer Student, with her "enters on day" (issue 24)
        "A Guest from Another Box": "skipped",
        "Under the Midnight Moon": "skipped",
    }
    visitor = results["A Visitor from Elsewhere"].script
    assert visitor is not None and visitor.transfer_student_entry_day == 2
    assert results["A Guest from Another Box"].reason == (
        "character 'vampireHunter' is not one of the characters the project knows"
    )
    assert results["Under the Midnight Moon"].reason == (
        "tragedy set 'midnightCircle' is not First Steps or Basic Tragedy X"
    )


def test_names_plots_roles_and_incidents_are_mapped() -> None:
    fs = sample()["Lanterns at Dusk"].script
    assert fs is not None
    assert (fs.id, fs.set_id, fs.loops, fs.days) == ("fs_lanterns_at_dusk", "first_steps", 3, 4)
    assert (fs.main_plot, fs.subplots) == ("murder_plan", ("shadow_of_the_ripper",))
    assert fs.roles["rich_mans_daughter"] == "key_person"  # the site's "richStudent"
    assert fs.roles["journalist"] == "conspiracy_theorist"
    assert [(i.day, i.incident, i.culprit) for i in fs.incidents] == [
        (1, "suicide", "journalist"),
        (3, "murder", "office_worker"),
    ]
    assert fs.special_rules == ""  # the site's [""] is no rule
    assert fs.notes.startswith("Creator: rulesengine tests\n\nBring the Rich Man's Daughter")


def test_boss_turf_godly_being_entry_and_an_open_henchman_start() -> None:
    btx = sample()["The Turf of the Old Man"].script
    assert btx is not None
    assert btx.boss_turf is Location.SHRINE and btx.godly_being_entry_loop == 2
    assert btx.henchman_start is None  # chosen by the Mastermind at each loop's start
    assert btx.subplots == ("circle_of_friends", "a_love_affair")
    assert btx.roles["girl_student"] == "loved_one" and btx.roles["boss"] == "brain"
    assert "Story: An old man's men" in btx.notes and "Victory conditions: 2 intrigue" in btx.notes
    assert btx.loops == 4  # the first difficulty set


@pytest.mark.parametrize(("difficulty", "loops"), [(3, 4), (5, 3)])
def test_difficulty_picks_the_number_of_loops(difficulty: int, loops: int) -> None:
    script = sample(difficulty=difficulty)["The Turf of the Old Man"].script
    assert script is not None and script.loops == loops


def test_a_missing_difficulty_skips_the_script() -> None:
    result = sample(difficulty=5)["Lanterns at Dusk"]
    assert result.status == "skipped" and result.reason == "no difficulty set 5 (difficulties: 1)"


def test_title_selects_one_script_and_an_unknown_title_is_refused() -> None:
    assert list(sample(title="lanterns at dusk")) == ["Lanterns at Dusk"]
    with pytest.raises(CommunityError) as err:
        sample(title="Nope")
    assert err.value.where == "community_sample.jsonc: --title"


def test_comments_trailing_commas_and_strings_with_slashes() -> None:
    text = '{\n  "$schema": "x", // a note\n  "scripts": [/* none */],\n  "url": "http://a//b",\n}'
    assert parse_community(text, "c.jsonc") == {"$schema": "x", "scripts": [], "url": "http://a//b"}
    assert strip_json_comments('"a\\"//b" // c') == '"a\\"//b"     '


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"scripts": [', "c.json: invalid JSON at line 1, column 14: Expecting value"),
        ('{"scripts": {}}', 'c.json: expected an object with a "scripts" list (the community script format)'),
        ('{"scripts": [3]}', "c.json: scripts[0]: expected an object, got int"),
        (
            '{"scripts": [{"title": "T", "tragedySet": "firstSteps", "daysPerLoop": "four"}]}',
            "c.json: scripts[0]: daysPerLoop: expected a whole number, got 'four'",
        ),
    ],
)
def test_malformed_input_names_the_entry_and_field(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        import_scripts(parse_community(text, "c.json"), "c.json")
    assert str(err.value) == message


def test_a_boss_turf_that_is_no_location_is_malformed() -> None:
    data = read_community(SAMPLE)
    data["scripts"][1]["cast"]["boss"] = ["brain", {"Turf": "Moon"}]  # type: ignore[index]
    with pytest.raises(CommunityError) as err:
        import_scripts(data, "s.json")
    assert str(err.value) == (
        "s.json: scripts[1]: cast.boss: Turf: expected a location (Hospital, Shrine, City, School),"
        " got 'Moon'"
    )


def test_a_script_breaking_a_rule_is_listed_invalid_with_the_validators_reasons() -> None:
    data = read_community(SAMPLE)
    data["scripts"][0]["cast"]["boyStudent"] = "killer"  # type: ignore[index]
    (result,) = import_scripts(data, "s.json", title="Lanterns at Dusk")
    assert result.status == "invalid"
    assert result.problems == (
        "fs_lanterns_at_dusk.yaml: private: roles: 2 killer (boy_student, office_worker), the plots call for"
        " exactly 1",
    )


# ---------------------------------------------------------------------------- round trip and play


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_export_then_import_gives_the_same_script(path: Path) -> None:
    script = load_script(path)
    (result,) = import_scripts(json.loads(json.dumps(export_scripts([script]))), "x.json")
    assert result.status == "valid" and result.script is not None
    assert same(result.script, script)


def test_round_trip_keeps_options_special_rules_and_a_fixed_henchman_start() -> None:
    from dataclasses import replace

    script = load_script(shipped_scripts()[2])  # btx_03: the Henchman's start is fixed
    assert script.henchman_start is not None
    script = replace(
        script, options={"mystery_boy_from_loop": 1, "doctor_mastermind_use": "off"}, special_rules="Be kind."
    )
    entry = export_scripts([script])["scripts"][0]  # type: ignore[index]
    assert entry["specialRules"] == [
        "Be kind.",
        f"The Henchman starts every loop in the {script.henchman_start.value.capitalize()}.",
        "Ruling option: mystery_boy_from_loop = 1",
        'Ruling option: doctor_mastermind_use = "off"',
    ]
    (result,) = import_scripts(export_scripts([script]), "x.json")
    assert result.script is not None and same(result.script, script)


def test_imported_scripts_round_trip_through_export() -> None:
    for result in sample().values():
        if result.script is not None:
            (again,) = import_scripts(export_scripts([result.script]), "x.json")
            assert again.script is not None and same(again.script, result.script)


@pytest.mark.parametrize("title", ["Lanterns at Dusk", "The Turf of the Old Man"])
def test_converted_scripts_play_random_and_heuristic_games(title: str) -> None:
    script = sample()[title].script
    assert script is not None
    winners = set()
    for seed in range(25):
        agents = {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 1)}
        game = drive(Game(script), agents)
        assert game.outcome is not None
        winners.add(game.outcome.winner)
    game = drive(
        Game(script), {"mastermind": HeuristicMastermind(0), "protagonists": HeuristicProtagonists(1)}
    )
    assert game.outcome is not None
    if "henchman" in script.cast:  # asked at every loop's start, and public (TL-RW)
        starts = [e for e in game.log if e.kind == "henchman_start" and e.visibility == "public"]
        assert len(starts) == game.loop
    assert winners <= {"mastermind", "protagonists"}


# ---------------------------------------------------------------------------- command line


def test_cli_import_writes_valid_scripts_and_exits_0(tmp_path: Path) -> None:
    result = run("import", str(SAMPLE), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "fs_lanterns_at_dusk: Lanterns at Dusk: valid"
    assert "skipped: A Guest from Another Box: character 'vampireHunter'" in result.stdout
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["btx_the_turf_of_the_old_man.yaml", "fs_a_visitor_from_elsewhere.yaml",
                       "fs_lanterns_at_dusk.yaml"]
    for path in tmp_path.iterdir():
        load_script(path)  # validates


def test_cli_import_json_and_difficulty() -> None:
    result = run("import", str(SAMPLE), "--json", "--difficulty", "3", "--title", "The Turf of the Old Man")
    assert result.returncode == 0, result.stderr
    (report,) = json.loads(result.stdout)
    assert report["status"] == "valid" and report["id"] == "btx_the_turf_of_the_old_man"
    assert run("import", str(SAMPLE), "--difficulty", "３").returncode == 2


def test_cli_import_exits_1_when_a_script_is_invalid(tmp_path: Path) -> None:
    data = read_community(SAMPLE)
    data["scripts"][0]["subPlots"] = ["hiddenFreak"]  # type: ignore[index]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("import", str(path))
    assert result.returncode == 1
    assert "fs_lanterns_at_dusk: Lanterns at Dusk: INVALID" in result.stdout
    assert (
        "  problem: fs_lanterns_at_dusk.yaml: private: subplots[0]: 'the_hidden_freak' is not a subplot"
        in (result.stdout)
    )


def test_cli_import_exits_2_on_a_malformed_file() -> None:
    result = run("import", str(MALFORMED))
    assert result.returncode == 2 and result.stdout == ""
    assert (
        "community_malformed.json: scripts[0]: cast: expected an object of character → role" in result.stderr
    )


def test_cli_export_then_import_round_trip(tmp_path: Path) -> None:
    paths = [str(p) for p in shipped_scripts()]
    out = tmp_path / "shared.json"
    assert run("export", *paths, "--out", str(out)).returncode == 0
    result = run("import", str(out), "--out", str(tmp_path / "back"))
    assert result.returncode == 0, result.stdout
    for path in shipped_scripts():
        assert same(load_script(tmp_path / "back" / path.name), load_script(path))


# ---------------------------------------------------------------------------- the wider cast (issue 24)

WIDER = DATA / "community_wider_cast.jsonc"
WIDER_IDS = {
    "teacher": "teacher", "transferStudent": "transfer_student", "soldier": "soldier",
    "blackCat": "black_cat", "scientist": "scientist", "forensicSpecialist": "forensic_specialist",
    "ai": "ai", "illusion": "illusion", "youngGirl": "young_girl", "sacredTree": "sacred_tree",
    "sectFounder": "sect_founder", "copycat": "copycat",
}  # fmt: skip


def wider() -> dict[str, object]:
    return {r.title: r for r in import_scripts(read_community(WIDER), WIDER.name)}


def test_the_wider_casts_community_ids_import_validate_or_are_refused_by_rule() -> None:
    """Every community id of the twelve maps to its project id; the Transfer Student's "enters on day"
    becomes ``transfer_student_entry_day``; a script that breaks a rule of the wider cast is refused
    naming it (the A.I. never a Person, the Copycat's copy of a role someone has)."""
    results = wider()
    assert {t: r.status for t, r in results.items()} == {  # type: ignore[attr-defined]
        "Chalk and Whiskers": "valid",
        "Under the Sacred Tree": "valid",
        "A Person Made of Wires": "invalid",
    }
    fs = results["Chalk and Whiskers"].script  # type: ignore[attr-defined]
    btx = results["Under the Sacred Tree"].script  # type: ignore[attr-defined]
    assert fs.transfer_student_entry_day == 2 and fs.roles["copycat"] == "killer"
    assert set(WIDER_IDS.values()) <= {*fs.cast, *btx.cast}
    problems = results["A Person Made of Wires"].problems  # type: ignore[attr-defined]
    assert [p.split(": ", 2)[2] for p in problems] == [
        "roles.ai: 'ai' is never a Person",
        "roles.copycat: 'copycat' copies the role of another cast member, but no one else has 'cultist'",
        "transfer_student_entry_day: missing (transfer_student is in the cast)",
    ]


def test_the_wider_cast_exports_with_the_communitys_ids_and_comes_back() -> None:
    """export writes the community's ids (``transferStudent`` with ``[role, {"enters on day": n}]``) and
    importing the export gives the same scripts back; the two scripts play whole games."""
    results = wider().values()
    scripts = [r.script for r in results if r.status == "valid"]  # type: ignore[attr-defined]
    exported = export_scripts(scripts)
    names = {name for entry in exported["scripts"] for name in entry["cast"]}  # type: ignore[union-attr]
    assert set(WIDER_IDS) <= names
    fs_cast = exported["scripts"][0]["cast"]  # type: ignore[index]
    assert fs_cast["transferStudent"] == ["keyPerson", {"enters on day": 2}]
    back = import_scripts(exported, "again.json")
    assert [script_to_data(r.script) for r in back if r.script] == [script_to_data(s) for s in scripts]
    for script in scripts:
        for seed in range(3):
            game = Game(script)
            drive(game, {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 1)})
            assert game.outcome is not None
