"""What the person at the window does, as the game hears it: pygame's mouse, finger, key,
game controller, text, file and window events turned into clicks and keys for the board and
the windows stacked over it (``stack``). It keeps the pointer, a title-bar drag, the finger
down, the keyboard's and controllers' cursor, and when the person last did anything (for a
kiosk's demonstration).

Keys: the arrows (and the keypad's) move the cursor, Tab (Shift+Tab) goes on to the icons and
the panel and back to the board, Space or Return is Select on what the cursor is on, Backspace
or Shift+Return is Adjust; F1 opens the rules and F11 switches full screen. A window on top
takes its own keys first (Escape closes it; arrows turn its pages or step its replay), and
Escape hides the graph shown after a game. A kiosk takes only the cursor's keys (arrows, Tab,
Space, Return, Backspace), as it takes a controller's, and the operator's Ctrl+Shift+Q.

SDL also makes mouse events of each touch; those are ignored, so a tap counts once.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from chainplus.common.language import N_, _
from chainplus.ui.art import languages_view
from chainplus.ui.window import screen, targets, touch
from chainplus.ui.window.cursor import (
    Action,
    Cursor,
    Places,
    board_places,
    icon_places,
    panel_places,
    part_places,
    switch_places,
)
from chainplus.ui.window.display import Display
from chainplus.ui.window.mode import BoardMode
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.pad import Ask, Pads
from chainplus.ui.window.requests import OpenFile, OpenGames, OpenInfo, OpenRules
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import ADJUST, MENU, SELECT, Furniture, Part, Square, Target

#: The one way out of a kiosk: Ctrl+Shift+Q (keys are otherwise ignored there).
OPERATOR_KEY = pygame.K_q
#: Events after which the screen is simply drawn again (another thread's wake-up is not one:
#: what it brings is drawn once the App's look of the screen changes).
_REDRAW = (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
           pygame.WINDOWSIZECHANGED)


#: The graph's Close button, as the board names it while it shows the graph after a game.
GRAPH_CLOSE = "graph-close"
#: A game controller's events.
PAD_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
              pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
              pygame.CONTROLLERAXISMOTION)
#: The keys that move the cursor or press on what it is on (Shift turns Tab and Return back).
KEY_ACTIONS = {
    pygame.K_LEFT: Action.LEFT, pygame.K_KP4: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT, pygame.K_KP6: Action.RIGHT,
    pygame.K_UP: Action.UP, pygame.K_KP8: Action.UP,
    pygame.K_DOWN: Action.DOWN, pygame.K_KP2: Action.DOWN,
    pygame.K_TAB: Action.NEXT, pygame.K_SPACE: Action.SELECT, pygame.K_RETURN: Action.SELECT,
    pygame.K_KP_ENTER: Action.SELECT, pygame.K_KP5: Action.SELECT,
    pygame.K_BACKSPACE: Action.ADJUST,
}
#: The help line's mouse words, as the keys say them: each pair translated, then swapped in the
#: translated help line.
# Translators: the keyboard's words for the mouse words before them, swapped into the help line
# while the keyboard's cursor is shown. Translate each mouse word exactly as your help lines
# say it (else it is not swapped); Select, Adjust, Return and Backspace are buttons and keys.
KEY_WORDS = ((N_("Select up, Adjust down."), N_("Return up, Backspace down.")),
             (N_("Select: next speed, Adjust: back."), N_("Return: next, Backspace: back.")),
             (N_("Click to step."), N_("Return to step.")), (N_("Click"), N_("Select")),
             (N_("click"), N_("select")))


def key_action(key: int, mod: int) -> Action | None:
    action = KEY_ACTIONS.get(key)
    if mod & pygame.KMOD_SHIFT and action is Action.NEXT:
        return Action.BACK
    if mod & pygame.KMOD_SHIFT and action is Action.SELECT:
        return Action.ADJUST
    return action


def is_operator_combo(key: int, mod: int) -> bool:
    """Ctrl+Shift+Q, with either Ctrl and either Shift (Caps Lock and Num Lock do not matter)."""
    return key == OPERATOR_KEY and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT)


class Stacked(Protocol):
    """The board and the windows over it, as what the person does reaches them (``stack``)."""

    @property
    def table(self) -> Table: ...

    @property
    def board(self) -> BoardMode: ...

    @property
    def window(self) -> Overlay | None: ...

    @property
    def icons(self) -> dict[str, pygame.Rect]: ...

    def hit(self, pos: tuple[int, int]) -> Target | None: ...

    def click(self, target: Target | None, button: int) -> None: ...

    def key(self, key: int, mod: int) -> bool: ...

    def remember(self) -> None: ...

    def switch(self) -> tuple[str, ...]: ...


class Inputs:
    """The pointer, the keys and the fingers on ``stack`` shown on ``display``; ``clock``
    tells when each came."""

    def __init__(self, stack: Stacked, display: Display, clock: Callable[[], float]) -> None:
        self.stack, self.display, self.clock = stack, display, clock
        self.pointer: tuple[int, int] | None = None
        self.dragging: tuple[int, int] | None = None  # where a title-bar drag took hold
        self.touch: touch.Touch | None = None  # the finger that is down
        self.focused = True
        self.last_input = clock()
        self.cursor = Cursor()
        self.pads = Pads()

    def handle(self, event: pygame.event.Event) -> bool:
        """Answer one event (never raising for any event pygame can deliver); True when the
        screen must be drawn again."""
        kind, policy = event.type, self.stack.table.policy
        if touch.emulated(event):
            return False  # the finger event itself is answered
        self.stack.table.services.pointing.follow(kind)  # the invitation to play says so
        if kind == pygame.MOUSEBUTTONUP:
            self.dragging = None
            return False
        if kind == pygame.QUIT:
            if policy.close_quits:  # a kiosk ignores the window manager's close and Alt+F4
                self.stack.table.quit()
            return False
        elif kind == pygame.MOUSEMOTION:
            self.last_input = self.clock()
            self.pointer, self.cursor.shown = targets.event_pos(event), False
            if self.dragging is not None and self.pointer is not None:
                self.display.move_window(self.pointer[0] - self.dragging[0],
                                         self.pointer[1] - self.dragging[1])
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.last_input = self.clock()
            pos, button = targets.event_pos(event), getattr(event, "button", 0)
            if pos is not None and button == MENU and not policy.kiosk:
                self.pointer, self.cursor.shown = pos, False
                self.stack.table.ask(OpenInfo())  # RISC OS's Menu offers the Info box
                return True
            if pos is None or button not in (SELECT, ADJUST):
                return False
            self.pointer, self.cursor.shown = pos, False
            return self.click(pos, button)
        elif kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            self.finger(event)
        elif kind == pygame.KEYDOWN:
            return self.key(getattr(event, "key", 0), getattr(event, "mod", 0))
        elif kind == pygame.TEXTINPUT:
            if not (policy.keys and self.stack.window):
                return False
            self.stack.window.typed(str(getattr(event, "text", "")))  # into a dialog
        elif kind in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.focused = kind == pygame.WINDOWFOCUSGAINED
        elif kind == pygame.WINDOWLEAVE:
            self.pointer = None
        elif kind == pygame.DROPFILE:
            return self.dropped(getattr(event, "file", None))
        elif kind in PAD_EVENTS:
            return self.pad(event)
        elif kind not in _REDRAW:
            return False
        return True

    def key(self, key: object, mod: object) -> bool:
        """A key, as the module docstring lists them; in a kiosk only the cursor's keys, as a
        controller's, and the operator's exit. True when the screen may have changed."""
        if not isinstance(key, int) or not isinstance(mod, int):
            return False
        stack, display = self.stack, self.display
        if not stack.table.policy.keys:
            if is_operator_combo(key, mod):
                stack.table.quit()  # the supervisor stops too: status 0
                return False
            action = key_action(key, mod)
            if action is None:
                return False  # no Escape, F1 or F11 for a visitor
            self.act(action)
            stack.remember()
            return True
        if stack.key(key, mod):
            pass  # a window's keys: Escape closes it, arrows turn or step
        elif key == pygame.K_ESCAPE and GRAPH_CLOSE in (stack.board.parts() or {}):
            stack.click(Part(GRAPH_CLOSE), SELECT)  # the graph after a game, as its Close
        elif key == pygame.K_F1 and stack.board.icons_work():
            stack.table.ask(OpenRules())
        elif key == pygame.K_F11 or (key == pygame.K_ESCAPE and display.fullscreen):
            display.toggle()
        elif (action := key_action(key, mod)) is not None:
            self.act(action)
        stack.remember()
        return True

    # ---------------------------------------------------------------- the cursor
    def places(self) -> tuple[tuple[Places, ...], Places | None]:
        """Where the cursor may go: the board, the icons, the panel and a kiosk's language
        switch, or the parts of the window on top (a graph the board shows over the screen
        too, the attract loop's doors) and the switch while one is open."""
        window = self.stack.window
        parts = window.parts() if window is not None else self.stack.board.parts()
        switch = switch_places(languages_view.buttons(self.stack.switch()))
        groups = (board_places(), icon_places(self.stack.icons), panel_places(),
                  *([switch] if switch else []))
        return groups, [*part_places(parts), *switch] if parts is not None else None

    def act(self, action: Action) -> None:
        """Move the cursor, or press on what it is on (the first key only shows it)."""
        self.last_input = self.clock()
        groups, window = self.places()
        cursor = self.cursor
        if not cursor.shown:
            cursor.shown = True
            return
        if action not in (Action.SELECT, Action.ADJUST):
            cursor.move(groups, window, action)
            return
        target = cursor.target(window)
        if target is not None:
            self.stack.table.now = self.clock()
            self.stack.click(target, SELECT if action is Action.SELECT else ADJUST)
            self.stack.remember()

    def pad(self, event: pygame.event.Event) -> bool:
        """A game controller plugged in or out, a button, the stick."""
        meant = self.pads.handle(event, self.clock())
        if meant is None:
            return False
        self.pointer = None
        if meant is Ask.RULES and self.stack.board.icons_work():
            self.stack.table.ask(OpenRules())
        elif meant is Ask.GAMES and self.stack.board.icons_work() and \
                not self.stack.table.policy.kiosk:
            self.stack.table.ask(OpenGames())
        elif isinstance(meant, Action):
            self.act(meant)
        return True

    def repeat(self, now: float) -> bool:
        """A controller's held direction steps again when due; True when it did."""
        action = self.pads.repeat(now)
        if action is not None:
            self.act(action)
        return action is not None

    def pointing(self) -> tuple[int, int] | None:
        """Where the board may highlight a square: the cursor's, while it is shown."""
        if not self.cursor.shown:
            return self.pointer
        target = self.cursor_target()
        if isinstance(target, Square):
            return board_places()[target.square][1].center
        return None

    def cursor_target(self) -> Target | None:
        return self.cursor.target(self.places()[1])

    def cursor_rect(self) -> pygame.Rect | None:
        groups, window = self.places()
        return self.cursor.rect(groups, window)

    def finger(self, event: pygame.event.Event) -> None:
        """A finger down shows what is under it; the finger up clicks there (Adjust after a
        long press). Only the first finger counts, and no hover is left behind."""
        now = self.last_input = self.clock()
        cues = self.stack.table.cues
        pos, finger = touch.finger_pos(event), getattr(event, "finger_id", 0)
        if event.type == pygame.FINGERDOWN and self.touch is None and pos is not None:
            target = self.stack.hit(pos)
            self.touch = touch.Touch(finger, pos, target, now)
            if target is not None:
                cues.pressed.show(target, now, touch.LONG_PRESS * 4)
        elif event.type == pygame.FINGERUP and self.touch is not None \
                and self.touch.finger == finger:
            held, self.touch = self.touch, None
            cues.pressed.clear()
            self.click(held.pos, held.button(now))
        self.pointer, self.cursor.shown = None, False

    def click(self, pos: tuple[int, int], button: int) -> bool:
        """A Select or Adjust click at a picture position: the window on top decides, else the
        board; the title bar drags the window, Adjust on the close icon iconises it. True when
        the screen may have changed."""
        stack = self.stack
        stack.table.now = self.clock()
        target = stack.hit(pos)
        if target == Furniture("title") and not self.display.fullscreen:
            self.dragging = pos
        iconise = target == Furniture("close") and button == ADJUST
        if iconise:
            self.display.minimize()
        else:
            stack.click(target, button)
        stack.remember()
        return not iconise

    def dropped(self, path: object) -> bool:
        """A file dropped on the window opens as a game (the RISC OS way to load a file); a
        kiosk and a demonstration take no files. True when it is opened."""
        table = self.stack.table
        self.last_input = table.now = self.clock()
        if not (isinstance(path, str) and table.policy.keys and self.stack.board.icons_work()):
            return False
        table.ask(OpenFile(Path(path)))
        return True

    def due(self) -> float | None:
        """When the finger's press turns long (the help line changes then), or a
        controller's held direction steps again."""
        due = [t for t in (self.touch.due() if self.touch is not None else None,
                           self.pads.due()) if t is not None]
        return min(due) if due else None

    def help_text(self) -> tuple[str, bool]:
        """The help line: what a finger is on while it is down, else as the pointer says."""
        stack = self.stack
        board, top, held = stack.board, stack.window, self.touch
        if held is not None and held.target is not None and board.icons_work():
            line = screen.target_help(board, top, held.target)
            return held.help(self.clock(), line), False
        if self.cursor.shown and board.icons_work() and (at := self.cursor_target()) is not None:
            text, warn = screen.help_text(board, top, at)
            for mouse, keys in KEY_WORDS:
                text = text.replace(_(mouse), _(keys))
            return text, warn
        under = stack.hit(self.pointer) if self.pointer is not None else None
        return screen.help_text(board, top, under)
