"""Helpers for tests that look at drawn pictures."""

from __future__ import annotations

import pygame


def blank_picture() -> pygame.Surface:
    """A surface of the picture's size (640x480) for an app to draw on."""
    return pygame.Surface((640, 480))


def mask_bits(surface: pygame.Surface) -> bytes:
    """The surface's opaque pixels as bytes, to compare glyphs with each other."""
    mask = pygame.mask.from_surface(surface)
    width, height = mask.get_size()
    return bytes(mask.get_at((x, y)) for y in range(height) for x in range(width))
