"""The story of a game: the move where it turned, and what that move did, in words.

``turning_point`` finds, in level 5's judgement of a game (``ai.judgement.series``), the move
after which the player who lost fell for good (``fell_for_good``): smoothing drops short spikes,
so neither a one-position spike nor the last move of a game long lost is the turn.

``move_words`` says what a move did, replayed so its waves and squares taken are true, and
``why`` adds why it mattered: "Move 87: Blue's corner set off a 19-wave chain and took 23
squares, and Red never got back above 30%". Words for the graph window: ``LINES`` of ``WIDTH``,
in the language spoken when they are made.
"""

from __future__ import annotations

import math
import statistics
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chainplus.ai.judgement import FORCED, Point
from chainplus.app.lessons import taken
from chainplus.app.words import listed, seat_name, seat_names
from chainplus.common.language import _, ngettext, percent
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
    name = seat_name(seat)
    highest = max(line[number:])
    before = smoothed(line)[number - 1]
    if finished and highest < LOST * even and before >= LEVEL * even:
        if before >= AHEAD * even:
            # Translators: the end of a sentence on the graph: "Move 87: Blue's corner
            # exploded and took 3 squares" + this; {seat} is a player's name.
            return _(": a blunder that threw away its lead") if seat == mover else \
                _(": it overturned {seat}'s lead").format(seat=name)
        return _(": a blunder that decided an even game") if seat == mover else \
            _(": the move that decided an even game")
    level = math.ceil(highest * 20 - 1e-9) * 5
    if not finished and len(line) - number <= 3:
        return ""
    if highest <= 0.0:
        return _(", and {seat} had no way back").format(seat=name) if finished and not said \
            else ""
    was, now = round(line[number - 1] * 100), round(line[number] * 100)
    if level >= was - 5:
        # Translators: the end of a sentence on the graph; {was} and {now} are percentages.
        return _(", and {seat} fell from {was} to {now}").format(
            seat=name, was=percent(was), now=percent(now)) if now < was else ""
    if not finished:
        # Translators: the end of a sentence on the graph; {level} is a percentage.
        return _(", and {seat} has not been above {level} since").format(
            seat=name, level=percent(level))
    # Translators: the end of a sentence on the graph; {level} is a percentage.
    return _(", and {seat} never got back above {level}").format(seat=name, level=percent(level))


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
    name, mass = seat_name(cascade.seat), MASS[cascade.square]
    knocked = []
    if cascade.eliminated and cascade.winner is None:
        # Translators: what a move did, on the graph; {seats} is one or more players' names.
        knocked.append(_("knocked out {seats}").format(seats=seat_names(cascade.eliminated)))
    judged = _seen_words(seen)
    if not cascade.waves:
        loaded = board.counts[cascade.square] == board.threshold[cascade.square] - 1
        long = _played(mass, loaded and not judged).format(seat=name)
        short = _played(mass, False, short=True).format(seat=name)
        tries = [(long, judged, why), (short, judged, why), (short, judged, ""),
                 (short, [], why)]
    else:
        waves = len(cascade.waves)
        action = _exploded(waves)
        long = _exploding(mass).format(seat=name, action=action)
        short = _exploding(mass, short=True).format(seat=name, action=action)
        count = taken(shown)
        # Translators: what a move did, on the graph: "Blue's corner exploded and took 3
        # squares".
        took = [ngettext("took {count} square", "took {count} squares", count).format(
            count=count)] if count else []
        # Translators: what a move did, on the graph: "Blue's corner exploded and won".
        won = [_("won")] if cascade.winner is not None else []
        tries = [(long, took + knocked + won + judged, why),
                 *((short, deeds, why) for deeds in (
                     took + knocked + won + judged, knocked + won + judged, won + judged)),
                 (short, won + judged, ""),
                 (short, won, why)]
    told = ""
    for head, deeds, ending in tries:
        told = _sentence(number, head, deeds, ending)
        if len(textwrap.wrap(told, WIDTH)) <= LINES:
            break
    return told


