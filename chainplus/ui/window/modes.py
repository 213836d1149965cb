"""The game's modes, built on ``mode.Mode``: what the board is doing now.

``PlayMode``: a seat is to move; a human clicks, or the computer thinks on the worker
and plays after a pause. ``AnimateMode``: a chain shown wave by wave (the next computer seat
starts thinking meanwhile); a click finishes it.
``GameOverMode``: the final board and the winner (a kiosk starts the next game by itself).
The demonstration a kiosk plays when left alone is ``demo.DemoMode``.
"""

from __future__ import annotations

import pygame

from chainplus.ai.levels import thinking_time
from chainplus.app.panel import SEAT_NAME
from chainplus.app.session import Note, Placed, Refused
from chainplus.app.settings import Speed
from chainplus.ui.art import board_view, graph_view
from chainplus.ui.window.chain import WAVE_TIME, draw_chain, wave_at, wave_timing
from chainplus.ui.window.controls import Effect
from chainplus.ui.window.judging import graph_of
from chainplus.ui.window.mode import Board, Mode, Status
from chainplus.ui.window.review import GRAPH_HELP, ReviewMode, graph_part
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


def start_move(table: Table, extra: float = 0.0) -> Job:
    """Start the computer seat to move thinking on the worker: on the table's own clock
    when it has one, else on the speed's clock plus ``extra`` seconds (a chain still shown)."""
    session = table.session
    seat = session.game.to_move
    assert seat is not None
    row = session.panel[seat]
    budget = table.budget
    if budget is None:
        budget = extra + think_budget(session.speed)
    return table.worker.start(MOVE, session.game, row.level, row.random_pct, table.rng.random(),
                              budget)


class PlayMode(Mode):
    """A seat is to move: a human clicks, or the computer thinks then plays after a pause."""

    name = "play"

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.think_start = table.now

    def leave(self) -> None:
        self.table.worker.cancel()

    def human_to_move(self) -> bool:
        return not self.session.game.over and not self.session.computer_to_move()

    def tick(self, now: float) -> Mode:
        table, session = self.table, self.session
        if session.game.over:
            return GameOverMode(table)
        job = table.worker.job
        if not session.computer_to_move():
            if job is not None and job.kind == MOVE:
                table.worker.cancel()  # the seat was switched to human while it thought
            self._collect_hint()
            return self
        if job is None or job.kind != MOVE:
            table.stop_thinking()
            start_move(table)
            self.think_start = now
            return self
        if now < self.think_start + THINK_PAUSE[session.speed]:
            return self
        done = self._collect()
        if done is None:
            return self
        stale = done.game.moves != session.game.moves  # never play an answer to another position
        if not stale and done.square is not None and session.game.is_legal(done.square):
            return self.place(done.square)
        return self

    def _collect_hint(self) -> None:
        show_hint(self.table)

    def _collect(self) -> Job | None:
        return collect(self.table)

    def deadline(self, now: float) -> float | None:
        if self.session.computer_to_move():
            return self.think_start + THINK_PAUSE[self.session.speed]
        return None

    def follow(self, effect: Effect) -> Mode:
        if effect is Effect.RESTART:
            return PlayMode(self.table)  # New or Undo: play on from the board as it is now
        if effect is Effect.HINT and self.human_to_move():
            ask_hint(self.table)
            return self
        return super().follow(effect)

    def click_board(self, square: int, button: int) -> Mode:
        seat = self.session.to_move()
        if seat is None:
            return self
        if self.session.computer_to_move():
            self.table.say(Note(f"{SEAT_NAME[seat]} is played by the computer: wait for its "
                                "move."))
            return self
        if button != SELECT:
            self.table.say(Note("Use Select (the left button) to place a piece."))
            return self
        return self.place(square)

    def place(self, square: int) -> Mode:
        """Play ``square`` for the seat to move and show what it did."""
        table = self.table
        table.stop_thinking()
        outcome = self.session.place(square)
        if isinstance(outcome, Refused):
            table.refuse(outcome.square, outcome.note)
            return self
        if animates(table, outcome):
            return AnimateMode(table, outcome)
        return after_move(table, outcome)

    def status(self) -> Status:
        seat = self.session.to_move()
        head = "Computer thinking" if self.session.computer_to_move() else "To move"
        return Status(seat, head, SEAT_NAME[seat or 0])

    def default_help(self) -> str:
        seat = self.session.to_move() or 0
        if self.session.computer_to_move():
            return f"{SEAT_NAME[seat]} is the computer (level {self.session.panel[seat].level})."
        return f"{SEAT_NAME[seat]}: click an empty square or one of yours."


