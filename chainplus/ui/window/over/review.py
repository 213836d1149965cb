"""A game looked back on: its moves replayed on the board and its graph over it.

``ReviewWindow`` shows a game move by move in place of the game it was opened from, which
waits. Its controls lie over the icons (``art.review_view``); each step forwards shows the
move's chain as in play. Play on makes the position shown the live game (what it replaced stays
reachable with Undo).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from chainplus.app.games import Player, replay_panel
from chainplus.app.outcomes import Note
from chainplus.app.panel import SEAT_NAME, people_in
from chainplus.app.replay import Replay
from chainplus.common import language
from chainplus.common.language import N_, _, pgettext
from chainplus.core.game import Game
from chainplus.ui.art import board_view, graph_view, review_view
from chainplus.ui.window.chain import WAVE_TIME, Chain, draw_chain
from chainplus.ui.window.graph_parts import GRAPH_HELP, graph_part, graph_places
from chainplus.ui.window.judging import graph_of
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.picture import Board, Picture, Status
from chainplus.ui.window.requests import PlayOn
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import SELECT, Cell, Furniture, Part, Square, Target

#: Space and Return are not here: they press what the keys' cursor is on, as everywhere.
STEP_KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "next", pygame.K_HOME: "start",
             pygame.K_END: "end"}
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT)
#: The help line for each part of the pane (translated where shown).
# Translators: the help box, 3 lines of 22 characters.
PANE_HELP = {
    "start": N_("To the start of the game (Home)."),
    "back": N_("Back one move (Left arrow)."),
    "next": N_("On one move, its chain shown (Right arrow)."),
    "end": N_("To the end of the game (End)."),
    "play-on": N_("Play on from the move shown, with your own panel's players."),
    "graph": N_("Show or hide the graph of how the game went."),
    "close": N_("Close the replay and go back to the game (Escape)."),
    "pane": N_("The replay's controls."),
}
#: Why a button of the pane is greyed.
# Translators: the help box, 3 lines of 22 characters.
GREYED_HELP = {
    "start": N_("This is the start of the game already."),
    "back": N_("This is the start of the game already."),
    "next": N_("This is the end of the game already."),
    "end": N_("This is the end of the game already."),
    "play-on": N_("The game is won here: step back to play on from before."),
}
class ReviewWindow(Overlay):
    """``game`` replayed in place of the game on the board (which waits), from move ``at``
    (None: the end), its graph shown at once when ``graph``."""

    name = "review"

    def __init__(self, table: Table, game: Game, players: Sequence[Player], *,
                 at: int | None = None, graph: bool = False) -> None:
        super().__init__(table)
        self.replay = Replay(game, at)
        self.panel = replay_panel(players)  # who played it, never the live panel
        self.judging = table.judging_of(game, people_in(self.panel, game))
        self.graph_open = graph
        self.chain: Chain | None = None

    # ---------------------------------------------------------------- steps
    def step(self, name: str) -> None:
        """Start, back, next or end: the chain on show, if any, is finished first."""
        replay, self.chain = self.replay, None
        if name == "start":
            replay.to_start()
        elif name == "end":
            replay.to_end()
        elif name == "back":
            replay.back()
        elif name == "next":
            shown = replay.forward()
            speed = self.table.session.speed
            if shown is not None and shown.cascade.waves and WAVE_TIME[speed]:
                self.chain = Chain(shown, self.table.now, speed)

    def play_on(self) -> None:
        """The position shown becomes the live game, played from as after New."""
        note = self.table.session.play_on(self.replay.game_at())
        self.table.say(note)
        if not note.warn:
            self.table.ask(PlayOn())

    # ---------------------------------------------------------------- input
    def graph(self) -> graph_view.GraphShown:
        return graph_of(self.judging, self.replay.at, buttons=True)

    def hit(self, pos: tuple[int, int]) -> Part | None:
        part = graph_part(self.graph() if self.graph_open else None, pos)
        if part is not None:
            return part
        name = review_view.hit(pos)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        """The replay's buttons, or the graph's while it is open over them."""
        return graph_places(self.graph()) if self.graph_open else dict(review_view.BUTTONS)

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Square):
            self.step("next" if button == SELECT else "back")
            return True
        if isinstance(target, Cell):
            # Translators: the help box, 3 lines of 22 characters.
            self.table.say(Note(_("This game's players: close the replay to change yours.")))
            return True
        if not isinstance(target, Part):
            return False  # the icons and the title bar as ever
        self.table.press(target)
        name = target.name
        if name.startswith("move-"):
            self.replay.jump(int(name[5:]))
            self.chain, self.graph_open = None, False
        elif name in ("graph-close-icon", "graph-close", "graph-replay"):
            self.graph_open = False
        elif name in review_view.STEPS:
            self.step(name)
        elif name == "play-on":
            self.play_on()
        elif name == "graph":
            self.graph_open = not self.graph_open
        elif name == "close":
            self.close()
        return True

    def key(self, key: int, mod: int) -> bool:
        if key == pygame.K_ESCAPE and self.graph_open:
            self.graph_open = False
        elif key == pygame.K_ESCAPE:
            self.close()
        elif key in STEP_KEYS and not (self.graph_open and key in ARROWS):
            self.step(STEP_KEYS[key])  # over the graph the arrows move the keys' cursor
        else:
            return False
        return True

    # ---------------------------------------------------------------- time
    @property
    def animating(self) -> bool:
        return self.chain is not None

    def tick(self, now: float) -> None:
        self.judging.poll()
        if self.chain is not None and self.chain.over(now):
            self.chain = None

    def deadline(self, now: float) -> float | None:
        return None if self.judging.done or not self.graph_open else now + 0.25

    # ---------------------------------------------------------------- what is shown
    @property
    def picture(self) -> Picture:
        return self  # the replay plays the board on screen

    @property
    def game_shown(self) -> Game:
        return self.replay.position

    def look(self) -> object:
        return self.replay.at, self.graph_open, len(self.judging.points), self.judging.done

    def to_move(self) -> int | None:
        return None if self.chain is not None else self.replay.position.to_move

    def frame(self) -> Board:
        if self.chain is not None:
            return self.chain.shown.frames[max(0, self.chain.at(self.table.now)[0])]
        game = self.replay.position
        return game.counts, game.owners

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        game = self.replay.position
        if self.chain is not None:
            wave, t = self.chain.at(self.table.now)
            draw_chain(surface, self.chain.shown, game.threshold, wave, t)
        else:
            marks = board_view.Marks(last=self.replay.last_square)
            board_view.draw_board(surface, game.counts, game.owners, game.threshold, marks)
            if game.winner is not None:
                board_view.draw_winner_frame(surface, game.winner)

    def draw(self, surface: pygame.Surface) -> None:
        if self.graph_open:
            pressed = self.table.cues.pressed.value
            name = pressed.name if isinstance(pressed, Part) else ""
            graph_view.draw(surface, self.graph(), name.removeprefix("graph-"))

    def enabled(self) -> dict[str, bool]:
        """Which of the pane's buttons do something now (the others are greyed)."""
        replay = self.replay
        return {"start": not replay.at_start, "back": not replay.at_start,
                "next": not replay.at_end, "end": not replay.at_end,
                "play-on": replay.position.winner is None}

    def draw_over(self, surface: pygame.Surface) -> None:
        pressed = self.table.cues.pressed.value
        review_view.draw(surface, self.enabled(),
                         pressed.name if isinstance(pressed, Part) else None)

    def status(self) -> Status:
        replay = self.replay
        if replay.at == 0:
            # Translators: the turn box's heading and line at the start of a replayed game;
            # the line fits 20 characters.
            return Status(None, pgettext("turn box heading", "Replay"), _("The start"))
        seat = replay.mover(replay.at - 1)
        # Translators: the turn box's heading in a replay: the move shown, of how many; 22
        # characters.
        head = _("Move {number} of {count}").format(number=language.number(replay.at),
                                                    count=language.number(len(replay)))
        return Status(seat, head, _(SEAT_NAME[seat]))

    def own_help(self, target: Target | None) -> str | None:
        if isinstance(target, Square):
            # Translators: the help box, 3 lines of 22 characters.
            return _("Replay: click for the next move, Adjust for the one before.")
        if isinstance(target, Furniture) or not isinstance(target, Part):
            return None
        name = target.name
        if name.startswith("move-"):
            # Translators: the help box, 3 lines of 22 characters.
            return _("Click to see the board after move {number}.").format(
                number=language.number(int(name[5:])))
        if name.startswith("graph-"):
            return _(GRAPH_HELP[name[6:]])
        if not self.enabled().get(name, True):
            return _(GREYED_HELP[name])
        return _(PANE_HELP[name])

    def default_help(self) -> str:
        # Translators: the help box, 3 lines of 22 characters.
        return _("Replay: Next and Back step through the game; Close goes back to it.")

