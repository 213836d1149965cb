"""The game window: the event loop, the board's controller, the windows over it, the icons,
touch, the display and start-up.

A click, from the event loop to the rules, in one direction through five files::

    window.loop.play (the loop)      ->  App.handle_event -> Inputs.click (Stack.hit)
    window.stack.Stack.click         ->  window.controller.Controller.click -> place
    chainplus.app.session.Session.place  ->  the panel, the undo policy and the autosave
    chainplus.core.game.Game.play_shown  ->  the rules; the cascade comes back as a typed outcome

``controller`` plays the game on the board in a few plain ``phase``s, the same way whoever plays
each seat: a human here, the computer here (``turn``), or a player elsewhere whose moves the
``referee`` brings (``local`` for the window's own game, ``remote`` for a network one,
``puzzle`` for a puzzle, whose computer answers the player's moves). ``over``
holds the windows shown over the board; ``stack`` keeps them there and does what the controls,
the board and the windows ask (``requests``), so none of them opens another. ``table`` is what
they all act on. Imports ``chainplus.ui.art`` and every layer below the window, never the lab.
"""
