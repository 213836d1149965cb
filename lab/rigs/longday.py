"""A long day at the museum: the kiosk plays its demonstration games headless, as fast as the
machine allows, and says whether memory, file descriptors or threads grew.

``python -m lab.rigs.longday [--games N] [--seed N]`` builds the App a kiosk runs (the
computer's own process, started before the day begins as in a kiosk that has played, the real
sounds on the dummy audio driver, an autosave folder of its own in a temporary folder) on the
dummy video driver, with the demonstration at instant speed. A hand-moved clock jumps to the
next moment anything is due; while a computer move is thought out, the loop waits for it
before moving time on. Every frame the app
calls dirty is drawn onto the 640x480 picture. Now and then a visitor taps the screen, places
one piece and walks away, so the visitor's table, its autosave and the wake-up are part of the
day too. The first games warm up the caches; the figures are measured after them.

While something animates the clock moves on a frame at a time, 60 a second; ``--frame-rate``
draws fewer, for a quicker, coarser day (the same games, how-to-play pages and visitors).
"""

from __future__ import annotations

import dataclasses
import gc
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl+C and SIGTERM stop the run

import pygame  # noqa: E402

from chainplus.app.options import KioskOptions, Options, WindowOptions  # noqa: E402
from chainplus.app.seats import parse_seats  # noqa: E402
from chainplus.app.store import Store  # noqa: E402
from chainplus.common.options import OneLineParser  # noqa: E402
from chainplus.core.game import Game  # noqa: E402
from chainplus.ui.art.board_view import cell_rect  # noqa: E402
from chainplus.ui.window.app import App, Devices  # noqa: E402
from chainplus.ui.window.display import NullDisplay  # noqa: E402
from chainplus.ui.window.loop import turn  # noqa: E402
from chainplus.ui.window.policy import kiosk  # noqa: E402
from chainplus.ui.window.targets import SELECT  # noqa: E402
from lab.rigs.fakes import FakeClock  # noqa: E402

GAMES = 500
#: Games played before the start is measured: fonts, glyphs and pygame fill their caches then.
WARMUP = 10
#: The operator's seats: a visitor against a quick computer.
SEATS = "H,C3"
#: Short pauses: the clock is moved by hand, so only the number of frames depends on them.
IDLE_SECONDS = 5.0
NEXT_GAME = 2.0
#: Demonstration games between two visitors.
VISIT_EVERY = 10
#: The square a visitor plays (the middle of the board).
VISITOR_SQUARE = 27
#: Growth of the resident memory from start to end that fails the run.
GROWTH_LIMIT_MB = 10.0
#: Real seconds a computer move may take before the run is called stuck.
MOVE_LIMIT = 30.0
#: Kiosk seconds without a finished demonstration game before the run is called stuck.
STUCK_AFTER = 3600.0
#: Games between two progress lines on standard error.
PROGRESS_EVERY = 50
#: Frames a kiosk second while something animates (the clock steps by one frame then).
FRAME_RATE = 60
#: The clock's least step when nothing animates (so time moves on).
LEAST_STEP = 0.001
PROC_STATUS = Path("/proc/self/status")
PROC_FDS = Path("/proc/self/fd")


class Stuck(Exception):
    """The kiosk stopped finishing games: the message is one line for the operator."""


@dataclass(frozen=True)
class Usage:
    """What the process holds at one moment of the day."""

    games: int
    rss_mb: float
    descriptors: int
    threads: int  # Python's threads (threading.active_count)
    os_threads: int  # the kernel's, which also counts SDL's own threads

    def line(self) -> str:
        return (f"games played {self.games}, RSS {self.rss_mb:.1f} MB, open file descriptors "
                f"{self.descriptors}, threads {self.threads} (OS {self.os_threads})")


def proc_status(field: str) -> str:
    """One field of /proc/self/status, such as ``VmRSS`` ('12345 kB')."""
    for row in PROC_STATUS.read_text().splitlines():
        name, _, value = row.partition(":")
        if name == field:
            return value.strip()
    raise OSError(f"{PROC_STATUS} has no {field} line")


def measure(games: int) -> Usage:
    """The figures now; garbage is collected first, so only what is really held counts."""
    gc.collect()
    rss_kb = int(proc_status("VmRSS").split()[0])
    return Usage(games, rss_kb / 1024, len(os.listdir(PROC_FDS)), threading.active_count(),
                 int(proc_status("Threads")))


@dataclass(frozen=True)
class Day:
    """The figures of one run: at the start (after the warm-up) and at the end."""

    start: Usage
    end: Usage
    visitors: int
    frames: int

    @property
    def growth_mb(self) -> float:
        return self.end.rss_mb - self.start.rss_mb

    def problems(self) -> list[str]:
        """What grew that must not: empty when the day was clean."""
        start, end = self.start, self.end
        found = []
        if self.growth_mb >= GROWTH_LIMIT_MB:
            found.append(f"memory grew by {self.growth_mb:.1f} MB "
                         f"(the limit is under {GROWTH_LIMIT_MB:.0f} MB)")
        if end.descriptors > start.descriptors:
            found.append(f"open file descriptors: {end.descriptors - start.descriptors} more")
        if end.threads > start.threads or end.os_threads > start.os_threads:
            found.append(f"more threads ({start.threads} -> {end.threads}, "
                         f"OS {start.os_threads} -> {end.os_threads})")
        return found

    def verdict(self) -> str:
        start, end = self.start, self.end
        growth = (f"growth: RSS {self.growth_mb:+.1f} MB, file descriptors "
                  f"{end.descriptors - start.descriptors:+d}, threads "
                  f"{end.threads - start.threads:+d} (OS {end.os_threads - start.os_threads:+d})")
        problems = self.problems()
        return f"{growth}: {'; '.join(problems) if problems else 'ok'}"