def _played(mass: int, loaded: bool, short: bool = False) -> str:
    """The words for a piece put on a square of critical mass ``mass`` that did not explode,
    ``{seat}`` to fill in: "Red played an edge square", ``loaded`` adding that it is one
    short of exploding; ``short``: "Red played an edge"."""
    # Translators: a move on the graph: "Move 87: Red played a corner"; {seat} is a
    # player's name. A shorter line may say "an edge" or "a centre" for the square's kind.
    if mass == 2:
        return _("{seat} played a corner, one short of exploding") if loaded else \
            _("{seat} played a corner")
    if short:
        return _("{seat} played an edge") if mass == 3 else _("{seat} played a centre")
    if mass == 3:
        return _("{seat} played an edge square, one short of exploding") if loaded else \
            _("{seat} played an edge square")
    return _("{seat} played a centre square, one short of exploding") if loaded else \
        _("{seat} played a centre square")


def _exploding(mass: int, short: bool = False) -> str:
    """The words for an explosion of a square of critical mass ``mass``, ``{seat}`` and
    ``{action}`` (``_exploded``) to fill in: "Red's edge square exploded"; ``short``: "Red's
    edge exploded"."""
    # Translators: a move on the graph: "Move 87: Red's corner exploded"; {seat} is a
    # player's name, {action} what the square did: "exploded", "set off a 19-wave chain".
    if mass == 2:
        return _("{seat}'s corner {action}")
    if short:
        return _("{seat}'s edge {action}") if mass == 3 else _("{seat}'s centre {action}")
    return _("{seat}'s edge square {action}") if mass == 3 else \
        _("{seat}'s centre square {action}")


def _exploded(waves: int) -> str:
    """What a square that exploded did, in ``waves`` waves: "exploded" or "set off a 19-wave
    chain" (English says "an" before a number said with a vowel: 8, 11, 18, 80...)."""
    if waves == 1:
        # Translators: what a square did, in "Move 87: Red's corner exploded".
        return _("exploded")
    if str(waves).startswith("8") or waves in (11, 18):
        # Translators: the same as "set off a {count}-wave chain": English says "an" before
        # 8, 11 and 18.
        text = ngettext("set off an {count}-wave chain", "set off an {count}-wave chain", waves)
    else:
        # Translators: what a square did, in "Move 87: Red's corner set off a 19-wave chain";
        # {count} is the number of waves, 2 or more.
        text = ngettext("set off a {count}-wave chain", "set off a {count}-wave chain", waves)
    return text.format(count=waves)


def _seen_words(seen: Seen) -> list[str]:
    """The deeds ``seen`` names."""
    # Translators: what a move did, on the graph: "Move 87: Red's corner exploded and
    # missed a win".
    words = [_("missed a win")] if seen.missed_win else []
    if seen.handed is not None:
        name = seat_name(seen.handed)
        # Translators: what a move did, on the graph, after "missed a win": "Red's corner
        # exploded, missed a win and handed Blue one"; {seat} is a player's name.
        words.append(_("handed {seat} one").format(seat=name) if seen.missed_win else
                     _("handed {seat} a win").format(seat=name))
    if seen.beaten is not None:
        # Translators: what a move did, on the graph; {seat} is a player's name.
        words.append(_("left {seat} no way back").format(seat=seat_name(seen.beaten)))
    return words


def _sentence(number: int, head: str, deeds: list[str], why: str = "") -> str:
    """The words "Move N: head, deed, deed and deed" (just "Move N: head" with no deed), then
    ``why`` and a full stop."""
    # Translators: a sentence on the graph: {events} is what the move did ("Red's corner
    # exploded and took 3 squares"), {why} why it mattered (", and Blue never got back
    # above 30%", or nothing).
    return _("Move {number}: {events}{why}.").format(number=number,
                                                     events=listed([head, *deeds]), why=why)
