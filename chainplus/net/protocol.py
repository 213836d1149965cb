"""The network protocol: what a host and its joiners say to each other, and the strict parsers
that read it.

Every message is one JSON object on one line (UTF-8, ending ``\\n``). A joiner's lines are at
most ``MAX_CLIENT_LINE`` bytes; a host's (which carry whole game records) at most
``MAX_HOST_LINE``. Moves are ``[row, col]`` as in game records, and games travel as game
records (``core.records``), so a joiner replays exactly what the host played.

A joiner sends::

    {"hello": "chainplus", "version": 1, "code": "K7QX2M"}      first line: join a free seat
        (optional "seat": 2 to ask for that network seat, "token": "..." to take back the
        seat the host gave that token for, even from a connection that still holds it;
        "watch": true to watch the game without a seat, as a spectator)
    {"move": [row, col]}                  place for my seat (optional "seat": my seat, and
        "number": the move's number in the game, 1-based, so a stale move is refused)
    {"pong": n}                           the answer to the host's {"ping": n}
    {"leave": true}                       I am done: my seat is free for anyone at once (a
        joiner that drops keeps its seat for the grace; one that leaves does not)

The host sends::

    {"welcome": "chainplus", "version": 1, "seat": 2, "token": "..."}   the seat you hold,
        and the token that takes it back after a dropped connection
    {"watching": "chainplus", "version": 1}   you watch as a spectator: no seat, no move
    {"game": {"number": 1, "games": 1, "record": {...}, "kinds": ["network", "computer",
        "off", "off"], "levels": [2, 5, 2, 2], "random": [10, 10, 10, 10],
        "connected": [2], "waiting": [3], "started": true}}
        the whole game: on joining, at each game's start and end, and whenever who is
        connected or who plays a seat changes; "kinds", "levels" and "random" (a computer
        seat's level and random %) are seats 1-4, "waiting" the network seats nobody holds;
        "games": 0 when a window hosts, which starts each next game when its player asks
    {"moved": [row, col], "seat": 1, "number": 7}    the host accepted move number 7
    {"ping": n}                           answer with {"pong": n}, or be dropped as gone
    {"error": "one line"}                 what was wrong with your last line (to you alone);
        before a welcome, with "retry": seconds when refused only for now (try again then);
        after one, with "final": true when let go for good (the seat is another's now)
    {"timed_out": 2, "level": 2, "seconds": 120}   seat 2 ran out of its time for a move:
        the host's computer plays it from now on, at that level
    {"bye": "why", "done": true}          the host is closing; done: every game was played

Anything else is a ``BadMessage`` with a one-line reason: the parsers never raise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from chainplus.app.seats import SEAT_KINDS, SeatSpec
from chainplus.core.game import Game
from chainplus.core.records import RecordError, game_from_data, record_of
from chainplus.core.rules import SEATS, row_col, short
from chainplus.net.fields import (
    any_text,
    per_seat,
    retry_seconds,
    seat_list,
    short_text,
    square,
    whole,
)
from chainplus.net.framing import MAX_CLIENT_LINE, MAX_HOST_LINE, decode_line
from chainplus.net.framing import BadMessage as BadMessage  # a message's, and a line's

NAME = "chainplus"
VERSION = 1
#: The port a host listens on unless told otherwise.
DEFAULT_PORT = 4770


# ------------------------------------------------------------------------ joiner to host
@dataclass(frozen=True)
class Hello:
    """Join: the code, and optionally the seat wanted or the token of a seat held before."""

    code: str
    seat: int | None = None
    token: str | None = None
    watch: bool = False  # a spectator: the game without a seat


@dataclass(frozen=True)
class Move:
    """Place on ``square`` for my seat (``seat`` and ``number`` are checks when given)."""

    square: int
    seat: int | None = None
    number: int | None = None


@dataclass(frozen=True)
class Pong:
    """The answer to a ping."""

    number: int


@dataclass(frozen=True)
class Leave:
    """I am done: my seat is free for anyone at once."""


# ------------------------------------------------------------------------ host to joiner
@dataclass(frozen=True)
class Welcome:
    """You hold ``seat``; ``token`` takes it back after a dropped connection."""

    seat: int
    token: str


@dataclass(frozen=True)
class Watching:
    """You watch the game as a spectator: no seat, and no move of yours is taken."""


@dataclass(frozen=True, eq=False)
class GameState:
    """The whole game as the host has it."""

    number: int
    games: int
    game: Game
    seats: tuple[SeatSpec, ...]  # who plays seats 1-4, and a computer seat's level and random %
    connected: tuple[int, ...]
    waiting: tuple[int, ...]
    started: bool

    @property
    def open_ended(self) -> bool:
        """A window hosts: it starts each next game when its player asks."""
        return self.games == 0

    @property
    def last(self) -> bool:
        """The game is the last the host plays."""
        return not self.open_ended and self.number >= self.games


@dataclass(frozen=True)
class Moved:
    """The host accepted move ``number`` (1-based): ``seat`` placed on ``square``."""

    square: int
    seat: int
    number: int


@dataclass(frozen=True)
class Ping:
    number: int


@dataclass(frozen=True)
class Error:
    """What the host found wrong with a line of ours. Before a welcome: why it refused us, and
    ``retry`` seconds when only for now. After one, ``final``: the host has let us go, so
    joining again with the token is pointless."""

    text: str
    retry: float | None = None
    final: bool = False


@dataclass(frozen=True)
class TimedOut:
    """Seat ``seat`` ran out of its ``seconds`` for a move: the host's computer plays it from
    now on, at ``level``."""

    seat: int
    level: int
    seconds: int

    @property
    def text(self) -> str:
        return (f"seat {self.seat} ran out of time ({self.seconds} s a move): the computer "
                f"plays it now, at level {self.level}")


@dataclass(frozen=True)
class Bye:
    """The host is closing; ``done`` when every game it meant to play was played."""

    reason: str
    done: bool


ClientMessage = Hello | Move | Pong | Leave
HostMessage = Welcome | Watching | GameState | Moved | Ping | Error | TimedOut | Bye


# ------------------------------------------------------------------------ writing
def encode(message: dict[str, Any]) -> bytes:
    """One message as its line."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def hello(code: str, seat: int | None = None, token: str | None = None,
          watch: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {"hello": NAME, "version": VERSION, "code": code}
    if watch:
        data["watch"] = True
    if seat is not None:
        data["seat"] = seat
    if token is not None:
        data["token"] = token
    return data


