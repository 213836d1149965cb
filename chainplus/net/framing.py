"""Lines on the wire, bounded: how long a line may be, how fast and how much a peer may send,
and how a host reads a peer's lines without ever holding more than one line's worth.

A line is cut off as soon as it passes ``MAX_CLIENT_LINE`` bytes, so a line of gigabytes costs
the host what one chunk does, and every chunk is paid for from the peer's ``ByteBudget``. A
peer past either gets one ``Overrun``, sent as the host's last error line before it hangs up.
Text that came from the other side goes into a message or a terminal only through
``one_line``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from chainplus.core.rules import short

#: The longest line a joiner may send, newline included (its messages are tiny).
MAX_CLIENT_LINE = 4096
#: The longest line a host sends: a whole game record fits with room to spare.
MAX_HOST_LINE = 1 << 20
#: How much a host reads from a connection at once.
CHUNK = MAX_CLIENT_LINE


@dataclass(frozen=True)
class BadMessage:
    """A line that is not a message of the protocol, and why (one line)."""

    reason: str


@dataclass(frozen=True)
class Overrun:
    """A peer sent more than it may (a line too long, too fast, too much): why, in one line.
    The host says so once and hangs up."""

    reason: str


class ByteBudget:
    """The bytes one connection may still send: ``rate`` a second on average, ``burst`` at
    once, and ``total`` over the connection's life. ``now`` is the host's clock."""

    def __init__(self, rate: float, burst: float, total: int, now: Callable[[], float]) -> None:
        self.rate, self.burst, self.left = rate, burst, total
        self._now = now
        self._bucket = burst
        self._filled = now()

    def spend(self, count: int) -> Overrun | None:
        """Pay for ``count`` bytes just read; why the peer is over its budget, or None."""
        now = self._now()
        self._bucket = min(self.burst, self._bucket + (now - self._filled) * self.rate)
        self._filled = now
        self._bucket -= count
        self.left -= count
        if self.left < 0:
            return Overrun("too much data on one connection: goodbye")
        if self._bucket < 0:
            return Overrun(f"too much data too fast (the limit is {self.rate:.0f} bytes a "
                           "second): goodbye")
        return None


async def lines(reader: asyncio.StreamReader, timeout: Callable[[], float],
                budget: ByteBudget) -> AsyncIterator[bytes | Overrun]:
    """A peer's lines (newline stripped), each at most ``MAX_CLIENT_LINE`` bytes with its
    newline; ends at end of file, a broken connection, ``timeout()`` seconds of silence, or
    after an ``Overrun``. Never holds more than a line and a chunk."""
    held = bytearray()  # the start of a line whose end has not come yet
    while True:
        try:
            chunk = await asyncio.wait_for(reader.read(CHUNK), max(0.0, timeout()))
        except (asyncio.TimeoutError, OSError):  # not the builtin TimeoutError before 3.11
            return
        if not chunk:
            return
        over = budget.spend(len(chunk))
        if over is not None:
            yield over
            return
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if len(held) + end - start >= MAX_CLIENT_LINE:
                break
            yield bytes(held) + chunk[start:end]
            held.clear()
            start = end + 1
        held += chunk[start:]
        if len(held) >= MAX_CLIENT_LINE:
            yield Overrun(f"the line is too long (the limit is {MAX_CLIENT_LINE} bytes): "
                          "goodbye")
            return


def one_line(text: str, limit: int = 300) -> str:
    """``text`` fit to show or log as one line: at most ``limit`` characters, anything not
    printable (a newline, a control character, a lone surrogate) as ``?``."""
    text = text[:limit]
    return text if text.isprintable() else "".join(c if c.isprintable() else "?" for c in text)


def decode_line(line: bytes, limit: int) -> dict[str, Any] | BadMessage:
    """A line's JSON object, or why it is not one."""
    if len(line) > limit:
        return BadMessage(f"the line is too long ({len(line)} bytes; the limit is {limit})")
    try:
        data = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        return BadMessage("the line is not UTF-8")
    except RecursionError:
        return BadMessage("the line is nested too deeply")
    except ValueError as exc:
        return BadMessage(f"not JSON: {str(exc)[:80]}")
    if not isinstance(data, dict):
        return BadMessage(f"a message is a JSON object, not {short(data)}")
    return data
