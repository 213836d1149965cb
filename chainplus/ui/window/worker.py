"""The computer players beside the window, so the window keeps drawing while they think.

One job at a time: starting a job, or ``cancel``, stops the old one and throws its answer
away. ``ProcessWorker`` thinks in the computer's own process (``ai.service``), so the search
never takes the window's interpreter; without that process ``ThreadWorker`` runs the job on a
thread. ``SyncWorker`` answers at once, for repeatable tests and benchmarks.
"""

from __future__ import annotations

import math
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from chainplus.ai.levels import DEFAULT_BUDGET
from chainplus.ai.limits import Limit
from chainplus.ai.service import Answer, Gone, Hurry, Reply, Stop, Think, Thought, think
from chainplus.ai.service_process import Service
from chainplus.common.clock import REAL_CLOCK, Clock, give_way
from chainplus.core.game import Game

#: What a job asks: the move for a computer seat, or a hint for a human one.
JobKind = Literal["move", "hint"]
MOVE: JobKind = "move"
HINT: JobKind = "hint"
#: A hint is what level 5 at 0 % random would play (``players.hint``).
HINT_PLAYER = (5, 0)
#: Said once when a job had to run on a thread (what went wrong comes first).
ON_A_THREAD = "the computer thinks in the window's process instead"


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
    #: The clock the answer is timed on: the worker's.
    clock: Clock = field(default=REAL_CLOCK, repr=False)
    #: When the answer is wanted at the latest (on ``clock``), whatever the budget.
    answer_by: float = math.inf
    #: Told of ``hurry`` besides ``answer_by``: the process thinking it out, which has a
    #: clock of its own (None: the job is thought out in this process).
    on_hurry: Callable[[float], None] | None = field(default=None, repr=False)

    def player(self) -> tuple[int, int]:
        """The level and random % that answer: the seat's, or for a hint ``HINT_PLAYER``."""
        return HINT_PLAYER if self.kind == HINT else (self.level, self.random_pct)

    def hurry(self, seconds: float) -> None:
        """Answer within ``seconds`` from now with the best move found by then (never later
        than the budget allows): a job started while a chain is shown, when it ends early."""
        self.answer_by = min(self.answer_by, self.clock.now() + seconds)
        if self.on_hurry is not None:
            self.on_hurry(seconds)

    def due(self) -> bool:
        """Whether the time to answer has come (``hurry``), as opposed to being stopped."""
        return self.clock.now() >= self.answer_by

    def take(self, answer: Answer) -> None:
        """Keep ``answer`` as the job's; a random move that stood in for a failing player is
        said on stderr and noted (``fallback``)."""
        if answer.error is not None:
            print(f"chainplus: the computer player failed ({answer.error}); playing a random "
                  "move", file=sys.stderr)
            self.fallback = "the computer player failed: a random move answered"
        self.square, self.nodes = answer.square, answer.nodes
        self.done = True


#: How many of the search's stop checks (one a position) go by between the moments it hands
#: the interpreter to the window's thread.
SHARE_EVERY = 32


def sharing(stop: threading.Event) -> Callable[[], bool]:
    """``stop.is_set`` for a search running beside the window. Every ``SHARE_EVERY`` checks it
    also lets the window's thread run (``give_way``), which would otherwise wait for the
    interpreter and drop frames; a search running alone never pauses."""
    checks = 0

    def check() -> bool:
        nonlocal checks
        checks += 1
        if not checks % SHARE_EVERY:
            give_way()
        return stop.is_set()

    return check


def answer(job: Job, limit: Limit | None = None) -> None:
    """Work out the job's square here, within ``limit`` (by default the job's time budget);
    never raises (a failing AI answers with a random legal move)."""
    shared = sharing(job.stop)

    def stop() -> bool:  # stopped (the answer is thrown away) or hurried (it is kept)
        return shared() or job.due()

    level, random_pct = job.player()
    limit = limit if limit is not None else Limit(time=job.budget)
    job.take(think(job.game, level, random_pct, job.seed, limit, stop, job.clock.now))


