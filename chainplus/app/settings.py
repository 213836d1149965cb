"""Settings and autosave files: where they live, atomic writes, and bad files set aside.

Nothing here may stop the game from starting: every problem with a file becomes a one-line
warning, the defaults (or no saved game), and the bad file kept under a new name so nothing
is lost. Writes go to a temporary file in the same folder and are renamed into place, so a
crash or a power cut at any moment leaves either the old file or the new one, never half.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from chainplus.app.lessons import Lesson
from chainplus.app.placement import Placement, placement_of
from chainplus.app.puzzle_record import EASIEST, HARDEST, Progress, Tally, tallies_data, tallies_of
from chainplus.app.seats import DEFAULT_SEATS, SeatSpec, in_play
from chainplus.common.language import N_
from chainplus.core.game import Game
from chainplus.core.records import MAX_RECORD_BYTES, RecordError, decode, game_from_data, record_of
from chainplus.core.rules import DEFAULT_RULES, RULES, Rules

ENV_DIR = "CHAINPLUS_CONFIG_DIR"
#: The folder's name on Windows and macOS, whose own programs' folders are named as shown.
APP_FOLDER = "Chain+"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
#: A kiosk's count of its visitors' tries at each puzzle (in its state folder).
TALLIES_FILE = "puzzles.json"
LOG_FILE = "chainplus.log"
#: Linux's id of the machine's current boot, new at every start of the machine.
BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")
#: Files larger than this are not ours (settings are a few hundred bytes, a game a few kB).
MAX_FILE_BYTES = MAX_RECORD_BYTES

#: How fast chains are shown (the Speed icon steps through them in this order).
Speed = Literal["slow", "normal", "fast", "instant"]
SPEEDS: tuple[Speed, ...] = ("slow", "normal", "fast", "instant")
@dataclass(frozen=True)
class Settings:
    """What the window remembers between runs."""

    seats: tuple[SeatSpec, ...] = DEFAULT_SEATS
    speed: Speed = "normal"
    sound: bool = True
    rules: Rules = DEFAULT_RULES
    fullscreen: bool = False
    lessons_given: frozenset[Lesson] = frozenset()  # a first game's explanations already shown
    window: Placement | None = None  # the plain window's last size and place
    join: str = ""  # the host's address last joined, offered again (the Join dialog checks it)
    lan: bool = False  # the games the window hosts are open to the local network
    puzzles: Progress = Progress()  # the player's puzzles: level, streak, those solved
    #: The language chosen in the window ("": the system's); one the game lacks is ignored.
    language: str = ""

    def to_json(self) -> dict[str, Any]:
        """The settings as the file keeps them (plain JSON types)."""
        window = self.window.to_json() if self.window is not None else None
        return {**asdict(self), "seats": [asdict(row) for row in self.seats],
                "lessons_given": [lesson.value for lesson in Lesson
                                  if lesson in self.lessons_given],
                "window": window, "puzzles": {**asdict(self.puzzles),
                                              "solved": sorted(self.puzzles.solved)}}


DEFAULTS = Settings()


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for settings (and, given by an option or $CHAINPLUS_CONFIG_DIR, for every
    file: ``folders.player_folders``), else where this system keeps a program's settings for
    its user (``system_dir``)."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR]).expanduser()
    return system_dir()


def system_dir() -> Path:
    r"""Where the system expects a program's files for its user: %APPDATA%\Chain+ on
    Windows (the roaming application-data folder; ~\AppData\Roaming when APPDATA is unset),
    ~/Library/Application Support/Chain+ on macOS, and on Linux and every other system
    $XDG_CONFIG_HOME/chainplus, else ~/.config/chainplus (``folders`` puts the games and the
    autosave in their own XDG folders there)."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / APP_FOLDER
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_FOLDER
    return xdg_base("XDG_CONFIG_HOME", ".config") / "chainplus"


def xdg_base(variable: str, fallback: str) -> Path:
    """``$variable`` when it is an absolute path, else ``~/fallback``: the XDG Base Directory
    Specification ignores a relative one."""
    given = os.environ.get(variable, "")
    return Path(given) if os.path.isabs(given) else Path.home() / fallback


