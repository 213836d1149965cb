"""Chain+ as a Python user installs it (pyproject.toml, chainplus/common/build.py): the wheel holds
the game and nothing else, and installed into a fresh virtual environment outside the clone it
works with no clone in sight: ``chainplus --version``, the no-display exit, a kiosk under its
supervisor, a headless host and a bot playing a game to its end, ``replay`` of its record, and
its own command put in the desktop's menu. A build says which commit it is from; the sdist holds
what its tests need, and they pass in it.

The wheel is built once for the module, as pip builds any project (``pip wheel``, which fetches
setuptools for the build from the package index), from a copy of the clone that git still sees
as the clone. pygame-ce goes into the new environment from a wheel made of the copy this Python
runs (``wheel_of_installed``): nothing else is downloaded. The sdist is built by setuptools
itself, in a virtual environment that fetches it as pip's build does.
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
import tarfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from paths import ROOT

import chainplus
from chainplus.app import about, desktop
from chainplus.app import settings as st
from chainplus.common import version
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
    wheel_info = dist.read_text("WHEEL") or ""
    tag = next(line.split(":", 1)[1].strip() for line in wheel_info.splitlines()
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


def source_copy(folder: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the clone in ``folder`` (a build writes build/ and egg-info beside its
    sources: the clone gets none of it), and the environment in which git sees it as the
    clone (its history, for the version), when the clone is a git checkout."""
    shutil.copytree(ROOT, folder / "source", ignore=NOT_SOURCES)
    git = run(["git", "-C", ROOT, "rev-parse", "--absolute-git-dir"]) if shutil.which(
        "git") and (ROOT / ".git").exists() else None
    env = dict(os.environ)
    if git is not None and git.returncode == 0:
        env.update(GIT_DIR=git.stdout.strip(), GIT_WORK_TREE=str(folder / "source"))
    return folder / "source", env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from a copy of the clone."""
    folder = tmp_path_factory.mktemp("build")
    source, env = source_copy(folder)
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir",
                 folder / "dist", source], env=env)
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
    info = f"chainplus-{about.VERSION}.dist-info"
    assert {name.split("/")[0] for name in names} == {"chainplus", info}  # no tests, no lab
    clone = {path.relative_to(ROOT).as_posix() for path in (ROOT / "chainplus").rglob("*")
             if path.is_file() and "__pycache__" not in path.parts}
    clone.add("chainplus/_version.py")  # the build's (an unpacked sdist has it already)
    # for developers: ai/NOTES.md, and the translators' template the catalogs are made from
    notes = {name for name in clone if name.endswith((".md", ".pot"))}
    assert {"chainplus/ai/NOTES.md", "chainplus/locale/chainplus.pot"} <= notes  # kept in the clone
    # everything else the package holds, its data files too (the level 5 weights, the icons)
    assert {name for name in names if name.startswith("chainplus/")} == clone - notes
    assert {"chainplus/ai/weights.json", "chainplus/app/icons/chainplus-48.png",
            "chainplus/app/icons/chainplus.svg",
            f"chainplus/app/share/{desktop.APP_ID}.metainfo.xml"} <= names
    assert f"{info}/licenses/LICENSE" in names
    with zipfile.ZipFile(wheel) as opened:
        meta = opened.read(f"{info}/METADATA").decode()
        built = opened.read("chainplus/_version.py").decode()
    assert f"\nVersion: {about.VERSION}\n" in meta and built == f'VERSION = "{about.VERSION}"\n'
    assert "\nProject-URL: Homepage, https://" in meta
    needs = [line for line in meta.splitlines() if line.startswith("Requires-Dist:")]
    assert [line for line in needs if "extra ==" not in line] == [
        "Requires-Dist: pygame-ce<3,>=2.5.8"]


def test_every_way_of_starting_chainplus_says_its_version(installed: Installed) -> None:
    """The same, down to the commit, for a wheel built from the clone and the clone itself."""
    line = f"Chain+ {about.VERSION}\n"
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


# ------------------------------------------------------------------------------ the version
def git_in(folder: Path, *args: str) -> str:
    done = run(["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@example.org",
                *args])
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_build_after_a_release_says_the_next_versions_dev_build_and_its_commit(
        tmp_path: Path) -> None:
    """No tags: the release is the commit giving CHANGELOG.md its heading."""
    git_in(tmp_path, "init", "-q")
    (tmp_path / "chainplus").mkdir()
    (tmp_path / "chainplus" / "__init__.py").write_text('__version__ = "0.1.0"\n')
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## [Unreleased]\n")
    git_in(tmp_path, "add", ".")
    git_in(tmp_path, "commit", "-q", "-m", "the game")
    # no heading for it yet: the commit that set __version__ is the release
    assert version.from_git(tmp_path, "0.1.0") == "0.1.0"
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## [Unreleased]\n\n- more\n")
    git_in(tmp_path, "commit", "-q", "-am", "more")
    assert version.from_git(tmp_path, "0.1.0") == "0.1.1.dev1+g" + git_in(
        tmp_path, "rev-parse", "--short=7", "HEAD")
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## [Unreleased]\n\n"
                                           "## [0.1.0] - 2026-11-27\n")
    git_in(tmp_path, "commit", "-q", "-am", "0.1.0")
    assert version.from_git(tmp_path, "0.1.0") == "0.1.0"  # the release itself
    seen = set()
    for n in (1, 2):
        (tmp_path / "README.md").write_text(f"{n}\n")
        git_in(tmp_path, "add", ".")
        git_in(tmp_path, "commit", "-q", "-m", f"change {n}")
        head = git_in(tmp_path, "rev-parse", "--short=7", "HEAD")
        seen.add(version.from_git(tmp_path, "0.1.0"))
        assert version.from_git(tmp_path, "0.1.0") == f"0.1.1.dev{n}+g{head}"
    assert len(seen) == 2  # each build told apart
    inner = tmp_path / "chainplus"
    assert version.from_git(inner, "0.1.0") is None  # not the checkout's top: not its version
    assert version.of_package(tmp_path / "elsewhere" / "chainplus", "0.1.0") == "0.1.0"


def test_the_release_is_changelogs_latest() -> None:
    """``__version__`` names the newest release CHANGELOG.md has a heading for."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    latest = next(line for line in text.splitlines() if line.startswith("## [") and
                  not line.startswith("## [Unreleased]"))
    assert latest.startswith(f"## [{chainplus.__version__}] - ")
    assert chainplus.__version__ == about.VERSION or about.VERSION.startswith(
        f"{version.next_version(chainplus.__version__)}.dev")


