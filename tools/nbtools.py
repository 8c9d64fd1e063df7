"""Small helpers shared by the notebook generators in this folder.

The generators write a notebook's cells from Python so that its text can be reviewed as a diff; the
notebook is then executed with the project's kernel to store the outputs that nbval checks:
``.venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/NN_name.ipynb``.
``tools/make_notebooks.py`` runs every generator, and ``--check`` tells whether the committed notebooks
are still what the generators write (docs/conventions.md § Notebooks come from generators).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
CHECK = "nbval-check-output"
IGNORE = "nbval-ignore-output"


def md(text: str) -> nbformat.NotebookNode:
    """A Markdown cell."""
    return new_markdown_cell(text.strip())


def code(text: str, tag: str | None = None) -> nbformat.NotebookNode:
    """A code cell, optionally tagged for nbval (``CHECK`` or ``IGNORE``)."""
    cell = new_code_cell(text.strip())
    if tag:
        cell.metadata["tags"] = [tag]
    return cell


def notebook(cells: list[nbformat.NotebookNode]) -> nbformat.NotebookNode:
    """A notebook of ``cells`` with the project's kernel spec (what :func:`write` writes)."""
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def write(name: str, cells: list[nbformat.NotebookNode]) -> Path:
    """Write ``notebooks/<name>`` with the project's kernel spec; returns its path."""
    path = ROOT / "notebooks" / name
    nbformat.write(notebook(cells), path)
    return path
