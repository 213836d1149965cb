"""The window's files: settings remembered between runs, the autosaved game and the games
folder (``games``: finished games kept, games saved by the player), each in its own folder
(``folders.Folders``) or all in one.

Every file problem becomes a one-line warning, printed once on standard error (and logged in
kiosk mode); nothing here raises for a file. Write failures are also kept for the window's
message area (``news``), since a player started from a desktop icon never sees stderr.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from chainplus.app import settings as st
from chainplus.app.folders import Folders
from chainplus.app.games import GAMES_FOLDER, Clock, GameEntry, GamesFolder, local_now
from chainplus.app.panel import Panel, plays_as_list, restore_plays_as
from chainplus.app.puzzle_record import Progress, Tally
from chainplus.app.settings import Settings, WriteFailure
from chainplus.core.game import Game
from chainplus.core.records import RecordError, game_from_data

#: The longest join code kept with an autosaved hosted game.
MAX_CODE = 16
#: The autosave's key for the boot id of the machine that wrote it (``settings.boot_id``).
BOOT_KEY = "boot_id"

class Store:
    """Settings, autosave and games in ``folders`` (or all in one folder); warnings go to
    ``stream`` once each, and the log."""

    def __init__(self, folders: Path | Folders, logger: logging.Logger | None = None,
                 stream: TextIO | None = None, write_settings: bool = True,
                 clock: Clock = local_now,
                 boot: Callable[[], str | None] = st.boot_id) -> None:
        self.folders = folders if isinstance(folders, Folders) else Folders.one(folders)
        self.clock = clock
        self.boot = boot  # the machine's boot id, kept with the autosave
        self.games = GamesFolder(self.folders.data / GAMES_FOLDER, clock)
        self.host_code: str | None = None  # the autosaved hosted game's join code
        self.logger = logger
        self.stream = stream
        self.write_settings = write_settings
        self.said: set[str] = set()
        self.last_settings: Settings | None = None
        self.last_join = ""  # the host's address last joined, kept with the settings
        self.puzzles = Progress()  # the player's puzzles as the settings last said
        self.saves = 0  # autosaves written, for the soak's figures
        self.failure: WriteFailure | None = None  # the last write that failed, until one works
        self.first_run = False  # no settings file when they were read (``load_settings``)
        self._failures_shown: set[str] = set()

    def warn(self, lines: list[str] | str | None) -> None:
        if not lines:
            return
        for line in [lines] if isinstance(lines, str) else lines:
            line = " ".join(line.split())  # always one line
            if line in self.said:
                continue
            self.said.add(line)
            with contextlib.suppress(OSError, ValueError):
                print(f"chainplus: {line}", file=self.stream or sys.stderr)
            if self.logger is not None:
                self.logger.warning(line)

    def _wrote(self, failure: WriteFailure | None) -> None:
        self.failure = failure
        if failure is not None:
            self.warn(failure.warning)

    def news(self) -> WriteFailure | None:
        """A write failure with a cause not yet shown on screen (each cause once a run)."""
        failure = self.failure
        if failure is None or failure.cause in self._failures_shown:
            return None
        self._failures_shown.add(failure.cause)
        return failure

    def load_settings(self) -> Settings:
        """The settings remembered (defaults for what is missing or bad). Sets ``first_run``;
        then the next ``save_settings`` writes a file, so the next run is not a first run too."""
        self.first_run = not (self.folders.config / st.SETTINGS_FILE).exists()
        settings, warnings = st.load_settings(self.folders.config)
        self.warn(warnings)
        self.last_settings = settings if not (warnings or self.first_run) else None
        self.last_join = settings.join
        self.puzzles = settings.puzzles
        return settings

    def save_settings(self, settings: Settings) -> None:
        """Write the settings when they changed since the last write (and writing is on), with
        the address last joined (the store keeps it: the session does not know it)."""
        settings = replace(settings, join=self.last_join)
        if not self.write_settings or settings == self.last_settings:
            return
        self.last_settings = settings
        self._wrote(st.save_settings(self.folders.config, settings))

    def load_tallies(self) -> dict[int, Tally]:
        """A kiosk's tallies of its visitors' tries at each puzzle."""
        tallies, warnings = st.read_tallies(self.folders.state)
        self.warn(warnings)
        return tallies

    def save_tallies(self, tallies: dict[int, Tally]) -> None:
        self._wrote(st.write_tallies(self.folders.state, tallies))

    def remember_join(self, address: str) -> None:
        """Remember ``address`` as the host last joined (written with the next settings)."""
        self.last_join = address

    def autosave(self, game: Game, panel: Panel, extra: dict[str, Any] | None = None) -> None:
        """Autosave ``game`` with who plays each seat (and any ``extra`` keys)."""
        self.saves += 1
        extra = {"plays_as": plays_as_list(panel), **(extra or {})}
        boot = self.boot()
        if boot is not None:
            extra[BOOT_KEY] = boot
        self._wrote(st.write_autosave(self.folders.state, game, extra=extra))

    def resume(self, panel: Panel, fixed_seats: bool, within: float | None = None
               ) -> tuple[Game | None, Game | None]:
        """The unfinished autosaved game, with who played each seat put back in ``panel``,
        and the unfinished game New had put aside; each None when there is none. With
        ``fixed_seats`` (the operator's --seats) the panel's seats win over the saved game's,
        except for seats the operator left out. A hosted game's join code goes to
        ``host_code``. With ``within`` (a kiosk) only an autosave at most that many seconds
        old, from this boot, is carried on."""
        game, extra, warnings = st.read_autosave(self.folders.state)
        self.warn(warnings)
        if game is not None and within is not None and not (
                self._same_boot(extra.get(BOOT_KEY)) and self._recent(within)):
            return None, None
        put_aside = _game_or_none(extra.get("put_aside"))
        code = extra.get("host_code")
        self.host_code = code if isinstance(code, str) and code.isalnum() and \
            len(code) <= MAX_CODE else None
        if game is None:
            return None, put_aside
        saved = extra.get("plays_as")
        if fixed_seats and isinstance(saved, list) and len(saved) == 4:
            saved = [row.plays_as if row.kind != "off" else saved[seat - 1]
                     for seat, row in panel.items()]
        restore_plays_as(panel, game, saved)
        return game, put_aside

    def forget_game(self) -> None:
        """Start the next game fresh: the autosave is deleted (the log says so)."""
        if st.forget_autosave(self.folders.state) and self.logger is not None:
            self.logger.info("the operator asked for a fresh game: the autosave is deleted")

    def _same_boot(self, saved: object) -> bool:
        """Whether the autosave was written since the machine last started, logged when not.
        An unknown boot id counts as the same: the autosave's age decides."""
        boot = self.boot()
        if boot is None or not isinstance(saved, str) or saved == boot:
            return True
        if self.logger is not None:
            self.logger.info("the machine has started again since the autosave: a fresh game")
        return False

    def _recent(self, within: float) -> bool:
        """Whether the autosave was written at most ``within`` seconds ago, logged either way."""
        try:
            age = self.clock().timestamp() - (self.folders.state / st.AUTOSAVE_FILE).stat(
                ).st_mtime
        except OSError:
            return False
        recent = 0 <= age <= within
        if self.logger is not None:
            if recent:
                self.logger.info("the autosave is %.0f s old: carrying on with its game", age)
            else:
                self.logger.info("the autosave is %.0f s old (more than %.0f s: not a restart "
                                 "after a crash): a fresh game", age, within)
        return recent

    # ------------------------------------------------------------------ the games folder
    def keep_game(self, game: Game, panel: Panel) -> None:
        """Keep a finished game in ``games/kept``; a failure is told as an autosave's is."""
        written = self.games.write(game, panel, saved=False)
        if isinstance(written, WriteFailure):
            self._wrote(written)

    def save_game(self, game: Game, panel: Panel) -> Path | WriteFailure:
        """Save ``game`` in ``games/saved``: where it went, or why it could not (warned here;
        the caller tells the player at once)."""
        written = self.games.write(game, panel, saved=True)
        if isinstance(written, WriteFailure):
            self.warn(written.warning)
        return written

    def recent_games(self, limit: int) -> list[GameEntry]:
        """Up to ``limit`` kept and saved games, newest first (each file skipped warned once)."""
        entries, warnings = self.games.recent(limit)
        self.warn(warnings)
        return entries


def _game_or_none(data: Any) -> Game | None:
    """A game put aside by New, as the autosave kept it; None when missing or unreadable."""
    if data is None:
        return None
    try:
        game = game_from_data(data)
    except RecordError:
        return None
    return None if game.over else game
