"""Replays and the command line: ``python -m rulesengine looper replay SCRIPT DECISIONS [--json]``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.errors import IllegalActionError, InputError
from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.play.replay import decisions_document, replay
from rulesengine.looper.rules.engine import Game, play
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script, shipped_scripts

TUTORIAL = SCRIPTS_DIR / "fs_01_tutorial.yaml"


@pytest.mark.parametrize("path", shipped_scripts(), ids=[p.stem for p in shipped_scripts()])
def test_replay_reproduces_random_games(path: Path) -> None:
    """A decisions file reproduces the game exactly: same log, same outcome, same board."""
    script = load_script(path)
    for seed in range(5):
        game = Game(script)
        play(game, {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 100)})
        doc = json.loads(json.dumps(decisions_document(game)))
        again = replay(script, doc)
        assert [e.as_dict() for e in again.log] == [e.as_dict() for e in game.log]
        assert again.outcome == game.outcome and again.board() == game.board()


def write(tmp_path: Path, doc: object) -> str:
    p = tmp_path / "decisions.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return str(p)


def test_cli_replay_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command-line contract: the public log and the outcome; --json adds the full final state."""
    doc = {
        "script": "fs_01_tutorial",
        "decisions": [
            {"who": "mastermind", "type": "place_card", "card": "paranoia_plus_1", "target": "boy_student"},
            {"type": "place_card", "card": "intrigue_plus_1", "target": "city"},
        ],
    }
    path = write(tmp_path, doc)
    assert main(["looper", "replay", str(TUTORIAL), path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "L1 D1 loop_start loop_start leader=0",
        "L1 D1 day_start day_start leader=0",
        "L1 D1 mastermind_cards card_placed owner=mastermind target=boy_student",
        "L1 D1 mastermind_cards card_placed owner=mastermind target=city",
        "outcome: none yet (waiting for mastermind: place_card)",
    ]
    assert main(["looper", "replay", str(TUTORIAL), path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(data) == ["decisions_applied", "log", "outcome", "pending", "script", "state"]
    assert (data["decisions_applied"], data["outcome"]) == (2, None)
    assert data["pending"] == {"who": "mastermind", "kind": "place_card", "rule_id": "TL-D2"}
    assert data["state"]["private"]["roles"]["girl_student"] == "key_person"
    assert all(e["visibility"] == "public" for e in data["log"])


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"decisions": [{"type": "pass"}]}, "decisions.json: decisions[0]: {'type': 'pass'} does not fit"),
        ({"decisions": [{"who": "leader", "type": "pass"}]}, "error: "),
        ({"decisions": "all"}, "decisions: expected a list"),
        ({"decisions": [], "colour": 1}, "colour: unknown key"),
        ({"script": "other", "decisions": []}, "the decisions are for 'other'"),
        ({"decisions": [{"type": "fly"}]}, "unknown type 'fly'"),
        ({"decisions": [], "options": {"bogus": True}}, "options: bogus: unknown ruling option"),
    ],
)
def test_cli_replay_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: object, message: str
) -> None:
    """Malformed or illegal decisions: one line on stderr and exit status 2."""
    assert main(["looper", "replay", str(TUTORIAL), write(tmp_path, doc)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


def test_replay_error_kinds() -> None:
    """The replay raises IllegalActionError for rule breaks and InputError for a wrong 'who'."""
    script = load_script(TUTORIAL)
    with pytest.raises(IllegalActionError) as err:
        replay(
            script, {"decisions": [{"type": "place_card", "card": "paranoia_plus_1", "target": "doctor"}] * 2}
        )
    assert err.value.rule_id == "TL-D2a"
    with pytest.raises(InputError) as ierr:
        replay(script, {"decisions": [{"who": "leader", "type": "pass"}]})
    assert ierr.value.where == "decisions: decisions[0]: who"


def test_cli_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    """A decisions file that cannot be read: exit status 2."""
    assert main(["looper", "replay", str(TUTORIAL), "/nonexistent/decisions.yaml"]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_cli_play_records_a_replayable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``looper play --record`` writes a decisions file that ``looper replay`` reproduces."""
    rec = tmp_path / "rec.json"
    assert (
        main(["looper", "play", str(TUTORIAL), "--seed", "5", "--agents", "heuristic", "--record", str(rec)])
        == 0
    )
    played = capsys.readouterr().out
    assert main(["looper", "replay", str(TUTORIAL), str(rec)]) == 0
    assert capsys.readouterr().out == played


def test_module_entry_point(tmp_path: Path) -> None:
    """``python -m rulesengine looper replay`` runs as a process."""
    path = write(tmp_path, {"decisions": []})
    proc = subprocess.run(
        [sys.executable, "-m", "rulesengine", "looper", "replay", str(TUTORIAL), path, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["pending"]["who"] == "mastermind"


def test_docs_example_replays() -> None:
    """The example in docs/looper_replay.md replays: Forbid Movement and Forbid Intrigue cancel (TL-D4a)."""
    import re

    import yaml

    text = (Path(__file__).resolve().parents[2] / "docs" / "looper_replay.md").read_text(encoding="utf-8")
    doc = yaml.safe_load(re.findall(r"```yaml\n(.*?)```", text, re.S)[0])
    game = replay(load_script(TUTORIAL), doc)
    assert (game.loop, game.day, game.leader) == (1, 2, 1)
    assert (game.location_intrigue["city"], game.chars["office_worker"].intrigue) == (0, 1)
    assert (game.chars["girl_student"].location, game.chars["boy_student"].paranoia) == ("school", 0)


def test_yaml_decisions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A decisions file may be YAML; a file that is not a mapping is refused with exit status 2."""
    good = tmp_path / "d.yaml"
    text = "decisions:\n  - {type: place_card, card: intrigue_plus_2, target: school}\n"
    good.write_text(text, encoding="utf-8")
    assert main(["looper", "replay", str(TUTORIAL), str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions_applied"] == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("- just a list\n", encoding="utf-8")
    assert main(["looper", "replay", str(TUTORIAL), str(bad)]) == 2
    assert "expected a mapping" in capsys.readouterr().err
    broken = tmp_path / "broken.yaml"
    broken.write_text("decisions: [\n", encoding="utf-8")
    assert main(["looper", "replay", str(TUTORIAL), str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "broken.yaml: invalid YAML/JSON at line 2, column 1" in err


def test_record_has_the_shared_shape_and_old_files_still_replay(tmp_path: Path) -> None:
    """``play --record`` writes the replay shape both games share; a version-1 file
    (``format: looper-decisions/1`` with ``decisions``) of the same game replays to the same report."""
    rec = tmp_path / "rec.json"
    assert main(["looper", "play", str(TUTORIAL), "--seed", "3", "--record", str(rec), "--json"]) == 0
    new = json.loads(rec.read_text(encoding="utf-8"))
    assert sorted(new) == ["actions", "game", "setup", "version"]
    assert (new["game"], new["version"], new["setup"]) == ("looper", 2, {"script": "fs_01_tutorial"})
    old = {"format": "looper-decisions/1", "script": "fs_01_tutorial", "decisions": new["actions"]}
    script = load_script(TUTORIAL)
    a, b = replay(script, new), replay(script, old)
    assert a.history == b.history and a.outcome == b.outcome and len(a.history) == len(new["actions"]) > 20


@pytest.mark.parametrize(
    ("doc", "where"),
    [
        ({"game": "looper", "version": 2, "setup": {"seed": 1}, "actions": []}, "decisions: setup: seed"),
        ({"game": "looper", "version": 2, "setup": {"script": "x"}, "actions": []}, "decisions: setup"),
        ({"game": "looper", "version": 1, "actions": []}, "decisions: version"),
        ({"game": "grove", "version": 2, "actions": []}, "decisions: game"),
        ({"game": "looper", "version": 2, "actions": [{"type": "fly"}]}, "decisions: actions[0]"),
        ({"game": "looper", "version": 2, "setup": {"options": 3}, "actions": []}, "decisions: setup: opt"),
    ],
)
def test_shared_shape_errors_name_the_field(doc: dict[str, object], where: str) -> None:
    """A malformed version-2 file: an InputError naming the field."""
    with pytest.raises(InputError) as err:
        replay(load_script(TUTORIAL), doc)
    assert err.value.where.startswith(where)
