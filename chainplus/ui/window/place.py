"""Where the game's window is on the desktop, and its moves in and out of full screen.

The window has no frame of the window manager's (``borderless``): the game's own RISC OS title
bar does its work, so a desktop shows one title bar, not two, and the place SDL is given is the
place the window shows, so the remembered place does not creep by a frame each run. It opens
where it was last time, or else at the largest half step that fits the desktop
(``scaler.first_window``). The plain window's size and place are followed (never a maximised
or full-screen one's) so that leaving full screen, and the next run, put it back. Full screen
is a desktop-size window at the top left corner, then made full screen for a window manager to
hide its panels: on a bare X server (a kiosk) nothing else would grow or move it, and the
picture would come out cropped.
"""

from __future__ import annotations

import pygame

from chainplus.app.placement import Placement
from chainplus.ui.window.portrait import picture_size
from chainplus.ui.window.scaler import SMALLEST, first_window


class WindowPlace:
    """The plain size and place of ``window`` (as first given by ``place``), followed while
    the window is neither maximised nor full screen, to go back to."""

    def __init__(self, window: pygame.Window, place: Placement) -> None:
        self.window = window
        self.size, self.position = place.size, place.position
        self.maximized = False
        #: Where to put the window once more when its new size arrives after full screen:
        #: a window manager frames it again later, and SDL places it off by the frame until then.
        self.replace_at: tuple[int, int] | None = None

    def enter_full_screen(self) -> None:
        window = self.window
        if not self.maximized:  # a maximised window's plain size and place are kept already
            self.size, self.position = window.size, window.position
        window.size = desktop()
        window.position = (0, 0)
        window.set_fullscreen(desktop=True)

    def leave_full_screen(self) -> None:
        """Back to the plain window's size and place, maximised again if it was: then the
        manager's un-maximise returns it to where it was before."""
        window = self.window
        window.set_windowed()
        window.size = self.size
        if self.position is not None:
            window.position = self.replace_at = self.position
        if self.maximized:
            window.maximize()

    def resized(self) -> None:
        """The window's new size has come (after leaving full screen): put it in its place."""
        if self.replace_at is not None:
            self.window.position, self.replace_at = self.replace_at, None

    def placement(self, plain: bool) -> Placement:
        """The plain window's size and place (``plain``: the window is plain now, neither full
        screen nor closed, so its own are read first)."""
        if plain and not self.maximized:
            self.size, self.position = self.window.size, self.window.position
        return Placement(size=self.size, position=self.position)

    def follow(self, event: pygame.event.Event) -> None:
        """Keep up with the plain window's size and place, and whether it is maximised (SDL
        says a maximised window is restored when it goes full screen: not the window's own;
        a full-screen window's events are not passed here)."""
        if event.type == pygame.WINDOWMAXIMIZED:
            self.maximized = True
        elif event.type == pygame.WINDOWRESTORED:
            self.maximized = False
        elif self.maximized or self.replace_at is not None:
            return
        elif event.type == pygame.WINDOWMOVED:
            self.position = self.window.position
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.size = self.window.size


def on_desktop(place: Placement | None, desktop: tuple[int, int]) -> Placement:
    """Where a new window opens: ``place`` if it fits on ``desktop`` (its position only if its
    corner is on it), else the first window's size for the desktop (portrait on a desktop taller
    than wide), placed by the manager."""
    if place is None or place.size[0] > desktop[0] or place.size[1] > desktop[1] \
            or place.size[0] < SMALLEST[0] or place.size[1] < SMALLEST[1]:
        return Placement(size=first_window(desktop, picture_size(desktop)))
    position = place.position
    if position is not None and not (0 <= position[0] < desktop[0] - SMALLEST[0] // 2
                                     and 0 <= position[1] < desktop[1] - SMALLEST[1] // 2):
        position = None  # a desktop that has shrunk, or a screen no longer there
    return Placement(size=place.size, position=position)


def desktop() -> tuple[int, int]:
    """The size of the (first) desktop."""
    width, height = pygame.display.get_desktop_sizes()[0]
    return int(width), int(height)
