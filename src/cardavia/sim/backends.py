"""Where the deals of a run are played: ``local`` (a pool of worker
processes on this machine) or ``ray`` (tasks on a Ray cluster, the ``ray``
extra).  The simulator and the arena cut a run into tasks of several deals
and hand them to ``Backend.imap``, which yields each task's result as it
comes back; the results are keyed by deal index, so the figures never
depend on the backend, the order of arrival or the number of workers.
"""
from __future__ import annotations

import abc
import logging
import multiprocessing
import os
import signal
import socket
import sys
from typing import Any, Callable, Iterator, Sequence

from cardavia._core.errors import ArgumentTypeError

BACKENDS = ("local", "ray")


def deals_to_play(games: int, done: Any) -> Sequence[int]:
    """The deal indices a run still plays: a ``range`` when nothing is done,
    so a run of a hundred million deals builds no list of them."""
    if not done:
        return range(games)
    return [i for i in range(games) if i not in done]


class Tasks(Sequence):
    """The tasks of a run, made on demand: ``make(deals)`` for each slice of
    ``chunk`` deals of ``todo``."""

    def __init__(self, todo: Sequence[int], chunk: int, make: Callable[[Sequence[int]], Any]):
        self.todo, self.chunk, self.make = todo, chunk, make

    def __len__(self) -> int:
        return -(-len(self.todo) // self.chunk)

    def __getitem__(self, k: Any) -> Any:
        if not isinstance(k, int) or not 0 <= k < len(self):
            raise IndexError(k)
        return self.make(self.todo[k * self.chunk:(k + 1) * self.chunk])


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the parent alone answers it,
    # so workers print no tracebacks of their own.  A parent that joined Ray
    # left its crash reporter on SIGTERM, with which the pool ends its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Backend(abc.ABC):
    """Plays tasks: ``imap(func, tasks)`` yields ``func(task)`` for each."""

    name = ""

    @abc.abstractmethod
    def slots(self) -> int:
        """How many tasks run at once (to size the tasks)."""

    @abc.abstractmethod
    def imap(self, func: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterator[Any]:
        """``func(task)`` for each task, in order."""


class LocalBackend(Backend):
    """A pool of ``workers`` processes (every core by default); one task, or
    one worker, runs in this process."""

    name = "local"

    def __init__(self, workers: int | None = None):
        self.workers = workers or os.cpu_count() or 1
        self.start_method = "spawn" if sys.platform == "darwin" else "fork"
        """How the pool's workers start: forked workers inherit this process's
        registered agents, spawned ones (macOS) are sent them with each task."""

    def slots(self) -> int:
        return self.workers

    def imap(self, func: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterator[Any]:
        workers = max(1, min(self.workers, len(tasks)))  # never more processes than pieces of work
        if workers == 1:
            yield from map(func, tasks)
            return
        ctx = multiprocessing.get_context(self.start_method)
        pool = ctx.Pool(workers, initializer=_ignore_interrupt)
        try:
            yield from pool.imap(func, tasks)
        finally:
            pool.terminate()
            pool.join()


def _import_ray():
    try:
        import ray
    except ImportError:
        raise ValueError('the ray backend needs Ray: install cardavia[ray] (pip install "cardavia[ray]")') from None
    return ray


def _check_reachable(address: str) -> None:
    """Fail at once, not after Ray's minutes of retries, when nothing
    listens at a ``HOST:PORT`` address."""
    hostport = address.split("://", 1)[-1]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        return                                   # "auto", "local": Ray's own to resolve
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise ValueError(f"cannot reach the Ray cluster at {address}: {reason}") from None


class RayBackend(Backend):
    """Tasks on a Ray cluster: the one this process already joined (a
    caller's ``ray.init``), else the one at ``address`` (``"auto"``,
    ``"HOST:PORT"`` or ``"ray://HOST:10001"``), else the one ``RAY_ADDRESS``
    names, else a new local instance (of ``workers`` CPUs when given).
    Twice as many tasks as ``workers`` (by default the cluster's CPUs) are
    in flight at once, so a huge run does not queue all its tasks up front.
    Every node needs cardavia installed."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None):
        ray = _import_ray()
        self.ray = ray
        if address:
            _check_reachable(address)
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "logging_level": logging.WARNING}
            if address:
                kwargs["address"] = address
            elif workers and not os.environ.get("RAY_ADDRESS"):
                kwargs["num_cpus"] = workers
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as e:
                where = f"the Ray cluster at {address}" if address else "a Ray cluster"
                first_line = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                raise ValueError(f"cannot start or reach {where}: {first_line[:200]}") from None
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = max(1, min(workers, cpus) if workers else cpus)

    def slots(self) -> int:
        return self.workers

    def imap(self, func: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterator[Any]:
        ray = self.ray
        remote = ray.remote(num_cpus=1)(func)
        pending: list = []
        queue = iter(tasks)
        try:
            while True:
                while len(pending) < 2 * self.workers:   # keep every CPU busy, the queue short
                    task = next(queue, None)
                    if task is None:
                        break
                    pending.append(remote.remote(task))
                if not pending:
                    return
                ready, pending = ray.wait(pending, num_returns=1)
                yield ray.get(ready[0])
        except BaseException:                            # an interrupted run leaves no work behind
            for ref in pending:
                ray.cancel(ref, force=True)
            raise


def make_backend(backend: str | Backend = "local", workers: int | None = None,
                 address: str | None = None) -> Backend:
    """The backend called ``backend`` (``"local"`` or ``"ray"``), or
    ``backend`` itself when it already is one."""
    if isinstance(backend, Backend):
        return backend
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int):
            raise ArgumentTypeError(f"workers must be an int, not {type(workers).__name__}")
        if workers < 1:
            raise ValueError(f"workers must be 1 or more (None: every core), got {workers}")
    if backend == "local":
        if address:
            raise ValueError("an address names a Ray cluster: give backend ray too")
        return LocalBackend(workers)
    if backend == "ray":
        return RayBackend(workers, address)
    raise ValueError(f"unknown backend {str(backend)[:40]!r}; choose one of: {', '.join(BACKENDS)}")
