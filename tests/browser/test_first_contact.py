"""First contact in Chromium: the URL `make lab` prints opens the index in JupyterLab (rooted at the
repository), its link to the Vietnamese edition opens that notebook, and under Voilà the index's links
open the other notebooks."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import RENDER_TIMEOUT_MS, ROOT, _free_port, open_app, stop_server


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Run `make lab` as a learner would on a machine without a display (on a free port, with a
    token); yield the URL it prints; always stop it."""
    folder = tmp_path_factory.mktemp("lab")
    stamp = folder / "installed"  # the set-up is this test run's environment: nothing to install
    stamp.touch()
    log = folder / "lab.log"
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env |= {"PYTHONPATH": str(ROOT), "JUPYTER_TOKEN": "first-contact-test", "JUPYTER_CONFIG_DIR": str(folder)}
    command = ["make", "-s", "lab", f"PORT={port}", f"BIN={Path(sys.executable).parent}", f"STAMP={stamp}"]
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
        try:
            deadline = time.monotonic() + 90
            url = None
            while url is None or not _answers(url):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"make lab did not start:\n{log.read_text()[-2000:]}")
                found = re.search(r"http://127\.0\.0\.1:\d+/lab/tree/\S+", log.read_text())
                url = found.group(0) if found else None
                time.sleep(0.3)
            yield url
        finally:
            stop_server(process)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url.replace("/lab/tree/", "/api/contents/"), timeout=2):
            return True
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def test_the_url_make_lab_prints_opens_the_index_and_its_links_open_in_jupyterlab(page, lab_url):
    assert "/lab/tree/notebooks/00_index.ipynb?token=" in lab_url
    page.goto(lab_url, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".jp-Notebook h1", timeout=RENDER_TIMEOUT_MS)
    assert "rulesengine — index" in page.locator(".jp-Notebook h1").first.inner_text()
    assert "Could not find path" not in page.content()
    # a link from the notebook's folder: the Vietnamese edition opens as a notebook tab
    page.locator(".jp-Notebook a", has_text="Mục lục tiếng Việt").first.click()
    page.wait_for_selector(".lm-TabBar-tab[title*='vi/00_index.ipynb']", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-Notebook h1')].some(h => h.innerText.includes('Mục lục'))",
        timeout=RENDER_TIMEOUT_MS,
    )


def test_before_it_runs_a_notebook_shows_its_controls_not_reprs(page, lab_url):
    """The committed notebooks carry their widget state and `make lab` trusts them: the glossary
    explorer is drawn before any cell runs, and no widget repr is printed."""
    page.goto(lab_url, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".jp-Notebook .rulesengine-language-switch", timeout=RENDER_TIMEOUT_MS)
    text = page.locator(".jp-Notebook").first.inner_text()
    assert "ToggleButtons(" not in text and "VBox(" not in text


def test_the_index_links_open_the_other_notebooks_under_voila(page, voila_url):
    open_app(page, voila_url, "00_index.ipynb", ".rulesengine-language-switch")
    page.locator("a", has_text="02 — Looper: a day in nine steps").click()
    page.wait_for_url(re.compile(r".*/voila/render/02_looper_day_in_nine_steps\.ipynb"), wait_until="commit")
    page.wait_for_selector(".rulesengine-language-switch", state="visible", timeout=RENDER_TIMEOUT_MS)

    open_app(page, voila_url, "00_index.ipynb", ".rulesengine-language-switch")
    page.locator("a", has_text="Mục lục tiếng Việt").click()
    page.wait_for_url(re.compile(r".*/voila/render/vi/00_index\.ipynb"), wait_until="commit")
    page.wait_for_selector(".rulesengine-language-switch", state="visible", timeout=RENDER_TIMEOUT_MS)
    page.locator("a", has_text="Xác suất là Hung thủ").click()
    page.wait_for_url(re.compile(r".*/voila/render/vi/11_grove_culprit_odds\.ipynb"), wait_until="commit")
    page.wait_for_selector(".grove-odds-explorer", state="visible", timeout=RENDER_TIMEOUT_MS)
