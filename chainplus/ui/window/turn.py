"""A seat's turn on the board (``Turn``): the phase that waits for the seat to move.

Where the move comes from is the referee's say (``referee.Player``): the human at this window
clicks it (the click is checked here, and a hint may be asked for), the window's computer
plays it after the speed's pause (``thinking``), or the referee brings it from elsewhere. The
referee may also hold the game up (joining a host, waiting for players to join): nobody may
move then, and the turn box and the help line say why.
"""

from __future__ import annotations

import pygame

from chainplus.app.outcomes import Note, not_yours
from chainplus.app.panel import SEAT_NAME
from chainplus.ui.art import board_view
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.referee import MoveSource, Player, Referee
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import SELECT
from chainplus.ui.window.thinking import Computer


def source(table: Table, referee: Referee) -> MoveSource | None:
    """Where the move of the seat to move on ``table``'s board comes from, as ``referee`` says
    (None: nobody may move now)."""
    game = table.session.game
    if game.to_move is None or game.winner is not None or referee.hold() is not None:
        return None
    return referee.player(game.to_move).source


class Turn:
    """The seat to move of the unfinished game on ``table``'s board, as ``referee`` says who
    plays it; ``computer`` is the window's own player."""

    name = "play"

    def __init__(self, table: Table, referee: Referee, computer: Computer) -> None:
        self.table, self.referee, self.computer = table, referee, computer

    def player(self) -> Player:
        """Who plays the seat to move."""
        return self.referee.player(self.table.session.game.to_move or 0)

    def source(self) -> MoveSource | None:
        """Where the move comes from (None: nobody may move now)."""
        return source(self.table, self.referee)

    def tick(self, now: float) -> int | None:
        """The square the computer here plays once it is due, else None (a human to move: a
        hint asked for is shown once it is found)."""
        if self.source() is MoveSource.COMPUTER:
            return self.computer.answer(now)
        self.computer.idle()
        return None

    def click(self, square: int, button: int) -> int | None:
        """A click on ``square``: the square to place for the human to move, or None (said
        why not: the game held up, another seat's turn, the wrong button, a square that is
        not theirs)."""
        table, game = self.table, self.table.session.game
        hold = self.referee.hold()
        player = self.player() if hold is None else None
        if hold is not None:
            table.say(hold.click)
        elif player is not None and player.busy is not None:
            table.say(player.busy)
        elif button != SELECT:
            table.say(Note("Use Select (the left button) to place a piece."))
        elif not game.is_legal(square):
            table.refuse(square, not_yours(game.owners[square]))
        else:
            return square
        return None

    def deadline(self, now: float) -> float | None:
        return self.computer.due() if self.source() is MoveSource.COMPUTER else None

    # ---------------------------------------------------------------- what is shown
    def frame(self) -> Board:
        game = self.table.session.game
        return game.counts, game.owners

    def hover(self, pointer: tuple[int, int] | None) -> int | None:
        """The square to highlight under the pointer: one the human to move may play."""
        square = board_view.square_at(pointer) if pointer is not None else None
        if square is None or self.source() is not MoveSource.HUMAN or \
                not self.table.session.game.is_legal(square):
            return None
        return square

    def draw(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        session = self.table.session
        game = session.game
        marks = board_view.Marks(hover=self.hover(pointer), last=session.last_square)
        board_view.draw_board(surface, game.counts, game.owners, game.threshold, marks)

    def status(self) -> Status:
        hold = self.referee.hold()
        if hold is not None:
            return hold.status
        seat = self.table.session.game.to_move or 0
        return Status(seat, self.player().head, SEAT_NAME[seat])

    def help(self) -> str:
        hold = self.referee.hold()
        return hold.help if hold is not None else self.player().help
