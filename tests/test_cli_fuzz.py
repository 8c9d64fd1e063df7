"""Fuzz every loader and every command with random bytes, random YAML/JSON trees and random command lines.

Each input must end in the project's error type (``RulesEngineError``; on the command line one line
``error: …`` and exit status 2, or the INVALID report of ``looper validate`` with status 1) or in a
valid result: never another exception. Nothing here has a timeout: what bounds the work is the
limits of ``rulesengine.inputs`` (file size, nesting, values, number length) and of the scripts
(1..8 loops and days). The budgets are modest (CI runs this on two cores).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesengine.cli import main
from rulesengine.errors import RulesEngineError
from rulesengine.grove.play.replay import play_seeded, to_record
from rulesengine.grove.play.replay import replay as grove_replay
from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.play.replay import decisions_document, read_decisions, replay
from rulesengine.looper.rules.content import LOOPER_DATA_DIR, load_content
from rulesengine.looper.rules.engine import Game, play
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script, parse_script, validation_report

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TUTORIAL = SCRIPTS_DIR / "fs_01_tutorial.yaml"
SCRIPT = load_script(TUTORIAL)
SCRIPT_TEXT = TUTORIAL.read_text(encoding="utf-8")
SCRIPT_DATA: Any = yaml.safe_load(SCRIPT_TEXT)


def _played() -> dict[str, Any]:
    game = Game(SCRIPT)
    play(game, {"mastermind": RandomAgent(1), "protagonists": RandomAgent(2)})
    return decisions_document(game)


DECISIONS = _played()
DECISIONS_TEXT = json.dumps(DECISIONS, indent=1)
RECORD = to_record(play_seeded(3, seed=4))
RECORD_TEXT = json.dumps(RECORD)

# ------------------------------------------------------------------------------ strategies

HUGE = st.sampled_from([10**29, 10**35, -(10**40), 2**63, 10**99, 100000, 0, -1])
#: Digits that are not ASCII (``str.isdigit`` accepts ``²``, ``int`` does not; ``int`` accepts ``３``).
UNICODE_DIGITS = st.characters(categories=["Nd", "No"]).filter(lambda c: not c.isascii())
NUMBER_TEXTS = st.one_of(
    st.sampled_from(["²", "３", "٢", "⁷", "", " ", "-1", "1" * 30, "1_0", "+3", "0x10", "1e3"]),
    UNICODE_DIGITS,
)
FIGURES = st.one_of(st.sampled_from(["2", "3", "4", "5", "6", "7", "8", "X", "x"]), NUMBER_TEXTS)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    HUGE,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    FIGURES,
    st.sampled_from(["place_card", "pass", "paranoia_plus_1", "unicorn", "school", "mastermind", "deal"]),
)
TREES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=8), inner, max_size=4),
    ),
    max_leaves=12,
)


@st.composite
def deep_trees(draw: st.DrawFn) -> Any:
    """A random tree, sometimes wrapped in many levels of lists and mappings (past the nesting limit)."""
    tree = draw(TREES)
    for _ in range(draw(st.sampled_from([0, 0, 1, 5, 31, 33, 60]))):
        tree = [tree] if draw(st.booleans()) else {draw(st.text(max_size=3)): tree}
    return tree


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with the value at one random path replaced by a random (possibly deep) tree."""
    data = copy.deepcopy(base)
    path = draw(st.sampled_from(list(_paths(data))))
    if not path:
        return draw(deep_trees())
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = draw(deep_trees())
    return data


def dumps(data: Any, as_yaml: bool) -> str:
    """JSON (allowing NaN, which the reader must refuse) or YAML text of a tree."""
    if as_yaml:
        return yaml.safe_dump(data, allow_unicode=True)
    return json.dumps(data)


