"""Board geometry and the two rule sets of Chain Reaction.

Plain data only: the move logic lives in ``cascade.py``, ``position.py`` and ``game.py``.
Squares are numbered 0..63 row by row (row 0 at the top), so square = row * 8 + col.
"""

from __future__ import annotations

import json
from typing import Literal

SIZE = 8
SQUARES = SIZE * SIZE
SEATS = (1, 2, 3, 4)
#: The two rule sets: acorn (the original: a square explodes when it holds MORE than its
#: critical mass) and classic (when it reaches it).
Rules = Literal["acorn", "classic"]
RULES: tuple[Rules, ...] = ("acorn", "classic")
DEFAULT_RULES: Rules = "acorn"


class IllegalMoveError(ValueError):
    """A placement the rules do not allow (off the board, another seat's square, game over)."""


def square_of(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(square: int) -> tuple[int, int]:
    return divmod(square, SIZE)


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = row_col(square)
    steps = ((-1, 0), (0, -1), (0, 1), (1, 0))
    return tuple(
        square_of(row + dr, col + dc)
        for dr, dc in steps
        if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    )


#: Orthogonal neighbours of every square.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in range(SQUARES))

#: Critical mass of every square: corner 2, edge 3, centre 4 (its neighbour count).
MASS: tuple[int, ...] = tuple(len(n) for n in NEIGHBOURS)


def short(value: object, limit: int = 40) -> str:
    """A value for an error message (as JSON where it can be), cut short to keep one line."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_rules(rules: object) -> Rules:
    """``rules`` if it names a rule set, else ValueError with a one-line reason."""
    if rules not in RULES:
        raise ValueError(f"unknown rules {short(rules)} (choose from {', '.join(RULES)})")
    return rules


def explode_at(rules: Rules) -> tuple[int, ...]:
    """The count at which each square explodes under ``rules`` (see ``Rules``)."""
    if check_rules(rules) == "acorn":
        return tuple(m + 1 for m in MASS)
    return MASS


def most_held(rules: Rules) -> tuple[int, ...]:
    """The most pieces each square can hold without exploding (a square holding that many is
    one short: "loaded")."""
    return tuple(t - 1 for t in explode_at(rules))


def capacity(rules: Rules) -> int:
    """The most pieces a board can hold with nothing about to explode (224 acorn, 160 classic)."""
    return sum(most_held(rules))

