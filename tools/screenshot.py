"""Screenshot notebooks running as Voilà apps, for the README and the docs.

Usage: python tools/screenshot.py NOTEBOOK.ipynb OUT.png [CSS-SELECTOR-TO-WAIT-FOR [HEIGHT [CLICKS]]]

NOTEBOOK is relative to notebooks/ (``vi/02_looper_day_in_nine_steps.ipynb`` for the Vietnamese
edition). The page is scrolled so that the selector's element is at the top, and HEIGHT pixels
(900 by default) of it are captured. CLICKS, e.g. ``".rulesengine-looper-next*4;.x button >> nth=1"``,
clicks each selector (the first match) that many times first, waiting a moment after each click;
``".rulesengine-exercise-text input=>2"`` types ``2`` into the first matching box instead.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]


def main(notebook: str, out: str, selector: str = ".jupyter-widgets", height: str = "900", clicks: str = "") -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         str(ROOT / "notebooks")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=FLAGS)
            page = browser.new_page(viewport={"width": 1100, "height": int(height)})
            page.goto(f"http://127.0.0.1:{port}/voila/render/{notebook}", timeout=180_000)
            page.wait_for_selector(selector, timeout=180_000)
            page.wait_for_timeout(1500)
            for click in filter(None, clicks.split(";")):
                if "=>" in click:  # type text into a box: "SELECTOR=>TEXT"
                    target, _, text = click.partition("=>")
                    page.locator(target).first.fill(text)
                    page.wait_for_timeout(500)
                    continue
                target, _, times = click.partition("*")
                for _ in range(int(times or 1)):
                    page.locator(target).first.click()
                    page.wait_for_timeout(1200)
            page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
            # SCREENSHOT_SETTLE (seconds): more time for a slow click's pictures to arrive on a busy machine
            page.wait_for_timeout(int(1000 * float(os.environ.get("SCREENSHOT_SETTLE", "0.5"))))
            page.screenshot(path=out, full_page=False)
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)


if __name__ == "__main__":
    main(*sys.argv[1:])
