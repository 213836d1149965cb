"""Tests for the game's own art: the pixel font, the icon glyphs and the generated sounds."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # conftest sets these too; harmless twice
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from chainplus.ui.art import font, glyphs, sound

PRINTABLE = [chr(code) for code in range(32, 127)]
INK = (0, 0, 0)


def _mask_bits(surface: pygame.Surface) -> bytes:
    """The surface's opaque pixels as bytes, to compare glyphs with each other."""
    mask = pygame.mask.from_surface(surface)
    width, height = mask.get_size()
    return bytes(mask.get_at((x, y)) for y in range(height) for x in range(width))


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
        bits = _mask_bits(font.render(char, INK))
        assert bits not in seen, f"{char!r} looks like {seen.get(bits)!r}"
        seen[bits] = char


def test_glyphs_keep_the_last_column_clear_except_joining_ones() -> None:
    """Column 7 stays paper so neighbouring letters never touch."""
    for char in PRINTABLE:
        if char in "_":
            continue
        assert all(row[7] == "." for row in font.GLYPHS[char]), char


def test_descenders_reach_the_bottom_row_and_capitals_do_not() -> None:
    for char in "gjpqy,;":
        assert "#" in font.GLYPHS[char][7], char
    for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789acemnorsuvwxz":
        assert set(font.GLYPHS[char][7]) == {"."}, char


@pytest.mark.parametrize("text", ["", "A", "Chain Reaction", "Level 5  Random 100%", "two\nlines!"])
@pytest.mark.parametrize("scale", [1, 2])
def test_size_matches_render(text: str, scale: int) -> None:
    assert font.size(text, scale) == font.render(text, INK, scale).get_size()


def test_size_of_lines() -> None:
    assert font.size("abc") == (24, 16)
    assert font.size("abc\nde", 2) == (48, 64)


def test_render_places_characters_side_by_side() -> None:
    pair = font.render("AB", INK)
    assert _mask_bits(pair.subsurface((0, 0, 8, 16))) == _mask_bits(font.render("A", INK))
    assert _mask_bits(pair.subsurface((8, 0, 8, 16))) == _mask_bits(font.render("B", INK))


def test_render_uses_the_colour_and_a_transparent_background() -> None:
    surface = font.render("I", (221, 0, 0))
    assert surface.get_at((3, 0)) == pygame.Color(221, 0, 0, 255)  # top bar of the I
    assert surface.get_at((0, 0)).a == 0


def test_unknown_characters_draw_a_box_and_never_raise() -> None:
    for char in ["\u0001", "\u4e2d", "\t", "\U0001f600"]:
        surface = font.render(char, INK)
        assert surface.get_size() == (8, 16)
        assert pygame.mask.from_surface(surface).count() > 0
    assert _mask_bits(font.render("\u0001", INK)) == _mask_bits(font.render("\u4e2d", INK))


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


# -- icon glyphs ---------------------------------------------------------------------------------

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
        bits = _mask_bits(glyphs.glyph_surface(name, 24, (0, 0, 0)))
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
        "sound-on", "sound-off", "fullscreen", "windowed", "quit", "close", "toggle-size",
        "rules-acorn", "rules-classic",
    }  # fmt: skip
    assert set(glyphs.NAMES) == wanted


# -- sounds --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def made() -> dict[str, tuple]:
    return sound.synthesise()


def test_synthesis_makes_every_sound_with_sensible_lengths(made: dict[str, tuple]) -> None:
    assert set(made) == set(sound.SOUND_NAMES)
    assert len(made["explode"]) == sound.EXPLODE_VARIANTS
    seconds = {name: [len(s) / sound.SAMPLE_RATE for s in made[name]] for name in made}
    assert 0.04 <= seconds["place"][0] <= 0.15  # a click must be short to keep up with play
    assert 0.1 <= seconds["illegal"][0] <= 0.4
    assert 0.4 <= seconds["win"][0] <= 1.5
    booms = seconds["explode"]
    assert booms == sorted(booms) and booms[0] < booms[-1]  # bigger waves sound longer
    assert booms[0] >= 0.1 and booms[-1] <= 0.6


