"""An asyncio loop on a thread of its own, keeping a ``Clock``'s time: what a host runs on, so
a window's frame loop never waits on the network.

The loop runs until something on it calls ``loop.stop``. Whatever fails on the loop unhandled
is logged as one line, never a traceback: a hosting window's standard error is its player's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from chainplus.common.clock import Clock
from chainplus.net.framing import one_line

log = logging.getLogger(__name__)


class LoopThread:
    """A loop (``loop``) and the thread that runs it."""

    def __init__(self, clock: Clock, name: str) -> None:
        self.loop = clock.event_loop()
        self.loop.set_exception_handler(_one_line)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._first: Callable[[], Coroutine[Any, Any, None]] | None = None
        self._ready = threading.Event()
        self._failure: OSError | None = None

    def start(self, first: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Start the thread, run ``first()`` on the loop and wait for it; its OSError is
        raised here (and the thread ends)."""
        self._first = first
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure

    def call(self, action: Callable[..., None], *args: Any) -> None:
        """Run ``action`` on the loop's thread (nothing when the loop has closed)."""
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(action, *args)

    def alive(self) -> bool:
        return self._thread.is_alive()

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        assert self._first is not None
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._first())
        except OSError as exc:
            self._failure = exc
        self._ready.set()
        if self._failure is None:
            self.loop.run_forever()
        _finish(self.loop)


def _one_line(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """What failed on the loop, as one log line."""
    failure = context.get("exception")
    log.warning("chainplus host: %s%s", one_line(str(context.get("message", "a failure"))),
                f": {one_line(repr(failure))}" if failure is not None else "")


def _finish(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is left on a stopped loop, wait for it, and close the loop."""
    left = asyncio.all_tasks(loop)
    for task in left:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_default_executor())
    loop.close()
