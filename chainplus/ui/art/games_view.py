"""The games window: a RISC OS window over the board to save the game on the board, replay
it, pick one of the games saved and kept (the saved first, each newest first), a page of them
at a time, join a network game or host this one, open a puzzle, or say what the program is
(About...). In a window showing a host's game it saves that game or leaves it instead; over a
puzzle it opens the next, replays the solution, or goes back to the player's own game.

Drawing only: ``GamesShown`` says what to draw, and the rectangles here are what a click can
hit. Each game's row shows when it was played, each seat's shape (the winner's framed), who
won in how many moves, its rules, and whether the player saved it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.app.games import GameEntry
from chainplus.app.panel import SEAT_NAME
from chainplus.common import language
from chainplus.common.language import N_, _, ngettext, pgettext
from chainplus.ui.art import board_view, font
from chainplus.ui.art.theme import BLACK, DARK_BLUE, GREY1, GREY2, GREY4, WHITE
from chainplus.ui.art.widgets import (
    box,
    button_words,
    dialog_close,
    dialog_frame,
    dialog_title_bar,
    part_at,
)

WINDOW = Rect(6, 30, 428, 444)
TITLE_BAR = dialog_title_bar(WINDOW)
CLOSE = dialog_close(WINDOW)
LEFT, WIDTH = WINDOW.x + 14, WINDOW.w - 28
TOP_BUTTONS = {
    "save": Rect(LEFT, WINDOW.y + 34, WIDTH // 2 - 4, 32),
    "replay": Rect(LEFT + WIDTH // 2 + 4, WINDOW.y + 34, WIDTH // 2 - 4, 32),
    "join": Rect(LEFT, WINDOW.y + 72, WIDTH // 2 - 4, 32),
    "host": Rect(LEFT + WIDTH // 2 + 4, WINDOW.y + 72, WIDTH // 2 - 4, 32),
    "puzzles": Rect(LEFT, WINDOW.y + 110, WIDTH // 2 - 4, 32),
    "lan": Rect(LEFT, WINDOW.y + 145, WIDTH, 20),  # an option icon and its words
}
#: Where the player's record of puzzles is said, beside the Puzzles button.
RECORD_AT = (LEFT + WIDTH // 2 + 8, WINDOW.y + 118)
LIST_TOP = WINDOW.y + 190
HEADING = Rect(LEFT, LIST_TOP - 22, WIDTH, 20)  # what is listed; the folder in the help
ROW_H, ROWS = 42, 5
BUTTON_Y, BUTTON_H, BUTTON_W, BUTTON_GAP = WINDOW.bottom - 46, 34, 94, 8
#: Back and Next at the ends, where the pages turn; About... (the Info box) and Close between.
FOOTER = {name: Rect(LEFT + i * (BUTTON_W + BUTTON_GAP), BUTTON_Y, BUTTON_W, BUTTON_H)
          for i, name in enumerate(("back", "about", "close", "next"))}
#: In a window showing a host's game, a shorter window: Save it, or Leave it for the
#: player's own, a few words on what they do, and About... and Close where the longer has them.
NETWORK_WINDOW = Rect(WINDOW.x, WINDOW.y, WINDOW.w, 214)
NETWORK_TEXT_Y = WINDOW.y + 90
NETWORK_BUTTONS = {"save": TOP_BUTTONS["save"], "leave": TOP_BUTTONS["replay"],
                   **{name: FOOTER[name].move(0, NETWORK_WINDOW.bottom - WINDOW.bottom)
                      for name in ("about", "close")}}
#: Over a puzzle: the next, its solution replayed, or back to the player's own game, then a
#: few words on the player's record, and About... and Close where the network window has them.
PUZZLE_BUTTONS = {"puzzle-next": TOP_BUTTONS["save"], "puzzle-solution": TOP_BUTTONS["replay"],
                  "puzzle-leave": TOP_BUTTONS["join"],
                  **{name: NETWORK_BUTTONS[name] for name in ("about", "close")}}
#: Each button's words (translated where drawn).
LABEL = {
    # Translators: the games window's buttons: half the window wide, 24 characters.
    "puzzle-next": N_("Next puzzle"), "puzzle-solution": N_("Show the solution"),
    "puzzle-leave": N_("Back to your game"), "puzzles": N_("Solve a puzzle"),
    "save": N_("Save this game"), "replay": N_("Replay this game"),
    "join": N_("Join a network game..."), "host": N_("Host this game"),
    # Translators: an option's words beside its tick box, across the window: 47 characters.
    "lan": N_("Let the local network join games hosted here"),
    "leave": N_("Leave the network game"),
    # Translators: the games window's footer buttons: 11 characters each.
    "back": N_("< Back"), "about": N_("About..."), "close": N_("Close"), "next": N_("Next >"),
}


def row_rect(index: int) -> Rect:
    return Rect(LEFT, LIST_TOP + index * ROW_H, WIDTH, ROW_H - 4)


@dataclass(frozen=True, kw_only=True)
class GamesShown:
    """What the games window shows: ``entries`` on page ``page`` of ``pages``, whether the
    game on the board can be saved and replayed (it has moves), and the button held down;
    ``network`` is the host's address when the window shows the host's game."""

    entries: Sequence[GameEntry | str]  # a file that is not a game: its name
    page: int
    pages: int
    saved: int = 0  # how many games the player saved, listed first
    kept: int = 0  # and how many won games are kept
    can_save: bool
    pressed: str | None = None
    network: str | None = None
    can_join: bool = True  # not while the window hosts a network game
    can_host: bool = False  # the game has network seats and the window does not host it yet
    lan: bool = False  # the games hosted here are open to the local network
    lan_fixed: bool = False  # that cannot be changed now (hosting, or --listen given)
    #: The player's record of puzzles in a few words; over a puzzle, a window of its own.
    record: str = ""
    puzzle: bool = False


def buttons(network: bool, puzzle: bool = False) -> dict[str, Rect]:
    """The buttons shown: a window's own, or those of a window showing a host's game or a
    puzzle."""
    if puzzle:
        return PUZZLE_BUTTONS
    return NETWORK_BUTTONS if network else {**TOP_BUTTONS, **FOOTER}


def draw(surface: pygame.Surface, shown: GamesShown) -> None:
    window = NETWORK_WINDOW if shown.network is not None or shown.puzzle else WINDOW
    if shown.puzzle:
        title = _("Puzzle")
    elif shown.network:
        title = _("Network game")
    else:
        # Translators: the games window's title: the page shown of how many.
        title = _("Games ({page} of {pages})").format(
            page=language.number(shown.page + 1), pages=language.number(shown.pages))
    dialog_frame(surface, window, title, shown.pressed == "close-icon")
    enabled = {"save": shown.can_save, "replay": shown.can_save, "back": shown.page > 0,
               "next": shown.page < shown.pages - 1, "join": shown.can_join,
               "host": shown.can_host}
    for name, rect in buttons(shown.network is not None, shown.puzzle).items():
        if name == "lan":
            _option(surface, rect, shown.lan, not shown.lan_fixed)
            continue
        box(surface, rect, GREY1, shown.pressed == name)
        button_words(surface, rect, _(LABEL[name]), BLACK if enabled.get(name, True) else GREY2)
    if shown.puzzle:
        _words(surface, shown.record, TOP_BUTTONS["puzzles"].y + 2)
        return
    if shown.network is not None:
        _network(surface, shown.network)
        return
    _words(surface, shown.record, RECORD_AT[1], RECORD_AT[0])
    font.draw(surface, heading(shown.saved, shown.kept), (LEFT, LIST_TOP - 20), BLACK)
    if not shown.entries:
        font.draw(surface, _("None yet. Win a game, or save one."), (LEFT, LIST_TOP + 8), GREY4)
    for index, entry in enumerate(shown.entries):
        _row(surface, row_rect(index), entry, shown.pressed == f"row-{index}")


def _option(surface: pygame.Surface, rect: Rect, on: bool, enabled: bool) -> None:
    """A RISC OS option icon, ticked when ``on``, with its words beside it."""
    tick = Rect(rect.x, rect.y + 2, 16, 16)
    box(surface, tick, WHITE, False)
    colour = BLACK if enabled else GREY2
    if on:
        x, y = tick.topleft
        points = [(x + 3, y + 8), (x + 7, y + 12), (x + 13, y + 3)]
        pygame.draw.lines(surface, colour, False, points, 2)
    font.draw(surface, _(LABEL["lan"]), (tick.right + 6, rect.y + 2), colour)


def heading(saved: int, kept: int) -> str:
    """What the list holds, in the order it holds them (an empty list says so underneath)."""
    if not saved and not kept:
        return _("Games won and saved:")
    if not saved:
        return ngettext("{count} game won, newest first:", "{count} games won, newest first:",
                        kept).format(count=language.number(kept))
    # Translators: over the list of games: how many the player saved, then how many won
    # games are kept; the list's width, 50 characters.
    return _("{saved} saved, then {kept} won; newest first:").format(
        saved=language.number(saved), kept=language.number(kept))


def _row(surface: pygame.Surface, rect: Rect, entry: GameEntry | str, pressed: bool) -> None:
    box(surface, rect, WHITE, pressed)
    x, y = rect.x + 8, rect.y + 2
    if isinstance(entry, str):
        font.draw(surface, entry[:WIDTH // font.GLYPH_WIDTH - 2], (x, y), GREY4)
        # Translators: under the name of a file in the games folder that is not a game.
        font.draw(surface, _("not a game record"), (x, y + 18), GREY4)
        return
    font.draw(surface, language.date_time(entry.when), (x, y), BLACK)
    if entry.saved:
        # Translators: at the right of a listed game the player saved (not only kept).
        font.draw(surface, pgettext("a listed game", "saved"), (rect.right - 8, y), DARK_BLUE,
                  align="right")
    y += 18
    for player in entry.players:
        mark = Rect(x, y + 1, 14, 14)
        board_view.draw_shape(surface, player.seat, mark)
        if player.seat == entry.winner:
            pygame.draw.rect(surface, BLACK, mark.inflate(4, 4), 1)
        x += 20
    font.draw(surface, outcome(entry), (x + 4, y), BLACK)


def _network(surface: pygame.Surface, where: str) -> None:
    # Translators: {where} is the host's address, such as 192.168.1.20:5000.
    text = _("This window shows the game at {where}. Save keeps it in your games folder; "
             "Leave hangs up and brings back your own game as you left it.").format(where=where)
    _words(surface, text, NETWORK_TEXT_Y)


def _words(surface: pygame.Surface, text: str, y: int, x: int = LEFT) -> None:
    """``text`` wrapped to the window's right edge, from (``x``, ``y``)."""
    width = (LEFT + WIDTH - x) // font.GLYPH_WIDTH
    for i, line in enumerate(textwrap.wrap(text, width)):
        font.draw(surface, line, (x, y + i * 18), BLACK)


