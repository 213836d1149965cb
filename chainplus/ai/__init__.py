"""The computer players: levels 0-5 of the original's player control panel.

``players`` chooses a move at a level; level 5 is ``search``, built on ``alphabeta`` and
``horizon``, with ``ordering`` and ``evaluate`` (weights in ``weights.json``, tuned by
``lab.judging.tune``). ``judgement`` is level 5's verdict on a recorded game, weighed by ``odds``;
``puzzles`` proves a puzzle (a forced win within a few moves, by exhaustive search); ``service``
runs moves and judgements in their own process, so they never take the window's interpreter.
``NOTES.md`` is the lab notebook. Imports ``chainplus.core`` and ``chainplus.common`` only.
"""
