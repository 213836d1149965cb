"""Puzzles: the proof (``ai.puzzles``), the puzzle file (``app.puzzles``), ``python -m
chainplus puzzles make | check`` and the puzzles that ship."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections import defaultdict
from pathlib import Path

import pytest
from rules_helpers import position, sq
from test_cli import cli_in_process

from chainplus.ai.puzzles import Solver, disproof
from chainplus.app.puzzles import (
    Puzzle,
    PuzzleError,
    read_puzzles,
    shipped,
    shipped_count,
    shipped_puzzle,
    shipped_text,
)
from chainplus.core.game import Game
from chainplus.core.rules import row_col
from chainplus.tools.puzzles import chain_of


# ------------------------------------------------------------------------------- the proof
def test_a_win_in_1_is_found_and_is_the_one_first_move() -> None:
    # classic: seat 1's loaded corner explodes into seat 2's one square
    game = position({(0, 0): (1, 1), (0, 1): (2, 1), (5, 5): (1, 1)}, rules="classic")
    solver = Solver()
    assert solver.shortest_win(game) == 1
    assert solver.winning_moves(game, 1) == [sq(0, 0)]
    assert disproof(game, [sq(0, 0)], 1) is None
    assert disproof(game, [sq(5, 5)], 1) == "the solution's first move does not force the win"


def test_two_winning_first_moves_are_no_puzzle() -> None:
    # either loaded square next to seat 2's one square captures it
    game = position({(2, 3): (1, 3), (4, 3): (1, 3), (3, 3): (2, 1)}, rules="classic")
    solver = Solver()
    assert solver.winning_moves(game, 1) == [sq(2, 3), sq(4, 3)]
    assert disproof(game, [sq(2, 3)], 1) == "2 first moves win, not one"


def test_a_defence_that_escapes_is_no_win() -> None:
    # loading (0, 3) threatens (0, 4), but seat 2 answers by placing anywhere else
    game = position({(0, 3): (1, 1), (0, 4): (2, 1)}, rules="classic")
    solver = Solver()
    assert not solver.wins_within(game, 2)
    assert not solver.forces(game, sq(0, 3), 2)
    board = game.copy()
    board.settle(sq(0, 3))
    escape = solver.refutation(board, 1)
    assert escape is not None
    board.settle(escape)
    assert not solver.wins_within(board, 1)
    assert disproof(game, [sq(0, 3), sq(7, 7), sq(0, 3)], 2) == (
        "the seat to move has no forced win within 2")


def test_a_defence_that_wins_at_once_refutes() -> None:
    # seat 2, to answer, takes seat 1's one square with its loaded corner
    game = position({(7, 7): (2, 1), (7, 6): (1, 1), (0, 0): (2, 1)}, rules="classic",
                    to_move=2)
    assert Solver().refutation(game, 3) == sq(7, 7)


@functools.cache
def _shipped() -> tuple[Puzzle, ...]:
    return tuple(shipped())


def _shipped_by_kind() -> dict[tuple[str, int], list[Puzzle]]:
    kinds: dict[tuple[str, int], list[Puzzle]] = defaultdict(list)
    for puzzle in _shipped():
        kinds[puzzle.rules, puzzle.wins_in].append(puzzle)
    return kinds


def test_a_win_in_2_is_not_a_win_in_1() -> None:
    puzzle = min(_shipped_by_kind()["acorn", 2] + _shipped_by_kind()["classic", 2],
                 key=lambda p: len(p.moves))
    game = puzzle.position()
    solver = Solver()
    assert not solver.wins_within(game, 1)
    assert solver.wins_within(game, 2)
    assert solver.winning_moves(game, 2) == [puzzle.solution[0]]
    assert solver.main_line(game, puzzle.solution[0], 2) == list(puzzle.solution)


# --------------------------------------------------------------------------- the puzzle file
def _a_line() -> dict:
    """A shipped win in 1, as decoded JSON."""
    return json.loads(_a_win_in_1().line())


def _a_win_in_1() -> Puzzle:
    return next(p for p in _shipped() if p.wins_in == 1)


def test_a_puzzle_line_reads_back_as_written() -> None:
    puzzle = _shipped()[0]
    assert read_puzzles(puzzle.line() + "\n\n") == [puzzle]
    assert puzzle.position().to_move is not None


@pytest.mark.parametrize("change, message", [
    (lambda d: "not json", "line 2: not valid JSON"),
    (lambda d: [1, 2], "line 2: a puzzle is a JSON object, not [1, 2]"),
    (lambda d: {k: v for k, v in d.items() if k != "solution"}, "line 2: the puzzle has no "
                                                                 "'solution'"),
    (lambda d: {**d, "players": 3}, "line 2: 'players' must be 2, not 3"),
    (lambda d: {**d, "rules": "chess"}, "line 2: unknown rules \"chess\""),
    (lambda d: {**d, "wins_in": 4}, "line 2: 'wins_in' must be a whole number 1-3, not 4"),
    (lambda d: {**d, "difficulty": 0}, "line 2: 'difficulty' must be a whole number 1-5"),
    (lambda d: {**d, "guess": 2}, "line 2: 'guess' must be a chance 0-1, not 2"),
    (lambda d: {**d, "level5_nodes": -1}, "line 2: 'level5_nodes' must be a positive"),
    (lambda d: {**d, "source": 5}, "line 2: 'source' must be text, not 5"),
    (lambda d: {**d, "moves": [[9, 9]]}, "line 2: move 1: [9, 9] is off the board"),
    (lambda d: {**d, "solution": []}, "line 2: 'solution' must list 1 moves for a win in 1"),
    (lambda d: {**d, "solution": [["a", 1]]}, "line 2: solution move 1: [\"a\", 1] is not a "
                                              "pair"),
])
def test_a_bad_puzzle_line_is_one_error_naming_the_line(change, message) -> None:
    good = _a_line()
    text = json.dumps(good) + "\n" + json.dumps(change(good)) + "\n"
    if change(good) == "not json":
        text = json.dumps(good) + "\nnot json\n"
    with pytest.raises(PuzzleError) as caught:
        read_puzzles(text, "p.jsonl")
    assert str(caught.value).startswith("p.jsonl " + message), str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_solution_that_is_illegal_or_does_not_win_is_refused() -> None:
    good = _a_line()
    game = _a_win_in_1().position()
    theirs = next(s for s in range(64) if game.owners[s] not in (0, game.to_move))
    quiet = next(s for s in game.legal_moves() if not game.wins_at_once(s))
    for solution, message in ((theirs, "is not a legal move"),
                              (quiet, "the solution does not end in a win")):
        line = json.dumps({**good, "solution": [list(row_col(solution))]})
        with pytest.raises(PuzzleError, match=message):
            read_puzzles(line)


# ------------------------------------------------------------------------------- the tool
def _wrong_line(puzzle: Puzzle) -> list[int]:
    """A line as long as the puzzle's that ends in a win, but starts with another move."""
    game = puzzle.position()
    for first in game.legal_moves():
        if first == puzzle.solution[0] or game.wins_at_once(first):
            continue
        game.settle(first)
        for reply in game.legal_moves():
            if game.wins_at_once(reply):
                continue
            game.settle(reply)
            win = next((s for s in game.legal_moves() if game.wins_at_once(s)), None)
            game.undo()
            if win is not None:
                return [first, reply, win]
        game.undo()
    raise AssertionError("no wrong line found")


