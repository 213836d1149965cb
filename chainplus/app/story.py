"""The story of a game: the move where it turned, and what that move did, in words.

``turning_point`` finds, in level 5's judgement of a game (``ai.judgement.series``), the move
with the largest swing against the player who lost; ``move_words`` says what a move did, true
to the move (it is replayed: its waves and the squares it took are counted), e.g.
"Move 87: Blue's corner set off a 19-wave chain and took 23 squares." Words for the graph
window: at most two lines of 50 characters.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from chainplus.ai.judgement import FORCED, Point
from chainplus.app.explain import SQUARE_KIND, plural
from chainplus.app.lessons import taken
from chainplus.app.panel import SEAT_NAME
from chainplus.core.game import Game
from chainplus.core.rules import MASS

#: The graph window's lines: the words of a turning point fit ``LINES`` lines of ``WIDTH``.
WIDTH = 50
LINES = 2


@dataclass(frozen=True)
class Turn:
    """The move where a game turned: move ``move`` (1 for the first), made by ``mover``, took
    ``seat``'s judged share from ``before`` to ``after``; ``words`` say what the move did."""

    move: int
    mover: int
    seat: int
    before: float
    after: float
    words: str


def loser(points: Sequence[Point]) -> int | None:
    """The player who lost, once the points reach a won position: the seat knocked out last
    (with two seats, the one beaten; with three or four, the runner-up). When the last move
    knocked out several, the one level 5 judged the most likely ahead just before it (the
    first in turn order if even). None while no seat has won."""
    if len(points) < 2 or len(points[-1].alive) != 1:
        return None
    before = points[-2]  # the winning move is the last, and it knocked out the last seats
    out = [s for s in before.alive if s not in points[-1].alive]
    return max(out, key=lambda s: before.judged[s])


def turning_point(game: Game, points: Sequence[Point]) -> Turn | None:
    """The move of ``game`` whose judgement (``points``, one a position from the start, as far
    as worked out) fell the most for the player who lost (``loser``). In a game nobody has won
    yet, the largest fall of any seat's judgement. None when no judgement ever fell.

    The player who lost, not the winner's largest rise: with three or four seats the winner
    may have risen most by others' falls, while the runner-up's fall is the duel that decided
    the game. The first of equal falls is taken.
    """
    beaten = loser(points)
    seats = game.seats if beaten is None else (beaten,)
    best: tuple[float, int, int] | None = None  # (fall, move, seat)
    for number in range(1, len(points)):
        old, new = points[number - 1].judged, points[number].judged
        for seat in seats:
            fall = old[seat] - new[seat]
            if fall > 0 and (best is None or fall > best[0]):
                best = (fall, number, seat)
    if best is None:
        return None
    _, number, seat = best
    then, now = points[number - 1], points[number]
    return Turn(number, now.mover or 0, seat, then.judged[seat], now.judged[seat],
                move_words(game, number, seen_in(then, now)))


@dataclass(frozen=True)
class Seen:
    """What level 5's judgement says a move did, beyond the board: the mover had a forced win
    before it and not after (``missed_win``), the move gave seat ``handed`` a forced win, or
    it made the mover's own win forced, leaving seat ``beaten`` no way back."""

    missed_win: bool = False
    handed: int | None = None
    beaten: int | None = None


def seen_in(then: Point, now: Point) -> Seen:
    """What the judgement before a move (``then``) and after it (``now``) says it did: a share
    of ``FORCED`` or more is a forced win the search found. A winning move is none of these."""
    mover = now.mover
    if mover is None or len(now.alive) == 1:
        return Seen()
    sure_then = {s for s in then.alive if then.judged[s] >= FORCED}
    sure_now = {s for s in now.alive if now.judged[s] >= FORCED}
    handed = sorted(sure_now - sure_then - {mover})
    beaten = [s for s in now.alive if s != mover] if mover in sure_now - sure_then else []
    return Seen(mover in sure_then - sure_now, handed[0] if handed else None,
                beaten[0] if len(beaten) == 1 else None)


def move_words(game: Game, number: int, seen: Seen = Seen()) -> str:
    """What move ``number`` (1 for the first) of ``game`` did, replayed on a copy: its square's
    kind, the waves it set off, the squares it took from others, who it knocked out or whether
    it won, and what level 5 ``seen`` about it. E.g. "Move 12: Red's edge square exploded and
    took 3 squares." At most ``LINES`` lines of ``WIDTH`` characters: a long one names the
    square's kind more shortly ("Red's edge"), then leaves out the squares taken, then who
    it knocked out."""
    board = Game(game.seats, game.rules)
    for square in game.moves[:number - 1]:
        board.play(square)
    shown = board.play_shown(game.moves[number - 1])
    cascade = shown.cascade
    name, mass = SEAT_NAME[cascade.seat], MASS[cascade.square]
    knocked = []
    if cascade.eliminated and cascade.winner is None:
        knocked.append("knocked out " + " and ".join(SEAT_NAME[s] for s in cascade.eliminated))
    judged = _seen_words(seen)
    if not cascade.waves:
        kind = _kind(mass)
        article = "an" if kind[0] in "aeiou" else "a"
        loaded = board.counts[cascade.square] == board.threshold[cascade.square] - 1
        note = ", one short of exploding" if loaded and not judged else ""
        return _sentence(number, f"{name} played {article} {kind}{note}", judged)
    waves = len(cascade.waves)
    action = "exploded" if waves == 1 else f"set off a {waves}-wave chain"
    took = [f"took {plural(taken(shown), 'square')}"] if taken(shown) else []
    won = ["won"] if cascade.winner is not None else []
    short = SQUARE_KIND[mass].lower()
    told = ""
    for kind, deeds in ((_kind(mass), took + knocked + won + judged),
                        (short, took + knocked + won + judged),
                        (short, knocked + won + judged), (short, won + judged)):
        told = _sentence(number, f"{name}'s {kind} {action}", deeds)
        if len(textwrap.wrap(told, WIDTH)) <= LINES:
            break
    return told


def _seen_words(seen: Seen) -> list[str]:
    """The deeds ``seen`` names, as words."""
    words = ["missed a win"] if seen.missed_win else []
    if seen.handed is not None:
        words.append(f"handed {SEAT_NAME[seen.handed]} " + ("one" if seen.missed_win else "a win"))
    if seen.beaten is not None:
        words.append(f"left {SEAT_NAME[seen.beaten]} no way back")
    return words


def _sentence(number: int, head: str, deeds: list[str]) -> str:
    """The words "Move N: head, deed, deed and deed." (just "Move N: head." with no deed)."""
    if not deeds:
        return f"Move {number}: {head}."
    return f"Move {number}: {', '.join([head, *deeds[:-1]])} and {deeds[-1]}."


def _kind(mass: int) -> str:
    """A square's kind by its critical mass, as a noun: "corner", "edge square" or "centre
    square"."""
    return SQUARE_KIND[mass].lower() + ("" if mass == 2 else " square")
