"""Chain+: a remake of the 1990 RISC OS game Chain Reaction (!Chain+).

The packages are layers; each imports only those below it (``.ci/importlinter.ini`` holds the
contracts and CI checks them)::

    ui       the game on a screen: the only package that imports pygame; ``python -m
             chainplus.ui`` is the game, as main.py and the chainplus command start it
      window   the game window: events, the board's controller and who moves each seat, the
               windows over the board (over/), icons, touch, display, start-up
      art      drawing and sound, all made in code
    tools    the command-line tools: chainplus (or python -m chainplus) replay|review|engine|
             bench|aibench|match|host|join|watch|desktop
    kiosk    the supervisor that keeps a kiosk's game process running
    net      play over the network: the protocol, the host (the authority), the joiner, bots
    app      the game a person plays: session, player panel, seats, settings and files,
             what it says it is (about), its entry in the desktop's menu
    ai       the computer players: levels 0-5, level 5's search and evaluation, the judgement
             of a game, and the process they think in; NOTES.md is level 5's lab notebook
    core     the rules: board geometry, the cascade, the game, game records
    common   small helpers every layer may use: option parsing, statistics, stderr

``ui`` and ``tools`` are independent of each other; ``main.py``, ``__main__`` and ``command``
(the ``chainplus`` command: a tool when one is named, else the window) sit on top.
Beside the package, in a clone only: ``lab`` (the development rigs that drive the window
headless, and the research tools of the judgement), which imports ``chainplus``, and ``tests``,
the pytest suite; nothing here imports either. ``pyproject.toml`` builds the wheel, which holds
this package alone; the release is here, and ``common.version`` adds the commit of a
development build.
"""

__version__ = "0.1.0"