def test_check_proves_a_good_file_and_names_a_wrong_solution(capsys, tmp_path: Path) -> None:
    kinds = _shipped_by_kind()
    good = [kinds["acorn", 1][0], kinds["classic", 1][0]]
    path = tmp_path / "good.jsonl"
    path.write_text("".join(p.line() + "\n" for p in good))
    status, out, err = cli_in_process(capsys, ["puzzles", "check", str(path), "--jobs", "1"])
    assert (status, err) == (0, "")
    assert json.loads(out)["checked"] == 2

    two = min(kinds["acorn", 2] + kinds["classic", 2], key=lambda p: len(p.moves))
    wrong = dataclasses.replace(two, solution=tuple(_wrong_line(two)))
    path.write_text(good[0].line() + "\n" + wrong.line() + "\n")
    status, out, err = cli_in_process(capsys, ["puzzles", "check", str(path), "--jobs", "1"])
    assert status == 1 and out == ""
    assert err == (f"error: {path} line 2: the solution's first move does not force the "
                   "win\n")


def test_check_of_an_unreadable_file_is_one_error_line(capsys, tmp_path: Path) -> None:
    status, out, err = cli_in_process(capsys, ["puzzles", "check", str(tmp_path / "none")])
    assert status == 2 and err.startswith("error: cannot read ") and err.count("\n") == 1
    path = tmp_path / "bad.jsonl"
    path.write_text(_shipped()[0].line() + "\n{}\n")
    status, out, err = cli_in_process(capsys, ["puzzles", "check", str(path)])
    assert (status, err) == (2, f"error: {path} line 2: the puzzle has no 'players', "
                                "'rules', 'moves', 'solution', 'wins_in', 'difficulty', "
                                "'guess', 'level5_nodes', 'chain', 'source'\n")


