"""Kiosk supervision: run the game in a child process and start it again whenever it dies.

The child autosaves after every move, so a restart resumes the game. Only a clean exit
(status 0, which the game gives only for the operator's key combination) or a SIGTERM or
SIGINT to the supervisor ends the kiosk. A game that finds no display (the kiosk started
before its X server or Wayland compositor) is tried again more and more slowly, and at once
when the display's socket appears.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chainplus
from chainplus.app.settings import LOG_FILE
from chainplus.common.backoff import Backoff
from chainplus.common.clock import REAL_CLOCK

#: Pause before restarting a game that died; doubled while it keeps dying young, never above
#: the cap, so play carries on within a few seconds.
FIRST_DELAY = 0.3
MAX_DELAY = 2.0
#: A child that ran at least this long counts as healthy: the next crash restarts quickly.
HEALTHY_SECONDS = 10.0
#: Pause before trying again when the game found no display: doubled each time, never above
#: the cap, for as long as it takes.
FIRST_DISPLAY_DELAY = 1.0
MAX_DISPLAY_DELAY = 30.0
#: The pause is slept in steps this long, so SIGTERM during a 30 s wait stops the kiosk at once
#: (and a display's socket that appears meanwhile is tried at once).
PAUSE_STEP = 0.1
#: The X server's socket for display number N; libwayland's socket when WAYLAND_DISPLAY is unset.
X11_SOCKET = "/tmp/.X11-unix/X{}"
WAYLAND_DEFAULT = "wayland-0"

#: The status of a bad command line: restarting would only fail again.
USAGE_ERROR = 2
#: The game's status when it found no display to show its window on: try again later.
NO_DISPLAY = 3
#: The kiosk's status after a SIGTERM or SIGINT is this plus the signal's number, as a shell
#: reports it (143 after SIGTERM), so a service manager can tell a stop from a failure.
STOPPED = 128


@dataclass
class Restarts:
    """The pause before the game is started again: one backoff while it finds no display,
    another while it keeps dying young."""

    crashes: Backoff = field(default_factory=lambda: Backoff(FIRST_DELAY, MAX_DELAY))
    waits: Backoff = field(
        default_factory=lambda: Backoff(FIRST_DISPLAY_DELAY, MAX_DISPLAY_DELAY))
    tries: int = 0  # starts in a row that found no display

    def pause(self, status: int, ran: float, said: str, logger: logging.Logger) -> float:
        """The pause after a game that ended with ``status`` (neither 0 nor USAGE_ERROR) after
        ``ran`` seconds, its last line on stderr ``said``; logs one line."""
        if status == NO_DISPLAY:
            self.tries += 1
            delay = self.waits.next()
            logger.warning("no display yet (try %d: %s); trying again in %.0f s",
                           self.tries, said.removeprefix("error: ") or "no reason given", delay)
            return delay
        self.tries = 0
        self.waits.reset()
        if ran >= HEALTHY_SECONDS:
            self.crashes.reset()
        delay = self.crashes.next()
        logger.error("game process died (status %s) after %.1f s; restarting in %.1f s",
                     status, ran, delay)
        return delay


def kiosk_logger(folder: Path) -> logging.Logger:
    """A logger writing to ``folder/chainplus.log`` (rotated, so a show day cannot fill a disk).

    Falls back to standard error when the folder cannot be written.
    """
    logger = logging.getLogger("chainplus.kiosk")
    for old in logger.handlers[:]:  # one log file at a time: the latest folder asked for
        logger.removeHandler(old)
        old.close()
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            folder / LOG_FILE, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(message)s"))
    logger.addHandler(handler)
    return logger


def supervise(command: Sequence[str], logger: logging.Logger,
              sleep: Callable[[float], object] = REAL_CLOCK.sleep,
              clock: Callable[[], float] = REAL_CLOCK.now) -> int:
    """Run ``command`` until it exits with status 0, restarting it whenever it dies.

    Returns 0 after the operator's exit, STOPPED plus the signal's number after SIGTERM or
    SIGINT, or USAGE_ERROR. The child's standard error passes through.
    """
    stopping = threading.Event()  # set by a signal (only set and is_set: no lock is waited on)
    signals: list[int] = []
    child: subprocess.Popen[str] | None = None

    def stop(signum: int, _frame: object) -> None:
        signals.append(signum)
        stopping.set()
        if child is not None and child.poll() is None:
            child.terminate()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    restarts = Restarts()
    try:
        logger.info("kiosk started: %s", shown_command(command))
        status = 0
        while not stopping.is_set():
            started = clock()
            displays = new_display(os.environ)  # the sockets there before the game looked
            child = subprocess.Popen(list(command), stderr=subprocess.PIPE, text=True,
                                     errors="replace")
            said = _relay(child)
            status = child.wait()
            if stopping.is_set():  # first: Ctrl+C also reaches the game, which then ends with 0
                break
            if status == 0:
                logger.info("kiosk ended by the operator")
                return 0
            if status == USAGE_ERROR:
                logger.error("the game refused its options (status 2): not restarting")
                return status
            delay = restarts.pause(status, clock() - started, said, logger)
            appeared = displays if status == NO_DISPLAY else None
            _pause(delay, stopping.is_set, sleep, clock, appeared)
        name = signal.Signals(signals[0]).name if signals else "a signal"
        logger.info("kiosk stopped by %s (game status %s)", name, status)
        return STOPPED + (signals[0] if signals else signal.SIGTERM)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _relay(child: subprocess.Popen[str]) -> str:
    """Pass the child's standard error on to ours until it ends; its last line, stripped."""
    last = ""
    assert child.stderr is not None  # Popen was given stderr=PIPE
    with child.stderr:
        for line in child.stderr:
            with contextlib.suppress(OSError, ValueError):  # our own stderr may be gone
                sys.stderr.write(line)
                sys.stderr.flush()
            last = line.strip() or last
    return last


