"""Development rigs for the window, apart from the game: the monkey soak, a kiosk's long day
and the window benchmark (``python -m chainplus.ui.rigs.monkey|longday|uibench``), and the
stand-ins they share with the tests (``fakes``: a hand-moved clock, sounds recorded instead
of played).

The game never imports them, and they are not shipped: pyproject.toml leaves them out of the
wheel, so they run from a clone only.
"""