class ThreadWorker:
    """Runs each job on a daemon thread and calls ``notify`` (from that thread) when done;
    each job is timed on ``clock``."""

    def __init__(self, notify: Callable[[], None] | None = None,
                 clock: Clock = REAL_CLOCK) -> None:
        self._notify = notify
        self.clock = clock
        self._job: Job | None = None
        self._next = 1

    def start(self, kind: JobKind, game: Game, level: int = 0, random_pct: int = 0,
              seed: float = 0.0, budget: float = DEFAULT_BUDGET) -> Job:
        """Stop any job under way and start a new one on a copy of ``game``."""
        self.cancel()
        job = Job(self._next, kind, game.copy(), level, random_pct, seed, budget,
                  clock=self.clock)
        self._next += 1
        self._job = job
        self.launch(job)
        return job

    def launch(self, job: Job) -> None:
        """Run ``job``, which ``start`` has just made current: here on a daemon thread.
        Subclasses override it to run jobs another way; callers use ``start``."""

        def run() -> None:
            answer(job)
            self.answered(job)

        threading.Thread(target=run, name=f"chainplus-ai-{job.ident}", daemon=True).start()

    def answered(self, job: Job) -> None:
        """``job`` has its answer: wake the window, unless the job was stopped meanwhile."""
        if self._notify is not None and not job.stop.is_set():
            self._notify()

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


class ProcessWorker(ThreadWorker):
    """Thinks each job out in the computer's own process (``service``, which the App owns),
    and calls ``notify`` (from the service's thread) when done. Requests are stamped on the
    process's clock (``Service.clock``), not the window's. A job the process cannot take runs
    on a thread instead and says why (``Job.fallback``)."""

    def __init__(self, service: Service, notify: Callable[[], None] | None = None,
                 clock: Clock = REAL_CLOCK) -> None:
        super().__init__(notify, clock)
        self.service = service
        self._asked: int | None = None  # the service's request for the job under way

    def launch(self, job: Job) -> None:
        """Ask the process for ``job``'s answer; a thread answers when it cannot."""
        level, random_pct = job.player()
        self._asked = ident = self.service.ask(
            lambda ident: Think(ident, job.game, level, random_pct, job.seed, job.budget,
                                self.service.clock.wall()),
            lambda reply: self._heard(job, reply))
        if ident is None:
            self._on_a_thread(job)
            return
        stamp = self.service.clock.wall
        job.on_hurry = lambda seconds: self.service.tell(Hurry(ident, seconds, stamp()))

    def _heard(self, job: Job, reply: Reply) -> None:
        """A reply about ``job`` (on the service's thread)."""
        if isinstance(reply, Thought):
            job.take(reply.answer)
            self.answered(job)
        elif isinstance(reply, Gone) and not job.stop.is_set():
            self._on_a_thread(job)

    def _on_a_thread(self, job: Job) -> None:
        job.on_hurry = None
        why = self.service.broken or "the computer's process is closed"
        job.fallback = f"{why}: {ON_A_THREAD}"
        super().launch(job)

    def cancel(self) -> None:
        """Stop the job under way at once, in the process too; its answer will never be used."""
        if self.job is not None and self._asked is not None:
            self.service.tell(Stop(self._asked))
        self._asked = None
        super().cancel()


class SyncWorker(ThreadWorker):
    """Answers on the calling thread at once. Given ``nodes``, each job searches that many
    positions instead of for its time budget, so the answer is the same on any machine."""

    def __init__(self, notify: Callable[[], None] | None = None,
                 nodes: int | None = None, clock: Clock = REAL_CLOCK) -> None:
        super().__init__(notify, clock)
        self.nodes = nodes

    def launch(self, job: Job) -> None:
        """Answer ``job`` at once, on the calling thread."""
        answer(job, None if self.nodes is None else Limit(nodes=self.nodes))
