"""Development rigs for the window, apart from the game: the monkey soak, a kiosk's long day
and the window benchmark (``python -m chainplus.ui.rigs.monkey|longday|uibench``), and the
fakes (a hand-moved clock, silent sounds) they share with the tests.

The game never imports them.
"""
