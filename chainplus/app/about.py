"""What Chain+ is, said once for the Info box, ``--version`` and the desktop entry. The version
is this copy's own, down to the commit (``common.version``)."""

from __future__ import annotations

import functools
from pathlib import Path

import chainplus
from chainplus import __version__
from chainplus.common.language import N_
from chainplus.common.version import of_package

NAME = "Chain+"
#: The game in a sentence (the Info box's Purpose, the desktop menu's comment): English,
#: translated where the Info box shows it.
# Translators: the Info box's Purpose: 2 lines of 34 characters.
PURPOSE = N_("Chain reaction for 2 to 4 players, a remake of the 1990 RISC OS game.")
#: The copyright holder, as LICENSE names them (translated where the Info box shows it).
# Translators: the Info box's Author.
AUTHOR = N_("The Chain+ developers")
LICENCE = "MIT"


@functools.cache
def version() -> str:
    """This copy's version (``VERSION``), worked out the first time it is asked for: a clone
    asks git, which no start-up should wait on."""
    return of_package(Path(chainplus.__file__).resolve().parent, __version__)


def version_line() -> str:
    """What ``--version`` prints, for the game and the tools alike (``VERSION_LINE``)."""
    return f"{NAME} {version()}"


def __getattr__(name: str) -> str:
    """``VERSION`` and ``VERSION_LINE``, read only when asked for."""
    if name == "VERSION":
        return version()
    if name == "VERSION_LINE":
        return version_line()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
