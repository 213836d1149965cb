"""A window that hosts: a game with network seats is played through a ``net.host.Host`` that
runs in the window's process, so joiners on other machines take those seats.

The host is the authority here too: the window shows its own game as the host tells it,
through ``HostLine``, the same messages its joiners read, so the two can never disagree.
``HostingMode`` is the joined window's mode with the host's side added: the window's human
seats play by clicks that go to the host; the panel stays the window's own, and a seat passed
there between human, computer and network (one nobody came back to handed to the computer)
passes at the host at once; New and Play on start the host's next game, or stop hosting when
the next game has no network seats. The title bar and the help line say where others join
and the code they need; a free network seat's row says it waits.
"""

from __future__ import annotations

import errno
import queue
import threading
from collections.abc import Callable
from typing import Any

from chainplus.app.panel import SEAT_NAME, hosted
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Note, Session
from chainplus.app.settings import Speed
from chainplus.core.game import Game
from chainplus.core.rules import SEATS
from chainplus.net import protocol as msg
from chainplus.net.address import own_addresses, shown
from chainplus.net.host import Host
from chainplus.net.hosted_game import HostConfig, new_code
from chainplus.net.link import LinkEvent
from chainplus.ui.art import font
from chainplus.ui.art.theme import TITLE_BAR
from chainplus.ui.window.chain import wave_timing
from chainplus.ui.window.controls import Effect
from chainplus.ui.window.joined import JoinedMode
from chainplus.ui.window.mode import Mode
from chainplus.ui.window.modes import THINK_PAUSE, PlayMode, ask_hint, show_hint, think_budget
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Cell, Target


def host_seats(session: Session) -> tuple[SeatSpec, ...]:
    """The seats of the game on the board as its host plays them (the panel's players)."""
    panel, game = session.panel, session.game
    return tuple(SeatSpec(panel[s].plays_as if s in game.seats else "off", panel[s].level,
                          panel[s].random_pct) for s in SEATS)


class HostLine:
    """A hosting window's line to its own host, shaped like a joiner's ``net.link.Link``."""

    def __init__(self, host: Host, wake: Callable[[], None]) -> None:
        self.host = host
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self._wake = wake
        self.addresses = [host.address[0]]  # until the machine's own are looked up

    @property
    def where(self) -> str:
        """Where others may join: the machine's first two addresses and the port."""
        port = self.host.address[1]
        return " or ".join(shown(address, port) for address in self.addresses[:2])

    @property
    def first(self) -> str:
        return shown(self.addresses[0], self.host.address[1])

    def start(self) -> None:
        """Hear the host from now on, and look up where others may reach it."""
        threading.Thread(target=self._look_up, name="chainplus-addresses", daemon=True).start()
        self.host.subscribe(self._heard)

    def _look_up(self) -> None:
        self.addresses = own_addresses(self.host.config.listen)
        self._wake()

    def _heard(self, data: dict[str, Any]) -> None:
        try:
            event: LinkEvent = msg.host_message(data)
        except (ValueError, TypeError, KeyError) as exc:
            event = msg.BadMessage(str(exc))
        self.events.put(event)
        self._wake()

    def send_move(self, seat: int, square: int, number: int) -> bool:
        self.host.play(seat, square)
        return True

    def drop(self) -> None:
        self.host.resend()

    def close(self) -> None:
        self.host.stop()


def pace(speed: Speed) -> Callable[[int], float]:
    """How long this window shows a move at ``speed``, and then pauses, as for a computer
    move here: the host's computer seats play no sooner, so their moves never cut a chain."""
    def shown_for(waves: int) -> float:
        place, each = wave_timing(speed, waves)
        return (place + waves * each if waves else 0.0) + THINK_PAUSE[speed]
    return shown_for


def start_host(table: Table) -> HostLine | str:
    """Host the game on the board: the line to its host, or why it cannot listen (one line).
    The port is ``Options.port``, else 4770, else any free one."""
    session = table.session
    options = session.options.network
    if session.host_code is None:
        session.host_code = new_code()
    ports = (options.port,) if options.port is not None else (msg.DEFAULT_PORT, 0)
    why = ""
    for port in ports:
        config = HostConfig(host_seats(session), session.game.rules, games=0,
                            code=session.host_code, listen=options.listen, port=port,
                            resume=session.game,
                            budget=table.budget or think_budget(session.speed),
                            answer_after=pace(session.speed))
        host = Host(config)
        try:
            host.start()
        except OSError as exc:
            why = "the port is taken" if exc.errno == errno.EADDRINUSE else \
                str(exc.strerror or exc)[:40]
            continue
        session.autosave()  # with the code, so a restarted window hosts it again
        line = HostLine(host, table.wake)
        line.start()
        return line
    return f"Cannot host: {why}."


def hosting_mode(table: Table, mode: Mode) -> Mode:
    """``mode``, or, when it is a game with network seats to play, the mode that hosts it (or,
    when the window cannot listen, the same game with its network seats played here)."""
    session = table.session
    if type(mode) is not PlayMode or not session.hosted:
        return mode
    line = start_host(table)
    if isinstance(line, HostLine):
        return HostingMode(table, line)
    for seat in session.game.seats:
        row = session.panel[seat]
        if row.plays_as == "network":
            row.kind = row.plays_as = "human"
    table.say(Note(f"{line} The network seats play here.", warn=True))
    return mode


