"""``python -m chainplus engine``: the engine protocol's answering side.

Each line of standard input is a game record; each gets one line of JSON back, at once (flushed):
``{"move": [row, col]}`` for the seat to move, or ``{"error": "..."}`` for a line that is not a
record of an unfinished game, after which the engine carries on with the next line. ``match
--a-cmd/--b-cmd`` speaks the other side.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO, TextIO

from chainplus.ai import players as ai
from chainplus.ai.limits import Limit
from chainplus.core.records import MAX_RECORD_BYTES, RecordError, decode, game_from_data
from chainplus.core.rules import row_col
from chainplus.tools.arguments import clock


@dataclass(frozen=True, kw_only=True)
class EngineSettings:
    """Who the engine plays as: a level and its random %, the seed of its random choices
    (None: a fresh one), and level 5's limit (its ``budget`` in seconds, or ``nodes`` a move
    in place of the clock)."""

    level: int
    random_pct: int
    seed: int | None
    budget: float
    nodes: int | None


def engine_answer(
    line: bytes | str | None, level: int, pct: int, rng: random.Random, budget: float,
    nodes: int | None = None,
) -> dict[str, Any]:
    """The engine's reply to one input line (with ``nodes``, level 5 has no clock).

    ``None`` stands for a line too long to be a record.
    """
    if line is None:
        return {"error": "the line is too long to be a game record "
                         f"(over {MAX_RECORD_BYTES} bytes)"}
    try:
        game = game_from_data(decode(line))
    except RecordError as exc:
        return {"error": str(exc)}
    if game.winner is not None:
        return {"error": f"the game is over: seat {game.winner} has won"}
    limit = Limit(time=clock(budget, nodes), nodes=nodes)
    square = ai.choose_move(game, level, pct, rng, limit=limit)
    return {"move": list(row_col(square))}


def read_lines(inp: BinaryIO) -> Iterator[bytes | None]:
    """The lines of ``inp`` as bytes, each at most a record long; None for a longer one.

    Bytes, not text, so input that is not UTF-8 is a bad record, not a crash.
    """
    while True:
        line = inp.readline(MAX_RECORD_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_RECORD_BYTES:
            while line and not line.endswith(b"\n"):  # skip the rest of the long line
                line = inp.readline(MAX_RECORD_BYTES + 1)
            yield None
        else:
            yield line.strip()


def cmd_engine(inp: BinaryIO, out: TextIO, settings: EngineSettings) -> int:
    """Answer every line of ``inp`` on ``out``, one reply a line, flushed as it is written."""
    rng = random.Random(settings.seed)
    for line in read_lines(inp):
        reply = engine_answer(line, settings.level, settings.random_pct, rng, settings.budget,
                              settings.nodes)
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0
