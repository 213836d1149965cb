"""The real event loop: events answered, time moved on, a frame drawn when something changed,
and sleep in between (``play``, once round: ``go_round``); 60 frames a second only while the
screen animates (a chain on show), else sleep until the next event or the next time something
is due (a window's next picture: ``App.wait_time``), and never more than 20 frames a second
then (``pace``): moves arriving faster are caught up, a frame showing the latest. ``turn`` and
``next_events`` are its parts, which the rigs drive too. ``launch.run`` opens the window it runs in.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from chainplus.common.clock import Clock
from chainplus.ui.window.display import Display
from chainplus.ui.window.wake import WOKEN


class Looped(Protocol):
    """What the loop drives (``app.App``): events in, time on, a frame out when it changed."""

    dirty: bool
    exit_status: int
    clock: Clock

    @property
    def running(self) -> bool: ...

    @property
    def animating(self) -> bool: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self) -> None: ...

    def wait_time(self, now: float) -> float: ...

    def draw(self, surface: pygame.Surface) -> None: ...


#: While nothing moves the loop looks for events this often (pygame's own event.wait polls
#: every millisecond, which costs more CPU than a board game waiting for a click should).
IDLE_POLL = 0.02
#: Frames a second while the screen animates (a chain on show).
ANIMATING_FPS = 60
#: Frames a second at most while nothing animates, however fast the picture changes.
BUSY_FPS = 20


def play(app: Looped, display: Display, first_frame_exit: bool = False) -> int:
    """The event loop: answer events, move time on and draw, until the app stops running."""
    frame_clock = pygame.time.Clock()
    turn(app, display, [])  # the first frame (a new App is dirty)
    if first_frame_exit:
        return 0
    while app.running:
        go_round(app, display, frame_clock)
    return app.exit_status


def go_round(app: Looped, display: Display, frame_clock: pygame.time.Clock) -> bool:
    """Once round the loop: wait for events or for something due, answer them and draw if
    anything changed, kept to ``pace``; True when it drew (the rigs go round it as ``play``
    does)."""
    drawn = turn(app, display, next_events(app))
    pace(app, drawn, frame_clock)
    return drawn


def pace(app: Looped, drawn: bool, frame_clock: pygame.time.Clock) -> None:
    """Keep the frames to ``ANIMATING_FPS`` a second while animating, and to ``BUSY_FPS``
    while what changes the picture comes faster than that (moves from a host, events):
    what came meanwhile is answered together, and the next frame shows the latest."""
    if app.animating:
        frame_clock.tick(ANIMATING_FPS)
    elif drawn:
        frame_clock.tick(BUSY_FPS)


def turn(app: Looped, display: Display, events: list[pygame.event.Event]) -> bool:
    """One turn of the loop: answer ``events``, move time on, show the screen if it changed;
    True when it was drawn (the long-day run drives the App through this too)."""
    for event in events:
        app.handle_event(display.logical(event))
    app.update()
    if not (app.dirty and app.running):
        return False
    app.draw(display.surface)
    display.present()
    return True


def next_events(app: Looped) -> list[pygame.event.Event]:
    """The events to answer now: at once when animating, else after sleeping until some
    arrive or something is due (another thread's WAKE event counts as an arrival, and cuts
    the sleep short)."""
    events = pygame.event.get()
    if events or app.animating:
        return events
    clock = app.clock
    now = clock.now()
    until = now + app.wait_time(now)
    while not events:
        left = until - clock.now()
        if left <= 0:
            break
        if clock.sleep(min(IDLE_POLL, left), until=WOKEN):
            WOKEN.clear()
        events = pygame.event.get()
    return events
