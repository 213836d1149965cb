"""The game in a window: the only package of Chain+ that imports pygame.

``app`` holds the App object (state and what each event does) and ``launch`` the command line
and the real loop; ``board_view``, ``panel_view`` and ``widgets`` draw the RISC OS style screen;
``targets`` says what a click hits, ``panel_actions`` what a panel click does, ``help_texts``
the hover help; ``seats`` is the player control panel's plain data; ``worker`` runs the computer
players off the UI thread; ``persist`` keeps settings and the autosave; ``display`` owns the
window and full screen.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
