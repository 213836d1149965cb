"""The player's record of puzzles (``Progress``), which the settings file keeps: plain data,
so reading the settings needs no search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: The difficulties a puzzle has (``Puzzle.difficulty``); a new player starts at the easiest.
EASIEST, HARDEST = 1, 5


@dataclass(frozen=True)
class Progress:
    """What the settings remember of the player's puzzles: the difficulty of the next, the
    puzzles solved without a miss or a hint in a row (``streak``), the best such run, and the
    shipped puzzles solved (numbers from 0)."""

    level: int = EASIEST
    streak: int = 0
    best: int = 0
    solved: frozenset[int] = frozenset()

    def after(self, number: int, solved: bool, clean: bool) -> Progress:
        """The record once puzzle ``number`` is solved (``clean``: at the first try, with no
        hint) or given up: a little harder after a success, a little easier after a give-up."""
        if not solved:
            return replace(self, level=max(EASIEST, self.level - 1), streak=0)
        streak = self.streak + 1 if clean else 0
        return Progress(min(HARDEST, self.level + 1), streak, max(self.best, streak),
                        self.solved | {number})
