"""Chain+ as a Python user installs it (pyproject.toml): the wheel holds the game and nothing
else, and installed into a fresh virtual environment outside the clone it works with no clone
in sight: ``chainplus --version``, the no-display exit, a kiosk under its supervisor, a
headless host and a bot playing a game to its end, ``replay`` of its record, and its own
command put in the desktop's menu.

The wheel is built once for the module, as pip builds any project (``pip wheel``, which fetches
setuptools for the build from the package index). pygame-ce goes into the new environment from
a wheel made of the copy this Python runs (``wheel_of_installed``): nothing else is downloaded.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from paths import ROOT

import chainplus
from chainplus.app import desktop
from chainplus.app import settings as st
from chainplus.core.records import game_from_data
from chainplus.kiosk.supervisor import NO_DISPLAY, STOPPED

WAIT = 120.0  # seconds for a build, an install or a game; generous for a busy machine
#: What a build leaves beside the sources, and what is the clone's own: not copied to build.
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv*", "venv", "build", "dist", "*.egg-info",
                                     "__pycache__", ".*_cache", ".benchmarks")


def run(command: list, **options) -> subprocess.CompletedProcess[str]:
    """``command`` run to its end, its output kept as text."""
    return subprocess.run([str(word) for word in command], capture_output=True, text=True,
                          timeout=WAIT, check=False, **options)


def wheel_of_installed(name: str, folder: Path) -> Path:
    """A wheel of distribution ``name`` made from the files this Python has installed (as
    their RECORD lists them), for an environment that must not download it."""
    dist = metadata.distribution(name)
    about = dist.read_text("WHEEL") or ""
    tag = next(line.split(":", 1)[1].strip() for line in about.splitlines()
               if line.startswith("Tag:"))
    stem = f"{dist.metadata['Name'].replace('-', '_')}-{dist.version}"
    made = {f"{stem}.dist-info/{file}" for file in
            ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json")}  # pip's, on installing
    target = folder / f"{stem}-{tag}.whl"
    rows = []
    with zipfile.ZipFile(target, "w") as wheel:
        for file in dist.files or ():
            if file.as_posix() in made or "__pycache__" in file.parts:
                continue
            data = Path(str(file.locate())).read_bytes()
            wheel.writestr(file.as_posix(), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            rows.append(f"{file.as_posix()},sha256={digest.decode()},{len(data)}")
        rows.append(f"{stem}.dist-info/RECORD,,")
        wheel.writestr(f"{stem}.dist-info/RECORD", "\n".join(rows) + "\n")
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from a copy of the clone (a build writes build/ and egg-info
    beside its sources: the clone gets none of it)."""
    folder = tmp_path_factory.mktemp("build")
    shutil.copytree(ROOT, folder / "source", ignore=NOT_SOURCES)
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir",
                 folder / "dist", folder / "source"])
    assert built.returncode == 0, built.stdout + built.stderr
    [found] = (folder / "dist").glob("chainplus-*.whl")
    return found


