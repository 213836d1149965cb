"""The rules benchmark: seeded random playouts through the same move function as the game."""

from __future__ import annotations

import random
from typing import Any

from chainplus.common.clock import REAL_CLOCK
from chainplus.core.game import Game
from chainplus.core.rules import Rules


def playout(game: Game, rng: random.Random) -> int:
    """Play uniformly random legal moves until someone wins; returns the number of placements."""
    play = game.play
    random_move = game.random_move
    n = 0
    while game.winner is None:
        play(random_move(rng))
        n += 1
    return n


def run(rules: Rules = "acorn", players: int = 2, seconds: float = 3.0,
        seed: int = 1) -> dict[str, Any]:
    """Play whole random games for about ``seconds``; the figures as a dict."""
    rng = random.Random(seed)
    seats = tuple(range(1, players + 1))
    games = placements = 0
    start = REAL_CLOCK.now()
    deadline = start + seconds
    while True:
        placements += playout(Game(seats, rules), rng)
        games += 1
        now = REAL_CLOCK.now()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "rules": rules,
        "players": players,
        "seed": seed,
        "games": games,
        "placements": placements,
        "seconds": round(elapsed, 3),
        "placements_per_s": round(placements / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "mean_game_length": round(placements / games, 1),
    }
