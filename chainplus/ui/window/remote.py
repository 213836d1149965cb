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
from chainplus.common.language import N_, _, pgettext
from chainplus.net import protocol as msg
from chainplus.net.client import Joiner
from chainplus.net.link import Events, Gone, LinkEvent, Lost
from chainplus.ui.window.picture import Status
from chainplus.ui.window.referee import Happening, Hold, MoveSource, Player, Reset

#: The longest host error shown (the help box holds three short lines).
ERROR_CHARS = 50
#: How each kind of seat plays, as the help line says it (translated where shown).
KIND_WORD = {
    # Translators: how a seat of a network game is played, in "{seat} to move, {how}." and
    # "{seat}: {how}."
    "computer": N_("the host's computer"),
    # Translators: how a seat of a network game is played (by a person at the host's
    # window), in "{seat} to move, {how}." and "{seat}: {how}."
    "human": N_("at the host"),
    # Translators: how a seat of a network game is played, in "{seat} to move, {how}." and
    # "{seat}: {how}."
    "network": N_("over the network"),
}
#: The host's own reasons on the wire (``net.door``, ``net.host``, ``net.holders``,
#: ``net.hosted_game``) with no numbers in them: the window shows these translated, any other
#: text from a host as it came.
HOST_WORDS = frozenset((
    # Translators: a reason a host sends a joiner, shown after "The host refused:", "The host
    # let us go:" or "The host says:"; lower case, no full stop.
    N_("wrong code"),
    N_("no room for another spectator"),
    N_("this host takes no spectators"),
    N_("there is no free network seat"),
    N_("you have joined already"),
    N_("join first: send hello with the code"),
    N_("a spectator has no seat to move for"),
    N_("too many messages: slow down"),
    N_("too many errors: goodbye"),
    N_("too many connections are waiting to join: try again"),
    N_("the host's next game has no network seat for you"),
    N_("the game is over"),
))


def host_words(text: str) -> str:
    """A text from the host in the window's language when it is one of the host's own known
    reasons (``HOST_WORDS``), else as it came."""
    return _(text) if text in HOST_WORDS else text


def names(seats: tuple[int, ...] | list[int]) -> str:
    """Seats' colours as a list in the help line."""
    return ", ".join(_(SEAT_NAME[s]) for s in seats)