def test_sounds_are_loud_enough_but_never_clip(made: dict[str, tuple]) -> None:
    for name, variants in made.items():
        for samples in variants:
            peak = max(abs(value) for value in samples)
            assert 0.25 * 32767 <= peak <= 0.9 * 32767, name


def test_sounds_start_and_end_in_silence_so_they_never_click(made: dict[str, tuple]) -> None:
    for name, variants in made.items():
        for samples in variants:
            assert samples[0] == 0 and samples[-1] == 0, name
            assert max(abs(value) for value in samples[-20:]) < 800, f"{name} ends abruptly"
            assert max(abs(value) for value in samples[:5]) < 8000, f"{name} starts abruptly"


def test_synthesis_is_repeatable(made: dict[str, tuple]) -> None:
    assert sound.synthesise() == made


def test_explosion_variant_follows_wave_size() -> None:
    picks = [sound.explode_variant(n) for n in range(1, 12)]
    assert picks == sorted(picks) and picks[0] == 0 and picks[-1] == sound.EXPLODE_VARIANTS - 1


class _Recorder:
    """Stands in for a pygame Sound and remembers being played."""

    def __init__(self, played: list[tuple[int, int]], key: tuple[int, int]) -> None:
        self.played, self.key = played, key

    def play(self) -> None:
        self.played.append(self.key)


def test_play_picks_the_sound_and_respects_enabled(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, int]] = []
    made_sounds: list[_Recorder] = []

    def fake_to_sound(samples, mixer_format):  # type: ignore[no-untyped-def]
        recorder = _Recorder(played, (len(samples), len(made_sounds)))
        made_sounds.append(recorder)
        return recorder

    monkeypatch.setattr(sound, "_to_sound", fake_to_sound)
    sounds = sound.Sounds()
    assert sounds.available and sounds.enabled
    keys = [recorder.key for recorder in made_sounds]  # place, 3 explosions, win, illegal
    sounds.play("place")
    sounds.play("explode")
    sounds.play("explode", strength=3)
    sounds.play("explode", strength=20)
    sounds.play("win")
    sounds.play("illegal")
    assert played == keys
    sounds.enabled = False
    sounds.play("win")
    assert played == keys
    with pytest.raises(KeyError, match="boing"):
        sounds.play("boing")


def test_sounds_work_with_the_dummy_audio_driver() -> None:
    sounds = sound.Sounds()
    assert sounds.available is (os.environ.get("SDL_AUDIODRIVER") == "dummy")
    for name in sound.SOUND_NAMES:
        sounds.play(name, strength=2)


def test_buffer_and_wav_routes_give_the_same_sound(made: dict[str, tuple]) -> None:
    if not sound.Sounds().available:
        pytest.skip("no mixer here")
    win = made["win"][0]
    direct = sound._to_sound(win, pygame.mixer.get_init())
    via_wav = sound._to_sound(win, (44100, -16, 2))
    expected = len(win) / sound.SAMPLE_RATE
    assert direct.get_length() == pytest.approx(expected, abs=0.002)
    assert via_wav.get_length() == pytest.approx(expected, abs=0.002)


def test_mixer_that_cannot_start_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = sound.Sounds()
    assert sounds.available is False
    for name in sound.SOUND_NAMES:
        sounds.play(name)
    sounds.enabled = False
    sounds.play("win")


def test_missing_mixer_module_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    class MissingModule:  # what pygame puts in place of a module it could not import
        def __getattr__(self, name: str) -> object:
            raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame, "mixer", MissingModule())
    sounds = sound.Sounds(enabled=False)
    assert sounds.available is False and sounds.enabled is False
    sounds.enabled = True
    sounds.play("explode", strength=4)


def test_a_sound_that_fails_to_play_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def play(self) -> None:
            raise pygame.error("audio device lost")

    monkeypatch.setattr(sound, "_to_sound", lambda samples, mixer_format: Broken())
    sounds = sound.Sounds()
    assert sounds.available
    for name in sound.SOUND_NAMES:
        sounds.play(name)
