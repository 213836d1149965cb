"""Stand-ins for the window's clock and sounds, shared by the rigs and the tests.

``HandClock`` is time that moves only when told (``clock.t += step``), so a run with a seeded
random generator repeats; ``RecordedSounds`` plays nothing and remembers the name of every
sound asked for, so a test can check what would have been heard.
"""

from __future__ import annotations


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
