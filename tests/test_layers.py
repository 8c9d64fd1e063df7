"""The package's layers: engines import no drawing or widget library, and no import circle anywhere.

Read from the source with :mod:`ast` (nothing is imported), so the test also sees imports inside
functions — the way an import circle is usually hidden. Imports under ``if TYPE_CHECKING:`` are for the
type checker only and never run, so they are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rulesengine"
#: Libraries that only the ``viz`` layer may use (docs/conventions.md).
DRAWING = ("matplotlib", "ipywidgets", "IPython")
ENGINES = ("rulesengine.looper", "rulesengine.grove", "rulesengine.contract", "rulesengine.errors")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(path: Path, name: str | None = None) -> set[str]:
    """Every module ``path`` (the module ``name``) imports when it runs, at module level and inside
    functions."""
    found: set[str] = set()
    here = name if name is not None else module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
GRAPH = {m: {i for i in runtime_imports(p) if i in MODULES and i != m} for m, p in MODULES.items()}


@pytest.mark.parametrize("module", [m for m in MODULES if m.startswith(ENGINES)])
def test_engine_modules_import_no_drawing_or_widget_library(module: str) -> None:
    drawing = sorted(i for i in runtime_imports(MODULES[module]) if i.split(".")[0] in DRAWING)
    assert not drawing, f"{module} imports {drawing}: drawing and widgets belong in rulesengine.viz"


@pytest.mark.parametrize("module", [m for m in MODULES if m.startswith(ENGINES)])
def test_engine_modules_do_not_import_the_viz_layer(module: str) -> None:
    assert not [i for i in GRAPH[module] if i.startswith("rulesengine.viz")]


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as a closed path, or ``None``.

    >>> find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> find_cycle({"a": {"b"}, "b": set()}) is None
    True
    """
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := walk(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := walk(start)) is not None:
            return cycle
    return None


def test_no_import_circle_in_the_package() -> None:
    # A package's __init__ importing its own modules is how a package re-exports, not a circle.
    graph = {m: {i for i in deps if not m.startswith(f"{i}.")} for m, deps in GRAPH.items()}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_imports_inside_functions_count_and_type_checking_ones_do_not(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from rulesengine.looper.rules.engine import Game\n"
        "def f():\n    from .abilities import apply_goodwill\n    return apply_goodwill\n",
        encoding="utf-8",
    )
    found = runtime_imports(probe, name="rulesengine.looper.rules.probe")
    assert "rulesengine.looper.rules.abilities" in found
    assert "rulesengine.looper.rules.engine" not in found
