"""``python -m chainplus review``: level 5's judgement of a recorded game, move by move, and the
move where it turned, as JSON (what the game's graph window draws)."""

from __future__ import annotations

import json
import time
from typing import Any, TextIO

from chainplus.ai.judgement import NODES, Point, series
from chainplus.app.story import Turn, turning_point
from chainplus.common.clock import REAL_CLOCK
from chainplus.core.game import Game
from chainplus.core.records import game_from_text
from chainplus.tools.replay import read_record_text

#: Decimals kept of each share in the output.
PLACES = 4


def point_data(point: Point) -> dict[str, Any]:
    """One position as JSON-ready data: shares and judgement for seats 1-4, in that order."""
    return {
        "move": point.move,
        "mover": point.mover,
        "alive": list(point.alive),
        "shares": [round(point.shares[s], PLACES) for s in (1, 2, 3, 4)],
        "judged": [round(point.judged[s], PLACES) for s in (1, 2, 3, 4)],
    }


def turn_data(turn: Turn | None) -> dict[str, Any] | None:
    """The turning point as JSON-ready data (None when there is none)."""
    if turn is None:
        return None
    return {"move": turn.move, "mover": turn.mover, "seat": turn.seat,
            "before": round(turn.before, PLACES), "after": round(turn.after, PLACES),
            "words": turn.words}


def cmd_review(path: str | None, out: TextIO, timing: TextIO | None = None,
               nodes: int = NODES) -> int:
    """Print the review of the record at ``path`` (standard input when None) as one JSON line;
    with ``timing``, how long the judgement took is written there (CPU and wall seconds, the
    mean and the slowest position)."""
    game = game_from_text(read_record_text(path))
    points, slowest = [], 0.0
    cpu, wall = time.process_time(), REAL_CLOCK.now()
    steps = series(game, nodes=nodes)
    while True:
        began = time.process_time()
        point = next(steps, None)
        if point is None:
            break
        slowest = max(slowest, time.process_time() - began)
        points.append(point)
    cpu, wall = time.process_time() - cpu, REAL_CLOCK.now() - wall
    turn = turning_point(game, points)
    out.write(json.dumps(review_data(game, points, turn)) + "\n")
    if timing is not None:
        timing.write(f"judged {len(points)} positions ({len(game.moves)} moves, "
                     f"{len(game.seats)} seats, {nodes} nodes each) in {cpu:.2f} s of CPU "
                     f"({wall:.2f} s wall): {1000 * cpu / len(points):.1f} ms a position, "
                     f"the slowest {1000 * slowest:.1f} ms\n")
    return 0


def review_data(game: Game, points: list[Point], turn: Turn | None) -> dict[str, Any]:
    """The review command's answer: the game's seats, rules and winner, every position's
    point and the turning point."""
    return {"players": list(game.seats), "rules": game.rules, "winner": game.winner,
            "points": [point_data(p) for p in points], "turn": turn_data(turn)}
