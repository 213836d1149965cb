"""The game on a screen: the only package of Chain+ that imports pygame.

``art`` draws and sounds, and ``window`` is the game window built on it (the lab's rigs,
``lab.rigs``, drive it headless). Nothing else in ``chainplus`` imports it.
``python -m chainplus.ui`` is the game (``__main__``); ``command`` is the ``chainplus`` command
(and ``main.py``): a tool when one is named, else the game.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
# One window class however the game was started (pygame would name it after sys.argv[0]:
# main.py, chainplus or __main__.py), for window managers' rules and a desktop entry.
_os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "chainplus")
