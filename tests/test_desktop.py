"""``python -m chainplus desktop``: a desktop entry and the icon, for the current user, under
``$XDG_DATA_HOME`` (always a temporary folder here: never the real home), said in one line and
taken away with ``--remove``. The entry's keys are checked against the Desktop Entry
Specification by hand (desktop-file-validate is not installed), its Exec line is read back as
a desktop would and started; the icons installed are the ones ``app_icon`` draws now."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pygame
import pytest
from paths import ROOT

from chainplus.app import about, desktop
from chainplus.tools import cli
from chainplus.ui.art import app_icon
from chainplus.ui.window import launch

#: The keys the specification defines for an entry of type Application (1.5).
KNOWN_KEYS = {"Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon",
              "Hidden", "OnlyShowIn", "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path",
              "Terminal", "Actions", "MimeType", "Categories", "Implements", "Keywords",
              "StartupNotify", "StartupWMClass", "PrefersNonDefaultGPU", "SingleMainWindow"}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}


def read_entry(text: str) -> dict[str, str]:
    """The [Desktop Entry] group's keys, as a desktop reads them: one group, each key once,
    no key before the group's header."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert lines[0] == "[Desktop Entry]" and not any(line.startswith("[") for line in lines[1:])
    keys: dict[str, str] = {}
    for line in lines[1:]:
        key, sep, value = line.partition("=")
        assert sep and key == key.strip() and key not in keys, line
        keys[key] = value
    return keys


def unescape(value: str) -> str:
    """A string value's escapes undone (``\\s \\n \\t \\r \\\\``)."""
    out, chars = [], iter(value)
    for char in chars:
        if char == "\\":
            char = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[next(chars)]
        out.append(char)
    return "".join(out)


def exec_words(value: str) -> list[str]:
    """The Exec key's arguments as the specification splits them: string escapes first,
    then double-quoted arguments (``\\`` escaping ``" ` $ \\``), then ``%%`` as ``%``; a field
    code stays as it is."""
    words, word, quoted, started = [], [], False, False
    chars = iter(unescape(value))
    for char in chars:
        if quoted and char == "\\":
            escaped_char = next(chars)
            assert escaped_char in '"`$\\'
            word.append(escaped_char)
        elif char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            if started:
                words.append("".join(word))
            word, started = [], False
        else:
            assert quoted or char not in desktop.RESERVED - {" "}, value
            word.append(char)
            started = True
    assert not quoted
    if started:
        words.append("".join(word))
    return [word if word == "%f" else percents(word) for word in words]


def percents(word: str) -> str:
    """``%%`` as ``%``; a lone ``%`` is a field code, which an argument may not hold."""
    out, chars = [], iter(word)
    for char in chars:
        if char == "%":
            assert next(chars, None) == "%", word
        out.append(char)
    return "".join(out)


def check_entry(text: str) -> dict[str, str]:
    """The entry's keys, after checking what the specification requires of them."""
    keys = read_entry(text)
    assert set(keys) <= KNOWN_KEYS, set(keys) - KNOWN_KEYS
    assert keys["Type"] == "Application" and keys["Version"] == "1.5"
    assert keys["Name"] and "Exec" in keys
    assert keys["Terminal"] in ("true", "false")
    categories = keys["Categories"].split(";")
    assert categories[-1] == "" and MAIN_CATEGORIES & set(categories)
    assert keys["Keywords"].endswith(";")
    words = exec_words(keys["Exec"])
    assert Path(words[0]).is_absolute() and unescape(keys["TryExec"]) == words[0]
    assert [w for w in words if w.startswith("%")] == ["%f"] and words[-1] == "%f"
    assert "/" not in keys["Icon"] and not keys["Icon"].endswith(".png")
    return keys


def test_the_entry_says_what_the_game_is_and_how_it_starts() -> None:
    keys = check_entry(desktop.entry(["/opt/chain plus/bin/chainplus"]))
    assert keys["Name"] == "Chain+" and keys["Icon"] == "chainplus"
    assert keys["Categories"] == "Game;BoardGame;" and keys["Comment"] == about.PURPOSE
    assert exec_words(keys["Exec"]) == ["/opt/chain plus/bin/chainplus", "%f"]


@pytest.mark.parametrize("path", ["/home/a b/python3", "/tmp/it's \"$HOME\" `x` 100%/py",
                                  "/tmp/back\\slash;&|<>~*?#()/py"])
def test_any_path_reads_back_from_the_exec_line_as_it_was(path: str) -> None:
    keys = check_entry(desktop.entry([path, "/clone/main.py"]))
    assert exec_words(keys["Exec"]) == [path, "/clone/main.py", "%f"]


