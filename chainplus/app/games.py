"""The games folder: every finished game kept, the games a player saved, and opening a record.

``<settings folder>/games/kept/`` holds the last ``KEEP`` finished games, written as each game
is won (the oldest removed first); ``games/saved/`` the games a player saved, never removed.
A file is a game record (``core.records``, docs/tools.md, "Game records") with extra keys the record
readers ignore: ``date`` (ISO 8601, local time with its offset), ``seats`` (who played each
seat in play) and ``winner``. Its name is the time it was written, so names sort by time:
``2026-11-26_10-15-02.json``, then ``...-02-2.json`` for a second one in the same second.

Nothing here raises for a file: a failed write is a ``WriteFailure``, a file that cannot be
opened an ``Unreadable``, and the listing skips what it cannot read (anyone can drop files in).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from chainplus.app.panel import PLAYS_AS, Panel, panel_of
from chainplus.app.seats import SeatKind, SeatSpec
from chainplus.app.settings import BadFile, WriteFailure, read_bytes, write_or_failure
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.core.records import RecordError, decode, game_from_data, parse_record, record_of
from chainplus.core.rules import SEATS, Rules

GAMES_FOLDER = "games"
KEPT, SAVED = "kept", "saved"
#: How many finished games ``kept/`` holds; the oldest go first.
KEEP = 300
#: The listing reads at most this many files of each folder, the newest (names or file times).
READ_AT_MOST = 300
#: The longest file name a message line shows (a longer one is shortened in the middle): the
#: game's own names fit, and with the longest words before them, three lines of the help box.
NAME_SHOWN = 27
STAMP = "%Y-%m-%d_%H-%M-%S"
_OUR_NAME = re.compile(r"(\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d)(?:-(\d{1,6}))?\.json")

#: The time now, local with its offset (tests give their own).
Clock = Callable[[], datetime]


def local_now() -> datetime:
    return datetime.now().astimezone()


@dataclass(frozen=True)
class Player:
    """Who played a seat, as the record says (``kind`` None when it does not say)."""

    seat: int
    kind: SeatKind | None = None
    level: int | None = None  # a computer's
    random_pct: int | None = None  # a computer's


@dataclass(frozen=True)
class GameEntry:
    """One game in the listing of recent games."""

    path: Path
    saved: bool  # in ``saved/`` (the player's), else kept automatically
    when: datetime  # the record's date, else its name's, else the file's time
    players: tuple[Player, ...]  # the seats in play, in turn order
    winner: int | None
    moves: int
    rules: Rules

    @property
    def name(self) -> str:
        return self.path.stem


class Unreadable(Exception):
    """A file that is not a game that can be shown: ``note`` for the message box (fits it),
    and the exception's message, one line for standard error and the log."""

    def __init__(self, path: Path, why: str, note: str) -> None:
        super().__init__(f"warning: game record {path} not opened: {why}")
        self.note = note


#: The help box's room in characters (three lines of 22), less what wrapping may waste
#: (a path breaks only at its slashes).
HELP_ROOM = 3 * 22 - 16


def folder_said(sentence: str, folder: Path, width: int) -> str:
    """``sentence`` (translated, with ``{folder}``) with ``folder`` shown in at most ``width``
    characters, fewer where the language's own words leave the help box less room."""
    room = HELP_ROOM - (len(sentence) - len("{folder}"))
    return sentence.format(folder=shown_folder(folder, max(12, min(width, room))))


def shown_folder(folder: Path, width: int | None = 20) -> str:
    """``folder`` as a line of ``width`` characters can say it (None: all of it): the home
    folder as ~, and when that is still too long, as many of its last parts as fit (two at
    least) after ".../"."""
    text, home = str(folder), str(Path.home())
    if text == home or text.startswith(home + os.sep):
        text = "~" + text[len(home):]
    if width is None or len(text) <= width:
        return text
    parts = folder.parts
    for start in range(1, len(parts) - 2):
        short = ".../" + "/".join(parts[start:])
        if len(short) <= width:
            return short
    return ".../" + "/".join(parts[-2:])


def shown_name(path: Path) -> str:
    """``path``'s file name as a message line can show it: printable ASCII, at most
    ``NAME_SHOWN`` characters."""
    name = "".join(c if " " <= c <= "~" else "?" for c in path.name)
    return name if len(name) <= NAME_SHOWN else f"{name[:NAME_SHOWN - 7]}...{name[-4:]}"


