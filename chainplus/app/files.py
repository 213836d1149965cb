"""A session's files as its player meets them: the autosave, the settings file and the games
folder, each failure a ``Note`` for the message line.

The ``Store`` reads and writes the files; ``Files`` decides what a session may write and
what the player is told. Without a store (a demonstration, a joined host's game) nothing is
written or listed. A kiosk keeps and saves no games unless its operator asks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chainplus.app.games import (
    GameEntry,
    GamesFolder,
    Listed,
    Opened,
    Unreadable,
    folder_said,
    open_record,
    players_of,
)
from chainplus.app.outcomes import Note
from chainplus.app.panel import Panel
from chainplus.app.settings import Settings, WriteFailure
from chainplus.app.store import Store
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.core.records import record_of

#: A kiosk carries on with its autosaved game only when written at most this many seconds
#: ago, on this boot (``resume_within``): a game the supervisor restarted, not yesterday's.
KIOSK_RESUME_WITHIN = 300.0
#: The longest folder "Saved in" names whole: the line then fits the help box's three lines.
SAVED_WIDTH = 40


def resume_within(idle_seconds: float) -> float:
    """How old a kiosk's autosave may be and still be carried on: a visitor gone longer than
    the idle timeout would have met the demonstration, and the next one a fresh game."""
    return min(KIOSK_RESUME_WITHIN, idle_seconds)


def cannot(failure: WriteFailure) -> str:
    """The message line for a write that failed: what could not be done, and why."""
    cause = _(failure.cause) if failure.cause else ""  # ``settings``' words, or the system's
    # Translators: the help box (three lines of 22 characters); {cause} says why, such as "the disk
    # is full".
    said = {"autosave": _("Cannot autosave: {cause}."),
            "save settings": _("Cannot save settings: {cause}."),
            "save the game": _("Cannot save the game: {cause}."),
            "keep the game": _("Cannot keep the game: {cause}."),
            "count the puzzles": _("Cannot count puzzles: {cause}.")}
    text = said.get(failure.what, f"Cannot {failure.what}: {{cause}}.")
    return text.format(cause=cause)


class Files:
    """The files of one session, in ``store`` (None: it has none). ``keeps_games``: games won
    are kept and Save saves. ``within``: the oldest autosave a kiosk carries on, in seconds
    (None: any age)."""

    def __init__(self, store: Store | None, keeps_games: bool,
                 within: float | None = None) -> None:
        self.store = store
        self.keeps_games = store is not None and keeps_games
        self.within = within

    def resume(self, panel: Panel, fixed_seats: bool) -> tuple[Game | None, Game | None]:
        """The unfinished autosaved game (who played it put back in ``panel``) and the game
        New had put aside; None each when there is none or it is too old (``Store.resume``)."""
        if self.store is None:
            return None, None
        return self.store.resume(panel, fixed_seats, self.within)

    def autosave(self, game: Game, panel: Panel, put_aside: Game | None,
                 host_code: str | None) -> None:
        """Save the game on the board with who plays each seat, the game New put aside and the
        join code of a hosted game, so a restart resumes them."""
        if self.store is None:
            return
        extra: dict[str, Any] = {"put_aside": record_of(put_aside)} if put_aside else {}
        if host_code is not None:
            extra["host_code"] = host_code
        self.store.autosave(game, panel, extra)

    @property
    def first_run(self) -> bool:
        """True when there was no settings file."""
        return self.store is not None and self.store.first_run

    def remember(self, settings: Settings) -> None:
        """Write the settings if they changed (the store skips identical writes)."""
        if self.store is not None:
            self.store.save_settings(settings)

    def problem(self) -> Note | None:
        """A failure to save not yet told to the player (once for each cause)."""
        failure = self.store.news() if self.store is not None else None
        return None if failure is None else Note(cannot(failure), warn=True)

    def keep_won(self, game: Game, panel: Panel) -> None:
        """Keep ``game``, just won, in the games folder (if games are kept here)."""
        if self.store is not None and self.keeps_games:
            self.store.keep_game(game, panel)

    def save(self, game: Game, panel: Panel, joined: bool) -> Note:
        """Save ``game`` (in progress or just finished) in ``games/saved``; ``joined``: it is
        a joined host's game, saved in this player's own folder."""
        if self.store is None or not self.keeps_games:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("Games are not saved here."), warn=True)
        if not game.moves:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("There is no move to save yet."), warn=True)
        saved = self.store.save_game(game, panel)
        if isinstance(saved, WriteFailure):
            return Note(cannot(saved), warn=True)
        # Translators: the help box (three lines of 22 characters); {folder} is a folder's path,
        # such as ~/games/saved.
        text = _("Saved in your {folder}.") if joined else _("Saved in {folder}.")
        return Note(folder_said(text, saved.parent, SAVED_WIDTH))

    def listing(self) -> list[Listed]:
        """Every game in the games folder, the saved first, each newest first (not read)."""
        return self.store.games.listing() if self.store is not None else []

    def entry(self, listed: Listed) -> GameEntry | None:
        """The listing's line for ``listed``; None for a file that is not a game (warned in
        the log)."""
        try:
            return GamesFolder.entry(listed)
        except Unreadable as exc:
            if self.store is not None:
                self.store.warn(str(exc))
            return None

    @property
    def folder(self) -> Path | None:
        """Where the games are kept (None: nowhere)."""
        return self.store.games.folder if self.store is not None else None

    def recent(self, limit: int) -> list[GameEntry]:
        """The newest kept and saved games, newest first, non-games skipped."""
        return self.store.recent_games(limit) if self.store is not None else []

    def open(self, path: Path) -> Opened | Note:
        """The game a record file holds, to replay, with who played it. A file that is not a
        game gives a warning Note of one line (and a warning in the log)."""
        try:
            game, data = open_record(path)
            return Opened(game, players_of(game, data))
        except Unreadable as exc:
            if self.store is not None:
                self.store.warn(str(exc))
            return Note(exc.note, warn=True)
