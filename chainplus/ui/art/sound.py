"""The game's sounds, synthesised in code at start-up, and a player that never fails loudly.

Every sound is made from sine waves and softened noise with smooth envelopes (a few milliseconds
of attack, a fade to silence at the end) so nothing clicks. Generation is plain Python (math and
array) at 22050 Hz mono, which keeps start-up quick; pygame converts to whatever the audio device
runs at. Without an audio device, or if the mixer cannot start, the game is silent and carries on.
"""

from __future__ import annotations

import io
import logging
import math
import random
import wave
from array import array
from typing import Protocol

import pygame

SAMPLE_RATE = 22050
SOUND_NAMES = ("place", "explode", "win", "illegal")
EXPLODE_VARIANTS = 3  # small, medium and big booms, picked by the size of the wave
MIXER_BUFFER = 512  # samples per mixer chunk: about 23 ms at 22050 Hz, so sounds start promptly

_TAU = 2 * math.pi
_FULL_SCALE = 32767
_FADE_OUT = 0.008  # seconds of final fade so every sound ends exactly at silence

log = logging.getLogger(__name__)


def _finish(samples: list[float], peak: float) -> array[int]:
    """Fade the tail to zero and scale so the loudest sample sits at peak (0-1 of full scale)."""
    fade = min(len(samples), int(_FADE_OUT * SAMPLE_RATE))
    for k in range(fade):
        samples[-1 - k] *= k / fade
    loudest = max(abs(value) for value in samples) or 1.0
    gain = peak * _FULL_SCALE / loudest
    return array("h", [round(value * gain) for value in samples])


def _place() -> array[int]:
    """A soft wooden plop: a sine chirping quickly downwards, gone in 70 ms."""
    rate = SAMPLE_RATE
    sin = math.sin
    chirp_step = math.exp(-70 / rate)  # per-sample factors: cheaper than math.exp every sample
    decay_step = math.exp(-50 / rate)
    attack = int(0.002 * rate)
    samples = []
    phase = 0.0
    chirp = envelope = 1.0
    for i in range(int(0.07 * rate)):
        phase += _TAU * (240 + 560 * chirp) / rate
        chirp *= chirp_step
        envelope *= decay_step
        level = envelope * i / attack if i < attack else envelope
        samples.append(level * (sin(phase) + 0.2 * sin(2 * phase)))
    return _finish(samples, 0.5)


def _explode(size: int) -> array[int]:
    """A pop with a low thump under softened noise; bigger sizes are longer and deeper."""
    rate = SAMPLE_RATE
    sin = math.sin
    uniform = random.Random(1990 + size).uniform  # fixed seed: the same sound every run
    smoothing = 0.3 - 0.07 * size  # one-pole low-pass: lower cuts more hiss, sounds rounder
    thump_step = math.exp(-(16 - 4 * size) / rate)
    noise_step = math.exp(-(28 - 7 * size) / rate)
    drop_step = math.exp(-30 / rate)
    base_step = _TAU * (120 - 20 * size) / rate
    attack = int(0.0015 * rate)
    samples = []
    phase = filtered = 0.0
    thump = noise = drop = 1.0
    for i in range(int((0.2 + 0.09 * size) * rate)):
        phase += base_step * (0.55 + 0.45 * drop)
        drop *= drop_step
        thump *= thump_step
        noise *= noise_step
        filtered += smoothing * (uniform(-1.0, 1.0) - filtered)
        value = 0.8 * thump * sin(phase) + 1.4 * noise * filtered
        samples.append(value * i / attack if i < attack else value)
    return _finish(samples, 0.62 + 0.08 * size)


def _win() -> array[int]:
    """A rising four-note arpeggio (C E G C) with a soft bell-like tone, the last note held."""
    rate = SAMPLE_RATE
    sin = math.sin
    notes = ((0.0, 523.25, 0.16), (0.09, 659.25, 0.16), (0.18, 783.99, 0.16), (0.27, 1046.5, 0.5))
    samples = [0.0] * int((0.27 + 0.5) * rate)
    attack = 0.004 * rate
    release = 0.02 * rate  # each note fades out rather than stopping with a click
    for start, frequency, length in notes:
        offset = int(start * rate)
        step = _TAU * frequency / rate
        decay_step = math.exp(-(4.0 if length > 0.2 else 9.0) / rate)
        envelope = 1.0
        count = int(length * rate)
        for i in range(count):
            phase = step * i
            level = envelope * min(1.0, i / attack, (count - i) / release)
            envelope *= decay_step
            tone = sin(phase) + 0.3 * sin(2 * phase) + 0.08 * sin(3 * phase)
            samples[offset + i] += level * tone
    return _finish(samples, 0.5)


