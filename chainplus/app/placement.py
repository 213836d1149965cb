"""Where the game's window was on the desktop, remembered between runs in the settings file.

Only the plain window's size and place are kept, never a full-screen or maximised one. Without
one (a settings file may have none) the window chooses its first size from the desktop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Sizes and places beyond this many pixels are not a desktop's: a bad value.
LIMIT = 100_000


@dataclass(frozen=True, kw_only=True)
class Placement:
    """The window's ``size`` (width, height) and ``position`` (left, top) on the desktop;
    no position when the window manager placed it and none was seen."""

    size: tuple[int, int]
    position: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"size": list(self.size),
                "position": list(self.position) if self.position is not None else None}


def placement_of(data: Any) -> Placement | None:
    """A ``Placement`` from its decoded JSON (None stays None); ValueError when it is not one."""
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) - {"size", "position"}:
        raise ValueError("is not a size and a position")
    size = _pair(data.get("size"), low=1)
    if size is None:
        raise ValueError("has no size of two whole numbers from 1")
    position = _pair(data.get("position"), low=-LIMIT)
    if data.get("position") is not None and position is None:
        raise ValueError("has a position that is not two whole numbers")
    return Placement(size=size, position=position)


def _pair(value: Any, low: int) -> tuple[int, int] | None:
    """Two whole numbers from ``low`` to LIMIT (true and false are not numbers here)."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    if not all(type(v) is int and low <= v <= LIMIT for v in value):
        return None
    return value[0], value[1]
