"""The game window: the event loop, the board's modes, the windows over it, the icons, touch,
the display and start-up.

A click, from the event loop to the rules, in one direction through five files::

    window.loop.play (the loop)      ->  App.handle_event -> App.click (targets.hit)
    window.stack.Stack.click         ->  window.modes.PlayMode.click_board -> place
    chainplus.app.session.Session.place  ->  the panel, the undo policy and the autosave
    chainplus.core.game.Game.play_shown  ->  the rules; the cascade comes back as a typed outcome

``mode`` is what every board mode answers and ``modes`` the game's own (a seat to move, a
chain shown, the game over): each says what the board does now and returns the next mode, and
``demo`` is a kiosk's demonstration game. ``over`` holds the windows shown over the board (the
rules, the games, the Join dialog, a replay); ``stack`` keeps them over the board and does what
the controls, the board and the windows ask (``requests``), so none of them opens another.
``table`` is what they all act on (the session, the house ``policy``, the computer
``worker``, sounds and the short-lived cues); ``controls`` is the one table of icons and
panel columns; ``screen`` draws a frame with ``chainplus.ui.art``; ``touch`` turns fingers
into clicks; ``display`` and ``scaler`` put the 640x480 picture on any screen; ``video``
refuses to run unseen; ``command_line`` and ``launch`` start it all. Imports
``chainplus.ui.art`` and every layer below the window, never ``chainplus.ui.rigs``.
"""
