"""Never invisible: with no display the game says why in one line and exits with NO_DISPLAY;
a kiosk started before its X server keeps trying and its window appears once the server is up.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

from chainplus.app import settings as st
from chainplus.kiosk.supervisor import NO_DISPLAY
from chainplus.ui.window.command_line import KIOSK_FOLDER

WAIT = 20.0  # seconds; generous for a busy machine (the test itself takes about 2)

pytestmark = pytest.mark.skipif(
    any(Path("/dev/dri").glob("card*")),
    reason="a graphics card here: SDL could open a real screen (KMSDRM) with no X server",
)


def free_display() -> str:
    """A display number no X server uses (no socket, no lock file), from a range of this
    pytest-xdist worker's own, so two workers never pick the same one."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    first = 150 + 10 * worker
    for number in range(first, first + 10):
        used = (Path(f"/tmp/.X11-unix/X{number}"), Path(f"/tmp/.X{number}-lock"))
        if not any(path.exists() for path in used):
            return f":{number}"
    pytest.skip("no free X display number")


def game_env(tmp_path: Path, display: str | None) -> dict[str, str]:
    """The environment of a person's session: SDL chooses its own video driver."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("SDL_") and k not in ("DISPLAY", "WAYLAND_DISPLAY", st.ENV_DIR)}
    env.update(SDL_AUDIODRIVER="dummy", SDL_RENDER_DRIVER="software", PYTHONPATH=str(ROOT),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"))
    if display is not None:
        env["DISPLAY"] = display
    return env


@pytest.mark.parametrize("display", [None, "unused"])
def test_no_display_is_one_line_and_its_own_status(tmp_path: Path, display: str | None) -> None:
    display = free_display() if display == "unused" else None
    env = game_env(tmp_path, display)
    env.pop("XDG_RUNTIME_DIR", None)  # as a console or a service: SDL's Wayland complains
    game = subprocess.run([sys.executable, "main.py", "--seats", "-,H,C5"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=WAIT)
    assert game.returncode == NO_DISPLAY
    lines = game.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the game window: "), lines
    assert (f"DISPLAY={display}" if display else "neither DISPLAY nor WAYLAND_DISPLAY") in lines[0]
    assert "XDG_RUNTIME_DIR" not in lines[0]  # not what is missing


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")
def test_a_kiosk_started_before_its_x_server_appears_once_the_server_is_up(
        tmp_path: Path, wait_for) -> None:
    display = free_display()
    env = game_env(tmp_path, display)
    log_file = tmp_path / "state" / "chainplus" / KIOSK_FOLDER / st.LOG_FILE
    err_file = tmp_path / "kiosk.err"

    def log() -> str:
        return log_file.read_text() if log_file.exists() else ""

    def xdotool(*args: str) -> str:
        return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                              timeout=WAIT).stdout.strip()

    def window() -> str | None:
        """The game's window, once it is on the screen (xdotool's --name misses SDL's title)."""
        for found in xdotool("search", "--onlyvisible", "--classname", "chainplus").split():
            if xdotool("getwindowname", found) == "Chain Reaction":
                return found
        return None

    server: subprocess.Popen[bytes] | None = None
    with err_file.open("w") as err:
        kiosk = subprocess.Popen([sys.executable, "main.py", "--kiosk", "--seats", "H,C0",
                                  "--idle-seconds", "3600"], cwd=ROOT, env=env,
                                 stdout=subprocess.DEVNULL, stderr=err)
    try:
        wait_for(lambda: "no display yet" in log(), "the kiosk's first try", WAIT)
        assert "game started" not in log()
        server = subprocess.Popen(["Xvfb", display, "-screen", "0", "800x600x24",
                                   "-nolisten", "tcp", "-noreset"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert wait_for(window, "the kiosk's window on the new X server", WAIT)
        wait_for(lambda: "game started" in log(), "the game's start in the log", WAIT)
        kiosk.send_signal(signal.SIGTERM)
        assert kiosk.wait(WAIT) == 128 + signal.SIGTERM  # what systemd expects of a stop
        assert "kiosk stopped by SIGTERM" in log()
        assert "Traceback" not in err_file.read_text()
    finally:
        for process in (kiosk, server):  # terminated: an X server then removes its lock
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(WAIT)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(WAIT)
