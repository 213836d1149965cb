"""What a kiosk changes, said once: the window asks its policy instead of testing a flag.

``WINDOW`` is a game on someone's desktop; ``kiosk(...)`` is the museum's unattended screen,
where nobody may quit or leave full screen, keys do nothing but the operator's exit, the
computer plays a demonstration after a spell with no input, and a finished game is followed by
the next one without anyone clicking New.
"""

from __future__ import annotations

from dataclasses import dataclass

from chainplus.app.settings import Speed
from chainplus.common.language import _

#: The one way out of a kiosk, as the help and the command line name it.
OPERATOR_KEY_NAME = "Ctrl+Shift+Q"
#: A finished kiosk game stays this long before the next starts by itself.
KIOSK_NEXT_GAME = 9.0
#: A finished demonstration game stays this long before the next demonstration.
DEMO_NEXT_GAME = 5.0


@dataclass(frozen=True)
class Policy:
    """The rules of the house for one screen."""

    kiosk: bool = False
    #: Icons a visitor never sees.
    hidden_icons: frozenset[str] = frozenset()
    #: The title bar's close and full-screen icons are shown and work.
    furniture: bool = True
    #: The window manager's close (and Alt+F4) quits.
    close_quits: bool = True
    #: F11 and Escape switch full screen (otherwise only the operator's keys count).
    keys: bool = True
    #: Seconds without input before a demonstration game starts; None: never.
    demo_after: float | None = None
    #: Seconds a finished game stays before the next starts by itself; None: wait for New.
    next_game_after: float | None = None
    #: How fast the demonstration game is shown.
    demo_speed: Speed = "fast"
    #: Seconds after the end of a game before its graph is shown; None: never.
    graph_after: float | None = 1.0

    def idle_too_long(self, idle: float) -> bool:
        return self.demo_after is not None and idle >= self.demo_after

    def after_win(self) -> str:
        """What the winner's line says comes next."""
        if self.next_game_after is None:
            return _("Click New for another game.")
        return _("A new game starts in a moment.")


WINDOW = Policy()


def kiosk(idle_seconds: float) -> Policy:
    """A museum kiosk that shows a demonstration after ``idle_seconds`` without input."""
    return Policy(kiosk=True, hidden_icons=frozenset({"games", "quit"}), furniture=False,
                  close_quits=False, keys=False, demo_after=idle_seconds,
                  next_game_after=KIOSK_NEXT_GAME)


#: The demonstration game itself: like a kiosk, but it never starts another demonstration.
DEMO = Policy(kiosk=True, hidden_icons=frozenset({"games", "quit"}), furniture=False,
              close_quits=False, keys=False, demo_after=None, next_game_after=DEMO_NEXT_GAME,
              graph_after=None)
