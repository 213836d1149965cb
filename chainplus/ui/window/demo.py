"""The attract loop a kiosk plays when nobody has touched it for a while: a demonstration game
(every seat a quick computer, silent, on a table of its own: a session with no files, so
nothing it does touches the visitor's game or settings), then a short animated how-to-play
(``TourMode``), then another game, and so on; two doors (``doors_view``) over its games: a
puzzle, or a game. The first click or tap brings the visitor the puzzle door's puzzle, or
anywhere else a fresh game (``requests.EndDemo``).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from chainplus.app.options import demo_options
from chainplus.app.panel import Panel
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.app.tour import Page, tour
from chainplus.common import language
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.core.rules import SEATS
from chainplus.ui.art import board_view, doors_view, rules_view
from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.window.controller import Controller
from chainplus.ui.window.local import LocalReferee
from chainplus.ui.window.mode import Named
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.policy import DEMO
from chainplus.ui.window.requests import EndDemo
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Part, Target

#: The demonstration game's seats (its speed is the kiosk policy's).
DEMO_SEATS = (SeatSpec("computer", 3, 10),) * len(SEATS)
DEMO_BUDGET = 0.05
#: Pictures a second of the demonstration's chains (a player's own are drawn at every frame):
#: about one a wave at its speed, each wave seen bursting, and a kiosk left alone rests
#: between pictures.
DEMO_FPS = 8


def invitation(table: Table) -> str:
    """The invitation on the demonstration's banner, the how-to-play's and its turn box."""
    # Translators: on a kiosk's demonstration banner and its turn box; a big banner line.
    return _("Touch to play!") if table.touching() else _("Click to play!")


class Act(Protocol):
    """A part of the attract loop: a demonstration game or how to play. Each draws the board
    and says the turn box and the help line, and says what comes after it."""

    @property
    def name(self) -> str:
        """The game's phase ("play", "animate", "over"), or "tour"."""

    @property
    def board_mode(self) -> Named:
        """What plays the board on screen (a demonstration game's controller)."""

    def tick(self, now: float) -> Act:
        """Time has passed: the act from now on (this one, or the next)."""

    def pause(self) -> None:
        """The visitor woke the kiosk: a chain on show is finished, the computer stops."""

    def look(self) -> object:
        """What the act shows that changes by itself."""

    def deadline(self, now: float) -> float | None:
        """When the act's picture next changes."""

    def to_move(self) -> int | None: ...

    def frame(self) -> Board: ...

    def draw_board(self, surface: pygame.Surface) -> None: ...

    def status(self) -> Status: ...

    def help(self) -> str:
        """The help line wherever the pointer is."""


class TourMode:
    """How to play, its pages turning by themselves on the rules window, over the board; then
    the next demonstration game."""

    name = "tour"

    def __init__(self, table: Table) -> None:
        self.table = table
        self._pages: tuple[Page, ...] = tour(table.session.game.rules)
        self.told_in = language.current()  # the language the pages' words are in
        self.start = table.now

    @property
    def pages(self) -> tuple[Page, ...]:
        """The tour's pages, told again when a visitor has switched the language."""
        if self.told_in != language.current():
            self._pages, self.told_in = tour(self.table.session.game.rules), language.current()
        return self._pages

    @property
    def board_mode(self) -> TourMode:
        return self

    def tick(self, now: float) -> Act:
        """The next demonstration game once the tour is over."""
        if not self.over(now):
            return self
        self.table.say(self.table.session.new_game())
        return DemoGame(self.table)

    def pause(self) -> None:
        """Nothing thinks during the tour."""

    def look(self) -> object:
        return None

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

    def over(self, now: float) -> bool:
        return now >= self.start + self.seconds

    def shown(self, now: float) -> rules_view.RulesShown:
        """The rules window as the tour shows it at ``now``."""
        number, elapsed = self.page_at(now)
        rules = self.table.session.game.rules
        return rules_view.RulesShown(number=number, count=len(self.pages),
                                     page=self.pages[number], elapsed=elapsed, playing=rules,
                                     chosen=rules, tour=True, invite=invitation(self.table))

    def deadline(self, now: float) -> float | None:
        """When the picture next changes: the page's scene or invitation, the next page, or
        the end of the tour (then at once)."""
        if self.over(now):
            return now
        shown = self.shown(now)
        page_start = now - shown.elapsed
        times = [page_start + self.pages[shown.number].tour_seconds + rules_view.LATE]
        after = rules_view.next_change(shown)
        if after is not None:
            times.append(page_start + after)
        return min(times)

    def to_move(self) -> int | None:
        return None

    def frame(self) -> Board:
        game = self.table.session.game
        return game.counts, game.owners

    def draw_board(self, surface: pygame.Surface) -> None:
        session = self.table.session
        game = session.game
        marks = board_view.Marks(last=session.last_square)
        board_view.draw_board(surface, game.counts, game.owners, game.threshold, marks)
        rules_view.draw(surface, self.shown(self.table.now))

    def status(self) -> Status:
        # Translators: the turn box's heading (fits 22 characters) while a kiosk shows how
        # to play.
        return Status(None, _("How to play"), invitation(self.table))

    def help(self) -> str:
        if self.table.touching():
            # Translators: the help box, 3 lines of 22 characters.
            return _("How to play. Touch anywhere to play!")
        # Translators: the help box, 3 lines of 22 characters.
        return _("How to play. Click anywhere to play!")


