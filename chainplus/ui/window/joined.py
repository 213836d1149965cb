"""A window that joined a host's game (``python main.py --join HOST:PORT --code CODE``).

The host is the authority: the board changes only from what it sends. ``JoinedMode`` reads
the ``net.link.Link`` events (the network is on the link's thread; the events wait on a queue
until the frame loop's ``tick``), puts the host's game on the board, shows each move's chain
as the window's own moves are shown (``JoinedChain``), and sends the joiner's own clicks as
moves. The turn box says whose turn it is; the help line who is connected, who the game
waits for, and when the host is lost or gone (the game as it stood stays on the board).

The seats are the host's: the panel shows them (a network seat as a human one) and cannot be
changed here, and New, Undo and Hint are not shown (``JOINED`` policy). The window's
session has no files, so its own unfinished game is never touched (``joining``).
"""

from __future__ import annotations

import queue
from typing import Protocol

from chainplus.app.outcomes import knocked_out, not_yours
from chainplus.app.panel import SEAT_NAME, Panel
from chainplus.app.session import Note, Placed
from chainplus.core.rules import SEATS
from chainplus.net import protocol as msg
from chainplus.net.link import Gone, LinkEvent, Lost
from chainplus.ui.window.controls import Effect
from chainplus.ui.window.mode import Mode
from chainplus.ui.window.modes import AnimateMode, animates
from chainplus.ui.window.picture import Status
from chainplus.ui.window.policy import Policy
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import SELECT, Cell, Square, Target

#: A joined window: the host decides the game, so no New, Undo or Hint (Games leaves it).
JOINED = Policy(hidden_icons=frozenset({"new", "undo", "hint"}), graph_after=None)
#: The longest host error shown (the help box holds three short lines).
ERROR_CHARS = 50
#: How each kind of seat plays, as the help line says it.
KIND_WORD = {"computer": "the host's computer", "human": "at the host",
             "network": "over the network"}


def names(seats: tuple[int, ...] | list[int]) -> str:
    return ", ".join(SEAT_NAME[s] for s in seats)


def panel_as_host(panel: Panel, state: msg.GameState, mine: tuple[int, ...]) -> None:
    """Show the host's seats in the panel: its kinds (the joiner's own seat as human, other
    network seats as network ones), and its computer seats' levels and random %."""
    for seat in SEATS:
        row, kind = panel[seat], state.kinds[seat - 1]
        kind = "human" if seat in mine else kind
        row.kind = "off" if kind == "off" else "computer" if kind == "computer" else \
            "network" if kind == "network" else "human"
        row.plays_as = "computer" if kind == "computer" else \
            "network" if kind == "network" else "human"
        row.level, row.random_pct = state.levels[seat - 1], state.randoms[seat - 1]


def seat_help(state: msg.GameState | None, seat: int, mine: tuple[int, ...]) -> str:
    """Who plays ``seat`` of the host's game, as the help line says it over the panel."""
    name = SEAT_NAME[seat]
    if state is None:
        return f"{name}: the host sets the seats."
    kind = state.kinds[seat - 1]
    if seat in mine:
        return f"{name}: you."
    if kind == "off":
        return f"{name}: not in play."
    if kind == "network":
        held = "connected" if seat in state.connected else "waiting to join"
        return f"{name}: over the network, {held}."
    return f"{name}: {KIND_WORD[kind]}."


class Line(Protocol):
    """A window's line to the host of its game: a joiner's ``net.link.Link``, or a hosting
    window's own host (``hosting.HostLine``)."""

    events: queue.Queue[LinkEvent]

    @property
    def where(self) -> str: ...

    def send_move(self, seat: int, square: int, number: int) -> bool: ...

    def drop(self) -> None: ...

    def close(self) -> None: ...


def move_waiting(events: queue.Queue[LinkEvent]) -> bool:
    """Whether a move of the host's waits on ``events`` (the game and other messages that
    follow a move do not put the window behind the game)."""
    with events.mutex:
        return any(isinstance(event, msg.Moved) for event in events.queue)


class JoinedChain(AnimateMode):
    """A chain the host played, shown wave by wave; then back to the joined game."""

    def __init__(self, table: Table, placed: Placed, after: JoinedMode) -> None:
        super().__init__(table, placed)
        self.after = after

    def think_ahead(self, now: float) -> None:
        """Nobody thinks here: the host plays its computer seats."""

    def tick(self, now: float) -> Mode:
        """The chain goes on until the host's next move comes: then it is finished at once,
        so that move shows now, not when this chain would have ended."""
        if move_waiting(self.after.link.events):
            return self.finish()
        return super().tick(now)

    def finish(self) -> Mode:
        for note in self.placed.notes:
            self.table.say(note)
        return self.after.after_move()


