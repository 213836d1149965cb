"""Starting the game: the command line read (``command_line``), the real window opened, and
in-process kiosk recovery (the loop itself is ``loop.play``).

``--kiosk`` runs the game in a child process under ``chainplus.kiosk.supervisor.supervise``,
which restarts it if it dies; that process (``--supervised``) also survives errors in its own
loop by logging them and carrying on from the autosave.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import sys
from collections.abc import Sequence

import pygame

from chainplus.app import desktop
from chainplus.app import settings as st
from chainplus.app.folders import settle
from chainplus.app.options import Options
from chainplus.app.store import Store
from chainplus.common import language
from chainplus.kiosk.supervisor import NO_DISPLAY, child_command, kiosk_logger, supervise
from chainplus.ui.art import board_view
from chainplus.ui.window import video
from chainplus.ui.window.app import App, Devices
from chainplus.ui.window.command_line import (
    build_parser,
    check_fresh,
    check_join,
    check_languages,
    check_menu,
    files_folders,
    options_from,
    start_language,
)
from chainplus.ui.window.display import Display, ScreenDisplay
from chainplus.ui.window.loop import play
from chainplus.ui.window.video import NoDisplay

#: More errors than this within CRASH_WINDOW seconds: give up in-process recovery and let the
#: supervisor start a fresh process (which also resumes from the autosave).
MAX_CRASHES = 5
CRASH_WINDOW = 30.0
#: The module a kiosk's supervisor runs as its game process (``python -m``): ``main`` below.
GAME_MODULE = "chainplus.ui"


def main(argv: Sequence[str] | None = None) -> int:
    """Play (or run the kiosk) as the command line says; the process's exit status.

    NO_DISPLAY when there is no screen to show the game on: the kiosk supervisor tries again
    later, and a person at a terminal reads the one line saying why.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    check_menu(parser, args)
    if args.add_to_menu or args.remove_from_menu:
        return desktop.cmd_desktop(args.remove_from_menu, sys.stdout, sys.stderr)
    check_join(parser, args)
    check_fresh(parser, args)
    check_languages(parser, args)
    folders, moves = settle(files_folders(args))
    folder = folders.state  # the log's
    if moves:  # files an earlier version kept with the settings, said once in the log
        for line in moves:
            kiosk_logger(folder).info("%s", line)

    if args.kiosk and not args.supervised:  # --fresh is done here, once, not at each restart
        supervisor_log = kiosk_logger(folder)
        if args.fresh:
            Store(folders, logger=supervisor_log, write_settings=False).forget_game()
        return supervise(child_command(GAME_MODULE, argv), supervisor_log)
    logger = kiosk_logger(folder) if args.kiosk else None
    store = Store(folders, logger=logger, write_settings=not args.kiosk)
    saved = store.load_settings()
    options = options_from(args, saved)
    language.use(start_language(args, saved))
    first_frame_exit = os.environ.get("CHAINPLUS_FIRST_FRAME_EXIT") == "1"
    try:
        return run(options, store, logger, first_frame_exit)
    except NoDisplay as exc:  # the supervisor logs it, with its pause before the next try
        print(f"error: cannot open the game window: {exc}", file=sys.stderr)
        return NO_DISPLAY
    except pygame.error as exc:
        print(f"error: cannot open the game window: {exc}", file=sys.stderr)
        if logger is not None:
            logger.error("cannot open the game window: %s", exc)
        return 1
    except Exception as exc:  # a bug: the details go to the log, the player gets one line
        log = logger or kiosk_logger(folder)
        log.exception("the game stopped on an error")
        print(f"error: the game stopped on an error ({exc!r}); details in "
              f"{folder / st.LOG_FILE}", file=sys.stderr)
        return 1


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
    driver = video.open_display()
    display = ScreenDisplay(options.window.fullscreen, locked=options.kiosk is not None,
                            place=options.window.placement)
    display.set_icon(_window_icon())
    app = App(options, Devices(display=display), store=store)
    if logger is not None:
        logger.info("game started (pid %d), carrying on after move %d", os.getpid(),
                    app.table.session.resumed)
        logger.info("video: %s; window %dx%d", video.describe(driver), *display.window.size)
    crashes: list[float] = []
    try:
        while True:
            try:
                return play(app, display, first_frame_exit)
            except Exception:
                if not options.kiosk or logger is None:
                    raise
                now = app.clock.now()
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
        session, sounds = app.table.session, app.table.services.sounds
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
