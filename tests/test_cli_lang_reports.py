"""``--lang en|vi`` on the commands that print reports rather than logs: ``looper validate``, ``looper
import``, ``looper export``, ``grove strategy``, ``grove table`` and ``grove tournament``. With ``--lang vi``
every sentence (the report, the validator's problems and notes, why a script is skipped, the error line)
is Vietnamese while ids, numbers, titles and paths stay; without ``--lang`` (or with ``--lang en``) the
output is the English it always was; ``--json`` is the same in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from rulesengine.cli import main
from rulesengine.looper.rules.script import SCRIPTS_DIR, shipped_scripts
from tests.test_cli_lang import english_words

COMMUNITY = Path(__file__).parent / "looper" / "data" / "community_sample.jsonc"
TITLES = (
    "Lanterns at Dusk",
    "The Turf of the Old Man",
    "A Visitor from Elsewhere",
    "A Guest from Another Box",
    "Under the Midnight Moon",
)
#: English words of these reports and their error lines that no Vietnamese line may contain (on top of
#: tests/test_cli_lang.py's words of the logs).
REPORT_WORDS = {
    "valid",
    "invalid",
    "problem",
    "note",
    "skipped",
    "already",
    "needs",
    "enters",
    "cannot",
    "happen",
    "before",
    "character",
    "cast",
    "plots",
    "call",
    "exactly",
    "known",
    "unknown",
    "ruling",
    "option",
    "base",
    "tragedy",
    "set",
    "wrote",
    "rows",
    "date",
    "players",
    "iterations",
    "strategy",
    "information",
    "states",
    "exploitability",
    "tournament",
    "games",
    "rounds",
    "seats",
    "rotated",
    "policy",
    "mean",
    "incompetent",
    "interval",
    "loss",
    "rate",
    "must",
    "got",
    "required",
    "whole",
    "solved",
    "machine",
    "give",
    "not",
    "both",
    "saved",
    "script",
    "titled",
    "titles",
    "read",
    "write",
    "digits",
    "integer",
}


def untranslated(text: str) -> set[str]:
    """The English words of ``text`` outside what stays as written (titles, paths, quoted ids)."""
    for name in (*TITLES, "Basic Tragedy X", "First Steps", "In a Grove"):
        text = text.replace(name, "")
    text = re.sub(r"\S*/\S*", "", text)  # paths
    text = re.sub(r"'[^']*'", "", text)  # ids and values as written
    text = re.sub(r"--[a-z-]+|\w*_\w*", "", text)  # options and ids (killer, police_this_loop_only)
    words = {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in REPORT_WORDS}
    return words | english_words(text)


def run(capsys: pytest.CaptureFixture[str], *argv: str, status: int = 0) -> tuple[str, str]:
    assert main(list(argv)) == status
    captured = capsys.readouterr()
    return captured.out, captured.err


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """The tutorial with a culprit of two incidents, a second Killer and an unknown ruling option."""
    data = yaml.safe_load((SCRIPTS_DIR / "fs_01_tutorial.yaml").read_text(encoding="utf-8"))
    data["private"]["roles"]["doctor"] = "killer"
    data["private"]["culprits"][0]["culprit"] = "boy_student"
    data["options"] = {"nope": 1}
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------- looper validate

BROKEN_EN = [
    "broken.yaml: INVALID",
    "  problem: broken.yaml: private: culprits: day 3: 'boy_student' is already the culprit on day 2 (a "
    "character is the culprit of at most one incident)",
    "  problem: broken.yaml: private: roles: 2 killer (office_worker, doctor), the plots call for exactly 1",
]


def test_looper_validate_in_english_is_unchanged(capsys, broken):
    shipped = [str(p) for p in shipped_scripts()]
    out, _ = run(capsys, "looper", "validate", *shipped, str(broken), status=1)
    lines = out.splitlines()
    assert lines[:4] == [
        "btx_01_first_contract.yaml: valid",
        "btx_02_clockwork_hearts.yaml: valid",
        "btx_03_sealed_lantern.yaml: valid",
        "  note: btx_03_sealed_lantern.yaml: private: culprits: day 4: godly_being enters on loop 2, so the "
        "incident cannot happen before it",
    ]
    assert lines[-4:-1] == BROKEN_EN
    assert lines[-1].startswith("  problem: broken.yaml: options: nope: unknown ruling option (known: ")
    assert run(capsys, "looper", "validate", *shipped, str(broken), "--lang", "en", status=1)[0] == out


def test_looper_validate_in_vietnamese(capsys, broken):
    out, _ = run(
        capsys,
        "looper",
        "validate",
        str(SCRIPTS_DIR / "fs_03_festival_of_masks.yaml"),
        str(broken),
        "--lang",
        "vi",
        status=1,
    )
    lines = out.splitlines()
    assert lines[:2] == [
        "fs_03_festival_of_masks.yaml: hợp lệ",
        "  lưu ý: fs_03_festival_of_masks.yaml: private: culprits: ngày 5: godly_being chỉ vào cuộc từ vòng "
        "lặp 2, nên Sự cố không thể xảy ra trước vòng lặp đó",
    ]
    assert lines[2] == "broken.yaml: KHÔNG HỢP LỆ"
    assert lines[4] == (
        "  lỗi: broken.yaml: private: roles: 2 killer (office_worker, doctor), số lượng các "
        "Plot yêu cầu: đúng 1"
    )
    assert "không có tùy chọn luật này" in lines[5]
    assert untranslated(out) == set()


def test_looper_validate_json_is_english_in_every_language(capsys, broken):
    plain, _ = run(capsys, "looper", "validate", str(broken), "--json", status=1)
    assert run(capsys, "looper", "validate", str(broken), "--json", "--lang", "vi", status=1)[0] == plain
    assert json.loads(plain)[0]["problems"][1] == BROKEN_EN[2].removeprefix("  problem: ")


def test_every_validator_problem_says_the_same_english_and_has_vietnamese(tmp_path):
    """A script breaking many rules at once: each problem's English is the catalog's, its Vietnamese differs
    and keeps the file, entry and field before it."""
    from rulesengine.looper.rules.content import load_content
    from rulesengine.looper.rules.script import parse_script, script_problems

    data = yaml.safe_load((SCRIPTS_DIR / "btx_01_first_contract.yaml").read_text(encoding="utf-8"))
    data["public"]["loops"] = 99
    data["public"]["incidents"].append(dict(data["public"]["incidents"][0]))
    data["private"]["subplots"] = ["no_such_plot"]
    data["private"]["main_plot"] = "murder_plan"
    data["options"] = {"police_this_loop_only": 1, "doctor_mastermind_use": "always"}
    path = tmp_path / "many.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    problems = script_problems(parse_script(path), load_content())
    assert len(problems) >= 6
    for problem in problems:
        assert problem.message_id is not None, str(problem)
        assert problem.localized("en") == str(problem)
        vi = problem.localized("vi")
        assert vi != str(problem) and vi.startswith(f"{problem.where}: ")
        assert untranslated(vi.removeprefix(f"{problem.where}: ")) == set(), vi


# ------------------------------------------------------------------------------- looper import and export


def test_looper_import_in_english_is_unchanged(capsys):
    out, _ = run(capsys, "looper", "import", str(COMMUNITY))
    assert out.splitlines() == [
        "fs_lanterns_at_dusk: Lanterns at Dusk: valid",
        "btx_the_turf_of_the_old_man: The Turf of the Old Man: valid",
        "  note: btx_the_turf_of_the_old_man.yaml: private: culprits: day 5: godly_being enters on loop 2, "
        "so the incident cannot happen before it",
        "fs_a_visitor_from_elsewhere: A Visitor from Elsewhere: valid",
        "skipped: A Guest from Another Box: character 'vampireHunter' is not one of the characters the"
        " project knows",
        "skipped: Under the Midnight Moon: tragedy set 'midnightCircle' is not First Steps or Basic "
        "Tragedy X",
    ]
    assert run(capsys, "looper", "import", str(COMMUNITY), "--lang", "en")[0] == out


def test_looper_import_in_vietnamese(capsys, tmp_path):
    out, _ = run(capsys, "looper", "import", str(COMMUNITY), "--lang", "vi", "--out", str(tmp_path))
    lines = out.splitlines()
    assert lines[0] == "fs_lanterns_at_dusk: Lanterns at Dusk: hợp lệ"
    assert lines[3] == "fs_a_visitor_from_elsewhere: A Visitor from Elsewhere: hợp lệ"
    assert lines[4] == (
        "bỏ qua: A Guest from Another Box: Nhân vật 'vampireHunter' không thuộc các Nhân vật mà dự án biết"
    )
    assert lines[5] == (
        "bỏ qua: Under the Midnight Moon: bộ Bi kịch 'midnightCircle' không phải First Steps "
        "hay Basic Tragedy X"
    )
    assert untranslated(out) == set()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "btx_the_turf_of_the_old_man.yaml",
        "fs_a_visitor_from_elsewhere.yaml",
        "fs_lanterns_at_dusk.yaml",
    ]
    missing, _ = run(capsys, "looper", "import", str(COMMUNITY), "--difficulty", "5", "--lang", "vi")
    assert "bỏ qua: Lanterns at Dusk: không có bộ độ khó 5 (các độ khó: 1)" in missing.splitlines()
    plain, _ = run(capsys, "looper", "import", str(COMMUNITY), "--json")
    assert run(capsys, "looper", "import", str(COMMUNITY), "--json", "--lang", "vi")[0] == plain


@pytest.mark.parametrize(
    ("argv", "english", "vietnamese"),
    [
        (
            ["looper", "import", str(COMMUNITY), "--title", "Nope"],
            "error: community_sample.jsonc: --title: no script titled 'Nope' (titles: ",
            "error: community_sample.jsonc: --title: không có Kịch bản nào tên 'Nope' (các tên: ",
        ),
        (
            ["looper", "import", str(COMMUNITY), "--difficulty", "0"],
            "error: --difficulty: must be 1 to 99, got '0'",
            "error: --difficulty: phải là một số từ 1 đến 99, nhận được '0'",
        ),
        (
            ["looper", "validate", "no_such_file.yaml"],
            "error: no_such_file.yaml: cannot be read (",
            "error: no_such_file.yaml: không đọc được (",
        ),
        (
            ["looper", "export", str(SCRIPTS_DIR / "fs_01_tutorial.yaml"), "--out", "/no/such/folder/x.json"],
            "error: --out: no folder /no/such/folder to write x.json in",  # before any work (issue 26)
            "error: --out: không có thư mục /no/such/folder để ghi x.json vào",
        ),
    ],
)
def test_looper_error_lines_in_both_languages(capsys, argv, english, vietnamese):
    _, err = run(capsys, *argv, status=2)
    assert err.startswith(english) and len(err.splitlines()) == 1
    assert run(capsys, *argv, "--lang", "en", status=2)[1] == err
    _, vi = run(capsys, *argv, "--lang", "vi", status=2)
    assert vi.startswith(vietnamese) and len(vi.splitlines()) == 1
    assert untranslated(vi.split(" (")[0]) == set()


def test_looper_export_error_of_a_broken_script_in_both_languages(capsys, broken):
    _, err = run(capsys, "looper", "export", str(broken), status=2)
    assert err == (
        "error: broken.yaml: private: culprits: day 3: 'boy_student' is already the culprit on "
        "day 2 (a character is the culprit of at most one incident)\n"
    )
    _, vi = run(capsys, "looper", "export", str(broken), "--lang", "vi", status=2)
    assert vi == (
        "error: broken.yaml: private: culprits: ngày 3: 'boy_student' đã là Thủ phạm vào ngày 2 "
        "(mỗi Nhân vật là Thủ phạm của nhiều nhất một Sự cố)\n"
    )
    out, _ = run(capsys, "looper", "export", str(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    assert run(capsys, "looper", "export", str(SCRIPTS_DIR / "fs_01_tutorial.yaml"), "--lang", "vi")[0] == out


# ------------------------------------------------------------------------------ grove strategy and others

STRATEGY = ["grove", "strategy", "--players", "2", "--iterations", "3", "--deals", "10"]


def test_grove_strategy_in_both_languages(capsys, tmp_path):
    out_file = str(tmp_path / "eq.json")
    en, _ = run(capsys, *STRATEGY, "--out", out_file)
    assert re.fullmatch(
        r"In a Grove round, 2 players: OpenSpiel CFR\+, 3 iterations in \d+\.\d s; "
        r"exploitability = (0\.\d{5})\n"
        r"strategy: (\S+) \((\d+) information states\)\n",
        en,
    )
    vi, _ = run(capsys, *STRATEGY, "--out", out_file, "--lang", "vi")
    match = re.fullmatch(
        r"Một vòng In a Grove, 2 người chơi: OpenSpiel CFR\+, 3 lần lặp trong \d+\.\d s; "
        r"độ khai thác được = (0\.\d{5})\n"
        r"chiến lược: (\S+) \((\d+) trạng thái thông tin\)\n",
        vi,
    )
    assert match is not None, vi
    assert match.groups() == re.findall(r"= (\S+)\n.*: (\S+) \((\d+)", en)[0]
    assert untranslated(vi) == set()


def test_grove_tournament_in_both_languages(capsys):
    argv = ["grove", "tournament", "--players", "3", "--policies", "best,random", "--games", "50"]
    en, _ = run(capsys, *argv, "--no-progress")
    assert en.splitlines()[:2] == [
        "In a Grove tournament: 3 players, 50 games, 295 rounds, seed 0 (seats rotated)",
        "policy       seat-games  mean incompetent [95% interval]   loss rate [95% interval]",
    ]
    vi, err = run(capsys, *argv, "--lang", "vi")
    assert vi.splitlines()[0] == (
        "Giải đấu In a Grove: 3 người chơi, 50 ván, 295 vòng, seed 0 (xoay vòng chỗ ngồi)"
    )
    assert vi.splitlines()[1].split() == [
        "chiến",
        "lược",
        "lượt",
        "chơi",
        "Kém",
        "cỏi",
        "trung",
        "bình",
        "[khoảng",
        "95%]",
        "tỉ",
        "lệ",
        "thua",
        "[khoảng",
        "95%]",
    ]
    assert vi.splitlines()[2:] == en.splitlines()[2:]  # the rows: policy names and numbers
    assert "ván (theo lô)" in err  # the progress bar on stderr
    assert untranslated(vi) == set()
    plain, _ = run(capsys, *argv, "--json", "--no-progress")
    assert run(capsys, *argv, "--json", "--no-progress", "--lang", "vi")[0] == plain


def test_grove_table_check_in_both_languages(capsys):
    en, _ = run(capsys, "grove", "table", "--check")
    assert re.fullmatch(r"\S+culprit_odds\.csv is up to date \(\d+ rows\)\n", en)
    vi, _ = run(capsys, "grove", "table", "--check", "--lang", "vi")
    assert vi == re.sub(r" is up to date \((\d+) rows\)", r" đã được cập nhật (\1 dòng)", en)


@pytest.mark.parametrize(
    ("argv", "english", "vietnamese"),
    [
        (
            ["grove", "strategy", "--players", "4"],
            "error: --players: the whole round is solved for 2 or 3 players on this machine; with 4 one CFR+",
            "error: --players: trên máy này chỉ giải trọn một vòng với 2 hoặc 3 người chơi; với 4 người",
        ),
        (
            ["grove", "strategy"],
            "error: --players: is required (2 to 5)",
            "error: --players: bắt buộc phải có (từ 2 đến 5)",
        ),
        (
            ["grove", "strategy", "--players", "2", "--iterations", "0"],
            "error: --iterations: must be 1 to 100000, got '0'",
            "error: --iterations: phải là một số từ 1 đến 100000, nhận được '0'",
        ),
        (
            ["grove", "tournament", "--players", "3", "--policies", "best,psychic"],
            "error: --policies: unknown policy 'psychic'; known: random, higher",
            "error: --policies: không có chiến lược 'psychic'; các chiến lược: random, higher",
        ),
        (
            ["grove", "tournament", "--players", "3", "--policies", "best", "--seed", "４"],
            "error: --seed: must be an integer written with the digits 0-9, got '４'",
            "error: --seed: phải là một số nguyên viết bằng các chữ số 0-9, nhận được '４'",
        ),
        (
            [
                "grove",
                "tournament",
                "--players",
                "3",
                "--policies",
                "best",
                "--workers",
                "2",
                "--scheduler",
                "x",
            ],
            "error: --scheduler: give --workers or --scheduler, not both",
            "error: --scheduler: hãy cho --workers hoặc --scheduler, không cho cả hai",
        ),
    ],
)
def test_grove_error_lines_in_both_languages(capsys, argv, english, vietnamese):
    _, err = run(capsys, *argv, status=2)
    assert err.startswith(english) and len(err.splitlines()) == 1
    _, vi = run(capsys, *argv, "--lang", "vi", status=2)
    assert vi.startswith(vietnamese) and len(vi.splitlines()) == 1
    assert untranslated(vi) == set()


def test_the_commands_of_logs_keep_their_error_lines_english(capsys):
    """``grove odds``/``play``/``replay`` and ``looper play``/``replay`` keep the contract of
    docs/translation.md: their ``error:`` line is the same with or without ``--lang``."""
    argv = ["grove", "odds", "--players", "7", "--alibis", "2"]
    assert (
        run(capsys, *argv, "--lang", "vi", status=2)[1]
        == run(capsys, *argv, status=2)[1]
        == ("error: --players: must be 2 to 5, got '7'\n")
    )
