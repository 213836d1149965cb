"""What every mode of the board answers (``Mode``): what the board is doing now.

The App holds one board mode at a time (windows over the board stack above it: ``over``); it
answers clicks and the passing of time and returns the mode that comes next (itself while
nothing changes). The game's own modes are in ``modes``; the demonstration a kiosk plays when
left alone is ``demo.DemoMode``.
"""

from __future__ import annotations

import pygame

from chainplus.app.explain import square_help
from chainplus.app.session import Note, Session
from chainplus.core.game import Game
from chainplus.ui.art import board_view
from chainplus.ui.window.controls import Effect, act
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Part, Square, Target


class Mode:
    """What every mode answers; the defaults suit a board that just sits there."""

    name = "mode"
    wakes_on_idle = True  # a kiosk left alone long enough starts a demonstration

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def animating(self) -> bool:
        """True while every frame differs from the last."""
        return False

    # ---------------------------------------------------------------- input
    def click(self, target: Target | None, button: int) -> Mode:
        """A Select or Adjust click on ``target`` (None: on nothing)."""
        if isinstance(target, Square):
            self.table.press(target)
            self.table.cues.refusal.clear()
            return self.click_board(target.square, button)
        if target is None:
            return self
        return self.follow(act(self.table, target, button))

    def click_board(self, square: int, button: int) -> Mode:
        return self

    def hit(self, pos: tuple[int, int]) -> Part | None:
        """What is under ``pos`` in a window this mode shows over the screen, if any."""
        return None

    def settled(self) -> Mode:
        """This mode with whatever it is showing finished at once (a chain), to set aside."""
        return self

    @property
    def game_shown(self) -> Game:
        """The game whose seats the panel shows in play (a replay's, over the session's)."""
        return self.shown.session.game

    def follow(self, effect: Effect) -> Mode:
        """The mode after an icon's action: this one, a hint refused (a hint is for a human to
        move). The game's modes (``modes``) play on after New and Undo (``Effect.RESTART``)."""
        if effect is Effect.HINT:
            self.table.say(Note("A hint is for a human seat to move.", warn=True))
        return self

    # ---------------------------------------------------------------- time
    def tick(self, now: float) -> Mode:
        """The mode after time has passed."""
        return self

    def deadline(self, now: float) -> float | None:
        """When this mode next needs an update with no event, or None."""
        return None

    def leave(self) -> None:
        """Called when another mode takes over."""

    # ---------------------------------------------------------------- what is shown
    @property
    def shown(self) -> Table:
        """The table on screen (a demonstration shows its own)."""
        return self.table

    @property
    def board_mode(self) -> Mode:
        """The mode playing the board on screen (a demonstration's own mode)."""
        return self

    def icons_work(self) -> bool:
        return True

    def human_to_move(self) -> bool:
        return False

    def hover(self, pointer: tuple[int, int] | None) -> int | None:
        """The square to highlight under the pointer: one the human to move may play."""
        square = board_view.square_at(pointer) if pointer is not None else None
        if square is None or not self.human_to_move() or not self.session.game.is_legal(square):
            return None
        return square

    def waiting_seats(self) -> frozenset[int]:
        """The network seats the game waits for someone to join (the panel marks them)."""
        return frozenset()

    def title(self) -> str | None:
        """The title bar's words, when not the game's name (where a network game is)."""
        return None

    def frame(self) -> Board:
        """The (counts, owners) on screen now."""
        game = self.session.game
        return game.counts, game.owners

    def look(self) -> object:
        """What this mode shows that changes by itself (a graph filling in): when it changes,
        the screen is drawn again."""
        return None

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        counts, owners = self.frame()
        marks = board_view.Marks(hover=self.hover(pointer), last=self.session.last_square)
        board_view.draw_board(surface, counts, owners, self.session.game.threshold, marks)

    def status(self) -> Status:
        return Status(None, "", "")

    def default_help(self) -> str:
        return ""

    def own_help(self, target: Target | None) -> str | None:
        """The help line for ``target`` when this mode has its own words for it."""
        return None

    def square_help(self, square: int) -> str:
        """The help line for the pointer on ``square``: what it is on the board, and when it
        explodes under the rules in play."""
        return square_help(self.session.game, square)
