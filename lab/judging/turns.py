"""Whether the turning points of games are ones a good player would name:
``python -m lab.judging.turns judge | report``.

``judge`` plays games of mixed levels and seats (``playouts.real_game`` with each seat's level
drawn on its own: 3, 4 at 10 % random or 5) and keeps each with level 5's judgement of every
position (``ai.judgement.series``, as the game's graph has it): one JSON line a game.
``report`` finds each game's turning point (``app.story.turning_point``) and counts:

* *undone*: turning points whose fall the loser won back within 3 moves (half of it, or all);
* *late*: turning points on the last 3 moves of their game;
* *naming errors*: words that name a seat not in the game, a mover that did not make the move,
  a seat "handed a win" that did not win, or a seat said to have fallen ("never got back",
  "had no way back", "fell from", "overturned Blue's lead") that did not lose; and turning
  points whose seat is not the loser, or whose move was no fall.

``--table N`` adds a table of the first N turning points: the game, the move, the words and
the positions looked at (the loser's judged share before and after the move, and the most it
had after).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chainplus.ai.judgement import Point, series
from chainplus.app.panel import SEAT_NAME
from chainplus.app.story import Turn, loser, turning_point
from chainplus.common.options import OneLineParser
from chainplus.core.game import Game
from chainplus.tools.review import point_data
from lab.judging.playouts import RealGame, read_lines, real_game
from lab.judging.runs import add_judging, add_run, run_command, write_run

#: Moves after a turning point in which its fall must not be won back.
WITHIN = 3


@dataclass(frozen=True)
class Judged:
    """A game and its judgement, position by position."""

    index: int
    game: RealGame
    points: tuple[Point, ...]

    def board(self) -> Game:
        return self.game.board()


def judge_game(seed: int, index: int, nodes: int) -> dict[str, Any]:
    """Game ``index`` of ``seed`` (mixed levels) and its judgement, as data."""
    played = real_game(seed, index, mixed=True)
    return {"index": index, **played.as_data(),
            "points": [point_data(p) for p in series(played.board(), nodes=nodes)]}


def read_judged(paths: Sequence[str]) -> list[Judged]:
    """The games ``judge`` wrote (ValueError: one line saying where)."""
    def judged(data: Any) -> Judged:
        points = tuple(Point(p["move"], p["mover"], tuple(p["alive"]),
                             (0.0, *map(float, p["shares"])), (0.0, *map(float, p["judged"])))
                       for p in data["points"])
        return Judged(int(data["index"]), RealGame.from_data(data), points)

    return read_lines(paths, "a judged game", judged)


@dataclass(frozen=True)
class Check:
    """What ``report`` found of one turning point."""

    undone_half: bool
    undone_all: bool
    late: bool
    errors: tuple[str, ...]


def check(judged: Judged, board: Game, turn: Turn) -> Check:
    """The counts of ``report`` for ``turn``, the turning point of ``judged`` (``board``: the
    game at its end)."""
    line = [p.judged[turn.seat] for p in judged.points]
    later = line[turn.move + 1:turn.move + 1 + WITHIN]
    fall = turn.before - turn.after
    back = max(later, default=0.0)
    errors = list(naming_errors(judged, board, turn))
    if fall <= 0:
        errors.append("the turn is no fall")
    return Check(back >= turn.before - fall / 2, back >= turn.before,
                 turn.move > len(board.moves) - WITHIN, tuple(errors))


def naming_errors(judged: Judged, board: Game, turn: Turn) -> list[str]:
    """Every way ``turn``'s words or seat name the wrong seat (``board``: the game at its
    end)."""
    errors = []
    beaten = loser(judged.points)
    movers = board.movers()
    names = {name: seat for seat, name in enumerate(SEAT_NAME) if seat}
    for name in re.findall(r"\b(Red|Blue|Green|Yellow)\b", turn.words):
        if names[name] not in board.seats:
            errors.append(f"{name} is not in the game")
    if not turn.words.startswith(f"Move {turn.move}: {SEAT_NAME[movers[turn.move - 1]]}"):
        errors.append("the words name another mover")
    if turn.mover != movers[turn.move - 1]:
        errors.append("the turn names another mover")
    if turn.seat != beaten or beaten == board.winner:
        errors.append(f"the turn's seat {turn.seat} is not the loser {beaten}")
    for name in re.findall(r"handed (\w+) (?:a win|one)", turn.words):
        if names.get(name) != board.winner:
            errors.append(f"{name} was handed a win but did not win")
    for name in re.findall(r"(\w+)(?:'s lead| never got back| had no way back| fell from)",
                           turn.words):
        if names.get(name) != beaten:
            errors.append(f"{name} is said to have fallen but did not lose")
    for name in re.findall(r"left (\w+) no way back", turn.words):
        if names.get(name) == board.winner:
            errors.append(f"{name} was left no way back but won")
    return errors


def report(games: Sequence[Judged], table: int) -> list[str]:
    """The report's lines: the counts, then the table."""
    turns, checks, rows = 0, list[Check](), list[str]()
    for judged in games:
        board = judged.board()
        turn = turning_point(board, list(judged.points))
        if turn is None:
            continue
        turns += 1
        checks.append(check(judged, board, turn))
        if len(rows) < table:
            rows.append(_row(judged, board, turn))
    errors = [e for c in checks for e in c.errors]
    lines = [f"{len(games)} games, {turns} turning points: "
             f"{sum(c.undone_half for c in checks)} undone by half within {WITHIN} moves "
             f"({sum(c.undone_all for c in checks)} wholly), "
             f"{sum(c.late for c in checks)} on the last {WITHIN} moves, "
             f"{len(errors)} naming errors"]
    lines += [f"  error: {e}" for e in errors]
    if rows:
        lines += ["", "| Game | Seats (levels), rules | Moves | Turn | Words | "
                  "Loser's share: before, after, most after |", "|---|---|---|---|---|---|"]
        lines += rows
    return lines


def _row(judged: Judged, board: Game, turn: Turn) -> str:
    line = [p.judged[turn.seat] for p in judged.points]
    players = ", ".join(f"{SEAT_NAME[s]} {level}" + (f":{pct}" if pct else "")
                        for s, (level, pct) in zip(board.seats, judged.game.players,
                                                   strict=True))
    return (f"| {judged.index} | {players}; {board.rules} | {len(board.moves)} | {turn.move} | "
            f"{turn.words} | {SEAT_NAME[turn.seat]} {turn.before:.0%} (position "
            f"{turn.move - 1}), {turn.after:.0%} (position {turn.move}), "
            f"{max(line[turn.move:]):.0%} |")


def cmd_judge(args: argparse.Namespace) -> int:
    def judged(index: int) -> tuple[dict[str, Any], str]:
        data = judge_game(args.seed, index, args.nodes)
        return data, f"{len(data['seats'])} seats, {data['players']}, {len(data['moves'])} moves"

    return write_run(args, "game", judged)


def cmd_report(args: argparse.Namespace) -> int:
    games = read_judged(args.files)
    if not games:
        raise ValueError("no games to report on")
    print("\n".join(report(games, args.table)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m lab.judging.turns",
                           description="Whether turning points are ones a player would name.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    judge = sub.add_parser("judge", help="play games of mixed levels and judge them")
    add_run(judge, seed=5, each="game")
    add_judging(judge)
    reporting = sub.add_parser("report", help="the turning points of judged games")
    reporting.add_argument("files", nargs="+")
    reporting.add_argument("--table", type=int, default=0,
                           help="a table of this many turning points (default none)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return run_command({"judge": cmd_judge, "report": cmd_report},
                       build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
