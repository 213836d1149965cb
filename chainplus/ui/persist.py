"""The window's link to its files: settings remembered between runs and the autosaved game.

This is the ONE place where the panel's ``SeatSetup`` rows and the settings file's seat dicts
are turned into each other. Every file problem becomes a one-line warning, printed once on
standard error (and logged in kiosk mode); nothing here raises for a file.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any, TextIO

from .. import settings as st
from ..game import Game
from ..rules import SEATS
from .seats import COMPUTER, HUMAN, KINDS, LEVELS, OFF, SeatSetup, default_setup

PLAYS_AS = (HUMAN, COMPUTER)


# --------------------------------------------------------------------------- the mapping
def setup_from_seats(rows: list[dict[str, Any]] | None) -> dict[int, SeatSetup]:
    """Panel rows from settings seat dicts (the defaults when there are none)."""
    if rows is None:
        return default_setup()
    setup = {}
    for seat, row in zip(SEATS, rows):
        kind = row["kind"] if row.get("kind") in KINDS else OFF
        level = row["level"] if row.get("level") in LEVELS else 2
        pct = row["random_pct"] if isinstance(row.get("random_pct"), int) \
            and 0 <= row["random_pct"] <= 100 else 10
        setup[seat] = SeatSetup(kind, level, pct, kind if kind != OFF else HUMAN)
    return setup


def seats_of_setup(setup: dict[int, SeatSetup]) -> list[dict[str, Any]]:
    """Settings seat dicts from the panel rows (``plays_as`` belongs to the game, not here)."""
    return [{"kind": setup[s].kind, "level": setup[s].level, "random_pct": setup[s].random_pct}
            for s in SEATS]


def plays_as_list(setup: dict[int, SeatSetup]) -> list[str]:
    """Who plays each seat in the game on the board, for the autosave's ``plays_as`` key."""
    return [setup[s].plays_as for s in SEATS]


def restore_plays_as(setup: dict[int, SeatSetup], game: Game, extra: dict[str, Any]) -> bool:
    """Put back who played each seat of a resumed game; False when ``extra`` had no valid list.

    A seat still in the panel follows the saved game (its column 1 shows who plays it now);
    invalid or missing data leaves the panel as it is.
    """
    saved = extra.get("plays_as")
    if not isinstance(saved, list) or len(saved) != 4 or any(p not in PLAYS_AS for p in saved):
        return False
    for seat in game.seats:
        row = setup[seat]
        row.plays_as = saved[seat - 1]
        if row.kind != OFF:
            row.kind = row.plays_as
    return True


# --------------------------------------------------------------------------- the files
class Store:
    """Settings and autosave in one folder; warnings go to ``stream`` once each, and the log."""

    def __init__(self, folder: Path, logger: logging.Logger | None = None,
                 stream: TextIO | None = None, write_settings: bool = True) -> None:
        self.folder = folder
        self.logger = logger
        self.stream = stream
        self.write_settings = write_settings
        self.said: set[str] = set()
        self.last_settings: dict[str, Any] | None = None
        self.saves = 0  # autosaves written, for the soak's figures

    def warn(self, lines: list[str] | str | None) -> None:
        if not lines:
            return
        for line in [lines] if isinstance(lines, str) else lines:
            line = " ".join(line.split())  # always one line
            if line in self.said:
                continue
            self.said.add(line)
            try:
                print(f"chainplus: {line}", file=self.stream or sys.stderr)
            except (OSError, ValueError):
                pass
            if self.logger is not None:
                self.logger.warning(line)

    def load_settings(self) -> dict[str, Any]:
        settings, warnings = st.load_settings(self.folder)
        self.warn(warnings)
        self.last_settings = settings if not warnings else None
        return settings

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Write the settings when they changed since the last write (and writing is on)."""
        if not self.write_settings or settings == self.last_settings:
            return
        self.last_settings = settings
        self.warn(st.save_settings(self.folder, settings))

    def save_game(self, game: Game, setup: dict[int, SeatSetup]) -> None:
        self.saves += 1
        self.warn(st.save_game(self.folder, game, extra={"plays_as": plays_as_list(setup)}))

    def load_game(self) -> tuple[Game | None, dict[str, Any]]:
        game, extra, warnings = st.load_game(self.folder)
        self.warn(warnings)
        return game, extra
