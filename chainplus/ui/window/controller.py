"""The board's controller (``Controller``): the game on the board, shown and played the same way
whoever plays its seats, in a local, a hosted or a joined game.

Three plain phases: a seat's ``turn.Turn`` to move, a move's chain ``chain.Showing`` wave by
wave, and the game's ``ending.Ending``. Each seat's move comes from its source, as the referee
says (``referee``): the human at this window clicks it, the window's computer thinks it out
(``turn.Computer``), or it comes from elsewhere (a player over the network, the host of a joined
game) among what the referee has heard. The referee is the authority: the window's own game
is refereed by its session (``local``), a network game by its host (``hosting``, ``joined``).
Every move it accepts is shown the same way: its sound, its chain at the speed's pace (a click
finishes it, and so does another accepted move waiting behind it), the lines it brought (who
it knocked out, a lesson), and the winner said once; after a game the graph of how it went,
and in a kiosk the next game after a while.
"""

from __future__ import annotations

from collections.abc import Callable

from chainplus.app.explain import square_help
from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.app.session import Session
from chainplus.ui.window.chain import WAVE_TIME
from chainplus.ui.window.controls import Effect, act
from chainplus.ui.window.ending import Ending
from chainplus.ui.window.referee import MoveSource, Referee, Reset
from chainplus.ui.window.showing import Showing
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Cell, Part, Square, Target
from chainplus.ui.window.turn import Computer, Turn, source


