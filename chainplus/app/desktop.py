"""Chain+ in the desktop's menu, for the person who asks: ``python -m chainplus desktop``, or
the game's own ``--add-to-menu`` (all a pipx copy has) and ``--remove-from-menu``.

Under ``data_home()`` it writes what a desktop reads (``files``): the desktop entry
(Desktop Entry Specification 1.4, the newest Debian 12's desktop-file-validate knows), the
icons, the AppStream metainfo and the MIME type of game records, which the entry opens; then
it updates the desktop's caches. The entry starts the game the way this copy was installed
(``game_command``). The files are beside this module: the PNG icons drawn by
``chainplus.ui.art.app_icon``, the rest by hand.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TextIO

import chainplus
from chainplus.app import about

#: The reverse-DNS name of the entry, its icon, the metainfo and the MIME package.
APP_ID = "io.github.chainplus.chainplus"
#: The installed command, and the window's class (SDL names it after the program).
COMMAND = "chainplus"
#: Game records, as ``share/APP_ID.xml`` defines them.
MIME_TYPE = "application/x-chainplus-game"
ICON_SIZES = (48, 128, 256)
#: What earlier copies wrote under their old name: taken away when the entry is written or
#: removed, so the menu never shows two.
OLD_FILES = ("applications/chainplus.desktop",
             *(f"icons/hicolor/{s}x{s}/apps/chainplus.png" for s in ICON_SIZES))
#: The characters that make the specification's Exec key quote an argument.
RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")
#: Seconds a cache update may take before it is left (the files are in place already).
CACHE_SECONDS = 30.0


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


def icon_path(data: Path, size: int | None) -> Path:
    """The icon at ``size`` pixels (None: the scalable one)."""
    if size is None:
        return data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    return data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def metainfo_path(data: Path) -> Path:
    return data / "metainfo" / f"{APP_ID}.metainfo.xml"


def mime_path(data: Path) -> Path:
    return data / "mime" / "packages" / f"{APP_ID}.xml"


def files(data: Path) -> list[Path]:
    """Every file the entry brings under ``data``, the entry first."""
    return [entry_path(data), *(icon_path(data, size) for size in (*ICON_SIZES, None)),
            metainfo_path(data), mime_path(data)]


def game_command() -> list[str]:
    """How the entry starts the game: the ``chainplus`` command this Python's environment
    holds (its own scripts folder, then the user's), else this Python and the clone's
    ``main.py`` beside the package."""
    for scheme in (sysconfig.get_default_scheme(), f"{os.name}_user"):
        script = Path(sysconfig.get_path("scripts", scheme)) / COMMAND
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    main = Path(chainplus.__file__).resolve().parent.parent / "main.py"
    if main.is_file():
        return [sys.executable, str(main)]
    raise DesktopError(f"cannot find the {COMMAND} command beside {sys.executable}, nor a "
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
    record to open, from a file manager too: ``MimeType``), as text."""
    exec_line = " ".join(exec_argument(arg) for arg in command)
    keys = {
        "Type": "Application",
        "Version": "1.4",
        "Name": about.NAME,
        "GenericName": "Chain reaction game",
        "Comment": about.PURPOSE,
        "Icon": APP_ID,
        "TryExec": escaped(command[0]),
        "Exec": escaped(exec_line) + " %f",
        "Terminal": "false",
        "Categories": "Game;BoardGame;",
        "Keywords": "chain;reaction;RISC OS;Acorn;board;strategy;",
        "MimeType": f"{MIME_TYPE};",
        "StartupWMClass": COMMAND,
    }
    return "[Desktop Entry]\n" + "".join(f"{key}={value}\n" for key, value in keys.items())


def shipped(name: str) -> bytes:
    """A file this copy of Chain+ holds for the desktop, ``icons/NAME`` or ``share/NAME``."""
    folder, _, file = name.partition("/")
    try:
        return resources.files("chainplus.app").joinpath(folder).joinpath(file).read_bytes()
    except OSError:
        raise DesktopError(f"this copy of Chain+ has no {name}") from None


def icon_bytes(size: int) -> bytes:
    """The icon at ``size`` pixels, as this copy of Chain+ holds it (a PNG file)."""
    return shipped(f"icons/chainplus-{size}.png")


def contents(data: Path, command: Sequence[str]) -> dict[Path, bytes]:
    """What goes where under ``data``, the entry starting ``command``."""
    return {
        entry_path(data): entry(command).encode("utf-8"),
        **{icon_path(data, size): icon_bytes(size) for size in ICON_SIZES},
        icon_path(data, None): shipped("icons/chainplus.svg"),
        metainfo_path(data): shipped(f"share/{APP_ID}.metainfo.xml"),
        mime_path(data): shipped(f"share/{APP_ID}.xml"),
    }


def install(data: Path, command: Sequence[str]) -> list[Path]:
    """Write the entry and everything it brings under ``data`` (the entry last, once its icons
    are there), take an earlier copy's files away and update the caches; the paths written."""
    written = contents(data, command)
    for path, content in reversed(written.items()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    _remove_old(data)
    update_caches(data)
    return list(written)


def remove(data: Path) -> list[Path]:
    """Take the entry and everything it brought away from under ``data`` (and an earlier
    copy's files), and update the caches; the paths that were there."""
    removed = [path for path in files(data) if path.is_file()]
    for path in removed:
        path.unlink()
    removed += _remove_old(data)
    if removed:
        update_caches(data)
    return removed


def _remove_old(data: Path) -> list[Path]:
    gone = [data / name for name in OLD_FILES if (data / name).is_file()]
    for path in gone:
        path.unlink()
    return gone


def update_caches(data: Path) -> None:
    """Let the desktop know at once: the MIME database (which type a record is) and the
    entries' cache (which program opens it), each where its program is installed; a cache
    that cannot be updated is left as it is (the desktop rebuilds it at the next login)."""
    for program, folder in (("update-mime-database", data / "mime"),
                            ("update-desktop-database", data / "applications")):
        found = shutil.which(program)
        if found is None or not folder.is_dir():
            continue
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run([found, str(folder)], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=CACHE_SECONDS, check=False)


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
            f"{data / 'icons' / 'hicolor'}, its description and game records' type in "
            f"{metainfo_path(data).parent} and {mime_path(data).parent}.")


def _take_out() -> str:
    data = data_home()
    try:
        gone = remove(data)
    except OSError as exc:
        raise _cannot("remove", exc, entry_path(data)) from None
    return (f"Chain+ is out of the desktop's menu: removed {entry_path(data)}, its icons, "
            f"description and game records' type."
            if gone else
            f"Chain+ was not in the desktop's menu: there is no {entry_path(data)}.")


def _cannot(what: str, exc: OSError, where: Path) -> DesktopError:
    return DesktopError(f"cannot {what} {exc.filename or where}: {exc.strerror or exc}")
