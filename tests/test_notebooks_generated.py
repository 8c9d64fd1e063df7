"""The committed notebooks are what their generators write (docs/conventions.md § Notebooks come from
generators).

Each generator in tools/ is run in memory and compared with the committed file: the kernel spec, and per
cell its type, source and tags. Outputs, execution counts, cell ids and the metadata that running or
viewing a notebook adds are not compared. A cell edited in Jupyter fails here; the fix is to make the
edit in the generator and run ``tools/make_notebooks.py``.
"""

from __future__ import annotations

import copy
import importlib
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))  # the generators import their helpers as top-level modules
make_notebooks = importlib.import_module("make_notebooks")
nbtools = importlib.import_module("nbtools")
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "vi").glob("*.ipynb"))


def test_every_committed_notebook_has_a_generator_and_every_generator_a_notebook() -> None:
    committed = [p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS]
    assert sorted(name for name, _ in make_notebooks.SOURCES.values()) == sorted(committed)


ENGLISH = sorted(key for key in make_notebooks.SOURCES if "/" not in key)


def _code_cells(path: Path) -> list[tuple[str, list[str]]]:
    nb = nbformat.read(path, as_version=4)
    return [(c.source, list(c.metadata.get("tags", []))) for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("key", ENGLISH)
def test_each_english_notebook_and_its_vietnamese_twin_have_the_same_code_cells(key: str) -> None:
    """The editions differ in prose only: the same code cells with the same tags, except the one
    language line of the set-up cell (nbtools.LANGUAGE_LINE), which each edition sets to its language."""
    english = _code_cells(ROOT / "notebooks" / make_notebooks.SOURCES[key][0])
    vietnamese = _code_cells(ROOT / "notebooks" / make_notebooks.SOURCES[f"vi/{key}"][0])
    en_line, vi_line = (nbtools.LANGUAGE_LINE.format(lang=lang) for lang in ("en", "vi"))
    assert sum(en_line in source.split("\n") for source, _ in english) == 1
    assert sum(vi_line in source.split("\n") for source, _ in vietnamese) == 1
    assert [(s.replace(vi_line, en_line), t) for s, t in vietnamese] == english


@pytest.mark.parametrize("key", ENGLISH)
def test_all_prose_of_the_vietnamese_edition_is_translated(key: str) -> None:
    """Every Markdown cell of a Vietnamese notebook differs from the English one's and reads as
    Vietnamese (it has letters only Vietnamese uses, such as ư, ơ, đ, ạ, ế)."""
    cells = [c for c in make_notebooks.SOURCES[key][1]() if c.cell_type == "markdown"]
    twins = [c for c in make_notebooks.SOURCES[f"vi/{key}"][1]() if c.cell_type == "markdown"]
    assert len(cells) == len(twins)
    vietnamese = set("ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ")
    for english, twin in zip(cells, twins, strict=True):
        assert twin.source != english.source, f"untranslated: {english.source[:80]}"
        assert vietnamese & set(twin.source.lower()), f"not Vietnamese: {twin.source[:80]}"


def test_the_index_of_each_edition_links_the_other() -> None:
    english = make_notebooks.generated("00").cells[0].source
    vietnamese = make_notebooks.generated("vi/00").cells[0].source
    assert "](vi/00_index.ipynb)" in english
    assert "](../00_index.ipynb)" in vietnamese


@pytest.mark.parametrize("key", sorted(make_notebooks.SOURCES))
def test_committed_notebook_equals_its_generators_output(key: str) -> None:
    name = make_notebooks.SOURCES[key][0]
    assert make_notebooks.check([key]) == {}, (
        f"notebooks/{name} was edited by hand: move the edit into its generator in tools/, then run "
        f"tools/make_notebooks.py --execute {key} (docs/conventions.md)"
    )


@pytest.fixture
def committed_02(tmp_path: Path) -> tuple[nbformat.NotebookNode, Path]:
    """A copy of the committed notebook 02 (with its outputs) in a scratch folder, read back."""
    name = make_notebooks.SOURCES["02"][0]
    path = tmp_path / name
    path.write_bytes((ROOT / "notebooks" / name).read_bytes())
    return nbformat.read(path, as_version=4), path


def _code_cell(nb: nbformat.NotebookNode) -> int:
    """The set-up cell (the one that seeds)."""
    seeding = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "seed(2026)" in c.source]
    return seeding[0]


def test_a_cell_edited_in_jupyter_is_drift(committed_02: tuple[nbformat.NotebookNode, Path]) -> None:
    nb, path = committed_02
    i = _code_cell(nb)
    nb.cells[i].source = nb.cells[i].source.replace("2026", "2027")  # what typing in the cell does
    assert nb.cells[i].source != nbformat.read(ROOT / "notebooks" / path.name, as_version=4).cells[i].source
    nbformat.write(nb, path)
    drift = make_notebooks.check(["02"], folder=path.parent)
    assert list(drift) == [path.name]
    assert drift[path.name][0].startswith(f"cell {i} (code): source differs")


def test_an_added_cell_a_retyped_cell_and_a_changed_tag_are_drift(
    committed_02: tuple[nbformat.NotebookNode, Path],
) -> None:
    nb, _ = committed_02
    i = _code_cell(nb)
    retyped, retagged, appended = copy.deepcopy(nb), copy.deepcopy(nb), copy.deepcopy(nb)
    retyped.cells[i] = nbformat.v4.new_markdown_cell(nb.cells[i].source)
    retagged.cells[i].metadata["tags"] = ["nbval-skip"]
    appended.cells.append(nbformat.v4.new_code_cell("print('scratch')"))
    source = make_notebooks.generated("02")
    assert make_notebooks.differences(retyped, source) == [
        f"cell {i}: a markdown cell, the generator writes a code cell"
    ]
    assert make_notebooks.differences(retagged, source) == [
        f"cell {i} (code): tags ['nbval-skip'], the generator writes {nb.cells[i].metadata.get('tags', [])}"
    ]
    assert make_notebooks.differences(appended, source) == [
        f"{len(nb.cells) + 1} cells, the generator writes {len(nb.cells)}"
    ]


def test_running_or_viewing_a_notebook_is_not_drift(committed_02: tuple[nbformat.NotebookNode, Path]) -> None:
    """What execution and Jupyter's view add is not the generator's to decide."""
    nb, path = committed_02
    for cell in nb.cells:
        cell.id = f"x{cell.id}"[:64]
        cell.metadata["collapsed"] = True
        cell.metadata["jupyter"] = {"source_hidden": True}
        cell.metadata["execution"] = {"iopub.status.idle": "2030-01-01T00:00:00Z"}
        if cell.cell_type == "code":
            cell.execution_count = 99
            cell.outputs = [nbformat.v4.new_output("stream", text="rerun\n")]
    nb.metadata["language_info"] = {"name": "python", "version": "3.99"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nbformat.write(nb, path)
    assert make_notebooks.check(["02"], folder=path.parent) == {}
