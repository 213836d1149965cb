"""A window that hosts: a game with network seats is played through a ``net.host.Host`` that
runs in the window's process, so joiners on other machines take those seats.

The host is the authority here too: the window shows its own game as the host tells it,
through ``HostLine``, the same messages its joiners read, so the two can never disagree
(``HostedReferee``, with a ``remote.Remote`` as a joined window has). The panel stays the
window's own; a seat changed there passes to the host at once. ``referee_for`` decides to
host whenever the game seats a network player.
"""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from dataclasses import replace

from chainplus.app.outcomes import Note
from chainplus.app.panel import SEAT_NAME, hosted
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.core.rules import SEATS
from chainplus.net import protocol as msg
from chainplus.net.address import own_addresses, shown
from chainplus.net.host import Host
from chainplus.net.hosted_game import SPECTATORS, HostConfig, new_code
from chainplus.net.link import Events
from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.art.widgets import fitting_title
from chainplus.ui.window.local import LocalReferee
from chainplus.ui.window.referee import Happening, Hold, Player, Referee, Won, reset_among
from chainplus.ui.window.remote import Remote
from chainplus.ui.window.table import Table
from chainplus.ui.window.turn import THINK_PAUSE, think_budget


def host_seats(session: Session) -> tuple[SeatSpec, ...]:
    """The seats of the game on the board as its host plays them (the panel's players)."""
    panel, game = session.panel, session.game
    return tuple(replace(panel[s].spec, kind=panel[s].plays_as if s in game.seats else "off")
                 for s in SEATS)


class HostLine:
    """A hosting window's line to its own host, shaped like a joiner's ``net.link.Link``."""

    def __init__(self, host: Host, wake: Callable[[], None]) -> None:
        self.host = host
        self.events = Events()
        self._wake = wake
        self.addresses = [host.address[0]]  # until the machine's own are looked up

    @property
    def where(self) -> str:
        """Where others may join: the machine's first two addresses and the port."""
        port = self.host.address[1]
        places = [shown(address, port) for address in self.addresses[:2]]
        if len(places) < 2:
            return "".join(places)
        # Translators: two addresses (host:port) where others may join a hosted game.
        return _("{first} or {second}").format(first=places[0], second=places[1])

    @property
    def first(self) -> str:
        return shown(self.addresses[0], self.host.address[1])

    @property
    def local_only(self) -> bool:
        """Whether only this computer may join."""
        return self.host.config.listen in ("127.0.0.1", "::1", "localhost")

    def start(self) -> None:
        """Hear the host from now on, and look up where others may reach it."""
        threading.Thread(target=self._look_up, name="chainplus-addresses", daemon=True).start()
        self.host.follow(self.events, self._wake)

    def _look_up(self) -> None:
        self.addresses = own_addresses(self.host.config.listen)
        self._wake()

    def send_move(self, seat: int, square: int, number: int) -> bool:
        self.host.play(seat, square)
        return True

    def drop(self) -> None:
        self.host.resend()

    def close(self) -> None:
        self.host.stop()


def start_host(table: Table) -> HostLine | str:
    """Host the game on the board: the line to its host, or why it cannot listen (one line).
    The port is ``Options.port``, else 4770, else any free one."""
    session = table.session
    options = session.options.network
    # a new code each time (unless --code chose one): a window started again knows no tokens,
    # so an old code would seat whoever came first
    code = options.host_code or new_code()
    ports = (options.port,) if options.port is not None else (msg.DEFAULT_PORT, 0)
    why = ""
    for port in ports:
        config = HostConfig(host_seats(session), session.game.rules, games=0,
                            code=code, listen=session.listen, port=port,
                            resume=session.game,
                            budget=table.budget or think_budget(session.speed),
                            pause=THINK_PAUSE[session.speed], shown=True,
                            spectators=SPECTATORS if options.spectators is None
                            else options.spectators)
        host = Host(config, network=table.services.network)
        try:
            host.start()
        except OSError as exc:
            why = _("the port is taken") if exc.errno == errno.EADDRINUSE else \
                str(exc.strerror or exc)[:40]
            continue
        session.host(code)
        line = HostLine(host, table.services.wake)
        line.start()
        return line
    # Translators: {why} is the reason, lower case (the port is taken, or the system's words).
    return _("Cannot host: {why}.").format(why=why)


def referee_for(table: Table) -> Referee:
    """The referee of the window's own game on ``table``: its session, or, when the game has
    network seats to play, its own host (or, when the window cannot listen, the session with
    the network seats played here)."""
    session = table.session
    if not session.hosted:
        return LocalReferee(table)
    line = start_host(table)
    if isinstance(line, HostLine):
        return HostedReferee(table, line)
    session.network_seats_play_here()
    # Translators: {why} is the sentence "Cannot host: ...".
    table.say(Note(_("{why} The network seats play here.").format(why=line), warn=True))
    return LocalReferee(table)


