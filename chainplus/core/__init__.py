"""The rules of Chain Reaction: board geometry, the cascade, the game and its records.

Plain Python that the computer players, the application, the tools and the window all build
on. It imports nothing of Chain+ but ``chainplus.common``, and never pygame.
"""
