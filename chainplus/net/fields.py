"""How the values in a network message are checked: each helper hands back the value, or
raises ValueError with a one-line reason (``protocol`` turns it into a ``BadMessage``). Text
from the other side leaves here printable and on one line, or not at all.
"""

from __future__ import annotations

from typing import Any

from chainplus.core.records import RecordError, parse_move
from chainplus.core.rules import SEATS, short
from chainplus.net.framing import one_line

#: The longest code or token a joiner may send.
MAX_TEXT = 64


def whole(data: dict[str, Any], key: str, low: int, high: int) -> int | None:
    """``data[key]`` when it is an int in [low, high]; None when absent; else ValueError."""
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"'{key}' must be a whole number {low} to {high}, not {short(value)}")
    return value


def short_text(data: dict[str, Any], key: str, required: bool) -> str | None:
    """A code or a token: short printable ASCII, so no lone surrogate or control character
    gets further."""
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT or \
            not (value.isascii() and value.isprintable()):
        raise ValueError(f"'{key}' must be a short text of letters and digits, not "
                         f"{short(value)}")
    return value


def square(value: Any) -> int:
    """A move's ``[row, col]`` as its square."""
    try:
        return parse_move(value, 1)
    except RecordError as exc:
        raise ValueError(str(exc).removeprefix("move 1: ")) from None


def any_text(value: Any) -> str:
    """Text the other side sent, fit to show (whatever it is: a reason never fails)."""
    return one_line(value) if isinstance(value, str) else short(value)


def seat_list(value: Any) -> tuple[int, ...]:
    """A list of seat numbers."""
    if not isinstance(value, list) or not all(type(s) is int and s in SEATS for s in value):
        raise ValueError(f"expected a list of seats, not {short(value)}")
    return tuple(value)


def per_seat(data: dict[str, Any], key: str, low: int, high: int,
              missing: int) -> tuple[int, ...]:
    """Seats 1-4's numbers under ``key`` (``missing`` for each when the host sent none)."""
    value = data.get(key)
    if value is None:
        return (missing,) * len(SEATS)
    if (not isinstance(value, list) or len(value) != len(SEATS)
            or not all(type(v) is int and low <= v <= high for v in value)):
        raise ValueError(f"{key!r} must list four numbers {low}-{high}, not {short(value)}")
    return tuple(value)


def retry_seconds(value: Any) -> float | None:
    """An error's "retry": seconds, 0 to an hour; anything else is no retry."""
    return float(value) if type(value) in (int, float) and 0 <= value <= 3600 else None
