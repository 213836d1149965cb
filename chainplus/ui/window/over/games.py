"""The games window as a mode, over the game it was opened from (which waits).

The Games icon opens it: Save this game writes the game on the board to the games folder and
says where; Replay this game and a click on a listed game show it in a replay with its graph
(``review.ReviewMode``, over the game, not over this window); Back and Next page through the
list (also the arrow keys); Join a network game... opens the Join dialog (``join_dialog``),
also over the game; the close icon, Close, Escape or a click outside close it.

In a window showing a host's game it has no list: Save this game keeps the host's game in the
player's own games folder, and Leave the network game brings their own game back (``joining``).
"""

from __future__ import annotations

import pygame

from chainplus.app.games import GameEntry
from chainplus.app.outcomes import Note
from chainplus.ui.art import games_view
from chainplus.ui.window import joining
from chainplus.ui.window.hosting import HostingMode
from chainplus.ui.window.mode import Mode, WindowMode
from chainplus.ui.window.over.join import JoinDialog
from chainplus.ui.window.over.review import ReviewMode
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Furniture, Part, Target

#: The most games the list offers (the games folder keeps more).
LISTED = 60
PART_HELP = {
    "save": "Save the game on the board in the games folder.",
    "replay": "Replay the game on the board, with its graph.",
    "join": "Join a game another player hosts: type its address and code.",
    "join-hosting": "Join a network game: not while this window hosts one.",
    "leave": "Hang up and go back to your own game, as you left it.",
    "back": "The page of newer games.",
    "next": "The page of older games.",
    "close": "Close the games window (Escape).",
    "close-icon": "Close the games window (Escape).",
    "window": "Click a game to replay it.",
}


class GamesMode(WindowMode):
    """The games window over the mode ``under``."""

    name = "games"

    def __init__(self, table: Table, under: Mode) -> None:
        super().__init__(table, under)
        away = table.away
        self.network = away.link.where if away is not None else None  # the host's, if joined
        self.entries: list[GameEntry] = [] if away else self.session.recent_games(LISTED)
        self.hosting = isinstance(self.under.beneath, HostingMode)  # one network game at once
        self.page = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // games_view.ROWS))

    @property
    def shown_entries(self) -> list[GameEntry]:
        first = self.page * games_view.ROWS
        return self.entries[first:first + games_view.ROWS]

    def turn(self, step: int) -> Mode:
        self.page = max(0, min(self.pages - 1, self.page + step))
        return self

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = games_view.hit(pos, len(self.shown_entries), self.network is not None)
        return None if name is None else Part(name)

    def click(self, target: Target | None, button: int) -> Mode:
        if isinstance(target, Furniture):
            return super().click(target, button)
        if not isinstance(target, Part):
            return self.close()  # a click outside the window closes it, and only that
        self.table.press(target)
        name, session = target.name, self.session
        if name in ("close", "close-icon"):
            return self.close()
        if name in ("back", "next"):
            return self.turn(-1 if name == "back" else 1)
        if name == "save":
            self.table.say(joining.save_game(self.table))
            self.entries = [] if self.network else session.recent_games(LISTED)
        elif name == "leave":
            return joining.leave(self.table)
        elif name == "join" and self.hosting:
            self.table.say(Note("This window hosts a game: join another when it is over.",
                                warn=True))
        elif name == "join":
            return JoinDialog(self.table, self.under, joining.last_address(self.table))
        elif name == "replay" and session.game.moves:
            return ReviewMode(self.table, self.under, session.game.copy(), graph=True)
        elif name.startswith("row-"):
            return self.open(self.shown_entries[int(name[4:])])
        return self

    def open(self, entry: GameEntry) -> Mode:
        opened = self.session.open_game(entry.path)
        if isinstance(opened, Note):
            self.table.say(opened)  # the file went bad since it was listed
            self.entries = self.session.recent_games(LISTED)
            return self
        return ReviewMode(self.table, self.under, opened, graph=True)

    def key(self, key: int) -> Mode | None:
        if key == pygame.K_ESCAPE:
            return self.close()
        if key in (pygame.K_LEFT, pygame.K_PAGEUP):
            return self.turn(-1)
        if key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            return self.turn(1)
        return None

    # ---------------------------------------------------------------- what is shown
    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        self.under.draw_board(surface, None)
        pressed = self.table.cues.pressed.value
        games_view.draw(surface, games_view.GamesShown(
            entries=self.shown_entries, page=self.page, pages=self.pages,
            can_save=bool(self.session.game.moves),
            pressed=pressed.name if isinstance(pressed, Part) else None, network=self.network,
            can_join=not self.hosting))

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            return "A click outside the games window closes it." if target else None
        if target.name.startswith("row-"):
            entry = self.shown_entries[int(target.name[4:])]
            return f"Replay this game: {games_view.outcome(entry)}."
        return PART_HELP["join-hosting" if target.name == "join" and self.hosting else
                         target.name]

    def default_help(self) -> str:
        if self.network is not None:
            return "Save the host's game, or leave it for your own."
        return "Games: save this one, or pick one to replay."
