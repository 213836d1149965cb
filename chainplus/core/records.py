"""Game records: the JSON format (docs/tools.md, "Game records"), read strictly and written plainly.

    {"players": 2, "rules": "acorn", "moves": [[row, col], ...]}

``players`` is a seat count N (seats 1..N) or a list of distinct seats in turn order;
``rules`` is "acorn" (the default) or "classic"; other keys are ignored. Every problem is a
``RecordError`` whose message is one line fit to print after ``error:``.
"""

from __future__ import annotations

import json
from typing import Any

from chainplus.core.game import Game
from chainplus.core.position import check_seats
from chainplus.core.rules import (
    DEFAULT_RULES,
    SIZE,
    IllegalMoveError,
    Rules,
    check_rules,
    row_col,
    short,
    square_of,
)

#: Records larger than this are refused before parsing (a whole game is a few kB).
MAX_RECORD_BYTES = 1_000_000


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message names what and where."""


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is an int subclass but never a coordinate or a count


def parse_seats(players: Any) -> tuple[int, ...]:
    """The seats of a record's ``players`` value (an int N, or a list of seats)."""
    if _is_int(players):
        if not 2 <= players <= 4:
            raise RecordError(f"'players' must be 2 to 4, not {short(players)}")
        return tuple(range(1, players + 1))
    if isinstance(players, list):
        try:
            return check_seats(players)
        except ValueError as exc:
            raise RecordError(f"'players': {exc}") from None
    raise RecordError(f"'players' must be a number 2-4 or a list of seats, not {short(players)}")


def parse_move(move: Any, number: int) -> int:
    """The square of one ``[row, col]`` entry; ``number`` is 1-based, for the message."""
    if not isinstance(move, list) or len(move) != 2 or not all(_is_int(v) for v in move):
        raise RecordError(f"move {number}: {short(move)} is not a pair of integers [row, col]")
    row, col = move
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise RecordError(
            f"move {number}: {short(move)} is off the board (rows and columns are 0-7)"
        )
    return square_of(row, col)


def parse_record(data: Any) -> tuple[tuple[int, ...], Rules, list[Any]]:
    """Check a decoded record's shape; returns (seats, rules, raw moves)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {short(data)}")
    if "players" not in data:
        raise RecordError("the record has no 'players'")
    seats = parse_seats(data["players"])
    try:
        rules = check_rules(data.get("rules", DEFAULT_RULES))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(f"'moves' must be a list of [row, col] pairs, not {short(moves)}")
    return seats, rules, moves


def decode(text: str | bytes) -> Any:
    """JSON text to Python data, with every failure a RecordError."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            f"the record is too large ({len(text)} bytes; the limit is {MAX_RECORD_BYTES})"
        )
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None


def game_from_data(data: Any) -> Game:
    """Replay a decoded record into a Game, checking every move."""
    seats, rules, moves = parse_record(data)
    game = Game(seats, rules)
    for number, move in enumerate(moves, start=1):
        square = parse_move(move, number)
        if game.winner is not None:
            raise RecordError(
                f"move {number}: the game is already over"
                f" (seat {game.winner} won at move {number - 1})"
            )
        try:
            game.play(square)
        except IllegalMoveError as exc:
            raise RecordError(f"move {number}: {exc}") from None
    return game


def game_from_text(text: str | bytes) -> Game:
    return game_from_data(decode(text))


def record_of(game: Game) -> dict[str, Any]:
    """The record of a game so far (players as a count when the seats are 1..N)."""
    seats = list(game.seats)
    players: int | list[int] = len(seats) if seats == list(range(1, len(seats) + 1)) else seats
    return {
        "players": players,
        "rules": game.rules,
        "moves": [list(row_col(sq)) for sq in game.moves],
    }


def _rows(board: list[int]) -> list[list[int]]:
    """A board of 64 squares as 8 lists of 8, row 0 at the top."""
    return [board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


def summary(game: Game) -> dict[str, Any]:
    """The replay command's answer: the position as plain JSON-ready data."""
    return {
        "counts": _rows(game.counts),
        "owners": _rows(game.owners),
        "to_move": game.to_move,
        "alive": list(game.alive),
        "winner": game.winner,
        "squares": [game.squares[s] if s in game.seats else 0 for s in (1, 2, 3, 4)],
    }

