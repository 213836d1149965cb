"""Settings and autosave files: where they live, atomic writes, and bad files set aside.

Nothing here may stop the game from starting: every problem with a file becomes a one-line
warning, the defaults (or no saved game), and the bad file kept under a new name so nothing
is lost. Writes go to a temporary file in the same folder and are renamed into place, so a
crash or a power cut at any moment leaves either the old file or the new one, never half.
"""

from __future__ import annotations

import copy
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from .game import Game
from .records import MAX_RECORD_BYTES, RecordError, decode, game_from_data, record_of
from .rules import RULES

ENV_DIR = "CHAINPLUS_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
LOG_FILE = "chainplus.log"
#: Files larger than this are not ours (settings are a few hundred bytes, a game a few kB).
MAX_FILE_BYTES = MAX_RECORD_BYTES

KINDS = ("human", "computer", "off")
SPEEDS = ("slow", "normal", "fast", "instant")

DEFAULTS: dict[str, Any] = {
    "seats": [
        {"kind": "human", "level": 5, "random_pct": 10},
        {"kind": "computer", "level": 5, "random_pct": 10},
        {"kind": "off", "level": 2, "random_pct": 10},
        {"kind": "off", "level": 2, "random_pct": 10},
    ],
    "speed": "normal",
    "sound": True,
    "rules": "acorn",
    "fullscreen": False,
}


