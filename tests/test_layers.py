"""The house the package is built as (``docs/architecture.md``), enforced.

* Each game has a closed **rules kernel** (``looper/rules``, ``grove/rules``): it imports nothing of its
  game outside it; what is built on it (``play``, ``deduction``, ``odds``, ``strategy``, the ``cli``) sits
  beside it and reaches it only through its public names — nothing outside a kernel subclasses a kernel
  class or imports a kernel's ``_private`` name (the deduction uses the kernel's seams instead).
* ``viz`` is the only package that imports matplotlib, ipywidgets or IPython; the engines never import
  ``viz`` (a command line may, to write a picture: ``exercise --sheet``).
* No import circle anywhere, and no module looked up by a string (``importlib.import_module``), which
  would hide one.

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
#: Each game's rules kernel.
KERNELS = {"rulesengine.looper": "rulesengine.looper.rules", "rulesengine.grove": "rulesengine.grove.rules"}
ROOT = PACKAGE.parent
#: Code outside the package that must keep to the kernels' public names too.
CLIENTS = sorted(
    [*(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").glob("*.py"), *(ROOT / "tools").glob("*.py")]
)


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


# ---------------------------------------------------------------------------------------- the house


def kernel_of(module: str) -> str | None:
    """The rules kernel ``module`` belongs to, or ``None``."""
    return next((k for k in KERNELS.values() if module == k or module.startswith(f"{k}.")), None)


@pytest.mark.parametrize("module", [m for m in MODULES if kernel_of(m)])
def test_a_kernel_imports_nothing_of_its_game_outside_it(module: str) -> None:
    kernel = kernel_of(module)
    assert kernel is not None
    game = kernel.rpartition(".")[0]
    outside = sorted(i for i in GRAPH[module] if i.startswith(f"{game}.") and kernel_of(i) != kernel)
    outside = [i for i in outside if i != game]
    assert not outside, f"{module} (the kernel {kernel}) imports {outside}"


def _private_imports_and_subclasses(path: Path, name: str) -> list[str]:
    """The kernel private names ``path`` imports and the kernel classes it subclasses (module ``name``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad: list[str] = []
    kernel_names: set[str] = set()  # local names bound to something of a kernel
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and kernel_of(node.module):
            if kernel_of(node.module) == kernel_of(name):
                continue
            for alias in node.names:
                if alias.name.startswith("_"):
                    bad.append(f"line {node.lineno}: imports {node.module}.{alias.name}")
                kernel_names.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if kernel_of(alias.name) and kernel_of(alias.name) != kernel_of(name):
                    kernel_names.add((alias.asname or alias.name).split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                root = base
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in kernel_names:
                    bad.append(f"line {node.lineno}: class {node.name} subclasses {ast.unparse(base)}")
    return bad


@pytest.mark.parametrize(
    "path", [*MODULES.values(), *CLIENTS], ids=lambda p: str(p.relative_to(ROOT))
)
def test_nothing_outside_a_kernel_subclasses_it_or_imports_its_private_names(path: Path) -> None:
    name = module_name(path) if path.is_relative_to(PACKAGE) else f"outside.{path.stem}"
    assert _private_imports_and_subclasses(path, name) == []


def test_the_private_and_subclass_check_can_fail(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from rulesengine.looper.rules.engine import Game, _STARTS\n"
        "from rulesengine.grove.rules import game as g\n"
        "class Mine(Game): ...\nclass Yours(g.GameState): ...\n",
        encoding="utf-8",
    )
    found = _private_imports_and_subclasses(probe, "rulesengine.looper.play.probe")
    assert [f.split(":")[0] for f in found] == ["line 1", "line 3", "line 4"], found
    assert _private_imports_and_subclasses(probe, "rulesengine.looper.rules.probe")[:1] != found[:1]


def _string_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__"):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_looked_up_by_a_string(module: str) -> None:
    """Registries are imported, not looked up by name: an ``importlib`` lookup hides the import graph
    (and the circles in it) from this test."""
    assert _string_imports(MODULES[module]) == []


@pytest.mark.parametrize("module", [m for m in MODULES if not m.startswith("rulesengine.viz")])
def test_only_viz_imports_drawing_and_widget_libraries(module: str) -> None:
    drawing = sorted(i for i in runtime_imports(MODULES[module]) if i.split(".")[0] in DRAWING)
    assert not drawing, f"{module} imports {drawing}: drawing and widgets belong in rulesengine.viz"


def test_the_house_page_names_every_package() -> None:
    """docs/architecture.md draws the house: every package of rulesengine appears on it."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    packages = sorted(m for m, p in MODULES.items() if p.name == "__init__.py" and m != "rulesengine")
    missing = [m for m in packages if m.removeprefix("rulesengine.").replace(".", "/") + "/" not in page]
    assert not missing, f"docs/architecture.md does not name {missing}"
