"""What the board on screen shows, whoever plays it: the game's own mode, or a replay over it.

``screen.draw`` asks a ``Picture`` for the board, the frame the panel counts squares on, the
game whose seats the panel shows and the turn box, and nothing else; the board's modes and a
replay window each answer it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

import pygame

from chainplus.app.panel import Panel
from chainplus.core.game import Game

#: The board as drawn: (counts, owners) by square, the game's own lists or a chain's frame.
Board = tuple[Sequence[int], Sequence[int]]


class Status(NamedTuple):
    """The turn box: whose shape, a heading, a line, and whether it is the big winner's box."""

    seat: int | None
    head: str
    line: str
    big: bool = False


class Picture(Protocol):
    """The board on screen: drawn, counted, and said in the turn box."""

    @property
    def game_shown(self) -> Game:
        """The game whose seats the panel shows in play."""

    @property
    def panel(self) -> Panel:
        """Who plays each seat, as the panel shows them."""

    def frame(self) -> Board:
        """The (counts, owners) on screen now."""

    def to_move(self) -> int | None:
        """The seat the panel marks as the one to move: None while a chain is on show (or a
        kiosk's how-to-play), or when nobody is."""

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        """Draw the board (``pointer``: where a square may be highlighted, None for none)."""

    def status(self) -> Status:
        """The turn box."""
