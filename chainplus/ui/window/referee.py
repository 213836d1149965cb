"""The authority over the game on the board (``Referee``), as the board's controller sees it.

Whoever plays a seat, a move reaches the board one way: the controller asks the referee to play
a square, and the referee hands back the move it accepted (``Placed``), at once or later among
what it has ``heard``. The window's own game is refereed by its session (``local``), a network
game by its host at the end of a line (``remote``). The referee also says who plays each seat
(``Player``), why nobody may move now (``Hold``), and the rest it says to the player (``Words``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.core.game import Game
from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.window.picture import Status


class MoveSource(Enum):
    """Where the move of a seat comes from."""

    HUMAN = "human"  # the person at this window clicks it
    COMPUTER = "computer"  # this window's computer thinks it out (the worker)
    ELSEWHERE = "elsewhere"  # the referee hands it over: a player over the network, a host


@dataclass(frozen=True)
class Player:
    """Who plays the seat to move: where its move comes from, the turn box's heading and the
    help line while it is its turn, and what a click on the board says meanwhile when the
    click is not its move (None: a human here, whose click it is)."""

    source: MoveSource
    head: str
    help: str
    busy: Note | None = None


@dataclass(frozen=True)
class Hold:
    """Why nobody may move now (joining a host, waiting for players to join, the host lost):
    the turn box, the help line, and what a click on the board says. ``trouble``: the line to
    the host is in trouble, which the help line says over the board too, whatever it shows."""

    status: Status
    help: str
    click: Note
    trouble: bool = False


@dataclass(frozen=True)
class Won:
    """The game on the board is won: the line that says so (once, with a sound), and the help
    line after it. ``key`` names the game and its length: a game the referee puts on the board
    again (a host resending it) is not announced twice."""

    key: object
    line: str
    help: str


@dataclass(frozen=True)
class Reset:
    """The referee put a whole game on the board (a host's game as it stands, a new game):
    the board shows it as it is, with ``notes`` said (who joined or left)."""

    notes: tuple[Note, ...] = field(default=())


#: What a referee has heard: a move it accepted (already on the board), a whole game, a line
#: to say.
Happening = Placed | Reset | Note


def reset_among(heard: Iterable[Happening]) -> bool:
    """Whether the referee put a whole game on the board among what it has ``heard``."""
    return any(isinstance(happening, Reset) for happening in heard)


class Words(Protocol):
    """What a referee says to the player besides the moves, and its say on the panel. A
    referee that subclasses ``Referee`` has the defaults, the window's own game's: the game's
    name in the title bar, no seat waiting for a player, the panel the window's own, nothing
    that changes by itself; it writes only the winner's words and what differs."""

    def won(self, winner: int) -> Won:
        """The words for the game on the board won by ``winner``."""

    def title(self, room: int = TITLE_ROOM) -> str | None:
        """The title bar's words, when not the game's name (where a network game is), at
        most ``room`` pixels wide where a shorter wording says it."""
        return None

    def waiting_seats(self) -> frozenset[int]:
        """The network seats the game waits for someone to join (the panel marks them)."""
        return frozenset()

    def seat_help(self, seat: int) -> str | None:
        """The help line over ``seat``'s row of the panel, when the referee has its own."""
        return None

    def panel_click(self) -> Note | None:
        """What a click on the panel says instead of changing a seat (a host's seats are the
        host's), or None: the panel is the window's own (``seats_changed`` follows it)."""
        return None

    def seats_changed(self) -> None:
        """The panel changed who plays a seat: a seat's player is asked afresh each turn."""
        return None

    def look(self) -> object:
        """What the referee shows that changes by itself: when it changes, the screen is
        drawn again."""
        return None

    def due_at(self) -> float | None:
        """When the referee next has news by itself (a puzzle's answer), or None."""
        return None

    def hint(self) -> int | None:
        """The referee's own hint for the human to move (a puzzle's winning square), or None:
        the window's computer looks for one."""
        return None


class Referee(Words, Protocol):
    """The authority over the game on the board: who moves, the moves it accepts and hears,
    and what it says to the player (``Words``)."""

    def player(self, seat: int) -> Player:
        """Who plays ``seat`` (the seat to move) now."""

    def hold(self) -> Hold | None:
        """Why nobody may move now, or None."""

    def propose(self, square: int) -> Placed | Refused | Note | None:
        """Play ``square`` for the seat to move (the controller has checked it is legal): the
        move accepted now, the square refused, a line saying why it could not go, or None
        when it has gone to the authority (its answer comes among what is ``heard``)."""

    def heard(self) -> list[Happening]:
        """What the authority has said since last asked, up to and with the next move it
        accepted (a move ends the list: the next waits until it has been shown), or the last
        of the moves waiting (catching up: only the last one's chain is shown)."""

    def news(self) -> list[Happening]:
        """While a window is over the board: what the authority has said that needs no
        showing (a whole game, a line to say), up to the next move it accepted, which waits.
        Nothing by default: the window's own game waits whole under a window."""
        return []

    def shown(self) -> None:
        """The move accepted last has been shown whole (its chain over)."""

    def behind(self) -> bool:
        """Whether another accepted move waits: a chain on show is finished at once."""

    def restart(self) -> Referee | None:
        """The window changed the game on the board (New, Undo, Play on, a kiosk's next game):
        the referee of it from now on (this one, or None: the window seats it afresh). It says
        what became of it."""

    def close(self) -> None:
        """Stop: the board is played another way from now on, or the window closes."""


def source(game: Game, referee: Referee) -> MoveSource | None:
    """Where the move of ``game``'s seat to move comes from, as ``referee`` says (None:
    nobody may move now)."""
    if game.to_move is None or game.winner is not None or referee.hold() is not None:
        return None
    return referee.player(game.to_move).source
