"""Helpers for the end-to-end tests in a real X server: ``python main.py`` under a private
Xvfb (``xvfb``; the ``xserver`` fixture hands a test the session's, each started once),
clicked with xdotool (``GameWindow``), its screen read from the file Xvfb keeps it in
(``Screen``) and compared pixel for pixel with what the game's own art draws (``drawn``).

Xvfb is started on a display it picks itself (``-displayfd``), with its screen kept in a file
(``-fbdir``, an XWD image), so a test reads real screen pixels with nothing more than xvfb
and xdotool installed.
"""

from __future__ import annotations

import os
import shutil
import signal
import struct
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest
from paths import ROOT
from pygame import Rect

from chainplus.ui.art import board_view, panel_view
from chainplus.ui.art.theme import BOARD, CELL, DARK_BLUE, RED

#: Skips a test where Xvfb or xdotool is missing.
needs_x11 = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)",
)

WAIT = 20.0  # seconds to wait for something to appear; generous for slow machines
#: The game window's class (``SDL_VIDEO_X11_WMCLASS``, set by ``chainplus.ui``), however started.
WINDOW_CLASS = "chainplus"

Pixels = list[tuple[int, ...]]
#: ``wait_for(check, what, timeout)``: the conftest fixture of that name.
Waiter = Callable[[Callable[[], Any], str, float], Any]


def drawn(rect: Rect, draw: Callable[[pygame.Surface], object]) -> Pixels:
    """The pixels ``draw`` paints in ``rect`` of a 640x480 picture, row by row, as the screen
    test reads them (only what ``draw`` fully paints there can match)."""
    surface = pygame.Surface((640, 480))
    draw(surface)
    return [tuple(surface.get_at((x, y)))[:3] for y in range(rect.top, rect.bottom)
            for x in range(rect.left, rect.right)]


def status_box(seat: int | None, head: str, line: str) -> Pixels:
    """The turn box saying ``head``, then ``seat``'s shape (none for None) and ``line``."""
    return drawn(panel_view.STATUS,
                 lambda surface: panel_view.draw_status(surface, seat, head, line))


def help_box(text: str) -> Pixels:
    return drawn(panel_view.HELP, lambda surface: panel_view.draw_help(surface, text))


def centre(square: int) -> tuple[int, int]:
    """The middle of a board square in the picture (where a single piece is drawn)."""
    row, col = divmod(square, 8)
    return BOARD.x + col * CELL + CELL // 2, BOARD.y + row * CELL + CELL // 2


