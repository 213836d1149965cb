"""The lessons of a first game: what a move just did that a newcomer has not yet seen explained.

Whoever's move it was teaches (the computer's explosions too). The words are
``explain.lesson_line``'s; which lessons were given is the caller's to keep (``tutor``).
"""

from __future__ import annotations

from enum import Enum

from chainplus.core.game import Game, ShownCascade


class Lesson(Enum):
    """Something a move can do that deserves a word the first time (the value is the settings
    file's name for it). Listed in the order they win when one move does several: a player
    knocked out is rare, an explosion explains a chain, a loaded square is only news alone."""

    KNOCKED_OUT = "knocked_out"
    CAPTURE = "capture"
    CHAIN = "chain"
    LOADED = "loaded"


def taken(shown: ShownCascade) -> int:
    """How many squares that another seat held the move's explosions took (a square taken may
    have exploded in turn and be empty at the end)."""
    seat, frames = shown.cascade.seat, shown.frames
    before, after = frames[0][1], frames[-1][1]
    return sum(was not in (0, seat) and now != was for was, now in zip(before, after, strict=True))


def captured(shown: ShownCascade) -> bool:
    """True when the move's explosions took a square that another seat held."""
    return taken(shown) > 0


def loaded(game: Game, square: int) -> bool:
    """True when ``square`` holds one piece short of exploding under ``game``'s rules (acorn:
    its critical mass; classic: one less)."""
    return game.counts[square] == game.threshold[square] - 1


def lessons_in(shown: ShownCascade, game: Game) -> tuple[Lesson, ...]:
    """Every lesson the move ``shown`` teaches, ``game`` being the game after it: none once
    the game is over, as the winner is the news then."""
    if game.over:
        return ()
    cascade = shown.cascade
    found = {
        Lesson.KNOCKED_OUT: bool(cascade.eliminated),
        Lesson.CAPTURE: bool(cascade.waves) and captured(shown),
        Lesson.CHAIN: len(cascade.waves) >= 2,
        Lesson.LOADED: not cascade.waves and loaded(game, cascade.square),
    }
    return tuple(lesson for lesson in Lesson if found[lesson])


def first_lesson(shown: ShownCascade, game: Game, given: frozenset[Lesson]) -> Lesson | None:
    """The lesson the move ``shown`` gives, ``given`` being those already given: the first one
    it teaches that was not, or None."""
    return next((lesson for lesson in lessons_in(shown, game) if lesson not in given), None)
