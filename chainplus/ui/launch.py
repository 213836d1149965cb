"""Starting the game: the command line, settings and autosave, the real loop, kiosk recovery.

``main`` reads the options (``python main.py --help``), loads the remembered settings and opens
the window. ``--kiosk`` runs the game in a child process under ``supervisor.supervise``; the
child (``--supervised``) survives errors in its own loop by logging them and carrying on from
the autosave, and the supervisor restarts it if it dies.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys
import time
from collections.abc import Sequence

import pygame

from .. import settings as st
from ..cli import OneLineParser
from ..rules import RULES
from . import board_view
from .app import OPERATOR_KEY_NAME, App, Options
from .display import ScreenDisplay
from .modes import SPEEDS
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
    pygame.display.init()  # only what is used: the mixer is started by Sounds, if it can
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


# ---------------------------------------------------------------------- the command line
def _seats(text: str) -> list[dict]:
    try:
        return st.parse_seats_spec(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--seats: ")) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 1 <= value <= 86400:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 1 to 86400")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python main.py",
        description="Chain Reaction, the 1990 RISC OS game, in a window. Play with the mouse: "
                    "Select (left button) places a piece and steps panel values up, "
                    "Adjust (right button) steps them down. Settings are remembered and the "
                    "game is saved after every move; options given here win over the "
                    "remembered settings.",
    )
    parser.add_argument("--fullscreen", action=argparse.BooleanOptionalAction, default=None,
                        help="start in full screen, or in a window (default: as last time; "
                             "F11 or the Full icon switches)")
    parser.add_argument("--sound", action=argparse.BooleanOptionalAction, default=None,
                        help="start with the sound on or off (default: as last time)")
    parser.add_argument("--speed", choices=SPEEDS, default=None,
                        help="how fast chains are shown (default: as last time, first normal)")
    parser.add_argument("--rules", choices=RULES, default=None,
                        help="acorn: a square explodes when it holds more than its critical "
                             "mass (the original); classic: when it reaches it "
                             "(default: as last time, first acorn)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed the computer players' random choices, for a repeatable game")
    parser.add_argument("--seats", type=_seats, default=None, metavar="SPEC",
                        help="who plays: up to four comma-separated seats in the order red, "
                             "blue, green, yellow; H human, C<level>[:<random %%>] computer, "
                             "- not in play (e.g. H,C5:10)")
    parser.add_argument("--config-dir", default=None, metavar="DIR",
                        help="folder for settings, the autosaved game and the kiosk log "
                             f"(default: ${st.ENV_DIR}, else $XDG_CONFIG_HOME/chainplus, "
                             "else ~/.config/chainplus)")
    parser.add_argument("--kiosk", action="store_true",
                        help="kiosk mode: full screen, mouse only, cannot be closed by a "
                             f"visitor; the operator ends it with {OPERATOR_KEY_NAME}; "
                             "restarted if it dies, errors logged to the config folder")
    parser.add_argument("--lock-panel", action="store_true",
                        help="the players panel cannot be changed (for a kiosk)")
    parser.add_argument("--idle-seconds", type=_seconds, default=60.0, metavar="N",
                        help="kiosk: after N seconds with no mouse input the computer plays "
                             "a demonstration game until someone clicks (default 60)")
    parser.add_argument("--supervised", action="store_true", help=argparse.SUPPRESS)
    return parser


def options_from(args: argparse.Namespace, saved: dict) -> Options:
    """The command line's choices, the remembered settings for everything not given."""
    def pick(value, key):
        return saved[key] if value is None else value

    return Options(
        fullscreen=bool(args.kiosk or pick(args.fullscreen, "fullscreen")),
        sound=pick(args.sound, "sound"),
        speed=pick(args.speed, "speed"),
        rules=pick(args.rules, "rules"),
        seed=args.seed,
        seats=args.seats if args.seats is not None else saved["seats"],
        fixed_seats=args.seats is not None,
        kiosk=args.kiosk,
        lock_panel=args.lock_panel,
        idle_seconds=args.idle_seconds,
    )


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    folder = st.config_dir(args.config_dir)
    from ..supervisor import child_command, kiosk_logger, supervise

    if args.kiosk and not args.supervised:
        return supervise(child_command(argv), kiosk_logger(folder))
    logger = kiosk_logger(folder) if args.kiosk else None
    store = Store(folder, logger=logger, write_settings=not args.kiosk)
    options = options_from(args, store.load_settings())
    first_frame_exit = os.environ.get("CHAINPLUS_FIRST_FRAME_EXIT") == "1"
    try:
        return run(options, store, logger, first_frame_exit)
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
