"""``python -m chainplus puzzles make | check``: puzzles found in games the engine plays, and
their proofs checked again.

``make`` plays seeded two-seat games between mixed levels, under both rules in turn, and tries
the positions of each game's last plies (only the last few for wins in 3, whose disproof costs
the most). A position where the seat to move forces a win within k of its own moves with
exactly one first move is a candidate, one per game for each seat and k; one a blind try finds
too often (chances counted exactly, not sampled) is dropped, the rest graded and written one a
line. ``check`` proves every puzzle of a file again from scratch.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TextIO

from chainplus.ai.limits import Limit
from chainplus.ai.players import greedy_move, play
from chainplus.ai.puzzles import MAX_WINS_IN, OutOfBudget, Solver, disproof
from chainplus.app.puzzles import Puzzle, PuzzleError, read_numbered
from chainplus.common.clock import REAL_CLOCK
from chainplus.core.game import Game
from chainplus.core.rules import RULES
from chainplus.tools.workers import on_workers

#: The pairs of players (level, random %) that play make's games, in turn.
PAIRINGS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((5, 0), (4, 0)), ((5, 0), (3, 0)), ((4, 0), (3, 0)), ((5, 0), (5, 0)),
    ((3, 0), (2, 20)), ((4, 10), (4, 0)), ((5, 10), (2, 0)), ((3, 0), (3, 0)),
    ((5, 0), (1, 0)), ((4, 0), (5, 20)), ((3, 10), (2, 0)), ((4, 0), (2, 10)),
)
#: Random plies that open every game, so games differ.
OPENING = 4
#: Positions level 5 searches for each move of make's games (repeatable games).
GAME_NODES = 200
#: The node limits level 5 is given, in turn, to find a puzzle's first move (its grade).
LADDER = (25, 50, 100, 200, 400, 800, 1600, 3200)
#: Level 5 finding the move within this many positions does not make a puzzle harder.
EASY_NODES = 400


@dataclass(frozen=True, kw_only=True)
class MakeConfig:
    """What ``make`` plays and keeps."""

    seed: int = 1
    plies: int = 30  # how many of a game's last positions are tried for wins in 1 and 2
    deep_plies: int = 10  # how many of them are tried for wins in 3 too
    budget: int = 2000  # a position needing more nodes to settle is passed over
    guess: float = 0.25  # the most a blind try may find the first move


@dataclass
class GameFinds:
    """What one game gave: its puzzles, and counts for the summary."""

    puzzles: list[Puzzle] = field(default_factory=list)
    positions: int = 0
    wins: int = 0  # positions with a forced win within MAX_WINS_IN
    unique: int = 0  # of those, with one winning first move
    guessed: int = 0  # candidates dropped as a blind try finds them too often
    passed: int = 0  # positions passed over as their proof took too long
    seconds: float = 0.0


def game_moves(index: int, config: MakeConfig) -> tuple[tuple[int, ...], str]:
    """Game ``index``'s placements, played to its end, and who played it."""
    rng = random.Random(f"{config.seed}:puzzles:{index}")
    rules = RULES[index % 2]
    first, second = PAIRINGS[index // 2 % len(PAIRINGS)]
    sides = {1: first, 2: second} if index // 2 // len(PAIRINGS) % 2 == 0 else {
        1: second, 2: first}
    game = Game((1, 2), rules)
    for _ in range(OPENING):
        game.play(game.random_move(rng))
    while game.winner is None:
        level, pct = sides[game.to_move or 1]
        game.play(play(game, level, pct, rng, limit=Limit(nodes=GAME_NODES)).move)
    names = " v ".join(f"level {lv}" + (f":{pct}" if pct else "") for lv, pct in sides.values())
    return tuple(game.moves), f"seed {config.seed} game {index + 1} ({rules}): {names}"


def guess_chance(game: Game, square: int) -> float:
    """The better of the chances that a random legal move (level 0) or level 1's random
    owned square is ``square``."""
    legal = game.legal_moves()
    owned = [sq for sq in legal if game.owners[sq] == game.to_move]
    level1 = (1 / len(owned) if square in owned else 0.0) if owned else 1 / len(legal)
    return round(max(1 / len(legal), level1), 3)


def level5_nodes(game: Game, square: int) -> int | None:
    """The fewest positions on ``LADDER`` with which level 5 (seeded) plays ``square``."""
    for nodes in LADDER:
        if play(game, 5, 0, random.Random(0), limit=Limit(nodes=nodes)).move == square:
            return nodes
    return None


def grade(wins_in: int, level3_finds: bool, nodes: int | None) -> int:
    """Difficulty 1-5: the moves the win takes, one more when level 3 (a look one move ahead)
    misses the first move, and one more when level 5 needs over ``EASY_NODES`` positions."""
    hard = nodes is None or nodes > EASY_NODES
    return min(5, wins_in + (not level3_finds) + hard)


def chain_of(game: Game, solution: Iterable[int]) -> int:
    """The waves of the cascade that ends the main line."""
    board = game.copy()
    waves = 0
    for square in solution:
        waves = len(board.play(square).waves)
    return waves


