"""The pixel font: every printable character drawn at its size, all different, with clear
gaps between letters; the letters and marks German, French and Spanish need; sizes, colours,
alignment and the cache; unknown characters as a box."""

from __future__ import annotations

import unicodedata

import pygame
import pytest
from pictures import mask_bits

from chainplus.ui.art import font

PRINTABLE = [chr(code) for code in range(32, 127)]
INK = (0, 0, 0)

# Issue #50 item 4: what German, French and Spanish text needs beyond ASCII, with the grave
# i and o that the task asked for as well.
GERMAN = "äöüßÄÖÜ"
FRENCH = "éèêëàâçîïôûùœæÿÉÈÊËÀÂÇÎÏÔÛÙŒÆŸ"
SPANISH = "ñáíóúÑÁÍÓÚ¿¡ºª"
GRAVE_I_AND_O = "ìòÌÒ"
MARKS = "«»‹›„“”‚‘’–—…°€"
NO_BREAK_SPACES = "\u00a0\u202f"  # "50 %" keeps its number and sign on one line
SOFT_HYPHEN = "\u00ad"
REQUIRED = GERMAN + FRENCH + SPANISH + GRAVE_I_AND_O + MARKS + NO_BREAK_SPACES + SOFT_HYPHEN
FRACTIONS = "¼½¾"  # too fine to draw in eight pixels
LATIN_1 = [chr(code) for code in range(0xA0, 0x100) if chr(code) not in FRACTIONS]
LATIN_1_LETTERS = [char for char in LATIN_1 if char.isalpha()]
NON_ASCII_LETTERS = [char for char in REQUIRED + "".join(LATIN_1_LETTERS) if char.isalpha()]


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_every_printable_character_renders_at_its_size(scale: int) -> None:
    for char in PRINTABLE:
        surface = font.render(char, INK, scale)
        assert surface.get_size() == (8 * scale, 16 * scale), char
        inked = pygame.mask.from_surface(surface).count()
        if char == " ":
            assert inked == 0
        else:
            assert inked > 0, f"{char!r} draws nothing"


def test_no_two_printable_characters_look_the_same() -> None:
    seen: dict[bytes, str] = {}
    for char in PRINTABLE[1:]:
        bits = mask_bits(font.render(char, INK))
        assert bits not in seen, f"{char!r} looks like {seen.get(bits)!r}"
        seen[bits] = char


def test_glyphs_keep_the_last_column_clear_except_joining_ones() -> None:
    """Column 7 stays paper so neighbouring letters never touch."""
    for char in PRINTABLE + list(REQUIRED) + LATIN_1:
        if char in "_\u2014\u2026":  # the rule, the em dash and the ellipsis run on
            continue
        assert all(row[7] == "." for row in font.GLYPHS[char]), char


def test_descenders_reach_the_bottom_row_and_capitals_do_not() -> None:
    for char in "gjpqy,;":
        assert "#" in font.GLYPHS[char][7], char
    for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789acemnorsuvwxz":
        assert set(font.GLYPHS[char][7]) == {"."}, char


def test_every_required_character_has_its_own_glyph() -> None:
    unknown = mask_bits(font.render("\u0001", INK))
    for char in REQUIRED + "".join(LATIN_1):
        assert char in font.GLYPHS, f"{char!r} has no glyph"
        assert mask_bits(font.render(char, INK)) != unknown, f"{char!r} draws the unknown box"


def test_new_glyphs_are_eight_rows_of_eight_ink_or_paper() -> None:
    for char in REQUIRED + "".join(LATIN_1):
        rows = font.GLYPHS[char]
        assert len(rows) == 8, char
        assert all(len(row) == 8 and set(row) <= {"#", "."} for row in rows), char


def test_no_break_spaces_are_blank_and_the_soft_hyphen_is_a_hyphen() -> None:
    for char in NO_BREAK_SPACES:
        assert pygame.mask.from_surface(font.render(char, INK)).count() == 0
        assert font.size(f"50{char}%") == font.size("50 %")
    assert font.GLYPHS[SOFT_HYPHEN] == font.GLYPHS["-"]


def test_accented_letters_differ_from_their_base_and_their_other_case() -> None:
    for char in NON_ASCII_LETTERS:
        base = unicodedata.normalize("NFD", char)[0]
        if base != char:
            assert font.GLYPHS[char] != font.GLYPHS[base], f"{char!r} looks like {base!r}"
        other = char.swapcase()
        if len(other) == 1 and other != char and other in font.GLYPHS:
            assert font.GLYPHS[char] != font.GLYPHS[other], f"{char!r} looks like {other!r}"


def test_no_two_letters_look_the_same() -> None:
    seen: dict[tuple[str, ...], str] = {}
    for char in [c for c in PRINTABLE if c.isalpha()] + NON_ASCII_LETTERS:
        rows = font.GLYPHS[char]
        assert seen.get(rows, char) == char, f"{char!r} looks like {seen[rows]!r}"
        seen[rows] = char


