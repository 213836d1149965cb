"""The game in a window: the only package of Chain+ that imports pygame.

A click, from the event loop to the rules, in one direction through four files::

    app.play (the loop)  ->  App.handle_event -> App.click: what is under it (targets.hit)
    modes.PlayMode.click  ->  click_board -> place
    session.Session.place ->  the panel, the undo policy and the autosave
    game.Game.play_shown  ->  the rules; the cascade comes back up as a typed outcome

Who owns what: ``chainplus.session`` (pure, no pygame) owns the game, the player panel, the
settings and the files; ``modes`` say what the board does now and return the next mode;
``table`` is what the modes play on (the session, the house ``policy``, the computer
``worker``, sounds and the short-lived cues); ``controls`` is the one table of icons and panel
columns; ``screen``, ``board_view``, ``panel_view`` and ``widgets`` only draw; ``touch`` turns
fingers into clicks; ``display`` and ``scaler`` put the 640x480 picture on any screen;
``video`` refuses to run unseen; ``command_line`` and ``launch`` start it all.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