class DemoGame:
    """A demonstration game, the computer against itself: the board's controller on the
    demonstration's table; how to play follows it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.controller = Controller(table, LocalReferee(table), LocalReferee)

    @property
    def name(self) -> str:
        return self.controller.name

    @property
    def board_mode(self) -> Controller:
        return self.controller

    def tick(self, now: float) -> Act:
        """How to play once the game is over and its next begun."""
        was = self.controller.name
        self.controller.tick(now)
        if was == "over" and self.controller.name != "over":
            self.controller.pause()
            return TourMode(self.table)
        return self

    def pause(self) -> None:
        self.controller.pause()

    def look(self) -> object:
        return self.controller.look()

    def deadline(self, now: float) -> float | None:
        """The chain's next picture, ``DEMO_FPS`` a second, or the game's next step."""
        return self.controller.deadline(now, DEMO_FPS)

    def to_move(self) -> int | None:
        return self.controller.picture.to_move()

    def frame(self) -> Board:
        return self.controller.picture.frame()

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game's board under the demonstration's banner."""
        self.controller.picture.draw_board(surface, None)
        board_view.draw_attract_banner(surface, len(self.table.session.game.moves) % 4 + 1,
                                       invitation(self.table))

    def status(self) -> Status:
        status = self.controller.picture.status()
        return status if status.big else status._replace(head=_("Demonstration"))

    def help(self) -> str:
        if self.table.touching():
            # Translators: the help box, 3 lines of 22 characters.
            return _("A demonstration game. Touch anywhere to play!")
        # Translators: the help box, 3 lines of 22 characters.
        return _("A demonstration game. Click anywhere to play!")


class DemoMode:
    """The computer plays itself on a table of its own over ``table``'s board until a visitor
    clicks anywhere; ``host``: the address of the host a watching kiosk waits for."""

    name = "demo"
    wakes_on_idle = False

    def __init__(self, table: Table, host: str | None = None) -> None:
        self.table, self.host = table, host
        table.stop_thinking()
        speed = table.policy.demo_speed
        session = Session(demo_options(table.session.options, DEMO_SEATS, speed))
        # silent: the demonstration's session has the sound off
        self.demo = Table(table.services, session, DEMO, DEMO_BUDGET, table.hint_budget,
                          now=table.now)
        self.inner: Act = DemoGame(self.demo)

    def tick(self, now: float) -> None:
        self.demo.now = now
        self.inner = self.inner.tick(now)

    def click(self, target: Target | None, button: int) -> None:
        """The click wakes the kiosk and does nothing else: the visitor's fresh game, or a
        puzzle over it from its door."""
        self.table.ask(EndDemo(puzzle=target == Part("door-puzzle")))

    def pause(self) -> None:
        self.inner.pause()

    @property
    def animating(self) -> bool:
        """Never at every frame: the demonstration's chains step ``DEMO_FPS`` times a second,
        the tour's pictures at their own times (``deadline``)."""
        return False

    @property
    def shown(self) -> Table:
        return self.demo

    @property
    def board_mode(self) -> Named:
        return self.inner.board_mode

    @property
    def picture(self) -> DemoMode:
        """The demonstration's board under its banner, or how to play."""
        return self

    @property
    def game_shown(self) -> Game:
        return self.demo.session.game

    @property
    def panel(self) -> Panel:
        return self.demo.session.panel

    @property
    def doors_open(self) -> bool:
        """The doors stand over the demonstration games, not over how to play, whose words
        they would hide (a click anywhere still wakes the kiosk)."""
        return self.inner.board_mode.name != TourMode.name

    def hit(self, pos: tuple[int, int]) -> Part | None:
        door = doors_view.hit(pos) if self.doors_open else None
        return None if door is None else Part(door)

    def parts(self) -> dict[str, pygame.Rect] | None:
        """The doors, where a controller's cursor goes."""
        return dict(doors_view.DOORS) if self.doors_open else {}

    def icons_work(self) -> bool:
        return False

    def human_to_move(self) -> bool:
        return False

    def waiting_seats(self) -> frozenset[int]:
        return frozenset()

    def title(self, room: int = TITLE_ROOM) -> str | None:
        if self.host is None:
            return None
        # Translators: the title bar of a watching kiosk; {host} is an address, host:port.
        return _("Chain Reaction - waiting for {host}").format(host=self.host)

    def look(self) -> object:
        return self.inner.look()

    def deadline(self, now: float) -> float | None:
        return self.inner.deadline(now)

    def to_move(self) -> int | None:
        return self.inner.to_move()

    def frame(self) -> Board:
        return self.inner.frame()

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        self.inner.draw_board(surface)
        if self.doors_open:
            pressed = self.table.cues.pressed.value
            doors_view.draw(surface, pressed.name if isinstance(pressed, Part) else None)

    def status(self) -> Status:
        return self.inner.status()

    def help(self, target: Target | None) -> str:
        """The door under the pointer, else one line wherever it is: a click anywhere plays (a
        watching kiosk says it waits for its host; the title says where)."""
        if target == Part("door-puzzle"):
            # Translators: the help box, 3 lines of 22 characters.
            return _("A puzzle: win in a move or two. About a minute.")
        if target == Part("door-game"):
            # Translators: the help box, 3 lines of 22 characters.
            return _("A game of your own against the computer.")
        if self.host is None:
            return self.inner.help()
        if self.table.touching():
            # Translators: the help box, 3 lines of 22 characters.
            return _("Waiting for the host. Touch anywhere to play!")
        # Translators: the help box, 3 lines of 22 characters.
        return _("Waiting for the host. Click anywhere to play!")
