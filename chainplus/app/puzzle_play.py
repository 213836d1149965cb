"""A puzzle being played (``PuzzlePlay``), without the window: which moves are right, the
computer's answer to each, the hint, and the next puzzle to open.

The player's record (``puzzle_record.Progress``) picks the next puzzle (``next_number``).
A move is right when it still forces the win within the solver's moves left
(``Solver.forces``), so a later move other than the main line's is right too when it wins in
time. The computer answers a right move with its longest defence, and a wrong one with its
refutation (``Solver.refutation``); after a wrong move and its answer, the position the player
faced comes back (``take_back``).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field

from chainplus.ai.puzzles import Solver
from chainplus.app.puzzle_record import Progress
from chainplus.app.puzzles import Puzzle, shipped_puzzle, shipped_text
from chainplus.app.words import seat_name
from chainplus.common.language import ngettext
from chainplus.core.game import Game, ShownCascade

#: Misses after which the winning square is flashed by itself.
MISSES_BEFORE_HINT = 2


@functools.cache
def difficulties() -> tuple[int, ...]:
    """Each shipped puzzle's difficulty, in file order (read without checking the puzzles)."""
    lines = [line for line in shipped_text().splitlines() if line.strip()]
    return tuple(int(json.loads(line)["difficulty"]) for line in lines)


def next_number(progress: Progress, after: int | None = None) -> int:
    """The shipped puzzle to open next: one not yet solved at the player's level (the nearest
    level that has one, the easier first), the first after ``after`` in file order; when every
    puzzle is solved, the next after ``after`` whatever it is."""
    levels = difficulties()
    count = len(levels)
    start = 0 if after is None else after + 1
    order = [(start + i) % count for i in range(count)]
    fresh = [n for n in order if n not in progress.solved and n != after] or \
        [n for n in order if n != after] or order
    return min(fresh, key=lambda n: (abs(levels[n] - progress.level), levels[n],
                                     fresh.index(n)))


@dataclass(frozen=True)
class Answer:
    """What a move of the solver was: ``right`` (it still forces the win in time), ``won``
    (it won the game), and the computer's answer to it (None once it has won)."""

    right: bool
    won: bool
    reply: int | None


@dataclass
class PuzzlePlay:
    """Shipped puzzle ``number`` as played: the board now, the position the player faces
    (``back``, where a wrong move goes back to), and how it has gone."""

    number: int
    puzzle: Puzzle
    game: Game = field(init=False)
    back: Game = field(init=False)
    seat: int = field(init=False)  # the solver's (the seat to move in the puzzle)
    solver: Solver = field(default_factory=Solver)
    misses: int = 0
    helped: bool = False  # a hint was shown
    solved: bool = False
    given_up: bool = False

    def __post_init__(self) -> None:
        self.game = self.puzzle.position()
        self.back = self.game.copy()
        self.seat = self.game.to_move or 1

    @classmethod
    def shipped(cls, number: int) -> PuzzlePlay:
        return cls(number, shipped_puzzle(number))

    @property
    def defender(self) -> int:
        return 2 if self.seat == 1 else 1

    @property
    def left(self) -> int:
        """The solver's moves left to win in, from the position the player faces."""
        return self.puzzle.wins_in - (len(self.back.moves) - len(self.puzzle.moves)) // 2

    @property
    def over(self) -> bool:
        return self.solved or self.given_up

    @property
    def clean(self) -> bool:
        """Solved at the first try, with no hint."""
        return self.solved and not self.misses and not self.helped

    def heading(self) -> str:
        """The task, e.g. "Red to play and win in 2", in the language spoken now."""
        moves = self.puzzle.wins_in
        # Translators: a puzzle's task; {seat} is a player's name, {count} the moves (1 to 3)
        # the player has to win in.
        return ngettext("{seat} to play and win in {count}", "{seat} to play and win in {count}",
                        moves).format(seat=seat_name(self.seat), count=moves)

    def move(self, square: int) -> tuple[ShownCascade, Answer]:
        """The solver plays ``square`` (legal) on the board: the move to show, and whether it
        was right, with the computer's answer."""
        left = self.left
        right = self.solver.forces(self.game, square, left)
        before = self.game.copy()
        shown = self.game.play_shown(square)
        if self.game.winner is not None:
            self.solved = self.solved or (right and not self.given_up)
            return shown, Answer(right, True, None)
        if right:
            reply = self.solver.main_line(before, square, left)[1]
        else:
            self.misses += 1
            reply = self.refutation(left - 1)
        return shown, Answer(right, False, reply)

    def refutation(self, left: int) -> int:
        """The defender's best reply to a wrong move: one that wins at once, else one after
        which no win within ``left`` is left (any, when each loses: the puzzle's time is up)."""
        game = self.game
        reply = self.solver.refutation(game, max(1, left))
        return reply if reply is not None else game.legal_moves()[0]

    def reply(self, square: int) -> ShownCascade:
        """The computer plays its answer ``square``; after a right move's answer, the board is
        the position the player faces from now on."""
        return self.game.play_shown(square)

    def went_right(self) -> None:
        """The right move and its answer are on the board: the player faces them now."""
        self.back = self.game.copy()

    def take_back(self) -> Game:
        """After a wrong move and its answer: the position the player faced, back on the
        board."""
        self.game = self.back.copy()
        return self.game

    def hint(self) -> int:
        """The square that wins in time from the position the player faces."""
        self.helped = True
        main = self.puzzle.moves + self.puzzle.solution
        at = len(self.back.moves)
        if tuple(self.back.moves) == main[:at] and at < len(main):
            return main[at]
        return self.solver.winning_moves(self.back, self.left)[0]

    def give_up(self) -> None:
        if not self.solved:
            self.given_up = True

    def solution(self) -> Game:
        """The puzzle's position with its main line played, to replay."""
        game = self.puzzle.position()
        for square in self.puzzle.solution:
            game.settle(square)
        return game