def move(square: int, seat: int | None = None, number: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"move": list(row_col(square))}
    if seat is not None:
        data["seat"] = seat
    if number is not None:
        data["number"] = number
    return data


def game_message(state: GameState) -> dict[str, Any]:
    """The ``game`` message of ``state``."""
    seats = state.seats
    return {"game": {
        "number": state.number, "games": state.games, "record": record_of(state.game),
        "kinds": [s.kind for s in seats], "levels": [s.level for s in seats],
        "random": [s.random_pct for s in seats], "connected": list(state.connected),
        "waiting": list(state.waiting), "started": state.started,
    }}


def moved(square: int, seat: int, number: int) -> dict[str, Any]:
    return {"moved": list(row_col(square)), "seat": seat, "number": number}


def error(text: str, retry: float | None = None, final: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {"error": text}
    if retry is not None:
        data["retry"] = round(retry, 1)
    if final:
        data["final"] = True
    return data


# ------------------------------------------------------------------------ reading
def timed_out(seat: int, level: int, seconds: float) -> dict[str, Any]:
    return {"timed_out": seat, "level": level, "seconds": round(seconds)}


def _is_version(value: Any) -> bool:
    return type(value) is int and value == VERSION


def parse_client(line: bytes) -> ClientMessage | BadMessage:
    """A joiner's line as a message, or why it is not one (never raises)."""
    data = decode_line(line, MAX_CLIENT_LINE)
    if isinstance(data, BadMessage):
        return data
    try:
        if "hello" in data:
            if data["hello"] != NAME or not _is_version(data.get("version")):
                return BadMessage(f"this host speaks {NAME} version {VERSION}")
            return Hello(short_text(data, "code", True) or "", whole(data, "seat", 1, 4),
                         short_text(data, "token", False), data.get("watch") is True)
        if "move" in data:
            return Move(square(data["move"]), whole(data, "seat", 1, 4),
                        whole(data, "number", 1, 1 << 30))
        if "pong" in data:
            return Pong(whole(data, "pong", 0, 1 << 62) or 0)
        if data.get("leave") is True:
            return Leave()
    except ValueError as exc:
        return BadMessage(str(exc))
    return BadMessage(f"unknown message {short(data)}")


def parse_host(line: bytes) -> HostMessage | BadMessage:
    """A host's line as a message, or why it is not one (never raises)."""
    data = decode_line(line, MAX_HOST_LINE)
    if isinstance(data, BadMessage):
        return data
    try:
        return host_message(data)
    except (ValueError, TypeError, KeyError) as exc:
        return BadMessage(f"bad host message: {str(exc)[:120]}")
    except RecursionError:
        return BadMessage("the line is nested too deeply")


def host_message(data: dict[str, Any]) -> HostMessage | BadMessage:
    """A host's message, already decoded, as a message (ValueError, TypeError, KeyError: not
    one)."""
    if "moved" in data:
        return Moved(square(data["moved"]), whole(data, "seat", 1, 4) or 0,
                     whole(data, "number", 1, 1 << 30) or 0)
    if "game" in data and isinstance(data["game"], dict):
        return _game_state(data["game"])
    if "ping" in data:
        return Ping(whole(data, "ping", 0, 1 << 62) or 0)
    if "error" in data:
        return Error(any_text(data["error"]), retry_seconds(data.get("retry")),
                     data.get("final") is True)
    if "welcome" in data:
        if data["welcome"] != NAME or not _is_version(data.get("version")):
            return BadMessage(f"the host does not speak {NAME} version {VERSION}")
        return Welcome(whole(data, "seat", 1, 4) or 0, short_text(data, "token", True) or "")
    if "watching" in data:
        if data["watching"] != NAME or not _is_version(data.get("version")):
            return BadMessage(f"the host does not speak {NAME} version {VERSION}")
        return Watching()
    if "timed_out" in data:
        return TimedOut(whole(data, "timed_out", 1, 4) or 0, whole(data, "level", 0, 5) or 0,
                        whole(data, "seconds", 0, 1 << 30) or 0)
    if "bye" in data:
        return Bye(any_text(data["bye"]), data.get("done") is True)
    return BadMessage(f"unknown message {short(data)}")


def _game_state(data: dict[str, Any]) -> GameState:
    try:
        game = game_from_data(data.get("record"))
    except RecordError as exc:
        raise ValueError(f"the record: {exc}") from None
    kinds = data.get("kinds")
    if (not isinstance(kinds, list) or len(kinds) != len(SEATS)
            or not all(k in SEAT_KINDS for k in kinds)):
        raise ValueError(f"'kinds' must list four seat kinds, not {short(kinds)}")
    number = whole(data, "number", 1, 1 << 30) or 1
    games = whole(data, "games", 0, 1 << 30) or 0
    connected, waiting = seat_list(data.get("connected")), seat_list(data.get("waiting"))
    levels, randoms = per_seat(data, "levels", 0, 5, 2), per_seat(data, "random", 0, 100, 10)
    seats = tuple(SeatSpec(*seat) for seat in zip(kinds, levels, randoms, strict=True))
    return GameState(number, games, game, seats, connected, waiting, data.get("started") is True)
