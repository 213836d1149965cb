"""A seat's turn on the board (``Turn``): the phase that waits for the seat to move, and the
window's own computer player (``Computer``).

Where the move comes from is the referee's say (``referee.Player``); a human's click is checked
here. While the referee holds the game up (``referee.Hold``) nobody may move.

The computer thinks on the worker thread. The position after a move is known before its chain
is shown, so when a computer seat moves next it starts thinking as the chain begins, not after
it ends (``Computer.think_ahead``): its clock is the rest of the chain plus the usual pause. A
long chain, common late in a game where moves matter most, gives it several times its usual
thought, and the game goes no slower: the pause after the chain ends is the same. A chain cut
short hurries it back to that pause.
"""

from __future__ import annotations

import pygame

from chainplus.ai.levels import thinking_time
from chainplus.app.explain import square_help
from chainplus.app.outcomes import Note, not_yours
from chainplus.app.panel import SEAT_NAME, Panel
from chainplus.app.settings import Speed
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.ui.art import board_view
from chainplus.ui.window.phase import Phase, Place, Settle, Step
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.referee import MoveSource, Player, Referee, Won, source
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import SELECT, Part, Square, Target
from chainplus.ui.window.worker import HINT, MOVE, Job

#: Seconds of the pause before each computer move, per speed.
THINK_PAUSE: dict[Speed, float] = {"slow": 1.0, "normal": 0.6, "fast": 0.3, "instant": 0.1}
#: The computer's answer must be in before the pause ends; this much is kept for handing it over.
THINK_MARGIN = 0.05
#: The hint is what the strongest computer level would play.
HINT_LEVEL = 5


def think_budget(speed: Speed) -> float:
    """The computer's clock for one move: the pause the window makes anyway before it plays
    (less a moment to hand the answer over), never less than level 5's least."""
    return thinking_time(THINK_PAUSE[speed] - THINK_MARGIN)


class Computer:
    """The window's computer player and hint finder, on the table's worker."""

    def __init__(self, table: Table) -> None:
        self.table, self.worker = table, table.services.worker
        self.since = table.now  # when the seat's turn began: it plays a pause after
        self.ahead: Job | None = None  # a move thought out while a chain is shown

    def turn(self, now: float) -> None:
        """A seat's turn begins now (a computer's move comes a pause after)."""
        self.since = now

    def due(self) -> float:
        """When the computer seat to move plays at the soonest."""
        return self.since + THINK_PAUSE[self.table.session.speed]

    def start(self, extra: float = 0.0) -> Job:
        """Start the seat to move thinking: on the table's own clock when it has one, else on
        the speed's clock plus ``extra`` seconds (a chain still shown)."""
        table = self.table
        session = table.session
        seat = session.game.to_move
        assert seat is not None
        row = session.panel[seat]
        budget = table.budget
        if budget is None:
            budget = extra + think_budget(session.speed)
        return self.worker.start(MOVE, session.game, row.level, row.random_pct,
                                  table.services.rng.random(), budget)

    def think_ahead(self, left: float) -> None:
        """The computer moves next and a chain is shown for ``left`` seconds more: it starts
        now (unless the worker is busy), to be hurried if the chain is cut short."""
        if self.worker.job is None:
            self.ahead = self.start(max(0.0, left))

    def hurry(self) -> None:
        """The chain is over: a move thought out meanwhile answers within the usual pause."""
        if self.ahead is not None:
            self.ahead.hurry(think_budget(self.table.session.speed))
            self.ahead = None

    def answer(self, now: float) -> int | None:
        """The computer seat to move: its square once it is due (None meanwhile). It starts
        thinking when it is not yet; an answer to another position is never played."""
        table, game = self.table, self.table.session.game
        job = self.worker.job
        if job is None or job.kind != MOVE:
            table.stop_thinking()
            self.start()
            self.since = now
            return None
        if now < self.due():
            return None
        done = self.collect()
        if done is None or done.game.moves != game.moves:
            return None
        if done.square is not None and game.is_legal(done.square):
            return done.square
        return None

    def idle(self) -> None:
        """A human is to move: a move thought out for a seat now played by a human is dropped
        (switched while it thought), and a hint asked for is shown once it is found."""
        job = self.worker.job
        if job is not None and job.kind == MOVE:
            self.worker.cancel()
        elif job is not None and job.kind == HINT:
            done = self.collect()
            if done is not None and done.square is not None:
                self.table.show_hint(done.square)

    def hint(self) -> None:
        """Set the worker looking for a hint for the human to move."""
        table = self.table
        self.worker.start(HINT, table.session.game, HINT_LEVEL, 0, table.services.rng.random(),
                          table.hint_budget)
        # Translators: the help box, 3 lines of 22 characters.
        table.say(Note(_("Looking for a good move...")))

    def collect(self) -> Job | None:
        """The worker's finished answer, if any, with any stand-in it needed reported once."""
        done = self.worker.collect()
        if done is not None and done.fallback:
            self.table.note_fallback(done.fallback)
        return done


