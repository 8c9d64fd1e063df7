"""`python -m rulesengine looper validate`: every problem of a script file at once, with its exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from rulesengine.looper.rules.script import SCRIPTS_DIR, shipped_scripts


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulesengine", "looper", "validate", *args], capture_output=True, text=True
    )


def test_every_shipped_script_is_valid():
    result = run(*map(str, shipped_scripts()))
    assert result.returncode == 0, result.stdout
    assert result.stdout.count(": valid") == len(shipped_scripts()) == 8


def test_a_script_breaking_rules_lists_every_problem_and_exits_1(tmp_path: Path):
    data = yaml.safe_load((SCRIPTS_DIR / "fs_01_tutorial.yaml").read_text(encoding="utf-8"))
    data["private"]["roles"]["doctor"] = "killer"  # a second Killer: Murder Plan has one slot
    data["private"]["culprits"][0]["culprit"] = "boy_student"  # the culprit of both incidents
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = run(str(path), "--json")
    assert result.returncode == 1
    (report,) = json.loads(result.stdout)
    assert report["file"] == "broken.yaml" and report["valid"] is False
    assert len(report["problems"]) >= 2
    assert any("killer" in problem for problem in report["problems"])
    assert any("boy_student" in problem for problem in report["problems"])


def test_an_unreadable_file_is_one_line_and_exit_2(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_text("id: x\ntitle: X\n", encoding="utf-8")
    result = run(str(path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["error: bad.yaml: script: public: missing"]