def collect(table: Table) -> Job | None:
    """The worker's finished answer, if any, with any stand-in it needed reported once."""
    done = table.worker.collect()
    if done is not None and done.fallback:
        table.note_fallback(done.fallback)
    return done


def ask_hint(table: Table) -> None:
    """Set the worker looking for a hint for the human to move."""
    table.worker.start(HINT, table.session.game, HINT_LEVEL, 0, table.rng.random(),
                       table.hint_budget)
    table.say(Note("Looking for a good move..."))


def show_hint(table: Table) -> None:
    """Show the worker's hint, once it has one."""
    job = table.worker.job
    if job is None or job.kind != HINT:
        return
    done = collect(table)
    if done is not None and done.square is not None:
        table.show_hint(done.square)


def animates(table: Table, placed: Placed, behind: bool = False) -> bool:
    """The sound of the piece placed; whether its chain is to be shown wave by wave (not at
    the instant speed, nor when the window is ``behind`` the game), else its explosion is
    heard now."""
    table.sound("place")
    waves = placed.shown.cascade.waves
    if waves and WAVE_TIME[table.session.speed] > 0 and not behind:
        return True
    if waves:
        table.explode_sound(table.now, max(len(w) for w in waves))
    return False


def after_move(table: Table, placed: Placed) -> Mode:
    """The move (and its animation) is over: next seat, or the end of the game."""
    for note in placed.notes:
        table.say(note)
    if table.session.game.over:
        return GameOverMode(table)  # announces the winner, over any other message
    return PlayMode(table)


class AnimateMode(Mode):
    """A cascade shown wave by wave; any click finishes it at once.

    The position after the move is known before the chain is shown, so when a computer seat
    moves next it starts thinking on the first frame, not after the last: its clock is the
    rest of the chain plus the usual pause. A long chain, common late in a game where moves
    matter most, gives it several times its usual thought, and the game goes no slower: the
    pause after the chain ends is the same. A chain cut short hurries it back to that pause.
    """

    name = "animate"

    @property
    def animating(self) -> bool:
        return True

    def __init__(self, table: Table, placed: Placed) -> None:
        super().__init__(table)
        self.placed = placed
        self.cascade = placed.shown.cascade
        self.frames = placed.shown.frames
        self.hold, self.wave_time = wave_timing(table.session.speed, len(self.cascade.waves))
        self.start = table.now
        self.wave = -1  # the wave being drawn, -1 while the placement shows
        self.t = 0.0
        self.ahead: Job | None = None  # the next computer seat's move, thought out meanwhile
        self.looked_ahead = False

    @property
    def end(self) -> float:
        """When the last wave is over."""
        return self.start + self.hold + len(self.cascade.waves) * self.wave_time

    def think_ahead(self, now: float) -> None:
        """Start the next seat's move now if a computer plays it (a job started before this
        mode took over was stopped on the way in, so it starts on the first frame)."""
        table, session = self.table, self.session
        if session.game.over or not session.computer_to_move() or table.worker.job is not None:
            return
        self.ahead = start_move(table, max(0.0, self.end - now))

    def tick(self, now: float) -> Mode:
        if not self.looked_ahead:
            self.looked_ahead = True
            self.think_ahead(now)
        k, self.t = wave_at(now - self.start - self.hold, self.wave_time)
        if k >= len(self.cascade.waves):
            return self.finish()
        if k != self.wave and k >= 0:
            self.table.explode_sound(now, len(self.cascade.waves[k]))
        self.wave = k
        return self

    def finish(self) -> Mode:
        """Jump to the end of the cascade and hand over to the next mode (which waits for the
        move thought out meanwhile, hurried to answer within the usual pause)."""
        if self.ahead is not None:
            self.ahead.hurry(think_budget(self.session.speed))
        return after_move(self.table, self.placed)

    def settled(self) -> Mode:
        return self.finish()

    def click(self, target: Target | None, button: int) -> Mode:
        """A click finishes the chain; on the board it does nothing more (never a placement)."""
        after = self.finish()
        if target is None or isinstance(target, Square):
            return after
        return after.click(target, button)

    def frame(self) -> Board:
        return self.frames[max(0, self.wave)]

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        draw_chain(surface, self.placed.shown, self.session.game.threshold, self.wave, self.t)

    def status(self) -> Status:
        waves = len(self.cascade.waves)
        head = f"Wave {max(0, self.wave) + 1} of {waves}" if waves else "Placed"
        return Status(self.cascade.seat, head, SEAT_NAME[self.cascade.seat])

    def default_help(self) -> str:
        return "Click to finish the chain at once."

    def square_help(self, square: int) -> str:
        """A click on the board finishes the chain, so that is what the board says."""
        return self.default_help()


