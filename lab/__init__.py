"""The developers' lab: what drives and measures Chain+ from a clone, apart from the game.

``rigs`` drive the game window headless (``python -m lab.rigs.NAME``: the monkey soak, a
kiosk's long day, the window's benchmarks) with the stand-ins they share with the tests
(``rigs.fakes``); ``judging`` measures and tunes level 5's judgement (``python -m
lab.judging.NAME``: predictability, judgefit, turns, tune); ``catalogs`` keeps the
translations in step with the strings the code marks (``python -m lab.catalogs``). Each
command has ``--help``.

The lab imports ``chainplus``; nothing in ``chainplus`` imports the lab, and the wheel leaves it
out. Run its commands from the clone's root, where ``python -m`` finds both.
"""
