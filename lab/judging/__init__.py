"""Research tools of level 5's judgement and evaluation, run from a clone (``python -m
lab.judging.NAME``, ``chainplus/ai/NOTES.md``, "Judging a game"): ``predictability`` (how much
a position says of who wins, by playouts between equal players; ``playouts`` makes the
positions and plays them out), ``judgefit`` (the judgement fitted to who won, scored on other
games), ``turns`` (whether turning points are ones a player would name) and ``tune`` (the
evaluation's weights tuned by self-play). ``runs`` holds the options and the output the first
three share.

Headless: they import the layers below the window (a review's points, the story of a game, the
computer players, the rules), never ``chainplus.ui`` or pygame.
"""
