"""The real loop and in-process kiosk recovery (the command line is in ``command_line``).

``run`` opens the window and plays until quit. In kiosk mode the game process
(``--supervised``) survives errors in its own loop by logging them and carrying on from the
autosave, and the supervisor restarts it if it dies.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time

import pygame

from . import board_view, video
from .app import App, Options
from .display import ScreenDisplay
from .persist import Store

#: More errors than this within CRASH_WINDOW seconds: give up in-process recovery and let the
#: supervisor start a fresh process (which also resumes from the autosave).
MAX_CRASHES = 5
CRASH_WINDOW = 30.0


# ---------------------------------------------------------------------- the real loop
def run(options: Options, store: Store | None = None, logger: logging.Logger | None = None,
        first_frame_exit: bool = False) -> int:
    """Open the window and play until quit; returns the exit status.

    In kiosk mode an exception in the loop is logged (with its traceback, to the log only)
    and the game carries on from the autosave in a freshly built App.
    """
    if options.kiosk:
        # SDL turns SIGTERM and SIGINT into a QUIT event, which a kiosk ignores: leave the
        # signals alone so the supervisor (and a shutdown) can always stop the game process.
        os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    # Only the display (the mixer is started by Sounds, if it can), and only a real one:
    # video.NoDisplay says why there is none, instead of running unseen off-screen.
    video.open_display()
    display = ScreenDisplay(options.fullscreen, locked=options.kiosk)
    pygame.display.set_icon(_window_icon())
    app = App(options, display=display, store=store)
    if logger is not None:
        logger.info("game started (pid %d), carrying on after move %d", os.getpid(), app.resumed)
    crashes: list[float] = []
    try:
        while True:
            try:
                return _loop(app, display, first_frame_exit)
            except Exception:
                if not options.kiosk or logger is None:
                    raise
                now = time.monotonic()
                crashes = [t for t in crashes if now - t < CRASH_WINDOW] + [now]
                logger.exception("error in the game loop; carrying on from the autosave")
                if len(crashes) > MAX_CRASHES:
                    logger.error("%d errors in %.0f s: restarting the game process",
                                 len(crashes), CRASH_WINDOW)
                    return 1
                app = rebuild(app, options, display, store)
                logger.info("carried on from the autosave after move %d", app.resumed)
    except KeyboardInterrupt:
        return 0
    finally:
        try:
            app.close()
        finally:
            pygame.quit()


def _loop(app: App, display: ScreenDisplay, first_frame_exit: bool) -> int:
    """Answer events, move time on and draw, until the app stops running."""
    frame_clock = pygame.time.Clock()
    app.update()
    app.draw(display.surface)
    display.present()
    if first_frame_exit:
        return 0
    while app.running:
        for event in _next_events(app):
            app.handle_event(display.logical(event))
        app.update()
        if app.dirty and app.running:
            app.draw(display.surface)
            display.present()
        if app.mode.animating:
            frame_clock.tick(60)
    return app.exit_status


def rebuild(app: App, options: Options, display, store: Store | None) -> App:
    """A fresh App after an error: the autosaved game, the old app's speed, sound and rules."""
    try:
        speed = app.visitor[1] if app.visitor is not None else app.speed
        options = dataclasses.replace(options, speed=speed, rules=app.rules,
                                      sound=bool(app.sounds.enabled))
    except Exception:  # the old app may be in any state: keep the options it started with
        pass
    sounds = getattr(app, "sounds", None)
    try:
        app.close()
    except Exception:
        pass
    return App(options, display=display, store=store, sounds=sounds)


#: While nothing moves the loop looks for events this often (pygame's own event.wait polls
#: every millisecond, which costs more CPU than a board game waiting for a click should).
IDLE_POLL = 0.02


def _next_events(app: App) -> list[pygame.event.Event]:
    """The events to answer now: at once when animating, else after sleeping until some
    arrive or something is due (the worker thread's WAKE event counts as an arrival)."""
    events = pygame.event.get()
    if events or app.mode.animating:
        return events
    until = time.monotonic() + app.wait_time(app.clock())
    while not events:
        left = until - time.monotonic()
        if left <= 0:
            break
        time.sleep(min(IDLE_POLL, left))
        events = pygame.event.get()
    return events


def _window_icon() -> pygame.Surface:
    """The window manager's icon: four pieces, one per seat."""
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    for seat, (x, y) in zip((1, 2, 3, 4), ((1, 1), (17, 1), (1, 17), (17, 17))):
        board_view.draw_shape(icon, seat, pygame.Rect(x, y, 14, 14))
    return icon
