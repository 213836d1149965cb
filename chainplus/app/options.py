"""What one run of the game is set to, from the command line and the settings file.

Plain frozen data: a change (a demonstration's options, a joined host's) is a ``replace``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from chainplus.app.lessons import Lesson
from chainplus.app.placement import Placement
from chainplus.app.seats import DEFAULT_SEATS, SeatSpec
from chainplus.app.settings import Speed
from chainplus.core.rules import DEFAULT_RULES, Rules


@dataclass(frozen=True)
class WindowOptions:
    """Where and how the window opens."""

    fullscreen: bool = False
    placement: Placement | None = None  # where the window was last time
    open_path: Path | None = None  # a game record to open at the start (the window replays it)


@dataclass(frozen=True)
class KioskOptions:
    """A museum's unattended screen, as its operator sets it (``--kiosk``)."""

    idle_seconds: float = 60.0  # without input, then the demonstration
    keep_games: bool = False  # keep and save games (a window always does)
    #: The languages a visitor may switch between, the first spoken at start and after each
    #: spell alone (empty: no switch shown).
    languages: tuple[str, ...] = ()


@dataclass(frozen=True)
class NetworkOptions:
    """A host's game to show and play (``--join``) or watch (``--watch``), or how this window
    hosts one."""

    join: tuple[str, int] | None = None  # a host's (address, port): show and play its game
    join_code: str = ""
    watch: bool = False  # watch the host's game without a seat
    host_code: str | None = None  # the join code a hosting window gives (None: one is made)
    #: Where a hosting window listens ("": every interface); None: as its player chose in the
    #: game, this computer only (127.0.0.1) unless ``lan`` opens it to the local network.
    listen: str | None = None
    lan: bool = False
    port: int | None = None  # and its port (None: 4770 if free, else any free one)
    spectators: int | None = None  # at most this many watch its game (None: the host's own)


@dataclass(frozen=True)
class Options:
    """The game and its players, then the window's, the kiosk's (None: not a kiosk) and the
    network's own options."""

    sound: bool = True
    speed: Speed = "normal"
    rules: Rules = DEFAULT_RULES
    seed: int | None = None
    seats: tuple[SeatSpec, ...] = DEFAULT_SEATS
    fixed_seats: bool = False  # the seats came from --seats: a resumed game does not change them
    lock_panel: bool = False  # a kiosk's, or --lock-panel
    lessons: bool = True  # never in a demonstration
    lessons_given: frozenset[Lesson] = frozenset()
    language: str = ""  # the language chosen in the window and remembered ("": the system's)
    window: WindowOptions = WindowOptions()
    kiosk: KioskOptions | None = None
    network: NetworkOptions = NetworkOptions()


def hosts_allowed(options: Options) -> bool:
    """Whether a seat may be made a network seat: in a window, and in a kiosk only when its
    operator's ``--seats`` has one."""
    return not options.kiosk or (options.fixed_seats and
                                 any(row.kind == "network" for row in options.seats))


def demo_options(options: Options, seats: tuple[SeatSpec, ...], speed: Speed) -> Options:
    """The options of a demonstration game: the given computer seats, silent, nothing saved,
    no lessons."""
    return replace(options, seats=seats, speed=speed, sound=False, fixed_seats=True,
                   lock_panel=True, lessons=False)
