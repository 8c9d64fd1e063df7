"""House rules for every notebook (docs/conventions.md § Notebooks), checked without running them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")) + sorted(
    (ROOT / "notebooks" / "vi").glob("[0-9][0-9]_*.ipynb")
)
VISUAL = ("application/vnd.jupyter.widget-view+json", "image/png", "image/svg+xml")


def code_cells(path: Path) -> list[nbformat.NotebookNode]:
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_first_code_cell_imports_the_package_and_seeds(path):
    first = code_cells(path)[0].source
    assert "rulesengine" in first
    assert "seed" in first


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_game_logic_in_cells(path):
    """Cells call the package; functions and classes live in rulesengine/, never in a notebook."""
    for cell in code_cells(path):
        tree = ast.parse(cell.source)
        defined = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.ClassDef)]
        assert not defined, f"{path.name}: a cell defines {[d.name for d in defined]}"
        assert "sys.path" not in cell.source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_nbval_tags_are_known_and_outputs_of_checked_cells_are_stored(path):
    for cell in code_cells(path):
        tags = set(cell.metadata.get("tags", []))
        assert tags <= {"nbval-check-output", "nbval-ignore-output", "nbval-skip", "parameters"}
        assert not {"nbval-check-output", "nbval-ignore-output"} <= tags
        if "nbval-check-output" in tags:
            assert cell.outputs, f"{path.name}: a checked cell has no stored output"
        assert "nbval-skip" not in tags, f"{path.name}: every cell must run under nbval"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_widget_and_figure_outputs_are_ignored_by_nbval(path):
    for cell in code_cells(path):
        shown = {kind for output in cell.outputs for kind in output.get("data", {})}
        if shown & set(VISUAL):
            assert "nbval-ignore-output" in cell.metadata.get("tags", []), (
                f"{path.name}: a widget or figure cell lacks nbval-ignore-output:\n{cell.source}"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_kernel_is_the_current_python(path):
    assert nbformat.read(path, as_version=4).metadata["kernelspec"]["name"] == "python3"


def test_there_is_an_index():
    assert (ROOT / "notebooks" / "00_index.ipynb") in NOTEBOOKS


@pytest.mark.parametrize("folder", ["", "vi"])
def test_index_links_every_notebook_and_only_existing_ones(folder):
    index = nbformat.read(ROOT / "notebooks" / folder / "00_index.ipynb", as_version=4)
    text = "\n".join(cell.source for cell in index.cells if cell.cell_type == "markdown")
    linked = set(re.findall(r"\]\((\d\d_[\w]+\.ipynb)\)", text))
    assert linked == {path.name for path in NOTEBOOKS if path.parent.name == (folder or "notebooks")} - {
        "00_index.ipynb"
    }


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_lead_to_files_that_exist(path):
    """Links from a notebook's own folder (to notebooks, to docs/, to the other edition) resolve, so
    they open in JupyterLab rooted at the repository and, for notebooks, under Voilà."""
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if "://" not in target:
            assert (path.parent / target.split("#")[0]).exists(), f"{path.name}: broken link {target}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_what_a_learner_reads_is_html_without_reprs_or_missing_glyphs(path):
    """No cell prints to a monospace stream; a widget output's plain-text form is the one line saying to
    run the cells (never a repr like ``ToggleButtons(_dom_classes=(…``); no HTML output uses 🔒, which
    the default fonts of a bare Debian lack (docs/conventions.md § Notebooks)."""
    from rulesengine.viz.common import RUN_HINT

    for cell in code_cells(path):
        for output in cell.outputs:
            assert output.output_type != "stream", f"{path.name}: a cell prints:\n{cell.source}"
            data = output.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                assert data["text/plain"] in RUN_HINT.values(), f"{path.name}: {data['text/plain'][:60]}"
            assert "🔒" not in data.get("text/html", ""), f"{path.name}: 🔒 in\n{cell.source}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_widget_output_has_its_saved_state(path):
    """A notebook opened before it runs draws its controls from the saved widget state (issue 10, first
    contact); a rewrite of the cells without re-executing drops that state, and this test notices."""
    nb = nbformat.read(path, as_version=4)
    saved = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    state = saved.get("state", {})
    shown = [
        output["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
        for cell in code_cells(path)
        for output in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    missing = [model for model in shown if model not in state]
    assert not missing, f"{path.name}: {len(missing)} widget outputs without saved state; re-execute it"
