"""The window's event loop side: ``App`` holds the board and the windows stacked over it,
turns pygame events into clicks for the one on top, serves what they ask (``requests``),
moves time on, and says when the screen must be drawn again.

``App`` never opens the display itself: tests and the rigs drive it headless with synthetic
events and stand-in ``Devices`` (a hand-moved clock, a synchronous AI worker, recorded sounds,
a ``NullDisplay``), and ``draw`` paints onto any 640x480 surface. ``loop.play`` is the real loop;
``launch.run`` opens the window it runs in.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from chainplus.ai.service_process import Service
from chainplus.app.session import Note, Options, Session
from chainplus.app.store import Store
from chainplus.common.streams import stderr_to
from chainplus.core.game import Game
from chainplus.ui.art.sound import SoundPlayer, Sounds
from chainplus.ui.window import joined, screen, targets, touch
from chainplus.ui.window.controller import Controller
from chainplus.ui.window.controls import icons_shown
from chainplus.ui.window.demo import DemoMode
from chainplus.ui.window.display import Display, NullDisplay
from chainplus.ui.window.hosting import referee_for
from chainplus.ui.window.judging import GraphJudge
from chainplus.ui.window.mode import BoardMode
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.policy import WINDOW, Policy, kiosk
from chainplus.ui.window.requests import OpenReplay, OpenRules
from chainplus.ui.window.stack import Stack
from chainplus.ui.window.table import Services, Table
from chainplus.ui.window.targets import ADJUST, SELECT, Furniture, Target
from chainplus.ui.window.wake import WAKE, post_wake
from chainplus.ui.window.worker import ProcessWorker, ThreadWorker

HINT_BUDGET = 0.5
#: Longest sleep of the loop with nothing due, so a missed wake-up costs at most this.
MAX_SLEEP = 1.0
#: The one way out of a kiosk: Ctrl+Shift+Q (keys are otherwise ignored there).
OPERATOR_KEY = pygame.K_q
#: Events after which the screen is simply drawn again.
_REDRAW = (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
           pygame.WINDOWSIZECHANGED)


def _look(mode: BoardMode, windows: list[Overlay]) -> tuple[object, ...]:
    """What the screen shows, in brief: when it changes, the screen is drawn again (a
    demonstration changes its own board and cues, out of the App's sight)."""
    shown = mode.shown
    game = shown.session.game
    return (mode.board_mode, game, len(game.moves), mode.look(), tuple(windows),
            *(window.look() for window in windows), *(cue.value for cue in shown.cues.all()))


def is_operator_combo(key: int, mod: int) -> bool:
    """Ctrl+Shift+Q, with either Ctrl and either Shift (Caps Lock and Num Lock do not matter)."""
    return key == OPERATOR_KEY and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT)


@dataclass(frozen=True, kw_only=True)
class Devices:
    """What the App runs on besides the game: its clock, the computer's worker, the sounds, the
    screen and the graph's judge. Left out: the monotonic clock, a ``ProcessWorker``, the real
    ``Sounds`` (made when the App starts), a headless ``NullDisplay`` (``launch.run`` passes
    the window it opens) and a judge in the worker's process (in step with the window when a
    worker was given). Tests and the rigs pass stand-ins (``rigs.fakes``)."""

    clock: Callable[[], float] = time.monotonic
    worker: ThreadWorker | None = None
    sounds: SoundPlayer | None = None
    display: Display | None = None
    judge: GraphJudge | None = None