def config_dir(override: str | os.PathLike | None = None) -> Path:
    """The folder for settings, autosave and log: an option, $CHAINPLUS_CONFIG_DIR, or XDG."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR]).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base).expanduser() / "chainplus"


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
        try:
            os.unlink(tmp)
        except OSError:
            pass
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
    """A file that is there but cannot be used; the message says why, in a few words."""


def read_json(path: Path) -> Any:
    """The decoded JSON of ``path``; None when there is no such file; BadFile otherwise."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadFile(f"it cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise BadFile("it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):  # a FIFO or a device would hang or never end
        raise BadFile("it is not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise BadFile(f"it is too large ({info.st_size} bytes)")
    try:
        with open(path, "rb") as handle:
            text = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BadFile(f"it cannot be read ({exc.strerror or exc})") from None
    try:
        return decode(text)
    except RecordError as exc:
        raise BadFile(str(exc)) from None


def _write_or_warn(path: Path, text: str, what: str) -> str | None:
    """Write ``text`` and a newline atomically; a one-line warning instead of raising."""
    try:
        atomic_write(path, text + "\n")
    except OSError as exc:
        return f"warning: cannot {what} in {path.parent}: {exc.strerror or exc}"
    return None


def _warn_and_set_aside(path: Path, why: str, what: str) -> str:
    kept = set_aside(path)
    where = f"; kept as {kept.name}" if kept else ""
    return f"warning: {what} {path} ignored: {why}{where}"


# --------------------------------------------------------------------------- settings
def check_settings(data: Any) -> tuple[dict[str, Any], list[str]]:
    """Settings from decoded JSON: every bad or missing value replaced by its default.

    Returns the settings and a list of what was wrong (empty when all was well).
    """
    settings = copy.deepcopy(DEFAULTS)
    if not isinstance(data, dict):
        return settings, ["it is not a JSON object"]
    problems = []
    seats = data.get("seats", DEFAULTS["seats"])
    if isinstance(seats, list) and len(seats) == 4 and all(isinstance(s, dict) for s in seats):
        for index, row in enumerate(seats):
            kind, level, pct = row.get("kind"), row.get("level"), row.get("random_pct")
            if kind not in KINDS or type(level) is not int or not 0 <= level <= 5 \
                    or type(pct) is not int or not 0 <= pct <= 100:
                problems.append(f"seat {index + 1} is not valid")
                continue
            settings["seats"][index] = {"kind": kind, "level": level, "random_pct": pct}
    else:
        problems.append("'seats' is not a list of 4 seats")
    if sum(row["kind"] != "off" for row in settings["seats"]) < 2:
        problems.append("fewer than two seats are in play")
        settings["seats"] = copy.deepcopy(DEFAULTS["seats"])
    for key, allowed in (("speed", SPEEDS), ("rules", RULES)):
        value = data.get(key, DEFAULTS[key])
        if value in allowed and isinstance(value, str):
            settings[key] = value
        else:
            problems.append(f"'{key}' is not one of {', '.join(allowed)}")
    for key in ("sound", "fullscreen"):
        value = data.get(key, DEFAULTS[key])
        if isinstance(value, bool):
            settings[key] = value
        else:
            problems.append(f"'{key}' is not true or false")
    return settings, problems


def load_settings(folder: Path) -> tuple[dict[str, Any], list[str]]:
    """The saved settings (defaults for anything missing or bad) and any warnings.

    A bad file is set aside under a new name, so the next save starts clean.
    """
    path = folder / SETTINGS_FILE
    try:
        data = read_json(path)
    except BadFile as exc:
        return copy.deepcopy(DEFAULTS), [_warn_and_set_aside(path, str(exc), "settings file")]
    if data is None:
        return copy.deepcopy(DEFAULTS), []
    settings, problems = check_settings(data)
    if problems:
        return settings, [_warn_and_set_aside(path, "; ".join(problems), "settings file")]
    return settings, []


def save_settings(folder: Path, settings: dict[str, Any]) -> str | None:
    """Write the settings; returns a one-line warning instead of raising when it cannot."""
    return _write_or_warn(folder / SETTINGS_FILE, json.dumps(settings, indent=1), "save settings")


# --------------------------------------------------------------------------- autosave
def save_game(folder: Path, game: Game, extra: dict[str, Any] | None = None) -> str | None:
    """Autosave ``game`` as a game record (``replay`` reads it); a warning instead of raising."""
    record = record_of(game)
    if extra:
        record.update({k: v for k, v in extra.items() if k not in record})
    return _write_or_warn(folder / AUTOSAVE_FILE, json.dumps(record, separators=(",", ":")), "autosave")


def load_game(folder: Path) -> tuple[Game | None, dict[str, Any], list[str]]:
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



# --------------------------------------------------------------------------- --seats
def parse_seats_spec(text: str) -> list[dict[str, Any]]:
    """The seats of a ``--seats`` option: four comma-separated entries, one per seat.

    ``H`` human, ``C`` computer (``C5`` level 5, ``C5:10`` level 5 at 10% random), ``-``
    not in play; fewer than four entries leave the rest not in play. Example: ``H,C5:10``.
    Raises ValueError with a one-line reason.
    """
    parts = [p.strip().upper() for p in text.split(",")]
    if not 1 <= len(parts) <= 4:
        raise ValueError(f"--seats takes up to four entries separated by commas, not {text!r}")
    parts += ["-"] * (4 - len(parts))
    seats = []
    for number, part in enumerate(parts, start=1):
        row = dict(DEFAULTS["seats"][3])  # a seat not in play, as the panel shows one
        if part in ("-", "OFF", ""):
            pass
        elif part == "H":
            row["kind"] = "human"
        elif part.startswith("C"):
            row = dict(DEFAULTS["seats"][1])  # the default computer player (level 5, 10%)
            level, _, pct = part[1:].partition(":")
            try:
                if level:
                    row["level"] = int(level)
                if pct:
                    row["random_pct"] = int(pct)
            except ValueError:
                raise ValueError(f"--seats: seat {number} {part!r} is not C, C<level> or C<level>:<random %>") from None
            if not 0 <= row["level"] <= 5 or not 0 <= row["random_pct"] <= 100:
                raise ValueError(f"--seats: seat {number} {part!r}: levels are 0-5 and random % 0-100")
        else:
            raise ValueError(f"--seats: seat {number} {part!r} is not H, C, C<level>[:<random %>] or -")
        seats.append(row)
    if sum(row["kind"] != "off" for row in seats) < 2:
        raise ValueError("--seats: at least two seats must play")
    return seats
