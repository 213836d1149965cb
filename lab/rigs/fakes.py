"""Stand-ins for the window's clock and sounds, shared by the rigs and the tests.

``FakeClock`` is time that moves only when told (``advance``): a pause, a timeout or a
deadline ends when the run has moved time past it, never sooner and never by itself, so a run
with a seeded random generator repeats (the window, the computer's worker and the network all
run on it, the asyncio loops it makes too); ``RecordedSounds`` plays nothing and remembers
the name of every sound asked for, so a test can check what would have been heard.
``headless_devices`` puts them together with a computer that answers at once and a screen
that shows nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import selectors
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from chainplus.ui.window.app import Devices
from chainplus.ui.window.display import Display, NullDisplay
from chainplus.ui.window.judging import GraphJudge
from chainplus.ui.window.wake import post_wake
from chainplus.ui.window.worker import SyncWorker

_T = TypeVar("_T")
_P = ParamSpec("_P")

#: How often (real seconds) a pause looks at the event that may end it early.
_LOOK = 0.005


@dataclass
class _Pause:
    """A thread pausing on a ``FakeClock``: until ``end``, or until ``until`` is set."""

    end: float
    until: threading.Event | None

    def over(self, now: float) -> bool:
        return now >= self.end or (self.until is not None and self.until.is_set())


class FakeClock:
    """Time that stands still until ``advance`` moves it; the asyncio loops it makes keep it
    too and are woken when it moves. ``quiet`` says whether every thread on it is waiting
    (no pause over, every loop it made with nothing to do), so a test can let the others
    settle before it looks."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._moved = threading.Condition()
        self._loops: set[_FakeTimeLoop] = set()
        self._pauses: set[int] = set()
        self._paused: dict[int, _Pause] = {}
        self._next = 0
        #: Counts every wait begun or ended on this clock: equal twice, nothing happened.
        self.activity = 0
        self.pauses: list[float] = []  # every pause asked for, in order

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._now

    @property
    def sleeping(self) -> int:
        """How many threads are pausing now (waiting for time to pass)."""
        return len(self._paused)

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass: the pauses and timeouts they cover end."""
        with self._moved:
            self._now += seconds
            self._moved.notify_all()
            loops = list(self._loops)
        for loop in loops:
            loop.wake()

    def sleep(self, seconds: float, until: threading.Event | None = None) -> bool:
        with self._moved:
            pause = _Pause(self._now + seconds, until)
            self.pauses.append(seconds)
            ident, self._next = self._next, self._next + 1
            self._paused[ident] = pause
            self.activity += 1
            try:
                while not pause.over(self._now):
                    self._moved.wait(_LOOK if until is not None else None)
            finally:
                del self._paused[ident]
                self.activity += 1
        return until is not None and until.is_set()

    def event_loop(self) -> asyncio.AbstractEventLoop:
        loop = _FakeTimeLoop(self)
        with self._moved:
            self._loops.add(loop)
        return loop

    def closed(self, loop: _FakeTimeLoop) -> None:
        """A loop it made has closed: it need not be woken any more."""
        with self._moved:
            self._loops.discard(loop)

    def waited(self) -> None:
        """A loop it made began or ended a wait."""
        with self._moved:
            self.activity += 1

    def quiet(self) -> bool:
        """Whether every thread on this clock waits for it: no pause is over, and every loop
        it made waits with nothing ready and nothing worked out for it on another thread."""
        with self._moved:
            now, paused, loops = self._now, list(self._paused.values()), list(self._loops)
        return not any(pause.over(now) for pause in paused) and all(loop.idle() for loop in loops)


def _nothing() -> None:
    """A callback that only wakes a loop up."""


class _WatchedSelector(selectors.DefaultSelector):
    """A loop's selector that says when the loop waits: a select that may block is called
    only when nothing is ready to run."""

    def __init__(self, waiting: Callable[[bool], None]) -> None:
        super().__init__()
        self._waiting = waiting

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        blocks = timeout is None or timeout > 0
        if blocks:
            self._waiting(True)
        try:
            return super().select(timeout)
        finally:
            if blocks:
                self._waiting(False)


class _CountedExecutor(ThreadPoolExecutor):
    """A loop's threads for ``asyncio.to_thread``, which tell the loop what they work on: a
    call counts until the loop itself has heard it is done, so no moment between looks idle."""

    def __init__(self, loop: _FakeTimeLoop) -> None:
        super().__init__(thread_name_prefix="fake-clock-loop")
        self._loop = loop

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args,
               **kwargs: _P.kwargs) -> Future[_T]:
        loop = self._loop
        loop.handed(1)
        future = super().submit(fn, *args, **kwargs)

        def done(_: object) -> None:
            with contextlib.suppress(RuntimeError):  # closed
                loop.call_soon_threadsafe(loop.handed, -1)

        future.add_done_callback(done)
        return future


class _FakeTimeLoop(asyncio.SelectorEventLoop):
    """An asyncio loop on a ``FakeClock``: its timers are due when the clock says so."""

    def __init__(self, clock: FakeClock) -> None:
        self._fake_clock = clock
        self._waiting = False
        self._jobs = 0  # calls handed to another thread (``run_in_executor``) not yet back
        super().__init__(_WatchedSelector(self._wait))
        self.set_default_executor(_CountedExecutor(self))
        self.slow_callback_duration = float("inf")  # a callback takes no time on this clock

    def handed(self, jobs: int) -> None:
        """``jobs`` more (or fewer) calls are worked out for the loop on another thread."""
        self._jobs += jobs

    def _wait(self, waiting: bool) -> None:
        self._waiting = waiting
        self._fake_clock.waited()

    def time(self) -> float:
        return self._fake_clock.now()

    def wake(self) -> None:
        """Have the loop look at its timers again (time moved)."""
        with contextlib.suppress(RuntimeError):  # closed
            self.call_soon_threadsafe(_nothing)

    def idle(self) -> bool:
        """Whether the loop waits with nothing to do (or is not running at all)."""
        if self.is_closed() or not self.is_running():
            return True
        ready = getattr(self, "_ready", ())  # callbacks due now, a thread's call among them
        return self._waiting and not ready and not self._jobs

    def close(self) -> None:
        self._fake_clock.closed(self)
        super().close()


class RecordedSounds:
    """Sounds that remember what was played instead of playing it (an ``art.sound.SoundPlayer``);
    nothing is remembered while ``enabled`` is False, as the real sounds play nothing then."""

    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []

    def play(self, name: str, strength: int = 1) -> None:
        if self.enabled:
            self.played.append(name)


#: How many positions the computer searches for a move in a repeatable run: about what the tests'
#: budget of 0.02 s gives it on a quiet machine, but the same on a busy one.
THINK_NODES = 600


def headless_devices(display: Display | None = None, clock: FakeClock | None = None,
                     judge_nodes: int | None = None) -> Devices:
    """An App's devices for a repeatable run: ``clock`` (a new ``FakeClock`` by default), a
    ``SyncWorker`` searching ``THINK_NODES`` positions a move, recorded sounds, ``display`` (by
    default a ``NullDisplay`` in a window) and the graph judged in step with the window
    (``judge_nodes``: how hard; None as level 5)."""
    clock = clock if clock is not None else FakeClock()
    return Devices(clock=clock,
                   worker=SyncWorker(nodes=THINK_NODES, clock=clock),
                   sounds=RecordedSounds(),
                   display=display if display is not None else NullDisplay(),
                   judge=GraphJudge(post_wake, nodes=judge_nodes))
