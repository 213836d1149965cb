"""A game shown again move by move: stepped forwards (each move's chain as in play) and back,
with jumps to the start, the end or any move.

A ``Replay`` moves a game of its own with ``Game.play_shown`` and ``Game.undo``, so a step
forwards gives the very frames the move gave in play, and a jump costs one move (or undo) per
move crossed. The game it was made from is not touched.
"""

from __future__ import annotations

from chainplus.core.game import Game, ShownCascade


class Replay:
    """The moves of ``game`` (finished or not), shown after ``at`` of them (0 to ``len``);
    a new replay shows the game as it is, after all its moves, unless ``at`` says."""

    def __init__(self, game: Game, at: int | None = None) -> None:
        self.moves: tuple[int, ...] = tuple(game.moves)
        self._shown = Game(game.seats, game.rules)
        #: The seat that made each move, in order (turns skip seats knocked out).
        self.movers: tuple[int, ...] = tuple(self._shown.play(square).seat
                                             for square in self.moves)
        #: The game's result after all its moves (None: unfinished).
        self.winner = self._shown.winner
        self.jump(len(self.moves) if at is None else at)

    def __len__(self) -> int:
        return len(self.moves)

    @property
    def at(self) -> int:
        """How many moves are shown (0: the empty board)."""
        return len(self._shown.moves)

    @property
    def position(self) -> Game:
        """The game after ``at`` moves, for drawing: read it, never change it (``game_at``
        gives a game of one's own)."""
        return self._shown

    def game_at(self) -> Game:
        """A game of one's own at the position shown (to play on from it)."""
        return self._shown.copy()

    @property
    def last_square(self) -> int | None:
        """The square of the last move shown (the last-move marker), if any."""
        return self.moves[self.at - 1] if self.at else None

    def mover(self, index: int) -> int:
        """The seat that made move ``index`` (0 is the first move)."""
        return self.movers[index]

    @property
    def at_start(self) -> bool:
        return self.at == 0

    @property
    def at_end(self) -> bool:
        return self.at == len(self.moves)

    def forward(self) -> ShownCascade | None:
        """Play the next move, giving its chain to animate as in play; None at the end."""
        if self.at_end:
            return None
        return self._shown.play_shown(self.moves[self.at])

    def back(self) -> int | None:
        """Take back the last move shown; its square, or None at the start."""
        return None if self.at_start else self._shown.undo()

    def jump(self, at: int) -> None:
        """Show the position after ``at`` moves (held to 0..len)."""
        at = max(0, min(at, len(self.moves)))
        while self.at > at:
            self._shown.undo()
        while self.at < at:
            self._shown.play(self.moves[self.at])

    def to_start(self) -> None:
        self.jump(0)

    def to_end(self) -> None:
        self.jump(len(self.moves))