class Controller:
    """The game on the board: the window's own (on table ``own``), or another the referee
    shows on a table of its own (a host's game joined). ``seating`` gives the referee of the
    window's own game whenever it is seated afresh (a game with network seats is hosted);
    ``referee``, when given, is the first (a host's game joined at the start)."""

    def __init__(self, own: Table, seating: Callable[[Table], Referee],
                 referee: Referee | None = None) -> None:
        self.own = own
        self.seating = seating
        self.referee = referee if referee is not None else seating(own)
        self.table = self.referee.table
        self.computer = Computer(self.table)
        self.phase: Turn | Showing | Ending = Turn(self.table, self.referee, self.computer)
        self.said: object = None  # the game whose winner was said last (``Won.key``)
        self.settle()

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def name(self) -> str:
        """The phase: "play" (a seat's turn), "animate" (a chain shown) or "over"."""
        return self.phase.name

    @property
    def wakes_on_idle(self) -> bool:
        """Not while the window hosts: joiners may be mid-game (no demonstration)."""
        return not self.session.hosting

    @property
    def animating(self) -> bool:
        return self.phase.animating

    @property
    def picture(self) -> Turn | Showing | Ending:
        """The phase draws the board and says the turn box."""
        return self.phase

    # ---------------------------------------------------------------- the referee
    def take(self, seating: Callable[[Table], Referee] | None) -> None:
        """Play the board with the referee ``seating`` makes of the window's own table from
        now on (None: the window's own game, seated afresh), on that referee's table; the one
        before stops first."""
        self.referee.close()
        self.seat((seating or self.seating)(self.own))

    def restart(self) -> None:
        """The game on the board changed (New, Undo, Play on): play on from it as it is."""
        self.seat(self.referee.restart() or self.seating(self.own))

    def seat(self, referee: Referee) -> None:
        """Play on with ``referee``, on its table from the time it is now."""
        table, self.referee = self.table, referee
        if referee.table is not table:
            referee.table.now, self.table = table.now, referee.table
            self.computer = Computer(self.table)
        self.settle(again=True)

    def close(self) -> None:
        """The window closes: stop thinking, and the referee stops (a host, a link)."""
        self.pause()
        self.referee.close()

    # ---------------------------------------------------------------- moves
    def place(self, square: int) -> None:
        """Play ``square`` for the seat to move: shown once the referee accepts it."""
        self.table.stop_thinking()
        outcome = self.referee.propose(square)
        if isinstance(outcome, Placed):
            self.show(outcome)
        elif isinstance(outcome, Refused):
            self.table.refuse(outcome.square, outcome.note)
        elif isinstance(outcome, Note):
            self.table.say(outcome)

    def show(self, placed: Placed) -> None:
        """A move the referee accepted: its sound, and its chain wave by wave (not at the
        instant speed, nor when another accepted move waits: then its explosion is heard now
        and the move is over at once)."""
        table = self.table
        table.stop_thinking()
        table.sound("place")
        waves = placed.shown.cascade.waves
        if waves and WAVE_TIME[self.session.speed] > 0 and not self.referee.behind():
            self.phase = Showing(placed, table.now, self.session.speed, self.session.game)
            return
        if waves:
            table.explode_sound(table.now, max(len(w) for w in waves))
        self.moved(placed)

    def moved(self, placed: Placed) -> None:
        """The move and its chain are over: what it brought is said, and the next seat is to
        move, or the game is over."""
        for note in placed.notes:
            self.table.say(note)
        self.settle(moved=True)

    def settle(self, moved: bool = False, again: bool = False) -> None:
        """The phase for the game on the board as it is now: the next seat's turn (``again``:
        a new one, whoever's it is), or the game won, its winner said (after a move always;
        for a game put on the board again, once)."""
        game = self.session.game
        if game.winner is None:
            if moved or again or not isinstance(self.phase, Turn):
                self.phase = Turn(self.table, self.referee, self.computer)
                self.computer.turn(self.table.now)
            return
        won = self.referee.won(game.winner)
        if isinstance(self.phase, Ending) and self.phase.key == won.key and not moved | again:
            return  # the same game again (a host resending it)
        if moved or won.key != self.said:
            self.said = won.key
            self.table.sound("win")
            self.table.say(Note(won.line))  # over any other message
        self.phase = Ending(self.table, self.referee, won.key)

    # ---------------------------------------------------------------- time
    def tick(self, now: float) -> None:
        for _ in range(8):  # a phase may hand over to another that is due at once
            phase = self.phase
            self.step(now)
            if self.phase is phase:
                return

    def step(self, now: float) -> None:
        phase = self.phase
        if isinstance(phase, Showing):
            self.show_chain(phase, now)
            return
        for happening in self.referee.heard():
            if isinstance(happening, Placed):
                self.show(happening)  # the last: the rest waits until it has been shown
            elif isinstance(happening, Reset):
                for note in happening.notes:
                    self.table.say(note)
                self.settle()
            else:
                self.table.say(happening)
        if self.phase is not phase:
            return
        if isinstance(phase, Ending):
            if phase.tick(now):
                self.table.say(self.session.new_game())  # a kiosk never waits for a click
                self.restart()
        elif self.session.game.winner is not None:
            self.settle()
        elif (square := phase.tick(now)) is not None:
            self.place(square)

    def show_chain(self, phase: Showing, now: float) -> None:
        """The next frame of the chain, finished once its last wave is over (or another move
        waits); the computer moving next starts thinking on its first frame."""
        if self.referee.behind():
            self.finish(phase)
            return
        if not phase.looked_ahead:
            phase.looked_ahead = True
            if source(self.table, self.referee) is MoveSource.COMPUTER:
                self.computer.think_ahead(phase.end - now)
        began = phase.step(now)
        if phase.over():
            self.finish(phase)
        elif began is not None:
            self.table.explode_sound(now, began)

    def finish(self, phase: Showing) -> None:
        """Jump to the end of the chain (a move thought out meanwhile is hurried to answer
        within the usual pause)."""
        self.computer.hurry()
        self.moved(phase.placed)

    def deadline(self, now: float) -> float | None:
        return self.phase.deadline(now)

    def pause(self) -> None:
        if isinstance(self.phase, Showing):
            self.finish(self.phase)
        self.table.services.worker.cancel()

    # ---------------------------------------------------------------- input
    def click(self, target: Target | None, button: int) -> None:
        """A click; while a chain is shown it finishes the chain first (and on the board does
        nothing more: never a placement)."""
        if isinstance(self.phase, Showing):
            self.finish(self.phase)
            if target is None or isinstance(target, Square):
                return
        table, phase = self.table, self.phase
        if isinstance(target, Square):
            table.press(target)
            table.cues.refusal.clear()
            if isinstance(phase, Ending):
                table.say(phase.click_board())
            elif isinstance(phase, Turn) and \
                    (square := phase.click(target.square, button)) is not None:
                self.place(square)
        elif isinstance(target, Part) and isinstance(phase, Ending):
            phase.click(target)
        elif isinstance(target, Cell) and (note := self.referee.panel_click()) is not None:
            table.press(target)
            table.say(note)
        elif target is not None:
            self.follow(act(table, target, button))
            if isinstance(target, Cell):
                self.referee.seats_changed()

    def follow(self, effect: Effect) -> None:
        """After an icon's action: play on from the board as it is now (New, Undo), or a hint
        for the human to move."""
        if effect is Effect.RESTART:
            self.restart()
        elif effect is Effect.HINT and self.human_to_move():
            self.computer.hint()
        elif effect is Effect.HINT:
            self.table.say(Note("A hint is for a human seat to move.", warn=True))

    def hit(self, pos: tuple[int, int]) -> Part | None:
        return self.phase.hit(pos) if isinstance(self.phase, Ending) else None

    def human_to_move(self) -> bool:
        return isinstance(self.phase, Turn) and self.phase.source() is MoveSource.HUMAN

    # ---------------------------------------------------------------- what is shown
    @property
    def shown(self) -> Table:
        return self.table

    @property
    def board_mode(self) -> Controller:
        return self

    def icons_work(self) -> bool:
        return True

    def waiting_seats(self) -> frozenset[int]:
        return self.referee.waiting_seats()

    def title(self) -> str | None:
        return self.referee.title()

    def look(self) -> object:
        ending = self.phase.look() if isinstance(self.phase, Ending) else None
        return self.phase.name, ending, self.referee.look()

    def help(self, target: Target | None) -> str | None:
        """The board's own words for the pointer on ``target``: the graph's parts after a
        game, the referee's over the panel, the trouble on the line to a host over the board,
        what is on a square (a click while a chain is shown finishes it: that is said then),
        and the phase's line on nothing; None where the screen's own words hold (an icon)."""
        phase = self.phase
        if isinstance(target, Part):
            return phase.own_help(target) if isinstance(phase, Ending) else None
        if isinstance(target, Cell):
            return self.referee.seat_help(target.seat)
        if target is not None and not isinstance(target, Square):
            return None
        hold = self.referee.hold()
        if hold is not None and hold.trouble:
            return hold.help
        if isinstance(target, Square) and not isinstance(phase, Showing):
            return square_help(self.session.game, target.square)
        return phase.help()