# --------------------------------------------------------------------------- files
def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once (temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:  # make the rename itself survive a power cut
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def set_aside(path: Path) -> Path | None:
    """Rename a bad file (or folder) out of the way, keeping it; returns its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if not target.exists():
            try:
                os.replace(path, target)
            except OSError:
                return None
            return target
    return None


class BadFile(Exception):
    """A file that is there but cannot be used: the message says why in a few words, and
    ``brief`` in two or three, for the window's message line ("Too large: game.json.";
    English, translated where shown)."""

    def __init__(self, why: str, brief: str) -> None:
        super().__init__(why)
        self.brief = brief


def read_bytes(path: Path) -> bytes | None:
    """The bytes of ``path`` (at most a record's size); None when there is no such file;
    BadFile for a folder, a device, a file too large or one that cannot be read."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise BadFile("it is a folder, not a file", N_("A folder, not a file"))
        if not stat.S_ISREG(info.st_mode):  # a FIFO or a device would hang or never end
            raise BadFile("it is not a regular file", N_("Not a plain file"))
        if info.st_size > MAX_FILE_BYTES:
            raise BadFile(f"it is too large ({info.st_size} bytes)", N_("Too large"))
        with open(path, "rb") as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadFile(f"it cannot be read ({exc.strerror or exc})", N_("Cannot read")) from None


def read_json(path: Path) -> Any:
    """The decoded JSON of ``path``; None when there is no such file; BadFile otherwise."""
    text = read_bytes(path)
    if text is None:
        return None
    try:
        return decode(text)
    except RecordError as exc:
        raise BadFile(str(exc), N_("Not JSON")) from None


@dataclass(frozen=True)
class WriteFailure:
    """A file that could not be written: ``cause`` in a few words a player understands (the
    window shows it, translated; English here), ``warning`` the one line for standard error
    and the log."""

    what: str
    folder: Path
    cause: str
    blocker: Path | None = None  # the file that stands where a folder should be, if one does

    @property
    def warning(self) -> str:
        where = f" ({self.blocker})" if self.blocker is not None else ""
        return f"warning: cannot {self.what} in {self.folder}: {self.cause}{where}"


#: The cause when a file stands where the folder (or a folder above it) should be.
# Translators: why a file could not be written: "Cannot autosave: {cause}."
FILE_IN_THE_WAY = N_("a file stands where its folder should be")


def write_failure_cause(folder: Path, exc: OSError) -> str:
    """Why nothing could be written in ``folder``, told apart by what is really there (short
    enough for the window's message line: no paths)."""
    return _diagnose(folder, exc)[0]


def _diagnose(folder: Path, exc: OSError) -> tuple[str, Path | None]:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return N_("the disk is full"), None
    if exc.errno == errno.EROFS:
        return N_("the disk is read-only"), None
    place = folder
    while not place.exists() and place != place.parent:
        place = place.parent  # the nearest part of the path that is there
    if not place.is_dir():
        return FILE_IN_THE_WAY, place
    if place != folder:
        return N_("the folder is missing and cannot be made"), None
    if not os.access(folder, os.W_OK | os.X_OK) or isinstance(exc, PermissionError):
        return N_("the folder is not writable"), None
    return exc.strerror or str(exc), None


def write_or_failure(path: Path, text: str, what: str) -> WriteFailure | None:
    """Write ``text`` and a newline atomically; what went wrong instead of raising (``what``
    names the write for the warning: "autosave", "save settings")."""
    try:
        atomic_write(path, text + "\n")
    except OSError as exc:
        return WriteFailure(what, path.parent, *_diagnose(path.parent, exc))
    return None


def _warn_and_set_aside(path: Path, why: str, what: str) -> str:
    kept = set_aside(path)
    where = f"; kept as {kept.name}" if kept else ""
    return f"warning: {what} {path} ignored: {why}{where}"


# --------------------------------------------------------------------------- settings
def check_settings(data: Any) -> tuple[Settings, list[str]]:
    """Settings from decoded JSON, every bad or missing value its default, and what was wrong."""
    if not isinstance(data, dict):
        return DEFAULTS, ["it is not a JSON object"]
    problems = []
    seats = list(DEFAULT_SEATS)
    given = data.get("seats", [asdict(row) for row in DEFAULT_SEATS])
    if isinstance(given, list) and len(given) == 4 and all(isinstance(s, dict) for s in given):
        for index, row in enumerate(given):
            seat = SeatSpec(row.get("kind"), row.get("level"), row.get("random_pct"))
            if seat.problem() is None:
                seats[index] = seat
            else:
                problems.append(f"seat {index + 1} is not valid")
    else:
        problems.append("'seats' is not a list of 4 seats")
    if in_play(tuple(seats)) < 2:
        problems.append("fewer than two seats are in play")
        seats = list(DEFAULT_SEATS)
    values: dict[str, Any] = {"seats": tuple(seats)}
    for key, allowed in (("speed", SPEEDS), ("rules", RULES)):
        value = data.get(key, getattr(DEFAULTS, key))
        if isinstance(value, str) and value in allowed:
            values[key] = value
        else:
            problems.append(f"'{key}' is not one of {', '.join(allowed)}")
    for key, kind in (("sound", bool), ("fullscreen", bool), ("join", str), ("lan", bool),
                        ("language", str)):
        value = data.get(key, getattr(DEFAULTS, key))
        if isinstance(value, kind):
            values[key] = value
        else:
            problems.append(f"'{key}' is not {'text' if kind is str else 'true or false'}")
    given = data.get("lessons_given", [])
    names = [lesson.value for lesson in Lesson]
    if isinstance(given, list) and all(isinstance(name, str) and name in names for name in given):
        values["lessons_given"] = frozenset(Lesson(name) for name in given)
    else:
        problems.append(f"'lessons_given' is not a list of {', '.join(names)}")
    try:
        values["window"] = placement_of(data.get("window"))
    except ValueError as exc:
        problems.append(f"'window' {exc}")
    try:
        values["puzzles"] = progress_of(data.get("puzzles", {}))
    except ValueError as exc:
        problems.append(f"'puzzles' {exc}")
    return Settings(**values), problems


def progress_of(data: Any) -> Progress:
    """The puzzles' record from the settings file (keys missing: their defaults); ValueError
    saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("is not a JSON object")
    default = Progress()
    level, streak, best = (data.get(key, getattr(default, key))
                           for key in ("level", "streak", "best"))
    solved = data.get("solved", [])
    if type(level) is not int or not EASIEST <= level <= HARDEST:
        raise ValueError(f"'level' is not a whole number {EASIEST}-{HARDEST}")
    if any(type(n) is not int or n < 0 for n in (streak, best)):
        raise ValueError("'streak' and 'best' are not whole numbers")
    if not isinstance(solved, list) or any(type(n) is not int or n < 0 for n in solved):
        raise ValueError("'solved' is not a list of puzzle numbers")
    return Progress(level, streak, best, frozenset(solved))


def load_settings(folder: Path) -> tuple[Settings, list[str]]:
    """The saved settings (defaults for anything missing or bad) and any warnings.

    A bad file is set aside under a new name, so the next save starts clean.
    """
    path = folder / SETTINGS_FILE
    try:
        data = read_json(path)
    except BadFile as exc:
        return DEFAULTS, [_warn_and_set_aside(path, str(exc), "settings file")]
    if data is None:
        return DEFAULTS, []
    settings, problems = check_settings(data)
    if problems:
        return settings, [_warn_and_set_aside(path, "; ".join(problems), "settings file")]
    return settings, []


def save_settings(folder: Path, settings: Settings) -> WriteFailure | None:
    """Write the settings; says what went wrong instead of raising when it cannot."""
    text = json.dumps(settings.to_json(), indent=1)
    return write_or_failure(folder / SETTINGS_FILE, text, "save settings")


# --------------------------------------------------------------------------- puzzle tallies
def read_tallies(folder: Path) -> tuple[dict[int, Tally], list[str]]:
    """A kiosk's tallies of its puzzles (none when there is no file) and any warnings; a bad
    file is set aside, so counting starts afresh."""
    path = folder / TALLIES_FILE
    try:
        data = read_json(path)
        return ({} if data is None else tallies_of(data)), []
    except (BadFile, ValueError) as exc:
        return {}, [_warn_and_set_aside(path, str(exc), "puzzle tallies file")]


def write_tallies(folder: Path, tallies: dict[int, Tally]) -> WriteFailure | None:
    return write_or_failure(folder / TALLIES_FILE, json.dumps(tallies_data(tallies)),
                            "count the puzzles")


# --------------------------------------------------------------------------- autosave
def write_autosave(folder: Path, game: Game, extra: dict[str, Any] | None = None
              ) -> WriteFailure | None:
    """Autosave ``game`` as a game record (``replay`` reads it); what went wrong instead of
    raising."""
    record = record_of(game)
    if extra:
        record.update({k: v for k, v in extra.items() if k not in record})
    text = json.dumps(record, separators=(",", ":"))
    return write_or_failure(folder / AUTOSAVE_FILE, text, "autosave")


def boot_id() -> str | None:
    """The id of the machine's current boot; None where the system gives none (not Linux)."""
    try:
        return BOOT_ID_FILE.read_text(encoding="ascii").strip() or None
    except (OSError, ValueError):
        return None


def forget_autosave(folder: Path) -> bool:
    """Delete the autosave, so the next start is a fresh game; whether there was one."""
    try:
        (folder / AUTOSAVE_FILE).unlink()
    except OSError:
        return False
    return True


def read_autosave(folder: Path) -> tuple[Game | None, dict[str, Any], list[str]]:
    """The autosaved game if there is an unfinished one, its record's other keys, and warnings."""
    path = folder / AUTOSAVE_FILE
    try:
        data = read_json(path)
        if data is None:
            return None, {}, []
        game = game_from_data(data)
    except (BadFile, RecordError) as exc:
        return None, {}, [_warn_and_set_aside(path, str(exc), "saved game")]
    extra = {k: v for k, v in data.items() if k not in ("players", "rules", "moves")}
    if game.winner is not None:
        return None, extra, []
    return game, extra, []
