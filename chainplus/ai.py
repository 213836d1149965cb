"""Computer players, levels 0-5 of the original's player control panel.

One entry point, ``choose_move``, a pure function of the position, the seat's level and
random %, a random generator and a time budget. It never changes the game it is given and
never imports pygame, so the window, the engine protocol and the match command share it.
"""

from __future__ import annotations

import random
from typing import Callable

from .game import Game

LEVELS = range(0, 6)
#: Default thinking time per move for the searching levels, in seconds.
DEFAULT_BUDGET = 0.25


def choose_move(
    game: Game,
    level: int = 0,
    random_pct: int = 0,
    rng: random.Random | None = None,
    budget: float = DEFAULT_BUDGET,
    stop: Callable[[], bool] | None = None,
) -> int:
    """The square the seat to move would play at ``level`` with ``random_pct`` % random moves.

    ``stop`` is polled by the searching levels; when it returns True they answer at once
    with the best move found so far.
    """
    if game.winner is not None:
        raise ValueError("the game is over: there is no move to choose")
    if level not in LEVELS:
        raise ValueError(f"computer levels are 0 to 5, not {level!r}")
    if not 0 <= random_pct <= 100:
        raise ValueError(f"the random % is 0 to 100, not {random_pct!r}")
    rng = rng if rng is not None else random.Random()
    legal = game.legal_moves()
    if level == 0:
        return random_move(legal, rng)
    if level == 1:
        return owned_move(game, legal, rng)
    if level == 2:
        if rng.random() * 100 < random_pct:
            return random_move(legal, rng)
        return owned_move(game, legal, rng)
    raise NotImplementedError(f"level {level} arrives with the computer-players issue")


def random_move(legal: list[int], rng: random.Random) -> int:
    """Level 0: any legal square, uniformly."""
    return legal[int(rng.random() * len(legal))]


def owned_move(game: Game, legal: list[int], rng: random.Random) -> int:
    """Level 1: a random square the seat already owns, else any legal square."""
    me = game.to_move
    owners = game.owners
    mine = [sq for sq in legal if owners[sq] == me]
    return random_move(mine or legal, rng)
