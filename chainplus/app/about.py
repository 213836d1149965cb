"""What Chain+ is, said once for the Info box, ``--version`` and the desktop entry. The version
is this copy's own, down to the commit (``common.version``)."""

from __future__ import annotations

from pathlib import Path

import chainplus
from chainplus import __version__
from chainplus.common.version import of_package

NAME = "Chain+"
#: The game in a sentence (the Info box's Purpose, the desktop menu's comment).
PURPOSE = "Chain reaction for 2 to 4 players, a remake of the 1990 RISC OS game."
#: The copyright holder, as LICENSE names them.
AUTHOR = "The Chain+ developers"
LICENCE = "MIT"
VERSION = of_package(Path(chainplus.__file__).resolve().parent, __version__)
#: What ``--version`` prints, for the game and the tools alike.
VERSION_LINE = f"{NAME} {VERSION}"