@dataclass(frozen=True)
class Installed:
    """Chain+ installed from the wheel into a fresh virtual environment in ``home``, far from
    the clone; its commands run in ``home`` with none of the clone's paths."""

    home: Path

    @property
    def bin(self) -> Path:
        return self.home / "venv" / "bin"

    @property
    def python(self) -> Path:
        return self.bin / "python"

    def env(self, **more: str) -> dict[str, str]:
        """The environment of a player's session with no display, files kept in ``home``."""
        env = {key: value for key, value in os.environ.items()
               if not key.startswith("SDL_") and key not in (
                   "PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY", "VIRTUAL_ENV", st.ENV_DIR)}
        env.update(SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(self.home / "config"),
                   XDG_STATE_HOME=str(self.home / "state"), XDG_DATA_HOME=str(self.home / "data"))
        return {**env, **more}

    def run(self, *command: str | Path) -> subprocess.CompletedProcess[str]:
        return run(list(command), cwd=self.home, env=self.env())

    def start(self, *command: str | Path, **more: str) -> subprocess.Popen[str]:
        return subprocess.Popen([str(word) for word in command], cwd=self.home,
                                env=self.env(**more), text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Installed:
    home = tmp_path_factory.mktemp("installed")
    assert not home.resolve().is_relative_to(ROOT)
    made = run([sys.executable, "-m", "venv", "--without-pip", home / "venv"])
    assert made.returncode == 0, made.stderr
    wheel_of_installed("pygame-ce", wheel.parent)
    added = run([sys.executable, "-m", "pip", "--python", home / "venv" / "bin" / "python",
                 "install", "--quiet", "--no-index", "--find-links", wheel.parent, "chainplus"])
    assert added.returncode == 0, added.stdout + added.stderr
    there = Installed(home)
    where = there.run(there.python, "-c", "import chainplus; print(chainplus.__file__)")
    assert Path(where.stdout.strip()).is_relative_to(home / "venv"), where  # not the clone's
    return there


# ---------------------------------------------------------------------------------- the wheel
def test_the_wheel_holds_the_game_and_nothing_else(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    info = f"chainplus-{chainplus.__version__}.dist-info"
    assert {name.split("/")[0] for name in names} == {"chainplus", info}  # no tests, no lab
    clone = {path.relative_to(ROOT).as_posix() for path in (ROOT / "chainplus").rglob("*")
             if path.is_file() and "__pycache__" not in path.parts}
    notes = {name for name in clone if name.endswith(".md")}  # for developers: ai/NOTES.md
    assert "chainplus/ai/NOTES.md" in notes  # the clone has them, and keeps them
    # everything else the package holds, its data files too (the level 5 weights, the icons)
    assert {name for name in names if name.startswith("chainplus/")} == clone - notes
    assert {"chainplus/ai/weights.json", "chainplus/app/icons/chainplus-48.png",
            "chainplus/app/icons/chainplus.svg",
            f"chainplus/app/share/{desktop.APP_ID}.metainfo.xml"} <= names
    assert f"{info}/licenses/LICENSE" in names
    with zipfile.ZipFile(wheel) as opened:
        about = opened.read(f"{info}/METADATA").decode()
    assert f"\nVersion: {chainplus.__version__}\n" in about
    needs = [line for line in about.splitlines() if line.startswith("Requires-Dist:")]
    assert [line for line in needs if "extra ==" not in line] == [
        "Requires-Dist: pygame-ce<3,>=2.5.8"]


def test_every_way_of_starting_chainplus_says_its_version(installed: Installed) -> None:
    line = f"Chain+ {chainplus.__version__}\n"
    clone = {**os.environ, "PYTHONPATH": str(ROOT)}
    for said in (installed.run(installed.bin / "chainplus", "--version"),
                 installed.run(installed.python, "-m", "chainplus", "--version"),
                 run([sys.executable, "main.py", "--version"], cwd=ROOT, env=clone),
                 run([sys.executable, "-m", "chainplus", "--version"], cwd=ROOT, env=clone)):
        assert (said.returncode, said.stdout, said.stderr) == (0, line, ""), said.args


def test_installed_chainplus_is_named_so_in_its_help_which_says_where_the_tools_are(
        installed: Installed) -> None:
    helped = installed.run(installed.bin / "chainplus", "--help")
    assert helped.returncode == 0 and helped.stdout.startswith("usage: chainplus ")
    assert "first: chainplus TOOL (replay," in " ".join(helped.stdout.split())
    tool = installed.run(installed.bin / "chainplus", "replay", "--help")
    assert tool.returncode == 0 and tool.stdout.startswith("usage: chainplus replay ")


# ------------------------------------------------------------------------ the installed game
@pytest.mark.skipif(any(Path("/dev/dri").glob("card*")),
                    reason="a graphics card here: SDL could open a real screen with no X server")
def test_installed_with_no_display_it_says_why_in_one_line(installed: Installed) -> None:
    game = installed.run(installed.bin / "chainplus", "--seats", "H,C5")
    assert game.returncode == NO_DISPLAY
    lines = game.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the game window: "), lines
    assert "neither DISPLAY nor WAYLAND_DISPLAY" in lines[0]


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")
def test_an_installed_kiosk_plays_under_its_supervisor(installed: Installed, xserver,
                                                        wait_for) -> None:
    from x11 import game_windows

    display, _ = xserver()
    folder = installed.home / "kiosk"
    kiosk = installed.start(installed.bin / "chainplus", "--kiosk", "--config-dir", folder,
                            "--seats", "C0,C0:50", "--speed", "instant", "--idle-seconds",
                            "3600", DISPLAY=display, SDL_RENDER_DRIVER="software")

    def moves() -> list[object]:
        try:
            return list(json.loads((folder / st.AUTOSAVE_FILE).read_text())["moves"])
        except (OSError, ValueError, KeyError):
            return []

    try:
        wait_for(lambda: game_windows(display), "the kiosk's window", WAIT)
        wait_for(lambda: len(moves()) >= 4, "the computer's moves autosaved", WAIT)
        kiosk.send_signal(signal.SIGTERM)
        assert kiosk.wait(WAIT) == STOPPED + signal.SIGTERM
    finally:
        if kiosk.poll() is None:
            kiosk.kill()
            kiosk.wait(WAIT)
    assert "Traceback" not in kiosk.communicate()[1]
    log = (folder / st.LOG_FILE).read_text()
    # the game process is the installed copy, started as a module: no main.py anywhere
    assert f"kiosk started: {installed.python} -m chainplus.ui --kiosk" in log
    assert "game started" in log and "kiosk stopped by SIGTERM" in log


def test_an_installed_host_and_bot_play_a_game_to_its_end_and_replay_its_record(
        installed: Installed) -> None:
    records = installed.home / "games.jsonl"
    host = installed.start(installed.python, "-m", "chainplus", "host", "--port", "0",
                           "--seats", "N,C1", "--record", records, "--seed", "1")
    try:
        assert host.stdout is not None
        ready = json.loads(host.stdout.readline())
        assert ready["host"] == "127.0.0.1" and ready["port"] > 0
        bot = installed.run(installed.bin / "chainplus", "join",
                            f"127.0.0.1:{ready['port']}", "--code", ready["code"], "--level",
                            "1", "--seed", "2")
        assert (bot.returncode, bot.stderr) == (0, "")
        assert host.communicate(timeout=WAIT)[1] == "" and host.returncode == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(WAIT)
    [line] = records.read_text().splitlines()
    game = game_from_data(json.loads(line))
    assert game.winner is not None and json.loads(bot.stdout)["winners"] == [game.winner]
    replayed = installed.run(installed.bin / "chainplus", "replay", records)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["winner"] == game.winner


def test_an_installed_chainplus_puts_its_own_command_in_the_desktops_menu(
        installed: Installed) -> None:
    """With the command alone, as pipx leaves it (its Python is not on the PATH)."""
    said = installed.run(installed.bin / "chainplus", "--add-to-menu")
    assert said.returncode == 0, said.stderr
    data = installed.home / "data"  # XDG_DATA_HOME
    entry = data / "applications" / f"{desktop.APP_ID}.desktop"
    assert f"\nExec={installed.bin / 'chainplus'} %f\n" in entry.read_text()  # not main.py
    icon = data / "icons" / "hicolor" / "48x48" / "apps" / f"{desktop.APP_ID}.png"
    assert icon.read_bytes() == (ROOT / "chainplus/app/icons/chainplus-48.png").read_bytes()
    assert all(path.is_file() for path in desktop.files(data))  # the metainfo, the MIME type
    said = installed.run(installed.bin / "chainplus", "--remove-from-menu")
    assert said.returncode == 0, said.stderr
    assert not any(path.exists() for path in desktop.files(data))
