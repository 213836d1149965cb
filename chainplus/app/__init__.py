"""The game a person plays, without a screen: the session, the player panel, the settings,
the help box's words, the story of a game, the puzzles that ship and how one is played, and
the files the window keeps.

Pure Python: the window drives it and tests run it without pygame.
"""