class HostedReferee(Referee):
    """The window's own host (on ``line``) referees the game on the table's board; the window
    plays the host's human seats."""

    def __init__(self, table: Table, line: HostLine) -> None:
        self.table, self.line = table, line
        self.session = session = table.session
        self.remote = Remote(line, session, hosts=True)
        self.asked: Game | None = None  # the game the host was asked to play next
        self.paced = session.speed  # the speed the host's computer seats wait for

    def player(self, seat: int) -> Player:
        return self.remote.player(seat, "")  # the window's seats are the panel's humans

    def hold(self) -> Hold | None:
        code, first = self.line.host.code, self.line.first
        # Translators: the help line while a hosted game waits; {code} is the join code,
        # {where} the address (host:port).
        waiting = _("Code {code} at {where} (this computer only).") if self.line.local_only \
            else _("Code {code} at {where}.")
        # Translators: the help box, 3 lines of 22 characters.
        return self.remote.hold(_("Starting the network game..."),
                                waiting.format(code=code, where=first))

    def propose(self, square: int) -> Note | None:
        return self.remote.propose(square)

    def shown(self) -> None:
        """The move heard last is shown whole: the host's computer may answer it after the
        window's usual pause (so its moves never cut a chain)."""
        self.line.host.shown(len(self.session.game.moves))

    def heard(self) -> list[Happening]:
        if self.session.speed != self.paced:  # the Speed icon: the host paces its computer
            self.paced = self.session.speed
            self.line.host.set_pause(THINK_PAUSE[self.paced])
        return self.saved(self.remote.heard())

    def news(self) -> list[Happening]:
        return self.saved(self.remote.news())

    def saved(self, heard: list[Happening]) -> list[Happening]:
        """``heard``, autosaved when a whole game came among it."""
        if reset_among(heard):
            self.session.autosave()  # the game as the host has it (a new game, a seat handed)
        return heard

    def behind(self) -> bool:
        return self.remote.behind()

    def restart(self) -> Referee | None:
        """New or Play on: the host's next game, or no more hosting when it has no network
        seats (Undo changes nothing: the moves are the host's)."""
        session = self.session
        if session.game is self.hosting_game():
            return self
        if not hosted(session.panel, session.game):
            self.close()
            # Translators: the help box, 3 lines of 22 characters.
            self.table.say(Note(_("No network seats in this game: hosting has stopped.")))
            return None
        self.remote.joiner.state, self.asked = None, session.game  # till the host tells it
        self.line.host.new_game(session.game, host_seats(session))
        return self

    def hosting_game(self) -> Game | None:
        """The game the host plays: as it told us, or the one asked for that it has not yet."""
        state = self.remote.state
        return state.game if state is not None else self.asked

    def won(self, winner: int) -> Won:
        line = self.remote.winner_line(winner) + " " + self.table.policy.after_win()
        return Won(self.remote.key(), line, line)

    def title(self, room: int = TITLE_ROOM) -> str:
        """Where others join and the code, as much of it as the title bar holds."""
        code, first, where = self.line.host.code, self.line.first, self.line.where
        # Translators: the title bar of a hosting window, the longest first; the first that
        # fits is shown. {where} is one or two addresses (host:port), {code} the join code.
        wordings = (_("Chain Reaction - hosting at {where}, code {code}"),
                    _("Hosting at {where}, code {code}"), _("Hosting at {first}, code {code}"),
                    # Translators: the shortest title bar of a hosting window.
                    _("{first}, code {code}"))
        return fitting_title((words.format(where=where, first=first, code=code)
                              for words in wordings), room)

    def waiting_seats(self) -> frozenset[int]:
        return self.remote.waiting_seats()

    def seat_help(self, seat: int) -> str | None:
        """Over a network seat's row: who holds it, and how to hand it over; the rest of the
        panel is the window's own, with its usual help."""
        state = self.remote.state
        if state is None or state.seats[seat - 1].kind != "network":
            return None
        name = _(SEAT_NAME[seat])
        if seat in state.connected:
            # Translators: the help box, 3 lines of 22 characters;
            # the help line over a hosted game's network seat; {seat} is its
            # colour (Red ...).
            return _("{seat}: network seat, joined. Adjust: a computer plays it.").format(
                seat=name)
        # Translators: the help box, 3 lines of 22 characters.
        return _("{seat}: network seat, free. Adjust: a computer plays it.").format(seat=name)

    def seats_changed(self) -> None:
        """Tell the host who now plays each seat of the game under way, as the panel says."""
        state, game = self.remote.state, self.session.game
        if state is None or game.winner is not None or state.game is not game:
            return
        for seat, plan, was in zip(SEATS, host_seats(self.session), state.seats, strict=True):
            if seat in game.seats and plan != was:
                self.line.host.set_seat(seat, plan)

    def look(self) -> object:
        return self.remote.look(), self.line.where

    def close(self) -> None:
        """Stop hosting (a game with no network seats next, or the window closing)."""
        self.session.stop_hosting()
        self.line.close()
