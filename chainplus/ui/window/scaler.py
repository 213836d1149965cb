"""Where the 640x480 picture sits in a window of any size, and how positions map both ways.

The picture sits in the middle, its shape kept, at the largest half step (1, 1.5, 2 ...)
the window holds, nearest neighbour. At a half step each pair of neighbouring pixels takes the
same whole number of screen pixels (1 and 2 at 1.5x), so the font's two-pixel strokes keep one
width everywhere, where smooth scaling blurs every other stem.

Where a half step would leave much of the window unused, the picture fills it instead ("sharp
bilinear"): grown by the smallest whole step past the final size, then shrunk smoothly, so a
pixel border softens over at most one screen pixel. ``Layout.to_picture`` maps a screen pixel
to the picture pixel it shows, so a click lands where the player sees it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from chainplus.ui.art.theme import SCREEN_SIZE

#: The smallest window the picture is shown in: below half size the text cannot be read.
SMALLEST = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)


#: The share of the desktop's height a new window may take: the rest is left for a task bar or
#: a panel (the window's own title bar is part of the picture).
HEIGHT_SHARE = 0.94


def first_window(desktop: tuple[int, int], picture: tuple[int, int] = SCREEN_SIZE
                 ) -> tuple[int, int]:
    """The size a window first opens at: the largest half step that fits the desktop's width
    and ``HEIGHT_SHARE`` of its height, or a larger whole step that fits the whole desktop (so
    a 640x480 screen opens at 1x); on a desktop too small for 1x, as large as fits, at least
    ``SMALLEST``."""
    room = (desktop[0], int(desktop[1] * HEIGHT_SHARE))
    halves = min(2 * room[0] // picture[0], 2 * room[1] // picture[1])
    whole = min(desktop[0] // picture[0], desktop[1] // picture[1])
    halves = max(halves, 2 * whole)
    if halves >= 2:
        return picture[0] * halves // 2, picture[1] * halves // 2
    shown = Layout.fit(room, picture).area[2:]
    return max(SMALLEST[0], shown[0]), max(SMALLEST[1], shown[1])


#: A half step is taken when the picture is then at least this share of the size that fits
#: (at 1366x768 1.5x of 1.6x, at 1920x1080 2x of 2.25x); else it fills the window.
HALF_STEP_SHARE = 0.88


@dataclass(frozen=True)
class Layout:
    """The picture in a window: ``area`` is (left, top, width, height) in window pixels,
    ``halves`` its scale in half steps (3: 1.5x) when it is shown at one, else 0 and ``step``
    the whole step it is grown by before the smooth step to ``area``'s size."""

    window: tuple[int, int]
    area: tuple[int, int, int, int]
    halves: int
    step: int
    picture: tuple[int, int] = SCREEN_SIZE

    @classmethod
    def fit(cls, window: tuple[int, int], picture: tuple[int, int] = SCREEN_SIZE) -> Layout:
        """The picture at the largest half step that fits in ``window``, unless that leaves
        much of it unused: then as large as fits, its shape kept; in the middle."""
        width, height = max(1, window[0]), max(1, window[1])
        if width * picture[1] <= height * picture[0]:  # bars above and below (or none)
            shown = (width, max(1, width * picture[1] // picture[0]))
        else:  # bars left and right
            shown = (max(1, height * picture[0] // picture[1]), height)
        halves = min(2 * width // picture[0], 2 * height // picture[1])
        if halves >= 2 and picture[0] * halves >= 2 * HALF_STEP_SHARE * shown[0]:
            shown = (picture[0] * halves // 2, picture[1] * halves // 2)
        else:
            halves = 0
        step = max(1, -(-shown[0] // picture[0]), -(-shown[1] // picture[1]))
        area = ((width - shown[0]) // 2, (height - shown[1]) // 2, shown[0], shown[1])
        return cls((width, height), area, halves, step, picture)

    @property
    def sharp(self) -> bool:
        """True at a half step: every screen pixel is one picture pixel's (nearest)."""
        return self.halves > 0

    @property
    def grown(self) -> tuple[int, int]:
        """The size of the picture grown by the whole step, before the smooth step."""
        return self.picture[0] * self.step, self.picture[1] * self.step

    def to_picture(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The picture pixel window pixel ``pos`` shows, perhaps outside the picture: at a half
        step the one its top left corner is in, else the one under its centre."""
        left, top, width, height = self.area
        if self.sharp:
            return ((pos[0] - left) * self.picture[0] // width,
                    (pos[1] - top) * self.picture[1] // height)
        return ((2 * (pos[0] - left) + 1) * self.picture[0] // (2 * width),
                (2 * (pos[1] - top) + 1) * self.picture[1] // (2 * height))

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The window pixel under the centre of picture pixel ``pos``."""
        left, top, width, height = self.area
        return (left + (2 * pos[0] + 1) * width // (2 * self.picture[0]),
                top + (2 * pos[1] + 1) * height // (2 * self.picture[1]))

    def finger(self, x: float, y: float) -> tuple[int, int]:
        """The picture pixel under a touch at ``x``, ``y`` (0..1 across the window)."""
        left, top, width, height = self.area
        return (math.floor((x * self.window[0] - left) * self.picture[0] / width),
                math.floor((y * self.window[1] - top) * self.picture[1] / height))

    def distance(self, dx: int, dy: int) -> tuple[int, int]:
        """A distance in picture pixels as window pixels, rounded."""
        return (round(dx * self.area[2] / self.picture[0]),
                round(dy * self.area[3] / self.picture[1]))
