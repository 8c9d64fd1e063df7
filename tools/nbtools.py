"""Small helpers shared by the notebook generators in this folder.

The generators write a notebook's cells from Python so that its text can be reviewed as a diff; the
notebook is then executed with the project's kernel to store the outputs that nbval checks and the
widget state that shows the controls before anyone runs a cell:
``.venv/bin/python tools/make_notebooks.py --execute 02`` (nbconvert with
``--ExecutePreprocessor.store_widget_state=True``). ``tools/make_notebooks.py`` runs every generator,
and ``--check`` tells whether the committed notebooks are still what the generators write
(docs/conventions.md § Notebooks come from generators).

**Two editions from one source.** A generator returns one list of cells for both editions: prose is
written with :func:`md` in English *and* Vietnamese, code with :func:`code` once. :func:`render` picks an
edition: the English notebooks are ``notebooks/NN_*.ipynb``, the Vietnamese ones
``notebooks/vi/NN_*.ipynb`` with the same names. The code cells of the two editions are the same, except
the one line that sets the widgets' language, :data:`LANGUAGE_LINE` (``i18n.set_language("en")`` in the
English edition, ``"vi"`` in the Vietnamese one).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
CHECK = "nbval-check-output"
IGNORE = "nbval-ignore-output"

Edition = Literal["en", "vi"]
EDITIONS: tuple[Edition, ...] = ("en", "vi")
#: Where each edition lives, relative to ``notebooks/``.
FOLDER: dict[Edition, str] = {"en": "", "vi": "vi/"}
#: The one code line that differs between the editions (in the set-up cell).
LANGUAGE_LINE = 'i18n.set_language("{lang}")'


@dataclass(frozen=True)
class Prose:
    """A Markdown cell in both languages; :func:`render` picks one."""

    en: str
    vi: str


Cell = Prose | nbformat.NotebookNode


def md(en: str, vi: str) -> Prose:
    """A Markdown cell, in English and in Vietnamese (the rule sheets' own words for rule texts)."""
    return Prose(en.strip(), vi.strip())


#: Said under every notebook's title: what to do when the controls are not live yet.
RUN_ALL = {
    "en": "*The controls come alive when the notebook runs: **Run ▸ Run All Cells** (under Voilà they already are).*",
    "vi": "*Các nút điều khiển hoạt động khi sổ tay được chạy: **Run ▸ Run All Cells** (trong Voilà chúng đã sẵn sàng).*",
}


def title(en: str, vi: str) -> Prose:
    """A notebook's first cell: its heading line, the line :data:`RUN_ALL`, then the rest."""

    def split(text: str, edition: Edition) -> str:
        heading, _, rest = text.strip().partition("\n")
        return f"{heading}\n\n{RUN_ALL[edition]}\n\n{rest.strip()}"

    return Prose(split(en, "en"), split(vi, "vi"))


def code(text: str, tag: str | None = None) -> nbformat.NotebookNode:
    """A code cell, the same in both editions, optionally tagged for nbval (``CHECK`` or ``IGNORE``)."""
    cell = new_code_cell(text.strip())
    if tag:
        cell.metadata["tags"] = [tag]
    return cell


def render(cells: list[Cell], edition: Edition) -> list[nbformat.NotebookNode]:
    """The cells of one edition: each :class:`Prose` in its language, the language line set to it.

    >>> cells = render([md("Hello", "Xin chào"), code('i18n.set_language("en")\\nx = 1')], "vi")
    >>> [c.source for c in cells]
    ['Xin chào', 'i18n.set_language("vi")\\nx = 1']
    """
    out = []
    english = LANGUAGE_LINE.format(lang="en")
    for cell in cells:
        if isinstance(cell, Prose):
            out.append(new_markdown_cell(cell.en if edition == "en" else cell.vi))
        else:
            twin = copy.deepcopy(cell)
            twin.source = "\n".join(
                LANGUAGE_LINE.format(lang=edition) if line == english else line for line in twin.source.split("\n")
            )
            out.append(twin)
    return out


def notebook(cells: list[nbformat.NotebookNode]) -> nbformat.NotebookNode:
    """A notebook of ``cells`` with the project's kernel spec (what :func:`write` writes)."""
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def write(name: str, cells: list[nbformat.NotebookNode]) -> Path:
    """Write ``notebooks/<name>`` (``name`` may start with ``vi/``) with the project's kernel spec."""
    path = ROOT / "notebooks" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook(cells), path)
    return path
