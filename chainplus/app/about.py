"""What Chain+ is, said once: the window's Info box shows it, ``--version`` says it and the
desktop entry describes the game with it. The version is the package's own
(``chainplus.__version__``, which pyproject.toml reads too)."""

from __future__ import annotations

from chainplus import __version__

NAME = "Chain+"
#: The game in a sentence (the Info box's Purpose, the desktop menu's comment).
PURPOSE = "Chain reaction for 2 to 4 players, a remake of the 1990 RISC OS game."
#: The copyright holder, as LICENSE names them.
AUTHOR = "The Chain+ developers"
LICENCE = "MIT"
VERSION = __version__
#: What ``--version`` prints, for the game and the tools alike.
VERSION_LINE = f"{NAME} {VERSION}"