class JoinedMode(Mode):
    """The host's game on the board; the joiner's clicks go to the host as moves."""

    name = "joined"

    def __init__(self, table: Table, link: Line) -> None:
        super().__init__(table)
        self.link = link
        self.seat: int | None = None
        self.state: msg.GameState | None = None
        self.trouble: str | None = None  # the connection's problem, while there is one
        self.gone = False
        self.sent: int | None = None  # the number of our move the host has not answered
        self.won_said: tuple[int, int] | None = None  # (game number, moves) of the win said

    # ---------------------------------------------------------------- the host's events
    def tick(self, now: float) -> Mode:
        while True:
            try:
                event = self.link.events.get_nowait()
            except queue.Empty:
                return self
            after = self.take(event)
            if after is not self:
                return after

    def take(self, event: LinkEvent) -> Mode:
        """One event from the link; the mode after it (a chain to show, or this one)."""
        table = self.table
        if isinstance(event, msg.Moved):
            return self.moved(event)
        if isinstance(event, msg.Welcome):
            back = self.seat is not None
            self.seat, self.trouble = event.seat, None
            table.say(Note("Back in the game." if back else
                           f"Joined {self.link.where}: you are {SEAT_NAME[event.seat]}."))
        elif isinstance(event, msg.GameState):
            self.game_state(event)
        elif isinstance(event, msg.Error):
            self.sent = None
            table.say(Note(f"The host says: {event.text[:ERROR_CHARS]}", warn=True))
        elif isinstance(event, Lost):
            self.trouble = "Lost the host: joining again..."
            table.say(Note(self.trouble, warn=True))
        elif isinstance(event, Gone):
            self.gone, self.trouble = True, event.why
            if self.state is not None:
                self.trouble = f"{event.why} The game stays as it stood."
            table.say(Note(self.trouble, warn=not self.finished()))
        elif isinstance(event, msg.Bye) and not event.done:
            self.trouble = "The host stopped: trying to reach it again..."
            table.say(Note(self.trouble, warn=True))
        return self

    def game_state(self, state: msg.GameState) -> None:
        """The whole game as the host has it: on the board, with who joined or left said."""
        before, self.state = self.state, state
        self.session.game = state.game
        self.sent = None
        self.show_seats(state)
        if before is not None and before.number != state.number:
            self.table.say(Note("A new game." if state.open_ended else
                                f"Game {state.number} of {state.games}."))
        elif before is not None:
            came = [s for s in state.connected if s not in before.connected and s != self.seat]
            left = [s for s in state.waiting if s not in before.waiting]
            if came:
                self.table.say(Note(f"{names(came)} joined."))
            if left:
                then = "." if state.game.winner is not None else ": the game waits."
                self.table.say(Note(f"{names(left)} left{then}"))
        self.after_move()

    def show_seats(self, state: msg.GameState) -> None:
        """The panel shows the host's seats."""
        panel_as_host(self.session.panel, state, self.mine())

    def played(self, won: bool) -> None:
        """A move the host accepted is on the board (a hosting window saves it)."""

    def mine(self) -> tuple[int, ...]:
        """The seats played at this window."""
        return () if self.seat is None else (self.seat,)

    def moved(self, move: msg.Moved) -> Mode:
        """A move the host accepted: played here and shown, or, when it does not follow on
        from our game, the whole game asked for again."""
        table, game = self.table, self.session.game
        if self.state is None or move.number != len(game.moves) + 1 or \
                game.to_move != move.seat or not game.is_legal(move.square):
            self.link.drop()  # join again with the token: the host sends the whole game
            return self
        if move.seat in self.mine():
            self.sent = None
        shown = game.play_shown(move.square)
        self.played(shown.cascade.winner is not None)
        placed = Placed(shown, knocked_out(shown))
        if animates(table, placed, behind=move_waiting(self.link.events)):
            return JoinedChain(table, placed, self)  # (behind the host: caught up unshown)
        for note in placed.notes:
            table.say(note)
        return self.after_move()

    def after_move(self) -> JoinedMode:
        """This mode again after a move: the winner said once, when there is one."""
        game, state = self.session.game, self.state
        if game.winner is not None and state is not None:
            key = (state.number, len(game.moves))
            if self.won_said != key:
                self.won_said = key
                self.table.sound("win")
                self.table.say(Note(self.winner_line()))
        return self

    def winner_line(self) -> str:
        winner = self.session.game.winner or 0
        return "You win!" if self.mine() == (winner,) else f"{SEAT_NAME[winner]} wins!"

    # ---------------------------------------------------------------- the joiner's clicks
    def finished(self) -> bool:
        state = self.state
        return state is not None and state.last and state.game.winner is not None

    def my_turn(self) -> bool:
        state = self.state
        return (state is not None and state.started and not self.gone and self.trouble is None
                and state.game.winner is None and state.game.to_move in self.mine())

    def human_to_move(self) -> bool:
        return self.my_turn() and self.sent is None

    def follow(self, effect: Effect) -> Mode:
        """Play on from a replayed game (a file dropped on the window) would put a game of
        our own on the board: the host's game stays."""
        if effect is Effect.RESTART and self.state is not None:
            self.session.game = self.state.game
            self.table.say(Note("This window shows the host's game.", warn=True))
        return super().follow(effect)

    def click(self, target: Target | None, button: int) -> Mode:
        if isinstance(target, Cell):
            self.table.press(target)
            self.table.say(Note("The host sets the seats of this game."))
            return self
        return super().click(target, button)

    def click_board(self, square: int, button: int) -> Mode:
        table, game, state = self.table, self.session.game, self.state
        if self.trouble is not None or state is None:
            table.say(Note(self.trouble or "Joining the host's game...", warn=True))
        elif game.winner is not None:
            table.say(Note("The game is over."))
        elif not state.started:
            table.say(Note(f"Waiting for {names(state.waiting)} to join first."))
        elif game.to_move not in self.mine():
            table.say(Note(f"It is {SEAT_NAME[game.to_move or 0]}'s turn: wait for it."))
        elif self.sent is not None:
            table.say(Note("Your move has gone to the host."))
        elif button != SELECT:
            table.say(Note("Use Select (the left button) to place a piece."))
        elif not game.is_legal(square):
            table.refuse(square, not_yours(game.owners[square]))
        elif self.link.send_move(game.to_move, square, len(game.moves) + 1):
            self.sent = len(game.moves) + 1
        else:
            table.say(Note("Not connected to the host: try again in a moment.", warn=True))
        return self

    # ---------------------------------------------------------------- what is shown
    def waiting_seats(self) -> frozenset[int]:
        return frozenset(self.state.waiting) if self.state is not None else frozenset()

    def title(self) -> str | None:
        return f"Chain Reaction - joined {self.link.where}"

    def look(self) -> object:
        state = self.state
        return self.seat, self.trouble, self.sent, state and (state.connected, state.started)

    def status(self) -> Status:
        state, game = self.state, self.session.game
        if state is None:
            return Status(None, "Not joined" if self.gone else "Joining", self.link.where)
        if game.winner is not None:
            return Status(game.winner, "The winner is", SEAT_NAME[game.winner], big=True)
        if not state.started:
            return Status(None, "Waiting for", names(state.waiting))
        seat = game.to_move or 0
        if seat in self.mine():
            return Status(seat, "Your move" if len(self.mine()) == 1 else "To move",
                          SEAT_NAME[seat])
        kind = state.kinds[seat - 1]
        head = "Computer thinking" if kind == "computer" else \
            "Waiting for" if seat in state.waiting else "To move"
        return Status(seat, head, SEAT_NAME[seat])

    def default_help(self) -> str:
        state, game = self.state, self.session.game
        if self.trouble is not None:
            return self.trouble
        if state is None:
            return f"Joining the game at {self.link.where}..."
        me = self.you_are()
        if game.winner is not None:
            who = self.winner_line()
            if self.finished():
                return who
            return f"{who} The host starts the next game." if state.open_ended else \
                f"{who} The next game comes."
        if not state.started:
            return f"{me}Waiting for {names(state.waiting)} to join.".lstrip()
        seat = game.to_move or 0
        if seat in self.mine():
            return "Your move: click an empty square or one of yours."
        if seat in state.waiting:
            return f"Waiting for {SEAT_NAME[seat]} to join again. {me}".rstrip()
        return f"{SEAT_NAME[seat]} to move, {KIND_WORD[state.kinds[seat - 1]]}. {me}".rstrip()

    def you_are(self) -> str:
        """Which seat is this window's, as the help line says it ("" where it says nothing)."""
        return f"You are {SEAT_NAME[self.seat or 0]}. "

    def own_help(self, target: Target | None) -> str | None:
        """The connection's trouble over the board; each seat's player over the panel."""
        if isinstance(target, Cell):
            return seat_help(self.state, target.seat, self.mine())
        if self.trouble is not None and (target is None or isinstance(target, Square)):
            return self.trouble
        return None

    def close(self) -> None:
        """Hang up (the window is closing)."""
        self.link.close()

