"""The game in a window: the only package of Chain+ that imports pygame.

``app`` holds the App object and the real loop; ``board_view``, ``panel_view`` and ``widgets``
draw the RISC OS style screen; ``seats`` is the player control panel's plain data; ``worker``
runs the computer players off the UI thread.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
