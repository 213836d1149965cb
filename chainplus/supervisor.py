"""Kiosk supervision: run the game in a child process and start it again whenever it dies.

The child autosaves after every move, so a restart resumes the game. Only a clean exit
(status 0, which the game gives only for the operator's key combination) ends the kiosk;
a SIGTERM or SIGINT to the supervisor (a shutdown) stops the child and ends it too.
"""

from __future__ import annotations

import logging
import logging.handlers
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from .settings import LOG_FILE

#: Pause before a restart; doubled while the child keeps dying young, never above the cap.
FIRST_DELAY = 0.3
MAX_DELAY = 2.0
#: The status of a bad command line: restarting would only fail again.
USAGE_ERROR = 2
#: A child that ran at least this long counts as healthy: the next crash restarts quickly.
HEALTHY_SECONDS = 10.0


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


def supervise(command: Sequence[str], logger: logging.Logger) -> int:
    """Run ``command`` until it exits with status 0, restarting it whenever it dies.

    Returns 0 after the operator's exit, or the child's status after SIGTERM/SIGINT.
    """
    stopping = False
    child: subprocess.Popen | None = None

    def stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        if child is not None and child.poll() is None:
            child.terminate()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    delay = FIRST_DELAY
    try:
        logger.info("kiosk started: %s", " ".join(command))
        status = 0
        while not stopping:
            started = time.monotonic()
            child = subprocess.Popen(list(command))
            status = child.wait()
            if status == 0:
                logger.info("kiosk ended by the operator")
                return 0
            if status == USAGE_ERROR:
                logger.error("the game refused its options (status 2): not restarting")
                return status
            if stopping:
                break
            ran = time.monotonic() - started
            delay = FIRST_DELAY if ran >= HEALTHY_SECONDS else min(delay * 2, MAX_DELAY)
            logger.error("game process died (status %s) after %.1f s; restarting in %.1f s", status, ran, delay)
            time.sleep(delay)
        logger.info("kiosk stopped by a signal (game status %s)", status)
        return status
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def child_command(argv: Sequence[str]) -> list[str]:
    """The command that runs the game itself under supervision (main.py plus --supervised)."""
    main_py = Path(__file__).resolve().parent.parent / "main.py"
    return [sys.executable, str(main_py), *argv, "--supervised"]
