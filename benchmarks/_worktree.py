"""The baseline checkout the benchmarks share: a commit in a temporary ``git worktree``, removed after.

A benchmark measures its baseline from the project's own history in the same run (no copy of old code
in the tree): ``with baseline_worktree("5ae75da", "bench_looper_") as tree:`` gives the checked-out
folder, or ``None`` when git cannot check the commit out (a shallow clone, no git), in which case the
benchmark measures the current code only.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def baseline_worktree(commit: str, prefix: str) -> Iterator[Path | None]:
    """Check out ``commit`` with ``git worktree add --detach`` into a temporary folder; remove it after."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        folder = Path(tmp) / "baseline"
        proc = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            print(f"baseline {commit} unavailable: {proc.stderr.strip()}")
            yield None
            return
        try:
            yield folder
        finally:
            remove = ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)]
            subprocess.run(remove, check=False)
