"""The demonstration a kiosk plays when nobody has touched it for a while: every seat a quick
computer, silent, on a table of its own (a session with no files), so nothing it does touches
the visitor's game or settings; the first click anywhere brings the visitor a fresh game.
"""

from __future__ import annotations

import pygame

from chainplus.app.session import Session, demo_options
from chainplus.app.settings import SavedSeat
from chainplus.core.rules import SEATS
from chainplus.ui.art import board_view
from chainplus.ui.window.mode import Board, Mode, Status
from chainplus.ui.window.modes import PlayMode
from chainplus.ui.window.policy import DEMO
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Target

#: The demonstration game's seats (its speed is the kiosk policy's).
DEMO_SEATS = (SavedSeat("computer", 3, 10),) * len(SEATS)
DEMO_BUDGET = 0.05


class DemoMode(Mode):
    """The computer plays itself on a table of its own until a visitor clicks anywhere."""

    name = "demo"
    wakes_on_idle = False

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        table.stop_thinking()
        speed = table.policy.demo_speed
        session = Session(demo_options(table.session.options, DEMO_SEATS, speed))
        # silent: the demonstration's session has the sound off
        self.demo = Table(session, DEMO, table.worker, table.sounds, table.display, table.rng,
                          DEMO_BUDGET, table.hint_budget, now=table.now)
        self.inner: Mode = PlayMode(self.demo)

    def tick(self, now: float) -> Mode:
        self.demo.now = now
        for _ in range(8):  # a mode may hand over to another that is due at once
            inner = self.inner.tick(now)
            if inner is self.inner:
                break
            self.inner.leave()
            self.inner = inner
        return self

    def click(self, target: Target | None, button: int) -> Mode:
        """The click wakes the kiosk and does nothing else: the visitor's fresh game."""
        self.inner.leave()
        self.table.say(self.session.back_to_operator())
        return PlayMode(self.table)

    def leave(self) -> None:
        self.inner.leave()

    @property
    def animating(self) -> bool:
        return self.inner.animating

    @property
    def shown(self) -> Table:
        return self.demo

    @property
    def board_mode(self) -> Mode:
        return self.inner

    def icons_work(self) -> bool:
        return False

    def deadline(self, now: float) -> float | None:
        return self.inner.deadline(now)

    def frame(self) -> Board:
        return self.inner.frame()

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        self.inner.draw_board(surface, None)
        board_view.draw_attract_banner(surface, self.table.now)

    def status(self) -> Status:
        status = self.inner.status()
        return status if status.big else status._replace(head="Demonstration")

    def default_help(self) -> str:
        return "A demonstration game. Click anywhere to play!"
