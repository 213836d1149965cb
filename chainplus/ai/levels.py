"""The computer levels and level 5's thinking time: the vocabulary the panel, the settings and
the tools share, without loading the search."""

from __future__ import annotations

#: The levels of the original's player control panel; ``players`` says how each plays.
LEVELS = range(0, 6)
#: Default thinking time per move for level 5, in seconds: the window's pause before a
#: computer move at normal speed, which the player waits through anyway.
DEFAULT_BUDGET = 0.6
#: The least thinking time level 5 should get, whatever the speed setting.
MIN_BUDGET = 0.25


def thinking_time(pause: float) -> float:
    """Level 5's clock for a window that pauses ``pause`` seconds before a computer move:
    the whole pause, but never less than ``MIN_BUDGET``."""
    return max(MIN_BUDGET, pause)
