"""The game on a screen: the only package of Chain+ that imports pygame.

``art`` draws and sounds, ``window`` is the game window built on it, and ``rigs`` are the
development rigs that drive the window headless. Nothing outside ``chainplus.ui`` imports it.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
