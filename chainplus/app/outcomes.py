"""What a ``Session`` call hands the window: a line for the message area, a move to animate,
a square refused. Plain data, so every outcome is tested without a window."""

from __future__ import annotations

from dataclasses import dataclass, field

from chainplus.app.words import seat_name
from chainplus.common.language import _
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
    # Translators: the help box (three lines of 22 characters); {seat} is a player's name.
    return tuple(Note(_("{seat} is out of the game.").format(seat=seat_name(s)))
                 for s in shown.cascade.eliminated)


def not_yours(owner: int) -> Note:
    """Why a square ``owner`` holds may not be played by another seat."""
    # Translators: the help box (three lines of 22 characters); {seat} is a player's name.
    return Note(_("{seat}'s square! Play on an empty square or one of yours.").format(
        seat=seat_name(owner)), warn=True)
