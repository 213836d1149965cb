"""``python -m lab.rigs.churnwindow``: a real game window's memory while guests with the code
join and leave its host as fast as they can, with Rules open, all on 127.0.0.1-250.

The window is built as ``python main.py`` builds it (no screen: SDL's dummy drivers) and its
loop turns as the real one does: ``hosting`` (``--seats H,N --listen 127.0.0.1``: the
window's own host) or ``joined`` (``--join``: a headless ``net.host.Host`` of ``N,N``, in a
process of its own). Once the window has the host's game it opens Rules; ``--churners``
threads, each from an address of its own (127.0.0.10 on), in another process so the figures
are the window's alone, then join as watchers (``--players``: for the free seat, which the
host tells everyone of) and leave again for ``--seconds``. One JSON object a window is
printed: its resident memory (MB) when the churn began, at its peak and a moment after its
end, what waited on its line then, the milliseconds the frame that closes Rules took, and the
churners' joins, refusals and cuts. Each window runs in a process of its own.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection as Pipe
from typing import TYPE_CHECKING, Any

from chainplus.app.seats import parse_seats
from chainplus.common.options import OneLineParser
from chainplus.net.host import Host, HostConfig
from lab.rigs.churnbench import LOOPBACK, churn, rss_mb
from lab.rigs.netbench_windows import Plan, press, window_options
from lab.rigs.timed_window import ROOT, headless, open_window

if TYPE_CHECKING:  # pygame is imported only once the headless drivers are chosen
    from chainplus.ui.window.app import App
    from chainplus.ui.window.display import ScreenDisplay

WINDOWS = ("hosting", "joined")
#: Seconds the window has to get the host's game, and to open Rules.
READY = 10.0
#: Seconds the window's loop turns with Rules open before the churn begins, and after it.
CALM = 1.0
#: Seconds between two looks at the window's memory.
LOOK = 0.1


def peers(pipe: Pipe, address: tuple[int, str] | None, churners: int, watch: bool) -> None:
    """In a process of its own: a headless host of ``N,N`` on 127.0.0.1 when ``address`` (a
    port and a code) is None, its own sent back; then, once sent how many seconds,
    ``churners`` joining and leaving it for so long (``watch``: as watchers), what they did
    sent back; the host stops once the window says it has closed."""
    host = None
    if address is None:
        host = Host(HostConfig(parse_seats("N,N"), "classic", listen=LOOPBACK, port=0))
        address = host.start()[1], host.code
        pipe.send(address)
    port, code = address
    seconds = pipe.recv()
    stop, done = threading.Event(), dict[str, int]()
    threads = [threading.Thread(target=churn, args=(port, code, f"127.0.0.{10 + n}", stop,
                                                    done, watch), daemon=True)
               for n in range(churners)]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(15)
    pipe.send(dict(done))
    pipe.recv()
    if host is not None:
        host.stop()


def turn_until(app: App, display: ScreenDisplay, done: Any, what: str) -> None:
    """Turn the window's loop as the real one does until ``done()``; RuntimeError after
    ``READY`` seconds."""
    import pygame

    from chainplus.ui.window.loop import go_round

    frames, end = pygame.time.Clock(), time.monotonic() + READY
    while not done():
        if time.monotonic() > end:
            raise RuntimeError(f"the window never got {what}: {app.help_text()[0]}")
        go_round(app, display, frames)


def under_churn(app: App, display: ScreenDisplay, churners: Pipe, seconds: float
                ) -> tuple[float, float, dict[str, int]]:
    """Turn the window's loop while the ``churners`` churn for ``seconds``, with a calm of
    ``CALM`` seconds before and after: the window's memory (MB) when they began and at its
    peak, and what they did."""
    import pygame

    from chainplus.ui.window.loop import go_round

    frames = pygame.time.Clock()
    settled = time.monotonic() + CALM
    while time.monotonic() < settled:
        go_round(app, display, frames)
    start = peak = rss_mb()
    churners.send(seconds)
    looked, over = 0.0, None  # the churn over: when the calm after it ends
    churned: dict[str, int] = {}
    while over is None or time.monotonic() < over:
        go_round(app, display, frames)
        if time.monotonic() - looked >= LOOK:
            peak, looked = max(peak, rss_mb()), time.monotonic()
        if over is None and churners.poll():
            churned, over = churners.recv(), time.monotonic() + CALM
    return start, peak, churned


def measure(window: str, seconds: float, churners: int, watch: bool) -> dict[str, Any]:
    """The figures of one window (``WINDOWS``) under ``seconds`` of churn, Rules open."""
    headless()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the figures'
    import dataclasses

    import pygame

    from chainplus.ui.window.app import App, Devices
    from chainplus.ui.window.loop import next_events, turn
    from lab.rigs.fakes import RecordedSounds

    spawn = multiprocessing.get_context("spawn")
    mine, theirs = spawn.Pipe()
    child = None
    if window == "joined":
        child = spawn.Process(target=peers, args=(theirs, None, churners, watch), daemon=True)
        child.start()
        port, code = mine.recv()
        words = ["--join", f"{LOOPBACK}:{port}", "--code", code]
    else:
        words = ["--seats", "H,N", "--listen", LOOPBACK]
    options = window_options(Plan("H,N"), words)
    options = dataclasses.replace(options, network=dataclasses.replace(options.network, port=0))
    pygame.display.init()
    display = open_window(None)
    app = App(options, Devices(display=display, sounds=RecordedSounds()))
    try:
        referee: Any = app.stack.controller.referee
        turn_until(app, display, lambda: referee.remote.state is not None, "the host's game")
        if child is None:
            host = referee.line.host
            child = spawn.Process(target=peers, args=(theirs, (host.address[1], host.code),
                                                      churners, watch), daemon=True)
            child.start()
        press(app, display, "rules")
        turn_until(app, display, lambda: app.mode.name == "rules", "Rules open")
        start, peak, churned = under_churn(app, display, mine, seconds)
        at_end = rss_mb()
        waiting = referee.line.events.qsize()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        began = time.perf_counter()
        turn(app, display, next_events(app))
        closing_ms = (time.perf_counter() - began) * 1000
        assert app.mode is app.board, "Rules did not close"
    finally:
        app.close()
        mine.send("closed")
        if child is not None:
            child.join(15)
    return {"window": window, "churners": churners, "as": "watchers" if watch else "players",
            "seconds": seconds, "rss_mb": {"start": round(start, 1), "peak": round(peak, 1),
                                           "end": round(at_end, 1)},
            "growth_mb": round(at_end - start, 1), "peak_growth_mb": round(peak - start, 1),
            "waiting_at_end": waiting, "closing_rules_ms": round(closing_ms, 1),
            "churn": churned}


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m lab.rigs.churnwindow", description=__doc__)
    parser.add_argument("--window", choices=WINDOWS,
                        help="only this window, in this process (default: each in its own)")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of churn")
    parser.add_argument("--churners", type=int, default=8)
    parser.add_argument("--players", action="store_true",
                        help="the churners join for the free seat, not as watchers")
    args = parser.parse_args(argv)
    if args.window is not None:
        json.dump(measure(args.window, args.seconds, args.churners, not args.players),
                  sys.stdout)
        print()
        return 0
    for window in WINDOWS:
        words = ["--window", window, "--seconds", str(args.seconds), "--churners",
                 str(args.churners), *(["--players"] if args.players else [])]
        subprocess.run([sys.executable, "-m", "lab.rigs.churnwindow", *words], cwd=ROOT,
                       check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