def find(index: int, config: MakeConfig) -> GameFinds:
    """Play game ``index`` and find its puzzles."""
    start = REAL_CLOCK.now()
    moves, source = game_moves(index, config)
    finds = GameFinds()
    game = Game((1, 2), RULES[index % 2])
    begin = max(OPENING, len(moves) - config.plies)
    for square in moves[:begin]:
        game.settle(square)
    taken: set[tuple[int, int]] = set()  # (seat, wins_in): one puzzle each a game
    # its table holds for any position, and near positions share their trees
    solver = Solver(budget=config.budget)
    for at in range(begin, len(moves)):
        finds.positions += 1
        solver.nodes = 0
        try:
            deep = len(moves) - at <= config.deep_plies
            wins_in = solver.shortest_win(game, MAX_WINS_IN if deep else 2)
            winning = solver.winning_moves(game, wins_in) if wins_in else []
        except OutOfBudget:
            finds.passed += 1
            wins_in = None
        if wins_in is not None:
            finds.wins += 1
            kind = (game.to_move or 0, wins_in)
            if len(winning) == 1 and kind not in taken:
                finds.unique += 1
                puzzle = _puzzle(game, moves[:at], winning[0], wins_in, solver, config, source)
                if puzzle is None:
                    finds.guessed += 1
                else:
                    taken.add(kind)
                    finds.puzzles.append(puzzle)
        game.settle(moves[at])
    finds.seconds = REAL_CLOCK.now() - start
    return finds


def _puzzle(game: Game, moves: tuple[int, ...], first: int, wins_in: int, solver: Solver,
            config: MakeConfig, source: str) -> Puzzle | None:
    """The puzzle of a candidate position, or None when a blind try finds it too often."""
    guess = guess_chance(game, first)
    if guess > config.guess:
        return None
    budget, solver.budget = solver.budget, float("inf")  # the win is proved: finish the line
    solution = solver.main_line(game, first, wins_in)
    solver.budget = budget
    nodes = level5_nodes(game, first)
    level3 = greedy_move(game, game.legal_moves(), random.Random(0)) == first
    return Puzzle(rules=game.rules, moves=moves, solution=tuple(solution), wins_in=wins_in,
                  difficulty=grade(wins_in, level3, nodes), guess=guess, level5_nodes=nodes,
                  chain=chain_of(game, solution), source=source)


def _find_some(indices: range, config: MakeConfig) -> list[GameFinds]:
    return [find(index, config) for index in indices]


def make(config: MakeConfig, games: int, jobs: int = 1, first: int = 0) -> Iterator[GameFinds]:
    """The finds of games ``first`` to ``games - 1``, as each game ends (in any order with
    ``jobs`` over 1)."""
    indices = range(first, games)
    if jobs == 1:
        for index in indices:
            yield find(index, config)
        return
    batches = (indices[at:at + 1] for at in range(len(indices)))
    for batch in on_workers(functools.partial(_find_some, config=config), batches, jobs):
        yield from batch


def cmd_make(config: MakeConfig, games: int, jobs: int, first: int, out: TextIO,
             err: TextIO) -> int:
    """Make puzzles: each on standard output as its game ends, a summary on standard error."""
    start = REAL_CLOCK.now()
    total = GameFinds()
    kept = [0] * (MAX_WINS_IN + 1)
    for done, finds in enumerate(make(config, games, jobs, first), start=1):
        for puzzle in finds.puzzles:
            out.write(puzzle.line() + "\n")
            kept[puzzle.wins_in] += 1
        out.flush()
        total.positions += finds.positions
        total.wins += finds.wins
        total.unique += finds.unique
        total.guessed += finds.guessed
        total.passed += finds.passed
        print(f"game {done} of {games - first}: {len(finds.puzzles)} puzzles "
              f"({sum(kept)} so far) in {finds.seconds:.1f} s", file=err, flush=True)
    print(json.dumps({
        "games": games - first, "positions": total.positions, "wins": total.wins,
        "unique": total.unique, "guessed": total.guessed,
        "passed": total.passed, "kept": sum(kept),
        "wins_in": {str(k): kept[k] for k in range(1, MAX_WINS_IN + 1)},
        "seconds": round(REAL_CLOCK.now() - start, 1),
    }), file=err)
    return 0


def proof_failure(puzzle: Puzzle) -> str | None:
    """Why ``puzzle`` fails its proof, or None when it holds."""
    return disproof(puzzle.position(), list(puzzle.solution), puzzle.wins_in)


def _check_some(numbered: list[tuple[int, Puzzle]]) -> list[tuple[int, str | None]]:
    return [(number, proof_failure(puzzle)) for number, puzzle in numbered]


def check(puzzles: list[tuple[int, Puzzle]], jobs: int = 1) -> Iterator[tuple[int, str | None]]:
    """(line number, failure or None) for every numbered puzzle, as each proof ends."""
    if jobs == 1:
        yield from _check_some(puzzles)
        return
    batches = (puzzles[at:at + 8] for at in range(0, len(puzzles), 8))
    for batch in on_workers(_check_some, batches, jobs):
        yield from batch


def cmd_check(path: str, jobs: int, out: TextIO, err: TextIO) -> int:
    """Prove every puzzle of the file at ``path`` again: ``{"checked": N, ...}`` on standard
    output, or the first that fails as one ``error:`` line and exit status 1."""
    start = REAL_CLOCK.now()
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}"
                          ) from None
    puzzles = read_numbered(text, path)
    failures = sorted((number, why) for number, why in check(puzzles, jobs) if why)
    if failures:
        number, why = failures[0]
        print(f"error: {path} line {number}: {why}", file=err)
        return 1
    counts = [sum(p.wins_in == k for _, p in puzzles) for k in range(1, MAX_WINS_IN + 1)]
    out.write(json.dumps({
        "checked": len(puzzles), "wins_in": {str(k + 1): n for k, n in enumerate(counts)},
        "rules": {rules: sum(p.rules == rules for _, p in puzzles) for rules in RULES},
        "seconds": round(REAL_CLOCK.now() - start, 1),
    }) + "\n")
    return 0

