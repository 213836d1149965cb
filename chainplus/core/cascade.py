"""The cascade: the explosions one placement sets off, run three ways for three callers.

Chain Reaction's explosions commute (it is a chip-firing game): however the due squares are
taken in turn, each explodes the same number of times and the board settles the same. So one
rule can be run in the order that suits the caller, and each order is the fastest way to give
that caller what it needs:

* ``waves``, for the screen (``Game.play``): all the due squares explode together, wave by
  wave, because that is what a player sees and the animation shows;
* ``topple``, for the search (``Game.settle``): a plain stack of due squares, the same settled
  board with no waves to build;
* ``any_wins`` (with ``wins_from`` for one square), for the win checks
  (``Position.any_wins_at_once``): one cascade per run of loaded squares instead of one per
  square, on copies of the board, as only "does it win?" is asked.

The one place order shows is a win: the cascade stops when the rivals are gone, and the board
is left where it stood then; the position is over either way. The tests in
``tests/test_rules.py`` hold the three to the same answers.

Every function works on the board it is given, ``(counts, owners, squares)`` (the game's lists,
or copies), for the seat ``me`` whose placement set it off. ``rivals`` names the seats the
cascade can knock out, or is None when it cannot win (``Position._rivals``): then it runs
until nothing is due. ``threshold`` is the count at which each square explodes (``explode_at``).
The lists come as arguments and are read into locals because this is level 5's hot loop.
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
    alone; returns the waves (the squares that exploded together in each step).

    It exists for the screen: a player sees a chain wave by wave, so ``Game.play`` returns
    these waves for a view to animate. Every explosion in the move belongs to the mover, so
    each wave explodes all the squares that are due at once, and a square still over its mass
    after exploding explodes again in the next wave. ``shots``, when given, gets the board
    after every wave.
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

    It exists for the search (``Game.settle``, and the win checks on copies): the same
    settled board as ``waves`` (the explosions commute) for the least work, as a search makes
    millions of moves and never shows one.
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
    of ``board`` (left as it was).

    It exists for ``Position.wins_at_once`` (and the lone squares of ``any_wins``): ``topple``
    on copies, so a search can ask without making the move and taking it back.
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

    It exists for ``Position.any_wins_at_once``: about one cascade per run of loaded squares
    instead of one per square, as level 5 asks this at thousands of positions a move late in a
    game, when a seat has a dozen or more loaded squares, nine times in ten with no win.

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
