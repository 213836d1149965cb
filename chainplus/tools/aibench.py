"""How long level 5 takes to answer: the figures behind its time budget.

Seeded midgame positions (from level-4 play with 20% random moves, so they look like real
games) go to level 5's search, which reports the wall-clock time of each call, the depth it
finished (plies of full width) and the nodes (positions played into).

With a fixed ``depth`` there is no clock, so the nodes are the same on any machine: the figure
for comparing two versions of the search, free of how busy the machine is.
"""

from __future__ import annotations

import random
from typing import Any

from chainplus.ai import players as ai
from chainplus.ai.levels import DEFAULT_BUDGET
from chainplus.ai.limits import Limit
from chainplus.ai.search import search
from chainplus.common.clock import REAL_CLOCK
from chainplus.common.stats import percentile
from chainplus.core.game import Game
from chainplus.core.rules import Rules


def midgame_positions(count: int, players: int, rules: Rules, seed: int,
                      first: int = 16, last: int = 64) -> list[Game]:
    """``count`` unfinished positions between placement ``first`` and ``last``, all seeded."""
    rng = random.Random(seed)
    seats = tuple(range(1, players + 1))
    positions: list[Game] = []
    while len(positions) < count:
        game = Game(seats, rules)
        for _ in range(rng.randint(first, last)):
            if game.winner is not None:
                break
            game.play(ai.choose_move(game, 4, 20, rng))
        if game.winner is None:
            positions.append(game)
    return positions


def run(positions: int = 60, players: int = 4, rules: Rules = "acorn", seed: int = 1,
        budget: float = DEFAULT_BUDGET, depth: int | None = None) -> dict[str, Any]:
    """Time level 5 on seeded midgame positions, on its clock or (given ``depth``) to that
    depth without one; the figures as a dict (times in ms)."""
    games = midgame_positions(positions, players, rules, seed)
    times: list[float] = []
    depths: list[int] = []
    nodes: list[int] = []
    for index, game in enumerate(games):
        before = game.state()
        limit = Limit(time=budget) if depth is None else Limit(depth=depth)
        start = REAL_CLOCK.now()
        found = search(game, limit, rng=random.Random(index))
        times.append((REAL_CLOCK.now() - start) * 1000)
        if game.state() != before:
            raise AssertionError("the search changed the game it was given")
        depths.append(found.depth)
        nodes.append(found.nodes)
    return {
        "positions": len(games),
        "players": players,
        "rules": rules,
        "seed": seed,
        "budget_ms": None if depth is not None else round(budget * 1000, 1),
        "depth_limit": depth,
        "mean_ms": round(sum(times) / len(times), 1),
        "p50_ms": round(percentile(times, 50), 1),
        "p95_ms": round(percentile(times, 95), 1),
        "max_ms": round(max(times), 1),
        "mean_depth": round(sum(depths) / len(depths), 2),
        "min_depth": min(depths),
        "max_depth": max(depths),
        "mean_nodes": round(sum(nodes) / len(nodes)),
        "nodes_per_s": round(sum(nodes) / (sum(times) / 1000)),
    }
