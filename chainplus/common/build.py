"""How a build of Chain+ gets its version down to the commit (pyproject.toml names these):
``chainplus.common.version`` asks git when building from a clone, the wheel and the sdist get
it as ``chainplus/_version.py``, and a build from an unpacked sdist reads it back from there.
The sdist also holds what its tests need. Only a build imports this module (and setuptools)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parents[2]  # the source tree's top


def _version_module() -> ModuleType:
    """chainplus/common/version.py, loaded by its path: the package is not installed yet."""
    spec = importlib.util.spec_from_file_location("_chainplus_version",
                                                  HERE / "chainplus" / "common" / "version.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _source_version() -> str:
    """Git's answer for a clone, else an unpacked sdist's _version.py, else the release."""
    version = _version_module()
    text = (HERE / "chainplus" / "__init__.py").read_text(encoding="utf-8")
    release = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    assert release is not None, "chainplus/__init__.py sets no __version__"
    found = version.from_git(HERE, release.group(1))
    if found is None and (HERE / "chainplus" / "_version.py").is_file():
        built = re.search(r'"([^"]+)"', (HERE / "chainplus" / "_version.py").read_text())
        found = built.group(1) if built else None
    return found or release.group(1)


VERSION = _source_version()
LINE = _version_module().BUILT_LINE.format(version=VERSION)


def _write(package: Path) -> None:
    """chainplus/_version.py under ``package``'s parent, a new file (never a link to the
    source's)."""
    path = package / "_version.py"
    path.unlink(missing_ok=True)
    path.write_text(LINE, encoding="utf-8")


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        if not self.dry_run:
            _write(Path(self.build_lib) / "chainplus")


#: What the sdist holds beyond the wheel's files: the package's notes, its tests and their
#: helpers and data, the lab whose fakes they use, the docs, the screenshot and a clone's way
#: to play.
SDIST_FOLDERS = ("chainplus", "tests", "lab", "docs", "assets")
SDIST_FILES = ("CHANGELOG.md", "CONTRIBUTING.md", "main.py", "requirements.txt",
               "requirements-test.txt")


class Sdist(sdist):
    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, sorted(set(files) | set(_sdist_extras())))
        if not self.dry_run:
            _write(Path(base_dir) / "chainplus")


def _sdist_extras() -> list[str]:
    """The files the sdist holds beyond the package, as paths from the source's top."""
    found = [name for name in SDIST_FILES if (HERE / name).is_file()]
    for folder in SDIST_FOLDERS:
        found += [path.relative_to(HERE).as_posix() for path in (HERE / folder).rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts
                  and path.suffix != ".pyc"]
    return found
