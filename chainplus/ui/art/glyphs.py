"""Icon symbols for the game's buttons, drawn in code so they stay pixel-crisp at 1x.

The window scales the 640x480 picture by whole pixels (``chainplus.ui.window.scaler``), so
every symbol is built from whole pixels with no antialiasing: straight parts with pygame.draw,
curves and diagonals by testing each pixel centre against the shape. Symbols are cached per
(name, size, colour): the icons redraw often but rarely change.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from chainplus.ui.art import font

Colour = tuple[int, int, int, int]
_Painter = Callable[[pygame.Surface, int, int, Colour], None]
_CACHE_LIMIT = 512
_cache: dict[tuple[str, int, Colour], pygame.Surface] = {}


# -- pixel helpers -------------------------------------------------------------------------------


def _fill_where(g: pygame.Surface, colour: Colour, inside: Callable[[float, float], bool]) -> None:
    """Set every pixel whose centre lies inside the shape; centres keep shapes symmetric."""
    width, height = g.get_size()
    for y in range(height):
        for x in range(width):
            if inside(x + 0.5, y + 0.5):
                g.set_at((x, y), colour)


@dataclass(frozen=True, kw_only=True)
class Arc:
    """Part of a circle: its centre and outer radius, from angle ``start`` to ``end`` (degrees,
    anticlockwise, 0 = pointing right; 0 to 360 is the whole ring)."""

    centre: tuple[float, float]
    radius: float
    start: float
    end: float


def _arc(g: pygame.Surface, colour: Colour, arc: Arc, thickness: float) -> None:
    """A thick stroke along ``arc``, inwards from its radius."""
    (cx, cy), radius, start = arc.centre, arc.radius, arc.start
    span = (arc.end - start) % 360 or 360

    def inside(x: float, y: float) -> bool:
        distance = math.hypot(x - cx, y - cy)
        if not radius - thickness <= distance <= radius:
            return False
        angle = math.degrees(math.atan2(cy - y, x - cx))
        return (angle - start) % 360 <= span

    _fill_where(g, colour, inside)


def _band(
    g: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    end: tuple[float, float],
    thickness: float,
) -> None:
    """A straight stroke with square ends, as pixel centres within thickness/2 of the segment."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length

    def inside(x: float, y: float) -> bool:
        along = (x - x0) * ux + (y - y0) * uy
        across = -(x - x0) * uy + (y - y0) * ux
        return 0 <= along <= length and abs(across) <= thickness / 2

    _fill_where(g, colour, inside)


def _erase(g: pygame.Surface, rect: tuple[int, int, int, int]) -> None:
    g.fill((0, 0, 0, 0), rect)


def _centred_span(a: int, size: int) -> int:
    """Left edge that centres size pixels in a, rounding the same way for every symbol."""
    return (a - size) // 2


# -- the symbols (each paints on an a x a transparent square with stroke t) ------------------


