"""The Join dialog: a RISC OS dialog box over the board with two writable icons (the host's
address and its code), a line for what went wrong, and Cancel, Watch (as a spectator) and
Join, the default action framed in its channel as RISC OS marks the button Return presses.

Drawing only: ``JoinShown`` says what to draw; the rectangles here are what a click can hit.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.common.language import N_, _
from chainplus.ui.art import font
from chainplus.ui.art.theme import BLACK, CREAM, GREY1, GREY4, RED, WHITE
from chainplus.ui.art.widgets import (
    bevel,
    box,
    button_words,
    dialog_close,
    dialog_frame,
    dialog_title_bar,
    part_at,
    well,
)

WINDOW = Rect(24, 72, 396, 222)
TITLE_BAR = dialog_title_bar(WINDOW)
CLOSE = dialog_close(WINDOW)
TITLE = N_("Join a network game")
LEFT = WINDOW.x + 14
INTRO_Y = WINDOW.y + 34
FIELD_X, FIELD_H, PAD = WINDOW.x + 94, 28, 6
#: Characters each writable icon shows at a time (longer text scrolls).
COLUMNS = {"address": 34, "code": 12}
FIELDS = {
    name: Rect(FIELD_X, WINDOW.y + 60 + row * 38, COLUMNS[name] * font.GLYPH_WIDTH + 2 * PAD + 2,
               FIELD_H)
    for row, name in enumerate(COLUMNS)
}
#: The writable icons' labels and the buttons' words (translated where drawn).
LABEL = {
    # Translators: the Join dialog's labels, left of the writable icons: 9 characters.
    "address": N_("Address"), "code": N_("Code"),
    # Translators: the Join dialog's buttons, 11 characters each. Watch: join as a spectator.
    "cancel": N_("Cancel"), "watch": N_("Watch"), "join": N_("Join"),
}
LINE_Y = WINDOW.y + 140
#: The note or problem under the fields: a longer one wraps onto a second line.
LINE_COLUMNS, LINE_H = (WINDOW.right - 14 - LEFT) // font.GLYPH_WIDTH, 16
BUTTON_Y, BUTTON_H, BUTTON_W = WINDOW.bottom - 46, 34, 96
BUTTONS = {
    "cancel": Rect(WINDOW.right - 26 - 3 * BUTTON_W - 28, BUTTON_Y, BUTTON_W, BUTTON_H),
    "watch": Rect(WINDOW.right - 26 - 2 * BUTTON_W - 16, BUTTON_Y, BUTTON_W, BUTTON_H),
    "join": Rect(WINDOW.right - 20 - BUTTON_W, BUTTON_Y, BUTTON_W, BUTTON_H),
}
# Translators: the Join dialog's first line: 46 characters.
INTRO = N_("Type the address and code the host gave you.")


@dataclass(frozen=True)
class FieldShown:
    """One writable icon: the characters in sight and the caret's column among them (None:
    the caret is in the other icon)."""

    text: str
    caret: int | None


@dataclass(frozen=True, kw_only=True)
class JoinShown:
    """What the dialog shows: its two writable icons, one line (``problem`` in red when the
    last Join could not go ahead, else ``note``), and the button held down."""

    fields: dict[str, FieldShown]
    note: str
    problem: str | None = None
    pressed: str | None = None


def draw(surface: pygame.Surface, shown: JoinShown) -> None:
    dialog_frame(surface, WINDOW, _(TITLE), shown.pressed == "close-icon")
    font.draw(surface, _(INTRO), (LEFT, INTRO_Y), BLACK)
    for name, rect in FIELDS.items():
        font.draw(surface, _(LABEL[name]), (LEFT, rect.y + PAD), BLACK)
        _writable(surface, rect, shown.fields[name])
    line, ink = (shown.problem, RED) if shown.problem is not None else (shown.note, GREY4)
    for i, words in enumerate(textwrap.wrap(line, LINE_COLUMNS) or [""]):
        font.draw(surface, words, (LEFT, LINE_Y + i * LINE_H), ink)
    channel = BUTTONS["join"].inflate(12, 12)  # the default action's channel
    surface.fill(CREAM, channel)
    bevel(surface, channel, raised=False)
    for name, rect in BUTTONS.items():
        box(surface, rect, GREY1, shown.pressed == name)
        button_words(surface, rect, _(LABEL[name]), BLACK)


def _writable(surface: pygame.Surface, rect: Rect, field: FieldShown) -> None:
    well(surface, rect, WHITE)
    pygame.draw.rect(surface, BLACK, rect, 1)
    x, y = rect.x + PAD + 1, rect.y + PAD
    font.draw(surface, field.text, (x, y), BLACK)
    if field.caret is not None:  # the RISC OS caret: a red bar with serifs
        cx = x + field.caret * font.GLYPH_WIDTH - 1
        top, bottom = y - 2, y + font.GLYPH_HEIGHT * font.HEIGHT_FACTOR + 1
        pygame.draw.rect(surface, RED, (cx, top, 2, bottom - top + 1))
        for end in (top, bottom):
            pygame.draw.line(surface, RED, (cx - 2, end), (cx + 3, end))


def hit(pos: tuple[int, int]) -> str | None:
    """The part under ``pos``: a button, "close-icon", "title", a writable icon as its name
    and the column nearest the point ("address-3": between the third and fourth characters
    shown), "window" for the rest of the dialog; None outside it."""
    if not WINDOW.collidepoint(pos):
        return None
    part = part_at(pos, {"close-icon": CLOSE, "title": TITLE_BAR, **BUTTONS})
    if part is not None:
        return part
    for name, rect in FIELDS.items():
        if rect.collidepoint(pos):
            column = round((pos[0] - rect.x - PAD - 1) / font.GLYPH_WIDTH)
            return f"{name}-{max(0, min(COLUMNS[name], column))}"
    return "window"
