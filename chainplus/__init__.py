"""Chain+: a remake of the 1990 RISC OS game Chain Reaction (!Chain+).

The rules core (rules, game, records, ai) never imports pygame; only chainplus.ui does.
"""

__version__ = "0.1.0"
