"""A puzzle on the board (``PuzzleReferee``): the player's seat moves, the computer answers.

The puzzle's logic is ``app.puzzle_play``'s; this is the seats that move. The player's move is
shown, then the computer's answer a moment later (``ELSEWHERE``: the referee hands it over).
After a wrong move and its refutation, the position the player faced comes back; after two
misses its winning square flashes. The puzzle is played on a table of its own (``seat``), so
the player's own game waits untouched, and its record (``Progress``) is the player's own
session's, which the settings file keeps.
"""

from __future__ import annotations

from dataclasses import replace

from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.app.panel import SEAT_NAME
from chainplus.app.puzzle_play import MISSES_BEFORE_HINT, Answer, PuzzlePlay, next_number
from chainplus.app.puzzles import shipped_count
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.common.language import _, ngettext
from chainplus.core.rules import SEATS
from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.art.widgets import fitting_title
from chainplus.ui.window.picture import Status
from chainplus.ui.window.policy import Policy
from chainplus.ui.window.referee import Happening, Hold, MoveSource, Player, Referee, Reset, Won
from chainplus.ui.window.requests import PuzzleSolved
from chainplus.ui.window.table import Table

#: Seconds between the player's move (its chain over) and the computer's answer.
ANSWER_PAUSE = 0.6
#: Seconds the refutation stays on the board before the position comes back.
BACK_PAUSE = 2.0
#: The computer's level in a game played on from a puzzle's position (its puzzle moves are
#: the proof's, whatever the level).
PLAY_ON_LEVEL = 3


