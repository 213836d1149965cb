"""The engine protocol plays every computer level with both rule sets.

``python -m chainplus engine`` (its command line and its loop, run in this process: the real
process, its flushing and its bytes, is test_cli's) answers a batch of records per (level,
rules): openings, midgames, 2-4 seats, seats given as a list, and a finished game (which must
get an error and not stop the engine). Level 5 runs with a tiny clock budget or a node limit
so the whole file stays quick.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from unittest import mock

import pytest
from rules_helpers import played

from chainplus.core.game import Game
from chainplus.core.records import game_from_data, record_of
from chainplus.tools import cli


def engine(args: list[str], lines: list[str]) -> list[dict]:
    """The engine's answers to ``lines``, each a line of its standard input."""
    given = io.TextIOWrapper(io.BytesIO("".join(line + "\n" for line in lines).encode()))
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(sys, "stdin", given), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        status = cli.main(["engine", *args])
    assert status == 0 and err.getvalue() == "", err.getvalue()
    return [json.loads(line) for line in out.getvalue().splitlines()]


def records(rules: str) -> list[dict]:
    """Seeded positions worth answering: starts, midgames, several seat lists."""
    return [
        record_of(played(seats, rules, moves, seed=n))
        for n, (seats, moves) in enumerate((((1, 2), 0), ((1, 2), 1), ((1, 2), 30), ((1, 2, 3), 20),
                                            ((1, 2, 3, 4), 45), ((2, 4), 12), ((4, 1, 3), 25)))
    ]


def finished(rules: str) -> dict:
    rng = random.Random(3)
    game = Game((1, 2), rules)
    while game.winner is None:
        game.play(game.random_move(rng))
    return record_of(game)


@pytest.mark.parametrize("rules", ["acorn", "classic"])
@pytest.mark.parametrize("level", range(6))
def test_every_level_answers_legal_moves_with_both_rule_sets(level, rules):
    batch = records(rules)
    lines = [json.dumps(r) for r in batch]
    lines.insert(3, json.dumps(finished(rules)))
    args = ["--level", str(level), "--random", "10", "--seed", "4"]
    if level == 5:
        args += ["--budget", "0.02"]
    replies = engine(args, lines)
    assert len(replies) == len(lines)
    assert "error" in replies[3] and "over" in replies[3]["error"]
    del replies[3]
    for record, reply in zip(batch, replies, strict=True):
        assert set(reply) == {"move"}, reply
        row, col = reply["move"]
        game = game_from_data(record)
        assert game.rules == rules
        assert game.is_legal(row * 8 + col), (record, reply)


def test_level_5_with_a_node_limit_gives_repeatable_answers():
    lines = [json.dumps(r) for r in records("acorn")]
    args = ["--level", "5", "--random", "0", "--seed", "11", "--nodes", "300"]
    assert engine(args, lines) == engine(args, lines)


def test_level_5_takes_the_win_the_engine_is_shown():
    # seat 1 to move; its loaded corner (0,0) fires into seat 2's only squares
    record = {"players": 2, "rules": "acorn",
              "moves": [[0, 0], [0, 1], [0, 0], [1, 0], [5, 5], [1, 0]]}
    game = game_from_data(record)
    assert game.to_move == 1 and game.owners[1] == 2 and game.owners[8] == 2
    replies = engine(["--level", "5", "--seed", "1", "--budget", "0.05"], [json.dumps(record)])
    assert replies == [{"move": [0, 0]}]