def open_record(path: Path) -> tuple[Game, dict[str, Any]]:
    """The game a record file holds, replayed move by move, and the record's decoded keys.

    Raises ``Unreadable``: reading is capped (``MAX_RECORD_BYTES``) and checks every move.
    """
    name = shown_name(path)
    try:
        text = read_bytes(path)
        if text is None:
            # Translators: the help box (three lines of 22 characters); {name} is a file's name.
            raise Unreadable(path, "there is no such file",
                             _("No such file: {name}.").format(name=name))
        data = decode(text)
        parse_record(data)  # the record's shape, before its moves
    except BadFile as exc:
        # Translators: the help box (three lines of 22 characters); {problem} says what is wrong
        # with the file ("Too large"), {name} is its name.
        raise Unreadable(path, str(exc), _("{problem}: {name}.").format(
            problem=_(exc.brief), name=name)) from None
    except RecordError as exc:
        raise Unreadable(path, str(exc),
                         # Translators: the help box, 3 lines of 22 characters.
                         _("Not a game record: {name}.").format(name=name)) from None
    try:
        return game_from_data(data), data
    except RecordError as exc:
        raise Unreadable(path, str(exc),
                         # Translators: the help box, 3 lines of 22 characters.
                         _("A move is wrong in {name}.").format(name=name)) from None


def record_with_players(game: Game, panel: Panel, when: datetime) -> dict[str, Any]:
    """``game``'s record with the games folder's extra keys: when, who played, who won."""
    seats: list[dict[str, Any]] = []
    for seat in game.seats:
        row = panel[seat]
        player: dict[str, Any] = {"seat": seat, "kind": row.plays_as}
        if row.plays_as == "computer":
            player |= {"level": row.level, "random_pct": row.random_pct}
        seats.append(player)
    return {**record_of(game), "date": when.isoformat(timespec="seconds"), "seats": seats,
            "winner": game.winner}


def players_of(game: Game, data: dict[str, Any]) -> tuple[Player, ...]:
    """Who played each seat of ``game`` as a record's ``seats`` key says (leniently: an extra
    key that is missing or wrong only leaves a player unknown)."""
    said: dict[int, Player] = {}
    rows = data.get("seats")
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict) or row.get("kind") not in PLAYS_AS:
            continue
        seat, level, pct = row.get("seat"), row.get("level"), row.get("random_pct")
        if type(seat) is int and row["kind"] == "computer":
            said[seat] = Player(seat, "computer", level if type(level) is int else None,
                                pct if type(pct) is int else None)
        elif type(seat) is int:
            said[seat] = Player(seat, row["kind"])  # a human here, or over the network
    return tuple(said.get(seat, Player(seat)) for seat in game.seats)


def players_in(panel: Panel, game: Game) -> tuple[Player, ...]:
    """Who plays each seat of ``game`` as ``panel`` says (the game on the board), as a record
    of it would say (``players_of``)."""
    rows = {seat: panel[seat] for seat in game.seats}
    return tuple(Player(seat, row.plays_as, row.level, row.random_pct)
                 if row.plays_as == "computer" else Player(seat, row.plays_as)
                 for seat, row in rows.items())


def replay_panel(players: Sequence[Player]) -> Panel:
    """The panel a replay shows: each seat in play as its ``players`` say (one they do not say
    as a human; a computer's level and random % as the panel's own when unknown), the rest
    not in play."""
    said = {player.seat: player for player in players}
    rows = []
    for seat in SEATS:
        player = said.get(seat)
        if player is None:
            rows.append(SeatSpec("off"))
            continue
        blank = SeatSpec(player.kind or "human")
        rows.append(SeatSpec(blank.kind, player.level if player.level is not None else
                             blank.level, player.random_pct if player.random_pct is not None
                             else blank.random_pct))
    return panel_of(rows)


@dataclass(frozen=True)
class Opened:
    """A game record opened to replay: its game, and who played its seats as it says."""

    game: Game
    players: tuple[Player, ...]


def _when(data: dict[str, Any], stamp: datetime) -> datetime:
    """The record's date if it has a good one, else ``stamp`` (its name's or file's time)."""
    date = data.get("date")
    if isinstance(date, str):
        with contextlib.suppress(ValueError):
            return datetime.fromisoformat(date).astimezone()
    return stamp.astimezone()


