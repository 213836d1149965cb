"""The player's record of puzzles (``Progress``), which the settings file keeps, and a kiosk's
count of its visitors' tries (``Tally``), which its state folder keeps: plain data, so reading
them needs no search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from chainplus.common.language import _, percent

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


@dataclass(frozen=True)
class Tally:
    """How many of a kiosk's visitors tried a puzzle (made a move in it), and how many of them
    solved it."""

    tried: int = 0
    solved: int = 0

    def counted(self, solved: bool) -> Tally:
        return Tally(self.tried + 1, self.solved + solved)

    def line(self) -> str | None:
        """"Solved by 63% of visitors.", or None before anyone tried (in the language spoken
        now)."""
        if not self.tried:
            return None
        # Translators: a kiosk's puzzle: {percent} is "63%".
        return _("Solved by {percent} of visitors.").format(
            percent=percent(round(100 * self.solved / self.tried)))


def tallies_of(data: Any) -> dict[int, Tally]:
    """The tallies a kiosk's puzzle file holds (``{"puzzles": {"12": [tried, solved]}}``, by
    puzzle number from 0); ValueError saying what is wrong."""
    given = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(given, dict):
        raise ValueError("it has no 'puzzles' object")
    tallies = {}
    for key, pair in given.items():
        if not (key.isdigit() and isinstance(pair, list) and len(pair) == 2
                and all(type(n) is int and n >= 0 for n in pair) and pair[1] <= pair[0]):
            raise ValueError(f"puzzle {key[:20]!r} is not a count of tries and solutions")
        tallies[int(key)] = Tally(*pair)
    return tallies


def tallies_data(tallies: dict[int, Tally]) -> dict[str, Any]:
    """The tallies as the kiosk's puzzle file keeps them."""
    return {"puzzles": {str(number): [tally.tried, tally.solved]
                        for number, tally in sorted(tallies.items())}}