class Turn(Phase):
    """The seat to move of the unfinished game on ``table``'s board, as ``referee`` says who
    plays it; ``computer`` is the window's own player."""

    name = "play"
    animating = False

    def __init__(self, table: Table, referee: Referee, computer: Computer) -> None:
        self.table, self.referee, self.computer = table, referee, computer

    def player(self) -> Player:
        """Who plays the seat to move."""
        return self.referee.player(self.table.session.game.to_move or 0)

    def source(self) -> MoveSource | None:
        """Where the move comes from (None: nobody may move now)."""
        return source(self.table.session.game, self.referee)

    def tick(self, now: float) -> Step | None:
        """The game's end when it was won meanwhile (a host's game); else the square the
        computer here plays once it is due (a human to move: a hint asked for is shown once
        it is found)."""
        if self.table.session.game.winner is not None:
            return Settle()
        if self.source() is MoveSource.COMPUTER:
            square = self.computer.answer(now)
            return None if square is None else Place(square)
        self.computer.idle()
        return None

    def stands(self, won: Won | None) -> bool:
        return won is None

    def human_to_move(self) -> bool:
        return self.source() is MoveSource.HUMAN

    def click(self, target: Square | Part, button: int) -> Step | None:
        """A click on the board: the square to place for the human to move, or None (said
        why not: the game held up, another seat's turn, the wrong button, a square that is
        not theirs)."""
        if not isinstance(target, Square):
            return None
        table, game, square = self.table, self.table.session.game, target.square
        hold = self.referee.hold()
        player = self.player() if hold is None else None
        if hold is not None:
            table.say(hold.click)
        elif player is not None and player.busy is not None:
            table.say(player.busy)
        elif button != SELECT:
            # Translators: the help box, 3 lines of 22 characters.
            table.say(Note(_("Use Select (the left button) to place a piece.")))
        elif not game.is_legal(square):
            table.refuse(square, not_yours(game.owners[square]))
        else:
            return Place(square)
        return None

    def deadline(self, now: float, rate: float | None = None) -> float | None:
        return self.computer.due() if self.source() is MoveSource.COMPUTER else None

    # ---------------------------------------------------------------- what is shown
    @property
    def game_shown(self) -> Game:
        return self.table.session.game

    @property
    def panel(self) -> Panel:
        return self.table.session.panel

    def frame(self) -> Board:
        game = self.table.session.game
        return game.counts, game.owners

    def to_move(self) -> int | None:
        return self.table.session.game.to_move

    def hover(self, pointer: tuple[int, int] | None) -> int | None:
        """The square to highlight under the pointer: one the human to move may play."""
        square = board_view.square_at(pointer) if pointer is not None else None
        if square is None or self.source() is not MoveSource.HUMAN or \
                not self.table.session.game.is_legal(square):
            return None
        return square

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        session = self.table.session
        game = session.game
        marks = board_view.Marks(hover=self.hover(pointer), last=session.last_square)
        board_view.draw_board(surface, game.counts, game.owners, game.threshold, marks)

    def status(self) -> Status:
        hold = self.referee.hold()
        if hold is not None:
            return hold.status
        seat = self.table.session.game.to_move or 0
        return Status(seat, self.player().head, _(SEAT_NAME[seat]))

    def help(self, target: Target | None) -> str | None:
        """What is on a square, else who moves and how (or why nobody may)."""
        if isinstance(target, Square):
            return square_help(self.table.session.game, target.square)
        hold = self.referee.hold()
        if target is None:
            return hold.help if hold is not None else self.player().help
        return None
