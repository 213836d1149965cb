"""Which Chain+ this is, down to the commit: the release ``chainplus.__version__`` names when
built from the commit that released it, else the next version's development build with the
commit, ``0.1.1.dev3+gabc1234`` three commits later (PEP 440). No tags: a release is the commit
that gives CHANGELOG.md its heading (``## [0.1.0] - date``, with ``__version__`` set to it), and
git counts the commits since.

A build (``common.build``) writes the answer into ``chainplus/_version.py``; a clone asks git
each run, and a copy that has neither says the release.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
from pathlib import Path

#: The module a build writes, and its one line's form.
BUILT_MODULE = "chainplus._version"
BUILT_LINE = 'VERSION = "{version}"\n'
#: Where the release is named, relative to the checkout's top: CHANGELOG.md's heading for
#: it, else (a changelog without one) the line setting ``__version__``.
RELEASED_IN = (("CHANGELOG.md", "^## \\[{release}\\]"),
               ("chainplus/__init__.py", "^__version__ = "))
#: Seconds git may take for one answer before the release is said instead.
GIT_SECONDS = 10.0


def next_version(release: str) -> str:
    """The version after ``release``: its last number one up (0.1.0 -> 0.1.1)."""
    *head, last = release.split(".")
    return ".".join([*head, str(int(last) + 1)])


def from_git(root: Path, release: str) -> str | None:
    """The version of the checkout whose top is ``root`` (see above); None when ``root`` is
    not the top of one, or git cannot say."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              timeout=GIT_SECONDS, check=True, stdin=subprocess.DEVNULL,
                              env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"})
        return done.stdout.strip()

    try:
        if Path(git("rev-parse", "--show-toplevel")).resolve() != root.resolve():
            return None  # inside someone else's checkout (a venv in a clone)
        head = git("rev-parse", "--short=7", "HEAD")
        if git("rev-parse", "--is-shallow-repository") == "true":
            return f"{release}+g{head}"  # the release's commit may be cut off: no count
        since = ""
        for path, line in RELEASED_IN:
            changed = git("log", "--format=%H", "-G", line.format(release=re.escape(release)),
                          "--", path).split()
            if changed:
                since = changed[-1]  # the first commit with it: a later edit is no release
                break
        count = int(git("rev-list", "--count", f"{since}..HEAD" if since else "HEAD"))
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return release if count == 0 else f"{next_version(release)}.dev{count}+g{head}"


def built() -> str | None:
    """The version a build wrote into the package; None in a copy not built (a clone)."""
    try:
        module = importlib.import_module(BUILT_MODULE)
    except ImportError:
        return None
    found = getattr(module, "VERSION", None)
    return found if isinstance(found, str) else None


def of_package(package: Path, release: str) -> str:
    """The version of the ``chainplus`` package in folder ``package``: git's when it is a
    clone's (a folder with ``.git`` beside it), else the build's, else ``release``."""
    root = package.parent
    found = from_git(root, release) if (root / ".git").exists() else None
    return found or built() or release
