"""Work on worker processes (``tools.workers``, which a match's games run on): every result
comes back once, a job's error is raised in the parent, and stopping never waits on a
worker, whatever it is doing."""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
import subprocess
import time
from multiprocessing.process import BaseProcess

import pytest

from chainplus.tools.workers import WorkerDied, on_workers


def workers() -> list[multiprocessing.process.BaseProcess]:
    """The worker processes alive (other tests may leave processes of their own)."""
    return [p for p in multiprocessing.active_children() if p.name == "chainplus-worker"]


@pytest.fixture(autouse=True)
def no_worker_left():
    """A test that fails may leave workers, which let SIGTERM pass: multiprocessing would wait
    on them for ever as pytest ends."""
    yield
    for worker in workers():
        worker.kill()
        worker.join()


def square(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def fail_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


def sleep_on_one(n: int) -> int:
    if n == 1:
        time.sleep(600)
    return n


def die_on_two(n: int) -> int:
    if n == 2:
        os._exit(3)
    return n


def test_every_job_is_done_once_on_at_most_the_workers_asked_for() -> None:
    results = list(on_workers(square, range(20), 3))
    assert sorted(value for value, _ in results) == [n * n for n in range(20)]
    assert len({pid for _, pid in results} - {os.getpid()}) == 3
    assert workers() == []


def test_fewer_jobs_than_workers_start_only_the_workers_needed() -> None:
    assert sorted(value for value, _ in on_workers(square, [5], 4)) == [25]
    assert list(on_workers(square, [], 4)) == []


def test_a_jobs_error_is_raised_here_and_the_workers_go() -> None:
    with pytest.raises(ValueError, match="three"):
        list(on_workers(fail_on_three, range(10), 2))
    assert workers() == []


def test_closing_stops_a_worker_in_the_middle_of_a_job() -> None:
    results = on_workers(sleep_on_one, [0, 1], 2)
    assert next(results) == 0
    started = workers()  # one idle, one ten minutes from its answer
    assert len(started) == 2
    results.close()
    assert not any(worker.is_alive() for worker in started)


def test_a_worker_that_dies_of_itself_is_said_not_waited_for() -> None:
    with pytest.raises(WorkerDied, match="exit status 3"):
        list(on_workers(die_on_two, range(5), 2))
    assert workers() == []


def signals_a_program_started_ignores(_: int) -> int:
    status = subprocess.run(["cat", "/proc/self/status"], capture_output=True, text=True,
                            check=True).stdout
    return int(re.search(r"^SigIgn:\s*([0-9a-f]+)$", status, re.M).group(1), 16)


def test_a_program_a_worker_starts_still_hears_ctrl_c_and_sigterm() -> None:
    """An engine program a match's worker runs can be stopped as any program can."""
    [ignored] = on_workers(signals_a_program_started_ignores, [0], 1)
    assert not ignored & (1 << (signal.SIGINT - 1) | 1 << (signal.SIGTERM - 1))


def test_a_stop_as_a_worker_starts_finds_it_listed_and_kills_it(monkeypatch, ctrl_c) -> None:
    start = BaseProcess.start

    def start_then_stop(self: BaseProcess) -> None:
        start(self)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(BaseProcess, "start", start_then_stop)
    with pytest.raises(KeyboardInterrupt):
        next(on_workers(square, range(4), 2))
    assert workers() == []


def test_a_stop_while_the_workers_are_killed_waits_till_all_are_gone(monkeypatch, ctrl_c
                                                                    ) -> None:
    results = on_workers(sleep_on_one, [0, 1, 1], 3)
    assert next(results) == 0
    started = workers()
    assert len(started) == 3
    kill = BaseProcess.kill

    def kill_then_stop(self: BaseProcess) -> None:  # Ctrl+C again, as each is killed
        kill(self)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(BaseProcess, "kill", kill_then_stop)
    with pytest.raises(KeyboardInterrupt):
        results.close()
    assert not any(worker.is_alive() for worker in started)
