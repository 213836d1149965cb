"""What the board and the windows over it act on: a game's ``Table`` (its session, its house
policy, the short-lived cues on screen: a message, a hint, a refusal cross, a pressed icon)
and the ``Services`` every game shares (the computer's worker, the sounds, the random numbers,
the graph's judge, how the person points).

The App builds the player's own table and hands it to the board and each window. A host's game
joined and a kiosk's demonstration each get a table of their own on the same services, so
nothing they do touches the player's session or files.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from chainplus.app.outcomes import Note
from chainplus.app.puzzle_play import PuzzlePlay
from chainplus.app.session import Session
from chainplus.common.language import _
from chainplus.core.game import Game
from chainplus.net.transport import REAL_NETWORK, Network
from chainplus.ui.art.sound import SoundPlayer
from chainplus.ui.window.judging import GraphJudge, Judging
from chainplus.ui.window.policy import Policy
from chainplus.ui.window.requests import Quit, Request, Requests
from chainplus.ui.window.targets import Target
from chainplus.ui.window.worker import ThreadWorker

T = TypeVar("T")

MESSAGE_TIME = 3.0
#: A lesson (what a move did, explained the first time) is longer, so it stays longer.
LESSON_TIME = 7.0
HINT_TIME = 3.0
REFUSAL_TIME = 0.7
PRESS_TIME = 0.15
#: Never two explosion sounds closer together than this, so long chains do not machine-gun.
EXPLODE_SOUND_GAP = 0.12


@dataclass
class Cue(Generic[T]):
    """Something shown for a while: its value, and when it goes."""

    value: T | None = None
    until: float = 0.0

    def show(self, value: T, now: float, seconds: float) -> None:
        self.value, self.until = value, now + seconds

    def clear(self) -> None:
        self.value = None

    def expire(self, now: float) -> bool:
        """Drop the value once its time is up; True when that changed anything."""
        if self.value is not None and now >= self.until:
            self.value = None
            return True
        return False


@dataclass
class Cues:
    """The cues on screen now."""

    message: Cue[Note] = field(default_factory=Cue)
    hint: Cue[int] = field(default_factory=Cue)
    refusal: Cue[int] = field(default_factory=Cue)
    pressed: Cue[Target] = field(default_factory=Cue)

    def all(self) -> tuple[Cue[Note], Cue[int], Cue[int], Cue[Target]]:
        return self.message, self.hint, self.refusal, self.pressed

    def expire(self, now: float) -> bool:
        return any([cue.expire(now) for cue in self.all()])

    def next_due(self) -> float | None:
        due = [cue.until for cue in self.all() if cue.value is not None]
        return min(due) if due else None


@dataclass
class Pointing:
    """How the person at the window last pointed: a finger (``touch`` True), the mouse (False),
    or not yet (None); the invitation to play says "Touch" or "Click" to suit."""

    touch: bool | None = None

    def follow(self, kind: int) -> None:
        """An event of ``kind`` came (touches, not the mouse events SDL makes of them)."""
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            self.touch = True
        elif kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.touch = False

    def touching(self, kiosk: bool) -> bool:
        """Whether to ask for a square or a start with a finger's words: once a finger was
        last used; until a finger or the mouse is, a kiosk's screen is taken for a touch
        screen."""
        return kiosk if self.touch is None else self.touch

    def verb(self, kiosk: bool) -> str:
        """How to ask for a square or a start: "Touch" or "Click" (``touching``)."""
        return "Touch" if self.touching(kiosk) else "Click"


@dataclass(frozen=True)
class Services:
    """What every game the window shows shares, handed in once by the App; ``fallbacks``: the
    stand-ins the computer needed, each said once."""

    worker: ThreadWorker
    sounds: SoundPlayer
    rng: random.Random
    judge: GraphJudge
    wake: Callable[[], None]
    network: Network = REAL_NETWORK
    requests: Requests = field(default_factory=Requests)
    fallbacks: list[str] = field(default_factory=list)
    pointing: Pointing = field(default_factory=Pointing)

    def close(self) -> None:
        """The window closes: the computer stops, and its process if it has one."""
        self.worker.close()
        self.judge.close()


@dataclass
class Table:
    """One game the window shows (the player's own, a host's joined, or a demonstration), and
    the few things done with it. ``budget``: the computer's clock for a move (None: it follows
    the speed)."""

    services: Services
    session: Session
    policy: Policy
    budget: float | None
    hint_budget: float
    #: A host's game joined: where the host is, and the player's own session, whose games
    #: folder keeps the game when it is saved here.
    where: str | None = None
    keeper: Session | None = None
    #: A puzzle: the puzzle played on this table (``puzzle.seat``).
    puzzle: PuzzlePlay | None = None
    cues: Cues = field(default_factory=Cues)
    now: float = 0.0
    last_explode: float = float("-inf")

    def ask(self, request: Request) -> None:
        self.services.requests.ask(request)

    def verb(self) -> str:
        """How to ask the person here to point at something: "Touch" or "Click", as they
        last pointed (``Pointing.verb``; a kiosk's screen is taken for a touch screen)."""
        return self.services.pointing.verb(self.policy.kiosk)

    def touching(self) -> bool:
        """Whether the person here is asked to point with a finger's words (``verb``)."""
        return self.services.pointing.touching(self.policy.kiosk)

    def say(self, note: Note) -> None:
        self.cues.message.show(note, self.now, LESSON_TIME if note.lesson else MESSAGE_TIME)

    def sound(self, name: str, strength: int = 1) -> None:
        if self.session.sound:
            self.services.sounds.play(name, strength)
    def explode_sound(self, now: float, strength: int) -> None:
        """One explosion sound for a wave (``strength`` squares), unless one played just now."""
        if now - self.last_explode >= EXPLODE_SOUND_GAP:
            self.sound("explode", strength)
            self.last_explode = now

    def refuse(self, square: int, note: Note) -> None:
        """A square that may not be played: a cross, a sound, a message."""
        self.cues.refusal.show(square, self.now, REFUSAL_TIME)
        self.sound("illegal")
        self.say(note)

    def show_hint(self, square: int) -> None:
        self.cues.hint.show(square, self.now, HINT_TIME)
        # Translators: the help box, 3 lines of 22 characters.
        self.say(Note(_("The flashing square is the hint.")))

    def press(self, target: Target) -> None:
        self.cues.pressed.show(target, self.now, PRESS_TIME)

    def stop_thinking(self) -> None:
        """Stop the computer (a move or a hint) and forget any hint on show."""
        self.services.worker.cancel()
        self.cues.hint.clear()

    def note_fallback(self, why: str) -> None:
        if why not in self.services.fallbacks:
            self.services.fallbacks.append(why)
            print(f"chainplus: {why}", file=sys.stderr)

    def judging_of(self, game: Game, people: tuple[int, ...] = ()) -> Judging:
        """The graph's judgement of ``game``, its turn told for the seats ``people`` played."""
        return self.services.judge.of(game, people)

    def quit(self) -> None:
        self.services.worker.cancel()
        self.ask(Quit())

    def save_game(self) -> Note:
        """Save the game on the board in the player's own games folder: their own game, or
        the host's game the window has joined."""
        if self.keeper is None:
            return self.session.save_game()
        return self.keeper.save_game(self.session)
