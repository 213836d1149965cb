"""The kiosk under a Wayland compositor, started by its real supervisor (``main.py --kiosk``):
on SDL's own Wayland driver and through XWayland, the log says which; the game's window fills
the output; a killed game comes back; a kiosk started before the compositor comes up with it.

The compositor is weston's headless backend with its kiosk shell, one per test (its own
runtime folder and socket). Its screenshots do not show what a client drew on every machine,
so what the game showed is the frame it presented, saved on request (``SAVE_FRAME``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from paths import ROOT

from chainplus.app import settings as st
from chainplus.ui.window.display import SAVE_FRAME
from chainplus.ui.window.video import describe

WAIT = 20.0  # seconds; generous for a busy machine (each test takes a few)
OUTPUT = (1280, 800)  # the compositor's one output
#: Where Debian's weston keeps its modules (the XWayland one among them).
WESTON_LIBS = Path("/usr/lib") / f"{os.uname().machine}-linux-gnu"

needs_weston = pytest.mark.skipif(
    not shutil.which("weston"),
    reason="needs weston (apt-get install weston) for a Wayland compositor")


def test_the_log_says_which_driver_and_whether_through_xwayland() -> None:
    wayland = {"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}
    assert describe("wayland", wayland) == (
        "SDL's wayland driver, natively on Wayland (WAYLAND_DISPLAY=wayland-0)")
    assert describe("x11", wayland) == (
        "SDL's x11 driver, through XWayland (DISPLAY=:0, WAYLAND_DISPLAY=wayland-0)")
    assert describe("x11", {"DISPLAY": ":0"}) == "SDL's x11 driver (DISPLAY=:0)"
    assert describe("KMSDRM", {}) == "SDL's kmsdrm driver"


@dataclass
class Compositor:
    """A running weston: where its clients find it, and its own log."""

    runtime: Path  # XDG_RUNTIME_DIR
    socket: str  # WAYLAND_DISPLAY
    log: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self, xwayland: bool = False) -> None:
        command = ["weston", "--backend=headless-backend.so", "--shell=kiosk-shell.so",
                   f"--width={OUTPUT[0]}", f"--height={OUTPUT[1]}", f"--socket={self.socket}",
                   "--idle-time=0", f"--log={self.log}"]
        if xwayland:
            if not any(WESTON_LIBS.glob("libweston-*/xwayland.so")):
                pytest.skip("weston has no XWayland module here (apt-get install xwayland)")
            if not shutil.which("Xwayland"):
                pytest.skip("needs Xwayland (apt-get install xwayland)")
            command.append("--xwayland")
        self.process = subprocess.Popen(command, env={**os.environ, "XDG_RUNTIME_DIR":
                                                      str(self.runtime)},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)

    def x_display(self) -> str | None:
        """The X display weston's XWayland listens on, once its log says so."""
        found = re.search(r"xserver listening on display (:\d+)", self.text())
        return found.group(1) if found else None

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        """End weston and what it started (XWayland): its own process group."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(WAIT)


@pytest.fixture
def compositor() -> Iterator[Compositor]:
    """A compositor not yet started, in a private runtime folder short enough for a socket's
    path (a pytest folder may not be)."""
    runtime = Path(tempfile.mkdtemp(prefix="chainplus-wl-"))
    runtime.chmod(0o700)
    found = Compositor(runtime, f"wl-{uuid.uuid4().hex[:8]}", runtime / "weston.log")
    try:
        yield found
    finally:
        found.stop()
        if found.process is not None:
            print(found.text()[-3000:])
        shutil.rmtree(runtime, ignore_errors=True)


@contextmanager
def kiosk(tmp_path: Path, env: dict[str, str], seats: str = "C0,C0") -> Iterator[Kiosk]:
    """``main.py --kiosk`` in ``env``, its files in ``tmp_path``; stopped as systemd would."""
    err = (tmp_path / "kiosk.err").open("w")
    process = subprocess.Popen(
        [sys.executable, "main.py", "--kiosk", "--config-dir", str(tmp_path / "kiosk"),
         "--seats", seats, "--speed", "instant", "--idle-seconds", "3600"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
    found = Kiosk(process, tmp_path / "kiosk" / st.LOG_FILE, tmp_path / "frame.bmp")
    try:
        yield found
        process.send_signal(signal.SIGTERM)
        assert process.wait(WAIT) == 128 + signal.SIGTERM
        assert "Traceback" not in (tmp_path / "kiosk.err").read_text()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(WAIT)
        err.close()
        print((tmp_path / "kiosk.err").read_text()[-3000:])
        print(found.log())


@dataclass
class Kiosk:
    process: subprocess.Popen[bytes]
    log_file: Path
    frame_file: Path

    def log(self) -> str:
        return self.log_file.read_text() if self.log_file.exists() else ""

    def games(self) -> list[tuple[int, int]]:
        """Each game process started: its pid and the move it carried on after."""
        return [(int(pid), int(move)) for pid, move in re.findall(
            r"game started \(pid (\d+)\), carrying on after move (\d+)", self.log())]

    def moves(self) -> list[object]:
        """The moves of the game autosaved."""
        try:
            return list(json.loads((self.log_file.parent / st.AUTOSAVE_FILE).read_text())[
                "moves"])
        except (OSError, ValueError, KeyError):
            return []

    def videos(self) -> list[str]:
        """What each game process said about its video driver and window."""
        return re.findall(r"INFO video: (.*)", self.log())

    def frame(self) -> pygame.Surface | None:
        """The next frame the game presents, once it fills the output; asked for again (the
        file removed) while it does not, as before the compositor's full-screen size came."""
        try:
            frame = pygame.image.load(str(self.frame_file))
        except (OSError, pygame.error):
            return None
        if frame.get_size() != OUTPUT:
            self.frame_file.unlink()
            return None
        return frame


