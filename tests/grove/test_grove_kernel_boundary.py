"""The In a Grove kernel (``rulesengine/grove/rules/``) is a house of its own (issue 22).

The kernel imports nothing of ``rulesengine.grove`` outside ``rules/``, and no module outside it imports a
``_private`` name of the kernel (the rules GR-… are read through its public functions, such as
``culprit_index`` / ``CULPRITS`` for GR-R1..R3 and ``penalty_stacks`` for GR-V2, GR-V3). Read with
:mod:`ast`, nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GROVE = Path(__file__).resolve().parents[2] / "rulesengine" / "grove"
KERNEL = "rulesengine.grove.rules"
MODULES = sorted(GROVE.rglob("*.py"))


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
    return found


@pytest.mark.parametrize("path", [p for p in MODULES if p.parent.name == "rules"], ids=lambda p: p.name)
def test_the_kernel_imports_nothing_of_the_grove_outside_it(path: Path) -> None:
    outside = [m for m, _ in _imports(path) if m.startswith("rulesengine.grove") and not m.startswith(KERNEL)]
    assert not outside


@pytest.mark.parametrize("path", [p for p in MODULES if p.parent.name != "rules"],
                         ids=lambda p: str(p.relative_to(GROVE)))
def test_no_module_outside_the_kernel_imports_a_private_name_of_it(path: Path) -> None:
    private = [f"{m}.{n}" for m, names in _imports(path) if m.startswith(KERNEL) for n in names
               if n.startswith("_")]
    assert not private
