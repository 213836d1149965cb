"""The command-line tools, ``python -m chainplus replay|review|engine|bench|aibench|match``.

``cli`` holds their options and sends each command to its module (``replay``, ``review``,
``engine``, ``bench_commands``, ``match_command``), which prints what the work below it finds:
``review`` judges a recorded game move by move, ``match`` plays matches, ``bench`` and
``aibench`` time the rules and level 5. ``arguments`` checks the option values.

Three measuring tools run on their own (``python -m chainplus.tools.NAME``, ``ai/NOTES.md``,
"Judging a game"): ``predictability`` (how much a position says of who wins, by playouts
between equal players; ``playouts`` makes the positions and plays them out), ``judgefit`` (the
judgement fitted to who won, scored on other games) and ``turns`` (whether turning points are
ones a player would name).

Headless: they import ``chainplus.app`` (``review``: the story of a game), ``chainplus.ai``,
``chainplus.core`` and ``chainplus.common``, never the window.
"""