def _new(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """Two four-pointed sparkles: a fresh start."""

    def sparkle(cx: float, cy: float, reach: float, waist: float) -> None:
        points = []
        for k in range(8):
            angle = math.pi / 2 * (k // 2) + (math.pi / 4 if k % 2 else 0)
            r = reach if k % 2 == 0 else waist
            points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
        pygame.draw.polygon(g, colour, [(round(x), round(y)) for x, y in points])

    sparkle(a * 0.42, a * 0.58, a * 0.42, a * 0.11)
    sparkle(a * 0.8, a * 0.2, a * 0.2, a * 0.06)


def _undo(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """An arrow that turns back on itself: head at top left, U-turn on the right."""
    radius = a * 0.3
    cx, cy = a * 0.6, a * 0.55
    _arc(g, colour, Arc(centre=(cx, cy), radius=radius, start=-90, end=90), t)
    top = round(cy - radius)
    bottom = round(cy + radius)
    head = round(a * 0.25)
    tip_x = round(a * 0.08)
    pygame.draw.rect(g, colour, (tip_x + head - 1, top, round(cx) - (tip_x + head - 1), t))
    pygame.draw.rect(g, colour, (round(a * 0.22), bottom - t, round(cx) - round(a * 0.22), t))
    mid = top + t / 2
    tip = (tip_x, round(mid - 0.5))
    pygame.draw.polygon(
        g, colour, [tip, (tip_x + head, round(mid - head)), (tip_x + head, round(mid + head - 1))]
    )


def _hint(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """A light bulb: round glass, a narrowing neck and a screw base."""
    cx = a / 2
    radius = a * 0.32
    cy = radius + a * 0.04
    neck_top = cy + radius * 0.62
    neck_half = a * 0.17

    def glass(x: float, y: float) -> bool:
        distance = math.hypot(x - cx, y - cy)
        if radius - t <= distance <= radius and y < neck_top:
            return True
        in_neck_rows = neck_top <= y <= neck_top + t * 0.75 + 0.5
        return in_neck_rows and neck_half - t <= abs(x - cx) <= neck_half

    _fill_where(g, colour, glass)
    base_w = round(neck_half * 2)
    left = _centred_span(a, base_w)
    y = round(neck_top + t * 0.75) + 1
    for row in range(2):
        pygame.draw.rect(g, colour, (left, y + row * (t + 1), base_w, t))
    tip_w = max(2, base_w - 2 * t)
    pygame.draw.rect(g, colour, (_centred_span(a, tip_w), y + 2 * (t + 1), tip_w, t))


def _chevrons(count: int, bar: bool) -> _Painter:
    def paint(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
        height = round(a * 0.62) | 1  # odd, so the point sits on a pixel row
        depth = height // 2
        thick = t + 1
        gap = t
        step = thick + gap
        width = depth + thick + (count - 1) * step + (gap + t if bar else 0)
        x = _centred_span(a, width)
        top = _centred_span(a, height)
        mid = top + depth
        for _ in range(count):
            pygame.draw.polygon(
                g,
                colour,
                [
                    (x, top),
                    (x + thick - 1, top),
                    (x + thick - 1 + depth, mid),
                    (x + thick - 1, top + height - 1),
                    (x, top + height - 1),
                    (x + depth, mid),
                ],
            )
            x += step
        if bar:
            pygame.draw.rect(g, colour, (x - step + thick + depth + gap - 1, top, t, height))

    return paint


def _speaker(g: pygame.Surface, a: int, colour: Colour) -> float:
    """The speaker body and cone; returns the x of the cone's mouth."""
    mouth = a * 0.48
    cy = a / 2
    body = round(a * 0.13)
    pygame.draw.rect(g, colour, (round(a * 0.06), round(cy - a * 0.13), body, round(a * 0.26)))
    pygame.draw.polygon(
        g,
        colour,
        [
            (round(a * 0.06) + body, round(cy - a * 0.13)),
            (round(mouth), round(cy - a * 0.34)),
            (round(mouth), round(cy + a * 0.34) - 1),
            (round(a * 0.06) + body, round(cy + a * 0.13) - 1),
        ],
    )
    return mouth


def _sound_on(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """A speaker sending out two sound waves."""
    mouth = _speaker(g, a, colour)
    for radius in (a * 0.3, a * 0.5):
        wave = Arc(centre=(mouth - a * 0.06, a / 2), radius=radius, start=-50, end=50)
        _arc(g, colour, wave, t)


def _sound_off(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """A silenced speaker: the cone with a cross where the waves would be."""
    mouth = _speaker(g, a, colour)
    left, right = mouth + max(3.0, a * 0.14), a * 0.96
    half = (right - left) / 2
    cy = a / 2
    stroke = min(t * 1.1, half * 0.75)  # thinner on small icons so the cross stays a cross
    _band(g, colour, (left, cy - half), (right, cy + half), stroke)
    _band(g, colour, (left, cy + half), (right, cy - half), stroke)


def _quit(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """The power symbol: a broken ring with a bar through the gap."""
    radius = a * 0.42
    cy = a * 0.54
    _arc(g, colour, Arc(centre=(a / 2, cy), radius=radius, start=125, end=55), t)
    bar_w = t if (a - t) % 2 == 0 else t + 1
    top = round(a * 0.04)
    pygame.draw.rect(g, colour, (_centred_span(a, bar_w), top, bar_w, round(cy) - top))


def _close(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """The RISC OS close icon: a cross in a small box (just the cross when small: the caller's
    icon border is the box then, and a box inside a box would squeeze the cross to a dot)."""
    if a < 20:
        edge = 1.5
        _band(g, colour, (edge, edge), (a - edge, a - edge), t * 1.2)
        _band(g, colour, (edge, a - edge), (a - edge, edge), t * 1.2)
        return
    box = round(a * 0.86)
    left = _centred_span(a, box)
    pygame.draw.rect(g, colour, (left, left, box, box), max(1, t // 2))
    inset = left + t + 2
    far = left + box - t - 2
    _band(g, colour, (inset, inset), (far, far), t * 1.3)
    _band(g, colour, (inset, far), (far, inset), t * 1.3)


def _question(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """How to play: a bold question mark (a hook, a stem and a dot)."""
    radius = a * 0.28
    cx, cy = a / 2, a * 0.32
    _arc(g, colour, Arc(centre=(cx, cy), radius=radius, start=-90, end=170), t)
    stem_w = t if (a - t) % 2 == 0 else t + 1
    left = _centred_span(a, stem_w)
    pygame.draw.rect(g, colour, (left, round(cy + radius - t), stem_w, round(a * 0.16)))
    dot = round(a * 0.82)
    pygame.draw.rect(g, colour, (left, dot, stem_w, stem_w))


def _games(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """Kept games: a stack of three record cards, the front one ruled with moves."""
    w, h = round(a * 0.64), round(a * 0.66)
    step = max(2, round(a * 0.12))
    line = max(1, t // 2)
    for k in (2, 1, 0):  # from the back: each card up and to the right of the one before
        x, y = round(a * 0.06) + k * step, a - h - round(a * 0.06) - k * step
        _erase(g, (x, y, w, h))
        pygame.draw.rect(g, colour, (x, y, w, h), line)
    x, y = round(a * 0.06), a - h - round(a * 0.06)
    for row in range(3):
        ry = y + round(h * (0.28 + 0.22 * row))
        pygame.draw.rect(g, colour, (x + 2 * line + 1, ry, w - 4 * line - 2 - (row == 2) * w // 3,
                                     line))


def _toggle_size(g: pygame.Surface, a: int, t: int, colour: Colour) -> None:
    """The RISC OS toggle-size icon: a small box overlapping the corner of a larger one."""
    line = max(1, t // 2)
    big = round(a * 0.66)
    small = round(a * 0.46)
    left = _centred_span(a, round(a * 0.86))
    far = left + round(a * 0.86)
    pygame.draw.rect(g, colour, (far - big, far - big, big, big), line)
    _erase(g, (left, left, small, small))
    pygame.draw.rect(g, colour, (left, left, small, small), line)
    inner = small - 2 * line - 2
    pygame.draw.rect(g, colour, (left + line + 1, left + line + 1, inner, inner))


_PAINTERS: dict[str, _Painter] = {
    "new": _new,
    "undo": _undo,
    "hint": _hint,
    "speed-slow": _chevrons(1, bar=False),
    "speed-normal": _chevrons(2, bar=False),
    "speed-fast": _chevrons(3, bar=False),
    "speed-instant": _chevrons(2, bar=True),
    "sound-on": _sound_on,
    "sound-off": _sound_off,
    "quit": _quit,
    "close": _close,
    "toggle-size": _toggle_size,
    "rules": _question,
    "games": _games,
}
NAMES: tuple[str, ...] = tuple(_PAINTERS)


def symbol_size(rect: pygame.Rect) -> int:
    """Side of the square a symbol fills inside rect, leaving a margin for the icon's border."""
    side = min(rect.width, rect.height)
    margin = max(2, round(side * 0.125)) if side >= 24 else 1
    return max(1, side - 2 * margin)


def glyph_surface(name: str, side: int, colour: pygame.typing.ColorLike) -> pygame.Surface:
    """The symbol on a transparent side x side square (shared from the cache: do not draw on it)."""
    painter = _PAINTERS.get(name)
    if painter is None:
        raise KeyError(f"no icon glyph called {name!r}; known glyphs: {', '.join(NAMES)}")
    key = (name, side, font.rgba(colour))
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        stroke = max(2, round(side / 12))
        painter(surface, side, stroke, key[2])
        _cache[key] = surface
    return surface


def draw_glyph(
    surface: pygame.Surface, name: str, rect: pygame.Rect, colour: pygame.typing.ColorLike
) -> None:
    """Draw the named symbol centred in rect; an unknown name is a programming error (KeyError)."""
    rect = pygame.Rect(rect)
    symbol = glyph_surface(name, symbol_size(rect), colour)
    place = symbol.get_rect(center=rect.center)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    surface.blit(symbol, place)
    surface.set_clip(clip)
