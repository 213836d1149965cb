"""The games window, over the game it was opened from (which waits).

The Games icon opens it: Save this game writes the game on the board to the games folder and
says where; Replay this game and a click on a listed game show it in a replay with its graph
(``review``, over the game, not over this window); Back and Next page through the list (also
the arrow keys); Join a network game... opens the Join dialog (``join``), also over the game;
the close icon, Close, Escape or a click outside close it.

In a window showing a host's game it has no list: Save this game keeps the host's game in the
player's own games folder, and Leave the network game brings their own game back.
"""

from __future__ import annotations

import pygame

from chainplus.app.games import GameEntry
from chainplus.app.outcomes import Note
from chainplus.ui.art import games_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.requests import LeaveHost, OpenJoin, OpenReplay
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


class GamesWindow(Overlay):
    """The games window over the board."""

    name = "games"

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.network = table.where  # the host's address, if the window joined one
        self.entries: list[GameEntry] = self.listed()
        self.hosting = table.session.hosting  # one network game at once
        self.page = 0

    def listed(self) -> list[GameEntry]:
        """The games to list: none while the window shows a host's game."""
        return [] if self.network else self.table.session.recent_games(LISTED)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // games_view.ROWS))

    @property
    def shown_entries(self) -> list[GameEntry]:
        first = self.page * games_view.ROWS
        return self.entries[first:first + games_view.ROWS]

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = games_view.hit(pos, len(self.shown_entries), self.network is not None)
        return None if name is None else Part(name)

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Furniture):
            return False  # the game window's own close and size
        if not isinstance(target, Part):
            self.close()  # a click outside the window closes it, and only that
            return True
        table, name = self.table, target.name
        table.press(target)
        game = table.session.game
        if name in ("close", "close-icon"):
            self.close()
        elif name in ("back", "next"):
            self.turn(-1 if name == "back" else 1)
        elif name == "save":
            table.say(table.save_game())
            self.entries = self.listed()
        elif name == "leave":
            table.ask(LeaveHost())
        elif name == "join" and self.hosting:
            table.say(Note("This window hosts a game: join another when it is over.", warn=True))
        elif name == "join":
            table.ask(OpenJoin())
        elif name == "replay" and game.moves:
            table.ask(OpenReplay(game.copy(), graph=True))
        elif name.startswith("row-"):
            self.open(self.shown_entries[int(name[4:])])
        return True

    def open(self, entry: GameEntry) -> None:
        opened = self.table.session.open_game(entry.path)
        if isinstance(opened, Note):
            self.table.say(opened)  # the file went bad since it was listed
            self.entries = self.listed()
        else:
            self.table.ask(OpenReplay(opened, graph=True))

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.turn(-1)
        elif key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.turn(1)
        else:
            return False
        return True

    # ---------------------------------------------------------------- what is shown
    def draw(self, surface: pygame.Surface) -> None:
        pressed = self.table.cues.pressed.value
        games_view.draw(surface, games_view.GamesShown(
            entries=self.shown_entries, page=self.page, pages=self.pages,
            can_save=bool(self.table.session.game.moves),
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
