"""The command line entry (`python -m rulesengine`) and every malformed input of issue 11, in one table.

Each case of the table runs :func:`rulesengine.cli.main` in-process on files written to a temporary
folder and checks the exit status and the one line it prints: ``error: …`` on stderr with status 2, or,
for ``looper validate``, the INVALID report on stdout with status 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesengine.cli import main
from rulesengine.grove.play.replay import play_seeded, to_record
from rulesengine.looper.rules.script import SCRIPTS_DIR

TUTORIAL = SCRIPTS_DIR / "fs_01_tutorial.yaml"
CAST = "girl_student, boy_student, shrine_maiden, office_worker, pop_idol, doctor"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesengine", *args], capture_output=True, text=True)


def test_help_lists_the_games() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "usage: python -m rulesengine" in result.stdout


def test_version() -> None:
    result = run("--version")
    assert (result.returncode, result.stdout) == (0, "rulesengine 0.1.0\n")


def test_usage_errors_are_one_line_with_status_2() -> None:
    for args in (["--nope"], ["grove", "odds", "--frobnicate", "1"], ["nosuchgame"]):
        result = run(*args)
        assert result.returncode == 2, args
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert result.stderr.startswith("error: "), result.stderr


def test_main_returns_the_status_of_usage_errors_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    """In-process, main() returns 2 for a usage error and 0 for --help instead of raising SystemExit."""
    assert main(["grove", "odds", "--players"]) == 2
    err = capsys.readouterr().err
    assert err == "error: python -m rulesengine grove odds: argument --players: expected one argument\n"
    assert main(["--help"]) == 0
    assert "usage: python -m rulesengine" in capsys.readouterr().out


def test_an_argument_with_a_line_break_still_gives_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grove", "odds", "--players", "3\n4", "--alibis", "2,3"]) == 2
    assert capsys.readouterr().err == "error: --players: must be 2 to 5, got '3\\n4'\n"
    assert main(["looper", "validate", "no\nsuch.yaml"]) == 2
    assert capsys.readouterr().err == "error: no such.yaml: cannot be read (No such file or directory)\n"


# ------------------------------------------------------------------------------ the table of issue 11


def script(edit: Callable[[dict[str, Any]], object] | None = None) -> str:
    """The tutorial script's text, with one edit applied to its data."""
    data = yaml.safe_load(TUTORIAL.read_text(encoding="utf-8"))
    if edit is not None:
        edit(data)
    return yaml.safe_dump(data, sort_keys=False)


def record(edit: Callable[[dict[str, Any]], object]) -> str:
    """A seeded 3-player In a Grove record with one edit applied."""
    data = to_record(play_seeded(3, seed=4))
    edit(data)
    return json.dumps(data)


DECISIONS = '{\n "format": "looper-decisions/1",\n "script": "fs_01_tutorial",\n "decisions": [\n'
PLACE = '  {"who": "mastermind", "type": "place_card", "card": "paranoia_plus_1", "target": "boy_student"}'