def _pause(seconds: float, stopped: Callable[[], bool], sleep: Callable[[float], object],
           clock: Callable[[], float], appeared: Callable[[], bool] | None = None) -> None:
    """Wait ``seconds``, or less if ``stopped()`` or ``appeared()`` turns true."""
    end = clock() + seconds
    while not stopped() and not (appeared is not None and appeared()):
        left = end - clock()
        if left <= 0:
            return
        sleep(min(left, PAUSE_STEP))


def display_sockets(env: Mapping[str, str]) -> set[Path]:
    """The sockets of the displays ``env`` names that are there now: the X server's (DISPLAY)
    and the Wayland compositor's (WAYLAND_DISPLAY, in XDG_RUNTIME_DIR unless a full path)."""
    wanted = []
    display = env.get("DISPLAY", "")
    number = display.rpartition(":")[2].partition(".")[0]
    if display.startswith((":", "unix:")) and number.isdigit():
        wanted.append(Path(X11_SOCKET.format(number)))
    wayland = env.get("WAYLAND_DISPLAY") or WAYLAND_DEFAULT
    runtime = env.get("XDG_RUNTIME_DIR", "")
    if wayland.startswith("/") or runtime:
        wanted.append(Path(runtime, wayland))
    return {path for path in wanted if path.exists()}


def new_display(env: Mapping[str, str]) -> Callable[[], bool]:
    """Whether a display socket ``env`` names has appeared since this was called."""
    before = display_sockets(env)
    return lambda: bool(display_sockets(env) - before)


#: The game process's first lines (``python -c``): ``sys.argv[1]`` is the folder holding the
#: supervisor's own ``chainplus``, ``sys.argv[2]`` the module to run. The folder goes on
#: ``sys.path`` just before the first entry holding a ``chainplus`` (the current folder,
#: PYTHONPATH), so the game, and the processes it spawns, import the supervisor's copy; no
#: entry is dropped (one may hold pygame too), and the folder never goes before the others
#: for nothing (an installed copy's site-packages must not shadow the standard library).
BOOTSTRAP = """\
import os, runpy, sys
folder, module = sys.argv[1], sys.argv[2]
del sys.argv[1:3]
def holds(path):
    return os.path.isdir(os.path.join(os.path.realpath(path or os.curdir), "chainplus"))
first = next((n for n, path in enumerate(sys.path) if holds(path)), len(sys.path))
sys.path.insert(first, folder)
runpy.run_module(module, run_name="__main__", alter_sys=True)
"""


def child_command(module: str, argv: Sequence[str]) -> list[str]:
    """The command that runs the game itself under supervision: this Python runs ``module``
    of this very copy of Chain+ (installed or a clone, whatever the current folder and
    PYTHONPATH hold) with ``argv`` and ``--supervised``."""
    return [sys.executable, "-c", BOOTSTRAP, package_folder(), module, *argv, "--supervised"]


def shown_command(command: Sequence[str]) -> str:
    """``command`` as the log says it: a game process as ``python -m MODULE ...`` and the
    folder its Chain+ comes from, not the lines that start it."""
    if len(command) < 5 or list(command[1:3]) != ["-c", BOOTSTRAP]:
        return " ".join(command)
    python, _, _, folder, *rest = command
    return f"{python} -m {' '.join(rest)} (Chain+ from {folder})"


def package_folder() -> str:
    """The folder that holds the running ``chainplus`` package (a clone, or site-packages)."""
    return str(Path(chainplus.__file__).resolve().parent.parent)
