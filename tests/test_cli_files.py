"""Issue 26: never lose or forge a file. Every hostile case of the issue, one row each, in tables.

The in-process table (:data:`CASES`) runs :func:`rulesengine.cli.main` on files written to a temporary
folder and checks the exit status, the one line the command prints (``error: …`` on stderr with status 2,
or the line a report must hold with status 0) and that **no file changed or was left behind**, in the
folder and in the shipped ``data/grove`` and ``data/looper/scripts``. The cases that need a process of
their own (a closed pipe, ``/dev/full``, a closed standard output, a file-size limit, a moved or damaged
data folder) are in the tables after it, with the same checks. The kinds: empty, folder, self-overwrite
(also through a link), cut short, pipe, FIFO, scheduler, control characters, contradicting record,
missing actions, shipped data, the community import's unbounded values.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesengine.cli import PIPE_CLOSED, main
from rulesengine.contract import drive
from rulesengine.grove.play.replay import play_seeded, to_record
from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.play.community import export_scripts
from rulesengine.looper.play.replay import decisions_document
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import from_options
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.paths import DATA_DIR

TUTORIAL = SCRIPTS_DIR / "fs_01_tutorial.yaml"
QUIET_WARD = SCRIPTS_DIR / "fs_02_quiet_ward.yaml"
SCRIPT_TEXT = TUTORIAL.read_text(encoding="utf-8")
ROOT = Path(__file__).resolve().parents[1]
#: The shipped files no command may touch unasked (the default outputs of `grove strategy` included).
SHIPPED = (DATA_DIR / "grove", DATA_DIR / "looper" / "scripts")


@dataclass(frozen=True)
class Link:
    """A symbolic link to ``target`` (a name in the same folder)."""

    target: str


@dataclass(frozen=True)
class Fifo:
    """A named pipe with no writer."""


@dataclass(frozen=True)
class Folder:
    """An empty folder."""


File = str | bytes | Link | Fifo | Folder


def community(edit: Callable[[dict[str, Any]], None] | None = None) -> str:
    """The tutorial and the first Basic Tragedy X script in the community format, with one edit."""
    scripts = [load_script(TUTORIAL), load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml")]
    data: dict[str, Any] = export_scripts(scripts)
    if edit is not None:
        edit(data["scripts"][0])
    return json.dumps(data)


def titled(title: str) -> Callable[[dict[str, Any]], None]:
    def edit(entry: dict[str, Any]) -> None:
        entry["title"] = title

    return edit


def ruling(line: str) -> Callable[[dict[str, Any]], None]:
    def edit(entry: dict[str, Any]) -> None:
        entry["specialRules"] = [line]

    return edit


def _leader_record() -> str:
    """A game of The Quiet Ward played with ``keep_leader_across_loops: false`` in its decisions file: the
    deduction under the script's own options explains none of it (issue 26's contradicting record)."""
    options = {"keep_leader_across_loops": False}
    game = Game(load_script(QUIET_WARD), rulings=from_options(options))
    drive(game, {"mastermind": RandomAgent(1), "protagonists": RandomAgent(101)})
    document = decisions_document(game)
    document["setup"]["options"] = options
    return json.dumps(document)


LEADER_RECORD = _leader_record()
GROVE_RECORD = json.dumps(to_record(play_seeded(3, seed=4)))
NO_ADDRESS = "must be an address such as tcp://127.0.0.1:8786"

Case = tuple[str, list[str], dict[str, File], dict[str, str], int, str]

#: (id, argv with {d} for the folder, files to make there, environment, exit status, the line expected:
#: the whole error line, or with status 0 a line of the output).
CASES: list[Case] = [
    # --- empty paths: exit 0 before, and `grove strategy --out ''` overwrote the shipped equilibrium
    ("looper_play_record_empty", ["looper", "play", str(TUTORIAL), "--record", ""], {}, {}, 2,
     "error: --record: is empty: name the file to write"),
    ("grove_play_record_empty", ["grove", "play", "--players", "3", "--record", " "], {}, {}, 2,
     "error: --record: is empty: name the file to write"),
    ("grove_strategy_out_empty", ["grove", "strategy", "--players", "2", "--iterations", "1", "--out", ""],
     {}, {}, 2, "error: --out: is empty: name the file to write"),
    ("looper_export_out_empty", ["looper", "export", str(TUTORIAL), "--out", ""], {}, {}, 2,
     "error: --out: is empty: name the file to write"),
    ("looper_import_out_empty", ["looper", "import", "{d}/c.json", "--out", ""], {"c.json": community()}, {},
     2, "error: --out: is empty: name the file to write"),
    ("exercise_sheet_out_empty", ["exercise", "grove", "--kind", "culprit", "--sheet", "2", "--out", ""], {},
     {}, 2, "error: --out: is empty: name the file to write"),
    # --- a folder for a file, a file for a folder, no folder, a device
    ("looper_play_record_folder", ["looper", "play", str(TUTORIAL), "--record", "{d}/sub"], {"sub": Folder()},
     {}, 2, "error: --record: {d}/sub is a folder, not a file"),
    ("grove_strategy_out_folder", ["grove", "strategy", "--players", "2", "--out", "{d}"], {}, {}, 2,
     "error: --out: {d} is a folder, not a file"),
    ("looper_import_out_file", ["looper", "import", "{d}/c.json", "--out", "{d}/c.json"],
     {"c.json": community()}, {}, 2, "error: --out: {d}/c.json is a file, not a folder"),
    ("grove_play_record_no_folder", ["grove", "play", "--players", "3", "--record", "{d}/no/r.json"], {}, {},
     2, "error: --record: no folder {d}/no to write r.json in"),
    ("grove_play_record_device", ["grove", "play", "--players", "3", "--record", os.devnull], {}, {}, 2,
     f"error: --record: {os.devnull} is not a regular file (a device, a FIFO or a socket): name a file to "
     "write"),
    # --- self-overwrite: the output is one of the inputs (also through a link)
    ("looper_play_record_is_script", ["looper", "play", "{d}/s.yaml", "--record", "{d}/s.yaml"],
     {"s.yaml": SCRIPT_TEXT}, {}, 2,
     "error: --record: {d}/s.yaml is one of the command's inputs: write the output somewhere else"),
    ("looper_play_record_links_to_script", ["looper", "play", "{d}/s.yaml", "--record", "{d}/l.json"],
     {"s.yaml": SCRIPT_TEXT, "l.json": Link("s.yaml")}, {}, 2,
     "error: --record: {d}/l.json is one of the command's inputs: write the output somewhere else"),
    ("looper_export_out_is_script", ["looper", "export", "{d}/s.yaml", str(TUTORIAL), "--out", "{d}/s.yaml"],
     {"s.yaml": SCRIPT_TEXT}, {}, 2,
     "error: --out: {d}/s.yaml is one of the command's inputs: write the output somewhere else"),
    ("looper_import_out_would_replace_input", ["looper", "import", "{d}/fs_01_tutorial.yaml", "--out", "{d}"],
     {"fs_01_tutorial.yaml": community()}, {}, 2,
     "error: --out: {d}/fs_01_tutorial.yaml is one of the command's inputs: write the output somewhere else"),
    ("looper_import_out_file_is_folder", ["looper", "import", "{d}/c.json", "--out", "{d}"],
     {"c.json": community(), "btx_01_first_contract.yaml": Folder()}, {}, 2,
     "error: --out: {d}/btx_01_first_contract.yaml is a folder, not a file"),
    # --- a FIFO (it hung forever) or a device given as a file to read
    ("looper_validate_fifo", ["looper", "validate", "{d}/p.yaml"], {"p.yaml": Fifo()}, {}, 2,
     "error: p.yaml: is not a regular file (a FIFO, a device or a socket); give the path of a file"),
    ("looper_replay_fifo_decisions", ["looper", "replay", str(TUTORIAL), "{d}/p.json"], {"p.json": Fifo()},
     {}, 2,
     "error: {d}/p.json: is not a regular file (a FIFO, a device or a socket); give the path of a file"),
    ("grove_replay_fifo", ["grove", "replay", "{d}/p.json"], {"p.json": Fifo()}, {}, 2,
     "error: {d}/p.json: is not a regular file (a FIFO, a device or a socket); give the path of a file"),
    ("looper_import_device", ["looper", "import", os.devnull], {}, {}, 2,
     "error: null: is not a regular file (a FIFO, a device or a socket); give the path of a file"),
    # --- a replay file without its actions replayed as an empty game (both games)
    ("looper_replay_no_actions", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": '{"game": "looper", "version": 2, "setup": {"script": "fs_01_tutorial"}}'}, {}, 2,
     "error: {d}/d.json: actions: is missing: a replay file lists its actions (an empty list when there are "
     "none)"),
    ("looper_replay_old_shape_no_decisions", ["looper", "replay", str(TUTORIAL), "{d}/d.json"],
     {"d.json": '{"format": "looper-decisions/1"}'}, {}, 2,
     "error: {d}/d.json: decisions: is missing: a replay file lists its actions (an empty list when there "
     "are none)"),
    ("grove_replay_no_actions", ["grove", "replay", "{d}/r.json"],
     {"r.json": '{"game": "grove", "version": 2, "setup": {"players": 3}}'}, {}, 2,
     "error: r.json: record: actions: is missing: a replay file lists its actions (an empty list when there "
     "are none)"),
    ("grove_replay_old_shape_no_actions", ["grove", "replay", "{d}/r.json"], {"r.json": '{"players": 3}'}, {},
     2, "error: r.json: actions: is missing: a replay file lists its actions (an empty list when there are "
     "none)"),
    # --- scheduler addresses: a 20 s wait, then a traceback
    ("scheduler_not_an_address", ["grove", "strategy", "--players", "2", "--scheduler", "not an address"], {},
     {}, 2, f"error: --scheduler: {NO_ADDRESS} (tcp, tls, ucx, ws or wss, a host and a port), got "
     "'not an address'"),
    ("scheduler_http", ["grove", "tournament", "--players", "3", "--policies", "best", "--games", "2",
                        "--scheduler", "http://127.0.0.1:8787"], {}, {}, 2,
     f"error: --scheduler: {NO_ADDRESS} (tcp, tls, ucx, ws or wss, a host and a port), got "
     "'http://127.0.0.1:8787'"),
    ("scheduler_port_out_of_range", ["grove", "strategy", "--players", "2", "--scheduler", "tcp://h:99999"],
     {}, {}, 2, f"error: --scheduler: {NO_ADDRESS} (tcp, tls, ucx, ws or wss, a host and a port), got "
     "'tcp://h:99999'"),
    ("scheduler_environment_garbage", ["grove", "tournament", "--players", "3", "--policies", "best",
                                       "--games", "2"], {}, {"DASK_SCHEDULER_ADDRESS": "garbage"}, 2,
     f"error: DASK_SCHEDULER_ADDRESS: {NO_ADDRESS} (tcp, tls, ucx, ws or wss, a host and a port), got "
     "'garbage'"),
    # --- control and bidi characters in titles forged extra report lines
    ("import_title_line_break", ["looper", "import", "{d}/c.json"],
     {"c.json": community(titled("X\nfs_forged: X: valid"))}, {}, 0,
     "fs_01_tutorial: X\\nfs_forged: X: valid: valid"),
    ("import_title_bidi_and_escape", ["looper", "import", "{d}/c.json"],
     {"c.json": community(titled("Bell\u202e\x1b[2Jx"))}, {}, 0,
     "fs_01_tutorial: Bell\\u202e\\x1b[2Jx: valid"),
    ("validate_file_name_line_break", ["looper", "validate", "{d}/a\nb.yaml"], {"a\nb.yaml": SCRIPT_TEXT},
     {}, 0, "a\\nb.yaml: valid"),
    # --- the community import's ruling options, unbounded before (RecursionError, ValueError)
    ("import_option_nested_100000", ["looper", "import", "{d}/c.json"],
     {"c.json": community(ruling("Ruling option: police_this_loop_only = " + "[" * 100_000))}, {}, 2,
     "error: c.json: scripts[0]: specialRules: police_this_loop_only: invalid JSON at line 1, column 33: "
     "nested deeper than 32 levels"),
    ("import_option_5000_digits", ["looper", "import", "{d}/c.json"],
     {"c.json": community(ruling("Ruling option: mystery_boy_from_loop = " + "7" * 5000))}, {}, 2,
     "error: c.json: scripts[0]: specialRules: mystery_boy_from_loop: invalid JSON at line 1, column 1: "
     "a number longer than 100 characters"),
    # --- a record whose ruling options differ from the script's: "0 consistent candidates" before
    ("deduce_uses_the_record_options", ["looper", "deduce", str(QUIET_WARD), "{d}/d.json"],
     {"d.json": LEADER_RECORD}, {}, 0, "15712 consistent candidates (every consistent candidate is equally "
     "likely)"),
]


def make(folder: Path, files: dict[str, File]) -> None:
    for name, content in files.items():
        path = folder / name
        if isinstance(content, Link):
            path.symlink_to(content.target)
        elif isinstance(content, Fifo):
            os.mkfifo(path)
        elif isinstance(content, Folder):
            path.mkdir()
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def snapshot(*folders: Path) -> dict[str, object]:
    """Every entry under ``folders`` (hidden ones included) with its content, link target or kind."""
    seen: dict[str, object] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_symlink():
                seen[str(path)] = ("link", os.readlink(path))
            elif path.is_file():
                seen[str(path)] = path.read_bytes()
            else:
                seen[str(path)] = "folder" if path.is_dir() else "special"
    return seen


@pytest.mark.parametrize(("argv", "files", "env", "status", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_hostile_files_and_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch, argv: list[str], files: dict[str, File],
                                   env: dict[str, str], status: int, expected: str) -> None:
    make(tmp_path, files)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)  # a stray relative path stays in the test's folder
    before = snapshot(tmp_path, *SHIPPED)
    started = time.monotonic()
    assert main([a.replace("{d}", str(tmp_path)) for a in argv]) == status
    assert time.monotonic() - started < 60
    out, err = capsys.readouterr()
    expected = expected.replace("{d}", str(tmp_path))
    if status == 2:
        assert out == ""
        assert err == expected + "\n"
    else:
        assert err == ""
        assert expected in out.splitlines(), out
    assert snapshot(tmp_path, *SHIPPED) == before  # nothing changed, nothing left behind


def test_the_import_report_is_one_line_per_script_whatever_the_titles_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = "X\nfs_forged: X: valid\r\n\u2028\u2029\x85\x0b\x0c\x1c"
    (tmp_path / "c.json").write_text(community(titled(forged)), encoding="utf-8")
    assert main(["looper", "import", str(tmp_path / "c.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("fs_01_tutorial: X\\n") and lines[0].endswith(": valid")
    assert not any(line.startswith("fs_forged") for line in lines)


def test_a_record_no_script_explains_is_an_error_naming_the_first_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deduction given the script's own options on a record played under others (the old behaviour,
    put back by hand) finds no candidate: one error line naming the event, never "0 candidates"."""
    from rulesengine.looper import cli as looper_cli

    monkeypatch.setattr(looper_cli, "ruling_options", lambda script, document, where: dict(script.options))
    (tmp_path / "d.json").write_text(LEADER_RECORD, encoding="utf-8")
    assert main(["looper", "deduce", str(QUIET_WARD), str(tmp_path / "d.json")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    pattern = (rf"error: {re.escape(str(tmp_path))}/d\.json: no script with this public sheet explains the "
               r"record: event \d+ \(\w+\) cannot be explained: .+\n")
    assert re.fullmatch(pattern, err), err
    assert main(["looper", "deduce", str(QUIET_WARD), str(tmp_path / "d.json"), "--lang", "vi"]) == 2
    assert "không kịch bản nào có bảng công khai này giải thích được bản ghi" in capsys.readouterr().err


def test_an_unreachable_scheduler_fails_within_a_few_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    argv = ["grove", "tournament", "--players", "3", "--policies", "best", "--games", "2",
            "--scheduler", "tcp://127.0.0.1:9"]
    assert main(argv) == 2
    assert time.monotonic() - started < 15
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    said = "error: --scheduler: cannot reach a Dask scheduler at tcp://127.0.0.1:9 within 5 s ("
    assert err.startswith(said)


# ------------------------------------------------------------------------------ in a process of their own


def run(args: list[str], *, stdout: Any = subprocess.PIPE, env: dict[str, str] | None = None,
        limit: int | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m rulesengine ARGS`` in a new process (with a file-size limit of ``limit`` bytes)."""

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "rulesengine", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, env=environment, preexec_fn=limited, cwd=cwd, timeout=300, check=False)


def test_a_closed_pipe_ends_quietly_with_the_status_of_sigpipe() -> None:
    """``… | head -1``: the reader is gone before the command writes (its end closed first)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = run(["looper", "play", str(TUTORIAL)], stdout=write_end)
    finally:
        os.close(write_end)
    assert (result.returncode, result.stderr) == (PIPE_CLOSED, "")
    assert PIPE_CLOSED == 141


def test_a_closed_pipe_after_some_lines_ends_quietly_too() -> None:
    """The shell's own ``| head -1``: the exit status of the command is 141, nothing on stderr."""
    script = f'"{sys.executable}" -m rulesengine looper play "{TUTORIAL}" --seed 3 | head -1; ' \
             'echo "status=${PIPESTATUS[0]}" >&2'
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert result.stdout.startswith("L1 D1 ") and result.stdout.count("\n") == 1
    assert result.stderr in ("status=141\n", "status=0\n")  # 0 when all was written before head left


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_standard_output_is_one_error_line() -> None:
    with open("/dev/full", "w") as full:
        result = run(["looper", "play", str(TUTORIAL)], stdout=full)
    assert result.returncode == 2
    assert result.stderr == "error: standard output: cannot write (No space left on device)\n"


def test_a_closed_standard_output_is_one_error_line() -> None:
    result = subprocess.run(["bash", "-c", f'exec "{sys.executable}" -m rulesengine --version >&-'],
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert result.returncode == 2
    assert result.stderr == "error: standard output: is closed: nothing can be printed\n"


def _copy_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    return data


HINT = "; this file ships with rulesengine: restore it with 'git checkout -- {name}' in the clone, or " \
       "reinstall rulesengine\n"


def test_a_missing_data_folder_is_one_line_saying_how_to_restore_it(tmp_path: Path) -> None:
    result = run(["grove", "odds", "--players", "3", "--alibis", "2,3"],
                 env={"RULESENGINE_DATA": str(tmp_path / "moved")})
    assert result.returncode == 2 and result.stdout == ""
    name = "data/locale/rulesengine.pot"
    assert result.stderr == f"error: {name}: cannot be read (No such file or directory)" + HINT.format(
        name=name)


def test_a_cut_short_shipped_strategy_is_one_line_saying_how_to_restore_it(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    strategy = data / "grove" / "equilibrium_2p.json"
    strategy.write_bytes(strategy.read_bytes()[:5000])
    result = run(["grove", "tournament", "--players", "2", "--policies", "equilibrium,best", "--games", "2",
                  "--no-progress"], env={"RULESENGINE_DATA": str(data)})
    assert result.returncode == 2 and result.stdout == ""
    name = "data/grove/equilibrium_2p.json"
    assert re.fullmatch(rf"error: {name}: invalid JSON at line \d+, column \d+: [^\n]+" + re.escape(
        HINT.format(name=name)), result.stderr), result.stderr


def test_a_missing_shipped_content_file_is_one_line_saying_how_to_restore_it(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    (data / "looper" / "roles.yaml").unlink()
    result = run(["looper", "play", str(TUTORIAL)], env={"RULESENGINE_DATA": str(data)})
    name = "data/looper/roles.yaml"
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"error: {name}: cannot be read (No such file or directory)" + HINT.format(
        name=name)


# ------------------------------------------------------------------------------ cut short: a file-size limit

PREVIOUS = "the previous file, which a failed write must leave as it was\n"

#: (id, argv with {d}, the file or folder written, relative to {d}). Each output (each script of an import)
#: is bigger than 1500 bytes.
WRITERS: list[tuple[str, list[str], str]] = [
    ("looper_play_record", ["looper", "play", str(TUTORIAL), "--seed", "2", "--record", "{d}/out.json"],
     "out.json"),
    ("grove_play_record", ["grove", "play", "--players", "5", "--record", "{d}/out.json"], "out.json"),
    ("looper_export_out", ["looper", "export", str(TUTORIAL), str(QUIET_WARD), "--out", "{d}/out.json"],
     "out.json"),
    ("exercise_sheet_out", ["exercise", "grove", "--kind", "culprit", "--sheet", "1", "--seed", "1", "--out",
                            "{d}/out.html"], "out.html"),
    ("looper_import_out", ["looper", "import", "{d}/c.json", "--out", "{d}/set"], "set"),
    ("looper_import_new_folder", ["looper", "import", "{d}/c.json", "--out", "{d}/new/set"], "new"),
]


def _prepare(tmp_path: Path, written: str) -> None:
    (tmp_path / "c.json").write_text(community(), encoding="utf-8")
    if written == "set":  # a folder with an earlier import: both files must stay as they were
        (tmp_path / "set").mkdir()
        for name in ("fs_01_tutorial.yaml", "btx_01_first_contract.yaml"):
            (tmp_path / "set" / name).write_text(PREVIOUS, encoding="utf-8")
    elif written != "new":
        (tmp_path / written).write_text(PREVIOUS, encoding="utf-8")


@pytest.mark.parametrize(("argv", "written"), [w[1:] for w in WRITERS], ids=[w[0] for w in WRITERS])
def test_a_write_cut_short_leaves_the_previous_file(tmp_path: Path, argv: list[str], written: str) -> None:
    _prepare(tmp_path, written)
    before = snapshot(tmp_path)
    result = run([a.replace("{d}", str(tmp_path)) for a in argv], limit=1500, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert re.fullmatch(r"error: --(out|record): cannot write \S+ \(File too large\)\n", result.stderr), \
        result.stderr
    assert snapshot(tmp_path) == before  # the previous file intact, nothing partial or temporary left


def test_grove_strategy_cut_short_leaves_the_previous_strategy(tmp_path: Path) -> None:
    out = tmp_path / "eq.json"
    out.write_text(PREVIOUS, encoding="utf-8")
    before = snapshot(tmp_path, *SHIPPED)
    argv = ["grove", "strategy", "--players", "2", "--iterations", "1", "--out", str(out)]
    result = run(argv, limit=50_000)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"error: --out: cannot write {out} (File too large)\n"
    assert snapshot(tmp_path, *SHIPPED) == before


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writer=st.sampled_from(WRITERS[:5]), limit=st.integers(0, 40_000), previous=st.binary(max_size=2000))
def test_under_any_file_size_limit_the_previous_file_is_intact_or_replaced_whole(
    tmp_path_factory: pytest.TempPathFactory, writer: tuple[str, list[str], str], limit: int, previous: bytes
) -> None:
    """Whatever the limit, the output is either the previous file, byte for byte, with an error line, or
    the whole new output with exit 0; never a partial file, never a temporary one left."""
    folder = tmp_path_factory.mktemp("fsize")
    _, argv, written = writer
    _prepare(folder, written)
    target = folder / written
    if target.is_file():
        target.write_bytes(previous)
    before = snapshot(folder)
    result = run([a.replace("{d}", str(folder)) for a in argv], limit=limit, cwd=folder)
    after = snapshot(folder)
    if result.returncode == 0:
        assert result.stderr == ""
        assert set(after) == set(before), "a file left behind"
        changed = [p for p in after if after[p] != before[p]]
        for path in changed:  # each changed file is a whole output: it parses
            text = Path(path).read_text(encoding="utf-8")
            assert text.endswith(("}", "}\n", "</html>\n")) or path.endswith(".yaml"), path
    else:
        assert result.returncode == 2
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert after == before
