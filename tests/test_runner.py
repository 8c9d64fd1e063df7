"""The runner gives the same results in one process, in local processes and on a Dask cluster."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.grove.strategy.tournament import tournament
from rulesengine.runner import resolve_scheduler, run_tasks


def _square(x: int) -> int:
    return x * x


def test_run_tasks_keeps_task_order_locally() -> None:
    assert run_tasks(_square, list(range(7))) == [x * x for x in range(7)]
    assert run_tasks(_square, list(range(7)), workers=2) == [x * x for x in range(7)]


def test_tournament_equal_in_one_process_two_processes_and_on_a_dask_localcluster() -> None:
    from distributed import LocalCluster

    local = tournament(3, ["best", "higher", "random"], games=240, seed=4, chunk=50)
    assert local == tournament(3, ["best", "higher", "random"], games=240, seed=4, chunk=50, workers=2)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = tournament(3, ["best", "higher", "random"], games=240, seed=4, chunk=50,
                             scheduler=cluster.scheduler_address)
    assert on_dask == local
    assert sum(r.seat_games for r in local.rows) == 3 * 240


def test_scheduler_address_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://10.0.0.1:8786")
    assert resolve_scheduler(None, None) == "tcp://10.0.0.1:8786"
    assert resolve_scheduler(2, None) is None  # --workers wins over the environment
    with pytest.raises(InputError, match="--scheduler"):
        resolve_scheduler(None, " ")