def test_only_descenders_and_low_marks_reach_the_bottom_row() -> None:
    """Only letters with a descender or a cedilla, and marks that hang low, reach row 7."""
    reaching = {char for char in REQUIRED + "".join(LATIN_1) if "#" in font.GLYPHS[char][7]}
    assert reaching == set("çÇßþýÿµ¸¿¡„‚")


ACCENTED_CAPITALS = [
    char
    for char in NON_ASCII_LETTERS
    if char.isupper() and unicodedata.normalize("NFD", char)[0] != char
]


def _body_top(rows: tuple[str, ...]) -> int:
    """The highest row from which every row down to the baseline (row 6) holds ink."""
    top = 6
    while top > 0 and "#" in rows[top - 1]:
        top -= 1
    return top


def test_accented_capitals_stand_taller_than_their_lowercase() -> None:
    """Under its one-row accent a capital keeps a body in rows 1-6, above the x-height of row 2."""
    assert set("ÀÁÂÄÇÈÉÊËÌÍÎÏÑÒÓÔÖÙÚÛÜÝŸ") <= set(ACCENTED_CAPITALS)
    for char in ACCENTED_CAPITALS:
        body = ("........",) + font.GLYPHS[char][1:]
        lowercase = font.GLYPHS[unicodedata.normalize("NFD", char.lower())[0]]
        assert _body_top(body) <= 1 < _body_top(lowercase), char


@pytest.mark.parametrize("text", ["", "A", "Chain Reaction", "Level 5  Random 100%", "two\nlines!"])
@pytest.mark.parametrize("scale", [1, 2])
def test_size_matches_render(text: str, scale: int) -> None:
    assert font.size(text, scale) == font.render(text, INK, scale).get_size()


def test_size_of_lines() -> None:
    assert font.size("abc") == (24, 16)
    assert font.size("abc\nde", 2) == (48, 64)


def test_render_places_characters_side_by_side() -> None:
    pair = font.render("AB", INK)
    assert mask_bits(pair.subsurface((0, 0, 8, 16))) == mask_bits(font.render("A", INK))
    assert mask_bits(pair.subsurface((8, 0, 8, 16))) == mask_bits(font.render("B", INK))


def test_render_uses_the_colour_and_a_transparent_background() -> None:
    surface = font.render("I", (221, 0, 0))
    assert surface.get_at((3, 0)) == pygame.Color(221, 0, 0, 255)  # top bar of the I
    assert surface.get_at((0, 0)).a == 0


def test_unknown_characters_draw_a_box_and_never_raise() -> None:
    for char in ["\u0001", "\u4e2d", "\t", "\U0001f600"]:
        surface = font.render(char, INK)
        assert surface.get_size() == (8, 16)
        assert pygame.mask.from_surface(surface).count() > 0
    assert mask_bits(font.render("\u0001", INK)) == mask_bits(font.render("\u4e2d", INK))


@pytest.mark.parametrize(
    ("align", "expected_left"), [("left", 100), ("center", 100 - 20), ("right", 100 - 40)]
)
def test_draw_aligns_and_returns_the_covered_rect(align: str, expected_left: int) -> None:
    target = pygame.Surface((200, 60), pygame.SRCALPHA)
    rect = font.draw(target, "Chain", (100, 10), (255, 255, 255), 1, align)
    assert rect == pygame.Rect(expected_left, 10, 40, 16)
    inked = pygame.mask.from_surface(target).get_bounding_rects()
    union = inked[0].unionall(inked[1:])
    assert rect.contains(union)
    assert union.left <= rect.left + 1 and union.right >= rect.right - 2


def test_draw_centres_each_line_on_its_own() -> None:
    target = pygame.Surface((100, 40), pygame.SRCALPHA)
    font.draw(target, "IIII\nI", (50, 0), INK, 1, "center")
    second_line = pygame.mask.from_surface(target.subsurface((0, 16, 100, 16))).get_bounding_rects()
    assert second_line[0].centerx in (49, 50)


def test_bad_scale_and_align_are_programming_errors() -> None:
    with pytest.raises(ValueError):
        font.render("x", INK, 0)
    with pytest.raises(ValueError):
        font.draw(pygame.Surface((10, 10)), "x", (0, 0), INK, 1, "middle")


def test_glyphs_are_cached_per_character_colour_and_scale() -> None:
    first = font.glyph_surface("Q", (1, 2, 3), 2)
    assert font.glyph_surface("Q", pygame.Color(1, 2, 3), 2) is first
    assert font.glyph_surface("Q", (1, 2, 4), 2) is not first
    assert font.glyph_surface("Q", (1, 2, 3), 1) is not first
