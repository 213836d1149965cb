"""The story of a game: the move where it turned, and what that move did, in words.

``turning_point`` finds, in level 5's judgement of a game (``ai.judgement.series``), the move
after which the player who lost fell for good (``fell_for_good``): smoothing drops short spikes,
so neither a one-position spike nor the last move of a game long lost is the turn.

``move_words`` says what a move did, replayed so its waves and squares taken are true, and
``why`` adds why it mattered: "Move 87: Blue's corner set off a 19-wave chain and took 23
squares, and Red never got back above 30%". Words for the graph window: ``LINES`` of ``WIDTH``.
"""

from __future__ import annotations

import math
import statistics
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chainplus.ai.judgement import FORCED, Point
from chainplus.app.explain import SQUARE_KIND, plural
from chainplus.app.lessons import taken
from chainplus.app.panel import SEAT_NAME
from chainplus.core.game import Game
from chainplus.core.rules import MASS

#: The words of a turning point fit ``LINES`` lines of ``WIDTH`` in the graph window.
WIDTH = 50
LINES = 2
#: Positions either side of each in the running median that smooths a line.
SMOOTH = 2
#: A seat is still level while its smoothed share is at least this part of an even share.
LEVEL = 0.9
#: A share below this part of an even share is as good as lost.
LOST = 0.4
#: A seat whose smoothed share is at least this part of an even share is ahead.
AHEAD = 1.3
#: Moves either side of where the line fell for good among which the turn is looked for.
NEAR = SMOOTH + 2
#: Positions after a move in which a fall won back is no fall (the move's own position too).
KEPT = 3
#: The least fall, as a part of an even share, that tells of a turn (5 points with two seats).
TELLING = 0.1


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


def person_beaten(game: Game, points: Sequence[Point], people: Sequence[int]) -> int | None:
    """Of ``people`` (seats persons played), the one who lasted longest in a won game of more
    than two seats that none of them won; None otherwise (the loser's story is theirs)."""
    if len(game.seats) <= 2 or loser(points) is None or points[-1].alive[0] in people:
        return None
    lasted = {seat: max(n for n, point in enumerate(points) if seat in point.alive)
              for seat in people if seat in game.seats}
    return max(lasted, key=lambda seat: lasted[seat]) if lasted else None


def smoothed(line: Sequence[float]) -> list[float]:
    """``line`` through a running median of ``2 * SMOOTH + 1`` values, its ends held (a step
    stays where it is; a spike of up to ``SMOOTH`` values goes)."""
    padded = [line[0]] * SMOOTH + list(line) + [line[-1]] * SMOOTH
    width = 2 * SMOOTH + 1
    return [statistics.median(padded[i:i + width]) for i in range(len(line))]


def ceiling(line: Sequence[float]) -> list[float]:
    """The highest the smoothed ``line`` gets from each position on; a forced win the search
    found (a share of ``FORCED``) is kept however short, as a win missed is no noise."""
    top = [max(s, v if v >= FORCED else 0.0) for s, v in zip(smoothed(line), line, strict=True)]
    for n in range(len(top) - 2, -1, -1):
        top[n] = max(top[n], top[n + 1])
    return top


def falls(line: Sequence[float], floor: float) -> list[float]:
    """For each move (index ``n`` for the move from position ``n - 1`` to ``n``; 0 at index 0),
    how much it lowered ``ceiling``, counting only what is above ``floor``."""
    top = ceiling(line)
    return [0.0] + [max(top[n - 1], floor) - max(top[n], floor) for n in range(1, len(top))]


def kept(line: Sequence[float], number: int, floor: float = 0.0) -> float:
    """How much of its fall move ``number`` kept, above ``floor``: the share before it less
    the most of its own position and the ``KEPT`` after it."""
    return max(line[number - 1], floor) - max(*line[number:number + KEPT + 1], floor)


def most_kept(line: Sequence[float], moves: Iterable[int], floor: float = 0.0) -> int | None:
    """Of ``moves``, the one that kept the most of its fall above ``floor`` (``kept``), the
    first of equals; None when there are none."""
    return max(moves, key=lambda n: (kept(line, n, floor), -n), default=None)


