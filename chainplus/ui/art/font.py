"""The game's pixel font: our own 8x8 bitmaps in the spirit of the 1990 RISC OS system font.

RISC OS drew its 8x8 system font doubled in height on a 640x480 screen, so every glyph here is
8 pixels wide and 16 high at scale 1. The bitmaps below were drawn for this project ('#' ink,
'.' paper); capitals and digits use rows 0-6, lowercase x-height is rows 2-6, and descenders
reach row 7. Rendered glyphs are cached per (character, colour, scale) because the game redraws
its text every frame it changes.
"""

from __future__ import annotations

import pygame

GLYPH_WIDTH = 8
GLYPH_HEIGHT = 8
HEIGHT_FACTOR = 2  # the RISC OS 640x480 modes doubled the 8x8 font vertically

# Bands of up to eight glyphs: a line naming the characters, then their eight pixel rows.
_SHEET = r"""
!        "        #        $        %        &        '        (
...##... .##..##. .##.##.. ...##... ##...##. ..###... ...##... ....##..
...##... .##..##. .##.##.. ..#####. ##..##.. .##.##.. ...##... ...##...
...##... .##..##. #######. .##.#... ...##... ..###... ..##.... ..##....
...##... ........ .##.##.. ..####.. ..##.... .###.##. ........ ..##....
...##... ........ #######. ...#.##. .##..##. ##.###.. ........ ..##....
........ ........ .##.##.. .#####.. ##...##. ##..##.. ........ ...##...
...##... ........ .##.##.. ...##... ........ .###.##. ........ ....##..
........ ........ ........ ........ ........ ........ ........ ........

)        *        +        ,        -        .        /        0
..##.... ........ ........ ........ ........ ........ ........ ..####..
...##... .##..##. ...##... ........ ........ ........ .....##. .##..##.
....##.. ..####.. ...##... ........ ........ ........ ....##.. .##.###.
....##.. .######. .######. ........ .######. ........ ...##... .######.
....##.. ..####.. ...##... ........ ........ ........ ..##.... .###.##.
...##... .##..##. ...##... ...##... ........ ...##... .##..... .##..##.
..##.... ........ ........ ...##... ........ ...##... ##...... ..####..
........ ........ ........ ..##.... ........ ........ ........ ........

1        2        3        4        5        6        7        8
...##... ..####.. ..####.. ....##.. .######. ...###.. .######. ..####..
..###... .##..##. .##..##. ...###.. .##..... ..##.... .....##. .##..##.
...##... .....##. .....##. ..####.. .#####.. .##..... ....##.. .##..##.
...##... ....##.. ...###.. .##.##.. .....##. .#####.. ...##... ..####..
...##... ...##... .....##. .######. .....##. .##..##. ..##.... .##..##.
...##... ..##.... .##..##. ....##.. .##..##. .##..##. ..##.... .##..##.
.######. .######. ..####.. ....##.. ..####.. ..####.. ..##.... ..####..
........ ........ ........ ........ ........ ........ ........ ........

9        :        ;        <        =        >        ?        @
..####.. ........ ........ ....##.. ........ ..##.... ..####.. ..####..
.##..##. ........ ........ ...##... ........ ...##... .##..##. .##..##.
.##..##. ...##... ...##... ..##.... .######. ....##.. ....##.. .##.###.
..#####. ...##... ...##... .##..... ........ .....##. ...##... .##.#.#.
.....##. ........ ........ ..##.... .######. ....##.. ...##... .##.###.
....##.. ...##... ...##... ...##... ........ ...##... ........ .##.....
..###... ...##... ...##... ....##.. ........ ..##.... ...##... ..####..
........ ........ ..##.... ........ ........ ........ ........ ........

A        B        C        D        E        F        G        H
...##... .#####.. ..####.. .####... .######. .######. ..####.. .##..##.
..####.. .##..##. .##..##. .##.##.. .##..... .##..... .##..##. .##..##.
.##..##. .##..##. .##..... .##..##. .##..... .##..... .##..... .##..##.
.##..##. .#####.. .##..... .##..##. .#####.. .#####.. .##.###. .######.
.######. .##..##. .##..... .##..##. .##..... .##..... .##..##. .##..##.
.##..##. .##..##. .##..##. .##.##.. .##..... .##..... .##..##. .##..##.
.##..##. .#####.. ..####.. .####... .######. .##..... ..####.. .##..##.
........ ........ ........ ........ ........ ........ ........ ........

I        J        K        L        M        N        O        P
.######. ...####. .##..##. .##..... ##...##. .##..##. ..####.. .#####..
...##... .....##. .##.##.. .##..... ###.###. .###.##. .##..##. .##..##.
...##... .....##. .####... .##..... #######. .######. .##..##. .##..##.
...##... .....##. .###.... .##..... ##.#.##. .##.###. .##..##. .#####..
...##... .....##. .####... .##..... ##.#.##. .##..##. .##..##. .##.....
...##... .##..##. .##.##.. .##..... ##...##. .##..##. .##..##. .##.....
.######. ..####.. .##..##. .######. ##...##. .##..##. ..####.. .##.....
........ ........ ........ ........ ........ ........ ........ ........

Q        R        S        T        U        V        W        X
..####.. .#####.. ..####.. .######. .##..##. .##..##. ##...##. .##..##.
.##..##. .##..##. .##..##. ...##... .##..##. .##..##. ##...##. .##..##.
.##..##. .##..##. .##..... ...##... .##..##. .##..##. ##.#.##. ..####..
.##..##. .#####.. ..####.. ...##... .##..##. .##..##. ##.#.##. ...##...
.##.#.#. .##.##.. .....##. ...##... .##..##. .##..##. #######. ..####..
.##.##.. .##..##. .##..##. ...##... .##..##. ..####.. ###.###. .##..##.
..##.##. .##..##. ..####.. ...##... ..####.. ...##... ##...##. .##..##.
........ ........ ........ ........ ........ ........ ........ ........

Y        Z        [        \        ]        ^        _        `
.##..##. .######. ..####.. ........ ..####.. ...##... ........ ..##....
.##..##. .....##. ..##.... ##...... ....##.. ..####.. ........ ...##...
.##..##. ....##.. ..##.... .##..... ....##.. .##..##. ........ ....##..
..####.. ...##... ..##.... ..##.... ....##.. ........ ........ ........
...##... ..##.... ..##.... ...##... ....##.. ........ ........ ........
...##... .##..... ..##.... ....##.. ....##.. ........ ........ ........
...##... .######. ..####.. .....##. ..####.. ........ ........ ........
........ ........ ........ ........ ........ ........ ######## ........

a        b        c        d        e        f        g        h
........ .##..... ........ .....##. ........ ...####. ........ .##.....
........ .##..... ........ .....##. ........ ..##.... ........ .##.....
..####.. .#####.. ..#####. ..#####. ..####.. .#####.. ..#####. .#####..
.....##. .##..##. .##..... .##..##. .##..##. ..##.... .##..##. .##..##.
..#####. .##..##. .##..... .##..##. .######. ..##.... .##..##. .##..##.
.##..##. .##..##. .##..... .##..##. .##..... ..##.... ..#####. .##..##.
..#####. .#####.. ..#####. ..#####. ..####.. ..##.... .....##. .##..##.
........ ........ ........ ........ ........ ........ ..####.. ........

i        j        k        l        m        n        o        p
...##... ....##.. .##..... ..###... ........ ........ ........ ........
........ ........ .##..... ...##... ........ ........ ........ ........
..###... ...###.. .##..##. ...##... ######.. .#####.. ..####.. .#####..
...##... ....##.. .##.##.. ...##... ##.#.##. .##..##. .##..##. .##..##.
...##... ....##.. .####... ...##... ##.#.##. .##..##. .##..##. .##..##.
...##... ....##.. .##.##.. ...##... ##.#.##. .##..##. .##..##. .#####..
..####.. .##.##.. .##..##. ..####.. ##.#.##. .##..##. ..####.. .##.....
........ ..###... ........ ........ ........ ........ ........ .##.....

q        r        s        t        u        v        w        x
........ ........ ........ ..##.... ........ ........ ........ ........
........ ........ ........ ..##.... ........ ........ ........ ........
..#####. .#####.. ..#####. .#####.. .##..##. .##..##. ##...##. .##..##.
.##..##. .##..##. .##..... ..##.... .##..##. .##..##. ##.#.##. ..####..
.##..##. .##..... ..####.. ..##.... .##..##. .##..##. ##.#.##. ...##...
..#####. .##..... .....##. ..##.... .##..##. ..####.. #######. ..####..
.....##. .##..... .#####.. ...###.. ..#####. ...##... .##.##.. .##..##.
.....##. ........ ........ ........ ........ ........ ........ ........

y        z        {        |        }        ~        £        ×
........ ........ ....##.. ...##... ..##.... ........ ...###.. ........
........ ........ ...##... ...##... ...##... ........ ..##.##. .##..##.
.##..##. .######. ...##... ...##... ...##... ........ ..##.... ..####..
.##..##. ....##.. ..##.... ...##... ....##.. .###..#. .#####.. ...##...
.##..##. ...##... ...##... ...##... ...##... ##.###.. ..##.... ..####..
..#####. ..##.... ...##... ...##... ...##... ........ .##..... .##..##.
.....##. .######. ....##.. ...##... ..##.... ........ .######. ........
..####.. ........ ........ ...##... ........ ........ ........ ........

←        →        ↑        ↓        •        …
........ ........ ...##... ...##... ........ ........
..##.... ....##.. ..####.. ...##... ........ ........
.##..... .....##. .######. ...##... ..###... ........
#######. #######. ...##... ...##... .#####.. ........
.##..... .....##. ...##... .######. .#####.. ........
..##.... ....##.. ...##... ..####.. ..###... ##.##.##
........ ........ ...##... ...##... ........ ##.##.##
........ ........ ........ ........ ........ ........
"""