class App:
    """The board's mode, the windows over it, the pointer, and what each event and tick does
    to them."""

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
        now = clock()
        sounds, worker, display = devices.sounds, devices.worker, devices.display
        if sounds is None:  # the real sounds start the mixer, so only when none were given
            with stderr_to(None):  # ALSA lists every missing sound card on stderr
                sounds = Sounds()
        service = None
        if worker is None:  # the window's own: the computer thinks in a process of its own
            service = Service()
            worker = ProcessWorker(service, post_wake)
        self.display = display if display is not None else \
            NullDisplay(options.window.fullscreen or options.kiosk is not None)
        judge = devices.judge if devices.judge is not None else GraphJudge(post_wake, service)
        services = Services(worker, sounds, random.Random(options.seed), judge, post_wake)
        network = options.network
        own = Table(services, Session(replace(options, network=replace(network, join=None)),
                                      store), policy, None, HINT_BUDGET, now=now)
        first = None if network.join is None \
            else joined.join(own, network.join, network.join_code, network.watch)
        self.stack = Stack(Controller(own, referee_for, first), self.display)
        self.last_input = now  # the idle spell before a demonstration counts from here
        self.exit_status = 0
        self.focused = self.dirty = True
        self.pointer: tuple[int, int] | None = None
        self.dragging: tuple[int, int] | None = None  # where a title-bar drag took hold
        self.touch: touch.Touch | None = None  # the finger that is down
        if self.session.resumed:
            self.table.say(Note("Carrying on with the saved game."))
        if options.window.open_path is not None:  # python main.py GAME.json
            self.open_file(options.window.open_path)

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
        """The icons shown, as the house policy of the moment says (a joined window has fewer)."""
        return icons_shown(self.table)

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What is under a logical screen position: what the mode shows over the screen first
        (the rules or games window, a replay's controls and graph), then the screen."""
        part = self.mode.hit(pos)  # the window on top's parts, or the board's graph
        if part is not None:
            return part
        return targets.hit(pos, self.icons, self.table.policy.furniture)

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        """Answer one event; never raises for any event pygame can deliver."""
        kind, policy = event.type, self.table.policy
        if touch.emulated(event):
            return  # the finger event itself is answered, so a tap counts once
        if kind == pygame.QUIT:
            if policy.close_quits:  # a kiosk ignores the window manager's close and Alt+F4
                self.table.quit()
        elif kind == pygame.MOUSEMOTION:
            self.last_input = self.clock()
            self.pointer = targets.event_pos(event)
            if self.dragging is not None and self.pointer is not None:
                self.display.move_window(self.pointer[0] - self.dragging[0],
                                               self.pointer[1] - self.dragging[1])
            self.dirty = True
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.last_input = self.clock()
            pos, button = targets.event_pos(event), getattr(event, "button", 0)
            if pos is not None and button in (SELECT, ADJUST):
                self.pointer = pos
                self.click(pos, button)
                self.remember()
        elif kind == pygame.MOUSEBUTTONUP:
            self.dragging = None
        elif kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            self.finger(event)
        elif kind == pygame.KEYDOWN:
            self.key(getattr(event, "key", 0), getattr(event, "mod", 0))
        elif kind == pygame.TEXTINPUT and policy.keys and self.stack.window:  # into a dialog
            self.stack.window.typed(str(getattr(event, "text", "")))
            self.dirty = True
        elif kind in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.focused = kind == pygame.WINDOWFOCUSGAINED
            self.dirty = True
        elif kind == pygame.WINDOWLEAVE:
            self.pointer = None
            self.dirty = True
        elif kind == pygame.DROPFILE:
            self.dropped(getattr(event, "file", None))
        elif kind == WAKE or kind in _REDRAW:
            self.dirty = True
        if self.stack.serve():
            self.dirty = True

    def key(self, key: object, mod: object) -> None:
        """A key: the operator's exit in a kiosk; elsewhere the mode's own keys (a window's
        Escape, arrows, Home and End), F1 for the rules, and F11 (and Escape in full screen)
        for full screen."""
        if not isinstance(key, int) or not isinstance(mod, int):
            return
        display = self.display
        if not self.table.policy.keys:
            if is_operator_combo(key, mod):
                self.exit_status = 0
                self.table.quit()  # the supervisor stops too: status 0
            return  # otherwise a kiosk is mouse only
        if self.stack.key(key):
            pass  # a window's keys: Escape closes it, arrows turn or step
        elif key == pygame.K_F1 and self.board.icons_work():
            self.table.ask(OpenRules())
        elif key == pygame.K_F11 or (key == pygame.K_ESCAPE and display.fullscreen):
            display.toggle()
        self.dirty = True
        self.remember()

    def finger(self, event: pygame.event.Event) -> None:
        """A finger down shows what is under it; the finger up clicks there (Adjust after a
        long press). Only the first finger counts, and no hover is left behind."""
        now = self.clock()
        self.last_input = now
        pos, finger = touch.finger_pos(event), getattr(event, "finger_id", 0)
        if event.type == pygame.FINGERDOWN and self.touch is None and pos is not None:
            target = self.hit(pos)
            self.touch = touch.Touch(finger, pos, target, now)
            if target is not None:
                self.table.cues.pressed.show(target, now, touch.LONG_PRESS * 4)
        elif event.type == pygame.FINGERUP and self.touch is not None \
                and self.touch.finger == finger:
            held, self.touch = self.touch, None
            self.table.cues.pressed.clear()
            self.click(held.pos, held.button(now))
            self.remember()
        self.pointer = None
        self.dirty = True

    def click(self, pos: tuple[int, int], button: int) -> None:
        """A Select or Adjust click at a logical position: the window on top decides what it
        does, else the board's mode."""
        self.table.now = self.clock()
        target = self.hit(pos)
        if target == Furniture("title") and not self.display.fullscreen:
            self.dragging = pos
        if target == Furniture("close") and button == ADJUST:
            self.display.minimize()  # RISC OS iconises from the close icon
            return
        self.stack.click(target, button)
        self.dirty = True

    def dropped(self, path: object) -> None:
        """A file dropped on the window opens as a game (the RISC OS way to load a file); a
        kiosk and a demonstration take no files."""
        self.last_input = self.table.now = self.clock()
        if isinstance(path, str) and self.table.policy.keys and self.board.icons_work():
            self.open_file(Path(path))
            self.dirty = True

    def open_file(self, path: Path) -> None:
        """The game record at ``path`` in a replay with its graph; a file that is not a game
        gets a line in the message box, and what was shown stays."""
        opened = self.table.session.open_game(path)
        if isinstance(opened, Note):
            self.table.say(opened)
        else:
            self.table.ask(OpenReplay(opened, graph=True))
        self.stack.serve()

    # ------------------------------------------------------------------ time
    def update(self, now: float | None = None) -> None:
        """Advance the clock: animations, the computer's move, cues that run out."""
        table = self.table
        table.now = now = self.clock() if now is None else now
        stack = self.stack
        before = _look(stack.board, stack.windows)
        if stack.board.wakes_on_idle and table.policy.idle_too_long(now - self.last_input):
            stack.show_demo(DemoMode(table))  # a kiosk left alone shows what the game is
        stack.tick(now)
        problem = table.session.save_problem()
        if problem is not None:
            table.say(problem)
        shown = self.board.shown
        expired = [table.cues.expire(now), shown.cues.expire(now)]
        if self.mode.animating or any(expired) or shown.cues.hint.value is not None \
                or _look(stack.board, stack.windows) != before:
            self.dirty = True  # something moved (the hint flashes)

    def wait_time(self, now: float) -> float:
        """Seconds the loop may sleep before anything changes by itself (0: draw frames)."""
        if self.mode.animating:
            return 0.0
        table, shown = self.table, self.board.shown
        times = [self.mode.deadline(now), table.cues.next_due(), shown.cues.next_due()]
        if table.policy.demo_after is not None and self.board.wakes_on_idle:
            times.append(self.last_input + table.policy.demo_after)
        if shown.cues.hint.value is not None:
            times.append(now + 0.5 / screen.FLASH_RATE)  # the hint flashes
        if table.services.worker.job is not None:
            times.append(now + 1.0 / screen.FLASH_RATE)  # the thinking indicator turns
        if self.touch is not None:
            times.append(self.touch.due())  # a press turning long changes the help line
        due = [t for t in times if t is not None]
        if not due:
            return MAX_SLEEP
        return max(0.0, min(MAX_SLEEP, min(due) - now))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole 640x480 screen."""
        self.dirty = False
        screen.draw(surface, self.board, self.stack.windows, self.icons, self.pointer,
                    self.focused, self.help_text())

    def help_text(self) -> tuple[str, bool]:
        """The help line: what a finger is on while it is down, else as the pointer says."""
        top = self.stack.window
        if self.touch is not None and self.touch.target is not None and self.board.icons_work():
            line = screen.target_help(self.board, top, self.touch.target)
            return self.touch.help(self.clock(), line), False
        under = self.hit(self.pointer) if self.pointer is not None else None
        return screen.help_text(self.board, top, under)

    def remember(self) -> None:
        """Write the settings if they changed: the player's own session's (a host's game
        joined hands its speed and sound back when it closes), full screen, and where the
        window is."""
        display = self.display
        self.stack.controller.own.session.remember(display.fullscreen, display.placement())

    def close(self) -> None:
        """Stop the windows, the board (and with it the window's own host, or its link to
        another's), and the worker; the player's own session comes back; remember where the
        window was."""
        self.stack.close()
        self.table.services.close()
        self.remember()
