"""Computer players off the UI thread, so the window keeps drawing while they think.

One job at a time: starting a job, or ``cancel``, sets the old job's stop flag, which the
searching levels poll, and its answer is thrown away. ``SyncWorker`` answers at once on the
calling thread: tests and the benchmark use it for repeatable runs.
"""

from __future__ import annotations

import math
import random
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from chainplus.ai import players as ai
from chainplus.ai.levels import DEFAULT_BUDGET
from chainplus.ai.limits import Limit
from chainplus.core.game import Game

#: What a job asks: the move for a computer seat, or a hint for a human one.
JobKind = Literal["move", "hint"]
MOVE: JobKind = "move"
HINT: JobKind = "hint"


@dataclass
class Job:
    """One question for the computer: the move for the seat to move, or a hint."""

    ident: int
    kind: JobKind
    game: Game
    level: int = 0
    random_pct: int = 0
    seed: float = 0.0
    budget: float = DEFAULT_BUDGET
    stop: threading.Event = field(default_factory=threading.Event)
    square: int | None = None
    nodes: int = 0  # the positions level 5 searched for the answer (0: no search ran)
    fallback: str | None = None  # why a stand-in answered, when one did
    done: bool = False
    #: When the answer is wanted at the latest (``time.perf_counter``), whatever the budget.
    answer_by: float = math.inf

    def hurry(self, seconds: float) -> None:
        """Answer within ``seconds`` from now, with the best move found by then (never later
        than the budget allows). A job started early, while a chain is shown, is hurried
        when the chain ends sooner than planned."""
        self.answer_by = min(self.answer_by, time.perf_counter() + seconds)

    def due(self) -> bool:
        """Whether the time to answer has come (``hurry``), as opposed to being stopped."""
        return time.perf_counter() >= self.answer_by


#: How many of the search's stop checks (one a position) go by between the moments it hands
#: the interpreter to the window's thread: 32 is about half a millisecond of searching.
SHARE_EVERY = 32


def sharing(stop: threading.Event) -> Callable[[], bool]:
    """``stop.is_set`` for a search running beside the window. Every ``SHARE_EVERY`` checks it
    also lets the window's thread run (``time.sleep(0)``), which would otherwise wait for the
    interpreter and drop frames. Only the window pays for it: each pause costs about 70
    microseconds, an eighth of the search's time, so a search running alone never pauses."""
    checks = 0

    def check() -> bool:
        nonlocal checks
        checks += 1
        if not checks % SHARE_EVERY:
            time.sleep(0)
        return stop.is_set()

    return check


def answer(job: Job) -> None:
    """Work out the job's square; never raises (a failing AI answers with a random legal move)."""
    game, rng = job.game, random.Random(job.seed)
    shared = sharing(job.stop)

    def stop() -> bool:  # stopped (the answer is thrown away) or hurried (it is kept)
        return shared() or job.due()

    level, random_pct = (5, 0) if job.kind == HINT else (job.level, job.random_pct)
    try:  # a hint is what level 5 at 0 % random would play (``players.hint``)
        job.square, job.nodes = ai.play(game, level, random_pct, rng,
                                        limit=Limit(time=job.budget), stop=stop)
    except Exception as exc:  # the window must survive a broken computer player
        print(f"chainplus: the computer player failed ({exc!r}); playing a random move",
              file=sys.stderr)
        job.fallback = "the computer player failed: a random move answered"
        job.square = game.random_move(rng) if game.winner is None else None
    job.done = True


class ThreadWorker:
    """Runs each job on a daemon thread and calls ``notify`` (from that thread) when done."""

    #: How long a running thread keeps the interpreter before another may take it. Python's
    #: 5 ms default lets a search hold up the window's frames; 1 ms keeps them smooth.
    SWITCH_INTERVAL = 0.001

    def __init__(self, notify: Callable[[], None] | None = None) -> None:
        if sys.getswitchinterval() > self.SWITCH_INTERVAL:
            sys.setswitchinterval(self.SWITCH_INTERVAL)
        self._notify = notify
        self._job: Job | None = None
        self._next = 1

    def start(self, kind: JobKind, game: Game, level: int = 0, random_pct: int = 0,
              seed: float = 0.0, budget: float = DEFAULT_BUDGET) -> Job:
        """Stop any job under way and start a new one on a copy of ``game``."""
        self.cancel()
        job = Job(self._next, kind, game.copy(), level, random_pct, seed, budget)
        self._next += 1
        self._job = job
        self.launch(job)
        return job

    def launch(self, job: Job) -> None:
        """Run ``job``, which ``start`` has just made the current one: here on a daemon thread.
        A worker that runs jobs another way overrides this (``SyncWorker`` answers at once, a
        test's worker may record or hold them); callers use ``start``."""

        def run() -> None:
            answer(job)
            if self._notify is not None and not job.stop.is_set():
                self._notify()

        threading.Thread(target=run, name=f"chainplus-ai-{job.ident}", daemon=True).start()

    def cancel(self) -> None:
        """Stop the job under way at once; its answer will never be used."""
        if self._job is not None:
            self._job.stop.set()
            self._job = None

    @property
    def job(self) -> Job | None:
        """The job under way or finished but not yet collected."""
        return self._job

    def collect(self) -> Job | None:
        """The finished job, handed over once; None while it is still thinking."""
        job = self._job
        if job is not None and job.done:
            self._job = None
            return job
        return None

    def close(self) -> None:
        self.cancel()


class SyncWorker(ThreadWorker):
    """Answers on the calling thread at once: repeatable, for tests and the benchmark."""

    def launch(self, job: Job) -> None:
        """Answer ``job`` at once, on the calling thread."""
        answer(job)
