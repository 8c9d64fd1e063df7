"""``looper analyse``: the analyst's view of a script — win rates of agent pairs, what decides the games,
when the roles become deducible — through the tournament's runner and agents (issue 25)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.looper.play.analyse import Analysis, analyse, loss_name, parse_pairs, summarise
from rulesengine.looper.play.tournament import played_game, tournament
from rulesengine.looper.rules.script import SCRIPTS_DIR

TUTORIAL = SCRIPTS_DIR / "fs_01_tutorial.yaml"
PAIRS = [("heuristic", "random"), ("heuristic", "heuristic")]


@pytest.fixture(scope="module")
def tutorial() -> Analysis:
    return analyse(TUTORIAL, PAIRS, 6, seed=2, deduce_games=1)


def test_win_rates_are_the_tournaments_for_the_seed_tl_le2(tutorial: Analysis) -> None:
    """TL-LE2: a First Steps game is the Mastermind's when its last loop is lost, the Protagonists' when
    they survive a loop; each pair's wins are those of ``looper tournament`` with the same seed, and wins
    and losses add up to the games."""
    assert [(p.mastermind, p.protagonists, p.games) for p in tutorial.pairs] == [(*pair, 6) for pair in PAIRS]
    for pair in tutorial.pairs:
        same = tournament([TUTORIAL], pair.mastermind, pair.protagonists, 6, seed=2)
        assert pair.mastermind_wins == same.rows[0].mastermind_wins
        endings = dict(pair.endings)
        assert sum(endings.values()) == pair.games
        assert endings.get("last loop lost", 0) == pair.mastermind_wins
        assert endings.get("loop survived", 0) == pair.games - pair.mastermind_wins
        assert pair.win_rate == Fraction(pair.mastermind_wins, 6)
        lo, hi = pair.interval()
        assert lo <= float(pair.win_rate) <= hi


def test_the_counts_per_day_are_consistent_tl_d7_tl_le1(tutorial: Analysis) -> None:
    """TL-D7, TL-LE1: every game plays loop 1 day 1; no day counts more incidents or losses of one kind
    than the games that played it; fs_01's incidents fall on their scheduled days (Increasing Unease on
    day 2, Murder on day 3)."""
    total = sum(p.games for p in tutorial.pairs)
    assert (tutorial.days[0].loop, tutorial.days[0].day, tutorial.days[0].games) == (1, 1, total)
    for t in tutorial.days:
        assert 0 < t.games <= total
        for _, n in (*t.incidents, *t.losses):
            assert 0 < n <= t.games and t.rate(n) <= 1
        scheduled = {2: {"increasing_unease"}, 3: {"murder"}}.get(t.day, set())
        assert {name for name, _ in t.incidents} <= scheduled
    assert [(t.loop, t.day) for t in tutorial.days] == sorted((t.loop, t.day) for t in tutorial.days)


def test_every_lost_loop_has_its_loss_conditions_tl_le1() -> None:
    """TL-LE1: each lost loop of a game is charged at least one loss condition, on the day it ended; a loop
    survived none. The immediate ones come from the Mastermind's log (the Key Person's death)."""
    for seed in range(4):
        game = played_game(str(TUTORIAL), "heuristic", "heuristic", seed, record=True)
        summary = summarise(game, seed)
        for r in game.loop_results:
            charged = [rule for loop, day, rule in summary.losses if loop == r.loop]
            assert bool(charged) == r.lost
            assert all(day == r.day for loop, day, _ in summary.losses if loop == r.loop)
        assert summary.days[-1] == (game.loop_results[-1].loop, game.loop_results[-1].day)
        assert summary.mastermind_won == (game.outcome is not None and game.outcome.winner == "mastermind")


def test_the_deduction_after_each_day_tl_fg3(tutorial: Analysis) -> None:
    """TL-FG3: the roles every candidate agrees on; the candidates never grow from day to day, the true
    script is always among them (uniform weighting: its probability is one over their number)."""
    [game] = tutorial.deduced
    assert (game.mastermind, game.protagonists, game.seed) == ("heuristic", "random", 2)
    assert game.days and game.days[0].cast == 6
    counts = [d.candidates for d in game.days]
    assert counts == sorted(counts, reverse=True)
    assert all(d.true_probability == Fraction(1, d.candidates) for d in game.days)
    at = game.roles_certain_at
    assert at is None or next(d for d in game.days if (d.loop, d.day) == at).certain == 6
    [first, *_] = tutorial.knowledge
    assert (first.loop, first.day, first.games) == (1, 1, 1)
    assert first.true_probability == game.days[0].true_probability


def test_results_are_the_same_whatever_the_workers(tutorial: Analysis) -> None:
    """Each game and each day's deduction is one task with its own seed: two processes give the same."""
    assert analyse(TUTORIAL, PAIRS, 6, seed=2, deduce_games=1, workers=2) == tutorial


