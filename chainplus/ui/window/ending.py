"""The board once a game is won (``Ending``): the final board in the winner's frame and, a
moment later, the graph of how the game went over it (judged off the UI thread). In a window,
Replay or a click on the graphs replays the game (``over.review``); a kiosk's graph has no
buttons, and its next game starts by itself.
"""

from __future__ import annotations

import pygame

from chainplus.app.explain import square_help
from chainplus.app.outcomes import Note
from chainplus.app.panel import SEAT_NAME, Panel, people_in
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.ui.art import board_view, graph_view
from chainplus.ui.window.graph_parts import GRAPH_HELP, graph_part, graph_places
from chainplus.ui.window.judging import graph_of
from chainplus.ui.window.phase import NextGame, Phase, Step
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.referee import Referee, Won
from chainplus.ui.window.requests import OpenReplay
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Part, Square, Target


class Ending(Phase):
    """The game on ``table``'s board is won (since the table's now), as ``referee`` says it;
    ``key`` names it, as the referee does (``referee.Won``)."""

    name = "over"
    animating = False

    def __init__(self, table: Table, referee: Referee, key: object) -> None:
        self.table, self.referee, self.key = table, referee, key
        self.since = table.now
        after = table.policy.graph_after
        self.graph_at = None if after is None else self.since + after
        session = table.session
        self.judging = None if after is None else \
            table.judging_of(session.game, people_in(session.panel, session.game))
        self.graph_open = False

    def tick(self, now: float) -> Step | None:
        """Time has passed; the next game once it is due (a kiosk never waits for a click)."""
        if self.judging is not None:
            self.judging.poll()
        if self.graph_at is not None and now >= self.graph_at:
            self.graph_open, self.graph_at = True, None
        due = self.table.policy.next_game_after
        return NextGame() if due is not None and now >= self.since + due else None

    def stands(self, won: Won | None) -> bool:
        """Whether the game as it stands is this one, won (a host resending it)."""
        return won is not None and won.key == self.key

    def deadline(self, now: float, rate: float | None = None) -> float | None:
        after = self.table.policy.next_game_after
        times = [None if after is None else self.since + after, self.graph_at]
        if self.graph_open and self.judging is not None and not self.judging.done:
            times.append(now + 0.25)  # the graph fills in
        due = [t for t in times if t is not None]
        return min(due) if due else None

    # ---------------------------------------------------------------- the words
    @property
    def winner(self) -> int:
        return self.table.session.game.winner or 0

    def status(self) -> Status:
        # Translators: the big winner's box, over the winner's colour (Red ...).
        return Status(self.winner, _("The winner is"), _(SEAT_NAME[self.winner]), big=True)

    def help(self, target: Target | None) -> str | None:
        """The graph's parts, what is on a square, else what comes next."""
        if isinstance(target, Part):
            return self.own_help(target)
        if isinstance(target, Square):
            return square_help(self.table.session.game, target.square)
        return self.referee.won(self.winner).help if target is None else None

    def click_board(self) -> Note:
        """What a click on the final board says."""
        hold = self.referee.hold()
        if hold is not None and hold.trouble:
            return hold.click
        if "new" in self.table.policy.hidden_icons:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("The game is over."))
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("The game is over: click New for another."))

    def click(self, target: Square | Part, button: int) -> Step | None:
        """A click on the final board says so; on the graph, it acts (``click_graph``)."""
        if isinstance(target, Part):
            self.click_graph(target)
        else:
            self.table.say(self.click_board())
        return None

    # ---------------------------------------------------------------- the graph
    def graph(self) -> graph_view.GraphShown | None:
        if not self.graph_open or self.judging is None:
            return None
        return graph_of(self.judging, None, buttons=not self.table.policy.kiosk)

    def hit(self, pos: tuple[int, int]) -> Part | None:
        return graph_part(self.graph(), pos)

    def parts(self) -> dict[str, pygame.Rect] | None:
        shown = self.graph()
        return None if shown is None else graph_places(shown)

    def click_graph(self, part: Part) -> None:
        """A click on the graph window: a move's point or Replay replays the game from there;
        its close icon or Close hides it (a kiosk's graph only shows)."""
        table = self.table
        table.press(part)
        game, name = table.session.game, part.name
        if table.policy.kiosk or name == "graph-window":
            return
        if name.startswith("move-"):
            table.ask(OpenReplay(game, at=int(name[5:])))
        elif name == "graph-replay":
            table.ask(OpenReplay(game, at=0))
        else:
            self.graph_open = False  # its close icon, or Close

    def look(self) -> object:
        judging = self.judging
        return self.graph_open, judging and (len(judging.points), judging.done)

    def own_help(self, part: Part) -> str | None:
        if self.table.policy.kiosk:
            return None
        if part.name.startswith("move-"):
            # Translators: the help box, 3 lines of 22 characters.
            return _("Click to replay the game from move {number}.").format(
                number=part.name[5:])
        return _(GRAPH_HELP[part.name[6:]])

    @property
    def game_shown(self) -> Game:
        return self.table.session.game

    @property
    def panel(self) -> Panel:
        return self.table.session.panel

    def frame(self) -> Board:
        game = self.table.session.game
        return game.counts, game.owners

    def to_move(self) -> int | None:
        return None  # the game is won

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        """The final board in the winner's frame, and the graph over it once it is shown."""
        session = self.table.session
        game = session.game
        marks = board_view.Marks(last=session.last_square)
        board_view.draw_board(surface, game.counts, game.owners, game.threshold, marks)
        board_view.draw_winner_frame(surface, self.winner)
        shown = self.graph()
        if shown is not None:
            pressed = self.table.cues.pressed.value
            name = pressed.name if isinstance(pressed, Part) else ""
            graph_view.draw(surface, shown, name.removeprefix("graph-"))
