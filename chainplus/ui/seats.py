"""The player control panel as plain data: who plays each seat, at what level and random %.

Column 1 of the panel sets ``kind`` for the next game (human, computer or not in play);
``plays_as`` says who plays the seat in the game on the board, so switching between human
and computer works at once while bringing a seat in or out waits for the next game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import SEATS

HUMAN, COMPUTER, OFF = "human", "computer", "off"
KINDS = (HUMAN, COMPUTER, OFF)
KIND_LETTER = {HUMAN: "H", COMPUTER: "C", OFF: "-"}
LEVELS = range(0, 6)
RANDOM_STEP = 10


@dataclass
class SeatSetup:
    """One row of the panel."""

    kind: str = OFF
    level: int = 1
    random_pct: int = 10
    plays_as: str = HUMAN  # human or computer: who plays this seat while it is on the board


def default_setup() -> dict[int, SeatSetup]:
    """Red is a human, blue the computer at level 5 with 10% random (the help's advice)."""
    return {
        1: SeatSetup(HUMAN, 5, 10, HUMAN),
        2: SeatSetup(COMPUTER, 5, 10, COMPUTER),
        3: SeatSetup(OFF, 2, 10, HUMAN),
        4: SeatSetup(OFF, 2, 10, HUMAN),
    }


def seats_for_next_game(setup: dict[int, SeatSetup]) -> tuple[int, ...]:
    """The seats in play when a new game starts, in turn order."""
    return tuple(s for s in SEATS if setup[s].kind != OFF)


def step_kind(setup: dict[int, SeatSetup], seat: int, step: int) -> str | None:
    """Step column 1 of ``seat`` (Select +1, Adjust -1); returns a message when it had to skip.

    At least two seats must stay in play, so "not in play" is skipped when it would leave
    fewer; the skip is reported so the player knows why.
    """
    row = setup[seat]
    index = KINDS.index(row.kind)
    new = KINDS[(index + step) % len(KINDS)]
    note = None
    if new == OFF and len(seats_for_next_game(setup)) <= 2:
        new = KINDS[(index + 2 * step) % len(KINDS)]
        note = "At least two seats must play."
    row.kind = new
    if new != OFF:
        row.plays_as = new
    return note


def step_level(setup: dict[int, SeatSetup], seat: int, step: int) -> None:
    """Step column 3 (level 0-5, wrapping round)."""
    row = setup[seat]
    row.level = (row.level + step) % len(LEVELS)


def step_random(setup: dict[int, SeatSetup], seat: int, step: int) -> None:
    """Step column 4 (random % 0-100 in tens, wrapping round)."""
    row = setup[seat]
    values = 100 // RANDOM_STEP + 1
    row.random_pct = (row.random_pct // RANDOM_STEP + step) % values * RANDOM_STEP


def valid(setup: dict[int, SeatSetup]) -> bool:
    """The invariants the panel keeps (tests and the soak check them)."""
    return (
        set(setup) == set(SEATS)
        and len(seats_for_next_game(setup)) >= 2
        and all(
            r.kind in KINDS and r.plays_as in (HUMAN, COMPUTER) and r.level in LEVELS
            and 0 <= r.random_pct <= 100 and (r.kind == OFF or r.plays_as == r.kind)
            for r in setup.values()
        )
    )