def gone_words(gone: Gone, where: str) -> str:
    """Why the line to the host at ``where`` stopped for good, in the window's words."""
    match gone.stop:
        case "unreachable":
            # Translators: the help box, 3 lines of 22 characters;
            # {where} is the host's address, {error} the system's reason.
            return _("Cannot reach the host at {where}: {error}.").format(where=where,
                                                                         error=gone.detail)
        case "refused":
            # Translators: the help box, 3 lines of 22 characters.
            return _("The host refused: {reason}.").format(reason=host_words(gone.detail))
        case "let go":
            # Translators: the help box, 3 lines of 22 characters.
            return _("The host let us go: {reason}.").format(reason=host_words(gone.detail))
        case "done":
            # Translators: the help box, 3 lines of 22 characters.
            return _("The host has played every game.")
        case _:
            # Translators: the help box, 3 lines of 22 characters.
            return _("The host has gone.")


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
        #: The connection's problem while there is one (worded when shown: ``trouble_words``),
        #: and whether the host's game stood on the board when the host went.
        self.trouble: Lost | Gone | msg.Bye | None = None
        self.stood = False
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
                # Translators: the help box, 3 lines of 22 characters;
                # {where} is the host's address, {seat} a seat's colour.
                return [Note(_("Back in the game.") if back else
                             # Translators: the help box, 3 lines of 22 characters.
                             _("Joined {where}: you are {seat}.").format(
                                 where=self.line.where, seat=_(SEAT_NAME[seat])))]
            case msg.Watching():
                back = self.watching
                self.joiner.take(event)
                self.trouble = None
                # Translators: the help box, 3 lines of 22 characters.
                return [Note(_("Watching again.") if back else
                             # Translators: the help box, 3 lines of 22 characters.
                             _("Watching the game at {where}.").format(where=self.line.where))]
            case msg.TimedOut(seat=seat):
                # Translators: the help box, 3 lines of 22 characters.
                return [Note(_("{seat} ran out of time: the computer plays it.").format(
                    seat=_(SEAT_NAME[seat])), warn=True)]
            case msg.Error(text=text):
                self.sent = None
                # Translators: the help box, 3 lines of 22 characters;
                # {reason} is the host's reason, cut to 50 characters.
                return [Note(_("The host says: {reason}").format(
                    reason=host_words(text)[:ERROR_CHARS]), warn=True)]
            case Lost():
                self.trouble = event
                return [Note(self.trouble_words(), warn=True)]
            case Gone():
                self.gone, self.trouble, self.stood = True, event, self.state is not None
                return [Note(self.trouble_words(), warn=not self.finished())]
            case msg.Bye(done=False):
                self.trouble = event
                return [Note(self.trouble_words(), warn=True)]
            case _:  # a ping, the host's last goodbye, a message not understood
                return []

    def trouble_words(self) -> str:
        """The connection's problem in the window's words ("" while there is none)."""
        match self.trouble:
            case None:
                return ""
            case Lost():
                # Translators: the help box, 3 lines of 22 characters.
                return _("Lost the host: joining again...")
            case Gone() as gone:
                why = gone_words(gone, self.line.where)
                if not self.stood:
                    return why
                # Translators: the help box, 3 lines of 22 characters;
                # {why} is a sentence on why the host's game stopped.
                return _("{why} The game stays as it stood.").format(why=why)
            case _:
                # Translators: the help box, 3 lines of 22 characters.
                return _("The host stopped: trying to reach it again...")

    def game_state(self, state: msg.GameState) -> Reset:
        """The whole game as the host has it: on the board, with who joined or left said."""
        before = self.state
        self.joiner.take(state)
        self.session.show_remote(state.game)
        self.sent = None
        if before is not None and before.number != state.number:
            # Translators: the help box, 3 lines of 22 characters.
            return Reset((Note(_("A new game.") if state.open_ended else
                               # Translators: the help box, 3 lines of 22 characters.
                               _("Game {number} of {games}.").format(number=state.number,
                                                                    games=state.games)),))
        if before is None:
            return Reset()
        came = [s for s in state.connected if s not in before.connected and s != self.seat]
        left = [s for s in state.waiting if s not in before.waiting]
        # Translators: the help box, 3 lines of 22 characters;
        # {seats} is one seat's colour or a list of them (Red, Blue).
        notes = [Note(_("{seats} joined.").format(seats=names(came)))] if came else []
        if left:
            # Translators: the help box, 3 lines of 22 characters;
            # {seats} is one seat's colour or a list of them (Red, Blue).
            notes.append(Note(_("{seats} left.").format(seats=names(left))
                              if state.game.winner is not None else
                              # Translators: the help box, 3 lines of 22 characters.
                              _("{seats} left: the game waits.").format(seats=names(left))))
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
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("Not connected to the host: try again in a moment."), warn=True)

    # ---------------------------------------------------------------- the words
    def hold(self, joining: str, waiting: str) -> Hold | None:
        """Why nobody may move: trouble on the line, no game from the host yet (``joining``
        is the help line then), or players still to join (``waiting``)."""
        state, where = self.state, self.line.where
        if self.trouble is not None:
            # Translators: the turn box's heading (fits 22 characters), over the host's address.
            head = (_("Host gone") if state is not None else _("Not joined")) if self.gone \
                else _("Joining")
            words = self.trouble_words()
            return Hold(Status(None, head, where), words, Note(words, warn=True), trouble=True)
        if state is None:
            return Hold(Status(None, _("Joining"), where), joining,
                        # Translators: the help box, 3 lines of 22 characters.
                        Note(_("Joining the host's game..."), warn=True))
        if not state.started and state.game.winner is None:
            # Translators: the turn box's heading (fits 22 characters), over the list of seats
            # still to join.
            return Hold(Status(None, pgettext("turn box: over seats", "Waiting for"),
                               names(state.waiting)), waiting,
                        # Translators: the help box, 3 lines of 22 characters.
                        Note(_("Waiting for {seats} to join first.").format(
                            seats=names(state.waiting))))
        return None

    def player(self, seat: int, you_are: str) -> Player:
        """Who plays ``seat``, the seat to move (``you_are``: which seat this window's is, as
        the help line says it, "" where it says nothing)."""
        state, mine, name = self.state, self.mine(), _(SEAT_NAME[seat])
        if seat in mine:
            # Translators: the turn box's heading (fits 22 characters).
            head = _("Your move") if len(mine) == 1 else _("To move")
            # Translators: the help box, 3 lines of 22 characters.
            words = _("Your move: click an empty square or one of yours.")
            if self.sent is not None:
                return Player(MoveSource.ELSEWHERE, head, words,
                              # Translators: the help box, 3 lines of 22 characters.
                              Note(_("Your move has gone to the host.")))
            return Player(MoveSource.HUMAN, head, words)
        # Translators: the help box, 3 lines of 22 characters.
        busy = Note(_("It is {seat}'s turn: wait for it.").format(seat=name))
        if state is None:
            return Player(MoveSource.ELSEWHERE, _("To move"),
                          # Translators: the help box, 3 lines of 22 characters.
                          _("{seat} to move.").format(seat=name), busy)
        if seat in state.waiting:
            return Player(MoveSource.ELSEWHERE, pgettext("turn box: over seats", "Waiting for"),
                          # Translators: the help box, 3 lines of 22 characters;
                          # {you_are} is "You are Red. ", "You are watching. " or
                          # empty.
                          _("Waiting for {seat} to join again. {you_are}").format(
                              seat=name, you_are=you_are).rstrip(), busy)
        kind = state.seats[seat - 1].kind
        # Translators: the turn box's heading (fits 22 characters).
        head = _("Computer thinking") if kind == "computer" else _("To move")
        return Player(MoveSource.ELSEWHERE, head,
                      # Translators: the help box, 3 lines of 22 characters; {how} says who
                      # plays the seat (the host's computer ...); {you_are} is "You are Red. ",
                      # "You are watching. " or empty.
                      _("{seat} to move, {how}. {you_are}").format(
                          seat=name, how=_(KIND_WORD[kind]), you_are=you_are).rstrip(), busy)

    def winner_line(self, winner: int) -> str:
        if self.mine() == (winner,):
            return _("You win!")
        return _("{seat} wins!").format(seat=_(SEAT_NAME[winner]))

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
