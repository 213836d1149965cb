"""The cursor for play without a mouse: a RISC OS style highlight on a board square, an icon, a
panel cell or a part of the window on top, moved by keys or a game controller.

What it is on is a target like the pointer's (``targets``), so Select and Adjust on it do what
a click there does, and the help box says what they would do. The arrows move it to the
nearest thing that way within its group (the board, the icons, the panel, a kiosk's language
switch, or the window on top); Tab goes on to the next group. It shows when it is used and
hides when the mouse or a finger is; it never moves by itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from pygame import Rect

from chainplus.core.rules import SEATS
from chainplus.ui.art import board_view
from chainplus.ui.art.theme import panel_cell
from chainplus.ui.window.targets import Cell, Icon, Part, Square, Target, Tongue

#: The square the cursor starts on: near the middle of the board.
FIRST_SQUARE = 27


class Action(Enum):
    """What a key or a controller's button asks of the cursor."""

    LEFT = (-1, 0)
    RIGHT = (1, 0)
    UP = (0, -1)
    DOWN = (0, 1)
    NEXT = "next"  # the next group: board, icons, panel (and a kiosk's language switch)
    BACK = "back"  # the group before
    SELECT = "select"
    ADJUST = "adjust"


#: A group of places the cursor moves among: each target and where it is on the screen.
Places = Sequence[tuple[Target, Rect]]


def board_places() -> Places:
    return [(Square(square), board_view.cell_rect(square)) for square in range(64)]


def icon_places(icons: Mapping[str, Rect]) -> Places:
    return [(Icon(name), rect) for name, rect in icons.items()]


def panel_places() -> Places:
    return [(Cell(seat, column), panel_cell(seat, column)) for seat in SEATS
            for column in range(1, 5)]


def part_places(parts: Mapping[str, Rect]) -> Places:
    return [(Part(name), rect) for name, rect in parts.items()]


def switch_places(buttons: Mapping[str, Rect]) -> Places:
    """A kiosk's language switch, each language's button (none without a switch)."""
    return [(Tongue(code), rect) for code, rect in buttons.items()]


def step(places: Places, at: Target, way: tuple[int, int]) -> Target:
    """The target nearest ``at`` the ``way`` given, among ``places`` (``at`` itself when
    nothing lies that way): the least distance along the way, with a sideways step counted
    twice, so the cursor keeps to its row or column."""
    rects = dict(places)
    if at not in rects:
        return places[0][0] if places else at
    x, y = rects[at].center
    dx, dy = way
    best, best_cost = at, float("inf")
    for target, rect in places:
        ahead = (rect.centerx - x) * dx + (rect.centery - y) * dy
        if ahead <= 0:
            continue
        aside = abs((rect.centerx - x) * dy) + abs((rect.centery - y) * dx)
        cost = ahead + 2 * aside
        if cost < best_cost:
            best, best_cost = target, cost
    return best


@dataclass
class Cursor:
    """Where the cursor is in each group (it comes back to the same place), which group it is
    in, and whether it is shown."""

    shown: bool = False
    group: int = 0  # 0 the board, 1 the icons, 2 the panel, 3 a kiosk's language switch
    on: tuple[Target, ...] = (Square(FIRST_SQUARE), Icon("new"), Cell(1, 1), Tongue(""))
    part: Target | None = None  # in the window on top, while one is

    def target(self, window: Places | None) -> Target | None:
        """What the cursor is on: in the window on top while one is open (``window``: its
        parts; its first until the cursor moves there), else on the board, an icon or a
        panel cell."""
        if window is None:
            return self.on[self.group]
        return self.part if self.part in dict(window) else window[0][0] if window else None

    def move(self, groups: Sequence[Places], window: Places | None, action: Action) -> None:
        """Move as ``action`` says among the board, icons and panel (``groups``), or among the
        window on top's parts (``window``, when one is open: Tab goes from part to part)."""
        if window is not None:
            self._in_window(window, action)
            return
        places = groups[self.group]
        if action in (Action.NEXT, Action.BACK):
            self.group = (self.group + (1 if action is Action.NEXT else -1)) % len(groups)
            at = self.on[self.group]
            if at not in dict(groups[self.group]) and groups[self.group]:
                self._put(groups[self.group][0][0])
            return
        if isinstance(action.value, tuple):
            self._put(step(places, self.on[self.group], action.value))

    def _put(self, target: Target) -> None:
        on = list(self.on)
        on[self.group] = target
        self.on = tuple(on)

    def _in_window(self, parts: Places, action: Action) -> None:
        names = [target for target, _ in parts]
        if not names:
            self.part = None
            return
        at = self.part if self.part in names else names[0]  # as ``target`` says
        if action in (Action.NEXT, Action.BACK):
            index = names.index(at) + (1 if action is Action.NEXT else -1)
            self.part = names[index % len(names)]
        elif isinstance(action.value, tuple):
            self.part = step(parts, at, action.value)

    def rect(self, groups: Sequence[Places], window: Places | None) -> Rect | None:
        """Where to draw the cursor now (None: hidden, or nothing to be on)."""
        if not self.shown:
            return None
        target = self.target(window)
        places = dict(window if window is not None else groups[self.group])
        return places.get(target) if target is not None else None
