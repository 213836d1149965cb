"""The screen the game is shown on: a window of any size, or the whole desktop, never distorted.

The game draws a 640x480 picture; SDL's renderer scales it on the graphics card (or in its
software renderer) by the steps ``scaler`` picks, so only 640x480 pixels cross each frame.
``logical`` maps every position back into picture pixels, so mouse, fingers and picture agree.
A window taller than wide shows the picture pieced into a portrait one (``portrait``).

The window is borderless, the game's RISC OS title bar doing the frame's work; where it sits
and how it enters full screen live in ``place``. It is the renderer's own ``pygame.Window``,
so ``pygame.display.get_surface()`` is None and only ``set_icon`` here reaches it. A kiosk is
full screen and never leaves it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Protocol

import pygame
from pygame._sdl2.video import Renderer, Texture

from chainplus.app.placement import Placement
from chainplus.common import language
from chainplus.common.language import _
from chainplus.ui.art.theme import BLACK, SCREEN_SIZE, TITLE
from chainplus.ui.window.place import WindowPlace, desktop, on_desktop
from chainplus.ui.window.portrait import PORTRAIT, Arrangement, is_portrait, picture_size
from chainplus.ui.window.scaler import SMALLEST, Layout

#: The events that say the window has a new size (a window manager, or full screen).
RESIZED = frozenset((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED))
#: The events with a finger's place, x and y from 0 to 1 across the window.
FINGERS = frozenset((pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION))
#: Nearest pixel and linear filtering, in SDL's numbering.
NEAREST, LINEAR = 0, 1
#: For developers and tests: a file (.bmp or .png) the next frame is saved to, window size,
#: whenever the file is absent (delete it to ask for another).
SAVE_FRAME = "CHAINPLUS_SAVE_FRAME"


class Display(Protocol):
    """The screen as the window uses it: a 640x480 ``surface`` to draw on, shown by ``present``.

    ``ScreenDisplay`` is the real one, ``NullDisplay`` the headless stand-in."""

    fullscreen: bool
    surface: pygame.Surface

    @property
    def shows_portrait(self) -> bool:
        """Whether the picture is shown pieced into a portrait one (``portrait``)."""

    def toggle(self) -> bool:
        """Switch between a window and full screen; True when full screen after it."""

    def present(self) -> None:
        """Show the surface as it is now."""

    def logical(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event with its position in picture pixels."""

    def move_window(self, dx: int, dy: int) -> None:
        """Move the window by ``dx``, ``dy`` picture pixels (a drag on the title bar)."""

    def set_icon(self, icon: pygame.Surface) -> None:
        """The window manager's icon for the window."""

    def minimize(self) -> None:
        """Iconise the window, where the window manager allows it."""

    def placement(self) -> Placement | None:
        """The plain window's size and place, to open there next time (None: no window)."""

    def close(self) -> None:
        """Let go of the window."""


class NullDisplay:
    """The headless screen: remembers the full-screen state, shows nothing (as a landscape
    picture unless ``shows_portrait``)."""

    shows_portrait: bool = False

    def __init__(self, fullscreen: bool = False, shows_portrait: bool = False) -> None:
        self.fullscreen = fullscreen
        self.shows_portrait = shows_portrait
        self.surface = pygame.Surface(SCREEN_SIZE)

    def toggle(self) -> bool:
        self.fullscreen = not self.fullscreen
        return self.fullscreen

    def present(self) -> None:
        """Nothing to show."""

    def logical(self, event: pygame.event.Event) -> pygame.event.Event:
        """Positions are already picture positions."""
        return event

    def move_window(self, dx: int, dy: int) -> None:
        """No window to move."""

    def set_icon(self, icon: pygame.Surface) -> None:
        """No window to give an icon."""

    def minimize(self) -> None:
        """No window to iconise."""

    def placement(self) -> Placement | None:
        """No window to remember."""
        return None

    def close(self) -> None:
        """Nothing to let go of."""


