"""The rules of Chain Reaction: board geometry, the cascade, the game and its records.

Plain Python that the computer players, the application, the tools and the window all build
on. It imports nothing of Chain+ but ``chainplus.common``, and never pygame. From the bottom up:

* ``rules``: the board's geometry and the two rule sets, as plain data;
* ``cascade``: the explosions a placement sets off, run three ways (for the screen, the
  search and the win checks);
* ``position``: ``Position``, who holds what and whose turn it is, and the questions asked
  of it (legal squares, the table key, whether a square wins at once);
* ``game``: ``Game``, a position that moves (``play``, ``settle``, ``play_shown``) with undo;
* ``records``: game records, read and written as JSON.
"""
