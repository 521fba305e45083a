"""Reaching Dask for :mod:`kg.engine.dask_engine`: whether it is installed, and a client on a scheduler or a
local cluster, with errors of one line that say what to do."""

from __future__ import annotations

from kg.errors import KgError

__all__ = ["CONNECT_TIMEOUT", "DaskMissingError", "SchedulerError", "connect", "require_dask"]

#: seconds to wait for a scheduler
CONNECT_TIMEOUT = 10.0


class DaskMissingError(KgError):
    """dask and distributed are not installed."""


class SchedulerError(KgError):
    """The Dask scheduler cannot be reached."""


def require_dask() -> None:
    """Raise :class:`DaskMissingError` (one line, what to install) when dask is missing."""
    try:
        import dask.bag  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        raise DaskMissingError("the dask engine needs dask and distributed: pip install 'kg-news[dask]'") from None


def connect(scheduler: str | None, workers: int | None):
    """A ``distributed.Client``: on the scheduler at ``scheduler``, or on a new ``LocalCluster`` of
    ``workers`` processes (one thread each). Returns (client, cluster or None)."""
    import logging
    import os

    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise SchedulerError(
                f"cannot reach the Dask scheduler at {scheduler} within {CONNECT_TIMEOUT:.0f}s "
                f"({type(err).__name__}); is `dask scheduler` running there?"
            ) from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError):
            client.close()
            raise SchedulerError(
                f"the Dask scheduler at {scheduler} has no worker after {CONNECT_TIMEOUT:.0f}s; "
                f"start some: dask worker {scheduler}"
            ) from None
        return client, None
    n = workers or os.cpu_count() or 1
    cluster = LocalCluster(
        n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
    )
    return Client(cluster, set_as_default=False), cluster