_UNKNOWN_ROWS = (
    "........",
    ".######.",
    ".#....#.",
    ".#....#.",
    ".#....#.",
    ".#....#.",
    ".######.",
    "........",
)
_CACHE_LIMIT = 4096


def _parse_sheet(sheet: str) -> dict[str, tuple[str, ...]]:
    """Read the bands of _SHEET into {character: eight row strings}."""
    glyphs: dict[str, tuple[str, ...]] = {" ": ("." * GLYPH_WIDTH,) * GLYPH_HEIGHT}
    lines = sheet.strip("\n").split("\n")
    for start in range(0, len(lines), GLYPH_HEIGHT + 2):
        names = lines[start].split()
        rows = [line.split(" ") for line in lines[start + 1 : start + 1 + GLYPH_HEIGHT]]
        for index, name in enumerate(names):
            glyphs[name] = tuple(row[index] for row in rows)
    return glyphs


GLYPHS: dict[str, tuple[str, ...]] = _parse_sheet(_SHEET)
_glyph_cache: dict[tuple[str, tuple[int, int, int, int], int], pygame.Surface] = {}


def rgba(colour: pygame.typing.ColorLike) -> tuple[int, int, int, int]:
    """Any colour pygame accepts as plain (r, g, b, a): equal colours give equal cache keys."""
    r, g, b, a = pygame.Color(colour)
    return (r, g, b, a)


