"""A host's seats: who plays each of seats 1-4, now that a seat may be a player on another
machine ("network"), and the ``--seats`` text that sets them (``N`` for a network seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from chainplus.app.seats import SeatSpec, parse_seats

#: human: played at the host's own window; computer: played by the host; network: by a
#: joiner; off: not in play.
SeatKind = Literal["human", "computer", "network", "off"]


@dataclass(frozen=True)
class HostSeat:
    """One seat of a host's games."""

    kind: SeatKind = "off"
    level: int = 2
    random_pct: int = 10


def host_seat(row: SeatSpec) -> HostSeat:
    """A panel row as a host's seat."""
    return HostSeat(row.kind, row.level, row.random_pct)


def parse_host_seats(text: str) -> tuple[HostSeat, ...]:
    """The seats of a host's ``--seats``: as the game's (``app.seats.parse_seats``, ``N`` for
    a network seat). Raises ValueError with a one-line reason."""
    return tuple(host_seat(row) for row in parse_seats(text))


def in_game(seats: tuple[HostSeat, ...]) -> tuple[int, ...]:
    """The seat numbers in play, in turn order."""
    return tuple(number for number, seat in enumerate(seats, start=1) if seat.kind != "off")