def put(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """An edit setting ``value`` at a dotted path of the data."""

    def edit(data: dict[str, Any]) -> None:
        *head, last = path.split(".")
        for key in head:
            data = data[int(key)] if isinstance(data, list) else data[key]
        data[last] = value

    return edit


Case = tuple[str, list[str], dict[str, str | bytes], int, str]

#: (id, argv with {d} for the folder, files to write there, exit status, the expected line or a fragment).
CASES: list[Case] = [
    # --- tracebacks before: non-UTF-8 or binary files
    ("validate_latin1", ["looper", "validate", "{d}/s.yaml"],
     {"s.yaml": script().replace("The Last Bell", "Café").encode("latin-1")}, 2,
     "error: s.yaml: is not UTF-8 text (byte 0xe9 at line 2, byte offset 29)"),
    ("replay_binary_script", ["looper", "replay", "{d}/s.yaml", "{d}/d.json"],
     {"s.yaml": bytes(range(128, 256)), "d.json": '{"decisions": []}'}, 2,
     "error: s.yaml: is not UTF-8 text (byte 0x80 at line 1, byte offset 0)"),
    ("replay_binary_decisions", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": b'{"decisions": [\xff]}'}, 2,
     "d.json: is not UTF-8 text (byte 0xff at line 1, byte offset 15)"),
    ("grove_replay_binary", ["grove", "replay", "{d}/r.json"], {"r.json": b"\x89PNG\r\n\x1a\n"}, 2,
     "r.json: is not UTF-8 text (byte 0x89 at line 1, byte offset 0)"),
    # --- tracebacks before: deep nesting
    ("validate_deep_yaml", ["looper", "validate", "{d}/s.yaml"], {"s.yaml": "title: " + "[" * 5000}, 2,
     "error: s.yaml: invalid YAML at line 1, column 39: nested deeper than 32 levels"),
    ("replay_deep_json", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": '{"decisions": ' + "[" * 5000}, 2,
     "d.json: invalid YAML/JSON at line 1, column 46: nested deeper"),
    ("grove_replay_deep_json", ["grove", "replay", "{d}/r.json"], {"r.json": '{"actions": ' + "[" * 5000}, 2,
     "r.json: invalid JSON at line 1, column 44: nested deeper than 32 levels"),
    # --- tracebacks before, or accepted: digits that are not ASCII
    ("odds_players_superscript", ["grove", "odds", "--players", "²", "--alibis", "2,3"], {}, 2,
     "error: --players: must be 2 to 5 written with the digits 0-9, got '²'"),
    ("odds_players_fullwidth", ["grove", "odds", "--players", "３", "--alibis", "2,3"], {}, 2,
     "error: --players: must be 2 to 5 written with the digits 0-9, got '３'"),
    ("odds_players_arabic_indic", ["grove", "odds", "--players", "٢", "--alibis", "2"], {}, 2,
     "error: --players: must be 2 to 5 written with the digits 0-9, got '٢'"),
    ("odds_alibis_superscript", ["grove", "odds", "--players", "3", "--alibis", "²,3"], {}, 2,
     "error: --alibis: '²' is not a figure (2..8 or X)"),
    ("odds_seen_superscript_index",
     ["grove", "odds", "--players", "3", "--alibis", "2,3", "--seen", "²=7"], {}, 2,
     "error: --seen: expected I=V pairs such as 0=7,1=X; got '²=7'"),
    ("odds_seen_superscript_figure", ["grove", "odds", "--players", "3", "--alibis", "2,3", "--seen", "0=⁷"],
     {}, 2, "error: --seen: '⁷' is not a figure (2..8 or X)"),
    ("odds_public_fullwidth", ["grove", "odds", "--players", "2", "--alibis", "2", "--public", "５"], {}, 2,
     "error: --public: '５' is not a figure (2..8 or X)"),
    ("grove_play_seed_superscript", ["grove", "play", "--players", "3", "--seed", "²"], {}, 2,
     "error: --seed: must be an integer written with the digits 0-9, got '²'"),
    ("grove_play_players_fullwidth", ["grove", "play", "--players", "３"], {}, 2,
     "error: --players: must be 2 to 5 written with the digits 0-9, got '３'"),
    ("looper_play_seed_fullwidth", ["looper", "play", str(TUTORIAL), "--seed", "１"], {}, 2,
     "error: --seed: must be an integer written with the digits 0-9, got '１'"),
    ("looper_play_seed_huge", ["looper", "play", str(TUTORIAL), "--seed", "1" * 5000], {}, 2,
     "error: --seed: must be an integer, got '111"),
    ("grove_replay_superscript_figure", ["grove", "replay", "{d}/r.json"],
     {"r.json": record(put("actions.0.deal.victim", "²"))}, 2,
     "error: r.json: actions[0]: deal: victim: '²' is not a figure (2..8 or X)"),
    # --- accepted before: a string for a list, an empty option, a key written twice
    ("grove_replay_hands_string", ["grove", "replay", "{d}/r.json"],
     {"r.json": record(put("actions.0.deal.hands", "786"))}, 2,
     "error: r.json: actions[0]: deal: hands and suspects must be lists"),
    ("odds_seen_empty", ["grove", "odds", "--players", "3", "--alibis", "2,3", "--seen", ""], {}, 2,
     "error: --seen: is empty; leave the option out when no suspect was looked at"),
    ("decisions_key_twice", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": DECISIONS + PLACE + "\n ],\n \"decisions\": []\n}\n"}, 2,
     "d.json: invalid YAML/JSON at line 7, column 2: duplicate key 'decisions'"),
    ("decision_field_twice", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": DECISIONS + PLACE[:-1] + ', "target": "city"}\n ]\n}\n'}, 2,
     "d.json: invalid YAML/JSON at line 5, column 99: duplicate key 'target'"),
    ("grove_record_key_twice", ["grove", "replay", "{d}/r.json"],
     {"r.json": '{"players": 3, "players": 4}'}, 2,
     "r.json: invalid JSON at line 1, column 16: duplicate key 'players'"),
    # --- ruling options: validate reports what replay refuses, with the same words
    ("validate_option_int_for_bool", ["looper", "validate", "{d}/s.yaml"],
     {"s.yaml": script(put("options", {"police_this_loop_only": 1}))}, 1,
     "  problem: s.yaml: options: police_this_loop_only: expected true or false, got 1"),
    ("replay_option_int_for_bool", ["looper", "replay", "{d}/s.yaml", "{d}/d.json"],
     {"s.yaml": script(put("options", {"police_this_loop_only": 1})), "d.json": '{"decisions": []}'}, 2,
     "error: s.yaml: options: police_this_loop_only: expected true or false, got 1"),
    ("validate_option_absurd_loop", ["looper", "validate", "{d}/s.yaml"],
     {"s.yaml": script(put("options", {"mystery_boy_from_loop": 10**29}))}, 1,
     f"  problem: s.yaml: options: mystery_boy_from_loop: expected a loop number 1 to 8, got {10**29}"),
    ("decisions_option_absurd_loop", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": '{"options": {"mystery_boy_from_loop": 100000000000000000000000000000}, "decisions": []}'}, 2,
     f"d.json: options: mystery_boy_from_loop: expected a loop number 1 to 8, got {10**29}"),
    # --- loops and days out of range: refused by validate, replay and play
    ("validate_days_100000", ["looper", "validate", "{d}/s.yaml"],
     {"s.yaml": script(put("public.days", 100000))}, 1,
     "  problem: s.yaml: public: days: must be 1 to 8, got 100000"),
    ("validate_loops_10e35", ["looper", "validate", "{d}/s.yaml"],
     {"s.yaml": script(put("public.loops", 10**35))}, 1,
     f"  problem: s.yaml: public: loops: must be 1 to 8, got {10**35}"),
    ("replay_loops_100000", ["looper", "replay", "{d}/s.yaml", "{d}/d.json"],
     {"s.yaml": script(put("public.loops", 100000)), "d.json": '{"decisions": []}'}, 2,
     "error: s.yaml: public: loops: must be 1 to 8, got 100000"),
    ("play_days_100000", ["looper", "play", "{d}/s.yaml"], {"s.yaml": script(put("public.days", 100000))}, 2,
     "error: s.yaml: public: days: must be 1 to 8, got 100000"),
    ("play_loops_10e35", ["looper", "play", "{d}/s.yaml"], {"s.yaml": script(put("public.loops", 10**35))}, 2,
     f"error: s.yaml: public: loops: must be 1 to 8, got {10**35}"),
    # --- unclear before: truncated file, unknown cast member, unknown card, refusals naming the entry
    ("decisions_truncated", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": DECISIONS + PLACE[:40]}, 2,
     "d.json: invalid YAML/JSON at line 5, column 41: found unexpected end of stream"
     " (while scanning a quoted scalar at line 5, column 33)"),
    ("validate_unknown_cast_member", ["looper", "validate", "{d}/s.yaml"],
     {"s.yaml": script(put("private.roles.unicorn", "person"))}, 1,
     f"  problem: s.yaml: private: roles.unicorn: no character 'unicorn' in the cast (cast: {CAST})"),
    ("replay_unknown_card", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": DECISIONS + PLACE.replace("paranoia_plus_1", "unicorn") + "\n ]\n}\n"}, 2,
     "d.json: decisions[0]: card: unknown card 'unicorn' (cards: forbid_goodwill, "),
    ("replay_unknown_target", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": DECISIONS + PLACE.replace("boy_student", "moon") + "\n ]\n}\n"}, 2,
     "d.json: decisions[0]: target: unknown target 'moon': no location (city, hospital, school, shrine)"),
    ("replay_refusal_names_file_and_index", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": DECISIONS + PLACE + ",\n" + PLACE + "\n ]\n}\n"}, 2,
     "error: TL-D2a: {d}/d.json: decisions[1]: "),
    ("replay_v2_refusal_names_file_and_index", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": '{"game": "looper", "version": 2, "setup": {"script": "fs_01_tutorial"}, "actions": [\n'
      + PLACE + ",\n" + PLACE + "\n]}\n"}, 2,
     "error: TL-D2a: {d}/d.json: actions[1]: "),
    ("grove_replay_refusal_names_file_and_index", ["grove", "replay", "{d}/r.json"],
     {"r.json": record(put("actions.1.look.seat", 1))}, 2, "error: GR-P2: r.json: actions[1]: "),
]


@pytest.mark.parametrize(
    ("argv", "files", "status", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_malformed_input_gives_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    files: dict[str, str | bytes],
    status: int,
    expected: str,
) -> None:
    for name, content in files.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    args = [a.replace("{d}", str(tmp_path)) for a in argv]
    assert main(args) == status
    out, err = capsys.readouterr()
    expected = expected.replace("{d}", str(tmp_path))
    if status == 2:
        assert out == ""
        assert err.count("\n") == 1 and err.startswith("error: "), err
        assert expected in err
    else:  # looper validate: the INVALID report
        assert err == ""
        assert out.splitlines()[0].endswith(": INVALID")
        assert expected in out.splitlines()
