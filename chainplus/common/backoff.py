"""Pauses that grow while something keeps failing, such as a restart or a reconnect."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Backoff:
    """Pauses that start at ``first`` and double on each ``next()`` up to ``cap``; after
    ``reset()`` (what failed went well) they start again from ``first``."""

    first: float
    cap: float
    delay: float = 0.0  # the last pause given (0: none since the start or a reset)

    def next(self) -> float:
        self.delay = min(self.delay * 2, self.cap) if self.delay else self.first
        return self.delay

    def reset(self) -> None:
        self.delay = 0.0
