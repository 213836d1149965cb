"""Stand-ins for the window's clock and sounds, shared by the rigs and the tests.

``HandClock`` is time that moves only when told (``clock.t += step``), so a run with a seeded
random generator repeats; ``RecordedSounds`` plays nothing and remembers the name of every
sound asked for, so a test can check what would have been heard. ``headless_devices`` puts
them together with a computer that answers at once and a screen that shows nothing.
"""

from __future__ import annotations

from chainplus.ui.window.app import Devices
from chainplus.ui.window.display import Display, NullDisplay
from chainplus.ui.window.judging import GraphJudge
from chainplus.ui.window.wake import post_wake
from chainplus.ui.window.worker import SyncWorker


class HandClock:
    """A clock moved by hand: ``clock()`` is ``clock.t``, which starts at 1000 s."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


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


def headless_devices(display: Display | None = None, clock: HandClock | None = None,
                     judge_nodes: int | None = None) -> Devices:
    """An App's devices for a repeatable run: ``clock`` (a new ``HandClock`` by default), a
    ``SyncWorker`` searching ``THINK_NODES`` positions a move, recorded sounds, ``display`` (by
    default a ``NullDisplay`` in a window) and the graph judged in step with the window
    (``judge_nodes``: how hard; None as level 5)."""
    return Devices(clock=clock if clock is not None else HandClock(),
                   worker=SyncWorker(nodes=THINK_NODES),
                   sounds=RecordedSounds(),
                   display=display if display is not None else NullDisplay(),
                   judge=GraphJudge(post_wake, nodes=judge_nodes))
