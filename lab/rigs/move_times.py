"""netbench's watch on each move: when the host accepted it and when a window first drew it.

Both times are ``time.monotonic`` in the one process (the host runs on its own thread there),
so their difference is the move's latency. A move the host accepts while the window is still
showing an earlier move's chain waits in the window's queue until that chain is over (the
window shows the moves in order); ``after_chain`` is the latency counted from the later of
the move's acceptance and the end of the chain before it, which is the delay the network and
the frame loop add by themselves. A window that is behind the host puts a move on the board
without showing its chain; ``chains_shown`` says how often it did not need to.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from chainplus.common.stats import percentile

#: A move: (the game's number from 1, the move's number in it from 1).
Key = tuple[int, int]


@dataclass
class MoveTime:
    """One move's times: accepted by the host, first drawn, and the end of its chain (None
    when none was shown)."""

    accepted: float
    drawn: float | None = None
    chain_end: float | None = None


class MoveTimes:
    """Every move of the host's games in the order accepted, with its times. ``accepted`` runs
    on the host's thread, ``drawn`` on the window's: a lock keeps them apart."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games = 0
        self.moves: dict[Key, MoveTime] = {}
        self._undrawn: deque[Key] = deque()  # in the order accepted, so in the order drawn

    def accepted(self, number: int) -> None:
        """The host accepted move ``number`` of its game just now (a move numbered 1 begins
        the next game)."""
        now = time.monotonic()
        with self._lock:
            if number == 1:
                self._games += 1
            self.moves[(self._games, number)] = MoveTime(now)
            self._undrawn.append((self._games, number))

    def drawn(self, shown: Key | None, now: float, chain_end: float | None) -> None:
        """A frame drawn at ``now`` shows the board up to move ``shown`` (None: no game yet);
        ``chain_end``: when the chain of that move, animating, will be over (``chain_over``
        says when it was)."""
        if shown is None:
            return
        with self._lock:
            while self._undrawn and self._undrawn[0] <= shown:
                self.moves[self._undrawn.popleft()].drawn = now
            last = self.moves.get(shown)
            if last is not None and last.chain_end is None:
                last.chain_end = chain_end

    def chain_over(self, key: Key, when: float) -> None:
        """The chain of move ``key`` was over (at its end, or cut short) in the frame loop's
        turn that began at ``when``."""
        with self._lock:
            move = self.moves.get(key)
            if move is not None and move.chain_end is not None:
                move.chain_end = when

    def all_drawn(self) -> bool:
        with self._lock:
            return not self._undrawn

    def figures(self, chained: set[Key]) -> dict[str, Any]:
        """The latencies in ms (p50, p95, p99, max) of every move drawn, and of the same
        counted from the end of any chain it waited behind; how many waited, how many were
        never drawn, and of the moves ``chained`` (those that set off a chain) how many the
        window showed as a chain (the rest it put on the board at once, catching up)."""
        with self._lock:
            moves = list(self.moves.values())
            shown = sum(self.moves[key].chain_end is not None for key in chained
                        if key in self.moves)
        latency, after_chain, behind = [], [], 0
        free = 0.0  # when the last chain shown before this move was over
        for move in moves:
            if move.drawn is None:
                continue
            latency.append(move.drawn - move.accepted)
            if free > move.accepted:
                behind += 1
            after_chain.append(max(0.0, move.drawn - max(free, move.accepted)))
            free = max(free, move.chain_end or 0.0)
        return {"moves": len(latency), "undrawn": len(moves) - len(latency),
                "latency_ms": spread(latency), "behind_chain": behind,
                "after_chain_ms": spread(after_chain), "chains": len(chained),
                "chains_shown": shown}


def spread(seconds: list[float]) -> dict[str, float]:
    """Median, p95, p99 and the most of ``seconds``, in ms (zeros when there are none)."""
    if not seconds:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    ms = [s * 1000 for s in seconds]
    return {"p50": round(percentile(ms, 50), 1), "p95": round(percentile(ms, 95), 1),
            "p99": round(percentile(ms, 99), 1), "max": round(max(ms), 1)}
