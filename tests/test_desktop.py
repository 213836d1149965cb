"""``python -m chainplus desktop``: a desktop entry, its icons, AppStream metainfo and the game
records' MIME type, for the current user, under ``$XDG_DATA_HOME`` (always a temporary folder
here: never the real home), said in one line and taken away with ``--remove``. The entry's keys
are checked against the Desktop Entry Specification by hand, and everything installed by
Debian 12's validators where they are installed (desktop-file-utils, appstream,
shared-mime-info); its Exec line is read back as a desktop would and started; the icons
installed are the ones ``app_icon`` draws now."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
from paths import ROOT

from chainplus.app import about, desktop
from chainplus.app import settings as st
from chainplus.app.games import GamesFolder
from chainplus.app.panel import panel_of
from chainplus.core.game import Game
from chainplus.tools import cli
from chainplus.ui.art import app_icon
from chainplus.ui.window import launch

#: Updating the desktop's caches, as ``install`` and ``remove`` do (the tests that count the
#: files installed leave it out).
UPDATE_CACHES = desktop.update_caches
#: AppStream's and shared-mime-info's XML namespaces.
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


@pytest.fixture(autouse=True)
def no_caches(monkeypatch) -> None:
    monkeypatch.setattr(desktop, "update_caches", lambda data: None)


#: The keys the specification defines for an entry of type Application (1.4; 1.5 adds two).
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
    assert keys["Type"] == "Application" and keys["Version"] == "1.4"  # Debian 12 knows no 1.5
    assert keys["MimeType"] == f"{desktop.MIME_TYPE};"
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
    assert keys["Name"] == "Chain+" and keys["Icon"] == desktop.APP_ID
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
    entry = data / "applications" / f"{desktop.APP_ID}.desktop"
    assert out.count("\n") == 1 and str(entry) in out
    icons = [data / "icons" / "hicolor" / f"{s}x{s}" / "apps" / f"{desktop.APP_ID}.png"
             for s in (48, 128, 256)]
    svg = data / "icons" / "hicolor" / "scalable" / "apps" / f"{desktop.APP_ID}.svg"
    metainfo = data / "metainfo" / f"{desktop.APP_ID}.metainfo.xml"
    mime = data / "mime" / "packages" / f"{desktop.APP_ID}.xml"
    everything = sorted([entry, *icons, svg, metainfo, mime])
    assert installed(data) == everything == sorted(desktop.files(data))
    check_entry(entry.read_text(encoding="utf-8"))
    for size, icon in zip((48, 128, 256), icons, strict=True):
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    assert svg.read_bytes() == (ROOT / "chainplus/app/icons/chainplus.svg").read_bytes()
    assert cli.main(["desktop"]) == 0  # again: the same files, written afresh
    assert installed(data) == everything
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
    entry = data / "applications" / f"{desktop.APP_ID}.desktop"
    assert str(entry) in capsys.readouterr().out and len(installed(data)) == 7
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


def test_an_earlier_copys_entry_and_icons_are_taken_away(tmp_path) -> None:
    """Named ``chainplus`` before the reverse-DNS name: the menu must not show two."""
    data = tmp_path / "data"
    for name in desktop.OLD_FILES:
        (data / name).parent.mkdir(parents=True, exist_ok=True)
        (data / name).write_text("old")
    desktop.install(data, ["/usr/bin/chainplus"])
    assert installed(data) == sorted(desktop.files(data))
    for name in desktop.OLD_FILES:
        (data / name).write_text("old")
    assert len(desktop.remove(data)) == len(desktop.files(data)) + len(desktop.OLD_FILES)
    assert installed(data) == []


def needs(*programs: str) -> pytest.MarkDecorator:
    missing = [name for name in programs if shutil.which(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} (apt-get "
                              "install desktop-file-utils appstream shared-mime-info)")


def validated(*command: str | Path) -> None:
    done = subprocess.run([str(word) for word in command], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@needs("desktop-file-validate", "appstreamcli", "update-mime-database")
def test_everything_installed_passes_debians_validators(tmp_path) -> None:
    data = tmp_path / "data"
    desktop.install(data, ["/opt/chain plus/bin/chainplus"])
    validated("desktop-file-validate", desktop.entry_path(data))
    validated("appstreamcli", "validate", "--no-net", "--pedantic", desktop.metainfo_path(data))
    validated("update-mime-database", data / "mime")
    assert (data / "mime" / "application" / "x-chainplus-game.xml").is_file()


@needs("update-mime-database", "update-desktop-database", "gio")
def test_a_kept_game_opens_in_chainplus_from_a_file_manager(tmp_path, monkeypatch) -> None:
    """GIO, as GNOME's and Xfce's file managers ask it: a kept game (a plain ``.json``) is a
    Chain+ game record by its contents, and Chain+ opens it."""
    monkeypatch.setattr(desktop, "update_caches", UPDATE_CACHES)
    data = tmp_path / "data"
    desktop.install(data, [sys.executable, str(ROOT / "main.py")])  # TryExec: it must be there
    kept = GamesFolder(tmp_path / "games").write(Game(), panel_of(), saved=False)
    assert isinstance(kept, Path) and kept.suffix == ".json"
    env = {**os.environ, "XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": "/usr/share",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}

    def gio(*words: str | Path) -> str:
        done = subprocess.run(["gio", *map(str, words)], capture_output=True, text=True,
                              env=env, timeout=60, check=False)
        return done.stdout

    for record in (kept, tmp_path / "shared.chainplus.json"):
        record.write_text(kept.read_text())
        said = gio("info", "-a", "standard::content-type", record)
        assert f"standard::content-type: {desktop.MIME_TYPE}" in said
    # the one program that names the type (which one is the default is the person's choice)
    said = gio("mime", desktop.MIME_TYPE)
    assert said.split("Recommended applications:")[1].split() == [f"{desktop.APP_ID}.desktop"]
    desktop.remove(data)
    assert desktop.MIME_TYPE not in gio("info", "-a", "standard::content-type", kept)


def test_the_metainfo_says_what_the_entry_and_changelog_say() -> None:
    root = ET.parse(ROOT / "chainplus/app/share" / f"{desktop.APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == desktop.APP_ID and root.findtext("name") == about.NAME
    assert root.findtext("launchable") == f"{desktop.APP_ID}.desktop"
    assert root.findtext("summary") == about.PURPOSE.rstrip(".")
    assert root.findtext("project_license") == about.LICENCE
    assert root.findtext("provides/binary") == desktop.COMMAND
    assert root.findtext("provides/mediatype") == desktop.MIME_TYPE
    assert root.find("content_rating") is not None
    for image in root.iterfind("screenshots/screenshot/image"):
        url = (image.text or "").strip()
        assert url.startswith("https://raw.githubusercontent.com/")
        path = ROOT / url.split("/", 6)[6]  # after the owner, the name and the branch
        assert pygame.image.load(str(path)).get_size() == (int(image.get("width", 0)),
                                                          int(image.get("height", 0)))
    released = re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d\d-\d\d)$",
                          (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    assert released and [(r.get("version"), r.get("date"))
                         for r in root.iterfind("releases/release")] == released


def test_the_mime_types_magic_knows_every_record_the_game_writes(tmp_path) -> None:
    """A kept or saved game and the autosave match the magic (``"players"`` early, then
    ``"moves"``), as the desktop reads it; the glob is the name a record may be shared by."""
    root = ET.parse(ROOT / "chainplus/app/share" / f"{desktop.APP_ID}.xml").getroot()
    [kind] = root.iterfind(f"{MIME_NS}mime-type")
    assert kind.get("type") == desktop.MIME_TYPE
    assert kind.find(f"{MIME_NS}sub-class-of").get("type") == "application/json"
    assert kind.find(f"{MIME_NS}glob").get("pattern") == "*.chainplus.json"

    def matches(match: ET.Element, head: bytes) -> bool:
        start, _, end = match.get("offset", "").partition(":")
        value = match.get("value", "").encode()
        found = head.find(value, int(start), int(end or start) + len(value))
        return found >= 0 and all(matches(inner, head) for inner in match)

    [magic] = kind.iterfind(f"{MIME_NS}magic")
    game = Game()
    for square in (0, 63, 0, 63, 0):
        game.play(square)
    kept = GamesFolder(tmp_path).write(game, panel_of(), saved=True)
    assert isinstance(kept, Path)
    st.write_autosave(tmp_path, game, extra={"plays_as": ["human", "computer"]})
    for text in (kept.read_bytes(), (tmp_path / st.AUTOSAVE_FILE).read_bytes()):
        assert any(matches(match, text) for match in magic), text[:80]
    assert not any(matches(match, json.dumps({"moves": []}).encode()) for match in magic)


def test_the_scalable_icon_is_a_square_picture_of_the_board() -> None:
    svg = ROOT / "chainplus/app/icons/chainplus.svg"
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 256 256"
    assert pygame.image.load(str(svg)).get_size() == (256, 256)
    assert desktop.shipped("icons/chainplus.svg") == svg.read_bytes()
