"""A game whose authority is a host at the end of a line (``Remote``): what a joined window and
a hosting window share.

The host decides the game: the board changes only from what it sends. ``Remote`` reads the
line's events (the network is on another thread; the events wait on a queue until the window's
tick) into a ``net.client.Joiner``, which keeps the game as the host said it and checks each
move; ``Remote`` puts that game and each move on the board, says the words of a network game,
and sends this window's moves. ``joined.JoinedReferee`` and ``hosting.HostedReferee`` each hold
one and add their own side.
"""

from __future__ import annotations

import queue
from typing import Protocol

from chainplus.app.outcomes import Note, Placed
from chainplus.app.panel import SEAT_NAME
from chainplus.app.session import Session
from chainplus.net import protocol as msg
from chainplus.net.client import Joiner
from chainplus.net.link import Events, Gone, LinkEvent, Lost
from chainplus.ui.window.picture import Status
from chainplus.ui.window.referee import Happening, Hold, MoveSource, Player, Reset

#: The longest host error shown (the help box holds three short lines).
ERROR_CHARS = 50
#: How each kind of seat plays, as the help line says it.
KIND_WORD = {"computer": "the host's computer", "human": "at the host",
             "network": "over the network"}


def names(seats: tuple[int, ...] | list[int]) -> str:
    return ", ".join(SEAT_NAME[s] for s in seats)


class Line(Protocol):
    """A window's line to the host of its game: a joiner's ``net.link.Link``, or a hosting
    window's own host (``hosting.HostLine``)."""

    events: Events

    @property
    def where(self) -> str: ...

    def send_move(self, seat: int, square: int, number: int) -> bool: ...

    def drop(self) -> None: ...

    def close(self) -> None: ...