def session_env(tmp_path: Path, compositor: Compositor, frame: Path) -> dict[str, str]:
    """A Wayland session's environment (no DISPLAY): SDL chooses its own video driver."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("SDL_") and k not in ("DISPLAY", "WAYLAND_DISPLAY", st.ENV_DIR)}
    env.update(SDL_AUDIODRIVER="dummy", SDL_RENDER_DRIVER="software", PYTHONPATH=str(ROOT),
               PYTHONFAULTHANDLER="1", XDG_RUNTIME_DIR=str(compositor.runtime),
               WAYLAND_DISPLAY=compositor.socket, XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    env[SAVE_FRAME] = str(frame)
    return env


def shows_the_game(frame: pygame.Surface) -> None:
    """The frame is the game's picture, as large as fits, in the middle of the output: black
    bars at the sides (the output is wider than 4:3), the picture's many colours between."""
    width, height = frame.get_size()
    assert frame.get_at((2, height // 2))[:3] == (0, 0, 0)
    assert frame.get_at((width - 3, height // 2))[:3] == (0, 0, 0)
    colours = {tuple(frame.get_at((x, y)))[:3] for x in range(width // 4, 3 * width // 4, 7)
               for y in range(0, height, 7)}
    assert len(colours) >= 8, colours


@needs_weston
def test_a_kiosk_on_wayland_fills_the_output_and_survives_a_killed_game(
        tmp_path: Path, compositor: Compositor, wait_for) -> None:
    compositor.start()
    wait_for(lambda: (compositor.runtime / compositor.socket).exists(), "weston's socket", WAIT)
    env = session_env(tmp_path, compositor, tmp_path / "frame.bmp")
    with kiosk(tmp_path, env) as game:
        first, _ = wait_for(game.games, "the game process", WAIT)[0]
        video = wait_for(game.videos, "the game's video line in the log", WAIT)[0]
        assert video.startswith("SDL's wayland driver, natively on Wayland "
                                f"(WAYLAND_DISPLAY={compositor.socket})"), video
        shows_the_game(wait_for(game.frame, "a frame filling the output", WAIT))
        wait_for(lambda: len(game.moves()) >= 2, "moves autosaved", WAIT)
        os.kill(first, signal.SIGKILL)
        again, carried = wait_for(lambda: game.games()[1:], "the restarted game", WAIT)[0]
        assert again != first and carried >= 2  # the same game, carried on
        assert "status -9" in game.log()
        assert wait_for(lambda: game.videos()[1:], "its video line", WAIT)[0] == video
        game.frame_file.unlink()
        shows_the_game(wait_for(game.frame, "the restarted game's frame", WAIT))


@needs_weston
def test_a_kiosk_through_xwayland_says_so_and_fills_the_output(
        tmp_path: Path, compositor: Compositor, wait_for) -> None:
    compositor.start(xwayland=True)
    display = wait_for(compositor.x_display, "weston's XWayland display", WAIT)
    env = {**session_env(tmp_path, compositor, tmp_path / "frame.bmp"), "DISPLAY": display}
    with kiosk(tmp_path, env) as game:
        video = wait_for(game.videos, "the game's video line in the log", WAIT)[0]
        assert video.startswith(f"SDL's x11 driver, through XWayland (DISPLAY={display}, "
                                f"WAYLAND_DISPLAY={compositor.socket})"), video
        shows_the_game(wait_for(game.frame, "a frame filling the output", WAIT))


@needs_weston
def test_a_kiosk_started_before_the_compositor_comes_up_once_it_does(
        tmp_path: Path, compositor: Compositor, wait_for) -> None:
    env = {**session_env(tmp_path, compositor, tmp_path / "frame.bmp"),
           "SDL_VIDEODRIVER": "wayland"}  # as docs/kiosk.md's recipes ask
    with kiosk(tmp_path, env, seats="H,C0") as game:
        wait_for(lambda: "no display yet" in game.log(), "the kiosk's first try", WAIT)
        assert not game.games()
        compositor.start()
        video = wait_for(game.videos, "the game on the compositor come late", WAIT)[0]
        assert video.startswith("SDL's wayland driver"), video
        shows_the_game(wait_for(game.frame, "a frame filling the output", WAIT))


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="needs systemd-analyze")
def test_the_systemd_user_unit_in_the_kiosk_guide_is_valid(tmp_path: Path) -> None:
    guide = (ROOT / "docs" / "kiosk.md").read_text()
    units = re.findall(r"```ini\n(\[Unit\].*?)```", guide, re.DOTALL)
    unit = next(text for text in units if ".local/bin/chainplus" in text)  # the pipx one
    (tmp_path / "chainplus-kiosk.service").write_text(unit)
    command = tmp_path / "home" / ".local" / "bin" / "chainplus"  # what %h/... names
    command.parent.mkdir(parents=True)
    command.write_text("#!/bin/sh\n")
    command.chmod(0o755)
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    checked = subprocess.run(
        ["systemd-analyze", "--user", "verify", "--man=no", "chainplus-kiosk.service"],
        cwd=tmp_path, env={**os.environ, "HOME": str(command.parents[2]),
                           "XDG_RUNTIME_DIR": str(runtime)},
        capture_output=True, text=True, timeout=WAIT)
    if "Failed to initialize manager" in checked.stderr:
        pytest.skip(f"systemd-analyze cannot run here: {checked.stderr.strip()}")
    assert checked.returncode == 0 and not checked.stderr.strip(), checked.stderr
