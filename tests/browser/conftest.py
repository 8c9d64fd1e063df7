"""Real-browser fixtures: a Voilà server on a free loopback port and Debian's Chromium driven by Playwright.

Every test in this folder is marked ``browser``. The server is started once per session, serves
``notebooks/`` and is always shut down, also when a test fails. Chromium is Debian's
(``/usr/bin/chromium``, or ``$CHROMIUM``); Playwright never downloads a browser of its own.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
#: How long a notebook may take to execute and render under Voilà.
RENDER_TIMEOUT_MS = 120_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def chromium_executable() -> str:
    """Debian's Chromium, or a clear one-line failure saying how to install it."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail("Chromium not found: install it with `sudo apt-get install chromium` (or set $CHROMIUM)")
    return path


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Stop a server started in its own session (``start_new_session=True``), its children too."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start Voilà on 127.0.0.1 serving ``notebooks/``; yield its base URL; always stop it."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    command = [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--show_tracebacks=True",
        "--VoilaConfiguration.file_allowlist=['.*']",
        str(NOTEBOOKS),
    ]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with log_path.open("w") as log:
        process = subprocess.Popen(
            command, cwd=NOTEBOOKS, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    pytest.fail(f"Voilà exited early:\n{log_path.read_text()[-2000:]}")
                try:
                    with urllib.request.urlopen(base + "/", timeout=2):
                        break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    if time.monotonic() > deadline:
                        pytest.fail(f"Voilà did not start:\n{log_path.read_text()[-2000:]}")
                    time.sleep(0.3)
            yield base
        finally:
            stop_server(process)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the session."""
    from playwright.sync_api import sync_playwright

    executable = chromium_executable()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page; on failure a screenshot is left in ``tests/browser/screenshots/``."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        context.close()


def open_app(page: object, voila_url: str, notebook: str, ready_selector: str) -> None:
    """Open ``notebook`` as a Voilà app and wait until ``ready_selector`` is visible."""
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=RENDER_TIMEOUT_MS)  # type: ignore[attr-defined]
    page.wait_for_selector(ready_selector, state="visible", timeout=RENDER_TIMEOUT_MS)  # type: ignore[attr-defined]


def has_text(selector: str, text: str) -> str:
    """A JavaScript predicate for ``page.wait_for_function``: the first ``selector`` contains ``text``."""
    return f"() => (document.querySelector({selector!r}) || {{innerText: ''}}).innerText.includes({text!r})"