class Screen:
    """The Xvfb framebuffer file, read as an XWD image (32 bits per pixel, TrueColor)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def grab(self) -> tuple[int, int, bytes, int]:
        data = self.path.read_bytes()
        fields = struct.unpack(">25I", data[:100])
        header_size, bpp, bytes_per_line = fields[0], fields[11], fields[12]
        width, height, ncolours, byte_order = fields[4], fields[5], fields[19], fields[7]
        assert bpp == 32, f"expected a 32-bit screen, got {bpp} bits per pixel"
        start = header_size + 12 * ncolours
        self.byte_order = byte_order
        return width, height, data[start:start + bytes_per_line * height], bytes_per_line

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        return self.pixels([(x, y)])[0]

    def pixels(self, points: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
        """The colours at screen ``points``, all read from one look at the screen."""
        width, height, pixels, stride = self.grab()
        order = "little" if self.byte_order == 0 else "big"
        found = []
        for x, y in points:
            value = int.from_bytes(pixels[y * stride + 4 * x: y * stride + 4 * x + 4], order)
            found.append(((value >> 16) & 255, (value >> 8) & 255, value & 255))
        return found

    def picture(self, origin: tuple[int, int], scale: int, rect: Rect) -> Pixels:
        """The game picture's pixels in ``rect`` (picture pixels, row by row), read from the
        centre of each on a screen showing the picture at ``origin``, ``scale`` times."""
        width, height, pixels, stride = self.grab()
        order = "little" if self.byte_order == 0 else "big"
        found: Pixels = []
        for y in range(rect.top, rect.bottom):
            row = (origin[1] + y * scale + scale // 2) * stride
            for x in range(rect.left, rect.right):
                at = row + 4 * (origin[0] + x * scale + scale // 2)
                value = int.from_bytes(pixels[at:at + 4], order)
                found.append(((value >> 16) & 255, (value >> 8) & 255, value & 255))
        return found

    def save_png(self, path: Path) -> None:
        """Keep a picture for a person to look at (when a test fails)."""
        width, height, pixels, stride = self.grab()
        rows = b"".join(pixels[y * stride:y * stride + 4 * width] for y in range(height))
        pygame.image.save(pygame.image.frombuffer(rows, (width, height), "BGRA"), str(path))


@contextmanager
def xvfb(folder: Path) -> Iterator[tuple[str, Screen]]:
    """A private Xvfb on a free display, its screen kept in ``folder``: (display, Screen).
    Skips the test when Xvfb does not start.

    ``-noreset``: by default an X server resets when its last client leaves, and drops any
    client connecting meanwhile; the test's xdotool calls come and go while the game connects.
    """
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-fbdir",
         str(folder), "-nolisten", "tcp", "-noreset"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        pytest.skip("Xvfb did not start")
    try:
        yield f":{number}", Screen(folder / "Xvfb_screen0")
    finally:
        server.terminate()
        server.wait(10)


def game_windows(display: str) -> list[str]:
    """The game's windows on ``display``, shown or not."""
    return subprocess.run(["xdotool", "search", "--classname", WINDOW_CLASS],
                          env={**os.environ, "DISPLAY": display}, capture_output=True, text=True,
                          timeout=WAIT).stdout.split()


def game_env(display: str, folder: Path) -> dict[str, str]:
    """The environment of a game on ``display`` with its settings and games kept in
    ``folder`` (none of the person's own). The player has run the game before (a settings
    file of defaults): a first run's welcome would hold the help box for its first seconds."""
    (folder / "config" / "chainplus").mkdir(parents=True, exist_ok=True)
    (folder / "config" / "chainplus" / "settings.json").write_text("{}")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    # SDL's software renderer: Mesa's OpenGL on Xvfb sometimes stalls for many seconds while
    # a busy machine creates the window; on a real display the default renderer is used.
    # PYTHONFAULTHANDLER: a stuck game prints where it is stuck when the test aborts it.
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", SDL_RENDER_DRIVER="software",
               PYTHONPATH=str(ROOT), PYTHONFAULTHANDLER="1",
               XDG_CONFIG_HOME=str(folder / "config"), XDG_STATE_HOME=str(folder / "state"),
               XDG_DATA_HOME=str(folder / "data"))
    return env


def pieces(game: GameWindow) -> dict[int, tuple[int, int]]:
    """Who holds each square (0: nobody) and how much of it their pieces cover, from points of
    it on the screen: a piece added to a square covers more of it."""
    points, squares = [], []
    for square in range(64):
        rect = board_view.cell_rect(square).inflate(-6, -6)
        for x in range(rect.left, rect.right, 2):
            for y in range(rect.top, rect.bottom, 2):
                points.append(game.on_screen(x, y))
                squares.append(square)
    found = {square: (0, 0) for square in range(64)}
    for square, colour in zip(squares, game.screen.pixels(points), strict=True):
        seat = 1 if colour == RED else 2 if colour == DARK_BLUE else 0
        if seat:
            found[square] = (seat, found[square][1] + 1)
    return found