class Remote:
    """The host's game on ``session``'s board, heard on ``line``. ``hosts``: this window is the
    host, and plays its human seats (a joiner plays the seat it was welcomed to)."""

    def __init__(self, line: Line, session: Session, hosts: bool) -> None:
        self.line, self.session = line, session
        self.joiner = Joiner(hosts)  # the game as the host said it, the seats we play
        self.trouble: str | None = None  # the connection's problem, while there is one
        self.gone = False
        self.sent: int | None = None  # the number of our move the host has not answered

    @property
    def seat(self) -> int | None:
        """The seat the host welcomed us to."""
        return self.joiner.seat

    @property
    def watching(self) -> bool:
        """The host let us watch, as a spectator."""
        return self.joiner.watching

    @property
    def state(self) -> msg.GameState | None:
        """The game as the host said it last."""
        return self.joiner.state

    # ---------------------------------------------------------------- the host's events
    def heard(self) -> list[Happening]:
        """The host's events since last asked, up to and with the next move it accepted; when
        more moves wait behind it, up to and with the last of them (catching up: only the
        last one's chain is shown)."""
        heard: list[Happening] = []
        behind = self.line.events.moves - 1  # moves waiting behind the next
        while True:
            try:
                event = self.line.events.get_nowait()
            except queue.Empty:
                return heard
            heard += self.take(event)
            if isinstance(event, msg.Moved):
                behind -= 1
            if heard and isinstance(heard[-1], Placed) and behind < 0:
                return heard  # the rest waits until the move has been shown

    def news(self) -> list[Happening]:
        """The host's events since last asked, up to the next move it accepted, which waits
        to be shown (a window is over the board)."""
        heard: list[Happening] = []
        while (event := self.line.events.get_unless_move()) is not None:
            heard += self.take(event)
        return heard

    def take(self, event: LinkEvent) -> list[Happening]:
        """What one event from the host means for the board."""
        match event:
            case msg.Moved():
                return self.moved(event)
            case msg.GameState():
                return [self.game_state(event)]
            case msg.Welcome(seat=seat):
                back = self.seat is not None
                self.joiner.take(event)
                self.trouble = None
                return [Note("Back in the game." if back else
                             f"Joined {self.line.where}: you are {SEAT_NAME[seat]}.")]
            case msg.Watching():
                back = self.watching
                self.joiner.take(event)
                self.trouble = None
                return [Note("Watching again." if back else f"Watching the game at "
                             f"{self.line.where}.")]
            case msg.TimedOut(seat=seat):
                return [Note(f"{SEAT_NAME[seat]} ran out of time: the computer plays it.",
                             warn=True)]
            case msg.Error(text=text):
                self.sent = None
                return [Note(f"The host says: {text[:ERROR_CHARS]}", warn=True)]
            case Lost():
                self.trouble = "Lost the host: joining again..."
                return [Note(self.trouble, warn=True)]
            case Gone(why=why):
                self.gone, self.trouble = True, why
                if self.state is not None:
                    self.trouble = f"{why} The game stays as it stood."
                return [Note(self.trouble, warn=not self.finished())]
            case msg.Bye(done=False):
                self.trouble = "The host stopped: trying to reach it again..."
                return [Note(self.trouble, warn=True)]
            case _:  # a ping, the host's last goodbye, a message not understood
                return []

    def game_state(self, state: msg.GameState) -> Reset:
        """The whole game as the host has it: on the board, with who joined or left said."""
        before = self.state
        self.joiner.take(state)
        self.session.show_remote(state.game)
        self.sent = None
        if before is not None and before.number != state.number:
            return Reset((Note("A new game." if state.open_ended else
                               f"Game {state.number} of {state.games}."),))
        if before is None:
            return Reset()
        came = [s for s in state.connected if s not in before.connected and s != self.seat]
        left = [s for s in state.waiting if s not in before.waiting]
        notes = [Note(f"{names(came)} joined.")] if came else []
        if left:
            then = "." if state.game.winner is not None else ": the game waits."
            notes.append(Note(f"{names(left)} left{then}"))
        return Reset(tuple(notes))

    def moved(self, move: msg.Moved) -> list[Happening]:
        """A move the host accepted, played on the board (the host's game); when it does not
        follow on from the game here, the whole game is asked for again."""
        shown = self.joiner.moved(move)
        if shown is None:
            self.line.drop()  # join again with the token: the host sends the whole game
            return []
        if move.seat in self.mine():
            self.sent = None
        return [self.session.accepted(shown)]

    def behind(self) -> bool:
        return self.line.events.moves > 0

    # ---------------------------------------------------------------- this window's moves
    def mine(self) -> tuple[int, ...]:
        """The seats played at this window."""
        return self.joiner.mine()

    def finished(self) -> bool:
        """The host's last game is over: nothing more comes."""
        return self.joiner.finished()

    def propose(self, square: int) -> Note | None:
        """Send our move of ``square``: None once it has gone, else why it could not."""
        game = self.session.game
        number = len(game.moves) + 1
        if self.line.send_move(game.to_move or 0, square, number):
            self.sent = number
            return None
        return Note("Not connected to the host: try again in a moment.", warn=True)

    # ---------------------------------------------------------------- the words
    def hold(self, joining: str, waiting: str) -> Hold | None:
        """Why nobody may move: trouble on the line, no game from the host yet (``joining``
        is the help line then), or players still to join (``waiting``)."""
        state, where = self.state, self.line.where
        if self.trouble is not None:
            head = ("Host gone" if state is not None else "Not joined") if self.gone \
                else "Joining"
            return Hold(Status(None, head, where), self.trouble, Note(self.trouble, warn=True),
                        trouble=True)
        if state is None:
            return Hold(Status(None, "Joining", where), joining,
                        Note("Joining the host's game...", warn=True))
        if not state.started and state.game.winner is None:
            return Hold(Status(None, "Waiting for", names(state.waiting)), waiting,
                        Note(f"Waiting for {names(state.waiting)} to join first."))
        return None

    def player(self, seat: int, you_are: str) -> Player:
        """Who plays ``seat``, the seat to move (``you_are``: which seat this window's is, as
        the help line says it, "" where it says nothing)."""
        state, mine, name = self.state, self.mine(), SEAT_NAME[seat]
        if seat in mine:
            head = "Your move" if len(mine) == 1 else "To move"
            words = "Your move: click an empty square or one of yours."
            if self.sent is not None:
                return Player(MoveSource.ELSEWHERE, head, words,
                              Note("Your move has gone to the host."))
            return Player(MoveSource.HUMAN, head, words)
        busy = Note(f"It is {name}'s turn: wait for it.")
        if state is None:
            return Player(MoveSource.ELSEWHERE, "To move", f"{name} to move.", busy)
        if seat in state.waiting:
            return Player(MoveSource.ELSEWHERE, "Waiting for",
                          f"Waiting for {name} to join again. {you_are}".rstrip(), busy)
        kind = state.seats[seat - 1].kind
        head = "Computer thinking" if kind == "computer" else "To move"
        return Player(MoveSource.ELSEWHERE, head,
                      f"{name} to move, {KIND_WORD[kind]}. {you_are}".rstrip(), busy)

    def winner_line(self, winner: int) -> str:
        return "You win!" if self.mine() == (winner,) else f"{SEAT_NAME[winner]} wins!"

    def key(self) -> object:
        """The game on the board and its length, as the host numbers its games."""
        number = self.state.number if self.state is not None else 0
        return number, len(self.session.game.moves)

    def waiting_seats(self) -> frozenset[int]:
        return frozenset(self.state.waiting) if self.state is not None else frozenset()

    def look(self) -> object:
        state = self.state
        return self.seat, self.watching, self.trouble, self.sent, \
            state and (state.connected, state.started)