class Museum:
    """One kiosk app on a hand-moved clock, driven as ``loop.play`` drives the real window."""

    def __init__(self, folder: Path, seed: int, visit_every: int = VISIT_EVERY,
                 progress: TextIO | None = None, frame_rate: int = FRAME_RATE) -> None:
        self.clock = FakeClock()
        self.frame = 1 / frame_rate
        self.display = NullDisplay(True)
        options = Options(seed=seed, seats=parse_seats(SEATS), fixed_seats=True,
                          window=WindowOptions(fullscreen=True),
                          kiosk=KioskOptions(idle_seconds=IDLE_SECONDS))
        policy = dataclasses.replace(kiosk(IDLE_SECONDS), demo_speed="instant",
                                     next_game_after=NEXT_GAME)
        self.app = App(options, Devices(clock=self.clock, display=self.display),
                       store=Store(folder, write_settings=False), policy=policy)
        service = self.app.table.services.judge.service
        if service is None or not service.start():
            raise Stuck("the computer's own process could not be started")
        self.visit_every = visit_every
        self.progress = progress
        self.games = self.visitors = self.frames = 0
        self.last_over: Game | None = None  # the demonstration's finished game, counted once
        self.last_game_at = self.clock.now()

    def close(self) -> None:
        self.app.close()

    def play(self, games: int) -> None:
        """Run until ``games`` demonstration games have finished in all."""
        while self.games < games:
            if self.clock.now() - self.last_game_at > STUCK_AFTER:
                raise Stuck(f"no demonstration game finished in {STUCK_AFTER:.0f} s of kiosk "
                            f"time after game {self.games}")
            self.step()
            if not self.finished_one():
                continue
            if self.progress is not None and self.games % PROGRESS_EVERY == 0:
                print(f"  {self.games} games", file=self.progress, flush=True)
            if self.games % self.visit_every == 0 and self.games < games:
                self.visit()

    def step(self) -> None:
        """One turn of the loop: the events, or a sleep until something is due; then time moves
        on, a dirty screen is drawn, and any computer move under way is waited for."""
        app = self.app
        events = pygame.event.get()
        if not events:
            step = self.frame if app.mode.animating else app.wait_time(self.clock.now())
            self.clock.advance(max(LEAST_STEP, step))
        self.frames += turn(app, self.display, events)
        job, until = app.table.services.worker.job, time.monotonic() + MOVE_LIMIT
        while job is not None and not job.done:
            if time.monotonic() > until:
                raise Stuck(f"a computer move took more than {MOVE_LIMIT:.0f} s")
            time.sleep(0.001)

    def finished_one(self) -> bool:
        """True once for each demonstration game that reaches its end."""
        mode, game = self.app.board, self.app.game
        if mode.name != "demo" or mode.board_mode.name != "over" or game is self.last_over:
            return False
        self.last_over = game
        self.games += 1
        self.last_game_at = self.clock.now()
        return True

    def visit(self) -> None:
        """A visitor taps to wake the kiosk, places one piece and walks away."""
        self.visitors += 1
        for _ in range(2):  # the first tap only wakes the kiosk; the second plays
            tap(cell_rect(VISITOR_SQUARE).center)
            self.step()


def tap(pos: tuple[int, int]) -> None:
    """A finger on the screen, as pygame delivers it: motion, press, release."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=SELECT))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=SELECT))


def long_day(games: int, seed: int, warmup: int = WARMUP, visit_every: int = VISIT_EVERY,
             progress: TextIO | None = None, frame_rate: int = FRAME_RATE) -> Day:
    """Play ``warmup`` games, measure, play ``games`` more, measure again."""
    pygame.display.init()
    pygame.event.clear()
    with tempfile.TemporaryDirectory(prefix="chainplus-longday-") as tmp:
        museum = Museum(Path(tmp), seed, visit_every, progress, frame_rate)
        try:
            museum.play(warmup)
            start = measure(museum.games)
            museum.play(warmup + games)
            end = measure(museum.games)
        finally:
            museum.close()
    return Day(start, end, museum.visitors, museum.frames)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(
        prog="python -m lab.rigs.longday",
        description="The kiosk's demonstration games headless at instant speed, with memory, "
                    "file descriptors and threads measured at the start and at the end.")
    parser.add_argument("--games", type=int, default=GAMES,
                        help=f"games measured after the warm-up (default {GAMES})")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--warmup", type=int, default=WARMUP,
                        help=f"games played before the start is measured (default {WARMUP})")
    parser.add_argument("--frame-rate", type=int, default=FRAME_RATE,
                        help=f"frames drawn a kiosk second while something animates (default "
                             f"{FRAME_RATE}; fewer make a quicker, coarser day)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.warmup < 0 or args.frame_rate < 1:
        parser.error("--games and --frame-rate must be 1 or more and --warmup 0 or more")
    if not PROC_STATUS.exists() or not PROC_FDS.is_dir():
        print("longday: needs Linux's /proc to read memory, file descriptors and threads",
              file=sys.stderr)
        return 2
    began = time.monotonic()
    try:
        day = long_day(args.games, args.seed, args.warmup, progress=sys.stderr,
                       frame_rate=args.frame_rate)
    except (Stuck, OSError) as error:
        print(f"longday: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("longday: stopped before the end", file=sys.stderr)
        return 130
    print(f"start (after {args.warmup} warm-up games): {day.start.line()}")
    print(f"end: {day.end.line()}")
    print(day.verdict())
    print(f"{day.end.games - day.start.games} games measured, {day.visitors} visitors, "
          f"{day.frames} frames drawn, {time.monotonic() - began:.0f} s")
    return 1 if day.problems() else 0


if __name__ == "__main__":
    sys.exit(main())
