"""Settings and autosave files: round trips, bad files set aside, atomic writes under kill -9;
where each kind of file lives, and an earlier version's files moved there."""

from __future__ import annotations

import errno
import io
import json
import os
import random
import signal
import subprocess
import sys
from dataclasses import asdict, replace
from pathlib import Path

import pytest
from paths import ROOT

from chainplus.app import folders as folders_module
from chainplus.app import settings as st
from chainplus.app.folders import Folders, player_folders, settle
from chainplus.app.panel import panel_of
from chainplus.app.placement import Placement
from chainplus.app.seats import SeatSpec, parse_seats
from chainplus.app.store import Store
from chainplus.core.game import Game
from chainplus.core.records import game_from_text
from chainplus.tools import cli


def test_config_dir_option_then_environment_then_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv(st.ENV_DIR, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert st.config_dir() == tmp_path / "xdg" / "chainplus"
    monkeypatch.setenv(st.ENV_DIR, str(tmp_path / "env"))
    assert st.config_dir() == tmp_path / "env"
    assert st.config_dir(tmp_path / "opt") == tmp_path / "opt"


@pytest.mark.parametrize("platform, appdata, expected", [
    ("win32", "{tmp}/Roaming", "{tmp}/Roaming/Chain+"),
    ("win32", None, "{home}/AppData/Roaming/Chain+"),  # APPDATA unset: its usual place
    ("darwin", None, "{home}/Library/Application Support/Chain+"),
    ("linux", None, "{home}/.config/chainplus"),
    ("freebsd14", None, "{home}/.config/chainplus"),
])
def test_each_system_keeps_the_files_where_it_expects_them(monkeypatch, tmp_path, platform,
                                                           appdata, expected):
    home = tmp_path / "home"
    for name in (st.ENV_DIR, "XDG_CONFIG_HOME", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    if appdata is not None:
        monkeypatch.setenv("APPDATA", appdata.format(tmp=tmp_path))
    monkeypatch.setattr(sys, "platform", platform)
    assert st.config_dir() == Path(expected.format(tmp=tmp_path, home=home))
    monkeypatch.setenv(st.ENV_DIR, str(tmp_path / "env"))  # the variable and option still win
    assert st.config_dir() == tmp_path / "env"
    assert st.config_dir(tmp_path / "opt") == tmp_path / "opt"


def test_xdg_config_home_counts_only_where_xdg_is_the_custom(monkeypatch, tmp_path):
    monkeypatch.delenv(st.ENV_DIR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(sys, "platform", "darwin")
    assert st.config_dir() == tmp_path / "Library" / "Application Support" / "Chain+"


def test_no_file_gives_defaults_quietly(tmp_path):
    settings, warnings = st.load_settings(tmp_path)
    assert settings == st.DEFAULTS and warnings == []


def test_settings_round_trip(tmp_path):
    settings, _ = st.load_settings(tmp_path)
    seats = list(settings.seats)
    seats[2] = SeatSpec("computer", 3, 40)
    settings = replace(settings, seats=tuple(seats), speed="instant", sound=False,
                       rules="classic")
    assert st.save_settings(tmp_path, settings) is None
    again, warnings = st.load_settings(tmp_path)
    assert again == settings and warnings == []
    assert [p.name for p in tmp_path.iterdir()] == [st.SETTINGS_FILE]  # no temporary left over


BAD_SETTINGS = {
    "corrupt": b"{\"speed\": \"fast\", \"sou",
    "not utf-8": b"\xff\xfe\x00garbage",
    "empty": b"",
    "a list": b"[1, 2, 3]",
    "wrong types": json.dumps({"speed": 3, "sound": "yes", "rules": None}).encode(),
    "absurd level": json.dumps(
        {"seats": [{"kind": "human", "level": 99, "random_pct": 10}] * 4}
    ).encode(),
    "absurd random": json.dumps(
        {"seats": [{"kind": "human", "level": 1, "random_pct": -5}] * 4}
    ).encode(),
    "one seat in play": json.dumps({"seats": [{"kind": "human", "level": 1, "random_pct": 0}]
                                    + [{"kind": "off", "level": 1, "random_pct": 0}] * 3}).encode(),
    "deeply nested": b"[" * 200_000 + b"]" * 200_000,
    "huge": b"{\"pad\": \"" + b"x" * (st.MAX_FILE_BYTES + 10) + b"\"}",
}


@pytest.mark.parametrize("name", list(BAD_SETTINGS))
def test_bad_settings_file_warns_uses_defaults_and_is_kept_aside(tmp_path, name):
    path = tmp_path / st.SETTINGS_FILE
    path.write_bytes(BAD_SETTINGS[name])
    settings, warnings = st.load_settings(tmp_path)
    assert len(warnings) == 1 and warnings[0].startswith("warning: settings file")
    assert "\n" not in warnings[0]
    assert not path.exists()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(st.SETTINGS_FILE + ".bad-")]
    assert len(kept) == 1 and kept[0].read_bytes() == BAD_SETTINGS[name]
    assert kept[0].name in warnings[0]
    # what could be read was kept, the rest is the default
    check, problems = st.check_settings(settings.to_json())
    assert problems == [] and check == settings
    assert st.save_settings(tmp_path, settings) is None
    assert st.load_settings(tmp_path) == (settings, [])


def test_good_values_survive_beside_bad_ones(tmp_path):
    (tmp_path / st.SETTINGS_FILE).write_text(json.dumps({"speed": "fast", "sound": "loud"}))
    settings, warnings = st.load_settings(tmp_path)
    assert settings.speed == "fast" and settings.sound is True
    assert "'sound'" in warnings[0]


def test_a_folder_where_the_settings_file_should_be(tmp_path):
    (tmp_path / st.SETTINGS_FILE).mkdir()
    (tmp_path / st.SETTINGS_FILE / "inside.txt").write_text("keep me")
    settings, warnings = st.load_settings(tmp_path)
    assert settings == st.DEFAULTS and "folder" in warnings[0]
    kept = next(tmp_path.glob(st.SETTINGS_FILE + ".bad-*"))
    assert (kept / "inside.txt").read_text() == "keep me"
    assert st.save_settings(tmp_path, settings) is None


def test_a_fifo_or_a_device_is_not_read(tmp_path):
    os.mkfifo(tmp_path / st.SETTINGS_FILE)  # reading it would block for ever
    (tmp_path / st.AUTOSAVE_FILE).symlink_to("/dev/zero")  # reading it would never end
    settings, warnings = st.load_settings(tmp_path)
    assert settings == st.DEFAULTS and "not a regular file" in warnings[0]
    game, _, warnings = st.read_autosave(tmp_path)
    assert game is None and "not a regular file" in warnings[0]


def test_cannot_write_is_a_warning_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    folder = blocker / "chainplus"  # a folder inside a file cannot be made, even by root
    failure = st.save_settings(folder, st.DEFAULTS)
    assert failure is not None and failure.warning.startswith("warning: cannot save settings")
    assert failure.warning.endswith(f"a file stands where its folder should be ({blocker})")
    failure = st.write_autosave(folder, Game())
    assert failure is not None and failure.warning.startswith("warning: cannot autosave")
    assert st.load_settings(folder)[0] == st.DEFAULTS


def test_each_cause_of_a_failed_save_has_its_own_words(tmp_path, monkeypatch):
    """What the player is told names the real cause (the window shows ``cause``)."""
    folder = tmp_path / "cfg"
    folder.write_text("")  # a file where the folder should be
    failure = st.save_settings(folder, st.DEFAULTS)
    assert failure is not None and failure.cause == st.FILE_IN_THE_WAY
    folder.unlink()
    folder.mkdir()
    if os.geteuid() != 0:  # root writes anywhere, so these two need an ordinary user
        folder.chmod(0o500)
        assert st.save_settings(folder, st.DEFAULTS).cause == "the folder is not writable"
        assert st.save_settings(folder / "sub", st.DEFAULTS).cause == \
            "the folder is missing and cannot be made"
        folder.chmod(0o700)
    full = OSError(errno.ENOSPC, "No space left on device")
    assert st.write_failure_cause(folder, full) == "the disk is full"
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert st.write_failure_cause(folder, denied) == "the folder is not writable"
    assert st.write_failure_cause(folder / "a" / "b", denied) == \
        "the folder is missing and cannot be made"

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(st.tempfile, "mkstemp", no_space)
    failure = st.write_autosave(folder, Game())
    assert failure is not None and failure.cause == "the disk is full"
    assert failure.warning == f"warning: cannot autosave in {folder}: the disk is full"


def test_autosave_is_a_game_record_and_resumes_exactly(tmp_path, capsys):
    rng = random.Random(5)
    game = Game((1, 3, 4), "classic")
    for _ in range(40):
        game.play(game.random_move(rng))
    extra = {"seat_kinds": ["human", "computer"], "players": 9}
    assert st.write_autosave(tmp_path, game, extra) is None
    text = (tmp_path / st.AUTOSAVE_FILE).read_text()
    assert json.loads(text)["players"] == [1, 3, 4]  # extra keys never override the record
    assert game_from_text(text).state() == game.state()
    resumed, extra, warnings = st.read_autosave(tmp_path)
    assert resumed.state() == game.state() and warnings == []
    assert extra == {"seat_kinds": ["human", "computer"]}
    assert cli.main(["replay", str(tmp_path / st.AUTOSAVE_FILE)]) == 0  # the replay tool reads it
    assert json.loads(capsys.readouterr().out)["to_move"] == game.to_move


def test_a_finished_game_is_not_resumed(tmp_path):
    rng = random.Random(1)
    game = Game()
    while game.winner is None:
        game.play(game.random_move(rng))
    st.write_autosave(tmp_path, game)
    assert st.read_autosave(tmp_path)[0] is None


@pytest.mark.parametrize(
    "content", [b'{"players": 2, "moves": [[0, 0], [0, 0]]}', b'{"players"', b"[]"]
)
def test_bad_autosave_is_set_aside(tmp_path, content):
    (tmp_path / st.AUTOSAVE_FILE).write_bytes(content)
    game, _, warnings = st.read_autosave(tmp_path)
    assert game is None and warnings[0].startswith("warning: saved game")
    assert next(tmp_path.glob(st.AUTOSAVE_FILE + ".bad-*")).read_bytes() == content


WRITER = """
import random, sys
from dataclasses import asdict, replace
from pathlib import Path
from pathlib import Path
from chainplus.core.game import Game
from chainplus.app.settings import write_autosave
folder = Path(sys.argv[1])
rng = random.Random(int(sys.argv[2]))
every = int(sys.argv[3])
print("ready", flush=True)
saved = 0
while True:
    game = Game((1, 2, 3))
    while game.winner is None:
        game.play(game.random_move(rng))
        write_autosave(folder, game)
        saved += 1
        if saved % every == 0:
            print("saved", flush=True)
"""
#: The writer says "saved" after every SAVES_A_LINE autosaves: the test counts its lines, so
#: where the kill lands depends on the seed, never on how fast the machine is.
SAVES_A_LINE = 50


def test_kill_9_at_any_moment_leaves_a_whole_autosave(tmp_path):
    for seed in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), str(seed), str(SAVES_A_LINE)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline() == "ready\n"
        for _ in range(4 + seed):  # 200 autosaves in, 50 more with each seed
            assert proc.stdout.readline() == "saved\n"
        os.kill(proc.pid, signal.SIGKILL)  # while it writes on: wherever it is in a write
        proc.wait()
        proc.stdout.close()
        text = (tmp_path / st.AUTOSAVE_FILE).read_text()
        game = game_from_text(text)  # never half a file
        assert len(game.moves) >= 1


def test_seats_option():
    seats = parse_seats("H,c5:10")
    assert [s.kind for s in seats] == ["human", "computer", "off", "off"]
    assert seats[1].level == 5 and seats[1].random_pct == 10
    seats = parse_seats("-,C,H,C0")
    assert [s.kind for s in seats] == ["off", "computer", "human", "computer"]
    assert seats[3].level == 0 and seats[3].random_pct == 10
    assert seats[1] == st.DEFAULTS.seats[1]  # a bare C is the default computer player
    # an unlisted seat is as the panel's default
    assert parse_seats("H,C1:0")[2] == st.DEFAULTS.seats[2]
    assert st.check_settings({"seats": [asdict(s) for s in seats]})[1] == []
    for bad, message in (("H", "two seats"), ("H,X", "not H, C"), ("H,C9", "levels are 0-5"),
                         ("H,C1:101", "random %"), ("H,Cx", "not C, C<level>"),
                         ("H,H,H,H,H", "up to four")):
        with pytest.raises(ValueError, match=message):
            parse_seats(bad)


# --------------------------------------------------------------------------- the window's place
def test_the_windows_size_and_place_round_trip_and_old_files_still_load(tmp_path):
    settings = replace(st.DEFAULTS, window=Placement(size=(960, 720), position=(-10, 24)))
    assert st.save_settings(tmp_path, settings) is None
    assert st.load_settings(tmp_path) == (settings, [])
    unplaced = replace(st.DEFAULTS, window=Placement(size=(960, 720)))
    assert st.check_settings(unplaced.to_json()) == (unplaced, [])
    old = st.DEFAULTS.to_json()
    del old["window"]  # a file from before the window was remembered
    assert st.check_settings(old) == (st.DEFAULTS, [])


@pytest.mark.parametrize("window", [
    [960, 720], {"size": [960]}, {"size": [0, 720]}, {"size": [True, 720]},
    {"size": [960.0, 720]}, {"size": [960, 720], "position": [1, "2"]},
    {"size": [960, 720], "position": [10 ** 6, 0]}, {"position": [1, 2]},
    {"size": [960, 720], "maximised": True}, "960x720",
])
def test_a_bad_window_falls_back_to_none_with_one_warning(tmp_path, window):
    data = {**replace(st.DEFAULTS, speed="fast").to_json(), "window": window}
    settings, problems = st.check_settings(data)
    assert settings == replace(st.DEFAULTS, speed="fast") and len(problems) == 1
    assert problems[0].startswith("'window' ")
    (tmp_path / st.SETTINGS_FILE).write_text(json.dumps(data))
    loaded, warnings = st.load_settings(tmp_path)
    assert loaded.speed == "fast" and loaded.window is None and len(warnings) == 1


# --------------------------------------------------------------------------- the folders
def xdg(monkeypatch, tmp_path: Path, **given: str) -> Path:
    """A Linux home in ``tmp_path`` with only the XDG variables ``given``; the home."""
    home = tmp_path / "home"
    for name in (st.ENV_DIR, "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(sys, "platform", "linux")
    for name, value in given.items():
        monkeypatch.setenv(name, value)
    return home


def test_on_linux_settings_games_and_autosave_each_have_their_xdg_folder(monkeypatch,
                                                                         tmp_path):
    home = xdg(monkeypatch, tmp_path)
    assert player_folders() == Folders(home / ".config" / "chainplus",
                                       home / ".local" / "share" / "chainplus",
                                       home / ".local" / "state" / "chainplus")
    xdg(monkeypatch, tmp_path, XDG_CONFIG_HOME="/c", XDG_DATA_HOME="/d", XDG_STATE_HOME="/s")
    assert player_folders() == Folders(Path("/c/chainplus"), Path("/d/chainplus"),
                                       Path("/s/chainplus"))
    # relative paths are ignored, as the specification says
    home = xdg(monkeypatch, tmp_path, XDG_CONFIG_HOME="c", XDG_DATA_HOME="d",
               XDG_STATE_HOME="./s")
    assert player_folders() == Folders(home / ".config" / "chainplus",
                                       home / ".local" / "share" / "chainplus",
                                       home / ".local" / "state" / "chainplus")


def test_a_folder_given_or_windows_and_macos_keep_everything_in_one(monkeypatch, tmp_path):
    xdg(monkeypatch, tmp_path, XDG_DATA_HOME="/d", XDG_STATE_HOME="/s")
    assert player_folders(tmp_path / "opt") == Folders.one(tmp_path / "opt")
    monkeypatch.setenv(st.ENV_DIR, str(tmp_path / "env"))
    assert player_folders() == Folders.one(tmp_path / "env")
    monkeypatch.delenv(st.ENV_DIR)
    for platform in ("win32", "darwin"):
        monkeypatch.setattr(sys, "platform", platform)
        assert player_folders() == Folders.one(st.system_dir())
    assert settle(Folders.one(tmp_path)) == (Folders.one(tmp_path), [])  # nothing to move


def old_layout(folder: Path) -> dict[str, bytes]:
    """The files an earlier version kept in the configuration folder, by name."""
    game = Game()
    for square in (0, 63, 0):
        game.play(square)
    st.write_autosave(folder, game)
    files = {"settings.json": b"{}", "autosave.json.bad-20261126-101502": b"[",
             "chainplus.log": b"log\n", "chainplus.log.1": b"older\n",
             "games/kept/2026-11-26_10-15-02.json": b'{"players": 2, "moves": []}',
             "games/saved/2026-11-27_09-00-00.json": b'{"players": 3, "moves": []}'}
    for name, content in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
    return {**files, "autosave.json": (folder / "autosave.json").read_bytes()}


def layout(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_an_earlier_versions_files_move_to_their_folders_once(monkeypatch, tmp_path) -> None:
    home = xdg(monkeypatch, tmp_path)
    folders = player_folders()
    old = old_layout(folders.config)
    used, notes = settle(folders)
    assert used == folders
    assert layout(folders.config) == {"settings.json": b"{}"}  # the settings stay
    assert layout(folders.data) == {k: v for k, v in old.items() if k.startswith("games/")}
    assert layout(folders.state) == {k: v for k, v in old.items()
                                     if k.startswith(("autosave", "chainplus.log"))}
    assert notes == [f"moved the games (2 files) from {folders.config / 'games'} to "
                     f"{folders.data / 'games'}",
                     f"moved the autosave and log (4 files) from {folders.config} to "
                     f"{folders.state}"]
    assert settle(folders) == (folders, [])  # once
    store = Store(folders, stream=io.StringIO())
    assert store.resume(panel_of(), False)[0] is not None  # the game carries on
    assert [e.path.name for e in store.recent_games(5)] == ["2026-11-27_09-00-00.json",
                                                            "2026-11-26_10-15-02.json"]
    assert home.is_dir()


def test_a_name_the_new_folder_has_already_stays_where_it_was(monkeypatch, tmp_path) -> None:
    xdg(monkeypatch, tmp_path)
    folders = player_folders()
    old = old_layout(folders.config)
    (folders.state).mkdir(parents=True)
    (folders.state / "autosave.json").write_text("newer")
    used, notes = settle(folders)
    assert used == folders and (folders.state / "autosave.json").read_text() == "newer"
    assert (folders.config / "autosave.json").read_bytes() == old["autosave.json"]  # not lost
    assert f"kept autosave.json in {folders.config}" in notes[-1]


def test_a_move_that_cannot_be_made_leaves_the_old_files_in_use(monkeypatch, tmp_path) -> None:
    """A file where the new folders should be (as a read-only disk would): nothing moves, and
    the old folder is used for the games, the autosave and the log."""
    xdg(monkeypatch, tmp_path, XDG_DATA_HOME=str(tmp_path / "blocked"),
        XDG_STATE_HOME=str(tmp_path / "blocked"))
    (tmp_path / "blocked").write_text("a file")
    folders = player_folders()
    old = old_layout(folders.config)
    used, notes = settle(folders)
    assert used == Folders.one(folders.config) and layout(folders.config) == old
    assert len(notes) == 2 and all(note.startswith("cannot move ") and
                                   note.endswith("they stay in use where they are")
                                   for note in notes)
    store = Store(used, stream=io.StringIO())
    assert store.resume(panel_of(), False)[0] is not None
    assert len(store.recent_games(5)) == 2


def test_a_move_that_fails_half_way_puts_back_what_it_moved(monkeypatch, tmp_path) -> None:
    xdg(monkeypatch, tmp_path)
    folders = player_folders()
    old = old_layout(folders.config)
    real = folders_module.move_file
    calls = []

    def disk_goes_read_only(source: Path, target: Path) -> None:
        calls.append(source)
        if len(calls) == 2 and folders.data in target.parents:
            raise OSError(errno.EROFS, "Read-only file system", str(target))
        real(source, target)

    monkeypatch.setattr(folders_module, "move_file", disk_goes_read_only)
    used, notes = settle(folders)
    assert used == Folders(folders.config, folders.config, folders.state)
    assert not layout(folders.data)  # the game moved first is back
    assert {k: v for k, v in layout(folders.config).items() if k.startswith("games/")} == {
        k: v for k, v in old.items() if k.startswith("games/")}
    assert notes[0].startswith("cannot move the games") and "Read-only" in notes[0]


def test_a_move_to_another_disk_copies_whole_then_removes(monkeypatch, tmp_path) -> None:
    source, target = tmp_path / "a" / "autosave.json", tmp_path / "b" / "c" / "autosave.json"
    source.parent.mkdir()
    source.write_bytes(b"{}" * 5000)

    def other_disk(a: object, b: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "rename", other_disk)
    folders_module.move_file(source, target)
    assert target.read_bytes() == b"{}" * 5000 and not source.exists()
    assert [p.name for p in target.parent.iterdir()] == ["autosave.json"]  # no temporary
