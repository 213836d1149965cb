"""How another thread (the computer's, the graph's, the link to a host) wakes the window's
loop: a ``WAKE`` event, and ``WOKEN`` set so that the loop's idle wait ends at once.
"""

from __future__ import annotations

import contextlib
import threading

import pygame

#: Posted by another thread to wake the loop (an answer is ready, a host's move came).
WAKE = pygame.event.custom_type()
#: Set by ``post_wake``: the loop's idle wait ends at once, rather than at its next look (a
#: host's move would otherwise wait up to ``loop.IDLE_POLL`` to be shown).
WOKEN = threading.Event()


def post_wake() -> None:
    """Wake the loop from another thread (pygame.event.post is thread-safe; the event is
    posted before the wait ends)."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(WAKE))
    WOKEN.set()