def _check_scale(scale: int) -> None:
    if not isinstance(scale, int) or scale < 1:
        raise ValueError(f"font scale must be a whole number from 1 up, not {scale!r}")


def glyph_surface(char: str, colour: pygame.typing.ColorLike, scale: int = 1) -> pygame.Surface:
    """One character as a transparent surface (shared from the cache: do not draw on it)."""
    _check_scale(scale)
    key = (char, rgba(colour), scale)
    surface = _glyph_cache.get(key)
    if surface is None:
        if len(_glyph_cache) >= _CACHE_LIMIT:
            _glyph_cache.clear()
        rows = GLYPHS.get(char, _UNKNOWN_ROWS)
        surface = pygame.Surface(
            (GLYPH_WIDTH * scale, GLYPH_HEIGHT * HEIGHT_FACTOR * scale), pygame.SRCALPHA
        )
        ink = pygame.Color(key[1])
        tall = HEIGHT_FACTOR * scale
        for y, row in enumerate(rows):
            x = row.find("#")
            while x != -1:  # one rect per horizontal run keeps the fills few
                end = row.find(".", x)
                end = GLYPH_WIDTH if end == -1 else end
                surface.fill(ink, (x * scale, y * tall, (end - x) * scale, tall))
                x = row.find("#", end)
        _glyph_cache[key] = surface
    return surface


def size(text: str, scale: int = 1) -> tuple[int, int]:
    """Pixel size of text; lines split at newlines stack 16*scale apart."""
    _check_scale(scale)
    lines = text.split("\n")
    widest = max(len(line) for line in lines)
    return widest * GLYPH_WIDTH * scale, len(lines) * GLYPH_HEIGHT * HEIGHT_FACTOR * scale


def render(text: str, colour: pygame.typing.ColorLike, scale: int = 1) -> pygame.Surface:
    """Text on a new transparent surface, lines left-aligned; unknown characters show as boxes."""
    surface = pygame.Surface(size(text, scale), pygame.SRCALPHA)
    _blit_lines(surface, text, surface.get_rect(), colour, scale, "left")
    return surface


def draw(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    colour: pygame.typing.ColorLike,
    scale: int = 1,
    align: str = "left",
) -> pygame.Rect:
    """Draw text onto surface and return the rect it covers.

    pos is the top-left ("left"), top-centre ("center") or top-right ("right") of the text;
    with several lines each line is aligned on its own.
    """
    if align not in ("left", "center", "right"):
        raise ValueError(f"align must be 'left', 'center' or 'right', not {align!r}")
    width, height = size(text, scale)
    x, y = int(pos[0]), int(pos[1])
    left = {"left": x, "center": x - width // 2, "right": x - width}[align]
    area = pygame.Rect(left, y, width, height)
    _blit_lines(surface, text, area, colour, scale, align)
    return area


def _blit_lines(
    surface: pygame.Surface,
    text: str,
    area: pygame.Rect,
    colour: pygame.typing.ColorLike,
    scale: int,
    align: str,
) -> None:
    """The lines of ``text`` from the top of ``area``, each aligned within its width."""
    step = GLYPH_WIDTH * scale
    line_height = GLYPH_HEIGHT * HEIGHT_FACTOR * scale
    left, y, width = area.left, area.top, area.width
    for line in text.split("\n"):
        spare = width - len(line) * step
        x = left + {"left": 0, "center": spare // 2, "right": spare}[align]
        surface.fblits(
            [
                (glyph_surface(char, colour, scale), (x + i * step, y))
                for i, char in enumerate(line)
                if char != " "
            ]
        )
        y += line_height