def fell_for_good(line: Sequence[float], even: float) -> int | None:
    """The move after which ``line`` (a seat's share; ``even``: an even share) fell for good:
    from ``NEAR`` moves before it fell below level never to come back (``LEVEL``, on the
    ``ceiling``) to where it was as good as lost (``LOST``), the move that kept the most of
    its fall above that (``kept``), of those that kept more than half of it; when that kept
    less than ``TELLING`` times an even share, the same from there to the end of the game.
    None when the line never fell below level, or no move kept half its fall."""
    top, floor = ceiling(line), LOST * even
    crossing = next((n for n in range(1, len(line)) if top[n] < LEVEL * even), None)
    if crossing is None:
        return None
    lost = next((n for n in range(crossing, len(line)) if top[n] < floor), len(line) - 1)
    lasting = [n for n in range(max(1, crossing - NEAR), len(line))
               if kept(line, n) > (line[n - 1] - line[n]) / 2]
    best = most_kept(line, (n for n in lasting if n <= lost), floor)
    if best is None or kept(line, best, floor) < TELLING * even:
        best = most_kept(line, lasting, floor)
    return best


def turning_point(game: Game, points: Sequence[Point], people: Sequence[int] = ()
                  ) -> Turn | None:
    """The move of ``game`` after which the player who lost (``loser``) fell for good, judged
    on ``points`` (one a position from the start, as far as worked out). In a game nobody has
    won yet, the move that lowered the most what some seat would ever get back to. None when
    no judgement ever fell.

    The loser's fall, not the winner's rise: with three or four seats the winner may have risen
    by others' falls, while the runner-up's fall is the duel that decided the game. Where
    ``people`` (seats persons played) all lost, it is the turn for the one who lasted longest.
    """
    if len(points) < 2:
        return None
    beaten = person_beaten(game, points, people) or loser(points)
    even = 1 / len(points[0].alive)
    number = None
    if beaten is not None:
        seat = beaten
        number = fell_for_good([p.judged[seat] for p in points], even)
    if number is None:
        found = _largest_fall(points, game.seats if beaten is None else (beaten,), even)
        if found is None and beaten is not None:  # it fell and rose to the end: what it kept
            line = [p.judged[beaten] for p in points]
            moved = most_kept(line, range(1, len(points)))
            found = None if moved is None else (moved, beaten)
        if found is None:
            return None
        number, seat = found
    then, now = points[number - 1], points[number]
    seen = seen_in(then, now)
    if beaten is not None:  # only the seat that did win was handed a win
        seen = Seen(seen.missed_win, seen.handed if seen.handed == game.winner else None,
                    seen.beaten if seen.beaten != game.winner else None)
    line = [p.judged[seat] for p in points]
    ending = why(line, number, (seat, now.mover or 0), even, beaten is not None,
                 said=bool(_seen_words(seen)))
    return Turn(number, now.mover or 0, seat, then.judged[seat], now.judged[seat],
                move_words(game, number, seen, ending))


def _largest_fall(points: Sequence[Point], seats: Sequence[int], even: float
                  ) -> tuple[int, int] | None:
    """The move, and the seat, of the largest of ``falls`` among ``seats``, of the moves that
    kept more than half their fall (``kept``): above what is as good as lost, or, when none
    fell there, anywhere. The first of equal falls is taken."""
    for floor in (LOST * even, 0.0):
        best: tuple[float, int, int] | None = None  # (fall, move, seat)
        for seat in seats:
            line = [p.judged[seat] for p in points]
            for number, fall in enumerate(falls(line, floor)):
                if fall > 1e-9 and kept(line, number) > (line[number - 1] - line[number]) / 2 \
                        and (best is None or fall > best[0]):
                    best = (fall, number, seat)
        if best is not None:
            return best[1], best[2]
    return None


