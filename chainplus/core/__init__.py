"""The rules of Chain Reaction: board geometry, the cascade, the game and its records.

Everything else builds on it; it imports only ``chainplus.common``, never pygame. From the
bottom up: ``rules`` (geometry and rule sets as data), ``cascade`` (the explosions, run three
ways), ``position`` (``Position`` and the questions asked of it), ``game`` (``Game``, a
position that moves, with undo), ``records`` (game records as JSON).
"""
