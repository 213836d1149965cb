"""The icon glyphs: each drawn inside its rect, crisp and in one colour, all different, one for
every icon of the game; an unknown name is an error naming it."""

from __future__ import annotations

import pygame
import pytest
from pictures import mask_bits

from chainplus.ui.art import glyphs

GLYPH_RECTS = [
    pygame.Rect(0, 0, 16, 16),
    pygame.Rect(70, 50, 20, 20),
    pygame.Rect(10, 10, 24, 24),
    pygame.Rect(37, 5, 32, 32),
    pygame.Rect(3, 21, 40, 40),
    pygame.Rect(50, 40, 40, 28),
]


@pytest.mark.parametrize("rect", GLYPH_RECTS, ids=lambda r: f"{r.w}x{r.h}")
@pytest.mark.parametrize("name", glyphs.NAMES)
def test_each_glyph_draws_inside_its_rect_only(name: str, rect: pygame.Rect) -> None:
    target = pygame.Surface((100, 80), pygame.SRCALPHA)
    glyphs.draw_glyph(target, name, rect, (0, 0, 0))
    mask = pygame.mask.from_surface(target)
    inked = mask.count()
    side = min(rect.w, rect.h)
    assert inked >= side * side // 40, f"{name} draws almost nothing ({inked} px)"
    assert inked <= side * side // 2, f"{name} floods its rect ({inked} px)"
    outside = mask.copy()
    outside.erase(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    assert outside.count() == 0, f"{name} draws outside {rect}"
    bounds = mask.get_bounding_rects()[0].unionall(mask.get_bounding_rects())
    assert abs(bounds.centerx - rect.centerx) <= 2 and abs(bounds.centery - rect.centery) <= 2


def test_glyphs_are_all_different() -> None:
    seen: dict[bytes, str] = {}
    for name in glyphs.NAMES:
        bits = mask_bits(glyphs.glyph_surface(name, 24, (0, 0, 0)))
        assert bits not in seen, f"{name} looks like {seen.get(bits)}"
        seen[bits] = name


def test_glyphs_are_crisp_single_colour_pixels() -> None:
    """No antialiasing: every pixel is either fully the ink or fully transparent."""
    for name in glyphs.NAMES:
        symbol = glyphs.glyph_surface(name, 30, (221, 0, 0))
        colours = {tuple(symbol.get_at((x, y))) for x in range(30) for y in range(30)}
        assert colours <= {(221, 0, 0, 255), (0, 0, 0, 0)}, name


def test_draw_glyph_uses_the_colour_and_keeps_the_callers_clip() -> None:
    target = pygame.Surface((60, 60))
    target.fill((255, 255, 255))
    target.set_clip(pygame.Rect(0, 0, 50, 50))
    glyphs.draw_glyph(target, "close", pygame.Rect(10, 10, 32, 32), (0, 0, 153))
    assert target.get_clip() == pygame.Rect(0, 0, 50, 50)
    used = {tuple(target.get_at((x, y))) for x in range(60) for y in range(60)}
    assert used == {(255, 255, 255, 255), (0, 0, 153, 255)}


def test_unknown_glyph_name_raises_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="sound-loud"):
        glyphs.draw_glyph(pygame.Surface((40, 40)), "sound-loud", pygame.Rect(0, 0, 40, 40), "red")


def test_glyph_names_cover_the_game_icons() -> None:
    wanted = {
        "new", "undo", "hint", "speed-slow", "speed-normal", "speed-fast", "speed-instant",
        "sound-on", "sound-off", "quit", "close", "toggle-size",
        "rules", "games",
    }  # fmt: skip
    assert set(glyphs.NAMES) == wanted

