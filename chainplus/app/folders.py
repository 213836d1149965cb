"""Where a player's files live, and moving them there from where earlier versions kept them.

On Linux and the other systems of the XDG Base Directory Specification the settings are
configuration (``$XDG_CONFIG_HOME/chainplus``), the kept and saved games are the player's data
(``$XDG_DATA_HOME/chainplus``) and the autosave and the log are state
(``$XDG_STATE_HOME/chainplus``), each variable ignored unless it is an absolute path, as the
specification says. Windows and macOS keep one folder for all of them (``settings.system_dir``),
and so does a folder given by ``--config-dir`` or ``$CHAINPLUS_CONFIG_DIR``.

Earlier versions kept everything in the configuration folder, so ``settle`` moves the files
out of it once without losing one: only where the new place has none, and what cannot be moved
stays in use where it was (the next run tries again).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from chainplus.app.games import GAMES_FOLDER
from chainplus.app.settings import AUTOSAVE_FILE, ENV_DIR, LOG_FILE, config_dir, xdg_base

#: Each folder's own name under its XDG base.
APP_FOLDER = "chainplus"


@dataclass(frozen=True)
class Folders:
    """The three folders of a player's files (the same folder three times where the system or
    the operator keeps them together)."""

    config: Path  # settings.json
    data: Path  # games/kept, games/saved
    state: Path  # autosave.json, chainplus.log

    @classmethod
    def one(cls, folder: Path) -> Folders:
        """Everything in ``folder``."""
        return cls(folder, folder, folder)

    def sub(self, name: str) -> Folders:
        """A subfolder ``name`` of each (a kiosk's own files)."""
        return Folders(self.config / name, self.data / name, self.state / name)


def player_folders(override: str | os.PathLike[str] | None = None) -> Folders:
    """Where this player's files live: all in the folder the option or
    ``$CHAINPLUS_CONFIG_DIR`` gives, or that Windows and macOS keep (``settings.config_dir``),
    else each kind in its XDG folder."""
    config = config_dir(override)
    if override or os.environ.get(ENV_DIR) or sys.platform in ("win32", "darwin"):
        return Folders.one(config)
    return Folders(config, xdg_base("XDG_DATA_HOME", ".local/share") / APP_FOLDER,
                   xdg_base("XDG_STATE_HOME", ".local/state") / APP_FOLDER)


def settle(folders: Folders) -> tuple[Folders, list[str]]:
    """Move the games, the autosave and the log from the configuration folder to their own
    folders; the folders to use and a line for the log about each move or failure. A kind not
    moved whole is used where it was."""
    old = folders.config
    notes: list[str] = []
    data, state = folders.data, folders.state
    games = old / GAMES_FOLDER
    if data != old and games.is_dir() and not _move_all(games, data / GAMES_FOLDER, notes,
                                                         "the games"):
        data = old
    if state != old:
        names = [p.name for p in sorted(old.glob(f"{AUTOSAVE_FILE}*"))
                 + sorted(old.glob(f"{LOG_FILE}*")) if p.is_file()]
        if names and not _move_files(old, state, names, notes, "the autosave and log"):
            state = old
    return Folders(old, data, state), notes


def _move_all(old: Path, new: Path, notes: list[str], what: str) -> bool:
    """Every file below ``old`` to the same place below ``new``; empty folders left behind
    removed. Whether all of them moved."""
    names = [str(p.relative_to(old)) for p in sorted(old.rglob("*")) if p.is_file()]
    if not _move_files(old, new, names, notes, what):
        return False
    for folder in sorted((p for p in old.rglob("*") if p.is_dir()), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()
    with contextlib.suppress(OSError):
        old.rmdir()
    return True


def _move_files(old: Path, new: Path, names: list[str], notes: list[str], what: str) -> bool:
    """The files ``names`` (relative paths) from ``old`` to ``new``, one by one; a name the new
    folder has already stays where it was. Whether every one moved: after a failure those
    moved go back."""
    moved: list[str] = []
    kept = []
    for name in names:
        source, target = old / name, new / name
        if target.exists():
            kept.append(name)
            continue
        try:
            move_file(source, target)
        except OSError as exc:
            for back in reversed(moved):  # all of them where they were, in use there
                with contextlib.suppress(OSError):
                    move_file(new / back, old / back)
            notes.append(f"cannot move {what} from {old} to {new} ({exc.strerror or exc}: "
                         f"{exc.filename or target}): they stay in use where they are")
            return False
        moved.append(name)
    if moved:
        notes.append(f"moved {what} ({len(moved)} file{'s' * (len(moved) != 1)}) from {old} "
                     f"to {new}")
    if kept:
        notes.append(f"kept {', '.join(kept)} in {old}: {new} has a file of the same name")
    return True


def move_file(source: Path, target: Path) -> None:
    """``source`` to ``target`` (which is not there): a rename on one disk, else a copy
    written whole and flushed before the source goes. An OSError leaves the source as it was
    and nothing at ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.rename(source, target)
        return
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out, open(source, "rb") as inp:
            shutil.copyfileobj(inp, out)
            out.flush()
            os.fsync(out.fileno())
        shutil.copystat(source, tmp)
        os.replace(tmp, target)
        _sync_folder(target.parent)  # the copy is on the disk before the original goes
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    source.unlink()


def _sync_folder(folder: Path) -> None:
    """Have ``folder``'s entries on the disk (where the system can say so)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
