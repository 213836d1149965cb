"""Chain+ in the desktop's menu, for the person who asks: ``python -m chainplus desktop``, or
the game's own ``--add-to-menu`` (all a pipx copy has) and ``--remove-from-menu``.

It writes a desktop entry (the freedesktop.org Desktop Entry Specification) to
``DATA/applications/chainplus.desktop`` and the program's icon at each size to
``DATA/icons/hicolor/SIZExSIZE/apps/chainplus.png``, where DATA is ``$XDG_DATA_HOME`` or else
``~/.local/share``, and says where in one line; ``--remove`` takes them away again. The entry
starts the game the way this copy was installed: the ``chainplus`` command of this Python's
environment (pip, pipx), else this Python running the clone's ``main.py``. The icons are PNG
files beside this module, drawn by ``chainplus.ui.art.app_icon``.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TextIO

import chainplus
from chainplus.app import about

APP_ID = "chainplus"
ICON_SIZES = (48, 128, 256)
#: The characters that make the specification's Exec key quote an argument.
RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")


class DesktopError(Exception):
    """Why the entry cannot be written or taken away, in one line for the person asking."""


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME`` when it is set to an absolute path (the specification ignores any
    other), else ``~/.local/share``."""
    given = environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(given):
        return Path(given)
    try:
        return Path.home() / ".local" / "share"
    except RuntimeError:
        raise DesktopError("cannot tell your home folder: set HOME or XDG_DATA_HOME") from None


def entry_path(data: Path) -> Path:
    return data / "applications" / f"{APP_ID}.desktop"


def icon_path(data: Path, size: int) -> Path:
    return data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def game_command() -> list[str]:
    """How the entry starts the game: the ``chainplus`` command this Python's environment
    holds (its own scripts folder, then the user's), else this Python and the clone's
    ``main.py`` beside the package."""
    for scheme in (sysconfig.get_default_scheme(), f"{os.name}_user"):
        script = Path(sysconfig.get_path("scripts", scheme)) / APP_ID
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    main = Path(chainplus.__file__).resolve().parent.parent / "main.py"
    if main.is_file():
        return [sys.executable, str(main)]
    raise DesktopError(f"cannot find the {APP_ID} command beside {sys.executable}, nor a "
                       "clone's main.py: install Chain+ with pip or pipx")


def escaped(value: str) -> str:
    """A string value as a desktop entry writes it (backslashes doubled); a value that cannot
    be one (a line break) is a DesktopError."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise DesktopError(f"a path that is not UTF-8 cannot go in a desktop entry: {value!r}"
                           ) from None
    if "\n" in value or "\r" in value:
        raise DesktopError(f"a path with a line break cannot go in a desktop entry: {value!r}")
    return value.replace("\\", "\\\\")


def exec_argument(arg: str) -> str:
    """One argument of the Exec key: in double quotes (with ``"`` ````` ``$`` ``\\``
    escaped) when it holds a reserved character, and ``%`` doubled (it starts a field code)."""
    if any(char in RESERVED for char in arg):
        arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return arg.replace("%", "%%")


def entry(command: Sequence[str]) -> str:
    """The desktop entry that starts ``command`` with a file it is given (``%f``: a game
    record to open), as text."""
    exec_line = " ".join(exec_argument(arg) for arg in command)
    keys = {
        "Type": "Application",
        "Version": "1.5",
        "Name": about.NAME,
        "GenericName": "Chain reaction game",
        "Comment": about.PURPOSE,
        "Icon": APP_ID,
        "TryExec": escaped(command[0]),
        "Exec": escaped(exec_line) + " %f",
        "Terminal": "false",
        "Categories": "Game;BoardGame;",
        "Keywords": "chain;reaction;RISC OS;Acorn;board;strategy;",
        "StartupWMClass": APP_ID,
    }
    return "[Desktop Entry]\n" + "".join(f"{key}={value}\n" for key, value in keys.items())


def icon_bytes(size: int) -> bytes:
    """The icon at ``size`` pixels, as this copy of Chain+ holds it (a PNG file)."""
    name = f"{APP_ID}-{size}.png"
    try:
        return resources.files("chainplus.app").joinpath("icons").joinpath(name).read_bytes()
    except OSError:
        raise DesktopError(f"this copy of Chain+ has no icon {name}") from None


def install(data: Path, command: Sequence[str]) -> list[Path]:
    """Write the entry and the icons under ``data``; the paths written."""
    written = []
    for size in ICON_SIZES:
        path = icon_path(data, size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icon_bytes(size))
        written.append(path)
    path = entry_path(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(entry(command), encoding="utf-8")
    return [path, *written]


def remove(data: Path) -> list[Path]:
    """Take the entry and the icons away from under ``data``; the paths that were there."""
    removed = []
    for path in (entry_path(data), *(icon_path(data, size) for size in ICON_SIZES)):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def cmd_desktop(take_away: bool, out: TextIO, err: TextIO) -> int:
    """Put Chain+ in the desktop's menu (or take it out) and say so in one line on ``out``;
    the status. What stops it is one ``error:`` line on ``err``, and status 2."""
    try:
        print(_take_out() if take_away else _put_in(), file=out)
    except DesktopError as exc:
        print(f"error: {exc}", file=err)
        return 2
    return 0


def _put_in() -> str:
    data = data_home()
    try:
        install(data, game_command())
    except OSError as exc:
        raise _cannot("write", exc, entry_path(data)) from None
    return (f"Chain+ is in the desktop's menu: {entry_path(data)}, its icons in "
            f"{data / 'icons' / 'hicolor'}.")


def _take_out() -> str:
    data = data_home()
    try:
        gone = remove(data)
    except OSError as exc:
        raise _cannot("remove", exc, entry_path(data)) from None
    return (f"Chain+ is out of the desktop's menu: removed {entry_path(data)} and its icons."
            if gone else
            f"Chain+ was not in the desktop's menu: there is no {entry_path(data)}.")


def _cannot(what: str, exc: OSError, where: Path) -> DesktopError:
    return DesktopError(f"cannot {what} {exc.filename or where}: {exc.strerror or exc}")
