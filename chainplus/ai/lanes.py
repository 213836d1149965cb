"""The board as one integer with a byte per square, so one integer operation does a step for
all 64 squares at once.

Square ``sq`` is the byte (the *lane*) at bits ``8 * sq`` to ``8 * sq + 7``. Lanes add and mask
independently while none passes 255: ``<< 8`` moves every lane to the square on its right,
``<< 64`` to the square below (masks keep the rows apart), and ``bytes.translate`` maps every
lane through a table. Level 5 judges many positions a move, each late in a game with dozens of
loaded squares: a few whole-board operations beat walking the squares in Python.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from itertools import compress

from chainplus.core.rules import RULES, SQUARES, Rules, most_held

_SQUARES = range(SQUARES)
#: Byte tables for ``bytes.translate``: 1 where a byte is that seat (or zero, or not zero).
IS_SEAT = tuple(bytes(int(i == seat) for i in range(256)) for seat in range(5))
IS_ZERO = IS_SEAT[0]
IS_HELD = bytes(int(i != 0) for i in range(256))


def lanes(values: Iterable[int]) -> int:
    """The values (64 of them, each 0 to 255) as lanes."""
    return int.from_bytes(bytes(values), "little")


def from_lanes(packed: int) -> bytes:
    """The 64 lanes as bytes, square 0 first."""
    return packed.to_bytes(SQUARES, "little")


def squares_of(ones: int) -> list[int]:
    """The squares whose lane is 1 (of lanes of 0 and 1), in square order."""
    return list(compress(_SQUARES, from_lanes(ones)))


BOARD = (1 << 8 * SQUARES) - 1
_NOT_LAST_COLUMN = lanes(0 if sq % 8 == 7 else 255 for sq in _SQUARES)
_NOT_FIRST_COLUMN = lanes(0 if sq % 8 == 0 else 255 for sq in _SQUARES)
_LOADED_AT = {rules: lanes(most_held(rules)) for rules in RULES}


def neighbours_sum(packed: int) -> int:
    """Every square's lane replaced by the sum of its neighbours' lanes."""
    return (((packed & _NOT_LAST_COLUMN) << 8) + ((packed & _NOT_FIRST_COLUMN) >> 8)
            + ((packed << 64) & BOARD) + (packed >> 64))


def touching(ones: int) -> int:
    """1 in the lane of every square next to a square whose lane is 1 (lanes of 0 and 1)."""
    return (((ones & _NOT_LAST_COLUMN) << 8) | ((ones & _NOT_FIRST_COLUMN) >> 8)
            | ((ones << 64) & BOARD) | (ones >> 64))


def links(ones: int, of: int) -> int:
    """How many squares of ``of`` lie just right of or just below a square of ``ones`` (both
    lanes of 0 and 1): each pair of neighbours counted once."""
    return ((ones & (of & _NOT_FIRST_COLUMN) >> 8).bit_count()
            + (ones & of >> 64).bit_count())


def lane_sum(packed: int) -> int:
    """The sum of all 64 lanes."""
    return byte_sum(from_lanes(packed))


def byte_sum(data: bytes) -> int:
    """The sum of 64 bytes (or fewer), found in C.

    zlib's Adler-32 checksum keeps 1 + the sum of the bytes, modulo 65521, in its low 16 bits;
    64 bytes sum to at most 16,320, so that is the sum itself, and faster than ``sum`` over
    the bytes (the evaluation takes several such sums per seat).
    """
    return (zlib.adler32(data) & 0xFFFF) - 1


def loaded(counts: int, rules: Rules) -> int:
    """1 in the lane of every loaded square (one piece short of exploding), given the counts
    as lanes: a count XOR the most its square holds is 0 exactly where it is loaded, and a
    byte table turns that 0 into 1."""
    return int.from_bytes(from_lanes(counts ^ _LOADED_AT[rules]).translate(IS_ZERO), "little")


def owned(held: bytes) -> int:
    """1 in the lane of every square anybody owns, given the owners as bytes."""
    return int.from_bytes(held.translate(IS_HELD), "little")


def owned_by(held: bytes, seat: int) -> int:
    """1 in the lane of every square of ``seat``, given the owners as bytes."""
    return int.from_bytes(held.translate(IS_SEAT[seat]), "little")
