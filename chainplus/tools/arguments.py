"""The option values the tools accept: the argparse types that check them, the error a bad
combination gives (``UsageError``) and the thinking time a ``--budget`` and ``--nodes`` make.
"""

from __future__ import annotations

import argparse
import shlex

from chainplus.common.options import int_in


class UsageError(Exception):
    """A bad option value, reported as one ``error:`` line with exit status 2."""


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def chance(text: str) -> float:
    """An argparse type: a chance from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a chance 0 to 1, not {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a chance 0 to 1, not {text!r}")
    return value


def seconds(text: str) -> float:
    """An argparse type: a number of seconds, 0 or more (0: none, or off)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 <= value < 1e6:
        raise argparse.ArgumentTypeError(f"expected 0 to 999999 seconds, not {text!r}")
    return value


def parse_player(text: str) -> tuple[int, int]:
    """``LEVEL[:RANDOM]`` as used by ``match --a/--b``."""
    level_text, _, pct_text = text.partition(":")
    level = int_in(0, 5, "the level")(level_text)
    pct = int_in(0, 100, "the random %")(pct_text) if pct_text else 0
    return level, pct


def command_line(text: str) -> list[str]:
    """An argparse type: a command line, split the way a shell would (no shell runs it)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"cannot read the command {text!r}: {exc}") from None
    if not words:
        raise argparse.ArgumentTypeError("the command is empty")
    return words


def clock(budget: float, nodes: int | None) -> float | None:
    """The thinking time to use: none when a node limit is given, so answers are repeatable."""
    return None if nodes else budget
