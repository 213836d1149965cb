"""Puzzles: positions from real two-seat games where the seat to move forces a win within
``wins_in`` of its own moves with exactly one first move (``chainplus.ai.puzzles`` proves it,
``python -m chainplus puzzles`` makes and checks them).

A puzzle file holds one JSON puzzle a line (format: docs/tools.md, "Puzzles"). Reading
checks every line strictly, the replay too, but proves nothing: a bad line is one
``PuzzleError`` naming it. The puzzles that ship are package data beside this module.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from chainplus.core.game import Game
from chainplus.core.records import RecordError, decode, parse_move, parse_record
from chainplus.core.rules import IllegalMoveError, Rules, row_col, short

#: The puzzles that ship, one a line, beside this module.
SHIPPED = "puzzles.jsonl"
#: The keys a puzzle line must have (others are ignored, as in game records).
KEYS = ("players", "rules", "moves", "solution", "wins_in", "difficulty", "guess",
        "level5_nodes", "chain", "source")


class PuzzleError(ValueError):
    """A puzzle line that cannot be read; the message names the line and what is wrong."""


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """One puzzle: how its position came about, and the main line of the win.

    ``guess`` is the best chance that a blind try finds the first move (a random legal move,
    or level 1's random owned square); ``level5_nodes`` the fewest positions level 5 needed to
    find it on a doubling ladder (None: not within the ladder); ``chain`` the waves of the
    winning cascade at the end of the main line.
    """

    rules: Rules
    moves: tuple[int, ...]
    solution: tuple[int, ...]
    wins_in: int
    difficulty: int
    guess: float
    level5_nodes: int | None
    chain: int
    source: str

    def position(self) -> Game:
        """The puzzle's position, the solver to move (replayed without its waves)."""
        game = Game((1, 2), self.rules)
        for square in self.moves:
            game.settle(square)
        return game

    def line(self) -> str:
        """The puzzle as one JSON line of a puzzle file."""
        return json.dumps({
            "players": 2, "rules": self.rules,
            "moves": [list(row_col(sq)) for sq in self.moves],
            "solution": [list(row_col(sq)) for sq in self.solution],
            "wins_in": self.wins_in, "difficulty": self.difficulty, "guess": self.guess,
            "level5_nodes": self.level5_nodes, "chain": self.chain, "source": self.source,
        })


def _count(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise PuzzleError(f"'{key}' must be a whole number {low}-{high}, not {short(value)}")
    return value


def puzzle_from_data(data: Any) -> Puzzle:
    """A puzzle from one decoded line, checked: its moves replay to a two-seat game not yet
    over, and its solution is legal there, as long as ``wins_in`` says, and wins at its end."""
    if not isinstance(data, dict):
        raise PuzzleError(f"a puzzle is a JSON object, not {short(data)}")
    missing = [key for key in KEYS if key not in data]
    if missing:
        raise PuzzleError(f"the puzzle has no {', '.join(repr(key) for key in missing)}")
    if type(data["players"]) is not int or data["players"] != 2:
        raise PuzzleError(f"'players' must be 2, not {short(data['players'])}")
    try:
        game, moves = _replayed(data)
    except RecordError as exc:
        raise PuzzleError(str(exc)) from None
    wins_in = _count(data, "wins_in", 1, 3)
    difficulty = _count(data, "difficulty", 1, 5)
    chain = _count(data, "chain", 1, 10**6)
    nodes = data["level5_nodes"]
    if nodes is not None and (type(nodes) is not int or nodes < 1):
        raise PuzzleError(f"'level5_nodes' must be a positive whole number or null, "
                          f"not {short(nodes)}")
    guess = data["guess"]
    if type(guess) not in (int, float) or not 0 <= guess <= 1:
        raise PuzzleError(f"'guess' must be a chance 0-1, not {short(guess)}")
    if not isinstance(data["source"], str):
        raise PuzzleError(f"'source' must be text, not {short(data['source'])}")
    solution = data["solution"]
    if not isinstance(solution, list) or len(solution) != 2 * wins_in - 1:
        raise PuzzleError(f"'solution' must list {2 * wins_in - 1} moves for a win in "
                          f"{wins_in}, not {short(solution)}")
    solver = game.to_move
    squares = []
    for number, move in enumerate(solution, start=1):
        try:
            square = parse_move(move, number)
        except RecordError as exc:
            raise PuzzleError(f"solution {exc}") from None
        if not game.is_legal(square):
            raise PuzzleError(f"solution move {number}: {short(move)} is not a legal move")
        game.settle(square)
        squares.append(square)
        if game.over and number < len(solution):
            raise PuzzleError(f"solution move {number}: the game is over before the line ends")
    if game.winner != solver:
        raise PuzzleError("the solution does not end in a win for the seat to move")
    return Puzzle(rules=game.rules, moves=moves,
                  solution=tuple(squares), wins_in=wins_in, difficulty=difficulty,
                  guess=float(guess), level5_nodes=nodes, chain=chain, source=data["source"])


def _replayed(data: dict[str, Any]) -> tuple[Game, tuple[int, ...]]:
    """The game a puzzle's record replays to, not yet over, and its moves as squares (replayed
    with ``settle``: quicker than a record's replay, the same position)."""
    _, rules, raw = parse_record({key: data[key] for key in ("players", "rules", "moves")})
    game = Game((1, 2), rules)
    moves = []
    for number, move in enumerate(raw, start=1):
        square = parse_move(move, number)
        if game.winner is not None:
            raise RecordError(f"move {number}: the game is already over")
        if not game.is_legal(square):
            try:
                game.play(square)  # raises, with the reason
            except IllegalMoveError as exc:
                raise RecordError(f"move {number}: {exc}") from None
        game.settle(square)
        moves.append(square)
    if game.winner is not None:
        raise RecordError(f"the game is already over (seat {game.winner} has won)")
    return game, tuple(moves)


def read_numbered(text: str, name: str = "the puzzles") -> list[tuple[int, Puzzle]]:
    """Every puzzle of a puzzle file's text with its line number (blank lines skipped); the
    first bad line is a PuzzleError naming ``name`` and the line."""
    puzzles = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            puzzles.append((number, puzzle_from_data(decode(line))))
        except (PuzzleError, RecordError) as exc:
            raise PuzzleError(f"{name} line {number}: {exc}") from None
    return puzzles


def read_puzzles(text: str, name: str = "the puzzles") -> list[Puzzle]:
    """Every puzzle of a puzzle file's text (``read_numbered`` without the numbers)."""
    return [puzzle for _, puzzle in read_numbered(text, name)]


def shipped_text() -> str:
    """The text of the puzzles that ship with the game."""
    return resources.files("chainplus.app").joinpath(SHIPPED).read_text(encoding="utf-8")


@functools.cache
def _shipped_lines() -> tuple[str, ...]:
    return tuple(line for line in shipped_text().splitlines() if line.strip())


def shipped_count() -> int:
    """How many puzzles ship with the game."""
    return len(_shipped_lines())


def shipped_puzzle(index: int) -> Puzzle:
    """Shipped puzzle number ``index`` (from 0), read and checked alone: quick, so a screen
    can open one without reading them all."""
    try:
        return puzzle_from_data(decode(_shipped_lines()[index]))
    except (PuzzleError, RecordError) as exc:
        raise PuzzleError(f"{SHIPPED} puzzle {index + 1}: {exc}") from None


def shipped() -> list[Puzzle]:
    """Every puzzle that ships with the game."""
    return read_puzzles(shipped_text(), SHIPPED)
