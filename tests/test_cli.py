"""The command line entry (`python -m rulesengine`)."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesengine", *args], capture_output=True, text=True)


def test_help_lists_the_games():
    result = run("--help")
    assert result.returncode == 0
    assert "usage: python -m rulesengine" in result.stdout


def test_version():
    result = run("--version")
    assert (result.returncode, result.stdout) == (0, "rulesengine 0.1.0\n")


def test_usage_errors_are_one_line_with_status_2():
    for args in (["--nope"], ["grove", "odds", "--frobnicate", "1"], ["nosuchgame"]):
        result = run(*args)
        assert result.returncode == 2, args
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert result.stderr.startswith("error: "), result.stderr
