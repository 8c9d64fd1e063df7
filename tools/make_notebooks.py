"""Write every notebook, both editions, from its generator, or check that the committed notebooks are
what they write.

The generators (``tools/make_*_notebook*.py``) are the source of the notebooks' cells; a cell edited in
Jupyter is lost on the next run, so ``tests/test_notebooks_generated.py`` fails on it. Each generator
writes two editions from one list of cells (:mod:`nbtools`): English ``notebooks/NN_*.ipynb`` (key
``NN``) and Vietnamese ``notebooks/vi/NN_*.ipynb`` (key ``vi/NN``). Usage::

    .venv/bin/python tools/make_notebooks.py --check          # exit 1 and say what differs
    .venv/bin/python tools/make_notebooks.py [02 vi/11 …]     # rewrite the notebooks that differ
                                                              # (02: both editions; vi/02: one),
                                                              # keeping the outputs of unchanged code cells
    .venv/bin/python tools/make_notebooks.py --execute 02     # then run them: outputs and widget state

Writing skips a notebook whose cells already match, so its stored outputs stay; a rewritten notebook
keeps the stored outputs of every code cell whose source and tags did not change (:func:`keep_outputs`).
``--execute`` runs the selected notebooks with nbconvert (``PYTHONPATH`` set to the repository) and
stores their widget state, so JupyterLab shows the controls of a notebook nobody has run yet.
What is compared (docs/conventions.md § Notebooks come from generators): the kernel spec, and for each
cell in order its type, its source and its tags. What is not: outputs, execution counts, cell ids, and
metadata that only running or viewing a notebook sets (nbconvert's ``execution`` timings, Jupyter's
``collapsed`` / ``scrolled`` / ``jupyter`` view state, the kernel's ``language_info``, widget state).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import make_deduction_notebook
import make_exercise_notebooks
import make_grove_notebooks
import make_grove_strategy_notebooks
import make_index_notebook
import make_looper_notebooks
import nbformat
from nbtools import EDITIONS, FOLDER, ROOT, Cell, Edition, notebook, render, write

Builder = Callable[[], list[nbformat.NotebookNode]]


def _edition(build: Callable[[], list[Cell]], edition: Edition) -> Builder:
    return lambda: render(build(), edition)


#: One generator per notebook, both languages: key ("02", "vi/02") → (path under notebooks/, builder).
SOURCES: dict[str, tuple[str, Builder]] = {
    FOLDER[edition] + key: (FOLDER[edition] + name, _edition(build, edition))
    for module in (make_index_notebook, make_looper_notebooks, make_deduction_notebook, make_grove_notebooks,
                   make_grove_strategy_notebooks, make_exercise_notebooks)
    for key, (name, build) in module.NOTEBOOKS.items()
    for edition in EDITIONS
}


def generated(key: str) -> nbformat.NotebookNode:
    """The notebook ``key`` as its generator writes it, built in memory."""
    return notebook(SOURCES[key][1]())


def _cell(cell: nbformat.NotebookNode) -> tuple[str, str, list[str]]:
    return cell.cell_type, cell.source, list(cell.metadata.get("tags", []))


def differences(committed: nbformat.NotebookNode, source: nbformat.NotebookNode) -> list[str]:
    """What the generator decides and ``committed`` has otherwise, one line each (empty: no drift).

    >>> import copy
    >>> nb = generated("00")
    >>> edited = copy.deepcopy(nb)
    >>> edited.cells[1].source += "\\nprint('added in Jupyter')"
    >>> edited.cells[1].execution_count = 7                     # running it: not a difference
    >>> differences(edited, nb)
    ["cell 1 (code): source differs: ...print('added in Jupyter')"]
    """
    found = []
    if committed.metadata.get("kernelspec") != source.metadata.get("kernelspec"):
        found.append("kernelspec differs")
    if len(committed.cells) != len(source.cells):
        found.append(f"{len(committed.cells)} cells, the generator writes {len(source.cells)}")
    for i, (mine, theirs) in enumerate(zip(committed.cells, source.cells, strict=False)):
        (kind, text, tags), (want_kind, want_text, want_tags) = _cell(mine), _cell(theirs)
        if kind != want_kind:
            found.append(f"cell {i}: a {kind} cell, the generator writes a {want_kind} cell")
        elif text != want_text:
            first = next(
                (a for a, b in zip(text.splitlines(), want_text.splitlines(), strict=False) if a != b),
                text.splitlines()[-1] if text else "",
            )
            found.append(f"cell {i} ({kind}): source differs: ...{first.strip()[:60]}")
        if tags != want_tags:
            found.append(f"cell {i} ({kind}): tags {tags}, the generator writes {want_tags}")
    return found


def check(keys: list[str], folder: Path = ROOT / "notebooks") -> dict[str, list[str]]:
    """For each notebook of ``keys`` in ``folder`` that drifted from its generator, what differs."""
    drift = {}
    for key in keys:
        name = SOURCES[key][0]
        path = folder / name
        if not path.exists():
            drift[name] = ["not committed"]
        elif found := differences(nbformat.read(path, as_version=4), generated(key)):
            drift[name] = found
    return drift


def select(args: list[str]) -> list[str]:
    """The keys named by ``args`` ("02" names both editions); all of them without ``args``.

    >>> select(["02", "vi/11"])
    ['02', 'vi/02', 'vi/11']
    """
    if not args:
        return sorted(SOURCES)
    keys: list[str] = []
    for arg in args:
        keys += [arg] if arg in SOURCES and "/" in arg else [k for k in SOURCES if k.split("/")[-1] == arg]
    return keys


def execute(names: list[str]) -> int:
    """Run the notebooks ``names`` (paths under notebooks/) in place, storing outputs and widget state."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [str(Path(sys.executable).with_name("jupyter")), "nbconvert", "--to", "notebook", "--execute",
               "--inplace", "--ExecutePreprocessor.store_widget_state=True", "--ExecutePreprocessor.timeout=600"]
    return subprocess.call(command + [str(ROOT / "notebooks" / name) for name in names], env=env)


