"""``python -m lab.rigs.restbench``: how much of a core the window uses while little
moves, in a real X server (a private Xvfb, its screen ``--size``, 1366x768 unless told).

The game's real window is opened full screen on it, and for each state an App is put in that
state and the real loop goes round (``loop.go_round``): CPU seconds a wall second of the
window's process (all its threads) and, apart, of the computer's worker process and of the X
server. The states: ``idle`` (a human to move), ``rules`` (the rules window open, its pages
turned in equal shares of the time), ``attract`` (a kiosk's attract loop once round, however
long that takes: its demonstration game, then how to play, each part's figures too; or
round and round for ``--minutes``, the window's process's CPU in each ``--window`` seconds
and the worst) and
``chain`` (long chains shown one after another at the normal speed, no computer thinking),
whose frames are timed as well: the wall-clock gap between frames and the CPU each took,
their p99. The others go on for ``--seconds``.

Needs Xvfb (``apt-get install xvfb``). Other work on the machine slows the frames (their
gaps, and so the frames a second of what draws 60 a second) far more than the CPU a frame
costs.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from chainplus.common.options import OneLineParser
from chainplus.common.stats import percentile
from lab.rigs.timed_window import CpuWindows, window_size

if TYPE_CHECKING:  # pygame is imported only once the X display is chosen
    from chainplus.ui.window.app import App
    from chainplus.ui.window.display import ScreenDisplay

STATES = ("idle", "rules", "attract", "chain")
#: The attract loop is measured once round, but never longer than this.
ATTRACT_LIMIT = 600.0
#: Seconds the X server may take to start.
X_START = 20.0


class NoXvfb(Exception):
    """Xvfb is not installed or would not start."""


@contextlib.contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[subprocess.Popen[bytes]]:
    """A private Xvfb with one screen of ``size`` on a display it picks itself, set as this
    process's DISPLAY while the block runs."""
    read, write = os.pipe()
    try:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as exc:
        os.close(read)
        raise NoXvfb(f"cannot run Xvfb ({exc.strerror}): apt-get install xvfb") from None
    finally:
        os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        if not number:
            raise NoXvfb("Xvfb did not start")
        os.environ["DISPLAY"] = f":{number}"
        yield server
    finally:
        server.terminate()
        server.wait(X_START)


