"""Who plays a seat: the one vocabulary of everything that sets seats up.

A seat is played by a person at this window (``human``), the computer (``computer``), a player
on another machine (``network``: the game is hosted), or nobody (``off``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from chainplus.ai.levels import LEVELS
from chainplus.core.rules import short

#: Who plays a seat, in column 1's order.
SeatKind = Literal["human", "computer", "network", "off"]
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "computer", "network", "off")


@dataclass(frozen=True)
class SeatSpec:
    """One seat as it is set up: who plays it, and a computer's level and random %."""

    kind: SeatKind = "off"
    level: int = 2
    random_pct: int = 10

    def problem(self) -> str | None:
        """Why this seat cannot be used (it came from a file), or None."""
        if self.kind not in SEAT_KINDS:
            return f"kind {short(self.kind)} is not one of {', '.join(SEAT_KINDS)}"
        if type(self.level) is not int or self.level not in LEVELS:
            return f"level {short(self.level)} is not 0-5"
        if type(self.random_pct) is not int or not 0 <= self.random_pct <= 100:
            return f"random % {short(self.random_pct)} is not 0-100"
        return None


#: Red a human, Blue the computer at level 5 with 10% random (the help's advice), two empty.
DEFAULT_SEATS: tuple[SeatSpec, ...] = (
    SeatSpec("human", 5, 10), SeatSpec("computer", 5, 10), SeatSpec(), SeatSpec(),
)


def in_play(seats: tuple[SeatSpec, ...]) -> int:
    """How many of ``seats`` play in the next game (the panel keeps at least two)."""
    return sum(seat.kind != "off" for seat in seats)


def seats_in_game(seats: tuple[SeatSpec, ...]) -> tuple[int, ...]:
    """The seat numbers in play."""
    return tuple(number for number, seat in enumerate(seats, start=1) if seat.kind != "off")


def parse_seats(text: str) -> tuple[SeatSpec, ...]:
    """The seats of a ``--seats`` option: four comma-separated entries, one per seat.

    ``H`` human, ``C`` computer (``C5`` level 5, ``C5:10`` level 5 at 10% random), ``N`` a
    player over the network (the game is hosted), ``-`` not in play; fewer than four entries
    leave the rest not in play. Example: ``H,C5:10``. Raises ValueError, one line.
    """
    parts = [p.strip().upper() for p in text.split(",")]
    if not 1 <= len(parts) <= 4:
        raise ValueError(f"--seats takes up to four entries separated by commas, not {text!r}")
    parts += ["-"] * (4 - len(parts))
    seats = tuple(_seat(number, part) for number, part in enumerate(parts, start=1))
    if in_play(seats) < 2:
        raise ValueError("--seats: at least two seats must play")
    return seats


def _seat(number: int, part: str) -> SeatSpec:
    """Seat ``number`` from its entry ``part`` of ``--seats`` (upper case)."""
    if part in ("H", "N"):
        return SeatSpec("human" if part == "H" else "network")
    if part in ("-", "OFF", ""):
        return SeatSpec()  # not in play, as the panel shows one
    if not part.startswith("C"):
        raise ValueError(f"--seats: seat {number} {part!r} is not H, C, "
                         "C<level>[:<random %>], N or -")
    seat = DEFAULT_SEATS[1]  # the default computer player (level 5, 10%)
    level, _, pct = part[1:].partition(":")
    try:
        seat = replace(seat, level=int(level) if level else seat.level,
                       random_pct=int(pct) if pct else seat.random_pct)
    except ValueError:
        raise ValueError(f"--seats: seat {number} {part!r} is not C, C<level> or "
                         "C<level>:<random %>") from None
    if seat.problem() is not None:
        raise ValueError(f"--seats: seat {number} {part!r}: levels are 0-5 and random % 0-100")
    return seat
