"""``looper tournament``: agent pairs over seeded games on scripts, through the one runner (issue 25)."""

from __future__ import annotations

import json

import pytest

from rulesengine.cli import main
from rulesengine.contract import drive
from rulesengine.errors import InputError
from rulesengine.looper.play.tournament import play_game, tournament, wilson
from rulesengine.looper.rules.script import SCRIPTS_DIR

QUIET_WARD = SCRIPTS_DIR / "fs_02_quiet_ward.yaml"
FIRST_CONTRACT = SCRIPTS_DIR / "btx_01_first_contract.yaml"


def test_results_are_the_same_whatever_the_workers() -> None:
    """Each game is one task with its own seeds: one process and two give the same table."""
    one = tournament([QUIET_WARD, FIRST_CONTRACT], "heuristic", "random", 6, seed=3)
    two = tournament([QUIET_WARD, FIRST_CONTRACT], "heuristic", "random", 6, seed=3, workers=2)
    assert one == two
    assert [r.script for r in one.rows] == ["fs_02_quiet_ward", "btx_01_first_contract"]
    assert one.rows[0].mastermind_wins == sum(play_game(str(QUIET_WARD), "heuristic", "random", 3 + n)
                                              for n in range(6))


def test_the_seats_are_fixed_and_the_agents_count() -> None:
    """The searching Mastermind beats the heuristic Protagonists on fs_02, where the heuristic
    Mastermind loses every game (the same seeds)."""
    heuristic = tournament([QUIET_WARD], "heuristic", "heuristic", 3)
    searching = tournament([QUIET_WARD], "search1", "heuristic", 3)
    assert heuristic.rows[0].mastermind_wins == 0
    assert searching.rows[0].mastermind_wins >= 2


def test_wilson_interval() -> None:
    lo, hi = wilson(15, 30)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(2 * (0.5 - lo))
    assert wilson(30, 30)[1] == 1.0 and wilson(0, 30)[0] == 0.0


def test_cli_table_json_and_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["looper", "tournament", "--scripts", "fs_02", "--mastermind", "heuristic", "--protagonists",
            "random", "--games", "4", "--no-progress"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mastermind"] == "heuristic" and data["games"] == 4 and data["seed"] == 0
    [row] = data["scripts"]
    assert row["script"] == "fs_02_quiet_ward" and row["games"] == 4
    assert row["mastermind_win_rate"] == f"{row['mastermind_wins']}/4" and len(row["interval"]) == 2
    assert main(args) == 0
    assert "Mastermind wins" in capsys.readouterr().out
    assert main([*args, "--lang", "vi"]) == 0
    assert "Giải đấu Tragedy Looper" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "where", "vi"),
    [
        (["--mastermind", "best", "--protagonists", "random"], "--mastermind", "không có tác nhân"),
        (["--mastermind", "heuristic", "--protagonists", "deep"], "--protagonists", "không có tác nhân"),
        (["--mastermind", "heuristic", "--protagonists", "random", "--scripts", "nope"], "--scripts",
         "không có kịch bản"),
        (["--mastermind", "heuristic", "--protagonists", "random", "--games", "0"], "--games", ""),
        (["--mastermind", "heuristic", "--protagonists", "random", "--workers", "2", "--scheduler",
          "tcp://localhost:1"], "--scheduler", "không cho cả hai"),
    ],
)
def test_cli_errors_name_the_option_in_both_languages(
    extra: list[str], where: str, vi: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad option is one line naming it, before any game; in Vietnamese with ``--lang vi``."""
    assert main(["looper", "tournament", "--no-progress", *extra]) == 2
    assert capsys.readouterr().err.startswith(f"error: {where}: ")
    assert main(["looper", "tournament", "--no-progress", "--lang", "vi", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {where}: ") and vi in err


def test_the_library_checks_its_agents() -> None:
    with pytest.raises(InputError, match="unknown agent"):
        tournament([QUIET_WARD], "oracle", "random", 1)


def test_the_deducing_protagonists_play_with_the_public_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """They build their public record from the observation's log, so their games keep one (the other
    agents' games do not need it)."""
    games = []

    def spy(game, agents):  # type: ignore[no-untyped-def]
        games.append(game)
        return drive(game, agents)

    monkeypatch.setitem(play_game.__globals__, "drive", spy)  # (the module of play_game)
    assert play_game(str(FIRST_CONTRACT), "heuristic", "deducing", 0) in (0, 1)
    assert play_game(str(FIRST_CONTRACT), "heuristic", "heuristic", 0) in (0, 1)
    assert [bool(g.public_events()) for g in games] == [True, False]
