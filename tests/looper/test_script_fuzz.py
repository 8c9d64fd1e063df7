"""Random damage to script and content files: the loaders either accept the file or raise the project's
error (``ScriptError`` / ``ContentError``), never a stray ``KeyError`` or ``TypeError``."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesengine.looper.rules.content import LOOPER_DATA_DIR, ContentError, load_content
from rulesengine.looper.rules.script import SCRIPTS_DIR, ScriptError, load_script, shipped_scripts

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.sampled_from(["", "person", "killer", "nurse", "school", "moon", "murder", "first_steps", "3"]),
    st.text(max_size=6),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=5), st.integers(0, 5)), inner, max_size=3),
    ),
    max_leaves=6,
)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested dicts and lists."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths(value, (*prefix, i))
    return out


def damage(data: Any, path: tuple[Any, ...], how: str, value: object) -> Any:
    data = copy.deepcopy(data)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent[f"{last}_extra"] = value
    else:
        parent[last] = value
    return data


SCRIPT_DATA = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in shipped_scripts()}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(sorted(SCRIPT_DATA)),
    pick=st.integers(min_value=0, max_value=10_000),
    how=st.sampled_from(["replace", "delete", "add"]),
    value=VALUES,
)
def test_damaged_scripts_raise_script_error(
    tmp_path: Path, name: str, pick: int, how: str, value: object
) -> None:
    data = SCRIPT_DATA[name]
    every = paths(data)
    broken = damage(data, every[pick % len(every)], how, value)
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(broken, allow_unicode=True), encoding="utf-8")
    try:
        load_script(path)
    except ScriptError as exc:
        assert str(exc).startswith("fuzz.yaml")


CONTENT_FILES = sorted(p.name for p in LOOPER_DATA_DIR.glob("*.yaml"))
CONTENT_DATA = {n: yaml.safe_load((LOOPER_DATA_DIR / n).read_text(encoding="utf-8")) for n in CONTENT_FILES}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(CONTENT_FILES),
    pick=st.integers(min_value=0, max_value=10_000),
    how=st.sampled_from(["replace", "delete", "add"]),
    value=VALUES,
)
def test_damaged_content_raises_content_error(
    tmp_path: Path, name: str, pick: int, how: str, value: object
) -> None:
    folder = tmp_path / "data"
    if not folder.exists():
        folder.mkdir()
        for src in LOOPER_DATA_DIR.glob("*.yaml"):
            shutil.copy(src, folder / src.name)
    data = CONTENT_DATA[name]
    every = paths(data)
    broken = damage(data, every[pick % len(every)], how, value)
    (folder / name).write_text(yaml.safe_dump(broken, allow_unicode=True), encoding="utf-8")
    try:
        load_content(folder)
    except ContentError as exc:
        assert str(exc).split(":")[0] in CONTENT_FILES
    finally:
        shutil.copy(LOOPER_DATA_DIR / name, folder / name)


def test_scripts_dir_is_the_data_folder() -> None:
    assert SCRIPTS_DIR == LOOPER_DATA_DIR / "scripts"
