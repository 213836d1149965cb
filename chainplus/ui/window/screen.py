"""The whole 640x480 RISC OS screen drawn from the board's mode and the windows over it:
window furniture, the board, the icons, the player panel, the turn box and the help line.

Drawing only, and it reads everything it draws from the mode, the windows and the table;
nothing here changes state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from chainplus.common import language
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.core.rules import SEATS
from chainplus.ui.art import board_view, languages_view, panel_view, widgets
from chainplus.ui.art.theme import BLACK, GREY1, ORANGE, PANEL, TITLE, WORK_AREA
from chainplus.ui.window.controls import FURNITURE_HELP, ICON_BY_NAME, IconControl, cell_help
from chainplus.ui.window.mode import BoardMode
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.picture import Board, Picture
from chainplus.ui.window.targets import Cell, Furniture, Icon, Square, Target, Tongue
from chainplus.ui.window.worker import HINT

#: The hint square flashes at this many on/off steps a second; the thinking dots step at it too.
FLASH_RATE = 4


def next_flash(now: float) -> float:
    """When the hint's flash and the thinking dots next step."""
    return (math.floor(now * FLASH_RATE) + 1) / FLASH_RATE


def picture_of(mode: BoardMode, windows: Sequence[Overlay]) -> Picture:
    """What plays the board on screen: the top window's own board (a replay's), else the
    board's mode."""
    return next((w.picture for w in reversed(windows) if w.picture), mode.picture)


def thinking(mode: BoardMode, windows: Sequence[Overlay]) -> bool:
    """Whether the turn box shows the thinking dots: a computer of the window's thinks (not a
    hint), and the box is not the winner's nor a demonstration's (whose computers answer at
    once: the dots would only flicker)."""
    job = mode.shown.services.worker.job
    return job is not None and job.kind != HINT and mode.icons_work() \
        and not picture_of(mode, windows).status().big


def label_centres(icons: dict[str, pygame.Rect]) -> dict[str, int]:
    """Each icon's label centre, row by row, so that long words do not run together (within
    the panel's width, which the portrait picture shows whole)."""
    rows: dict[int, list[str]] = {}
    for name, rect in sorted(icons.items(), key=lambda item: item[1].x):
        rows.setdefault(rect.bottom, []).append(name)
    centres: dict[str, int] = {}
    for names in rows.values():
        words = [_(ICON_BY_NAME[name].label) for name in names]
        rects = [icons[name] for name in names]
        centres.update(zip(names, widgets.label_centres(rects, words, PANEL), strict=True))
    return centres


def draw(surface: pygame.Surface, mode: BoardMode, windows: Sequence[Overlay],
         icons: dict[str, pygame.Rect], pointer: tuple[int, int] | None, focused: bool,
         portrait: bool = False, switch: Sequence[str] = (),
         switch_pressed: str | None = None) -> None:
    """Paint the whole screen but the help box for the board's ``mode`` and the ``windows``
    over it, bottom first; the title fits the ``portrait`` picture's title bar if shown, and a
    kiosk's language ``switch`` takes the title's place (``switch_pressed``: the language
    held down)."""
    table = mode.shown
    picture = picture_of(mode, windows)
    now, cues = table.now, table.cues
    pressed = cues.pressed.value
    surface.fill(GREY1, WORK_AREA)
    pygame.draw.rect(surface, BLACK, WORK_AREA, 1)
    furniture = pressed.name if isinstance(pressed, Furniture) else None
    title = mode.title(widgets.title_room(portrait)) or _(TITLE)
    widgets.window_frame(surface, focused, furniture, show_close=table.policy.furniture,
                         show_toggle=table.policy.furniture, title="" if switch else title)
    if switch:
        languages_view.draw(surface, switch, language.current(), switch_pressed)
    picture.draw_board(surface, None if windows else pointer)
    for window in windows:
        window.draw(surface)
    if cues.hint.value is not None:
        board_view.draw_hint(surface, cues.hint.value, int(now * FLASH_RATE) % 2 == 0)
    if cues.refusal.value is not None:
        board_view.draw_refusal(surface, cues.refusal.value)
    centres = label_centres(icons)
    for name, rect in icons.items():
        icon = ICON_BY_NAME[name]
        enabled = icon_works(mode, bool(windows), icon)
        widgets.icon(surface, rect, icon.glyph(table), pressed=pressed == Icon(name),
                     enabled=enabled)
        widgets.label(surface, rect, _(icon.label), enabled, centres[name])
    for window in windows:
        window.draw_over(surface)
    game = picture.game_shown
    squares = squares_in(picture.frame())
    shown = panel_view.PanelShown(game.seats, squares, out_on(squares, game),
                                  mode.waiting_seats())
    cell = (pressed.seat, pressed.column) if isinstance(pressed, Cell) else None
    panel_view.draw_panel(surface, picture.panel, shown, cell, picture.to_move())
    status = picture.status()
    head = status.head
    if thinking(mode, windows):
        dots = int(now * FLASH_RATE) % 4
        head = head + "." * dots + " " * (3 - dots)  # a fixed width, so it does not jiggle
    panel_view.draw_status(surface, status.seat, head, status.line, status.big)