class HostingMode(JoinedMode):
    """The hosted game on the board; the window's human seats play by clicks."""

    name = "hosting"
    wakes_on_idle = False  # joiners may be mid-game: a kiosk shows no demonstration

    def __init__(self, table: Table, line: HostLine) -> None:
        super().__init__(table, line)
        self.line = line
        table.session.hosting = True
        table.hang_up = self.close  # the window closing stops its host
        self.over_since: float | None = None  # when the game on the board ended
        self.asked: Game | None = None  # the game the host was asked to play next
        self.paced = table.session.speed  # the speed the host's computer seats wait for

    def mine(self) -> tuple[int, ...]:
        state = self.state
        if state is None:
            return ()
        return tuple(s for s in state.game.seats if state.kinds[s - 1] == "human")

    def show_seats(self, state: msg.GameState) -> None:
        """The panel is the window's own: the host follows it (``send_seats``)."""

    def played(self, won: bool) -> None:
        self.session.moved(won)  # saved at once, as a move made here is, and kept when won

    def game_state(self, state: msg.GameState) -> None:
        super().game_state(state)
        self.session.autosave()  # the game as the host has it (a new game, a seat handed over)

    def winner_line(self) -> str:
        return f"{super().winner_line()} {self.table.policy.after_win()}"

    # ---------------------------------------------------------------- the host's player
    def tick(self, now: float) -> Mode:
        show_hint(self.table)
        if self.session.speed != self.paced:  # the Speed icon: the host paces its computer
            self.paced = self.session.speed
            self.line.host.set_answer_after(pace(self.paced))
        after = super().tick(now)
        due = self.table.policy.next_game_after
        if after is self and due is not None and self.over_for(now) >= due:
            self.table.say(self.session.new_game())  # a kiosk starts the next game itself
            return self.follow(Effect.RESTART)
        return after

    def over_for(self, now: float) -> float:
        """How long the game has been over (0 while it is not)."""
        if self.session.game.winner is None:
            self.over_since = None
        elif self.over_since is None:
            self.over_since = now
        return 0.0 if self.over_since is None else now - self.over_since

    def click(self, target: Target | None, button: int) -> Mode:
        if isinstance(target, Cell):
            after = Mode.click(self, target, button)
            self.send_seats()
            return after
        return super().click(target, button)

    def send_seats(self) -> None:
        """Tell the host who now plays each seat of the game under way, as the panel says."""
        state, game = self.state, self.session.game
        if state is None or game.winner is not None or state.game is not game:
            return
        for seat, plan in zip(SEATS, host_seats(self.session), strict=True):
            was = (state.kinds[seat - 1], state.levels[seat - 1], state.randoms[seat - 1])
            if seat in game.seats and (plan.kind, plan.level, plan.random_pct) != was:
                self.line.host.set_seat(seat, plan)

    def follow(self, effect: Effect) -> Mode:
        """New or Play on: the host's next game, or no more hosting when it has no network
        seats. A hint for the human to move, as in any game."""
        session = self.session
        if effect is Effect.HINT and self.human_to_move():
            ask_hint(self.table)
            return self
        if effect is not Effect.RESTART or session.game is self.hosting_game():
            return Mode.follow(self, effect)  # Undo refused: the game is the host's still
        if not hosted(session.panel, session.game):
            self.close()
            self.table.say(Note("No network seats in this game: hosting has stopped."))
            return PlayMode(self.table)
        self.state, self.asked = None, session.game  # until the host tells the new game
        self.line.host.new_game(session.game, host_seats(session))
        return self

    def hosting_game(self) -> Game | None:
        """The game the host plays: as it told us, or the one asked for that it has not yet."""
        return self.state.game if self.state is not None else self.asked

    def close(self) -> None:
        """Stop hosting (a game with no network seats next, or the window closing)."""
        self.session.hosting = False
        self.table.hang_up = lambda: None
        self.line.close()

    # ---------------------------------------------------------------- what is shown
    def title(self) -> str:
        """Where others join and the code, as much of it as the title bar holds."""
        code, first = self.line.host.code, self.line.first
        for text in (f"Chain Reaction - hosting at {self.line.where}, code {code}",
                     f"Hosting at {self.line.where}, code {code}",
                     f"Hosting at {first}, code {code}"):
            if font.size(text)[0] <= TITLE_BAR.w - 2 * font.size(" ")[0]:
                break
        return text

    def you_are(self) -> str:
        return ""  # the window's seats are the panel's humans

    def look(self) -> object:
        return super().look(), self.line.where

    def default_help(self) -> str:
        state = self.state
        if state is None:
            return "Starting the network game..."
        if state.game.winner is not None:
            return self.winner_line()
        if not state.started and state.game.winner is None:
            return f"Join with code {self.line.host.code} at {self.line.first}."
        return super().default_help()

    def own_help(self, target: Target | None) -> str | None:
        """Over a network seat's row: who holds it, and how to hand it over; the rest of the
        panel is the window's own, with its usual help."""
        state = self.state
        if isinstance(target, Cell):
            if state is None or state.kinds[target.seat - 1] != "network":
                return None
            held = "joined" if target.seat in state.connected else "free"
            return f"{SEAT_NAME[target.seat]}: network seat, {held}. Adjust: a computer plays it."
        return super().own_help(target)
