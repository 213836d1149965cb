"""``python -m chainplus bench`` and ``aibench``: run a benchmark, then print its figures as a
line for people and a JSON line for programs."""

from __future__ import annotations

import json

from chainplus.core.rules import Rules
from chainplus.tools import aibench, bench


def cmd_bench(rules: Rules, players: int, seconds: float, seed: int) -> int:
    result = bench.run(rules, players, seconds, seed)
    print(
        f"{result['placements']} placements in {result['games']} games in {result['seconds']} s "
        f"({rules} rules, {players} seats, seed {seed})"
    )
    print(json.dumps(result))
    return 0


def cmd_aibench(rules: Rules, players: int, positions: int, seed: int, budget: float,
                depth: int | None = None) -> int:
    result = aibench.run(positions, players, rules, seed, budget, depth)
    limit = f"budget {result['budget_ms']} ms" if depth is None else f"to depth {depth}"
    print(
        f"level 5 on {result['positions']} midgame positions ({players} seats, {rules} rules, "
        f"{limit}): p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
        f"max {result['max_ms']} ms, depth {result['min_depth']}-{result['max_depth']} "
        f"(mean {result['mean_depth']}), {result['mean_nodes']} nodes a move, "
        f"{result['nodes_per_s']} nodes/s"
    )
    print(json.dumps(result))
    return 0
