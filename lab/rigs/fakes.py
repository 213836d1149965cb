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
import threading

from chainplus.ui.window.app import Devices
from chainplus.ui.window.display import Display, NullDisplay
from chainplus.ui.window.judging import GraphJudge
from chainplus.ui.window.wake import post_wake
from chainplus.ui.window.worker import SyncWorker

#: How often (real seconds) a pause looks at the event that may end it early.
_LOOK = 0.005


class FakeClock:
    """Time that stands still until ``advance`` moves it; the asyncio loops it makes keep it
    too and are woken when it moves."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._moved = threading.Condition()
        self._loops: set[_FakeTimeLoop] = set()
        self._sleeping = 0
        self.pauses: list[float] = []  # every pause asked for, in order

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._now

    @property
    def sleeping(self) -> int:
        """How many threads are pausing now (waiting for time to pass)."""
        return self._sleeping

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
            end = self._now + seconds
            self.pauses.append(seconds)
            self._sleeping += 1
            try:
                while self._now < end and not (until is not None and until.is_set()):
                    self._moved.wait(_LOOK if until is not None else None)
            finally:
                self._sleeping -= 1
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


def _nothing() -> None:
    """A callback that only wakes a loop up."""


class _FakeTimeLoop(asyncio.SelectorEventLoop):
    """An asyncio loop on a ``FakeClock``: its timers are due when the clock says so."""

    def __init__(self, clock: FakeClock) -> None:
        self._fake_clock = clock
        super().__init__()
        self.slow_callback_duration = float("inf")  # a callback takes no time on this clock

    def time(self) -> float:
        return self._fake_clock.now()

    def wake(self) -> None:
        """Have the loop look at its timers again (time moved)."""
        with contextlib.suppress(RuntimeError):  # closed
            self.call_soon_threadsafe(_nothing)

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
