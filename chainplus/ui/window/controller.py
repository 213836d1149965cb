"""The board's controller (``Controller``): the game on the board, shown and played the same way
whoever plays its seats, in a local, a hosted or a joined game.

Three plain phases (``phase``): a seat's ``turn.Turn`` to move, a move's chain
``showing.Showing`` wave by wave, and the game's ``ending.Ending``; each draws the board, says
its help and asks for what comes next, which the controller does. Each seat's move comes from
its source as the ``referee`` says, and the referee is the authority over the game. Every move it
accepts is shown the same way: its sound, its chain at the speed's pace (a click finishes it,
and so does another accepted move waiting behind it), the lines it brought, and the winner said
once. A controller plays one referee's game: the stack makes a new one when the window joins or
leaves a host's game.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.common.language import _
from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.window.chain import WAVE_TIME
from chainplus.ui.window.controls import Effect, act
from chainplus.ui.window.ending import Ending
from chainplus.ui.window.phase import ChainOver, NextGame, Phase, Place, Settle, Step
from chainplus.ui.window.referee import Happening, Referee, Reset
from chainplus.ui.window.showing import Showing
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Cell, Part, Square, Target
from chainplus.ui.window.turn import Computer, Turn


class Controller:
    """The game on ``table`` (the player's own, a host's joined, a demonstration's), played as
    ``referee`` says. ``seating`` gives the table's referee when its game is seated afresh
    (New, Undo, Play on: a game with network seats is hosted, one without is not)."""

    def __init__(self, table: Table, referee: Referee,
                 seating: Callable[[Table], Referee]) -> None:
        self.table, self.referee, self.seating = table, referee, seating
        self.computer = Computer(self.table)
        self.phase: Phase = Turn(self.table, self.referee, self.computer)
        self.said: object = None  # the game whose winner was said last (``Won.key``)
        self.settle()

    @property
    def name(self) -> str:
        """The phase: "play" (a seat's turn), "animate" (a chain shown) or "over"."""
        return self.phase.name

    @property
    def wakes_on_idle(self) -> bool:
        """Not while the window hosts: joiners may be mid-game (no demonstration)."""
        return not self.table.session.hosting

    @property
    def animating(self) -> bool:
        return self.phase.animating

    @property
    def picture(self) -> Phase:
        """The phase draws the board and says the turn box."""
        return self.phase

    # ---------------------------------------------------------------- the referee
    def restart(self) -> None:
        """The game on the board changed (New, Undo, Play on): play on from it as it is."""
        self.referee = self.referee.restart() or self.seating(self.table)
        self.settle(again=True)

    def close(self) -> None:
        """The window closes: stop thinking, and the referee stops (a host, a link)."""
        self.pause()
        self.referee.close()

    # ---------------------------------------------------------------- moves
    def place(self, square: int) -> None:
        """Play ``square`` for the seat to move: shown once the referee accepts it."""
        self.table.stop_thinking()
        match self.referee.propose(square):
            case Placed() as placed:
                self.show(placed)
            case Refused(square=refused, note=note):
                self.table.refuse(refused, note)
            case Note() as note:
                self.table.say(note)

    def show(self, placed: Placed, superseded: bool = False) -> None:
        """A move the referee accepted: its sound, and its chain wave by wave (not at the
        instant speed, nor when another accepted move waits or was heard after it,
        ``superseded``: then its explosion is heard now and the move is over at once)."""
        table = self.table
        table.stop_thinking()
        table.sound("place")
        waves = placed.shown.cascade.waves
        if waves and WAVE_TIME[self.table.session.speed] > 0 and not superseded \
                and not self.referee.behind():
            self.phase = Showing(placed, table, self.referee, self.computer)
            return
        if waves:
            table.explode_sound(table.now, max(len(w) for w in waves))
        self.moved(placed)

    def moved(self, placed: Placed) -> None:
        """The move and its chain are over: what it brought is said, and the next seat is to
        move, or the game is over."""
        for note in placed.notes:
            self.table.say(note)
        self.referee.shown()
        self.settle(moved=True)

    def settle(self, moved: bool = False, again: bool = False) -> None:
        """The phase for the game on the board as it is now: the next seat's turn (``again``:
        a new one, whoever's it is), or the game won, its winner said (after a move always;
        for a game put on the board again, once). A phase that shows the game as it stands
        stays (a host resending it)."""
        winner = self.table.session.game.winner
        won = None if winner is None else self.referee.won(winner)
        if not (moved or again) and self.phase.stands(won):
            return
        if won is None:
            self.phase = Turn(self.table, self.referee, self.computer)
            self.computer.turn(self.table.now)
            return
        if moved or won.key != self.said:
            self.said = won.key
            self.table.sound("win")
            self.table.say(Note(won.line))  # over any other message
        self.phase = Ending(self.table, self.referee, won.key)

    def follow_step(self, step: Step | None) -> None:
        """Do what the phase asked."""
        match step:
            case Place(square=square):
                self.place(square)
            case ChainOver(placed=placed):
                self.moved(placed)
            case Settle():
                self.settle()
            case NextGame():
                self.table.say(self.table.session.new_game())  # a kiosk never waits for a click
                self.restart()

    # ---------------------------------------------------------------- time
    def tick(self, now: float) -> None:
        for _round in range(8):  # a phase may hand over to another that is due at once
            phase = self.phase
            self.step(now)
            if self.phase is phase:
                return

    def step(self, now: float) -> None:
        """The referee's news when the phase hears it (a whole game, a move to show, a line
        to say), then what time brings the phase."""
        phase = self.phase
        if phase.listens:
            self.hear()
            if self.phase is not phase:
                return
        self.follow_step(phase.tick(now))

    def hear(self) -> None:
        """The referee's news, done in order."""
        self.follow_heard(self.referee.heard())

    def take_in(self) -> None:
        """A window is over the board: the referee's news that needs no showing (a whole
        game, a line to say) is taken in as it comes; its moves wait for the board."""
        if self.phase.listens:
            self.follow_heard(self.referee.news())

    def follow_heard(self, heard: list[Happening]) -> None:
        """What the referee ``heard``, in order; of the moves among it only the last one's
        chain is shown (the rest waits until it has been)."""
        last = max((i for i, h in enumerate(heard) if isinstance(h, Placed)), default=-1)
        for i, happening in enumerate(heard):
            match happening:
                case Placed():
                    self.show(happening, superseded=i < last)
                case Reset(notes=notes):
                    for note in notes:
                        self.table.say(note)
                    self.settle()
                case Note():
                    self.table.say(happening)

    def deadline(self, now: float, rate: float | None = None) -> float | None:
        """When the board next needs an update with no event (``rate``: pictures a second of
        a chain on show; None: every frame)."""
        times = [self.phase.deadline(now, rate), self.referee.due_at()]
        due = [time for time in times if time is not None]
        return min(due) if due else None

    def pause(self) -> None:
        self.follow_step(self.phase.cut())
        self.table.services.worker.cancel()

    # ---------------------------------------------------------------- input
    def click(self, target: Target | None, button: int) -> None:
        """A click; while a chain is shown it finishes the chain first (and on the board does
        nothing more: never a placement)."""
        cut = self.phase.cut()
        if cut is not None:
            self.follow_step(cut)
            if target is None or isinstance(target, Square):
                return
        table = self.table
        match target:
            case Square():
                table.press(target)
                table.cues.refusal.clear()
                self.follow_step(self.phase.click(target, button))
            case Part():
                self.follow_step(self.phase.click(target, button))
            case Cell() if (note := self.referee.panel_click()) is not None:
                table.press(target)
                table.say(note)
            case Cell():
                self.follow(act(table, target, button))
                self.referee.seats_changed()
            case None:
                pass
            case _:
                self.follow(act(table, target, button))

    def follow(self, effect: Effect) -> None:
        """After an icon's action: play on from the board as it is now (New, Undo), or a hint
        for the human to move."""
        if effect is Effect.RESTART:
            self.restart()
        elif effect is Effect.HINT and self.human_to_move():
            square = self.referee.hint()
            if square is None:
                self.computer.hint()
            else:
                self.table.show_hint(square)
        elif effect is Effect.HINT:
            # Translators: the help box, 3 lines of 22 characters.
            self.table.say(Note(_("A hint is for a human seat to move."), warn=True))

    def hit(self, pos: tuple[int, int]) -> Part | None:
        return self.phase.hit(pos)

    def parts(self) -> dict[str, pygame.Rect] | None:
        return self.phase.parts()

    def human_to_move(self) -> bool:
        return self.phase.human_to_move()

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

    def title(self, room: int = TITLE_ROOM) -> str | None:
        return self.referee.title(room)

    def look(self) -> object:
        return self.phase.name, self.phase.look(), self.referee.look()

    def help(self, target: Target | None) -> str | None:
        """The referee's words over the panel, the trouble on the line to a host over the
        board, else the phase's; None where the screen's own words hold (an icon)."""
        if isinstance(target, Cell):
            return self.referee.seat_help(target.seat)
        hold = self.referee.hold()
        if hold is not None and hold.trouble and (target is None or isinstance(target, Square)):
            return hold.help
        return self.phase.help(target)
