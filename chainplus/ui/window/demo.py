"""The attract loop a kiosk plays when nobody has touched it for a while: a demonstration game
(every seat a quick computer, silent, on a table of its own: a session with no files, so
nothing it does touches the visitor's game or settings), then a short animated how-to-play
(``TourMode``), then another game, and so on. The first click or tap anywhere brings the
visitor a fresh game.
"""

from __future__ import annotations

import pygame

from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session, demo_options
from chainplus.app.tour import Page, tour
from chainplus.core.rules import SEATS
from chainplus.ui.art import board_view, rules_view
from chainplus.ui.window.mode import Mode
from chainplus.ui.window.modes import PlayMode
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.policy import DEMO
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Target

#: The demonstration game's seats (its speed is the kiosk policy's).
DEMO_SEATS = (SeatSpec("computer", 3, 10),) * len(SEATS)
DEMO_BUDGET = 0.05


class TourMode(Mode):
    """How to play, its pages turning by themselves on the rules window, over the board; then
    the next demonstration game."""

    name = "tour"
    wakes_on_idle = False

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.pages: tuple[Page, ...] = tour(table.session.game.rules)
        self.start = table.now

    @property
    def animating(self) -> bool:
        return True

    def page_at(self, now: float) -> tuple[int, float]:
        """The page shown at ``now`` and how many seconds it has been shown (the last page
        stays once the tour is over)."""
        left = now - self.start
        for number, page in enumerate(self.pages):
            if left < page.tour_seconds:
                return number, left
            left -= page.tour_seconds
        return len(self.pages) - 1, self.pages[-1].tour_seconds

    @property
    def seconds(self) -> float:
        return sum(page.tour_seconds for page in self.pages)

    def tick(self, now: float) -> Mode:
        if now >= self.start + self.seconds:
            self.table.say(self.session.new_game())
            return PlayMode(self.table)
        return self

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        super().draw_board(surface, None)
        number, elapsed = self.page_at(self.table.now)
        rules = self.session.game.rules
        rules_view.draw(surface, rules_view.RulesShown(
            number=number, count=len(self.pages), page=self.pages[number], elapsed=elapsed,
            playing=rules, chosen=rules, tour=True))

    def status(self) -> Status:
        return Status(None, "How to play", "Touch to play!")

    def default_help(self) -> str:
        return "How to play. Touch or click anywhere to play!"


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
        self.demo = Table(session, DEMO, table.worker, table.sounds, table.rng,
                          DEMO_BUDGET, table.hint_budget, now=table.now)
        self.inner: Mode = PlayMode(self.demo)

    def tick(self, now: float) -> Mode:
        self.demo.now = now
        for _ in range(8):  # a mode may hand over to another that is due at once
            inner = self.inner.tick(now)
            if inner is self.inner:
                break
            if self.inner.name == "over":
                inner = TourMode(self.demo)  # between two games, how to play
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
        if self.inner.name != "tour":
            board_view.draw_attract_banner(surface, self.table.now)

    def status(self) -> Status:
        status = self.inner.status()
        if status.big or self.inner.name == "tour":
            return status
        return status._replace(head="Demonstration")

    def default_help(self) -> str:
        if self.inner.name == "tour":
            return self.inner.default_help()
        return "A demonstration game. Click anywhere to play!"
