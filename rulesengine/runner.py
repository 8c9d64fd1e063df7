"""One runner for long work: local processes by default, a ``dask.distributed`` cluster when asked.

:func:`run_tasks` applies a top-level function to a list of independent tasks and returns the results
**in task order**. Each task carries everything it needs, its seed included, so the results do not
depend on where or in which order the tasks ran: one process, ``W`` local processes or a Dask cluster
give the same list (``tests/test_runner.py`` checks it against a ``LocalCluster``).

* ``workers`` ≤ 1 and no scheduler: in this process, one task after the other;
* ``workers`` = W > 1: a pool of W local processes (``concurrent.futures.ProcessPoolExecutor``);
* ``scheduler`` = ``tcp://host:port`` (or the ``DASK_SCHEDULER_ADDRESS`` environment variable when
  neither ``workers`` nor ``scheduler`` is given): the tasks go to that Dask scheduler through a
  ``distributed.Client``; the workers must be able to import ``rulesengine``. The address's form is
  checked before anything runs (:func:`resolve_scheduler`: ``tcp``, ``tls``, ``ucx``, ``ws`` or
  ``wss``, a host and a port 1 to 65535), and a scheduler that does not answer within
  :data:`CONNECT_SECONDS` is an :class:`~rulesengine.errors.InputError` naming ``--scheduler`` or
  ``DASK_SCHEDULER_ADDRESS``, whichever gave the address.

A progress bar (``tqdm``, on stderr) counts finished tasks when ``progress`` is true.

>>> run_tasks(pow, [(2, 3), (3, 2)], star=True)
[8, 9]
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Final, TypeVar

from rulesengine.errors import InputError

__all__ = ["resolve_scheduler", "run_tasks", "where"]

T = TypeVar("T")
R = TypeVar("R")


#: How long a Dask scheduler has to answer before the command gives up (seconds).
CONNECT_SECONDS: Final = 5
#: The environment variable that names a scheduler when no option does.
ENV_VAR: Final = "DASK_SCHEDULER_ADDRESS"
#: The form of a scheduler address: an optional protocol, a host name, IPv4 or [IPv6] address, a port;
#: or the ``inproc://`` address of a cluster in this process (``LocalCluster(processes=False)``).
_ADDRESS = re.compile(
    r"(?:(?:tcp|tls|ucx|ws|wss)://)?(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])"
    r":(?P<port>[0-9]{1,5})|inproc://[0-9A-Za-z.:/-]+"
)


def _scheduler(workers: int | None, scheduler: str | None) -> tuple[str, str] | None:
    """The address to use and what gave it (``--scheduler`` or ``DASK_SCHEDULER_ADDRESS``), checked."""
    if scheduler is not None:
        source, address = "--scheduler", scheduler.strip()
        if not address:
            raise InputError.of(source, "common.input.scheduler_empty")
    elif workers is None and os.environ.get(ENV_VAR, "").strip():
        source, address = ENV_VAR, os.environ[ENV_VAR].strip()
    else:
        return None
    match = _ADDRESS.fullmatch(address)
    if match is None or (match.group("port") is not None and not 1 <= int(match.group("port")) <= 65535):
        raise InputError.of(source, "common.input.scheduler_form", text=repr(address))
    return address, source


def resolve_scheduler(workers: int | None, scheduler: str | None) -> str | None:
    """The Dask scheduler address to use: ``scheduler``, else ``$DASK_SCHEDULER_ADDRESS`` unless
    ``workers`` was given, else none (local). The address's form is checked (an :class:`InputError`
    naming the option or the variable), so a command can check it before any work.

    >>> resolve_scheduler(2, None) is None
    True
    >>> resolve_scheduler(None, "tcp://127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    >>> resolve_scheduler(None, "http://127.0.0.1:8787")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --scheduler: must be an address such as tcp://127.0.0.1:8786 (tcp, tls, \
ucx, ws or wss, a host and a port), got 'http://127.0.0.1:8787'
    """
    found = _scheduler(workers, scheduler)
    return None if found is None else found[0]


def where(workers: str | None, scheduler: str | None) -> tuple[int | None, str | None]:
    """A command's ``--workers`` (its text: 1 to 256) and ``--scheduler``, checked before any work: a
    number, not both, and the address's form (or that of ``DASK_SCHEDULER_ADDRESS``:
    :func:`resolve_scheduler`).

    >>> where("2", None)
    (2, None)
    >>> where("2", "tcp://127.0.0.1:8786")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --scheduler: give --workers or --scheduler, not both
    """
    from rulesengine.inputs import parse_int

    count = None if workers is None else parse_int(workers, "--workers", 1, 256)
    if count is not None and scheduler is not None:
        raise InputError.of("--scheduler", "common.input.not_both")
    resolve_scheduler(count, scheduler)
    return count, scheduler


def _call(fn: Callable[..., Any], task: Any, star: bool) -> Any:
    return fn(*task) if star else fn(task)


def run_tasks(fn: Callable[..., R], tasks: Sequence[Any], *, workers: int | None = None,
              scheduler: str | None = None, progress: bool = False, star: bool = False,
              description: str = "tasks") -> list[R]:
    """``[fn(task) for task in tasks]`` (``fn(*task)`` with ``star``), run where asked, in task order."""
    found = _scheduler(workers, scheduler)
    client = None if found is None else _connect(*found)  # before the bar: an error is one line
    from tqdm import tqdm

    bar = tqdm(total=len(tasks), desc=description, file=sys.stderr, disable=not progress, leave=False)
    results: list[Any] = [None] * len(tasks)
    try:
        if client is not None:
            results = _run_dask(client, fn, tasks, star, bar)
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


def _connect(address: str, source: str) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (given by ``source``), or an
    :class:`InputError` naming ``source`` within :data:`CONNECT_SECONDS`."""
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - a dependency of the project
        raise InputError(source, "needs the 'distributed' package (dask[distributed])") from None
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError, ValueError, distributed's comm errors: all one line
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise InputError.of(source, "common.input.scheduler_unreachable", address=address,
                            seconds=CONNECT_SECONDS, reason=reason) from None
    return client


def _run_dask(client: Any, fn: Callable[..., Any], tasks: Sequence[Any], star: bool, bar: Any) -> list[Any]:
    """The tasks run through ``client``, in task order; the client is closed at the end."""
    try:
        futures = [client.submit(_call, fn, task, star, pure=False) for task in tasks]
        for future in futures:
            future.add_done_callback(lambda _: bar.update(1))
        return list(client.gather(futures))  # in task order
    finally:
        client.close()
