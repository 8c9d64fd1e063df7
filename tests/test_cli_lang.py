"""``--lang en|vi`` on ``looper replay/play`` and ``grove replay/play``: the log in that language, the JSON
form and the rule ids unchanged (issue 10)."""

from __future__ import annotations

import json
import re

import pytest

from rulesengine.cli import main
from rulesengine.looper.rules.script import SCRIPTS_DIR

#: English words of the log sentences that no Vietnamese line may contain (the seed's own loanwords such
#: as Leader, Mastermind, Goodwill, Intrigue, Time Spiral, Chip and Token stay).
ENGLISH = ("the", "places", "card", "cards", "moves", "begins", "dies", "loop", "day", "seat", "suspect",
           "suspects", "culprit", "incident", "happened", "happens", "protagonist", "protagonists", "refused",
           "why", "outcome", "win", "looks", "receives", "goes", "round", "game",
           "ends", "is", "of", "and", "on", "under", "face", "ability", "used", "resolves", "guess", "role")


def english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("script", ["fs_01_tutorial", "fs_02_quiet_ward", "btx_01_first_contract"])
def test_looper_replay_in_vietnamese_has_no_english_sentence(tmp_path, capsys, script):
    path = str(SCRIPTS_DIR / f"{script}.yaml")
    record = str(tmp_path / "decisions.json")
    run(capsys, "looper", "play", path, "--seed", "4", "--record", record)
    vi = run(capsys, "looper", "replay", path, record, "--lang", "vi")
    en = run(capsys, "looper", "replay", path, record, "--lang", "en")
    assert len(vi.splitlines()) == len(en.splitlines()) > 20
    assert english_words(vi) == set()
    assert "Vòng lặp 1 bắt đầu." in vi and "Loop 1 begins." in en
    heads = [[line.split()[:3] for line in out.splitlines()[:-1]] for out in (vi, en)]
    assert heads[0] == heads[1]
    assert vi.splitlines()[-1].startswith("kết quả: ")


def test_looper_json_and_key_value_forms_do_not_change_with_lang(tmp_path, capsys):
    path = str(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    record = str(tmp_path / "decisions.json")
    run(capsys, "looper", "play", path, "--seed", "2", "--record", record)
    plain = run(capsys, "looper", "replay", path, record, "--json")
    assert run(capsys, "looper", "replay", path, record, "--json", "--lang", "vi") == plain
    assert json.loads(plain)["log"][0]["kind"] == "loop_start"
    assert run(capsys, "looper", "replay", path, record).startswith("L1 D1 loop_start loop_start")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_grove_replay_in_vietnamese_has_no_english_sentence(tmp_path, capsys, players):
    record = str(tmp_path / "game.json")
    en = run(capsys, "grove", "play", "--players", str(players), "--seed", "7", "--record", record)
    vi = run(capsys, "grove", "replay", record, "--lang", "vi")
    assert len(vi.splitlines()) == len(en.splitlines()) > 10
    assert english_words(vi) == set()
    assert [line.split()[0] for line in vi.splitlines()] == [line.split()[0] for line in en.splitlines()]
    assert run(capsys, "grove", "replay", record, "--lang", "en") == en
    assert run(capsys, "grove", "replay", record, "--json", "--lang", "vi") == run(
        capsys, "grove", "replay", record, "--json")


def test_an_unknown_language_is_refused(capsys):
    assert main(["grove", "play", "--players", "3", "--lang", "fr"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: python -m rulesengine grove play: argument --lang: invalid")


def test_an_unfinished_looper_replay_says_who_is_asked_what_in_words(tmp_path, capsys):
    path = str(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    record = tmp_path / "decisions.json"
    run(capsys, "looper", "play", path, "--seed", "2", "--record", str(record))
    document = json.loads(record.read_text(encoding="utf-8"))
    document["actions"] = document["actions"][:3]
    record.write_text(json.dumps(document), encoding="utf-8")
    assert run(capsys, "looper", "replay", path, str(record)).splitlines()[-1] == (
        "outcome: none yet (waiting for protagonist:0: place_card)")
    assert run(capsys, "looper", "replay", path, str(record), "--lang", "en").splitlines()[-1] == (
        "outcome: none yet (waiting for Protagonist A: place 1 card face down)")
    assert run(capsys, "looper", "replay", path, str(record), "--lang", "vi").splitlines()[-1] == (
        "kết quả: chưa có (đang chờ Nhân vật Chính A: đặt 1 Thẻ Hành động úp xuống)")


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "3", "--alibis", "2,3", "--seen", "0=7,1=8"],
        ["--players", "2", "--alibis", "4", "--public", "6", "--seen", "0=7"],
        ["--players", "4", "--alibis", "X,5"],
    ],
)
def test_grove_odds_in_vietnamese_has_no_english_sentence_and_the_same_numbers(capsys, argv):
    vi = run(capsys, "grove", "odds", *argv, "--lang", "vi")
    en = run(capsys, "grove", "odds", *argv)
    assert run(capsys, "grove", "odds", *argv, "--lang", "en") == en
    assert english_words(vi) == set() and english_words(en)
    assert "Nghi phạm 2" in vi and "P(Hung thủ) = " in vi
    fractions = [re.findall(r"\d+/\d+", out) for out in (vi, en)]
    assert fractions[0] == fractions[1] and fractions[0]
    plain = run(capsys, "grove", "odds", *argv, "--json")
    assert run(capsys, "grove", "odds", *argv, "--json", "--lang", "vi") == plain
