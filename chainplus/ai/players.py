"""Computer players, levels 0-5 of the original's player control panel.

``choose_move`` is a pure function of the position, the seat's level and random %, a random
generator and a ``limits.Limit`` (how long level 5 may think): it never changes the game and
never imports pygame, so every front end shares it. ``play`` is the same choice with the
positions level 5 searched for it (a ``PlayResult``, after python-chess's).

The levels, as the original's help describes them:
0 any legal square at random; 1 a random square the seat already owns, else as 0;
2 as 0 in random % of its moves, otherwise as 1; 3 as 1 but with some thought (it looks one
move ahead at every square and keeps the best, see ``evaluate.py``); 4 as 3 with random % of
its moves as 0; 5 a real search with random % of its moves as 0. ``hint`` is what level 5
at 0 % would play.

In the window level 5's clock is the pause made before every computer move anyway
(``levels.thinking_time``), plus the time the chain of the move before is shown, so thinking
longer never slows the game down.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from chainplus.ai.evaluate import evaluate
from chainplus.ai.levels import DEFAULT_BUDGET, LEVELS
from chainplus.ai.limits import Limit
from chainplus.ai.search import search
from chainplus.common.clock import REAL_CLOCK
from chainplus.core.game import Game

#: Level 5's usual limit: its default thinking time.
DEFAULT_LIMIT = Limit(time=DEFAULT_BUDGET)


class PlayResult(NamedTuple):
    """What a seat chose: the square, and the positions level 5 searched for it (0 when no
    search ran: levels 0-4, or one of level 5's random moves)."""

    move: int
    nodes: int


def choose_move(
    game: Game,
    level: int = 0,
    random_pct: int = 0,
    rng: random.Random | None = None,
    *,
    limit: Limit = DEFAULT_LIMIT,
    stop: Callable[[], bool] | None = None,
) -> int:
    """The square the seat to move would play at ``level`` with ``random_pct`` % random moves.

    Level 5 thinks within ``limit`` (one that bounds nothing gets ``DEFAULT_BUDGET``
    seconds): with a node or depth limit and no clock its answer depends only on the position
    and ``rng``. ``stop`` is polled at every node; when it returns True the search answers at
    once with the best move found so far.
    """
    return play(game, level, random_pct, rng, limit=limit, stop=stop).move


def play(
    game: Game,
    level: int = 0,
    random_pct: int = 0,
    rng: random.Random | None = None,
    *,
    limit: Limit = DEFAULT_LIMIT,
    stop: Callable[[], bool] | None = None,
    now: Callable[[], float] = REAL_CLOCK.now,
) -> PlayResult:
    """``choose_move``'s square (the same, for the same arguments and generator), with the
    positions level 5 searched for it; level 5's time is read from ``now``."""
    if game.winner is not None:
        raise ValueError("the game is over: there is no move to choose")
    if level not in LEVELS:
        raise ValueError(f"computer levels are 0 to 5, not {level!r}")
    if not 0 <= random_pct <= 100:
        raise ValueError(f"the random % is 0 to 100, not {random_pct!r}")
    rng = rng if rng is not None else random.Random()
    legal = game.legal_moves()
    if level == 0:
        return PlayResult(random_move(legal, rng), 0)
    if level == 1:
        return PlayResult(owned_move(game, legal, rng), 0)
    if level == 3:
        return PlayResult(greedy_move(game, legal, rng), 0)
    # levels 2, 4 and 5 play as level 0 in random_pct % of their moves
    if rng.random() * 100 < random_pct:
        return PlayResult(random_move(legal, rng), 0)
    if level == 2:
        return PlayResult(owned_move(game, legal, rng), 0)
    if level == 4:
        return PlayResult(greedy_move(game, legal, rng), 0)
    if limit.time is None and limit.nodes is None and limit.depth is None:
        limit = DEFAULT_LIMIT  # an unbounded search would never answer
    found = search(game, limit, stop=stop, rng=rng, now=now)
    return PlayResult(found.move, found.nodes)


def hint(game: Game, *, limit: Limit = DEFAULT_LIMIT, stop: Callable[[], bool] | None = None,
         rng: random.Random | None = None) -> int:
    """The square level 5 at 0 % random would play for the seat to move (for the hint icon)."""
    return choose_move(game, 5, 0, rng, limit=limit, stop=stop)


def random_move(legal: list[int], rng: random.Random) -> int:
    """Level 0: any legal square, uniformly."""
    return legal[int(rng.random() * len(legal))]


def owned_move(game: Game, legal: list[int], rng: random.Random) -> int:
    """Level 1: a random square the seat already owns, else any legal square."""
    me = game.to_move
    owners = game.owners
    mine = [sq for sq in legal if owners[sq] == me]
    return random_move(mine or legal, rng)


def greedy_move(game: Game, legal: list[int], rng: random.Random) -> int:
    """Level 3: look one move ahead at every legal square and keep the best.

    Each resulting position is scored by ``evaluate`` (a win at once scores highest) and ties
    are broken at random. Works on a copy, so ``game`` is untouched.
    """
    me = game.to_move or 0  # never 0: the game is not over
    board = game.copy()
    best: list[int] = []
    best_value = None
    for sq in legal:
        board.play(sq)
        value = evaluate(board, me)
        board.undo()
        if best_value is None or value > best_value:
            best, best_value = [sq], value
        elif value == best_value:
            best.append(sq)
    return random_move(best, rng)
