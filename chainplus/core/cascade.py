"""The cascade: the explosions one placement sets off, run three ways for three callers.

The explosions commute (it is a chip-firing game), so the board settles the same in any order
and each caller gets the order that is fastest for it: ``waves`` for the screen (wave by wave,
as a player sees it), ``topple`` for the search (a plain stack), ``any_wins`` and ``wins_from``
for the win checks (on copies). Order shows only on a win: the cascade stops when the rivals
are gone, and the position is over either way. ``tests/test_rules.py`` holds the three to the
same answers.

Every function takes the board ``(counts, owners, squares)`` and the seat ``me`` that placed.
``rivals`` is the seats the cascade can knock out, or None when it cannot win
(``Position._rivals``): then it runs until nothing is due. ``threshold`` is ``explode_at``.
The lists are passed in and read into locals because this is level 5's hot loop.
"""

from __future__ import annotations

from chainplus.core.rules import MASS, NEIGHBOURS

#: The board a cascade changes: pieces on each square, its owner (0 = nobody, else the seat),
#: and the squares each seat owns (indexed by seat).
Board = tuple[list[int], list[int], list[int]]
#: The board as a screen shows it for one moment of a cascade: (counts, owners).
Frame = tuple[tuple[int, ...], tuple[int, ...]]


def waves(
    board: Board,
    start: int,
    me: int,
    rivals: list[int] | None,
    threshold: tuple[int, ...],
    shots: list[Frame] | None,
) -> tuple[tuple[int, ...], ...]:
    """Explode ``start`` and what it sets off wave by wave until nothing is due or the mover is
    alone; returns the squares that exploded together in each wave.

    A square still due after exploding explodes again in the next wave. ``shots``, when given,
    gets the board after every wave.
    """
    counts, owners, squares = board
    found = []
    wave = [start]
    while wave:
        found.append(tuple(wave))
        for sq in wave:
            left = counts[sq] - MASS[sq]
            counts[sq] = left
            if left == 0:
                owners[sq] = 0
                squares[me] -= 1
        captured = False
        touched: list[int] = []
        for sq in wave:
            for n in NEIGHBOURS[sq]:
                counts[n] += 1
                owner = owners[n]
                if owner != me:
                    if owner:
                        squares[owner] -= 1
                        captured = True
                    owners[n] = me
                    squares[me] += 1
            touched.extend(NEIGHBOURS[sq])
        if shots is not None:
            shots.append((tuple(counts), tuple(owners)))
        if captured and rivals is not None and not any(squares[s] for s in rivals):
            break  # the mover is alone: the game ends mid-cascade
        touched.extend(wave)
        wave = sorted({sq for sq in touched if counts[sq] >= threshold[sq]})
    return tuple(found)


def topple(
    board: Board,
    due: list[int],
    me: int,
    rivals: list[int] | None,
    threshold: tuple[int, ...],
) -> None:
    """Explode the ``due`` squares and those they set off, off a stack (``due`` is used up),
    each as many times as it is due at once, until none is due or the mover is alone.

    The same settled board as ``waves`` for the least work: a search never shows its moves.
    """
    counts, owners, squares = board
    # any owner but the mover is a rival still in, so the rivals' squares can be counted
    # down as they are captured; None when this cascade cannot win anyway
    rivals_left = None if rivals is None else sum(squares[s] for s in rivals)
    pop = due.pop
    push = due.append
    masses = MASS
    neighbours = NEIGHBOURS
    while due:
        sq = pop()
        count = counts[sq]
        at = threshold[sq]
        if count < at:
            continue  # listed twice, or already exploded
        mass = masses[sq]
        if count == at:  # nearly always: it explodes once
            times = 1
            left = count - mass
        else:
            times = (count - at) // mass + 1
            left = count - times * mass
        counts[sq] = left
        if left == 0:
            owners[sq] = 0
            squares[me] -= 1
        for n in neighbours[sq]:
            got = counts[n] + times
            counts[n] = got
            owner = owners[n]
            if owner != me:
                if owner:
                    squares[owner] -= 1
                    if rivals_left is not None:
                        rivals_left -= 1
                owners[n] = me
                squares[me] += 1
            if got >= threshold[n]:
                push(n)
        if rivals_left == 0:
            return  # the mover is alone: the game ends mid-cascade


def wins_from(
    board: Board, square: int, me: int, rivals: list[int], threshold: tuple[int, ...]
) -> bool:
    """Whether placing on ``square`` knocks out every one of ``rivals``, worked out on copies
    of ``board`` (left as it was), so a search can ask without making and taking back the move.
    """
    counts, owners, squares = board
    after = counts[:]
    after[square] += 1
    held = squares[:]
    topple((after, owners[:], held), [square], me, rivals, threshold)
    return not any(held[s] for s in rivals)


def any_wins(
    board: Board, loaded: set[int], me: int, rivals: list[int], threshold: tuple[int, ...]
) -> bool:
    """Whether placing on any square of ``loaded`` (the mover's squares one short of
    exploding, ``loaded`` is used up) knocks out every one of ``rivals``, worked out on copies
    of ``board`` (left as it was).

    About one cascade per run of loaded squares instead of one per square: level 5 asks this
    very often late in a game, when a seat has many loaded squares and there is rarely a win.

    The cascade from any square of a run (loaded squares next to each other) starts by
    exploding the whole run once, then settles what that left, then adds back the one piece
    placed. The first two steps are the same for every square of the run, so they are worked
    out once; the last is usually nothing (the square is not due again), and then that square
    captures what the run's cascade captured.
    """
    counts, owners_now, squares = board
    while loaded:
        run = run_of(loaded.pop(), loaded)
        if len(run) == 1:
            if wins_from(board, run[0], me, rivals, threshold):
                return True
            continue
        # the run explodes once (all its squares are the mover's, so nothing is captured
        # there), then whatever that made due explodes in turn; only the rivals' square
        # counts are read, so the mover's own count is not kept
        after = counts[:]
        owners = owners_now[:]
        held = squares[:]
        due = []
        for sq in run:
            after[sq] -= MASS[sq]
            for n in NEIGHBOURS[sq]:
                after[n] += 1
                owner = owners[n]
                if owner != me:
                    if owner:
                        held[owner] -= 1
                    owners[n] = me
                if after[n] >= threshold[n]:
                    due.append(n)
        topple((after, owners, held), due, me, rivals, threshold)
        if not any(held[s] for s in rivals):
            return True
        for sq in run:
            if after[sq] + 1 >= threshold[sq]:  # the piece placed sets it off again
                again = after[:]
                again[sq] += 1
                left = held[:]
                topple((again, owners[:], left), [sq], me, rivals, threshold)
                if not any(left[s] for s in rivals):
                    return True
    return False


def run_of(square: int, loaded: set[int]) -> list[int]:
    """``square`` and every square of ``loaded`` joined to it through squares of ``loaded``
    next to each other (taken out of ``loaded``)."""
    run = [square]
    for sq in run:
        for n in NEIGHBOURS[sq]:
            if n in loaded:
                loaded.discard(n)
                run.append(n)
    return run
