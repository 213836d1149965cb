"""The games window, over the game it was opened from (which waits).

The list holds every game, the player's saved ones first, then the kept ones, each newest
first; a page is read only when it is shown. A listed game opens in a replay over the game, not
over this window. Host this game hosts a game whose network seats wait (a resumed one: a window
never starts listening on its own); the option below it opens the games hosted here to the
local network (remembered; by default only this computer may join).

In a window showing a host's game it has no list: Save this game keeps the host's game in the
player's own games folder, and Leave the network game brings their own game back. Solve a
puzzle opens one at the player's level over their game; over a puzzle, the window opens the
next, replays the solution, or brings the player's own game back.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from chainplus.app.games import NAME_SHOWN, GameEntry, Listed, folder_said
from chainplus.app.outcomes import Note
from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.ui.art import games_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.requests import (
    HostGame,
    LeaveHost,
    LeavePuzzle,
    NextPuzzle,
    OpenInfo,
    OpenJoin,
    OpenPuzzle,
    OpenReplay,
)
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Furniture, Part, Target

#: The help line for each part (translated where shown).
# Translators: the help box, 3 lines of 22 characters.
PART_HELP = {
    "save": N_("Save the game on the board in the games folder."),
    "replay": N_("Replay the game on the board, with its graph."),
    "join": N_("Join a game another player hosts: type its address and code."),
    "join-hosting": N_("Join a network game: not while this window hosts one."),
    "host": N_("Host this game: others join its network seats with its code."),
    "host-hosting": N_("This window hosts this game: the title says where others join."),
    "host-none": N_("Host this game: make a seat N (network) in the panel first."),
    "lan": N_("Ticked: the local network may join. Else only this computer."),
    "lan-fixed": N_("Not while hosting, nor when --listen says where."),
    "leave": N_("Hang up and go back to your own game, as you left it."),
    "back": N_("The page of newer games."),
    "next": N_("The page of older games."),
    "about": N_("About this program: its name, author, licence and version."),
    "puzzles": N_("Solve a puzzle at your level: win in a few moves."),
    "puzzle-next": N_("The next puzzle (this one counts as given up if tried)."),
    "puzzle-solution": N_("Replay this puzzle's solution (it counts as given up)."),
    "puzzle-leave": N_("Back to your own game, as you left it."),
    "save-none": N_("Nothing to save yet: no move has been made."),
    "replay-none": N_("Nothing to replay yet: no move has been made."),
    "back-first": N_("This is the first page: the newest games."),
    "next-last": N_("This is the last page: the oldest games."),
    "close": N_("Close the games window (Escape)."),
    "close-icon": N_("Close the games window (Escape)."),
    "window": N_("Click a game to replay it."),
    "unreadable": N_("This file is not a game record that can be replayed."),
}


class GamesWindow(Overlay):
    """The games window over the board."""

    name = "games"

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.network = table.where  # the host's address, if the window joined one
        self.puzzle = table.puzzle  # the puzzle on the board, if it is one
        self.listed: list[Listed] = self.listing()
        self.read: dict[Path, GameEntry | None] = {}  # the files read so far (None: not games)
        self.hosting = table.session.hosting  # one network game at once
        #: Where hosted games listen is the player's to choose unless --listen says.
        self.lan_fixed = table.session.options.network.listen is not None
        self.page = 0

    def listing(self) -> list[Listed]:
        """Every game, the saved first, each newest first: none while the window shows a
        host's game."""
        if self.network or self.puzzle:
            return []
        return self.table.session.files.listing()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.listed) // games_view.ROWS))

    @property
    def shown_entries(self) -> list[GameEntry | str]:
        """The page's games, read when first shown (a file that is not one: its name)."""
        first = self.page * games_view.ROWS
        rows: list[GameEntry | str] = []
        for listed in self.listed[first:first + games_view.ROWS]:
            if listed.path not in self.read:
                self.read[listed.path] = self.table.session.files.entry(listed)
            rows.append(self.read[listed.path] or listed.path.name)
        return rows

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = games_view.hit(pos, len(self.shown_entries), self.network is not None,
                              self.puzzle is not None)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        rows = {f"row-{index}": games_view.row_rect(index)
                for index in range(len(self.shown_entries))}
        network = self.network is not None
        buttons = games_view.buttons(network, self.puzzle is not None)
        ahead = {name: rect for name, rect in buttons.items() if rect.y < games_view.LIST_TOP}
        return {**ahead, **rows, **{n: r for n, r in buttons.items() if n not in ahead}}

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
            self.listed, self.page = self.listing(), 0  # saved first: it is at the top
        elif name == "leave":
            table.ask(LeaveHost())
        elif name == "puzzles":
            table.ask(OpenPuzzle())
        elif name == "puzzle-next":
            table.ask(NextPuzzle())
        elif name == "puzzle-leave":
            table.ask(LeavePuzzle())
        elif name == "puzzle-solution" and self.puzzle is not None:
            self.puzzle.give_up()
            table.ask(OpenReplay(self.puzzle.solution(), at=len(self.puzzle.puzzle.moves)))
        elif name == "about":
            table.ask(OpenInfo())
        elif name == "join" and self.hosting:
            # Translators: the help box, 3 lines of 22 characters.
            table.say(Note(_("This window hosts a game: join another when it is over."),
                           warn=True))
        elif name == "join":
            table.ask(OpenJoin())
        elif name == "host":
            self.host()
        elif name == "lan":
            self.open_to_network()
        elif name == "replay" and game.moves:
            table.ask(OpenReplay(game.copy(), graph=True))
        elif name.startswith("row-"):
            self.open(self.shown_entries[int(name[4:])])
        return True

    def host(self) -> None:
        """Host the game on the board: its network seats wait for players."""
        session = self.table.session
        if self.hosting:
            # Translators: the help box, 3 lines of 22 characters.
            self.table.say(Note(_("This window hosts this game already.")))
        elif not session.hosted:
            # Translators: the help box, 3 lines of 22 characters;
            # N is the panel's letter for a player over the network.
            self.table.say(Note(_("Make a seat N (network) in the panel first."), warn=True))
        else:
            self.table.ask(HostGame())

    def open_to_network(self) -> None:
        """Tick or untick: the games hosted here are open to the local network, or not."""
        table = self.table
        if self.lan_fixed or self.hosting:
            table.say(Note(_(PART_HELP["lan-fixed"]), warn=True))
            return
        table.say(table.session.toggle_lan())

    def open(self, entry: GameEntry | str) -> None:
        if isinstance(entry, str):
            # Translators: the help box, 3 lines of 22 characters;
            # {name} is a file's name, cut short.
            self.table.say(Note(_("Not a game record: {name}.").format(name=entry[:NAME_SHOWN]),
                                warn=True))
            return
        opened = self.table.session.open_game(entry.path)
        if isinstance(opened, Note):
            self.table.say(opened)  # the file went bad since it was listed
            self.read[entry.path] = None
        else:
            self.table.ask(OpenReplay(opened.game, graph=True, players=opened.players))

    def key(self, key: int, mod: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.turn(-1)
        elif key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.turn(1)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.turn(-self.pages if key == pygame.K_HOME else self.pages)
        else:
            return False
        return True

    # ---------------------------------------------------------------- what is shown
    def draw(self, surface: pygame.Surface) -> None:
        pressed = self.table.cues.pressed.value
        saved = sum(listed.saved for listed in self.listed)
        games_view.draw(surface, games_view.GamesShown(
            entries=self.shown_entries, page=self.page, pages=self.pages, saved=saved,
            kept=len(self.listed) - saved,
            can_save=bool(self.table.session.game.moves),
            pressed=pressed.name if isinstance(pressed, Part) else None, network=self.network,
            can_join=not self.hosting, can_host=self.can_host, lan=self.table.session.lan,
            lan_fixed=self.lan_fixed or self.hosting, record=self.record(),
            puzzle=self.puzzle is not None))

    def record(self) -> str:
        """The player's record of puzzles, in a few words (over a puzzle, which it is)."""
        progress = (self.table.keeper or self.table.session).puzzles
        solved, streak = len(progress.solved), progress.streak
        if self.puzzle is None and not solved:
            return _("None solved yet.")
        if self.puzzle is None:
            # Translators: the player's record of puzzles, beside the Solve a puzzle button:
            # how many solved, and how many of the last in a row.
            return _("{solved} solved, {streak} in a row.").format(
                solved=language.number(solved), streak=language.number(streak))
        puzzle = self.puzzle.puzzle
        # Translators: over a puzzle: its number, in how many moves it is won, its
        # difficulty (1 to 5), then the player's record: how many solved, how many of the last
        # in a row, and the longest such run.
        return _("Puzzle {number}: win in {moves}, difficulty {difficulty} of 5. You: {solved} "
                 "solved, {streak} in a row (best {best}).").format(
            number=language.number(self.puzzle.number + 1), moves=puzzle.wins_in,
            difficulty=puzzle.difficulty, solved=language.number(solved),
            streak=language.number(streak), best=language.number(progress.best))

    @property
    def can_host(self) -> bool:
        return self.table.session.hosted and not self.hosting

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            # Translators: the help box, 3 lines of 22 characters.
            return _("A click outside the games window closes it.") if target else None
        if target.name.startswith("row-"):
            entry = self.shown_entries[int(target.name[4:])]
            if isinstance(entry, str):
                return _(PART_HELP["unreadable"])
            # Translators: the help box, 3 lines of 22 characters;
            # {outcome} is a listed game's result, such as "Red won, 87 moves,
            # acorn".
            return _("Replay this game: {outcome}.").format(outcome=games_view.outcome(entry))
        if target.name == "heading":
            folder = self.table.session.files.folder
            if not folder:
                # Translators: the help box, 3 lines of 22 characters.
                return _("Games are not kept.")
            # Translators: {folder} is the games folder, shortened to 40 characters.
            return folder_said(_("Kept in {folder}."), folder, 40)
        name = target.name
        if name == "join" and self.hosting:
            name = "join-hosting"
        elif name == "host" and not self.can_host:
            name = "host-hosting" if self.hosting else "host-none"
        elif name == "lan" and (self.lan_fixed or self.hosting):
            name = "lan-fixed"
        elif name in ("save", "replay") and not self.table.session.game.moves:
            name = f"{name}-none"
        elif name == "back" and self.page == 0:
            name = "back-first"
        elif name == "next" and self.page == self.pages - 1:
            name = "next-last"
        return _(PART_HELP[name])

    def default_help(self) -> str:
        if self.puzzle is not None:
            # Translators: the help box, 3 lines of 22 characters.
            return _("The next puzzle, its solution, or back to your game.")
        if self.network is not None:
            # Translators: the help box, 3 lines of 22 characters.
            return _("Save the host's game, or leave it for your own.")
        # Translators: the help box, 3 lines of 22 characters.
        return _("Games: save this one, or pick one to replay.")
