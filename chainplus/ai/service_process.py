"""The window's end of the computer's own process (``service``): start it, ask, hear back.

The process is spawned (a fresh interpreter that loads the search and never pygame; it also
loads the window's main script, so ``main.py`` imports nothing at the top). A process that dies
or cannot start answers every open request with ``Gone`` and takes no more (``broken`` says
why): the asker then works in its own process.

The process's standard error goes nowhere: a window killed while it starts would otherwise
have it print a traceback of its start-up, and the window says a failure in one line itself.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from chainplus.ai.service import Gone, Hurry, Judged, Reply, Request, Stop, Thought, serve
from chainplus.common.clock import REAL_CLOCK, Clock
from chainplus.common.streams import stderr_to

#: Seconds ``close`` waits for the process, then for its reader, before going on without.
CLOSE_WAIT = 2.0


def first_line(error: BaseException) -> str:
    """The first line of what ``error`` says (multiprocessing's run to several), or its
    type's name."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


class Service:
    """The computer's own process, started at the first request (or ``start``) and kept
    until ``close``; each request's replies go to the function it was asked with, called on
    the service's reader thread."""

    def __init__(self) -> None:
        #: The clock the process keeps, handed to it when it starts: a request's ``sent``
        #: stamp is read from its wall clock, which both processes share.
        self.clock: Clock = REAL_CLOCK
        self._lock = threading.Lock()
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None
        self._reader: threading.Thread | None = None
        self._heard: dict[int, Callable[[Reply], None]] = {}
        self._next = 1
        self._closed = False
        #: Why the process is gone or could not be had; None while all is well.
        self.broken: str | None = None

    @property
    def pid(self) -> int | None:
        """The process's id, once started."""
        return None if self._process is None else self._process.pid

    def start(self) -> bool:
        """Start the process now rather than at the first request; whether it runs."""
        with self._lock:
            return self._running() is not None

    def ask(self, request_of: Callable[[int], Request], heard: Callable[[Reply], None]
            ) -> int | None:
        """Send ``request_of(ident)`` with a new ident, whose replies go to ``heard``; None
        when the process cannot be had (``broken``)."""
        with self._lock:
            conn = self._running()
            if conn is None:
                return None
            ident, self._next = self._next, self._next + 1
            self._heard[ident] = heard
            try:
                conn.send(request_of(ident))
            except (OSError, ValueError) as error:
                del self._heard[ident]
                self.broken = self.broken or \
                    f"the computer's process stopped ({first_line(error)})"
                return None
        return ident

    def tell(self, message: Stop | Hurry) -> None:
        """Stop or hurry a request under way (its further replies, after a stop, are never
        heard); nothing when the process is gone."""
        with self._lock:
            if isinstance(message, Stop):
                self._heard.pop(message.ident, None)
            if self._conn is not None:
                with contextlib.suppress(OSError, ValueError):  # the reader finds it gone
                    self._conn.send(message)

    def close(self) -> None:
        """Say goodbye to the process, wait ``CLOSE_WAIT``, then kill it; take no more
        requests."""
        with self._lock:
            self._closed = True
            self._heard.clear()
            conn, process, reader = self._conn, self._process, self._reader
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
        if process is not None:
            process.join(CLOSE_WAIT)
            if process.is_alive():
                process.kill()
                process.join(CLOSE_WAIT)
        if reader is not None and reader is not threading.current_thread():
            reader.join(CLOSE_WAIT)

    # ---------------------------------------------------------------- inside
    def _running(self) -> Connection | None:
        """The connection to the process, started now if need be (the lock held)."""
        if self._conn is not None or self._closed or self.broken is not None:
            return self._conn
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=serve, args=(theirs, self.clock),
                                  name="chainplus-computer", daemon=True)
        try:
            with stderr_to(None):  # the process's own standard error goes nowhere (below)
                process.start()
        except (OSError, RuntimeError) as error:
            ours.close()
            self.broken = f"the computer's process could not be started ({first_line(error)})"
            return None
        finally:
            theirs.close()
        self._conn, self._process = ours, process
        self._reader = threading.Thread(target=self._read, args=(ours, process), daemon=True,
                                        name="chainplus-computer-replies")
        self._reader.start()
        return ours

    def _read(self, conn: Connection, process: BaseProcess) -> None:
        """Hand each reply to its asker until the process goes; then ``Gone`` to the rest."""
        while True:
            try:
                reply: Reply = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                heard = self._heard.get(reply.ident)
                if isinstance(reply, Thought) or (isinstance(reply, Judged) and reply.done):
                    self._heard.pop(reply.ident, None)
            if heard is not None:
                heard(reply)
        with self._lock:
            closed = self._closed
        if not closed:  # it died: its exit code says how (``close`` waits for it otherwise)
            process.join(CLOSE_WAIT)
        with self._lock:
            pending, self._heard, self._conn = self._heard, {}, None
            if not self._closed:
                self.broken = self.broken or \
                    f"the computer's process stopped (exit code {process.exitcode})"
            why = self.broken or "closed"
        conn.close()
        for ident, heard in pending.items():
            heard(Gone(ident, why))