def _illegal() -> array[int]:
    """A low two-step 'bonk-bonk' with a soft, hollow buzz (a few odd harmonics)."""
    rate = SAMPLE_RATE
    sin = math.sin
    samples: list[float] = []
    attack = 0.004 * rate
    release = 0.015 * rate
    decay_step = math.exp(-10 / rate)
    for frequency, length in ((165.0, 0.085), (0.0, 0.025), (125.0, 0.11)):
        count = int(length * rate)
        if frequency == 0.0:
            samples.extend([0.0] * count)
            continue
        step = _TAU * frequency / rate
        envelope = 1.0
        for i in range(count):
            phase = step * i
            level = envelope * min(1.0, i / attack, (count - i) / release)
            envelope *= decay_step
            samples.append(level * (sin(phase) + sin(3 * phase) / 4 + sin(5 * phase) / 9))
    return _finish(samples, 0.38)


def synthesise() -> dict[str, tuple[array[int], ...]]:
    """Every sound as mono signed 16-bit samples at SAMPLE_RATE; explode has its variants."""
    return {
        "place": (_place(),),
        "explode": tuple(_explode(size) for size in range(EXPLODE_VARIANTS)),
        "win": (_win(),),
        "illegal": (_illegal(),),
    }


def explode_variant(strength: int) -> int:
    """Which explosion to play for a wave of `strength` exploding squares."""
    if strength <= 1:
        return 0
    return 1 if strength <= 4 else 2


def make_sound(samples: array[int], mixer_format: tuple[int, int, int]) -> pygame.mixer.Sound:
    """A pygame Sound of ``samples`` (mono, 16-bit, SAMPLE_RATE) for a mixer running
    ``mixer_format`` (frequency, size, channels, as ``pygame.mixer.get_init`` gives it).

    A mixer at our rate in signed 16 bits takes the samples directly (copied to both channels
    when it is stereo); any other format gets them as an in-memory WAV, which pygame converts.
    """
    frequency, size, channels = mixer_format
    if frequency == SAMPLE_RATE and size == -16 and channels in (1, 2):
        if channels == 2:
            stereo = array("h", bytes(4 * len(samples)))
            stereo[0::2] = samples
            stereo[1::2] = samples
            samples = stereo
        return pygame.mixer.Sound(buffer=samples.tobytes())
    data = io.BytesIO()
    with wave.open(data, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(samples.tobytes())
    data.seek(0)
    return pygame.mixer.Sound(file=data)


class SoundPlayer(Protocol):
    """What the app needs of its sounds: ``Sounds``, or a stand-in that records what it is
    asked to play (``lab.rigs.fakes.RecordedSounds``)."""

    enabled: bool

    def play(self, name: str, strength: int = 1) -> None: ...


class Sounds:
    """The game's sound effects; silent (available False) when there is no working audio."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self._sounds: dict[str, tuple[pygame.mixer.Sound, ...]] = {}
        try:
            mixer = pygame.mixer
            if not mixer.get_init():
                mixer.init(frequency=SAMPLE_RATE, size=-16, channels=2, buffer=MIXER_BUFFER)
            mixer_format = mixer.get_init()
            if not mixer_format:
                raise RuntimeError("the mixer did not start")
            self._sounds = {
                name: tuple(make_sound(samples, mixer_format) for samples in variants)
                for name, variants in synthesise().items()
            }
            self.available = True
        except Exception as error:  # no device, no mixer module, odd driver: play in silence
            log.info("sound is off: %s", error)
            self._sounds = {}

    def play(self, name: str, strength: int = 1) -> None:
        """Play a sound if sound is on; strength (squares in the wave) picks the explosion."""
        if name not in SOUND_NAMES:
            raise KeyError(f"no sound called {name!r}; known sounds: {', '.join(SOUND_NAMES)}")
        if not (self.enabled and self.available):
            return
        variants = self._sounds[name]
        index = explode_variant(strength) if name == "explode" else 0
        try:
            variants[min(index, len(variants) - 1)].play()
        except Exception as error:  # a device lost mid-game must not end the game
            log.info("could not play %s: %s", name, error)


