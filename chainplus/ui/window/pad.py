"""Game controllers (pygame-ce's controller API): plugged in or out at any time, any number;
the first to press takes the cursor until it is unplugged or left alone for a while.

A held direction repeats. The same works in a kiosk, whose visitors may have only a controller
or a joystick and buttons.
"""

from __future__ import annotations

import contextlib
from enum import Enum

import pygame

from chainplus.ui.window.cursor import Action

#: A held direction steps again after this long, then every ``REPEAT_EVERY`` seconds.
REPEAT_AFTER, REPEAT_EVERY = 0.4, 0.12
#: How far the stick must lean to count as a press, and come back to count as let go.
LEAN, REST = 0.5 * 32767, 0.3 * 32767
#: Left alone this long, a controller lets another take the cursor.
OWNED_FOR = 30.0


class Ask(Enum):
    """What a controller's Start and Back ask of the window."""

    RULES = "rules"
    GAMES = "games"


BUTTONS: dict[int, Action | Ask] = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Action.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Action.RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Action.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Action.DOWN,
    pygame.CONTROLLER_BUTTON_A: Action.SELECT,
    pygame.CONTROLLER_BUTTON_B: Action.ADJUST,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Action.BACK,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Action.NEXT,
    pygame.CONTROLLER_BUTTON_START: Ask.RULES,
    pygame.CONTROLLER_BUTTON_BACK: Ask.GAMES,
}
MOVES = (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN)


class Pads:
    """The controllers plugged in, the one that has the cursor, and the direction it holds."""

    def __init__(self) -> None:
        self.open: dict[int, object] = {}  # by instance id: SDL sends events for these
        self.owner: int | None = None
        self.last_press = float("-inf")
        self.held: Action | None = None
        self.next_repeat = float("inf")

    def handle(self, event: pygame.event.Event, now: float) -> Action | Ask | None:
        """What a controller's event asks: a move, a press, Start or Back (None: nothing,
        such as a controller plugged in or a button let go)."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self.plugged(event)
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self.unplugged(event)
        elif kind == pygame.CONTROLLERBUTTONUP:
            self.released(event)
        elif kind == pygame.CONTROLLERBUTTONDOWN:
            return self.pressed(event, now)
        elif kind == pygame.CONTROLLERAXISMOTION:
            return self.leaned(event, now)
        return None

    def plugged(self, event: pygame.event.Event) -> None:
        """A controller plugged in: open it, so its presses come (one that cannot be opened
        is left out quietly)."""
        with contextlib.suppress(pygame.error, TypeError, ValueError, AttributeError):
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            pad = controller.Controller(int(event.device_index))
            self.open[int(pad.as_joystick().get_instance_id())] = pad

    def unplugged(self, event: pygame.event.Event) -> None:
        which = getattr(event, "instance_id", None)
        self.open.pop(which, None)  # type: ignore[arg-type]
        if which == self.owner:
            self.owner, self.held = None, None

    def pressed(self, event: pygame.event.Event, now: float) -> Action | Ask | None:
        """What a button press asks, from the controller with the cursor (another only when
        that one has been left alone for ``OWNED_FOR`` seconds)."""
        if not self._takes(event, now):
            return None
        meant = BUTTONS.get(getattr(event, "button", -1))
        if meant in MOVES:
            self._hold(meant, now)
        return meant

    def released(self, event: pygame.event.Event) -> None:
        if getattr(event, "instance_id", None) == self.owner and \
                BUTTONS.get(getattr(event, "button", -1)) == self.held:
            self.held = None

    def leaned(self, event: pygame.event.Event, now: float) -> Action | None:
        """The left stick: a move when it leans far enough one way, none while it stays."""
        axis, value = getattr(event, "axis", -1), getattr(event, "value", 0)
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY) or \
                not isinstance(value, (int, float)):
            return None
        across = axis == pygame.CONTROLLER_AXIS_LEFTX
        if abs(value) < REST:
            if self.held in ((Action.LEFT, Action.RIGHT) if across else (Action.UP, Action.DOWN)):
                self.held = None
            return None
        if abs(value) < LEAN or not self._takes(event, now):
            return None
        way = (Action.RIGHT if value > 0 else Action.LEFT) if across else \
            (Action.DOWN if value > 0 else Action.UP)
        if way == self.held:
            return None  # still leaning: the repeat steps it
        self._hold(way, now)
        return way

    def repeat(self, now: float) -> Action | None:
        """The held direction, again, when its repeat is due."""
        if self.held is None or now < self.next_repeat:
            return None
        self.next_repeat = now + REPEAT_EVERY
        return self.held

    def due(self) -> float | None:
        return self.next_repeat if self.held is not None else None

    def _takes(self, event: pygame.event.Event, now: float) -> bool:
        which = getattr(event, "instance_id", None)
        if not isinstance(which, int):
            return False
        if self.owner is not None and which != self.owner and \
                now - self.last_press < OWNED_FOR:
            return False
        self.owner, self.last_press = which, now
        return True

    def _hold(self, way: Action, now: float) -> None:
        self.held, self.next_repeat = way, now + REPEAT_AFTER