def test_a_path_that_cannot_be_in_an_entry_is_one_error_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(desktop, "game_command", lambda: ["/tmp/a\nb/python", "main.py"])
    assert cli.main(["desktop"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: a path with a line break") and err.count("\n") == 1


def installed(data: Path) -> list[Path]:
    return sorted(p for p in data.rglob("*") if p.is_file())


def test_desktop_installs_the_entry_and_icons_says_where_and_remove_takes_them(
        tmp_path, monkeypatch, capsys) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    assert cli.main(["desktop"]) == 0
    out = capsys.readouterr().out
    entry = data / "applications" / "chainplus.desktop"
    assert out.count("\n") == 1 and str(entry) in out
    icons = [data / "icons" / "hicolor" / f"{s}x{s}" / "apps" / "chainplus.png"
             for s in (48, 128, 256)]
    assert installed(data) == sorted([entry, *icons])
    check_entry(entry.read_text(encoding="utf-8"))
    for size, icon in zip((48, 128, 256), icons, strict=True):
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    assert cli.main(["desktop"]) == 0  # again: the same files, written afresh
    assert installed(data) == sorted([entry, *icons])
    capsys.readouterr()
    assert cli.main(["desktop", "--remove"]) == 0
    assert installed(data) == [] and str(entry) in capsys.readouterr().out
    assert cli.main(["desktop", "--remove"]) == 0
    assert "was not in the desktop's menu" in capsys.readouterr().out


def test_the_games_own_command_puts_it_in_the_menu_and_takes_it_out(
        tmp_path, monkeypatch, capsys) -> None:
    """``chainplus --add-to-menu``: the way for a copy whose Python is out of reach (pipx)."""
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    assert launch.main(["--add-to-menu"]) == 0
    entry = data / "applications" / "chainplus.desktop"
    assert str(entry) in capsys.readouterr().out and len(installed(data)) == 4
    assert launch.main(["--remove-from-menu"]) == 0
    assert installed(data) == [] and str(entry) in capsys.readouterr().out
    entry.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(entry))  # below a file: nothing can be written
    assert launch.main(["--add-to-menu"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write") and err.count("\n") == 1
    for other in (["--fullscreen"], ["--seats", "H,C1"], ["game.json"]):  # left unused
        with pytest.raises(SystemExit) as ended:
            launch.main(["--add-to-menu", *other])
        assert ended.value.code == 2
        assert capsys.readouterr().err.startswith("error: --add-to-menu changes the desktop's")


def test_without_xdg_data_home_it_is_the_homes_local_share(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for unset in ({}, {"XDG_DATA_HOME": ""}, {"XDG_DATA_HOME": "relative/data"}):
        assert desktop.data_home(unset) == tmp_path / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "/srv/data"}) == Path("/srv/data")


def test_a_folder_that_cannot_be_written_is_one_error_line(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert cli.main(["desktop"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot write {blocker}") and err.count("\n") == 1


def test_exec_is_the_chainplus_command_of_this_python_where_it_is_installed(
        tmp_path, monkeypatch) -> None:
    scripts = {"default": tmp_path / "env" / "bin", "user": tmp_path / "user" / "bin"}
    for folder in scripts.values():
        folder.mkdir(parents=True)
    monkeypatch.setattr(sysconfig, "get_path", lambda name, scheme=None: str(
        scripts["user" if scheme and scheme.endswith("_user") else "default"]))
    clone = [sys.executable, str(ROOT / "main.py")]
    assert desktop.game_command() == clone  # no command installed: the clone's main.py
    user = scripts["user"] / "chainplus"
    user.write_text("#!/bin/sh\n")
    assert desktop.game_command() == clone  # not executable: not a command
    user.chmod(0o755)
    assert desktop.game_command() == [str(user)]  # pip install --user
    own = scripts["default"] / "chainplus"
    own.write_text("#!/bin/sh\n")
    own.chmod(0o755)
    assert desktop.game_command() == [str(own)]  # its own environment's (a venv, pipx) first


def test_with_no_command_and_no_clone_it_says_how_to_install(tmp_path, monkeypatch,
                                                            capsys) -> None:
    import chainplus

    monkeypatch.setattr(sysconfig, "get_path", lambda name, scheme=None: str(tmp_path))
    monkeypatch.setattr(chainplus, "__file__", str(tmp_path / "site" / "chainplus" /
                                                   "__init__.py"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert cli.main(["desktop"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot find the chainplus command") and err.count("\n") == 1
    assert not (tmp_path / "data" / "applications").exists()


def test_the_exec_line_written_from_a_clone_starts_the_game(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sysconfig, "get_path", lambda name, scheme=None: str(tmp_path))
    words = exec_words(read_entry(desktop.entry(desktop.game_command()))["Exec"])
    assert words[:2] == [sys.executable, str(ROOT / "main.py")]
    started = subprocess.run([*words[:-1], "--help"], cwd=tmp_path, capture_output=True,
                             text=True, timeout=60)  # from anywhere, as a desktop starts it
    assert started.returncode == 0 and "usage:" in started.stdout


def test_the_icons_installed_are_the_ones_app_icon_draws() -> None:
    """The committed PNGs are up to date: ``python -m chainplus.ui.art.app_icon
    chainplus/app/icons`` writes them."""
    assert desktop.ICON_SIZES == app_icon.SIZES
    for size in app_icon.SIZES:
        drawn = app_icon.draw(size)
        assert drawn.get_size() == (size, size)
        path = ROOT / "chainplus" / "app" / "icons" / f"chainplus-{size}.png"
        assert path.read_bytes() == desktop.icon_bytes(size)
        kept = pygame.image.load(str(path))
        assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(drawn, "RGBA"), size
        assert drawn.get_at((0, 0)).a == 0  # a transparent margin round the board
