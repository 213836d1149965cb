"""The two statistics the benchmarks and matches report."""

from __future__ import annotations

import math


def percentile(values: list[float], pct: float) -> float:
    """The ``pct`` percentile by the nearest-rank method (no interpolation)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))
    return ordered[int(rank) - 1]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate: how sure ``wins`` of ``games`` makes us."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)
