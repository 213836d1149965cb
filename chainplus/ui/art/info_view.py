"""The Info box: the RISC OS "About this program" window, labelled read-only fields down a
column, drawn as the RISC OS Style Guide draws them, and under them the language the game
speaks, a RISC OS radio choice of each language by its own name. No buttons: like the
original's, it goes when the player clicks elsewhere.

Drawing only: ``InfoShown`` says what to draw; the rectangles here are what a click can hit.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.ui.art import font
from chainplus.ui.art.theme import BLACK, GREY1, GREY4, TITLE_H, WHITE
from chainplus.ui.art.widgets import dialog_close, dialog_frame, dialog_title_bar, part_at, well

# Translators: the Info box's title, as RISC OS names every program's Info window.
TITLE = N_("About this program")
#: The fields, top to bottom, and their labels (translated where drawn).
# Translators: the Info box's labels, left of each field: 8 characters.
LABEL = {"name": N_("Name"), "purpose": N_("Purpose"), "author": N_("Author"),
         # Translators: the Info box's labels, left of each field: 8 characters.
         "licence": N_("Licence"), "version": N_("Version")}
#: Lines a field holds (one unless said).
LINES = {"purpose": 2}
LINE_H, PAD = 17, 6
#: A display field one line high (as RISC OS's, 52 OS units) and the space between fields.
FIELD_H, GAP = 26, 6
LEFT, TOP, WIDTH = 30, 116, 384  # over the middle of the board, not covering all of it
LABEL_RIGHT = LEFT + 78
FIELD_X = LABEL_RIGHT + 8
FIELD_W = LEFT + WIDTH - 14 - FIELD_X
#: Characters of the 8-pixel font a field shows on a line.
COLUMNS = (FIELD_W - 2 * PAD) // font.GLYPH_WIDTH


def _fields() -> dict[str, Rect]:
    """Each field's display rectangle, down the column."""
    rects, y = {}, TOP + TITLE_H + 12
    for name in LABEL:
        height = FIELD_H + (LINES.get(name, 1) - 1) * LINE_H
        rects[name] = Rect(FIELD_X, y, FIELD_W, height)
        y += height + GAP
    return rects


FIELDS = _fields()
# Translators: the Info box's label left of the choice of languages: 8 characters.
LANGUAGE_LABEL = N_("Language")
#: The choice of languages: a radio icon and a name in each slot, across then down.
CHOICE_COLUMNS, CHOICE_ROWS, CHOICE_H = 3, 2, 22
CHOICE_W = FIELD_W // CHOICE_COLUMNS
CHOICES = tuple(Rect(FIELD_X + (i % CHOICE_COLUMNS) * CHOICE_W,
                     FIELDS["version"].bottom + GAP + 4 + (i // CHOICE_COLUMNS) * CHOICE_H,
                     CHOICE_W - 4, CHOICE_H - 2)
                for i in range(CHOICE_COLUMNS * CHOICE_ROWS))
WINDOW = Rect(LEFT, TOP, WIDTH, CHOICES[-1].bottom + 12 - TOP)
TITLE_BAR = dialog_title_bar(WINDOW)
CLOSE = dialog_close(WINDOW)
#: What a click or the pointer finds for each field: the field and its label.
ROWS = {name: Rect(WINDOW.x + 14, rect.y, rect.right - WINDOW.x - 14, rect.h)
        for name, rect in FIELDS.items()}
#: Each slot of the choice by its part name ("language-0" ...).
CHOICE_PARTS = {f"language-{i}": rect for i, rect in enumerate(CHOICES)}


@dataclass(frozen=True, kw_only=True)
class InfoShown:
    """What the Info box shows: each field's words by name (``LABEL``'s), and the part held
    down."""

    values: Mapping[str, str]
    pressed: str | None = None
    languages: tuple[str, ...] = ()  # the choice, each by its code, a slot each
    spoken: str = language.ENGLISH


def lines(value: str, name: str) -> list[str]:
    """``value`` as field ``name`` shows it: wrapped to its width, at most its lines."""
    return textwrap.wrap(value, COLUMNS)[:LINES.get(name, 1)]


def draw(surface: pygame.Surface, shown: InfoShown) -> None:
    """The whole window as ``shown`` says."""
    dialog_frame(surface, WINDOW, _(TITLE), shown.pressed == "close-icon")
    for name, rect in FIELDS.items():
        font.draw(surface, _(LABEL[name]), (LABEL_RIGHT, rect.y + 5), BLACK, align="right")
        well(surface, rect, GREY1)
        for i, line in enumerate(lines(shown.values.get(name, ""), name)):
            font.draw(surface, line, text_at(name, i), BLACK)
    font.draw(surface, _(LANGUAGE_LABEL), (LABEL_RIGHT, CHOICES[0].y + 3), BLACK, align="right")
    for code, rect in zip(shown.languages, CHOICES, strict=False):
        _radio(surface, rect, language.own_name(code), code == shown.spoken)


def _radio(surface: pygame.Surface, rect: Rect, name: str, on: bool) -> None:
    """A RISC OS radio icon, a round well dotted when ``on``, and the language's name."""
    centre = (rect.x + 8, rect.centery)
    pygame.draw.circle(surface, WHITE, centre, 7)
    pygame.draw.circle(surface, GREY4, centre, 7, 2)
    pygame.draw.circle(surface, BLACK, centre, 7, 1)
    if on:
        pygame.draw.circle(surface, BLACK, centre, 3)
    font.draw(surface, name, (rect.x + 20, rect.y + 2), BLACK)


def text_at(name: str, line: int) -> tuple[int, int]:
    """The top left of line ``line`` of field ``name``'s words."""
    rect = FIELDS[name]
    return rect.x + PAD, rect.y + 5 + line * LINE_H


def hit(pos: tuple[int, int]) -> str | None:
    """The part under ``pos``: "close-icon", "title", a field by name (its label too), a
    slot of the choice of languages ("language-0" ...), "window" for the rest of the window;
    None outside it."""
    if not WINDOW.collidepoint(pos):
        return None
    return part_at(pos, {"close-icon": CLOSE, "title": TITLE_BAR, **ROWS, **CHOICE_PARTS}) \
        or "window"
