"""The rules window: how to play, page by page, each a few sentences and an animated scene in
the board's art, and a last page that chooses the next game's rules. A kiosk's how-to-play is
the same window, its pages turning by themselves.

It is drawn inside the picture's left part, so a portrait arrangement that moves the board
moves it too. Drawing only: ``RulesShown`` says what to draw, and the rectangles here are what
a click can hit.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.app.tour import Page
from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.core.rules import Rules
from chainplus.ui.art import diagram, font
from chainplus.ui.art.theme import (
    BLACK,
    CREAM,
    DARK_BLUE,
    GREY1,
    GREY2,
    GREY4,
    RED,
    SEAT_COLOUR,
    TITLE_H,
    WHITE,
)
from chainplus.ui.art.widgets import (
    bevel,
    box,
    button_words,
    dialog_close,
    dialog_frame,
    dialog_title_bar,
    fitting_scale,
    outline_text,
    part_at,
    well,
)

WINDOW = Rect(6, 30, 428, 444)
TITLE_BAR = dialog_title_bar(WINDOW)
CLOSE = dialog_close(WINDOW)
BODY = Rect(WINDOW.x + 14, WINDOW.y + TITLE_H + 8, WINDOW.w - 28, 0)
#: Characters of the 8-pixel font in a line of the body.
COLUMNS = BODY.w // 8
TEXT_TOP = BODY.y + 40
LINE_H = 17
SCENE_CENTRE = (WINDOW.centerx, TEXT_TOP + 4 * LINE_H + 8 + 78)
CAPTION_TOP = SCENE_CENTRE[1] + 78 + 12
DOTS_Y = WINDOW.bottom - 64
BUTTON_Y, BUTTON_H, BUTTON_W = WINDOW.bottom - 46, 34, 104
#: The footer's buttons, and the choice page's radio and option icons, by name.
BUTTONS = {
    "back": Rect(WINDOW.x + 14, BUTTON_Y, BUTTON_W, BUTTON_H),
    "close": Rect(WINDOW.centerx - BUTTON_W // 2, BUTTON_Y, BUTTON_W, BUTTON_H),
    "next": Rect(WINDOW.right - 14 - BUTTON_W, BUTTON_Y, BUTTON_W, BUTTON_H),
}
CHOICES = {
    "acorn": Rect(BODY.x, TEXT_TOP + 4 * LINE_H + 4, BODY.w, 44),
    "classic": Rect(BODY.x, TEXT_TOP + 4 * LINE_H + 56, BODY.w, 44),
    "explain": Rect(BODY.x, TEXT_TOP + 4 * LINE_H + 150, BODY.w, 44),
}
# Translators: the rules window's buttons, 13 characters each.
BUTTON_LABEL = {"back": N_("< Back"), "close": N_("Close"), "next": N_("Next >")}
#: Each choice's two lines (translated where drawn).
CHOICE_WORDS = {
    # Translators: a choice of rules on the rules window's last page, two lines of 45
    # characters: its name and what it does. Acorn made the computer the 1990 game ran on.
    "acorn": (N_("Acorn: the 1990 original"), N_("a square explodes one piece past its mass")),
    # Translators: a choice of rules, two lines of 45 characters: its name and what it does.
    "classic": (N_("Classic: as most later versions"),
                # Translators: what the classic rules do, one line of 45 characters.
                N_("a square explodes on reaching its mass")),
    # Translators: an option on the rules window's last page, two lines of 45 characters:
    # what it does, and when.
    "explain": (N_("Explain what happens"),
                # Translators: when the option explains, one line of 45 characters.
                N_("the first time each thing happens")),
}
#: How long after a picture is due its window wakes to draw it: the time into the page read
#: then may round a hair short of the step otherwise, and show the last picture again.
LATE = 1e-6
#: The part of every two seconds the invitation's words sink a pixel (as its frame changes
#: colour, so that both change together).
INVITE_DIP = (1.0, 1.28)


@dataclass(frozen=True, kw_only=True)
class RulesShown:
    """What the rules window shows: page ``number`` of ``count`` (``page`` None: the choice of
    rules), the rules it is told in (``playing``) and those chosen for the next game
    (``chosen``); ``locked``: the choice is the operator's; ``tour``: a kiosk's how-to-play,
    no buttons but the ``invite`` to play."""

    number: int
    count: int
    page: Page | None
    elapsed: float
    playing: Rules
    chosen: Rules
    explaining: bool = False
    locked: bool = False
    pressed: str | None = None
    tour: bool = False
    invite: str = ""


def title(shown: RulesShown) -> str:
    page, count = language.number(shown.number + 1), language.number(shown.count)
    if shown.tour:
        # Translators: the title of a kiosk's how-to-play: the page shown of how many.
        return _("How to play ({page} of {count})").format(page=page, count=count)
    # Translators: the rules window's title: the page shown of how many.
    return _("Rules ({page} of {count})").format(page=page, count=count)


def draw(surface: pygame.Surface, shown: RulesShown) -> None:
    """The whole window as ``shown`` says."""
    dialog_frame(surface, WINDOW, title(shown), shown.pressed == "close-icon",
                 closable=not shown.tour)
    page = shown.page
    # Translators: the heading of the rules window's last page, in large letters: 25 characters.
    heading = page.heading if page is not None else _("Which rules")
    font.draw(surface, heading, (BODY.x, BODY.y), DARK_BLUE, fitting_scale(heading, BODY.w, 2))
    if page is None:
        _draw_choice(surface, shown)
    else:
        _draw_page(surface, page, shown)
    _draw_dots(surface, shown)
    if shown.tour:
        _draw_invite(surface, shown.invite, shown.elapsed)
    else:
        _draw_buttons(surface, shown)


def wrapped(text: str, columns: int = COLUMNS) -> list[str]:
    return textwrap.wrap(text, columns)


#: The lines of a page's sentences above its scene; more push the scene and caption down.
TEXT_LINES = 4


def page_places(page: Page) -> tuple[list[str], Rect, int]:
    """A page's sentences wrapped, where its scene is drawn and the top of its caption: a
    language that needs more lines moves the scene down into the room over the dots."""
    lines = wrapped(page.text)
    down = max(0, len(lines) - TEXT_LINES) * LINE_H
    area = diagram.scene_rect(page, (SCENE_CENTRE[0], SCENE_CENTRE[1] + down))
    return lines, area, CAPTION_TOP + down


def _draw_page(surface: pygame.Surface, page: Page, shown: RulesShown) -> None:
    lines, area, caption_top = page_places(page)
    for i, line in enumerate(lines):
        font.draw(surface, line, (BODY.x, TEXT_TOP + i * LINE_H), BLACK)
    step = diagram.draw_scene(surface, area, page, shown.playing, shown.elapsed)
    for i, line in enumerate(wrapped(step.caption)[:2]):
        font.draw(surface, line, (WINDOW.centerx, caption_top + i * LINE_H), BLACK,
                  align="center")


def _draw_choice(surface: pygame.Surface, shown: RulesShown) -> None:
    # Translators: "acorn" is the rules' name, as the command line and the Games window say it.
    text = _("Chain+ plays by the original's rules (acorn) or the classic rules most later "
             "versions use. A change counts from the next game.")
    for i, line in enumerate(wrapped(text)):
        font.draw(surface, line, (BODY.x, TEXT_TOP + i * LINE_H), BLACK)
    ink = GREY4 if shown.locked else BLACK
    for name in ("acorn", "classic"):
        _option(surface, CHOICES[name], name, shown.chosen == name, ink, radio=True)
    # Translators: {rules} is the rules' name (acorn, classic); one line of 50 characters.
    playing = _("This game is played by {rules} rules.").format(rules=shown.playing)
    if shown.locked:
        # Translators: {rules} is the rules' name (acorn, classic); one line of 50 characters.
        playing = _("This kiosk plays by {rules} rules.").format(rules=shown.playing)
    font.draw(surface, playing, (BODY.x, CHOICES["classic"].bottom + 14), BLACK)
    _option(surface, CHOICES["explain"], "explain", shown.explaining, ink, radio=False)


def _option(surface: pygame.Surface, rect: Rect, name: str, on: bool, ink: tuple[int, ...],
            radio: bool) -> None:
    """A RISC OS radio icon (a round well with a dot) or option icon (a square well with a
    tick), and its two lines of words."""
    mark = Rect(rect.x + 2, rect.y + 6, 22, 22)
    if radio:
        pygame.draw.circle(surface, WHITE, mark.center, 11)
        pygame.draw.circle(surface, GREY4, mark.center, 11, 2)
        pygame.draw.circle(surface, BLACK, mark.center, 11, 1)
        if on:
            pygame.draw.circle(surface, ink, mark.center, 5)
    else:
        well(surface, mark)
        pygame.draw.rect(surface, BLACK, mark, 1)
        if on:
            pygame.draw.lines(surface, ink, False, [(mark.x + 5, mark.y + 11),
                                                   (mark.x + 9, mark.y + 16),
                                                   (mark.x + 17, mark.y + 5)], 3)
    first, second = (_(words) for words in CHOICE_WORDS[name])
    font.draw(surface, first, (mark.right + 10, rect.y + 2), ink)
    font.draw(surface, second, (mark.right + 10, rect.y + 2 + LINE_H), GREY4 if ink != BLACK
              else BLACK)


def _draw_dots(surface: pygame.Surface, shown: RulesShown) -> None:
    """A dot a page, the one shown filled."""
    pitch = 18
    left = WINDOW.centerx - (shown.count - 1) * pitch // 2
    for i in range(shown.count):
        centre = (left + i * pitch, DOTS_Y)
        pygame.draw.circle(surface, DARK_BLUE if i == shown.number else WHITE, centre, 5)
        pygame.draw.circle(surface, BLACK, centre, 5, 1)


def _draw_buttons(surface: pygame.Surface, shown: RulesShown) -> None:
    enabled = {"back": shown.number > 0, "close": True, "next": shown.number < shown.count - 1}
    for name, rect in BUTTONS.items():
        box(surface, rect, GREY1, shown.pressed == name)
        button_words(surface, rect, _(BUTTON_LABEL[name]), BLACK if enabled[name] else GREY2)


def _invite_look(elapsed: float) -> tuple[int, int]:
    """The invitation ``elapsed`` seconds into the page: its frame's seat colour (the next each
    second) and how far its words sink (a pixel, ``INVITE_DIP`` of every two seconds)."""
    into = elapsed % 2.0
    return int(elapsed) % 4 + 1, 0 if INVITE_DIP[0] <= into < INVITE_DIP[1] else 1


def _invite_next(elapsed: float) -> float:
    """When the invitation next changes, in seconds into the page."""
    began = elapsed - elapsed % 2.0
    edges = (math.floor(elapsed) + 1.0, began + INVITE_DIP[0], began + INVITE_DIP[1])
    return min(edge for edge in edges if edge > elapsed)


def next_change(shown: RulesShown) -> float | None:
    """When the window's picture next changes by itself, in seconds into its page (the
    scene's next picture, the invitation's next colour or bob), ``LATE`` after; None: not
    until someone acts."""
    times = []
    if shown.page is not None:
        times.append(diagram.frame_at(shown.page, shown.elapsed).end)
    if shown.tour:
        times.append(_invite_next(shown.elapsed))
    return min(times) + LATE if times else None


def _draw_invite(surface: pygame.Surface, invite: str, elapsed: float) -> None:
    """Where the buttons would be: a banner inviting a visitor to play, its frame stepping
    through the seat colours as the demonstration's does."""
    banner = Rect(WINDOW.x + 14, BUTTON_Y - 4, WINDOW.w - 28, BUTTON_H + 8)
    seat, pulse = _invite_look(elapsed)
    surface.fill(CREAM, banner)
    pygame.draw.rect(surface, SEAT_COLOUR[seat], banner, 4)
    pygame.draw.rect(surface, BLACK, banner, 1)
    bevel(surface, banner.inflate(-8, -8), raised=True, width=1)
    outline_text(surface, invite, (banner.centerx, banner.y + 5 + pulse), RED, 2, "center")


def hit(pos: tuple[int, int], shown_choice: bool, tour: bool) -> str | None:
    """The name of what is under ``pos`` in the window (``shown_choice``: the choice page is
    shown): a button, a choice, "close-icon", "title", or "page" for the rest of the window;
    None outside it."""
    if not WINDOW.collidepoint(pos):
        return None
    if tour:
        return "page"
    parts = {"close-icon": CLOSE, "title": TITLE_BAR, **BUTTONS}
    parts |= CHOICES if shown_choice else {}
    return part_at(pos, parts) or "page"