class GameOverMode(Mode):
    """The final board and the winner, until a new game (by itself after a while in a kiosk).
    A moment after the end the graph of how the game went is shown over the board (its
    judgement worked out meanwhile, off the UI thread); in a window, Replay or a click on the
    graphs replays the game (``review.ReviewMode``)."""

    name = "over"

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.since = table.now
        table.sound("win")
        winner = SEAT_NAME[table.session.game.winner or 0]
        table.say(Note(f"{winner} wins! {table.policy.after_win()}"))
        after = table.policy.graph_after
        self.graph_at = None if after is None else self.since + after
        self.judging = None if after is None else table.judging_of(table.session.game)
        self.graph_open = False

    def tick(self, now: float) -> Mode:
        if self.judging is not None:
            self.judging.poll()
        if self.graph_at is not None and now >= self.graph_at:
            self.graph_open, self.graph_at = True, None
        due = self.table.policy.next_game_after
        if due is not None and now >= self.since + due:
            self.table.say(self.session.new_game())  # a kiosk never waits for someone to click
            return PlayMode(self.table)
        return self

    def deadline(self, now: float) -> float | None:
        after = self.table.policy.next_game_after
        times = [None if after is None else self.since + after, self.graph_at]
        if self.graph_open and self.judging is not None and not self.judging.done:
            times.append(now + 0.25)  # the graph fills in
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def follow(self, effect: Effect) -> Mode:
        if effect is Effect.RESTART:
            return PlayMode(self.table)  # New or Undo: play on from the board as it is now
        return super().follow(effect)

    # ---------------------------------------------------------------- the graph
    def graph(self) -> graph_view.GraphShown | None:
        if not self.graph_open or self.judging is None:
            return None
        return graph_of(self.judging, None, buttons=not self.table.policy.kiosk)

    def hit(self, pos: tuple[int, int]) -> Part | None:
        return graph_part(self.graph(), pos)

    def click(self, target: Target | None, button: int) -> Mode:
        if not isinstance(target, Part):
            return super().click(target, button)
        self.table.press(target)
        game, name = self.session.game, target.name
        if self.table.policy.kiosk or name == "graph-window":
            return self
        if name.startswith("move-"):
            return ReviewMode(self.table, self, game, at=int(name[5:]))
        if name == "graph-replay":
            return ReviewMode(self.table, self, game, at=0)
        self.graph_open = False  # its close icon, or Close
        return self

    def look(self) -> object:
        judging = self.judging
        return self.graph_open, judging and (len(judging.points), judging.done)

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part) or self.table.policy.kiosk:
            return None
        if target.name.startswith("move-"):
            return f"Click to replay the game from move {target.name[5:]}."
        return GRAPH_HELP[target.name[6:]]

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        super().draw_board(surface, pointer)
        board_view.draw_winner_frame(surface, self.session.game.winner or 0)
        shown = self.graph()
        if shown is not None:
            pressed = self.table.cues.pressed.value
            name = pressed.name if isinstance(pressed, Part) else ""
            graph_view.draw(surface, shown, name.removeprefix("graph-"))

    def click_board(self, square: int, button: int) -> Mode:
        self.table.say(Note("The game is over: click New for another."))
        return self

    def status(self) -> Status:
        winner = self.session.game.winner
        return Status(winner, "The winner is", SEAT_NAME[winner or 0], big=True)

    def default_help(self) -> str:
        if self.table.policy.next_game_after is not None:
            return "The game is over. A new one starts in a moment, or click New."
        return "The game is over. Click New for another game."
