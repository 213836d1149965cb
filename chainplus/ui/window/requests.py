"""What a control, a board mode or a window over the board asks of the window as a whole.

None of them opens, closes or swaps a window itself: each asks (``Table.ask``) and the stack
(``stack.Stack``) takes the requests (``Requests``, their one queue) after each event and each
tick. So a window over the board never imports another, nor the board's modes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

from chainplus.app.games import Player
from chainplus.core.game import Game


@dataclass(frozen=True)
class OpenRules:
    """The rules window, over whatever is shown (F1 or the Rules icon)."""


@dataclass(frozen=True)
class OpenGames:
    """The games window, over whatever is shown (the Games icon)."""


@dataclass(frozen=True)
class OpenInfo:
    """The Info box ("About this program"), over whatever is shown (the Menu button, the
    Games window's About...); nothing when it is on top already."""


@dataclass(frozen=True)
class Speak:
    """Speak ``code`` from the next frame; ``remember``: the player's choice, kept in the
    settings (a kiosk visitor's never is)."""

    code: str
    remember: bool = True


@dataclass(frozen=True)
class OpenJoin:
    """The Join dialog, over the board (any other window closes)."""


@dataclass(frozen=True)
class OpenReplay:
    """``game`` replayed over the board (any other window closes), from move ``at`` (None: the
    end), with its graph shown at once when ``graph``; ``players`` played it, as its record
    says (None: the game on the board, played as the panel says)."""

    game: Game
    at: int | None = None
    graph: bool = False
    players: tuple[Player, ...] | None = None


@dataclass(frozen=True)
class OpenFile:
    """Open the game record at ``path`` in a replay with its graph (a file dropped on the
    window, or named on the command line); a file that is not a game is said so."""

    path: Path


@dataclass(frozen=True)
class Close:
    """The window on top closes; what is under it carries on."""


@dataclass(frozen=True)
class JoinHost:
    """Show and play the game of the host at ``address``, joined with ``code`` (``watch``:
    only watch it, as a spectator)."""

    address: tuple[str, int]
    code: str
    watch: bool = False


@dataclass(frozen=True)
class HostGame:
    """Host the player's own game, whose network seats wait (a resumed game is not hosted
    until its player says so)."""


@dataclass(frozen=True)
class LeaveHost:
    """Hang up on the host, and the player's own game comes back."""


@dataclass(frozen=True)
class PlayOn:
    """The game on the board changed under the windows (Play on from a replay): they close and
    the board plays on from it."""


@dataclass(frozen=True)
class OpenPuzzle:
    """A puzzle over the player's own game, which waits: the next at the player's level, or
    shipped puzzle ``number`` (from 0)."""

    number: int | None = None


@dataclass(frozen=True)
class NextPuzzle:
    """The puzzle on the board is left (given up, if tried and not solved) for the next."""


@dataclass(frozen=True)
class PuzzleSolved:
    """The puzzle on the board is solved, its last chain shown: what next is offered, with
    ``line`` said (how many visitors solved it)."""

    line: str


@dataclass(frozen=True)
class PlayFromPuzzle:
    """A game from the puzzle's position, the player against the computer, on its board."""


@dataclass(frozen=True)
class LeavePuzzle:
    """The puzzle on the board is left, and the player's own game comes back."""


@dataclass(frozen=True)
class EndDemo:
    """A visitor woke the kiosk: the demonstration ends and the visitor's fresh game begins
    (``puzzle``: a puzzle over it, the door the visitor chose)."""

    puzzle: bool = False


@dataclass(frozen=True)
class ToggleFullScreen:
    """The window switches between full screen and a window (F11, the toggle-size icon)."""


@dataclass(frozen=True)
class Quit:
    """The window closes and the program ends."""


Request = OpenRules | OpenGames | OpenInfo | OpenJoin | OpenReplay | OpenFile | Close | JoinHost \
    | HostGame | LeaveHost | PlayOn | OpenPuzzle | NextPuzzle | PuzzleSolved | PlayFromPuzzle \
    | LeavePuzzle | EndDemo | Speak | ToggleFullScreen | Quit


class Requests:
    """The requests asked of the App, in the order asked: the board and the windows ask, the
    stack takes each in turn (``stack.Stack.serve``)."""

    def __init__(self) -> None:
        self._asked: deque[Request] = deque()

    def ask(self, request: Request) -> None:
        self._asked.append(request)

    def take(self) -> Request | None:
        """The request asked first of those not yet taken, if any."""
        return self._asked.popleft() if self._asked else None
