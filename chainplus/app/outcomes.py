"""What a ``Session`` call hands the window: a line for the message area, a move to animate,
a square refused. Plain data, so every outcome is tested without a window."""

from __future__ import annotations

from dataclasses import dataclass, field

from chainplus.app.panel import SEAT_NAME
from chainplus.core.game import ShownCascade


@dataclass(frozen=True)
class Note:
    """A line for the window's message area; ``warn`` lines are shown as warnings, a
    ``lesson`` stays longer, to be read."""

    text: str
    warn: bool = False
    lesson: bool = False


@dataclass(frozen=True)
class Placed:
    """A piece was placed: what to show, and who was knocked out by it."""

    shown: ShownCascade
    notes: tuple[Note, ...] = field(default=())


@dataclass(frozen=True)
class Refused:
    """A square that may not be played: where to draw the cross, and why."""

    square: int
    note: Note


def knocked_out(shown: ShownCascade) -> tuple[Note, ...]:
    """A line for each player the move ``shown`` knocked out."""
    return tuple(Note(f"{SEAT_NAME[s]} is out of the game.") for s in shown.cascade.eliminated)


def not_yours(owner: int) -> Note:
    """Why a square ``owner`` holds may not be played by another seat."""
    return Note(f"{SEAT_NAME[owner]}'s square! Play on an empty square or one of yours.",
                warn=True)
