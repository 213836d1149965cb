"""Opening the real window, and in-process kiosk recovery (the command line is in
``command_line``, the loop itself in ``app.play``).

``run`` opens the window and plays until quit. In kiosk mode the game process
(``--supervised``) survives errors in its own loop by logging them and carrying on from the
autosave, and the supervisor restarts it if it dies.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import time

import pygame

from chainplus.app.session import Options
from chainplus.app.store import Store
from chainplus.ui.art import board_view
from chainplus.ui.window import video
from chainplus.ui.window.app import App, Devices, play
from chainplus.ui.window.display import Display, ScreenDisplay

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
    display = ScreenDisplay(options.fullscreen, locked=options.kiosk, place=options.window)
    display.set_icon(_window_icon())
    app = App(options, Devices(display=display), store=store)
    if logger is not None:
        logger.info("game started (pid %d), carrying on after move %d", os.getpid(),
                    app.table.session.resumed)
    crashes: list[float] = []
    try:
        while True:
            try:
                return play(app, display, first_frame_exit)
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
                logger.info("carried on from the autosave after move %d",
                            app.table.session.resumed)
    except KeyboardInterrupt:
        return 0
    finally:
        try:
            app.close()
        finally:
            pygame.quit()


def rebuild(app: App, options: Options, display: Display, store: Store | None) -> App:
    """A fresh App after an error: the autosaved game, the old app's speed, sound and rules."""
    sounds = None
    try:
        session, sounds = app.table.session, app.table.sounds
        options = dataclasses.replace(options, speed=session.speed, rules=session.rules,
                                      sound=session.sound)
    except Exception:  # the old app may be in any state: keep the options it started with
        pass
    with contextlib.suppress(Exception):
        app.close()
    return App(options, Devices(sounds=sounds, display=display), store=store)


def _window_icon() -> pygame.Surface:
    """The window manager's icon: four pieces, one per seat."""
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    for seat, (x, y) in zip((1, 2, 3, 4), ((1, 1), (17, 1), (1, 17), (17, 17)), strict=True):
        board_view.draw_shape(icon, seat, pygame.Rect(x, y, 14, 14))
    return icon
