"""The game's window as the benchmarks drive it, and its frames timed.

``headless`` chooses SDL's drivers for no screen and no sound card, ``open_window`` opens the
game's real window at a size, ``bench_app`` makes an App with every seat of one kind, and
``timed_frame`` makes one frame as the real loop does and times it; ``frame_figures`` sums
up many; ``CpuWindows`` the share of a core the process used in each window of time.
``uibench``, ``uibench_review``, ``netbench`` and ``restbench`` share them.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import threading
import time
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

import chainplus
from chainplus.app.seats import SeatKind
from chainplus.app.settings import Speed
from chainplus.common.stats import percentile

if TYPE_CHECKING:  # pygame is imported only once the headless drivers are chosen
    from chainplus.ui.window.app import App, Devices
    from chainplus.ui.window.display import Display, ScreenDisplay

ROOT = Path(chainplus.__file__).resolve().parent.parent  # the checkout: main.py is here


#: Seconds between two looks at the CPU the process has used.
SEEN_EVERY = 0.1


def threads_cpu(names: Collection[str]) -> dict[int, float]:
    """CPU seconds (user and system) each live thread of this process named in ``names`` has
    used, as ``/proc/self/task`` counts them, by its native id."""
    used: dict[int, float] = {}
    for thread in threading.enumerate():
        if thread.name in names and thread.native_id is not None:
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
                fields = stat.rsplit(")", 1)[1].split()
                used[thread.native_id] = (int(fields[11]) + int(fields[12])) \
                    / os.sysconf("SC_CLK_TCK")
    return used


class CpuWindows:
    """The share of a core this process (every thread: ``time.process_time``, what
    ``/proc/self/stat`` counts, less the threads named ``apart``: a host that would run
    elsewhere) used in each whole window of ``seconds`` of the wall clock, looked at as often
    as ``look`` is called, and over the whole time; the loop's thread (the one that made it)
    apart too."""

    def __init__(self, seconds: float, apart: Collection[str] = ()) -> None:
        self.seconds, self.apart = seconds, apart
        self.seen: dict[int, float] = {}  # the threads apart, as last seen (they may end)
        self.seen_at = 0.0
        self.first = self.last = self.now()
        self.loop_first = time.thread_time()
        self.shares: list[float] = []

    def now(self) -> tuple[float, float]:
        """The wall clock, and the CPU seconds of the process less the threads apart."""
        self.seen |= threads_cpu(self.apart)
        self.seen_at = time.perf_counter()
        return self.seen_at, time.process_time() - sum(self.seen.values())

    def look(self) -> None:
        """Close the window once its time is over (the threads apart are read a few times a
        second meanwhile, as cheaply as the loop's own rounds allow)."""
        if time.perf_counter() - self.seen_at < SEEN_EVERY:
            return
        wall, used = self.now()
        if wall - self.last[0] >= self.seconds:
            self.shares.append(100 * (used - self.last[1]) / (wall - self.last[0]))
            self.last = (wall, used)

    def figures(self) -> dict[str, Any]:
        """The % of a core over the whole time, in each window and in the worst."""
        wall, used = self.now()
        loop = time.thread_time() - self.loop_first
        return {"cpu_pct": round(100 * (used - self.first[1]) / (wall - self.first[0]), 2),
                "loop_thread_pct": round(100 * loop / (wall - self.first[0]), 2),
                "window_s": self.seconds,
                "windows_pct": [round(share, 2) for share in self.shares],
                "worst_window_pct": round(max(self.shares, default=0.0), 2)}


def frame_figures(times: list[tuple[float, float]]) -> dict[str, float]:
    """Wall-clock percentiles, and the same of the CPU time the loop's thread used (which a
    machine busy with other work inflates far less)."""
    ms = [wall * 1000 for wall, _ in times]
    cpu = [used * 1000 for _, used in times]
    return {"frames": len(ms), "p50_ms": round(percentile(ms, 50), 2),
            "p99_ms": round(percentile(ms, 99), 2), "max_ms": round(max(ms), 2),
            "cpu_p50_ms": round(percentile(cpu, 50), 2),
            "cpu_p99_ms": round(percentile(cpu, 99), 2)}


def timed_frame(app: App, display: Display) -> tuple[float, float]:
    """One frame as the real loop makes it (events, update, draw, and showing it scaled to
    the window); its wall-clock and CPU time in seconds."""
    import pygame

    start, used = time.perf_counter(), time.thread_time()
    for event in pygame.event.get():
        app.handle_event(display.logical(event))
    app.update()
    app.draw(display.surface)
    display.present()
    return time.perf_counter() - start, time.thread_time() - used


def headless() -> None:
    """SDL with no screen and no sound card (as the tests run it)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl+C and SIGTERM stop the bench


def open_window(size: tuple[int, int] | None) -> ScreenDisplay:
    """The game's real window (``ScreenDisplay``), resized to ``size`` as a player or full
    screen would, so that frames include scaling the picture to that size."""
    import pygame

    from chainplus.ui.window.display import ScreenDisplay

    display = ScreenDisplay()
    if size is not None:
        display.window.size = size
        for event in pygame.event.get():
            display.logical(event)
    return display


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: WIDTHxHEIGHT, from the smallest window to an 8K screen."""
    from chainplus.ui.window.scaler import SMALLEST

    width, _, height = text.lower().partition("x")
    try:
        size = int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1920x1080"
                                         ) from None
    if not (SMALLEST[0] <= size[0] <= 7680 and SMALLEST[1] <= size[1] <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r}: from {SMALLEST[0]}x{SMALLEST[1]} "
                                         "to 7680x4320")
    return size


def bench_app(devices: Devices, seed: int, kind: SeatKind, level: int = 2,
              speed: Speed = "normal") -> App:
    """An App on ``devices`` with all four seats of one ``kind`` (computers at ``level``, never
    random); its sounds are recorded, never played."""
    from chainplus.app.options import Options
    from chainplus.app.seats import SeatSpec
    from chainplus.ui.window.app import App
    from lab.rigs.fakes import RecordedSounds

    seats = tuple(SeatSpec(kind, level, 0) for _ in range(4))
    return App(Options(seed=seed, seats=seats, sound=False, speed=speed),
               dataclasses.replace(devices, sounds=RecordedSounds()))