class GameWindow:
    """``python main.py ARGS`` (or another ``program`` that opens the game's window) on an X
    display: its window found, looked at and clicked in the picture's own coordinates
    (640x480, whatever the scale it is shown at)."""

    def __init__(self, display: str, screen: Screen, folder: Path, args: list[str],
                 wait_for: Waiter, program: str = "main.py") -> None:
        self.screen, self.wait_for = screen, wait_for
        self.env = game_env(display, folder)
        self.process = subprocess.Popen([sys.executable, program, *args], cwd=ROOT,
                                        env=self.env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.window = ""
        self.geometry: dict[str, str] | None = None
        self.left = self.top = 0
        self.scale = 1

    def xdotool(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env=self.env, capture_output=True,
                              text=True, timeout=WAIT).stdout

    def find(self) -> tuple[str, dict[str, str]] | None:
        """The game's window and its geometry, once it is mapped and stays."""
        if self.process.poll() is not None:
            raise AssertionError(f"main.py ended ({self.process.returncode}): "
                                 f"{self.process.stderr.read()!r}")
        shown = self.xdotool("search", "--onlyvisible", "--classname", WINDOW_CLASS)
        for window in shown.split():
            geometry = dict(line.split("=", 1) for line in
                            self.xdotool("getwindowgeometry", "--shell", window).split()
                            if "=" in line)
            if {"X", "Y", "WIDTH", "HEIGHT"} <= set(geometry):
                return window, geometry
        return None

    def wait_shown(self) -> None:
        """Wait for the window; it shows the picture in whole steps, with no distortion."""
        self.window, self.geometry = self.wait_for(self.find, "the game window", WAIT)
        self.left, self.top = int(self.geometry["X"]), int(self.geometry["Y"])
        self.scale = int(self.geometry["WIDTH"]) // 640
        assert self.scale >= 1 and int(self.geometry["HEIGHT"]) == 480 * self.scale

    def wait(self, check: Callable[[], Any], what: str) -> Any:
        """``wait_for(check, what, WAIT)``: what ``check`` found."""
        return self.wait_for(check, what, WAIT)

    def on_screen(self, x: int, y: int) -> tuple[int, int]:
        """Where the middle of picture pixel (x, y) is on the screen."""
        scale = self.scale
        return self.left + x * scale + scale // 2, self.top + y * scale + scale // 2

    def at(self, x: int, y: int) -> tuple[int, int, int]:
        """The screen's colour at picture position (x, y)."""
        return self.screen.pixel(*self.on_screen(x, y))

    def picture(self, rect: Rect) -> Pixels:
        return self.screen.picture((self.left, self.top), self.scale, rect)

    def click(self, x: int, y: int, button: int = 1) -> None:
        scale = self.scale
        self.xdotool("mousemove", "--window", self.window, str(x * scale + scale // 2),
                     str(y * scale + scale // 2), "click", str(button))

    def aside(self) -> None:
        """The pointer out of the way, below the help box: over no square (which it would
        highlight) and nothing with help of its own (which would replace the help line's)."""
        self.xdotool("mousemove", "--window", self.window, str(620 * self.scale),
                     str(470 * self.scale))

    def board(self) -> dict[int, tuple[int, int, int]]:
        """The colour at the middle of each square."""
        found = self.screen.pixels([self.on_screen(*centre(square)) for square in range(64)])
        return dict(enumerate(found))

    def ended(self) -> tuple[int, str]:
        """Wait for the program to end: its exit status and what it wrote on stderr."""
        status = self.process.wait(WAIT)
        return status, self.process.stderr.read().decode(errors="replace")

    def report(self, shot: Path) -> None:
        """Print what the test saw and the program's stderr, keep its screen in ``shot``
        (for a failure that happens only in CI)."""
        print("game windows:", self.xdotool("search", "--classname", WINDOW_CLASS) or "none")
        if self.geometry is not None:
            print("geometry when found:", self.geometry)
            now = [self.xdotool("getwindowgeometry", "--shell", w) for w in
                   self.xdotool("search", "--onlyvisible", "--classname", WINDOW_CLASS).split()]
            print("geometry now:", " ".join(now).split())
            print("colours at the squares' centres:", dict(Counter(self.board().values())))
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGABRT)  # the fault handler shows where it was
            self.process.wait(10)
        stderr = self.process.stderr.read()
        print(stderr.decode(errors="replace")[-4000:])
        try:
            self.screen.save_png(shot)
            print(f"screen at failure: {shot}")
        except Exception:
            pass

    def stop(self) -> None:
        """End the program if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
