"""The game a person plays, without a screen: the session, the player panel, the settings,
the help box's words (explain), the story of a game (where it turned, in words), the files
(settings, autosave, logs) the window keeps, and what the program is (about).

Pure Python: the window drives it and tests run it without pygame. Imports ``chainplus.ai``
(the level names), ``chainplus.core`` and ``chainplus.common``.
"""