# ------------------------------------------------------------------------------- the sdist
@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist setuptools builds from a copy of the clone, unpacked: its folder."""
    folder = tmp_path_factory.mktemp("sdist")
    source, env = source_copy(folder)
    made = run([sys.executable, "-m", "venv", folder / "env"])
    assert made.returncode == 0, made.stderr
    added = run([folder / "env" / "bin" / "python", "-m", "pip", "install", "--quiet",
                 "setuptools>=77"])
    assert added.returncode == 0, added.stdout + added.stderr
    built = run([folder / "env" / "bin" / "python", "-c",
                 "import sys; from setuptools import build_meta; "
                 "print(build_meta.build_sdist(sys.argv[1]))", folder / "dist"],
                cwd=source, env=env)
    assert built.returncode == 0, built.stdout + built.stderr
    name = built.stdout.split()[-1]
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # 3.10.12 and on
    shutil.unpack_archive(folder / "dist" / name, folder / "unpacked", **safe)
    return folder / "unpacked" / name.removesuffix(".tar.gz")


def test_the_sdist_holds_the_tests_docs_changelog_and_main_py(sdist: Path) -> None:
    def files(root: Path, under: str) -> set[str]:
        return {p.relative_to(root).as_posix() for p in (root / under).rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}

    for folder in ("tests", "docs", "chainplus", "assets"):
        assert files(ROOT, folder) - {"chainplus/_version.py"} <= files(sdist, folder), folder
    for name in ("CHANGELOG.md", "main.py", "README.md", "LICENSE", "requirements.txt",
                 "requirements-test.txt", "pyproject.toml"):
        assert (sdist / name).read_bytes() == (ROOT / name).read_bytes(), name
    assert (sdist / "chainplus" / "_version.py").read_text() == f'VERSION = "{about.VERSION}"\n'
    assert sdist.name == f"chainplus-{about.VERSION}"


def test_the_tests_pass_in_an_unpacked_sdist(sdist: Path) -> None:
    """A few test files that reach for the helpers, the data, the docs and the changelog;
    its main.py says the sdist's version."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    tested = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                  "tests/test_rules.py", "tests/test_settings.py", "tests/test_desktop.py",
                  "tests/test_judge.py", "tests/test_ui_info.py"], cwd=sdist, env=env)
    assert tested.returncode == 0, tested.stdout[-3000:] + tested.stderr[-3000:]
    assert " passed" in tested.stdout and " failed" not in tested.stdout
    said = run([sys.executable, "main.py", "--version"], cwd=sdist, env=env)
    assert said.stdout == f"Chain+ {about.VERSION}\n", said
