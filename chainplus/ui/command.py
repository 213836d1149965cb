"""The ``chainplus`` command: ``chainplus TOOL ...`` runs a command-line tool
(``chainplus.tools.cli``), anything else opens the game's window with those options.

The window (and so pygame) is imported only when no tool is named, so a tool starts without it;
this is the one module of ``ui`` that imports a tool.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from chainplus.common.options import program_name
from chainplus.tools import cli


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool ``argv`` names, or else the game; the process's exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in cli.TOOLS:
        return cli.main(argv, prog=program_name(sys.argv[0]))
    from chainplus.ui.window import launch

    return launch.main(argv)
