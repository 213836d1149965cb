"""Chain+: a remake of the 1990 RISC OS game Chain Reaction (!Chain+).

The packages are layers; each imports only those below it (``.ci/importlinter.ini`` holds the
contracts and CI checks them)::

    ui       the game on a screen, the only package that imports pygame: ``window`` (events,
             the board's controller, the windows over the board) and ``art`` (drawing and
             sound, all made in code)
    tools    the command-line tools (``python -m chainplus TOOL``)
    kiosk    the supervisor that keeps a kiosk's game process running
    net      play over the network: the protocol, the host (the authority), the joiner, bots
    app      the game a person plays: session, player panel, seats, settings and files
    ai       the computer players: levels 0-5, level 5's search and evaluation, the judgement
             of a game; NOTES.md is level 5's lab notebook
    core     the rules: board geometry, the cascade, the game, game records
    common   small helpers every layer may use

The window never imports the tools; only the ``chainplus`` command (``ui.command``) does, to run
one when it is named. ``main.py`` and ``__main__`` sit on top. Beside the package, in a clone
only: ``lab`` (development rigs and the judgement's research tools) and ``tests``; nothing here
imports either. The wheel holds this package alone; ``__version__`` is the release, and
``common.version`` adds the commit of a development build.
"""

__version__ = "0.1.0"