def _stamped(folder: Path) -> Iterator[tuple[tuple[datetime, int], Path]]:
    """The ``.json`` entries of ``folder`` with the time each sorts by: the time in its name
    (and the number after it), or for a name of someone else's, the file's time."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") or not entry.name.lower().endswith(".json"):
            continue
        ours = _OUR_NAME.fullmatch(entry.name)
        try:
            if ours is not None:
                key = (datetime.strptime(ours[1], STAMP), int(ours[2] or 1))
            else:
                key = (datetime.fromtimestamp(entry.stat().st_mtime), 0)
        except (OSError, ValueError, OverflowError):
            continue
        yield key, Path(entry.path)


@dataclass(frozen=True)
class Listed:
    """A game file in the listing, not yet read: where, whether the player saved it, and the
    time it sorts by."""

    path: Path
    saved: bool
    stamp: datetime


class GamesFolder:
    """The kept and saved games under ``folder`` (``<settings folder>/games``)."""

    def __init__(self, folder: Path, clock: Clock = local_now) -> None:
        self.folder = folder
        self.clock = clock
        self.last: tuple[str, Path] | None = None  # the last game written: its record, its file

    def write(self, game: Game, panel: Panel, saved: bool) -> Path | WriteFailure:
        """Write ``game`` (with who plays each seat in ``panel``) to ``saved/`` or ``kept/``
        under a new name; ``kept/`` then loses its oldest beyond ``KEEP``. Saving the game
        written last again writes nothing new: a kept one moves to ``saved/``, a saved one
        stays where it is, so the listing never holds it twice."""
        record = json.dumps(record_of(game), sort_keys=True)
        again = self._again(record, saved)
        if again is not None:
            return again
        when = self.clock()
        folder = self.folder / (SAVED if saved else KEPT)
        path = self._new_name(folder, when)
        text = json.dumps(record_with_players(game, panel, when))
        failure = write_or_failure(path, text, "save the game" if saved else "keep the game")
        if failure is not None:
            return failure
        if not saved:
            self._prune(folder)
        self.last = (record, path)
        return path

    def _again(self, record: str, saved: bool) -> Path | None:
        """Where the game written last went, when ``record`` is it being saved again (a kept one
        is moved to ``saved/``); None when it must be written."""
        if not saved or self.last is None or self.last[0] != record:
            return None
        path = self.last[1]
        if path.parent.name == SAVED and path.exists():
            return path
        moved = self.folder / SAVED / path.name
        try:
            moved.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, moved)
        except OSError:
            return None  # written afresh instead
        self.last = (record, moved)
        return moved

    def _new_name(self, folder: Path, when: datetime) -> Path:
        """A name for a game written at ``when`` that neither folder has yet."""
        stamp = when.strftime(STAMP)
        number = 1
        while True:
            name = f"{stamp}.json" if number == 1 else f"{stamp}-{number}.json"
            if not any((self.folder / sub / name).exists() for sub in (KEPT, SAVED)):
                return folder / name
            number += 1

    @staticmethod
    def _prune(folder: Path) -> None:
        """Remove the oldest kept games beyond ``KEEP`` (only files named as this folder
        names them: nothing someone else put there)."""
        ours = sorted((key, path) for key, path in _stamped(folder)
                      if _OUR_NAME.fullmatch(path.name))
        for _key, path in ours[:max(0, len(ours) - KEEP)]:
            with contextlib.suppress(OSError):
                path.unlink()

    def listing(self) -> list[Listed]:
        """Every game file, the saved first, then the kept, each newest first, unread
        (``entry`` reads one)."""
        return [Listed(path, saved, stamp) for saved, sub in ((True, SAVED), (False, KEPT))
                for (stamp, _number), path in sorted(_stamped(self.folder / sub), reverse=True)]

    @staticmethod
    def entry(listed: Listed) -> GameEntry:
        """The listing's line for a game file. Raises ``Unreadable``."""
        game, data = open_record(listed.path)
        return GameEntry(listed.path, listed.saved, _when(data, listed.stamp),
                         players_of(game, data), game.winner, len(game.moves), game.rules)

    def recent(self, limit: int) -> tuple[list[GameEntry], list[str]]:
        """Up to ``limit`` games, newest first, over kept and saved, and a warning for each
        file skipped (not a game record, or one that cannot be read)."""
        files = []
        for saved, sub in ((False, KEPT), (True, SAVED)):
            newest = sorted(_stamped(self.folder / sub), reverse=True)[:READ_AT_MOST]
            files += [(key, saved, path) for key, path in newest]
        files.sort(key=lambda file: file[0], reverse=True)
        entries: list[GameEntry] = []
        warnings: list[str] = []
        for (stamp, _number), saved, path in files:
            if len(entries) >= limit:
                break
            try:
                game, data = open_record(path)
            except Unreadable as exc:
                warnings.append(str(exc))
                continue
            entries.append(GameEntry(path, saved, _when(data, stamp), players_of(game, data),
                                     game.winner, len(game.moves), game.rules))
        return entries, warnings