def test_make_finds_valid_puzzles_in_a_tiny_seeded_run(capsys) -> None:
    # game 105 of seed 1 gave a shipped win in 2: make finds it again, line for line
    status, out, err = cli_in_process(capsys, [
        "puzzles", "make", "--from", "105", "--games", "105", "--seed", "1", "--jobs", "1"])
    assert status == 0
    puzzles = read_puzzles(out)
    assert [p.wins_in for p in puzzles] == [2], err
    for puzzle in puzzles:
        assert disproof(puzzle.position(), list(puzzle.solution), puzzle.wins_in) is None
        assert puzzle.guess <= 0.25 and puzzle.source.startswith("seed 1 game 105 (acorn)")
    assert set(out.splitlines()) <= set(shipped_text().splitlines())
    summary = json.loads(err.splitlines()[-1])
    assert summary["games"] == 1 and summary["kept"] == len(puzzles)


# --------------------------------------------------------------------------- what ships
def test_the_shipped_puzzles_are_enough_of_each_kind() -> None:
    puzzles = shipped()
    assert len(puzzles) >= 300
    assert sum(p.wins_in >= 2 for p in puzzles) >= 60
    assert {p.rules for p in puzzles} == {"acorn", "classic"}
    assert len({p.moves for p in puzzles}) == len(puzzles)  # no position twice
    assert shipped_text().endswith("\n")


def test_a_seeded_sample_of_the_shipped_puzzles_is_proved_again() -> None:
    rng = random.Random(51)
    for (_rules, wins_in), puzzles in sorted(_shipped_by_kind().items()):
        for puzzle in rng.sample(puzzles, min(len(puzzles), 3 if wins_in < 3 else 2)):
            game = puzzle.position()
            assert disproof(game, list(puzzle.solution), wins_in) is None, puzzle.source
            line = Solver().main_line(game, puzzle.solution[0], wins_in)
            assert line == list(puzzle.solution)  # as make wrote it
            assert chain_of(game, line) == puzzle.chain
            for square in line[:-1]:
                game.settle(square)
            # the last move is the win at once worth watching most
            wins = [s for s in game.legal_moves() if game.wins_at_once(s)]
            assert puzzle.chain == max(len(game.copy().play(s).waves) for s in wins)


def test_a_puzzle_opens_alone_as_a_game_with_the_solver_to_move() -> None:
    last = shipped_count() - 1
    puzzle = shipped_puzzle(last)
    assert puzzle == _shipped()[last]
    game = puzzle.position()
    assert isinstance(game, Game) and game.winner is None
    assert game.is_legal(puzzle.solution[0])


def test_every_wrong_first_move_has_a_refutation() -> None:
    kinds = _shipped_by_kind()
    puzzle = min(kinds["acorn", 2] + kinds["classic", 2], key=lambda p: len(p.moves))
    game = puzzle.position()
    solver = Solver()
    for wrong in game.legal_moves():
        if wrong == puzzle.solution[0]:
            continue
        game.settle(wrong)
        reply = solver.refutation(game, 1)
        assert reply is not None and game.is_legal(reply)
        game.settle(reply)
        assert not solver.wins_within(game, 1)
        game.undo()
        game.undo()


@pytest.mark.parametrize("args", [["make", "--guess", "2"], ["make", "--plies", "0"],
                                  ["make", "--jobs", "x"], ["check"]])
def test_bad_options_are_one_error_line(capsys, args: list[str]) -> None:
    status, out, err = cli_in_process(capsys, ["puzzles", *args])
    assert status == 2 and out == "" and err.count("error:") == 1

