"""Fingers on a touch screen: a tap is a Select click, a long press on a control that steps
(Speed, Rules, the panel's columns 1, 3 and 4) is an Adjust click, and what the control does is
shown while the finger is down, before anything happens (a touch visitor has no hover).

SDL also turns each touch into mouse events marked ``touch``; the window ignores those, so a
tap counts once.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from chainplus.common.language import N_, _
from chainplus.ui.art.theme import SCREEN_SIZE
from chainplus.ui.window.targets import ADJUST, SELECT, Cell, Icon, Target

#: Held this long, a finger on a stepping control means Adjust (step back).
LONG_PRESS = 0.5
#: The help lines' mouse words, as a finger says them: each pair translated, then swapped in
#: the translated help line.
# Translators: a finger's words for the mouse words before them, swapped into the help line
# while a finger is down on a touch screen. Translate each mouse word exactly as your help lines
# say it (else it is not swapped).
TOUCH_WORDS = ((N_("Select up, Adjust down."), N_("Tap up, hold down.")),
               (N_("Select: next speed, Adjust: back."), N_("Tap: next, hold: back.")),
               (N_("Click to step."), N_("Hold: back.")),
               (N_("Click"), N_("Tap")), (N_("click"), N_("tap")))
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                pygame.MOUSEWHEEL)


def emulated(event: pygame.event.Event) -> bool:
    """A mouse event SDL made from a touch (the finger event itself is the one we answer)."""
    return event.type in MOUSE_EVENTS and getattr(event, "touch", False) is True


def finger_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    """Where a finger event is on the picture: its ``pos`` (the display adds one), else its
    position over the whole window (a headless window is the picture)."""
    pos = getattr(event, "pos", None)
    if isinstance(pos, tuple) and len(pos) == 2:
        return int(pos[0]), int(pos[1])
    try:
        x, y = float(event.x), float(event.y)
    except (AttributeError, TypeError, ValueError):
        return None
    if not (0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
        return None
    return int(x * SCREEN_SIZE[0]), int(y * SCREEN_SIZE[1])


def steps_back(target: Target | None) -> bool:
    """Whether Adjust does something of its own on ``target`` (it steps a value back)."""
    if isinstance(target, Icon):
        return target.name in ("speed", "rules")
    return isinstance(target, Cell) and target.column in (1, 3, 4)


@dataclass(frozen=True)
class Touch:
    """A finger that is down: which one, where, on what, since when."""

    finger: int
    pos: tuple[int, int]
    target: Target | None
    since: float

    def long(self, now: float) -> bool:
        return steps_back(self.target) and now - self.since >= LONG_PRESS

    def button(self, now: float) -> int:
        return ADJUST if self.long(now) else SELECT

    def due(self) -> float | None:
        """When the press turns long (the screen changes then), if it can."""
        return self.since + LONG_PRESS if steps_back(self.target) else None

    def help(self, now: float, help_line: str) -> str:
        """The help line while the finger is down: what the control does, in a finger's
        words; once the press is long, that letting go steps back."""
        if self.long(now):
            # Translators: the help box, 3 lines of 22 characters.
            return _("Let go now to step back (Adjust).")
        for mouse, finger in TOUCH_WORDS:
            help_line = help_line.replace(_(mouse), _(finger))
        return help_line
