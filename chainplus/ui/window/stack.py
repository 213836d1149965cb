"""The board and the windows stacked over it, and what their requests do.

The board is the game's controller (``controller``), or a kiosk's demonstration over it
(``demo``). The window on top takes a click or a key first; what it leaves (an icon, the
panel, the title bar) is done as ever, while the board waits under it. The board plays on
only when the last window has closed; a network game meanwhile takes in what needs no
showing (the host's whole game, the lines it says), and its moves wait. Whatever the
controls, the board and the windows ask (``requests``) is done here, in the order asked,
after each event and each tick: the one place that knows which window opens over which, and
what leaving or joining a host's game does to the board.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from chainplus.app.games import players_in
from chainplus.app.outcomes import Note
from chainplus.common import language
from chainplus.common.language import _
from chainplus.ui.art import languages_view
from chainplus.ui.window import joined, puzzle, targets
from chainplus.ui.window.controller import Controller
from chainplus.ui.window.controls import Effect, act, icons_shown
from chainplus.ui.window.demo import DemoMode
from chainplus.ui.window.display import Display
from chainplus.ui.window.mode import BoardMode
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.over.games import GamesWindow
from chainplus.ui.window.over.info import InfoWindow
from chainplus.ui.window.over.join import JoinDialog
from chainplus.ui.window.over.review import ReviewWindow
from chainplus.ui.window.over.rules import RulesWindow
from chainplus.ui.window.over.solved import SolvedWindow
from chainplus.ui.window.referee import Referee
from chainplus.ui.window.requests import (
    Close,
    EndDemo,
    HostGame,
    JoinHost,
    LeaveHost,
    LeavePuzzle,
    NextPuzzle,
    OpenFile,
    OpenGames,
    OpenInfo,
    OpenJoin,
    OpenPuzzle,
    OpenReplay,
    OpenRules,
    PlayFromPuzzle,
    PlayOn,
    PuzzleSolved,
    Quit,
    Request,
    Speak,
    ToggleFullScreen,
)
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Cell, Target


class Stack:
    """The game's controller, a demonstration over it (a kiosk left alone), the windows over
    them (the top one last), and whether Quit was asked; ``display`` is the screen they are on
    (full screen or a window). The game is the player's own, on table ``own`` as ``seating``
    referees it, or another's the window joined (``first``: at the start)."""

    def __init__(self, own: Table, seating: Callable[[Table], Referee], display: Display,
                 first: tuple[Table, Referee] | None = None) -> None:
        self.own, self.seating, self.display = own, seating, display
        table, referee = first or (own, seating(own))
        self.controller = Controller(table, referee, seating)
        self.follower = joined.Follower.of(own, referee)  # a watching kiosk's host
        self.demo: BoardMode | None = None
        self.windows: list[Overlay] = []
        self.quit = False

    @property
    def table(self) -> Table:
        """The game's table: the player's own, or a host's joined."""
        return self.controller.table

    @property
    def board(self) -> BoardMode:
        """What plays the board: the demonstration, else the game."""
        return self.demo if self.demo is not None else self.controller

    @property
    def top(self) -> BoardMode | Overlay:
        """What takes the pointer and the keys now: the window on top, else the board."""
        return self.windows[-1] if self.windows else self.board

    @property
    def window(self) -> Overlay | None:
        return self.windows[-1] if self.windows else None

    @property
    def icons(self) -> dict[str, pygame.Rect]:
        """The icons shown, as the game's house policy says (a joined window has fewer)."""
        return icons_shown(self.table)

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What is under a logical screen position: the window on top's parts (a replay's
        controls and graph, a dialog's buttons) or the board's graph first, then the screen."""
        code = languages_view.hit(pos, self.switch())
        if code is not None:
            return targets.Tongue(code)  # over everything: a kiosk's switch is always there
        part = self.top.hit(pos)
        if part is not None:
            return part
        return targets.hit(pos, self.icons, self.table.policy.furniture)

    def remember(self) -> None:
        """Write the settings if they changed: the player's own session's (a host's game
        joined hands its speed and sound back when it closes), full screen, and where the
        window is."""
        display = self.display
        self.own.session.remember(display.fullscreen, display.placement())

    def attract(self) -> DemoMode:
        """The attract loop over the game (saying the host a watching kiosk waits for)."""
        follower = self.follower
        host = follower.where if follower is not None and self.table is self.own else None
        return DemoMode(self.table, host)

    def switch(self) -> tuple[str, ...]:
        """The languages a kiosk's visitor may switch between (none: no switch is shown)."""
        kiosk = self.own.session.options.kiosk
        return kiosk.languages if kiosk is not None and len(kiosk.languages) > 1 else ()

    def show_demo(self, demo: BoardMode) -> None:
        """A kiosk left alone shows what the game is: ``demo`` over the game, which waits,
        in the kiosk's first language, with no window over it (the game's own pause may
        finish a chain that asks for one: it is not shown)."""
        if self.switch():
            language.use(self.switch()[0])
        self.controller.pause()
        self.close_windows()
        self.demo = demo

    # ---------------------------------------------------------------- input and time
    def click(self, target: Target | None, button: int) -> None:
        if isinstance(target, targets.Tongue):  # whatever is shown, the attract loop too
            self.table.press(target)
            self.table.ask(Speak(target.code, remember=False))
        elif not self.windows:
            self.board.click(target, button)
        elif not self.windows[-1].click(target, button) and target is not None:
            self.beside_windows(target, button)
        self.serve()

    def beside_windows(self, target: Target, button: int) -> None:
        """A click a window left to the screen (an icon, the panel, the title bar) while the
        board waits under it: done as ever, but the board plays on only when it is back."""
        if isinstance(target, Cell):
            self.board.click(target, button)  # the board's own say on its seats
        elif act(self.table, target, button) is Effect.HINT:
            self.table.say(Note(_("A hint is for a human seat to move."), warn=True))

    def key(self, key: int, mod: int) -> bool:
        """True when the window on top took ``key`` (with modifiers ``mod``)."""
        took = self.windows[-1].key(key, mod) if self.windows else False
        self.serve()
        return took

    def tick(self, now: float) -> None:
        """Time has passed: for the window on top (the game under it takes in what needs no
        showing), else for the board."""
        if self.windows:
            self.windows[-1].tick(now)
            self.controller.take_in()
        else:
            self.board.tick(now)
        self.serve()
        if self.follower is not None:
            self.follow_host(self.follower, now)

    def follow_host(self, follower: joined.Follower, now: float) -> None:
        """A watching kiosk: back to its own attract loop once the host's game has ended for
        good, trying the host meanwhile; the host's next game once it comes and the kiosk is
        left alone (a visitor's game is never cut short)."""
        referee = self.controller.referee
        if isinstance(referee, joined.JoinedReferee):
            if self.windows or self.controller.name == "animate" \
                    or not follower.ended(referee, now):
                return
            self.play(lambda: (self.own, self.seating(self.own)))
            self.show_demo(self.attract())
            follower.seek()
        elif follower.found() and self.demo is not None and not self.windows:
            self.demo.pause()
            self.demo = None
            host = follower.follow()
            self.play(lambda: (host.table, host))

    # ---------------------------------------------------------------- requests
    def serve(self) -> bool:
        """Do what was asked, in order; True when anything was."""
        requests, served = self.table.services.requests, False
        while (request := requests.take()) is not None:
            self.follow(request)
            served = True
        return served

    def follow(self, request: Request) -> None:
        table = self.table
        match request:
            case Quit():
                self.quit = True
            case ToggleFullScreen():
                self.display.toggle()
            case Speak(code=code, remember=remember):
                language.use(code)
                if remember:
                    self.own.session.language = code
            case Close():
                if self.windows:
                    self.windows.pop().leave()
            case OpenRules():
                self.push(RulesWindow(table))
            case OpenGames():
                self.push(GamesWindow(table))
            case OpenInfo():
                if not isinstance(self.window, InfoWindow):
                    self.push(InfoWindow(table))
            case OpenJoin():
                self.close_windows()
                self.push(JoinDialog(table, joined.last_address(table)))
            case OpenReplay(game=game, at=at, graph=graph, players=players):
                self.close_windows()
                players = players or players_in(table.session.panel, game)
                self.push(ReviewWindow(table, game, players, at=at, graph=graph))
            case OpenFile(path=path):
                self.open_file(path)
            case EndDemo(puzzle=door):
                self.end_demo()
                if door:
                    self.play(partial(puzzle.seat, self.own))
            case JoinHost():
                self.close_windows()
                self.play(partial(self.join, request))
            case HostGame():
                self.close_windows()
                if table is self.own:  # seated afresh: a game with network seats is hosted
                    self.controller.restart()
            case LeaveHost() if table is not self.own:
                self.close_windows()
                self.play(lambda: (self.own, self.seating(self.own)))
                self.own.say(Note(_("You left the network game: your own game is back.")))
            case LeaveHost():  # no host's game to leave: only the windows close
                self.close_windows()
            case OpenPuzzle(number=number):
                self.close_windows()
                self.play(lambda: puzzle.seat(self.own, number=number))
            case NextPuzzle() if table.puzzle is not None:
                self.close_windows()
                self.play(partial(puzzle.seat, self.own, table.puzzle))
            case PuzzleSolved(line=line):
                self.push(SolvedWindow(table, line))
            case PlayFromPuzzle() if table.puzzle is not None:
                self.close_windows()
                table.session.play_on(table.puzzle.puzzle.position())
                self.controller.restart()  # the puzzle's referee hands over to the session's
                table.say(puzzle.played_on(table.puzzle))
            case LeavePuzzle() if table.puzzle is not None:
                self.close_windows()
                self.play(lambda: (self.own, self.seating(self.own)))
                self.own.say(Note(_("Your own game is back, as you left it.")))
            case PlayOn():  # the board changed under the windows
                self.close_windows()
                self.controller.follow(Effect.RESTART)

    def open_file(self, path: Path) -> None:
        """The game record at ``path`` in a replay with its graph; a file that is not a game
        is said so, and what was shown stays."""
        match self.table.session.open_game(path):
            case Note() as note:
                self.table.say(note)
            case opened:
                self.close_windows()
                self.push(ReviewWindow(self.table, opened.game, opened.players, graph=True))

    def play(self, seated: Callable[[], tuple[Table, Referee]]) -> None:
        """Play the board on the table and with the referee ``seated`` gives (the player's
        own, or a host's game joined, on a table of its own); the game before stops first."""
        before = self.controller
        before.close()
        table, referee = seated()
        table.now = before.table.now
        self.controller = Controller(table, referee, self.seating)

    def join(self, request: JoinHost) -> tuple[Table, Referee]:
        """The host's game ``request`` names, on a table of its own."""
        host = joined.join(self.own, request.address, request.code, request.watch)
        return host.table, host

    def end_demo(self) -> None:
        """The visitor's fresh game, as the kiosk's operator set it."""
        if self.demo is not None:
            self.demo.pause()
            self.demo = None
        if self.table.puzzle is not None:  # the visitor's fresh game, not the last puzzle
            self.play(lambda: (self.own, self.seating(self.own)))
        table = self.table
        table.say(table.session.back_to_operator(table.verb()))
        self.controller.follow(Effect.RESTART)

    def push(self, window: Overlay) -> None:
        """Show ``window`` over the rest; the board waits (a chain on show is finished first,
        and a computer seat stops thinking until it is back). Over the attract loop no window
        shows: nobody is there to read it, and it would hide the loop's banner."""
        if self.demo is not None:
            window.leave()
            return
        self.board.pause()
        self.table.stop_thinking()
        self.table.cues.refusal.clear()
        self.windows.append(window)

    def close_windows(self) -> None:
        while self.windows:
            self.windows.pop().leave()

    def close(self) -> None:
        """The window closes: the windows, a demonstration, and the game stop."""
        self.close_windows()
        if self.demo is not None:
            self.demo.pause()
        if self.follower is not None:
            self.follower.close()
        self.controller.close()