class PuzzleReferee(Referee):
    """The puzzle ``play`` on ``table``'s board; ``own`` is the player's own session, whose
    record of puzzles it keeps."""

    def __init__(self, table: Table, play: PuzzlePlay, own: Session) -> None:
        self.table, self.play, self.own = table, play, own
        self.answer: Answer | None = None  # to the player's last move, until its end is shown
        self.replied = False  # the answer is on the board
        self.due: float | None = None  # when the answer is played, or the position comes back
        self.recorded = False  # the puzzle's outcome is in the player's record
        table.session.show_remote(play.game)

    @property
    def name(self) -> str:
        return _(SEAT_NAME[self.play.seat])

    # ---------------------------------------------------------------- who moves
    def player(self, seat: int) -> Player:
        if seat != self.play.seat:
            name = _(SEAT_NAME[seat])
            # Translators: the turn box's heading (fits 22 characters).
            return Player(MoveSource.ELSEWHERE, _("Computer thinking"),
                          # Translators: the help box, 3 lines of 22 characters;
                          # {seat} is a seat's colour (Red ...).
                          _("{seat} is the computer: it answers your move.").format(seat=name),
                          # Translators: the help box, 3 lines of 22 characters.
                          Note(_("{seat} is the computer: wait for its answer.").format(
                              seat=name)))
        left, task = self.play.left, self.play.heading()
        # Translators: the turn box's heading in a puzzle (fits 22 characters): win in
        # {count} moves.
        head = ngettext("Win in {count}", "Win in {count}", left).format(count=left)
        # Translators: the help box, 3 lines of 22 characters; {task} is the puzzle's task,
        # e.g. "Red to play and win in 2".
        words = (_("{task}: touch a square.") if self.table.touching() else
                 # Translators: the help box, 3 lines of 22 characters; {task} is the puzzle's
                 # task, e.g. "Red to play and win in 2".
                 _("{task}: click a square."))
        return Player(MoveSource.HUMAN, head, words.format(task=task))

    def hold(self) -> Hold | None:
        """While a wrong move's refutation is shown, before the position comes back."""
        if self.answer is None or not self.replied or self.answer.right:
            return None
        # Translators: the turn box's heading (fits 22 characters) after a wrong move in a puzzle.
        return Hold(Status(self.play.seat, _("Try again"), self.name),
                    # Translators: the help box, 3 lines of 22 characters.
                    _("The position comes back in a moment."),
                    # Translators: the help box, 3 lines of 22 characters.
                    Note(_("Wait: the position comes back in a moment.")))

    def propose(self, square: int) -> Placed | Refused:
        shown, answer = self.play.move(square)
        self.answer, self.replied = answer, False
        if answer.won and answer.right:
            self.record()
        return Placed(shown)

    def heard(self) -> list[Happening]:
        answer = self.answer
        if self.due is None or answer is None or self.table.now < self.due:
            return []
        self.due = None
        if not self.replied and answer.reply is not None:
            self.replied = True
            return [Placed(self.play.reply(answer.reply), self.escaped(answer))]
        return [self.back()]

    def escaped(self, answer: Answer) -> tuple[Note, ...]:
        """What a wrong move's refutation says, once its chain is shown."""
        if answer.right:
            return ()
        return (Note(self.escape_line()),)

    def escape_line(self) -> str:
        defender = _(SEAT_NAME[self.play.defender])
        if self.play.game.winner == self.play.defender:
            # Translators: the help box, 3 lines of 22 characters;
            # {seat} is the computer's seat's colour in a puzzle (Red ...).
            return _("{seat} wins instead: try again.").format(seat=defender)
        # Translators: the help box, 3 lines of 22 characters.
        return _("{seat} escapes: try again.").format(seat=defender)

    def back(self) -> Reset:
        """The position the player faced, back on the board (after two misses, its winning
        square flashes)."""
        self.answer = None
        self.table.session.show_remote(self.play.take_back())
        if self.play.misses >= MISSES_BEFORE_HINT:
            self.table.show_hint(self.play.hint())
            # Translators: the help box, 3 lines of 22 characters.
            return Reset((Note(_("The flashing square wins. Try it.")),))
        # Translators: the help box, 3 lines of 22 characters;
        # {task} is the puzzle's task, e.g. "Red to play and win in 2".
        return Reset((Note(_("Try again. {task}.").format(task=self.play.heading())),))

    def shown(self) -> None:
        """The player's move or the answer has been shown: the answer comes after a pause;
        after a right one the player faces the new position, after a wrong one the position
        comes back after a longer pause."""
        answer = self.answer
        if answer is not None and answer.won and self.play.solved:
            self.table.ask(PuzzleSolved(self.solved_line()))
        if answer is None or answer.won:
            return
        if not self.replied:
            self.due = self.table.now + ANSWER_PAUSE
        elif answer.right:
            self.play.went_right()
            self.answer = None
        else:
            self.due = self.table.now + BACK_PAUSE

    def behind(self) -> bool:
        return False

    def restart(self) -> Referee | None:
        """A game put on the board (a game from the puzzle's position) is the session's to
        referee; else the position the player faces comes back."""
        if self.table.session.game is not self.play.game:
            self.close()
            return None
        self.answer, self.due = None, None
        self.table.session.show_remote(self.play.take_back())
        return self

    def solved_line(self) -> str:
        """How the puzzle went: in how many tries, or the run of puzzles solved at once."""
        play, streak = self.play, self.own.puzzles.streak
        share = self.own.tally(play.number).line()
        if share is not None:
            return share
        if play.misses:
            # Translators: {number} counts the player's tries at a puzzle (2, 3 ...).
            return _("Solved at try {number}.").format(number=play.misses + 1)
        if streak > 1:
            # Translators: {count} puzzles solved at once one after another, at least 2.
            return ngettext("Solved at once: {count} in a row.",
                            "Solved at once: {count} in a row.", streak).format(count=streak)
        return _("Solved at once.")

    def close(self) -> None:
        """Leaving a puzzle tried and not solved counts as giving it up."""
        play = self.play
        if not play.solved and (play.misses or play.helped or play.given_up):
            play.give_up()
            self.record()

    def record(self) -> None:
        """The puzzle's outcome in the player's record, once."""
        if not self.recorded:
            self.recorded = True
            play = self.play
            self.own.puzzles = self.own.puzzles.after(play.number, play.solved, play.clean)
            self.own.count_visitor(play.number, play.solved)

    # ---------------------------------------------------------------- words
    def won(self, winner: int) -> Won:
        key = (id(self.play), len(self.play.game.moves))
        if winner == self.play.seat:
            streak = self.own.puzzles.streak
            # Translators: the help box, 3 lines of 22 characters;
            # {count} puzzles solved at once one after another, at least 2.
            line = ngettext("Solved! {count} in a row.", "Solved! {count} in a row.",
                            streak).format(count=streak) if streak > 1 else _("Solved!")
            # Translators: the help box, 3 lines of 22 characters.
            return Won(key, line, _("Solved. New: next one. Games: the solution, or your game."))
        return Won(key, self.escape_line(), _("The position comes back in a moment."))

    def title(self, room: int = TITLE_ROOM) -> str:
        # Translators: the title bar; {task} is the puzzle's task, e.g. "Red to play and win
        # in 2".
        number, count = self.play.number + 1, shipped_count()
        return fitting_title((
            _("Puzzle {number} of {count}: {task}").format(number=number, count=count,
                                                          task=self.play.heading()),
            # Translators: the title bar when the one with the task is too long to fit.
            _("Puzzle {number} of {count}").format(number=number, count=count)), room)

    def seat_help(self, seat: int) -> str | None:
        name = _(SEAT_NAME[seat])
        if seat == self.play.seat:
            # Translators: the help box, 3 lines of 22 characters;
            # {seat} is a seat's colour; {task} the puzzle's task in lower case,
            # e.g. "red to play and win in 2".
            return _("{seat} is yours: {task}.").format(seat=name,
                                                        task=self.play.heading().lower())
        if seat == self.play.defender:
            # Translators: the help box, 3 lines of 22 characters.
            return _("{seat} is the computer: it defends as well as it can.").format(seat=name)
        # Translators: the help box, 3 lines of 22 characters.
        return _("{seat} is not in this puzzle.").format(seat=name)

    def panel_click(self) -> Note | None:
        # Translators: the help box, 3 lines of 22 characters; {seat} is a seat's colour (Red ...).
        return Note(_("The puzzle's seats are set: {seat} is yours.").format(seat=self.name))

    def hint(self) -> int | None:
        return self.play.hint()

    def due_at(self) -> float | None:
        return self.due

    def look(self) -> object:
        return self.due is None, self.play.misses