def outcome(entry: GameEntry) -> str:
    """A game's result in a few words, e.g. "Red won, 87 moves, acorn"."""
    count, moves = entry.moves, language.number(entry.moves)
    if entry.winner is None:
        # Translators: a listed game's result; {rules} is the rules' name (acorn, classic).
        return ngettext("unfinished, {count} move, {rules}", "unfinished, {count} moves, {rules}",
                        count).format(count=moves, rules=entry.rules)
    # Translators: a listed game's result: {seat} is a colour (Red, Blue, Green, Yellow).
    return ngettext("{seat} won, {count} move, {rules}", "{seat} won, {count} moves, {rules}",
                    count).format(seat=_(SEAT_NAME[entry.winner]), count=moves, rules=entry.rules)


def hit(pos: tuple[int, int], rows: int, network: bool = False,
        puzzle: bool = False) -> str | None:
    """The part under ``pos`` (``rows`` games listed; ``network``, ``puzzle``: the buttons of
    a window showing a host's game or a puzzle): a button, "row-N", "close-icon", "window" for
    the rest of the window; None outside it."""
    if not (NETWORK_WINDOW if network or puzzle else WINDOW).collidepoint(pos):
        return None
    rows_shown = {f"row-{index}": row_rect(index) for index in range(rows)}
    listing = {} if network or puzzle else {"heading": HEADING}
    return part_at(pos, {"close-icon": CLOSE, **buttons(network, puzzle), **listing,
                         **rows_shown}) or "window"