def icon_works(mode: BoardMode, window_open: bool, icon: IconControl) -> bool:
    """Whether ``icon`` works now (else it is greyed): the board's mode lets icons work, and
    the icon's own test (Undo: moves to take back; Hint: a human to move, no window open)."""
    human = mode.human_to_move() and not window_open
    return mode.icons_work() and icon.enabled(mode.shown, human)


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard's cursor on what it is on: a thick orange ring inside a black line, seen
    on the white board, the grey icons and every seat's colour."""
    ring = rect.inflate(4, 4)
    pygame.draw.rect(surface, BLACK, ring.inflate(2, 2), 1)
    pygame.draw.rect(surface, ORANGE, ring, 3)


def draw_help(surface: pygame.Surface, help_line: tuple[str, bool]) -> None:
    """The help box: its (text, warn)."""
    text, warn = help_line
    panel_view.draw_help(surface, text, warn)


def help_text(mode: BoardMode, window: Overlay | None, under: Target | None) -> tuple[str, bool]:
    """The message of the moment, else help for what is under the pointer, else the line of
    the ``window`` on top or the board's ``mode`` (a demonstration always invites a click)."""
    table = mode.shown
    if not mode.icons_work():
        return mode.help(None) or "", False
    message = table.cues.message.value
    if message is not None:
        return message.text, message.warn
    return target_help(mode, window, under), False


def target_help(mode: BoardMode, window: Overlay | None, target: Target | None) -> str:
    """One line on what a click on ``target`` does, or on the square it is: the window on
    top says first, else the board's mode."""
    table = mode.shown
    own = window.own_help(target) if window is not None else None
    if own is None and (window is None or isinstance(target, Square)):
        own = mode.help(target)  # the board's own words: a square, the graph, a seat, nothing
    if own is not None:
        return own
    if isinstance(target, Icon):
        icon = ICON_BY_NAME[target.name]
        if icon.greyed is not None and not icon_works(mode, window is not None, icon):
            return icon.greyed(table, window is not None)  # why it is greyed
        return icon.help(table)
    if isinstance(target, Cell):
        return cell_help(table.session, target.seat, target.column)
    if isinstance(target, Furniture):
        return _(FURNITURE_HELP[target.name])
    if isinstance(target, Tongue):
        return language.own_name(target.code)  # a visitor reads the language in its own name
    return window.default_help() if window is not None else mode.help(None) or ""


def squares_in(frame: Board) -> list[int]:
    """Squares per seat (index 0 unused) on a frame, so the panel changes in step with it."""
    owners = frame[1]
    return [0] + [owners.count(seat) for seat in SEATS]


def out_on(frame_squares: list[int], game: Game) -> set[int]:
    """Seats shown crossed out: knocked out in the game and with nothing left on the frame."""
    return {s for s in game.seats if s not in game.alive and not frame_squares[s]}