def why(line: Sequence[float], number: int, seats: tuple[int, int], even: float,
        finished: bool = True, *, said: bool = False) -> str:
    """Why move ``number`` mattered to the first of ``seats`` (the second made the move), whose
    judged share is ``line`` (``even``: an even share), as words to end the move's sentence
    with: it left a seat that was level or ahead as good as lost (a blunder when the seat made
    it itself), or the seat never got back above what it fell to (in a game not ``finished``:
    has not been above it since, said only after more than 3 positions); ``""`` when the line
    says neither, or the seat had no chance left at all (the move's own words say why)."""
    seat, mover = seats
    name = SEAT_NAME[seat]
    highest = max(line[number:])
    before = smoothed(line)[number - 1]
    if finished and highest < LOST * even and before >= LEVEL * even:
        if before >= AHEAD * even:
            return ": a blunder that threw away its lead" if seat == mover else \
                f": it overturned {name}'s lead"
        return ": a blunder that decided an even game" if seat == mover else \
            ": the move that decided an even game"
    level = math.ceil(highest * 20 - 1e-9) * 5
    if not finished and len(line) - number <= 3:
        return ""
    if highest <= 0.0:
        return f", and {name} had no way back" if finished and not said else ""
    was, now = round(line[number - 1] * 100), round(line[number] * 100)
    if level >= was - 5:
        return f", and {name} fell from {was}% to {now}%" if now < was else ""
    if not finished:
        return f", and {name} has not been above {level}% since"
    return f", and {name} never got back above {level}%"


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


def move_words(game: Game, number: int, seen: Seen = Seen(), why: str = "") -> str:
    """What move ``number`` (1 for the first) of ``game`` did, replayed on a copy: its square's
    kind, the waves it set off, the squares it took from others, who it knocked out or whether
    it won, and what level 5 ``seen`` about it; ``why`` ends the sentence. At most ``LINES``
    lines of ``WIDTH``: a long sentence drops details in the order ``tries`` lists them."""
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
    short = SQUARE_KIND[mass].lower()
    if not cascade.waves:
        kind = _kind(mass)
        article = "an" if kind[0] in "aeiou" else "a"
        loaded = board.counts[cascade.square] == board.threshold[cascade.square] - 1
        note = ", one short of exploding" if loaded and not judged else ""
        played = f"{name} played {article} "
        tries = [(played + kind + note, judged, why), (played + short, judged, why),
                 (played + short, judged, ""), (played + short, [], why)]
    else:
        waves = len(cascade.waves)
        article = "an" if str(waves).startswith("8") or waves in (11, 18) else "a"
        action = "exploded" if waves == 1 else f"set off {article} {waves}-wave chain"
        took = [f"took {plural(taken(shown), 'square')}"] if taken(shown) else []
        won = ["won"] if cascade.winner is not None else []
        tries = [(f"{name}'s {_kind(mass)} {action}", took + knocked + won + judged, why),
                 *((f"{name}'s {short} {action}", deeds, why) for deeds in (
                     took + knocked + won + judged, knocked + won + judged, won + judged)),
                 (f"{name}'s {short} {action}", won + judged, ""),
                 (f"{name}'s {short} {action}", won, why)]
    told = ""
    for head, deeds, ending in tries:
        told = _sentence(number, head, deeds, ending)
        if len(textwrap.wrap(told, WIDTH)) <= LINES:
            break
    return told


def _seen_words(seen: Seen) -> list[str]:
    """The deeds ``seen`` names."""
    words = ["missed a win"] if seen.missed_win else []
    if seen.handed is not None:
        words.append(f"handed {SEAT_NAME[seen.handed]} " + ("one" if seen.missed_win else "a win"))
    if seen.beaten is not None:
        words.append(f"left {SEAT_NAME[seen.beaten]} no way back")
    return words


def _sentence(number: int, head: str, deeds: list[str], why: str = "") -> str:
    """The words "Move N: head, deed, deed and deed" (just "Move N: head" with no deed), then
    ``why`` and a full stop."""
    if not deeds:
        return f"Move {number}: {head}{why}."
    return f"Move {number}: {', '.join([head, *deeds[:-1]])} and {deeds[-1]}{why}."


def _kind(mass: int) -> str:
    """A square's kind by its critical mass, as a noun: "corner", "edge square" or "centre
    square"."""
    return SQUARE_KIND[mass].lower() + ("" if mass == 2 else " square")
