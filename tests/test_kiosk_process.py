"""Kiosk supervision for real: an error in the loop is logged and play carries on in the same
process; a killed game process is restarted by the supervisor and resumes from the autosave;
a kiosk keeps its files apart from the window's."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import pygame
import pytest
from paths import ROOT
from setups import options_of

from chainplus.app import settings as st
from chainplus.app.folders import Folders
from chainplus.app.seats import parse_seats
from chainplus.app.store import Store
from chainplus.core.game import Game
from chainplus.kiosk.supervisor import MAX_DELAY, kiosk_logger
from chainplus.ui.window import launch
from chainplus.ui.window.app import App
from chainplus.ui.window.command_line import KIOSK_FOLDER, build_parser, files_folders
from chainplus.ui.window.launch import main

WAIT = 60.0  # generous: the machine may be busy
#: An event the game does not answer: posted, it ends the real loop's idle wait at once.
NOTHING = pygame.event.custom_type()


def test_an_error_in_the_loop_is_logged_and_play_carries_on_from_the_autosave(tmp_path,
                                                                             monkeypatch):
    game = Game((1, 2))
    for square in (0, 9, 18):
        game.play(square)
    st.write_autosave(tmp_path, game, extra={"plays_as": ["human", "human", "human", "human"]})
    logger = kiosk_logger(tmp_path)
    calls = {"n": 0}
    real_update = App.update

    def failing_update(self, now=None):
        calls["n"] += 1
        pygame.event.post(pygame.event.Event(NOTHING))  # no idle second between two updates
        if calls["n"] == 2:
            raise RuntimeError("a bug in the loop")
        if calls["n"] == 4:  # after the recovery: the operator ends the kiosk
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, unicode="",
                                                 mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
        return real_update(self, now)

    monkeypatch.setattr(App, "update", failing_update)
    options = options_of(kiosk=True, seats=parse_seats("H,H"), sound=False)
    status = launch.run(options, Store(tmp_path, logger=logger, write_settings=False), logger)
    for handler in logger.handlers:
        handler.flush()
    log = (tmp_path / st.LOG_FILE).read_text()
    assert status == 0
    assert "error in the game loop" in log and "Traceback" in log and "a bug in the loop" in log
    assert "carried on from the autosave after move 3" in log
    assert st.read_autosave(tmp_path)[0].state() == game.state()


def test_a_killed_kiosk_game_is_restarted_and_resumes_after_the_last_move(tmp_path, wait_for):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    kiosk = subprocess.Popen(
        [sys.executable, "main.py", "--kiosk", "--config-dir", str(tmp_path), "--seats",
         "C0,C0:50", "--speed", "instant", "--idle-seconds", "3600"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    log_file = tmp_path / st.LOG_FILE
    started = re.compile(r" (\d+) INFO game started \(pid \d+\), carrying on after move (\d+)")

    def starts() -> list[tuple[int, int]]:
        text = log_file.read_text() if log_file.exists() else ""
        return [(int(pid), int(moves)) for pid, moves in started.findall(text)]

    def saved_moves() -> list:
        try:
            return json.loads((tmp_path / st.AUTOSAVE_FILE).read_text())["moves"]
        except (OSError, ValueError, KeyError):
            return []

    try:
        child, _ = wait_for(starts, "the game process", WAIT)[0]
        before = wait_for(lambda: (lambda m: m if len(m) >= 4 else None)(saved_moves()),
                          "a few computer moves autosaved", WAIT)
        os.kill(child, signal.SIGKILL)
        again = wait_for(lambda: starts()[1:], "the restarted game process", WAIT)[0]
        assert again[0] != child and again[1] >= len(before)
        log = log_file.read_text()
        assert "status -9" in log
        delay = float(re.search(r"restarting in ([\d.]+) s", log).group(1))
        assert delay <= MAX_DELAY < 3.0  # play carries on within 3 s (plus start-up time)
        resumed = saved_moves()
        assert resumed[:len(before)] == before  # the same game, carried on
        kiosk.send_signal(signal.SIGTERM)
        assert kiosk.wait(WAIT) == 128 + signal.SIGTERM
        err = kiosk.stderr.read().decode()
        assert "Traceback" not in err, err
    finally:
        if kiosk.poll() is None:
            kiosk.kill()
            kiosk.wait(10)


def test_a_kiosk_keeps_its_autosave_and_settings_apart_from_the_window(tmp_path, monkeypatch):
    monkeypatch.delenv(st.ENV_DIR, raising=False)
    for kind in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    monkeypatch.setenv("CHAINPLUS_FIRST_FRAME_EXIT", "1")
    monkeypatch.setenv("SDL_NO_SIGNAL_HANDLERS", "1")  # a kiosk sets it; put back afterwards
    window = tmp_path / "state" / "chainplus"
    game = Game((1, 2))
    for square in (0, 9, 18):
        game.play(square)
    st.write_autosave(window, game, extra={"plays_as": ["human", "human", "human", "human"]})
    unfinished = (window / st.AUTOSAVE_FILE).read_bytes()
    assert main(["--kiosk", "--supervised", "--seats", "H,C0"]) == 0
    for handler in kiosk_logger(window / KIOSK_FOLDER).handlers:
        handler.flush()
    log = (window / KIOSK_FOLDER / st.LOG_FILE).read_text()
    assert "carrying on after move 0" in log  # not the player's game
    assert (window / st.AUTOSAVE_FILE).read_bytes() == unfinished
    assert not (window / st.LOG_FILE).exists()


def test_the_operators_fresh_starts_the_kiosk_without_the_last_visitors_game(
        tmp_path, monkeypatch):
    """--fresh deletes the autosave once, before the supervisor starts the game: a game that
    dies later still carries on."""
    game = Game((1, 2))
    game.play(0)
    st.write_autosave(tmp_path, game)
    started: list[list[str]] = []
    monkeypatch.setattr(launch, "supervise", lambda command, logger: started.append(command) or 0)
    assert main(["--kiosk", "--config-dir", str(tmp_path)]) == 0
    assert (tmp_path / st.AUTOSAVE_FILE).exists()
    assert main(["--kiosk", "--fresh", "--config-dir", str(tmp_path)]) == 0
    assert not (tmp_path / st.AUTOSAVE_FILE).exists()
    assert "--fresh" in started[-1]  # the game ignores it: its restarts resume
    with pytest.raises(SystemExit):
        main(["--fresh"])


def test_config_dir_and_its_variable_still_say_where_a_kiosk_keeps_its_files(
        tmp_path, monkeypatch):
    parse = build_parser().parse_args
    monkeypatch.delenv(st.ENV_DIR, raising=False)
    for kind in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    window = Folders(tmp_path / "config" / "chainplus", tmp_path / "data" / "chainplus",
                     tmp_path / "state" / "chainplus")
    assert files_folders(parse([])) == window
    assert files_folders(parse(["--kiosk"])) == window.sub(KIOSK_FOLDER)
    assert files_folders(parse(["--kiosk", "--config-dir", str(tmp_path / "a")])
                         ) == Folders.one(tmp_path / "a")  # all in the one folder given
    monkeypatch.setenv(st.ENV_DIR, str(tmp_path / "b"))
    assert files_folders(parse(["--kiosk"])) == Folders.one(tmp_path / "b")


def test_a_window_moves_an_earlier_versions_files_once_and_says_so_in_the_log(
        tmp_path, monkeypatch):
    monkeypatch.delenv(st.ENV_DIR, raising=False)
    for kind in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    monkeypatch.setenv("CHAINPLUS_FIRST_FRAME_EXIT", "1")
    old = tmp_path / "config" / "chainplus"
    game = Game((1, 2))
    for square in (0, 9, 18):
        game.play(square)
    st.write_autosave(old, game, extra={"plays_as": ["human", "human", "human", "human"]})
    (old / "games" / "kept").mkdir(parents=True)
    (old / "games" / "kept" / "2026-11-26_10-15-02.json").write_text(
        '{"players": 2, "moves": [[0, 0]]}')
    autosave = (old / st.AUTOSAVE_FILE).read_bytes()
    assert main(["--seats", "H,H"]) == 0
    state, data = tmp_path / "state" / "chainplus", tmp_path / "data" / "chainplus"
    assert (data / "games" / "kept" / "2026-11-26_10-15-02.json").is_file()
    assert json.loads((state / st.AUTOSAVE_FILE).read_bytes())["moves"] == json.loads(
        autosave)["moves"]  # carried on, and autosaved where it lives now
    assert not (old / st.AUTOSAVE_FILE).exists() and not (old / "games").exists()
    for handler in kiosk_logger(state).handlers:
        handler.flush()
    log = (state / st.LOG_FILE).read_text()
    assert f"moved the games (1 file) from {old / 'games'}" in log
    assert f"moved the autosave and log (1 file) from {old} to {state}" in log