def main(argv: list[str]) -> int:
    checking, executing = "--check" in argv, "--execute" in argv
    args = [a for a in argv if a not in ("--check", "--execute")]
    keys = select(args)
    unknown = [a for a in args if not select([a])]
    if unknown:
        print(f"error: no generator for {unknown}; known: {sorted(SOURCES)}", file=sys.stderr)
        return 2
    drift = check(keys)
    if checking:
        for name, found in drift.items():
            print(f"{name}: differs from its generator", *(f"  {line}" for line in found), sep="\n")
        return 1 if drift else 0
    for key in keys:
        name, build = SOURCES[key]
        if name not in drift:
            print(f"{name} unchanged")
            continue
        cells = build()
        old = ROOT / "notebooks" / name
        stale = keep_outputs(cells, nbformat.read(old, as_version=4).cells) if old.exists() else len(cells)
        note = (
            f"execute it to store the outputs of {stale} new or changed code cells"
            if stale
            else "outputs kept"
        )
        print(f"{write(name, cells)} (rewritten: {note})")
    return execute([SOURCES[key][0] for key in keys]) if executing else 0


def keep_outputs(cells: list[nbformat.NotebookNode], committed: list[nbformat.NotebookNode]) -> int:
    """Give each generated code cell the stored outputs of the committed cell with the same source and
    tags (taken in order), so a change to the prose keeps every output; returns how many code cells
    found none (they need running).

    >>> new = [nbformat.v4.new_code_cell("1 + 1"), nbformat.v4.new_code_cell("2 + 2")]
    >>> old = nbformat.v4.new_code_cell("1 + 1", execution_count=3)
    >>> old.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=3)]
    >>> keep_outputs(new, [old]), new[0].execution_count, new[1].outputs
    (1, 3, [])
    """
    stored = [c for c in committed if c.cell_type == "code"]
    stale = 0
    for cell in cells:
        if cell.cell_type != "code":
            continue
        match = next((c for c in stored if _cell(c) == _cell(cell)), None)
        if match is None:
            stale += 1
            continue
        stored.remove(match)
        cell.outputs, cell.execution_count = match.outputs, match.execution_count
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