def test_json_keys(tutorial: Analysis, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["looper", "analyse", "fs_01", "--games", "3", "--pairs", "heuristic:random",
                 "--deduce-games", "1", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"script", "games", "seed", "pairs", "days", "deduction"}
    assert (data["script"], data["games"], data["seed"]) == ("fs_01_tutorial", 3, 0)
    [pair] = data["pairs"]
    assert set(pair) == {"mastermind", "protagonists", "games", "mastermind_wins", "mastermind_win_rate",
                         "interval", "endings"}
    assert pair["mastermind_win_rate"] == f"{pair['mastermind_wins']}/3"
    assert sum(pair["endings"].values()) == 3
    assert set(data["days"][0]) == {"loop", "day", "games", "incidents", "losses"}
    assert set(data["deduction"]) == {"games", "days"}
    [game] = data["deduction"]["games"]
    assert set(game) == {"mastermind", "protagonists", "seed", "roles_certain_at", "days"}
    measures = {"loop", "day", "entropy_bits", "certain_roles", "cast", "true_script_probability"}
    assert set(game["days"][0]) == {*measures, "candidates"}
    assert set(data["deduction"]["days"][0]) == {*measures, "games"}
    as_dict = tutorial.as_json()
    assert json.loads(json.dumps(as_dict)) == as_dict


def test_the_tables_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["looper", "analyse", str(TUTORIAL), "--games", "3", "--pairs", "heuristic:heuristic",
            "--deduce-games", "1", "--no-progress"]
    assert main(args) == 0
    english = capsys.readouterr().out
    for text in ("Win rates", "What decides the games", "incident: Murder", "Key Person (key_person.1)",
                 "When the roles become deducible", "bits left"):
        assert text in english
    assert main([*args, "--lang", "vi"]) == 0
    vietnamese = capsys.readouterr().out
    for text in ("Tỉ lệ thắng", "Điều quyết định ván chơi", "Sự cố: Án mạng", "bit còn lại", "Hạt giống"):
        assert text in vietnamese, text
    for word in ("Win rates", "games", "incident:", "loss:", "bits left", "Seed", "Murder"):
        assert word not in vietnamese
    assert main([*args[:-3], "--deduce-games", "0", "--no-progress"]) == 0
    assert "not deduced" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "where", "vi"),
    [
        (["nope"], "SCRIPT", "không có kịch bản"),
        (["fs"], "SCRIPT", "hãy chọn một"),
        (["fs_01", "--games", "0"], "--games", ""),
        (["fs_01", "--games", "-3"], "--games", ""),
        (["fs_01", "--games", "2", "--deduce-games", "3"], "--deduce-games", ""),
        (["fs_01", "--pairs", "heuristic"], "--pairs", "không có dạng"),
        (["fs_01", "--pairs", "heuristic:oracle"], "--pairs", "không có tác nhân"),
        (["fs_01", "--pairs", "deducing:heuristic"], "--pairs", "không có tác nhân"),
        (["fs_01", "--workers", "2", "--scheduler", "tcp://localhost:1"], "--scheduler", "không cho cả hai"),
    ],
)
def test_errors_name_the_field_in_both_languages(
    extra: list[str], where: str, vi: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad script, game count, pair or place to run is one line naming it, exit 2, before any game."""
    assert main(["looper", "analyse", "--no-progress", *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"error: {where}: ")
    assert main(["looper", "analyse", "--no-progress", "--lang", "vi", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {where}: ") and vi in err


def test_the_library_checks_its_input() -> None:
    with pytest.raises(InputError, match="--games"):
        analyse(TUTORIAL, PAIRS, 0)
    with pytest.raises(InputError, match="--deduce-games"):
        analyse(TUTORIAL, PAIRS, 1, deduce_games=-1)
    with pytest.raises(InputError, match="--pairs"):
        analyse(TUTORIAL, [("heuristic", "oracle")], 1)
    assert parse_pairs("heuristic:random,heuristic:random") == (("heuristic", "random"),)
    assert len(analyse(TUTORIAL, PAIRS[:1], 1).deduced) == 1  # (the default 2 games deduced, of 1 played)


def test_loss_names() -> None:
    assert loss_name("friend.1") == "Friend (friend.1)"
    assert loss_name("sign_with_me.2", "en").endswith("(sign_with_me.2)")
    assert loss_name("unknown_rule") == "unknown_rule"


def test_the_chart_names_the_agents_in_the_notebook_s_language(tutorial: Analysis) -> None:
    """The win-rate chart labels each pair with the agents' short names from the glossary, in English or
    Vietnamese (an agent the glossary lacks keeps its command-line name)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rulesengine.viz.looper.analyse import win_rates_chart

    for language, random_name in (("en", "random"), ("vi", "ngẫu nhiên")):
        _, ax = plt.subplots()
        labels = [t.get_text() for t in win_rates_chart(tutorial, ax, language).get_xticklabels()]
        plt.close(ax.figure)
        assert labels and all("\n" in label for label in labels)
        assert any(random_name in label.split("\n") for label in labels), labels
