"""The game window: the event loop, the board's controller, the windows over it, the icons,
touch, the display and start-up.

A click, from the event loop to the rules, in one direction through five files::

    window.loop.play (the loop)      ->  App.handle_event -> Inputs.click (Stack.hit)
    window.stack.Stack.click         ->  window.controller.Controller.click -> place
    chainplus.app.session.Session.place  ->  the panel, the undo policy and the autosave
    chainplus.core.game.Game.play_shown  ->  the rules; the cascade comes back as a typed outcome

``controller`` plays the game on the board in a few plain ``phase``s, each saying what comes
next (a seat to move, a chain ``Showing``, the game's ``Ending``), the same way whoever plays
each seat: a human here, the computer here (``turn``), or a player elsewhere whose moves the
``referee`` brings. The
referee is the authority over the game: the session for the window's own (``local``), a host
for a network game (``remote``: a ``joined`` window's host, or the window's own when it is
``hosting``). ``mode`` is what the board answers the window, and ``demo`` is a kiosk's
demonstration over it. ``over`` holds the windows shown over the board (the rules, the games,
the Join dialog, a replay); ``stack`` keeps them over the board and does what the controls,
the board and the windows ask (``requests``), so none of them opens another. ``table`` is
what they all act on (the session, the house ``policy``, the computer ``worker``, sounds and
the short-lived cues); ``controls`` is the one table of icons and panel columns; ``screen``
draws a frame with ``chainplus.ui.art``; ``touch`` turns fingers into clicks; ``display`` and
``scaler`` put the 640x480 picture on any screen; ``video`` refuses to run unseen;
``command_line`` and ``launch`` start it all. Imports ``chainplus.ui.art`` and every layer
below the window, never the lab (``lab``).
"""
