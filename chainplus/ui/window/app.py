"""The window's event loop side: ``App`` holds the board and the windows stacked over it
(``stack``), hands pygame's events to what the person at the window does (``inputs``), serves
what they ask (``requests``), moves time on, and says when the screen must be drawn again.

``App`` never opens the display itself: tests and the rigs drive it headless with synthetic
events and stand-in ``Devices`` (a hand-moved clock, a synchronous AI worker, recorded sounds,
a ``NullDisplay``), and ``draw`` paints onto any 640x480 surface. ``loop.play`` is the real loop;
``launch.run`` opens the window it runs in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pygame

from chainplus.ai.service_process import Service
from chainplus.app.options import Options
from chainplus.app.outcomes import Note
from chainplus.app.session import Session
from chainplus.app.store import Store
from chainplus.common.clock import REAL_CLOCK, Clock
from chainplus.common.language import N_, _, current
from chainplus.common.streams import stderr_to
from chainplus.core.game import Game
from chainplus.net.transport import REAL_NETWORK, Network
from chainplus.ui.art.sound import SoundPlayer, Sounds
from chainplus.ui.window import joined, screen
from chainplus.ui.window.display import Display, NullDisplay
from chainplus.ui.window.hosting import referee_for
from chainplus.ui.window.inputs import Inputs
from chainplus.ui.window.judging import GraphJudge
from chainplus.ui.window.local import LocalReferee
from chainplus.ui.window.mode import BoardMode
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.policy import WINDOW, Policy, kiosk
from chainplus.ui.window.referee import Referee
from chainplus.ui.window.requests import OpenFile
from chainplus.ui.window.stack import Stack
from chainplus.ui.window.table import Services, Table
from chainplus.ui.window.targets import Target, Tongue
from chainplus.ui.window.wake import post_wake
from chainplus.ui.window.worker import ProcessWorker, ThreadWorker

HINT_BUDGET = 0.5
#: Longest sleep of the loop with nothing due, so a missed wake-up costs at most this.
MAX_SLEEP = 1.0
#: A newcomer's first words (the first run: no settings file yet): where the rules are.
#: (Its text is translated when said.)
# Translators: the help box, 3 lines of 22 characters.
WELCOME = Note(N_("Welcome! The Rules icon (F1) shows how to play."), lesson=True)


def _look(mode: BoardMode, windows: list[Overlay]) -> tuple[object, ...]:
    """What the screen shows, in brief: when it changes, the screen is drawn again (a
    demonstration changes its own board and cues, out of the App's sight)."""
    shown = mode.shown
    game = shown.session.game
    return (mode.board_mode, game, len(game.moves), mode.look(), tuple(windows), current(),
            *(window.look() for window in windows), *(cue.value for cue in shown.cues.all()))


@dataclass(frozen=True, kw_only=True)
class Devices:
    """What the App runs on besides the game: its clock, the computer's worker, the sounds, the
    screen and the graph's judge. Left out: the real clock, a ``ProcessWorker`` on it, the real
    ``Sounds`` (made when the App starts), a headless ``NullDisplay`` (``launch.run`` passes
    the window it opens), a judge in the worker's process (in step with the window when a
    worker was given) and the real network. Tests and the rigs pass stand-ins
    (``lab.rigs.fakes``; a network in memory)."""

    clock: Clock = REAL_CLOCK
    worker: ThreadWorker | None = None
    sounds: SoundPlayer | None = None
    display: Display | None = None
    judge: GraphJudge | None = None
    network: Network = REAL_NETWORK


class App:
    """The board, the windows stacked over it (``stack``), what the person at the window does
    to them (``inputs``), and what each tick does."""

    def __init__(
        self,
        options: Options | None = None,
        devices: Devices | None = None,
        store: Store | None = None,
        policy: Policy | None = None,
    ) -> None:
        options = options or Options()
        devices = devices or Devices()
        policy = policy or (kiosk(options.kiosk.idle_seconds) if options.kiosk else WINDOW)
        self.options = options
        self.clock = clock = devices.clock
        sounds, worker, display = devices.sounds, devices.worker, devices.display
        if sounds is None:  # the real sounds start the mixer, so only when none were given
            with stderr_to(None):  # ALSA lists every missing sound card on stderr
                sounds = Sounds()
        service = None
        if worker is None:  # the window's own: the computer thinks in a process of its own
            service = Service()
            worker = ProcessWorker(service, post_wake, clock)
        self.display = display if display is not None else \
            NullDisplay(options.window.fullscreen or options.kiosk is not None)
        judge = devices.judge if devices.judge is not None else GraphJudge(post_wake, service)
        services = Services(worker, sounds, random.Random(options.seed), judge, post_wake,
                            devices.network)
        network = options.network
        own = Table(services, Session(replace(options, network=replace(network, join=None)),
                                      store), policy, None, HINT_BUDGET, now=clock.now())
        first: tuple[Table, Referee] | None = None
        # Translators: the help box, 3 lines of 22 characters.
        said = _("Carrying on with the saved game.") if own.session.resumed else None
        if network.join is not None:
            host = joined.join(own, network.join, network.join_code, network.watch)
            first = host.table, host
        elif own.session.hosted and not options.fixed_seats:
            # never listening on its own at start-up: only when --seats gives network seats
            first = own, LocalReferee(own, unhosted=True)
            # Translators: the help box, 3 lines of 22 characters.
            said = (_("Carrying on with the saved game: host it from Games.") if said else
                    # Translators: the help box, 3 lines of 22 characters.
                    _("Network seats wait: host this game from Games."))
        self.stack = Stack(own, referee_for, self.display, first)
        self.inputs = Inputs(self.stack, self.display, clock.now)
        self.exit_status = 0
        self.dirty = True
        #: When the screen is next due to change by itself (``next_due``), or None.
        self.due: float | None = None
        self.hovered = self.hover()  # as last drawn
        #: What the screen showed when last drawn (``_look``): a change since, made in ``update``
        #: or by another thread between two (the graph's points), draws it again.
        self.drawn: tuple[object, ...] | None = None
        if said is not None:
            own.say(Note(said))
        elif own.session.first_run and not options.kiosk:
            # once: the settings written now say the next run is not the first
            own.say(replace(WELCOME, text=_(WELCOME.text)))
            self.stack.remember()
        if options.window.open_path is not None:  # python main.py GAME.json
            own.ask(OpenFile(options.window.open_path))
            self.stack.serve()

    # ------------------------------------------------------------------ what is on screen
    @property
    def mode(self) -> BoardMode | Overlay:
        """What takes the pointer and the keys now: the window on top, else the board."""
        return self.stack.top

    @property
    def table(self) -> Table:
        """The game on the board: the player's own, or a host's joined."""
        return self.stack.table

    @property
    def board(self) -> BoardMode:
        """The board (the game, or a kiosk's demonstration), under any windows."""
        return self.stack.board

    @property
    def animating(self) -> bool:
        """True while every frame differs from the last (the loop draws 60 a second)."""
        return self.mode.animating

    @property
    def running(self) -> bool:
        return not self.stack.quit

    @property
    def session(self) -> Session:
        """The session on screen (a demonstration's own while one plays)."""
        return self.board.shown.session

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def icons(self) -> dict[str, pygame.Rect]:
        return self.stack.icons

    def hit(self, pos: tuple[int, int]) -> Target | None:
        return self.stack.hit(pos)

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        """Answer one event, then do what it asked; never raises for any event pygame can
        deliver. The mouse moving redraws only what it is over changed (``hover``)."""
        if self.inputs.handle(event) and event.type != pygame.MOUSEMOTION:
            self.dirty = True
        if self.stack.serve():
            self.dirty = True

    def hover(self) -> tuple[Target | None, bool]:
        """What the pointer is over, and whether the keys' cursor shows: the square the board
        highlights, the help line."""
        pointer = self.inputs.pointer
        return self.hit(pointer) if pointer is not None else None, self.inputs.cursor.shown

    # ------------------------------------------------------------------ time
    def update(self, now: float | None = None) -> None:
        """Advance the clock: animations, the computer's move, cues that run out; the screen
        is drawn again when something moved or a time it was due to change has come."""
        table = self.table
        table.now = now = self.clock.now() if now is None else now
        stack = self.stack
        idle = now - self.inputs.last_input
        if stack.board.wakes_on_idle and table.policy.idle_too_long(idle):
            stack.show_demo(stack.attract())  # a kiosk left alone shows what the game is
        stack.tick(now)
        if self.inputs.repeat(now):  # a controller's held direction
            self.dirty = True
        problem = table.session.save_problem()
        if problem is not None:
            table.say(problem)
        shown = self.board.shown
        expired = [table.cues.expire(now), shown.cues.expire(now)]
        came = self.due is not None and now >= self.due
        self.due = self.next_due(now)
        if self.mode.animating or any(expired) or came or self.hover() != self.hovered \
                or _look(stack.board, stack.windows) != self.drawn:
            self.dirty = True  # something moved

    def next_due(self, now: float) -> float | None:
        """When the screen next changes with no event (a window's next picture, the hint's
        flash, the computer's move), or None."""
        table, shown = self.table, self.board.shown
        times = [self.mode.deadline(now), table.cues.next_due(), shown.cues.next_due(),
                 self.inputs.due()]  # a press turning long changes the help line
        if table.policy.demo_after is not None and self.board.wakes_on_idle:
            times.append(self.inputs.last_input + table.policy.demo_after)
        if shown.cues.hint.value is not None or screen.thinking(self.board, self.stack.windows):
            times.append(screen.next_flash(now))  # the hint flashes, the thinking dots turn
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def wait_time(self, now: float) -> float:
        """Seconds the loop may sleep before anything changes by itself (0: draw frames)."""
        if self.mode.animating:
            return 0.0
        due = self.next_due(now)
        return MAX_SLEEP if due is None else max(0.0, min(MAX_SLEEP, due - now))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole 640x480 screen, the help box last."""
        self.dirty, self.hovered = False, self.hover()
        self.drawn = _look(self.board, self.stack.windows)
        inputs = self.inputs
        pressed = self.table.cues.pressed.value
        screen.draw(surface, self.board, self.stack.windows, self.icons, inputs.pointing(),
                    inputs.focused, self.display.shows_portrait, self.stack.switch(),
                    pressed.code if isinstance(pressed, Tongue) else None)
        cursor = inputs.cursor_rect()
        if cursor is not None:
            screen.draw_cursor(surface, cursor)
        screen.draw_help(surface, self.help_text())

    def help_text(self) -> tuple[str, bool]:
        return self.inputs.help_text()

    def close(self) -> None:
        """Stop the windows, the board (and with it the window's own host, or its link to
        another's), and the worker; remember where the window was."""
        self.stack.close()
        self.table.services.close()
        self.stack.remember()