@st.composite
def file_bytes(draw: st.DrawFn, base_text: str, base: Any) -> bytes:
    """File contents: random bytes, a random or mutated tree as JSON or YAML, or a cut or spliced file."""
    kind = draw(st.sampled_from(["bytes", "tree", "mutated", "cut", "splice"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "tree":
        return dumps(draw(deep_trees()), draw(st.booleans())).encode("utf-8", "surrogatepass")
    if kind == "mutated":
        return dumps(draw(mutated(base)), draw(st.booleans())).encode("utf-8", "surrogatepass")
    raw = base_text.encode("utf-8")
    at = draw(st.integers(0, len(raw)))
    if kind == "cut":
        return raw[:at]
    return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]


# ------------------------------------------------------------------------------ loaders


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(content=file_bytes(SCRIPT_TEXT, SCRIPT_DATA))
def test_script_loader_and_validator(folder: Path, content: bytes) -> None:
    path = folder / "s.yaml"
    path.write_bytes(content)
    for load in (parse_script, load_script, validation_report):
        with contextlib.suppress(RulesEngineError):
            load(path)


@FUZZ
@given(content=file_bytes(DECISIONS_TEXT, DECISIONS))
def test_decisions_reader_and_replay(folder: Path, content: bytes) -> None:
    path = folder / "d.json"
    path.write_bytes(content)
    with contextlib.suppress(RulesEngineError):
        replay(SCRIPT, read_decisions(path), where="d.json")


@FUZZ
@given(content=file_bytes(RECORD_TEXT, RECORD))
def test_grove_record_replay(folder: Path, content: bytes) -> None:
    path = folder / "r.json"
    path.write_bytes(content)
    status, out, err = run_main(["grove", "replay", str(path)])
    check_status(status, out, err)


@FUZZ
@given(tree=mutated(RECORD))
def test_grove_replay_api(tree: Any) -> None:
    with contextlib.suppress(RulesEngineError):
        grove_replay(tree)


CONTENT_FILES = sorted(p.name for p in LOOPER_DATA_DIR.glob("*.yaml"))


@FUZZ
@given(name=st.sampled_from(CONTENT_FILES), data=st.data())
def test_content_loader(folder: Path, name: str, data: st.DataObject) -> None:
    content_dir = folder / "content"
    if not content_dir.exists():
        shutil.copytree(LOOPER_DATA_DIR, content_dir)
    original = (LOOPER_DATA_DIR / name).read_text(encoding="utf-8")
    base = yaml.safe_load(original)
    (content_dir / name).write_bytes(data.draw(file_bytes(original, base)))
    try:
        with contextlib.suppress(RulesEngineError):
            load_content(content_dir)
    finally:
        (content_dir / name).write_text(original, encoding="utf-8")


# ------------------------------------------------------------------------------ command lines


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def check_status(status: int, out: str, err: str) -> None:
    """0 (a result), 1 (looper validate: INVALID, on stdout) or 2 (one line ``error: …``, nothing else)."""
    assert status in (0, 1, 2), status
    if status == 2:
        assert out == "", out
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    else:
        assert err == "", err


COMMANDS = [
    ["grove", "odds"],
    ["grove", "play"],
    ["grove", "replay"],
    ["looper", "replay"],
    ["looper", "play"],
    ["looper", "validate"],
    ["looper", "import"],
    ["looper", "export"],
    ["looper", "deduce"],
    ["exercise", "grove"],
    ["exercise", "looper"],
    ["grove"],
    ["looper"],
    [],
]
OPTIONS = [
    "--players", "--alibis", "--seen", "--public", "--seed", "--strategy", "--agents", "--record", "--json",
    "--help", "--version", "--nope", "--lang", "--out", "--scheduler", "--title",
]  # fmt: skip
FREE_TEXT = st.text(max_size=10).filter(lambda s: not s.startswith("--") and s.strip() != "table")
VALUES = st.one_of(
    FREE_TEXT,
    NUMBER_TEXTS,
    st.sampled_from(["2", "3", "5", "2,3", "X,5", "0=7,1=8", "0=X", "3=7", "1,2,3", "heuristic", "best",
                     "vi"]),
)


@st.composite
def odds_lines(draw: st.DrawFn) -> list[str]:
    """``grove odds`` with values that are mostly well formed, so later options get checked too."""
    argv = ["grove", "odds", "--players", draw(st.one_of(st.sampled_from(["2", "3", "4", "5"]), VALUES))]
    argv += ["--alibis", ",".join(draw(st.lists(FIGURES, min_size=1, max_size=3)))]
    if draw(st.booleans()):
        index = st.one_of(st.sampled_from(["0", "1", "2"]), NUMBER_TEXTS)
        pairs = draw(st.lists(st.tuples(index, FIGURES), max_size=3))
        argv += ["--seen", ",".join(f"{i}={v}" for i, v in pairs)]
    if draw(st.booleans()):
        argv += ["--public", draw(FIGURES)]
    if draw(st.booleans()):
        argv.append("--json")
    return argv


@st.composite
def exercise_lines(draw: st.DrawFn) -> list[str]:
    """``exercise GAME --kind K …`` with known kinds mostly, and random answers in every shape."""
    from rulesengine.exercises import kinds

    names = sorted({k.name for k in kinds()})
    argv = ["exercise", draw(st.one_of(st.sampled_from(["grove", "looper"]), FREE_TEXT))]
    if draw(st.integers(0, 9)):
        argv += ["--kind", draw(st.one_of(st.sampled_from(names), FREE_TEXT))]
    for option, values in [("--seed", st.one_of(NUMBER_TEXTS, FREE_TEXT)),
                           ("--difficulty", st.one_of(st.sampled_from(["1", "2", "3"]), NUMBER_TEXTS)),
                           ("--answer", st.one_of(st.sampled_from(["0", "1", "2/3", "a=b", "{}", "yes"]),
                                                  st.text(max_size=30))),
                           ("--lang", st.sampled_from(["en", "vi", "fr"]))]:
        if draw(st.booleans()):
            argv += [option, draw(values)]
    if draw(st.booleans()):
        argv.append(draw(st.sampled_from(["--json", "--list"])))
    return argv


#: Scheduler addresses that are not of the form ``[tcp://]host:port`` (nor ``inproc://``).
BAD_ADDRESSES = st.one_of(
    st.sampled_from(["not an address", "http://127.0.0.1:8787", "tcp://h:0", "tcp://h:99999", "tcp://:1",
                     "tcp://h", "h:", "udp://h:1", "tcp://h:1/x", "tcp://-h:1", " "]),
    st.text(max_size=20),
).filter(lambda text: not text.strip() or resolves_badly(text))


def resolves_badly(text: str) -> bool:
    """Whether ``text`` is refused by the scheduler check (so no test waits for a connection)."""
    from rulesengine.errors import InputError
    from rulesengine.runner import resolve_scheduler

    try:
        resolve_scheduler(None, text)
    except InputError:
        return True
    return False


@st.composite
def command_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    """A command, random positional file arguments and random options with random values."""
    files = [
        str(TUTORIAL),
        str(folder / "s.yaml"),
        str(folder / "d.json"),
        str(folder / "r.json"),
        str(folder / "deep.json"),
        str(folder / "none.json"),
        str(folder),
    ]
    argv = list(draw(st.sampled_from(COMMANDS)))
    argv += draw(st.lists(st.sampled_from(files), max_size=3))
    for _ in range(draw(st.integers(0, 5))):
        option = draw(st.sampled_from(OPTIONS))
        argv.append(option)
        if option in ("--record", "--out"):  # only ever write inside the test's folder
            places = [folder / "rec.json", folder, folder / "no" / "x.json", folder / "set", "", " ",
                      folder / "rec.html"]
            argv.append(str(draw(st.sampled_from(places))))
        elif option == "--scheduler":  # never a well-formed address: no command waits for a scheduler
            argv.append(draw(BAD_ADDRESSES))
        elif option not in ("--json", "--help", "--version") or draw(st.booleans()):
            argv.append(draw(VALUES))
    return argv


@pytest.fixture(scope="module")
def cli_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli")
    (folder / "s.yaml").write_text(SCRIPT_TEXT.replace("loops: 3", "loops: 100000"), encoding="utf-8")
    (folder / "d.json").write_text(DECISIONS_TEXT, encoding="utf-8")
    (folder / "r.json").write_text(RECORD_TEXT, encoding="utf-8")
    (folder / "deep.json").write_text("[" * 10_000, encoding="utf-8")
    return folder


@FUZZ
@given(data=st.data())
def test_random_command_lines(cli_folder: Path, data: st.DataObject) -> None:
    argv = data.draw(st.one_of(command_lines(cli_folder), odds_lines(), exercise_lines()))
    with contextlib.chdir(cli_folder):  # a stray relative path stays in the test's folder
        status, out, err = run_main(argv)
    check_status(status, out, err)


# ---------------------------------------------------------------------- issue 26: outputs and addresses


@FUZZ
@given(text=st.text(max_size=40))
def test_scheduler_addresses_are_checked_or_refused_in_one_line(text: str) -> None:
    """Any address either has the form of one (returned as given, stripped) or is an ``InputError``."""
    from rulesengine.errors import InputError
    from rulesengine.runner import resolve_scheduler

    try:
        assert resolve_scheduler(None, text) == text.strip()
    except InputError as exc:
        assert exc.where == "--scheduler" and "\n" not in str(exc).replace(repr(text), "")


@settings(max_examples=30, deadline=None)
@given(address=BAD_ADDRESSES, command=st.sampled_from(["strategy", "tournament"]))
def test_a_bad_scheduler_is_one_error_line_before_any_work(address: str, command: str) -> None:
    argv = ["grove", command, "--players", "2", f"--scheduler={address}"]  # (the = form: '-:' is a value)
    argv += ["--iterations", "1"] if command == "strategy" else ["--policies", "best", "--games", "1"]
    status, out, err = run_main(argv)
    assert status == 2 and out == ""
    assert err.startswith("error: --scheduler: ") and err.count("\n") == 1


OUTPUT_COMMANDS = {
    "looper play --record": ["looper", "play", "{input}", "--record", "{out}"],
    "looper export --out": ["looper", "export", "{input}", "--out", "{out}"],
}


@settings(max_examples=40, deadline=None)
@given(command=st.sampled_from(sorted(OUTPUT_COMMANDS)), form=st.sampled_from(["same", "dot", "relative",
                                                                                "symlink", "hardlink"]))
def test_an_output_onto_an_input_is_refused_whatever_the_path_looks_like(
    tmp_path_factory: pytest.TempPathFactory, command: str, form: str
) -> None:
    folder = tmp_path_factory.mktemp("self")
    script = folder / "s.yaml"
    script.write_text(SCRIPT_TEXT, encoding="utf-8")
    out = {"same": str(script), "dot": str(folder / "." / "s.yaml"), "relative": "s.yaml",
           "symlink": str(folder / "l.yaml"), "hardlink": str(folder / "h.yaml")}[form]
    if form == "symlink":
        (folder / "l.yaml").symlink_to(script)
    if form == "hardlink":
        (folder / "h.yaml").hardlink_to(script)
    before = sorted(p.name for p in folder.iterdir())
    argv = [a.replace("{input}", str(script)).replace("{out}", out) for a in OUTPUT_COMMANDS[command]]
    with contextlib.chdir(folder):
        status, stdout, err = run_main(argv)
    assert status == 2 and stdout == ""
    assert err.endswith("is one of the command's inputs: write the output somewhere else\n"), err
    assert script.read_text(encoding="utf-8") == SCRIPT_TEXT
    assert sorted(p.name for p in folder.iterdir()) == before
