"""What the board answers the window (``BoardMode``): the game's controller
(``controller.Controller``), or a kiosk's demonstration over it (``demo.DemoMode``).

The stack hands the board clicks and time while no window is over it, and pauses it while one
is; the screen asks it for the turn box and the help line.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.window.picture import Picture
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Part, Target


class Named(Protocol):
    """What plays the board on screen, by name: "play", "animate" or "over" (the game's
    phases), or "tour" (a demonstration's how to play)."""

    @property
    def name(self) -> str: ...


class BoardMode(Protocol):
    """The board under the windows."""

    @property
    def name(self) -> str:
        """What the board is doing: the game's phase ("play", "animate", "over"), or "demo"."""

    @property
    def wakes_on_idle(self) -> bool:
        """Whether a kiosk left alone long enough shows a demonstration over it."""

    @property
    def animating(self) -> bool:
        """True while every frame differs from the last."""

    @property
    def shown(self) -> Table:
        """The table on screen (a demonstration shows its own)."""

    @property
    def board_mode(self) -> Named:
        """What plays the board on screen (a demonstration's own game or tour)."""

    @property
    def picture(self) -> Picture:
        """What draws the board and says the turn box now (the game's phase)."""

    # ---------------------------------------------------------------- input and time
    def click(self, target: Target | None, button: int) -> None:
        """A Select or Adjust click on ``target`` (None: on nothing)."""

    def hit(self, pos: tuple[int, int]) -> Part | None:
        """What is under ``pos`` in a window the board shows over the screen (a graph)."""

    def parts(self) -> dict[str, pygame.Rect] | None:
        """The parts of a window the board shows over the screen (a graph's buttons), where
        the keys' cursor goes while it is shown; None while it shows none."""

    def tick(self, now: float) -> None:
        """Time has passed."""

    def deadline(self, now: float) -> float | None:
        """When the board next needs an update with no event, or None."""

    def pause(self) -> None:
        """A window opens over the board, or a demonstration takes over: a chain on show is
        finished, and the computer stops thinking until the board is back."""

    # ---------------------------------------------------------------- what is shown
    def icons_work(self) -> bool: ...

    def human_to_move(self) -> bool:
        """Whether the human at this window may place a piece now."""

    def waiting_seats(self) -> frozenset[int]:
        """The network seats the game waits for someone to join (the panel marks them)."""

    def title(self, room: int = TITLE_ROOM) -> str | None:
        """The title bar's words, when not the game's name (where a network game is), at
        most ``room`` pixels wide where a shorter wording says it."""

    def look(self) -> object:
        """What the board shows that changes by itself (a graph filling in)."""

    def help(self, target: Target | None) -> str | None:
        """The board's own words for the pointer on ``target`` (None: on nothing), or None
        where the screen's own words hold (an icon, a panel cell)."""
