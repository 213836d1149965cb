"""The generated sounds: every one made, of a sensible length, loud enough, never clipping or
clicking, the same every run; played by name, and silence (never an error) without a mixer."""

from __future__ import annotations

import os

import pygame
import pytest

from chainplus.ui.art import sound


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

    def fake_make_sound(samples, mixer_format):  # type: ignore[no-untyped-def]
        recorder = _Recorder(played, (len(samples), len(made_sounds)))
        made_sounds.append(recorder)
        return recorder

    monkeypatch.setattr(sound, "make_sound", fake_make_sound)
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
    direct = sound.make_sound(win, pygame.mixer.get_init())
    via_wav = sound.make_sound(win, (44100, -16, 2))
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

    monkeypatch.setattr(sound, "make_sound", lambda samples, mixer_format: Broken())
    sounds = sound.Sounds()
    assert sounds.available
    for name in sound.SOUND_NAMES:
        sounds.play(name)