def cpu_of(pid: int) -> float:
    """CPU seconds (user and system) process ``pid`` has used; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> set[int]:
    """Every process under ``pid``, however deep."""
    found: set[int] = set()
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                found |= {int(child)} | children(int(child))
    return found


class Reading(NamedTuple):
    """The clock and the CPU seconds used so far: by this process (the window's), by its other
    processes (the computer's worker) and by the X server."""

    wall: float
    window: float
    others: dict[int, float]
    x_server: float


def reading(server: int) -> Reading:
    others = {pid: cpu_of(pid) for pid in children(os.getpid()) - {server}}
    return Reading(time.perf_counter(), time.process_time(), others, cpu_of(server))


def usage(first: Reading, last: Reading) -> dict[str, float]:
    """The % of a core each used from ``first`` to ``last``, and the seconds."""
    wall = last.wall - first.wall
    worker = sum(used - first.others.get(pid, 0.0) for pid, used in last.others.items())
    return {"seconds": round(wall, 1),
            "window_pct": round(100 * (last.window - first.window) / wall, 2),
            "worker_pct": round(100 * worker / wall, 2),
            "x_server_pct": round(100 * (last.x_server - first.x_server) / wall, 2)}


def go_for(app: App, display: ScreenDisplay, seconds: float,
           each: Callable[[float], bool] = lambda left: False) -> list[tuple[float, float]]:
    """Go round the real loop for ``seconds``, or until ``each`` (called before every round
    with the share of the time left) says to stop; the (wall-clock gap since the frame
    before, CPU) of each frame."""
    import pygame

    from chainplus.ui.window.loop import go_round

    frame_clock = pygame.time.Clock()
    start = last = time.perf_counter()
    frames = []
    while (now := time.perf_counter()) < start + seconds:
        if each(1 - (now - start) / seconds):
            break
        used = time.process_time()
        if go_round(app, display, frame_clock):
            now = time.perf_counter()
            frames.append((now - last, time.process_time() - used))
            last = now
    return frames


def new_app(display: ScreenDisplay, kiosk: bool = False, sync: bool = False) -> App:
    """An App on ``display`` as ``python main.py`` makes it (its own worker process, unless
    ``sync``), every seat a human, nothing saved, no sound."""
    from chainplus.app.options import KioskOptions, Options
    from chainplus.app.seats import SeatSpec
    from chainplus.ui.window.app import App, Devices
    from chainplus.ui.window.worker import SyncWorker
    from lab.rigs.fakes import RecordedSounds

    options = Options(seats=(SeatSpec("human", 2, 0),) * 4, sound=False, seed=1,
                      kiosk=KioskOptions(idle_seconds=3600.0) if kiosk else None)
    return App(options, Devices(display=display, sounds=RecordedSounds(),
                                worker=SyncWorker() if sync else None))


def rules(app: App, display: ScreenDisplay, seconds: float) -> list[tuple[float, float]]:
    """The rules window open, its pages turned in equal shares of the time."""
    from chainplus.ui.window.over.rules import RulesWindow
    from chainplus.ui.window.requests import OpenRules

    app.table.ask(OpenRules())
    app.stack.serve()
    window = app.mode
    assert isinstance(window, RulesWindow)

    def turn(left: float) -> bool:
        page = min(window.count - 1, int((1 - left) * window.count))
        if page != window.number:
            window.turn(page - window.number)
        return False
    return go_for(app, display, seconds, turn)


def attract(app: App, display: ScreenDisplay, server: int, minutes: float | None = None,
            window: float = 20.0) -> tuple[list[tuple[float, float]], dict[str, Any]]:
    """A kiosk's attract loop once round (its demonstration game, then how to play, until
    the next game begins), or round and round for ``minutes``; the frames, the figures of
    each part of the first round, and the window's process's CPU in each ``window``
    seconds."""
    from chainplus.ui.window.demo import DemoMode, TourMode

    shown = DemoMode(app.table)
    app.stack.show_demo(shown)
    marks = [reading(server)]
    cpu = CpuWindows(window)
    limit = ATTRACT_LIMIT if minutes is None else 60 * minutes

    def watch(left: float) -> bool:
        cpu.look()
        touring = isinstance(shown.inner, TourMode)
        if len(marks) < 3 and touring != (len(marks) == 2):
            marks.append(reading(server))
        return minutes is None and len(marks) == 3
    frames = go_for(app, display, limit, watch)
    marks += [reading(server)] * (3 - len(marks))
    return frames, {"attract_demo": usage(marks[0], marks[1]),
                    "attract_tour": usage(marks[1], marks[2]),
                    "attract_windows": cpu.figures()}


def chains(app: App, display: ScreenDisplay, seconds: float) -> list[tuple[float, float]]:
    """Long chains, one after another, shown at the normal speed."""
    from chainplus.ui.window.controls import Effect
    from lab.rigs.uibench import long_cascades

    found = itertools.cycle(long_cascades(4, 1))

    def next_chain(left: float) -> bool:
        if not app.mode.animating:
            before, square = next(found)
            app.session.game = before.copy()
            board = app.stack.controller
            board.follow(Effect.RESTART)  # play on from the game put on the board
            board.place(square)
        return False
    return go_for(app, display, seconds, next_chain)


def measure(state: str, display: ScreenDisplay, server: int, seconds: float,
            minutes: float | None = None, window: float = 20.0) -> dict[str, dict[str, Any]]:
    """One state's figures (the attract loop's, its parts' and its CPU windows')."""
    app = new_app(display, kiosk=state == "attract", sync=state == "chain")
    parts: dict[str, dict[str, Any]] = {}
    try:
        go_for(app, display, 0.5)  # the first frames are not resting
        first = reading(server)
        if state == "rules":
            frames = rules(app, display, seconds)
        elif state == "attract":
            frames, parts = attract(app, display, server, minutes, window)
        elif state == "chain":
            frames = chains(app, display, seconds)
        else:
            frames = go_for(app, display, seconds)
        figures = usage(first, reading(server))
    finally:
        app.close()
    figures["frames_per_s"] = round(len(frames) / figures["seconds"], 1)
    if state == "chain" and frames:
        figures["gap_p99_ms"] = round(percentile([gap * 1000 for gap, _ in frames], 99), 2)
        figures["cpu_p99_ms"] = round(percentile([cpu * 1000 for _, cpu in frames], 99), 2)
    return {state: figures, **parts}


def run(states: Sequence[str], seconds: float, size: tuple[int, int],
        minutes: float | None = None, window: float = 20.0) -> dict[str, Any]:
    """Every state's figures, in a fresh Xvfb of ``size`` (the attract loop's for
    ``minutes``, its CPU in windows of ``window`` seconds)."""
    with xvfb(size) as server:
        os.environ.update(SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        import pygame

        from chainplus.ui.window.display import ScreenDisplay

        pygame.display.init()
        try:
            display = ScreenDisplay(fullscreen=True)
            result: dict[str, Any] = {"screen": list(size), "window": list(display.window.size)}
            for state in states:
                result |= measure(state, display, server.pid, seconds, minutes, window)
        finally:
            pygame.quit()
    return result


def describe(name: str, figures: dict[str, Any]) -> str:
    """One state's figures in a line."""
    if "windows_pct" in figures:
        return (f"{name}: the window's process {figures['cpu_pct']}% of a core, the worst "
                f"{figures['window_s']} s window {figures['worst_window_pct']}% "
                f"(of {len(figures['windows_pct'])})")
    line = (f"{name}: window {figures['window_pct']}% of a core, worker "
            f"{figures['worker_pct']}%, X server {figures['x_server_pct']}% over "
            f"{figures['seconds']} s")
    if "frames_per_s" in figures:
        line += f", {figures['frames_per_s']} frames a second"
    if "gap_p99_ms" in figures:
        line += (f"; frame gap p99 {figures['gap_p99_ms']} ms, frame CPU p99 "
                 f"{figures['cpu_p99_ms']} ms")
    return line


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line a state (the attract loop's parts too), then everything as JSON on the
    last line."""
    parser = OneLineParser(prog="python -m lab.rigs.restbench",
                           description="CPU a second of the game window, full screen in a "
                                       "private Xvfb, in each state: idle, rules window, "
                                       "a kiosk's attract loop, chains.")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="seconds to measure each state (default 20; the attract loop "
                             "is measured once round, however long it takes)")
    parser.add_argument("--size", type=window_size, default=(1366, 768), metavar="WxH",
                        help="the X screen's size (default 1366x768)")
    parser.add_argument("--states", default=",".join(STATES),
                        help=f"which states, comma-separated (default {','.join(STATES)})")
    parser.add_argument("--minutes", type=float, default=None,
                        help="measure the attract loop round and round for this many minutes "
                             "(default once round)")
    parser.add_argument("--window", type=float, default=20.0, metavar="SECONDS",
                        help="the attract loop's CPU is given for each window of this many "
                             "seconds, and the worst (default 20)")
    args = parser.parse_args(argv)
    states = [state for state in args.states.split(",") if state]
    if not states or any(state not in STATES for state in states):
        parser.error(f"--states: some of {','.join(STATES)}")
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be from 1 to 600")
    try:
        result = run(states, args.seconds, args.size, args.minutes, args.window)
    except NoXvfb as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for name, figures in result.items():
        if isinstance(figures, dict):
            print(describe(name, figures))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