class ScreenDisplay:
    """The real screen: a resizable window or the desktop, the picture sharp at any size.

    ``arrangement`` is the portrait piecing while the window is taller than wide; ``locked``
    (a kiosk) never leaves full screen.
    """

    def __init__(self, fullscreen: bool = False, locked: bool = False,
                 place: Placement | None = None) -> None:
        self.fullscreen = fullscreen or locked
        self.surface = pygame.Surface(SCREEN_SIZE)
        self.locked = locked
        place = on_desktop(place, desktop())
        # hidden until its renderer exists: a renderer made for a window already on screen can
        # make SDL build the window again (OpenGL) or draw into one not yet mapped (software)
        self.window = pygame.Window(_(TITLE), place.size, resizable=True, hidden=True,
                                    borderless=True)
        self.titled_in = language.current()  # the language of the window manager's title
        if place.position is not None:
            self.window.position = place.position
        self.place = WindowPlace(self.window, place)
        self.window.minimum_size = SMALLEST
        self.renderer = Renderer(self.window)
        self.picture = Texture(self.renderer, SCREEN_SIZE, streaming=True,
                               scale_quality=NEAREST)
        self.grown: Texture | None = None
        self.layout = Layout.fit(self.window.size)
        # a portrait window's picture, pieced from the surface; None while it is landscape
        self.arrangement: Arrangement | None = None
        self.portrait = pygame.Surface(PORTRAIT.size)
        # window pixels where a button went down and where the pointer is (see move_window)
        self.pressed_at = self.pointer_at = (0, 0)
        self.closed = False
        self.frame_file = os.environ.get(SAVE_FRAME, "")
        pygame.register_quit(self.close)
        if self.fullscreen:
            self.place.enter_full_screen()
        self.window.show()
        self._relayout()

    def close(self) -> None:
        """Let go of the textures, then the renderer, then the window (pygame.quit calls it).

        SDL frees a window's textures along with it; a Python texture let go of later would
        free its memory again, by then perhaps a newer texture's.
        """
        if self.closed:
            return
        self.closed = True
        del self.grown, self.picture, self.renderer
        with contextlib.suppress(pygame.error):  # already gone with the display
            self.window.destroy()

    # ------------------------------------------------------------------ size and place
    def _relayout(self) -> bool:
        """Fit the picture to the window's present size, the portrait one if it is taller
        than wide; True if anything changed."""
        self.arrangement = PORTRAIT if is_portrait(self.window.size) else None
        picture = picture_size(self.window.size)
        layout = Layout.fit(self.window.size, picture)
        if layout == self.layout and (self.grown is not None or layout.sharp):
            return False
        self.layout = layout
        if (self.picture.width, self.picture.height) != picture:
            self.picture = Texture(self.renderer, picture, streaming=True,
                                   scale_quality=NEAREST)
        if layout.sharp:
            self.grown = None  # the nearest-pixel copy is the whole job
        elif self.grown is None or (self.grown.width, self.grown.height) != layout.grown:
            self.grown = Texture(self.renderer, layout.grown, target=True,
                                 scale_quality=LINEAR)
        return True

    def placement(self) -> Placement | None:
        """The plain window's size and place (as it was before full screen or maximising)."""
        return self.place.placement(plain=not (self.closed or self.fullscreen))

    @property
    def shows_portrait(self) -> bool:
        return self.arrangement is not None

    def toggle(self) -> bool:
        """Switch between a window and full screen; a kiosk stays full screen."""
        if self.locked:
            return True
        try:
            if self.fullscreen:
                self.place.leave_full_screen()
            else:
                self.place.enter_full_screen()
            self.fullscreen = not self.fullscreen
        except pygame.error as exc:  # some video drivers cannot; say so and carry on
            print(f"chainplus: cannot switch full screen: {exc}", file=sys.stderr)
        self._relayout()
        return self.fullscreen

    def move_window(self, dx: int, dy: int) -> None:
        """Move the window by ``dx``, ``dy`` picture pixels; nothing moves in full screen.

        A portrait picture is pieced, so a picture distance means nothing across pieces: there
        the window moves by the pointer's window distance from where the button went down.
        """
        if self.fullscreen:
            return
        x, y = self.window.position
        if self.arrangement is None:
            step_x, step_y = self.layout.distance(dx, dy)
        else:
            step_x = self.pointer_at[0] - self.pressed_at[0]
            step_y = self.pointer_at[1] - self.pressed_at[1]
        self.window.position = (x + step_x, y + step_y)

    def set_icon(self, icon: pygame.Surface) -> None:
        """The window manager's icon (``pygame.display.set_icon`` misses a renderer's window)."""
        self.window.set_icon(icon)

    def minimize(self) -> None:
        """Iconise the window (Adjust on the close icon); nothing in full screen."""
        if not self.fullscreen:
            self.window.minimize()

    # ------------------------------------------------------------------ showing
    def _draw(self) -> None:
        """Draw the picture on the renderer's back buffer, black round it."""
        self._relayout()
        renderer = self.renderer
        if self.arrangement is None:
            self.picture.update(self.surface)
        else:
            self.arrangement.compose(self.surface, self.portrait)
            self.picture.update(self.portrait)
        renderer.draw_color = BLACK
        renderer.clear()
        if self.grown is None:
            # a quarter pixel down and right: no screen pixel's centre then falls on a border
            # between picture pixels (where a graphics card's rounding picks either); every
            # renderer (SDL's software one drops the quarter) then shows the pixel
            # ``Layout.to_picture`` names
            left, top, width, height = self.layout.area
            self.picture.draw(dstrect=pygame.FRect(left + 0.25, top + 0.25, width, height))
            return
        renderer.target = self.grown
        self.picture.draw()
        renderer.target = None
        self.grown.draw(dstrect=self.layout.area)

    def present(self) -> None:
        """Show the picture as it is now (nothing once closed)."""
        if self.closed:
            return
        if self.titled_in != language.current():  # the taskbar's title speaks it too
            self.window.title, self.titled_in = _(TITLE), language.current()
        self._draw()
        if self.frame_file and not os.path.exists(self.frame_file):
            save_frame(self.renderer, self.frame_file)
        self.renderer.present()

    def logical(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event with its position in picture coordinates; a finger gets a ``pos`` too.

        A change of size lays the picture out again and shows it at once (the loop draws
        only when the game changes); so does a window uncovered.
        """
        if self.closed:
            return event
        if not self.fullscreen:
            self.place.follow(event)
        if event.type in RESIZED:
            if not self.fullscreen:
                self.place.resized()
            if self._relayout():
                self.present()
            return event
        if event.type == pygame.WINDOWEXPOSED:
            self.present()
            return event
        if event.type in FINGERS:
            x, y = getattr(event, "x", None), getattr(event, "y", None)
            if not isinstance(x, (int, float)) or not isinstance(y, (int, float)):
                return event
            touch = self._in_game(self.layout.finger(float(x), float(y)))
            return pygame.event.Event(event.type, {**event.dict, "pos": touch})
        pos = getattr(event, "pos", None)
        if not isinstance(pos, Sequence) or len(pos) != 2:
            return event
        try:
            at = int(pos[0]), int(pos[1])
        except (TypeError, ValueError):
            return event
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed_at = at
        elif event.type == pygame.MOUSEMOTION:
            self.pointer_at = at
        return pygame.event.Event(event.type, {**event.dict,
                                               "pos": self._in_game(self.layout.to_picture(at))})

    def _in_game(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A position in the picture shown as one in the game's own 640x480 picture."""
        return pos if self.arrangement is None else self.arrangement.to_landscape(pos)


def save_frame(renderer: Renderer, path: str) -> None:
    """The renderer's back buffer saved to ``path`` whole: written aside, then renamed."""
    part = f"{path}.part{os.path.splitext(path)[1]}"
    pygame.image.save(renderer.to_surface(), part)
    os.replace(part, path)
