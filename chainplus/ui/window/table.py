"""What the board and the windows over it act on: the session, the house policy, the computer
worker, the sounds, and the short-lived cues on screen (a message, a hint, a refusal cross, a
pressed icon).

The App builds one ``Table`` and hands it to the board and each window; a demonstration game
gets a table of its own, so nothing the demonstration does touches the visitor's session or
files. A window showing a host's game keeps the player's own session aside (``away``) until
it leaves.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from chainplus.ai.service_process import Service
from chainplus.app.session import Note, Session
from chainplus.core.game import Game
from chainplus.ui.art.sound import SoundPlayer
from chainplus.ui.window.judging import Judging
from chainplus.ui.window.policy import Policy
from chainplus.ui.window.requests import Quit, Request
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


@dataclass(frozen=True)
class Away:
    """The player's own session and house policy, put aside untouched while the window shows
    a host's game (``joined``), and where that host is."""

    session: Session
    policy: Policy
    where: str


@dataclass
class Table:
    """Everything the board and the windows act on, and the few things each does with it."""

    session: Session
    policy: Policy
    worker: ThreadWorker
    sounds: SoundPlayer
    rng: random.Random
    budget: float | None  # the computer's clock; None: it follows the speed
    hint_budget: float
    cues: Cues = field(default_factory=Cues)
    now: float = 0.0
    last_input: float = 0.0  # the idle spell before a demonstration counts from here
    #: What the controls, the board and the windows over it asked of the App, in order: it
    #: serves them after each event and tick (``requests``).
    asks: list[Request] = field(default_factory=list)
    fallbacks: list[str] = field(default_factory=list)  # stand-ins the AI needed, said once
    last_explode: float = float("-inf")
    #: The judgement of a game for its graph: in the computer's own process (``service``,
    #: waking the window with ``wake``), or in step with the window (no service: tests and
    #: rigs); ``judge_nodes`` overrides how hard each position is looked at (None: as level 5
    #: judges).
    judging: Judging | None = None
    service: Service | None = None
    wake: Callable[[], None] = lambda: None
    judge_nodes: int | None = None
    #: While the window shows a host's game: the player's own, to come back to.
    away: Away | None = None

    def ask(self, request: Request) -> None:
        self.asks.append(request)

    def say(self, note: Note) -> None:
        self.cues.message.show(note, self.now, LESSON_TIME if note.lesson else MESSAGE_TIME)

    def sound(self, name: str, strength: int = 1) -> None:
        if self.session.sound:
            self.sounds.play(name, strength)

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
        self.say(Note("The flashing square is the hint."))

    def press(self, target: Target) -> None:
        self.cues.pressed.show(target, self.now, PRESS_TIME)

    def stop_thinking(self) -> None:
        """Stop the computer (a move or a hint) and forget any hint on show."""
        self.worker.cancel()
        self.cues.hint.clear()

    def note_fallback(self, why: str) -> None:
        if why not in self.fallbacks:
            self.fallbacks.append(why)
            print(f"chainplus: {why}", file=sys.stderr)

    def judging_of(self, game: Game) -> Judging:
        """The judgement of ``game``, started now unless it is the one under way (another
        game's is stopped: one at a time)."""
        if self.judging is None or not self.judging.of(game):
            if self.judging is not None:
                self.judging.stop()
            self.judging = Judging(game, wake=self.wake, nodes=self.judge_nodes,
                                   service=self.service)
        return self.judging

    def quit(self) -> None:
        self.worker.cancel()
        self.ask(Quit())

    @property
    def network(self) -> str | None:
        """Where the host is whose game the window shows (None: the player's own game)."""
        return self.away.where if self.away is not None else None

    def save_game(self) -> Note:
        """Save the game on the board in the player's own games folder: their own game, or
        the host's game the window has joined."""
        if self.away is None:
            return self.session.save_game()
        return self.away.session.save_game(self.session)
