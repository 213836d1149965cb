"""The screen the game is shown on: a window, or the whole desktop, never distorted.

In a window SDL's SCALED mode does the work: the window is the 640x480 picture grown by the
largest whole step that fits the desktop, and SDL maps the mouse back. Full screen does not use
SCALED: SDL's SCALED full screen relies on a window manager to grow and place the window, and
on a bare X server (a kiosk, an Xvfb) the picture comes out cropped. So full screen is a plain
desktop-size window with the picture scaled up by whole steps in the middle, black round it,
and the mouse mapped back here. A kiosk uses the same full screen and never leaves it.
"""

from __future__ import annotations

import sys
import warnings

import pygame

from .theme import BLACK, SCREEN_SIZE, TITLE


def fit(screen: tuple[int, int], picture: tuple[int, int] = SCREEN_SIZE
        ) -> tuple[int, tuple[int, int]]:
    """(scale, offset): the largest whole scale at which ``picture`` fits on ``screen``
    (at least 1) and where its top left corner goes to sit in the middle."""
    scale = max(1, min(screen[0] // picture[0], screen[1] // picture[1]))
    return scale, ((screen[0] - picture[0] * scale) // 2, (screen[1] - picture[1] * scale) // 2)


def to_logical(pos: tuple[int, int], scale: int, offset: tuple[int, int]) -> tuple[int, int]:
    """A screen position in the picture's own (640x480) coordinates."""
    return (pos[0] - offset[0]) // scale, (pos[1] - offset[1]) // scale


class NullDisplay:
    """Stands in for the screen in tests: remembers the full-screen state only."""

    def __init__(self, fullscreen: bool = False) -> None:
        self.fullscreen = fullscreen

    def toggle(self) -> bool:
        self.fullscreen = not self.fullscreen
        return self.fullscreen


class ScreenDisplay(NullDisplay):
    """The real screen: a SCALED window, or the desktop with the picture in whole steps.

    ``surface`` is what the game draws on (always 640x480); ``present`` shows it; ``logical``
    turns an event's position into picture coordinates. ``locked`` (a kiosk) never leaves
    full screen.
    """

    def __init__(self, fullscreen: bool = False, locked: bool = False) -> None:
        super().__init__(fullscreen or locked)
        self.locked = locked
        self.canvas = pygame.Surface(SCREEN_SIZE)  # the picture while full screen
        self.scale, self.offset = 1, (0, 0)
        self.window_pos: tuple[int, int] | None = None  # where the window was before full screen
        self.surface = self._open(self.fullscreen)

    def _open(self, fullscreen: bool) -> pygame.Surface:
        """Set the video mode for ``fullscreen``; the surface the game should draw on."""
        with warnings.catch_warnings():  # "no fast renderer": harmless, e.g. without a GPU
            warnings.simplefilter("ignore")
            if fullscreen:
                screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                screen = pygame.display.set_mode(SCREEN_SIZE, pygame.SCALED)
        pygame.display.set_caption(TITLE)
        if not fullscreen:
            return screen
        self._layout(screen)
        return self.canvas

    def _layout(self, screen: pygame.Surface) -> None:
        self.scale, self.offset = fit(screen.get_size())
        screen.fill(BLACK)

    def toggle(self) -> bool:
        """Switch between a window and full screen; a kiosk stays full screen."""
        if self.locked:
            return True
        going_full = not self.fullscreen
        try:
            if going_full:
                self.window_pos = pygame.display.get_window_position()
                if len(pygame.display.get_desktop_sizes()) == 1:
                    # without a window manager nothing moves the window to the corner
                    pygame.display.set_window_position((0, 0))
            self.surface = self._open(going_full)
            if not going_full and self.window_pos is not None:
                pygame.display.set_window_position(self.window_pos)
            self.fullscreen = going_full
        except pygame.error as exc:  # some video drivers cannot; say so and carry on
            print(f"chainplus: cannot switch full screen: {exc}", file=sys.stderr)
        return self.fullscreen

    def present(self) -> None:
        """Show the picture: flip a window, or scale the picture up onto the desktop."""
        if self.fullscreen:
            screen = pygame.display.get_surface()
            if screen is None:
                return
            if fit(screen.get_size()) != (self.scale, self.offset):  # the desktop changed size
                self._layout(screen)
            if self.scale == 1:  # a desktop smaller than 1280x960: as it is, in the middle
                screen.blit(self.canvas, self.offset)
            else:  # scale >= 2 only when the whole picture fits
                size = (SCREEN_SIZE[0] * self.scale, SCREEN_SIZE[1] * self.scale)
                pygame.transform.scale(self.canvas, size,
                                       screen.subsurface(pygame.Rect(self.offset, size)))
        pygame.display.flip()

    def logical(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event with its position in picture coordinates (SCALED windows already are)."""
        if not self.fullscreen:
            return event
        pos = getattr(event, "pos", None)
        try:
            x, y = int(pos[0]), int(pos[1])
        except (TypeError, ValueError, IndexError):
            return event
        return pygame.event.Event(event.type, {**event.dict,
                                               "pos": to_logical((x, y), self.scale, self.offset)})
