"""A phase of the game on the board (``Phase``), as the board's controller plays it, and what a
phase asks of the controller (``Step``).

The phases are a seat's turn (``turn.Turn``), a move's chain on show (``showing.Showing``) and
the game won (``ending.Ending``). Each answers the controller's questions itself: what time or
a click brings (a square to place, the chain over, the game's end, the next game), whether it
hears the referee meanwhile, whether it already shows the game as it stands. The controller
does what a step asks and never asks which phase it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from chainplus.app.outcomes import Placed
from chainplus.ui.window.picture import Picture
from chainplus.ui.window.referee import Won
from chainplus.ui.window.targets import Part, Square, Target


@dataclass(frozen=True)
class Place:
    """Play ``square`` for the seat to move (the human's click, the window's computer)."""

    square: int


@dataclass(frozen=True)
class ChainOver:
    """The chain of the move ``placed`` is over (shown whole, finished by a click or a window
    over the board, or another accepted move waits): what it brought is said, play goes on."""

    placed: Placed


@dataclass(frozen=True)
class Settle:
    """The game on the board was won under the phase (a host's game): its end comes."""


@dataclass(frozen=True)
class NextGame:
    """The next game is due without anyone clicking New (a kiosk)."""


#: What a phase asks of the controller.
Step = Place | ChainOver | Settle | NextGame


class Phase(Picture, Protocol):
    """A phase of the game on the board: it draws the board and says the turn box
    (``Picture``), and answers the controller. A subclass gets the defaults below."""

    @property
    def name(self) -> str:
        """What it is: "play" (a seat's turn), "animate" (a chain shown) or "over"."""

    @property
    def animating(self) -> bool:
        """True while every frame differs from the last."""

    def tick(self, now: float) -> Step | None:
        """Time has passed: what it brings, if anything."""

    def click(self, target: Square | Part, button: int) -> Step | None:
        """A click on the board or on a part the phase shows: what it brings, if anything."""

    def deadline(self, now: float, rate: float | None = None) -> float | None:
        """When the board next needs an update with no event, or None (``rate``: pictures a
        second of a chain on show; None: every frame)."""

    def help(self, target: Target | None) -> str | None:
        """The phase's words for the pointer on ``target``, or None."""

    # ---------------------------------------------------------------- the defaults
    @property
    def listens(self) -> bool:
        """Whether the referee's news is read now (not while a chain is shown: the next move
        waits until it has been)."""
        return True

    def cut(self) -> Step | None:
        """A click or a window over the board cuts the phase short: what that brings."""
        return None

    def stands(self, won: Won | None) -> bool:
        """Whether the phase already shows the game as it stands: its seat's turn (``won``
        None, an unfinished game) or its end as the referee says it (``won``)."""
        return False

    def human_to_move(self) -> bool:
        """Whether the human at this window may place a piece now."""
        return False

    def hit(self, pos: tuple[int, int]) -> Part | None:
        """What is under ``pos`` in a window the phase shows over the board (a graph)."""
        return None

    def parts(self) -> dict[str, pygame.Rect] | None:
        """The parts of a window the phase shows over the board, or None."""
        return None

    def look(self) -> object:
        """What the phase shows that changes by itself (a graph filling in)."""
        return None
