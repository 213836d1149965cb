"""Work spread over worker processes that can be stopped at any moment (a match's games).

Each worker has a pipe of its own to this process. ``multiprocessing.Pool`` is not used:
stopping a pool while a worker writes a result can hang for ever, as the worker is killed
holding the lock of the pool's one shared result queue and the pool then waits on that lock.
Here a worker stopped mid-write spoils only its own pipe, which goes with it.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Generator, Iterable
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


class WorkerDied(RuntimeError):
    """A worker process ended without being told to (killed by hand, out of memory)."""


def _serve(work: Callable[[Job], Result], line: Connection) -> None:
    """A worker: ``work`` each job that comes down ``line`` and send back what it gave, or the
    exception it raised. Ctrl+C is the parent's to answer: it kills us."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        job = line.recv()
        try:
            line.send((True, work(job)))
        except Exception as exc:  # the parent raises it
            line.send((False, exc))


def on_workers(work: Callable[[Job], Result], jobs: Iterable[Job],
               processes: int) -> Generator[Result, None, None]:
    """``work(job)`` for each of ``jobs`` on up to ``processes`` worker processes, yielding each
    result as its job ends (so not in the jobs' order). A job's exception is raised here, and
    ``WorkerDied`` if a worker ends of itself. Closing the generator, or an exception meeting
    it (Ctrl+C), stops the workers at once, whatever they are doing."""
    todo = iter(jobs)
    context = multiprocessing.get_context()
    workers: dict[Connection, BaseProcess] = {}
    try:
        for job in todo:
            ours, theirs = context.Pipe()
            worker = context.Process(target=_serve, args=(work, theirs), daemon=True,
                                     name="chainplus-worker")
            worker.start()
            theirs.close()
            workers[ours] = worker
            ours.send(job)
            if len(workers) == processes:
                break
        busy = set(workers)
        while busy:
            for line in wait(list(busy)):
                assert isinstance(line, Connection)
                try:
                    done, result = line.recv()
                except EOFError:
                    workers[line].join(1.0)
                    raise WorkerDied(f"a worker process ended of itself (exit status "
                                     f"{workers[line].exitcode})") from None
                if not done:
                    raise result
                for job in todo:
                    line.send(job)
                    break
                else:
                    busy.discard(line)
                yield result
    finally:
        for process in workers.values():  # SIGKILL: it ends a worker at any moment, even
            process.kill()  # one still starting, with its parent's signal handlers
        for line, process in workers.items():
            process.join()
            line.close()
