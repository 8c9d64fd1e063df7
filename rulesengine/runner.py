"""One runner for long work: local processes by default, a ``dask.distributed`` cluster when asked.

:func:`run_tasks` applies a top-level function to a list of independent tasks and returns the results
**in task order**. Each task carries everything it needs, its seed included, so the results do not
depend on where or in which order the tasks ran: one process, ``W`` local processes or a Dask cluster
give the same list (``tests/test_runner.py`` checks it against a ``LocalCluster``).

* ``workers`` ≤ 1 and no scheduler: in this process, one task after the other;
* ``workers`` = W > 1: a pool of W local processes (``concurrent.futures.ProcessPoolExecutor``);
* ``scheduler`` = ``tcp://host:port`` (or the ``DASK_SCHEDULER_ADDRESS`` environment variable when
  neither ``workers`` nor ``scheduler`` is given): the tasks go to that Dask scheduler through a
  ``distributed.Client``; the workers must be able to import ``rulesengine``.

A progress bar (``tqdm``, on stderr) counts finished tasks when ``progress`` is true.

>>> run_tasks(pow, [(2, 3), (3, 2)], star=True)
[8, 9]
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from rulesengine.errors import InputError

__all__ = ["resolve_scheduler", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")


def resolve_scheduler(workers: int | None, scheduler: str | None) -> str | None:
    """The Dask scheduler address to use: ``scheduler``, else ``$DASK_SCHEDULER_ADDRESS`` unless
    ``workers`` was given, else none (local).

    >>> resolve_scheduler(2, None) is None
    True
    """
    if scheduler is not None:
        if not scheduler.strip():
            raise InputError.of("--scheduler", "common.input.scheduler_empty")
        return scheduler.strip()
    if workers is None:
        env = os.environ.get("DASK_SCHEDULER_ADDRESS", "").strip()
        return env or None
    return None


def _call(fn: Callable[..., Any], task: Any, star: bool) -> Any:
    return fn(*task) if star else fn(task)


def run_tasks(fn: Callable[..., R], tasks: Sequence[Any], *, workers: int | None = None,
              scheduler: str | None = None, progress: bool = False, star: bool = False,
              description: str = "tasks") -> list[R]:
    """``[fn(task) for task in tasks]`` (``fn(*task)`` with ``star``), run where asked, in task order."""
    address = resolve_scheduler(workers, scheduler)
    from tqdm import tqdm

    bar = tqdm(total=len(tasks), desc=description, file=sys.stderr, disable=not progress, leave=False)
    results: list[Any] = [None] * len(tasks)
    try:
        if address is not None:
            results = _run_dask(fn, tasks, address, star, bar)
        elif workers is None or workers <= 1 or len(tasks) <= 1:
            for i, task in enumerate(tasks):
                results[i] = _call(fn, task, star)
                bar.update(1)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(_call, fn, task, star): i for i, task in enumerate(tasks)}
                for future in as_completed(futures):
                    results[futures[future]] = future.result()
                    bar.update(1)
    finally:
        bar.close()
    return results


def _run_dask(fn: Callable[..., Any], tasks: Sequence[Any], address: str, star: bool, bar: Any) -> list[Any]:
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - a dependency of the project
        raise InputError("--scheduler", "needs the 'distributed' package (dask[distributed])") from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError("--scheduler", f"cannot reach a Dask scheduler at {address} ({exc})") from None
    try:
        futures = [client.submit(_call, fn, task, star, pure=False) for task in tasks]
        for future in futures:
            future.add_done_callback(lambda _: bar.update(1))
        return list(client.gather(futures))  # in task order
    finally:
        client.close()