def puzzle_policy(own: Policy) -> Policy:
    """The house policy while a puzzle is shown: no Undo (a wrong move is taken back by
    itself), no graph; a kiosk starts no next game by itself."""
    return replace(own, hidden_icons=own.hidden_icons | {"undo"}, graph_after=None,
                   next_game_after=None)


def seat(own: Table, before: PuzzlePlay | None = None, number: int | None = None
         ) -> tuple[Table, PuzzleReferee]:
    """Puzzle ``number`` (None: the next at the player's level, after ``before``) on a table
    of its own beside the player's ``own``, which waits untouched."""
    mine = own.session
    if number is None:
        number = next_number(mine.puzzles, None if before is None else before.number)
    play = PuzzlePlay.shipped(number)
    seats = [SeatSpec("off", 0, 0)] * len(SEATS)
    seats[play.seat - 1] = SeatSpec("human", 0, 0)
    seats[play.defender - 1] = SeatSpec("computer", PLAY_ON_LEVEL, 0)
    options = replace(mine.options, seats=tuple(seats), rules=play.puzzle.rules,
                      speed=mine.speed, sound=mine.sound, fixed_seats=True, lock_panel=True,
                      lessons=False)
    own.stop_thinking()
    table = Table(own.services, Session(options, None), puzzle_policy(own.policy), own.budget,
                  own.hint_budget, keeper=mine, puzzle=play, now=own.now)
    referee = PuzzleReferee(table, play, mine)
    share = mine.tally(number).line()
    # Translators: the help box, 3 lines of 22 characters;
    # {task} is the puzzle's task, e.g. "Red to play and win in 2"; {share} a
    # sentence on how many visitors solved it.
    table.say(Note(_("{task}.").format(task=play.heading()) if share is None else
                   # Translators: the help box, 3 lines of 22 characters.
                   _("{task}. {share}").format(task=play.heading(), share=share)))
    return table, referee


def played_on(play: PuzzlePlay) -> Note:
    """What a game from the puzzle's position says."""
    # Translators: the help box, 3 lines of 22 characters; {seat} is a seat's colour (Red ...).
    return Note(_("A game from the puzzle's position: you are {seat}.").format(
        seat=_(SEAT_NAME[play.seat])))
