"""``grove strategy`` and ``grove tournament`` from the command line: results, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.cli import main


@pytest.mark.parametrize(("args", "message"), [
    (["grove", "tournament", "--players", "3", "--policies", "best,psychic", "--games", "10"], "--policies"),
    (["grove", "tournament", "--players", "３", "--policies", "best", "--games", "10"], "--players"),
    (["grove", "tournament", "--players", "3", "--policies", "best", "--games", "0"], "--games"),
    (["grove", "tournament", "--players", "3", "--policies", "best,best", "--games", "5"], "twice"),
    (["grove", "tournament", "--players", "3", "--policies", "", "--games", "5"], "--policies"),
    (["grove", "tournament", "--players", "3", "--games", "5"], "--policies"),
    (["grove", "tournament", "--players", "4", "--policies", "equilibrium", "--games", "5"], "no saved"),
    (["grove", "tournament", "--players", "3", "--policies", "best", "--workers", "2", "--scheduler", "tcp://x:1"],
     "not both"),
    (["grove", "tournament", "--players", "3", "--policies", "best", "--workers", "²"], "--workers"),
    (["grove", "strategy", "--players", "4"], "2 or 3 players"),
    (["grove", "strategy", "--players", "2", "--iterations", "0"], "--iterations"),
    (["grove", "strategy"], "--players"),
])
def test_bad_input_is_one_line_with_status_2(args: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], captured.err


def test_tournament_json_has_intervals_and_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["grove", "tournament", "--players", "3", "--policies", "best,higher,random", "--games", "300",
            "--seed", "2", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*argv, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    rows = {r["policy"]: r for r in first["results"]}
    assert sum(r["seat_games"] for r in rows.values()) == 900
    for r in rows.values():
        lo, hi = r["mean_incompetent_95"]
        assert lo <= r["mean_incompetent"] <= hi
        lo, hi = r["loss_rate_95"]
        assert lo <= r["loss_rate"] <= hi
    assert rows["best"]["loss_rate"] < rows["random"]["loss_rate"]


def test_tournament_text_and_progress_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grove", "tournament", "--players", "2", "--policies", "best,random", "--games", "20"]) == 0
    captured = capsys.readouterr()
    assert "loss rate" in captured.out and "best" in captured.out
    assert "games (chunks)" in captured.err  # tqdm writes to stderr


def test_strategy_small_configuration_writes_the_file(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "eq.json"
    assert main(["grove", "strategy", "--players", "2", "--iterations", "12", "--deals", "25",
                 "--out", str(out), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["strategy_file"] == str(out) and record["exploitability"] >= 0
    document = json.loads(out.read_text())
    assert document["regenerate"].startswith("python -m rulesengine grove strategy --players 2")
    assert [h[0] for h in document["history"]] == [1, 10, 12]
    assert document["history"][-1][1] < document["history"][0][1]
