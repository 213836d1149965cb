"""The computer players: levels 0-5 of the original's player control panel.

``levels`` names the levels and the thinking time (no search is loaded by importing it);
``players`` chooses a move at a level; level 5 is ``search`` (the root, deeper and deeper),
built on ``alphabeta`` (the nodes above the horizon) and ``horizon`` (the budget, quiescence and
the win check at the horizon), with ``ordering`` (which moves first) and ``evaluate`` (how a
position is judged, with ``lanes`` and ``weights.json``, whose weights the lab tunes by
self-play: ``lab.judging.tune``); ``limits`` holds what a search is given (how long, how set
up); ``judgement`` is level 5's judgement of a recorded game, position by position (the game's
graph), its chances weighed by ``odds`` (weights in ``odds.json``); ``service`` runs moves and
judgements in a process of its own (``service_process`` is the window's end of it), so they
never take the window's interpreter. ``NOTES.md`` is the lab notebook: how level 5 was measured
and made stronger. Imports ``chainplus.core`` and ``chainplus.common`` only.
"""
