"""Work spread over worker processes that can be stopped at any moment (a match's games).

Each worker has a pipe of its own to this process. ``multiprocessing.Pool`` is not used:
stopping a pool while a worker writes a result can hang for ever, as the worker is killed
holding the lock of the pool's one shared result queue and the pool then waits on that lock.
Here a worker stopped mid-write spoils only its own pipe, which goes with it.

Only this process stops its workers: they let Ctrl+C and SIGTERM (which a terminal, or
``timeout`` and systemd, send to the whole process group) pass unheard, and this process
answers those and kills the workers. A worker whose parent is killed outright ends after the
job in hand.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")
#: The signals that stop a match: Ctrl+C and SIGTERM.
STOPS = frozenset({signal.SIGINT, signal.SIGTERM})


class WorkerDied(RuntimeError):
    """A worker process ended without being told to (killed by hand, out of memory)."""


@contextlib.contextmanager
def _stops_held() -> Iterator[None]:
    """Hold back Ctrl+C and SIGTERM within: while a worker starts (one that came then would
    find the new worker with this process's handlers; the worker lets them in once it ignores
    them), and while the workers are killed (one that came then would leave some alive)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks, no fork
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, [])  # only reads the mask
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)  # a stop already come is raised here
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _unheard(signum: int, frame: FrameType | None) -> None:
    """A worker's answer to Ctrl+C and SIGTERM: nothing. Not SIG_IGN, which the engine
    programs a worker starts would inherit, and then ignore those signals for good."""


def _serve(work: Callable[[Job], Result], line: Connection) -> None:
    """A worker: ``work`` each job that comes down ``line`` and send back what it gave, or the
    exception it raised, until the parent is gone."""
    for stop in STOPS:
        signal.signal(stop, _unheard)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
    parent = multiprocessing.parent_process()
    watched: list[Connection | int] = [line]
    if parent is not None and parent.sentinel is not None:
        watched.append(parent.sentinel)
    while line in wait(watched):
        job = line.recv()
        try:
            line.send((True, work(job)))
        except Exception as exc:  # the parent raises it
            line.send((False, exc))


def _hand(line: Connection, job: object, worker: BaseProcess) -> None:
    try:
        line.send(job)
    except OSError:
        raise _died(worker) from None


def _died(worker: BaseProcess) -> WorkerDied:
    worker.join(1.0)
    return WorkerDied(f"a worker process ended of itself (exit status {worker.exitcode})")


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
            with _stops_held():  # a stop let in as this ends finds the worker listed
                worker.start()
                workers[ours] = worker
                theirs.close()
            _hand(ours, job, worker)
            if len(workers) == processes:
                break
        busy = set(workers)
        while busy:
            for line in wait(list(busy)):
                assert isinstance(line, Connection)
                try:
                    done, result = line.recv()
                except (EOFError, OSError):
                    raise _died(workers[line]) from None
                if not done:
                    raise result
                yield result
                for job in todo:
                    _hand(line, job, workers[line])
                    break
                else:
                    busy.discard(line)
    finally:  # with a second Ctrl+C or SIGTERM held back till every worker has gone
        with _stops_held():
            for process in workers.values():  # SIGKILL: the one stop they do not let pass
                process.kill()
            for line, process in workers.items():
                process.join()
                line.close()
