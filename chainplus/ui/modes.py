"""UI modes (in the pyspacewar style): what the board does now, and what it shows.

``PlayMode`` waits for a human click or drives a computer seat through the worker;
``AnimateMode`` shows a cascade wave by wave from ``Game.play_shown``'s frames; ``GameOverMode`` keeps
the final board with the winner. The app swaps modes with ``App.set_mode``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ..game import ShownCascade
from . import board_view
from .seats import COMPUTER
from .targets import SELECT
from .theme import SEAT_NAME
from .worker import HINT, MOVE, Job

if TYPE_CHECKING:
    from .app import App

#: Seconds per explosion wave, and the pause before each computer move, per speed.
SPEEDS = ("slow", "normal", "fast", "instant")
WAVE_TIME = {"slow": 0.55, "normal": 0.3, "fast": 0.13, "instant": 0.0}
THINK_PAUSE = {"slow": 1.0, "normal": 0.6, "fast": 0.3, "instant": 0.1}
#: Long chains speed up so they never take much more than this many waves' time.
WAVES_AT_FULL_TIME = 24
#: Never two explosion sounds closer together than this, so long chains do not machine-gun.
EXPLODE_SOUND_GAP = 0.12


class Mode:
    """What every mode answers; the defaults suit a board that just sits there."""

    name = "mode"
    animating = False  # True while every frame differs from the last

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the mode becomes current."""

    def leave(self) -> None:
        """Called when another mode takes over."""

    def update(self, now: float) -> None:
        """Advance timers; called after every batch of events."""

    def click_board(self, square: int, button: int) -> None:
        """A Select (1) or Adjust (3) click on ``square``."""

    def deadline(self, now: float) -> float | None:
        """When this mode next needs an update with no event, or None."""
        return None

    def board(self) -> tuple[Sequence[int], Sequence[int]]:
        """The (counts, owners) to draw."""
        return self.app.game.counts, self.app.game.owners

    def draw_board(self, surface: pygame.Surface) -> None:
        counts, owners = self.board()
        app = self.app
        board_view.draw_board(surface, counts, owners, app.game.threshold, hover=app.hover_legal(),
                              last=app.last_square)

    def status(self) -> tuple[int | None, str, str, bool]:
        """(seat, heading, line, big) for the turn box."""
        return None, "", "", False

    def default_help(self) -> str:
        return ""


class PlayMode(Mode):
    """A seat is to move: a human clicks, or the computer thinks then plays after a pause."""

    name = "play"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.think_start = 0.0

    def enter(self) -> None:
        self.think_start = self.app.now

    def leave(self) -> None:
        self.app.cancel_thinking()

    def computer_to_move(self) -> bool:
        app = self.app
        seat = app.game.to_move
        return seat is not None and app.setup[seat].plays_as == COMPUTER

    def update(self, now: float) -> None:
        app = self.app
        if app.game.winner is not None:
            app.set_mode(GameOverMode(app))
            return
        job = app.worker.job
        if not self.computer_to_move():
            if job is not None and job.kind == MOVE:
                app.cancel_thinking()  # the seat was switched to human while it thought
            self._collect_hint()
            return
        seat = app.game.to_move
        if job is None or job.kind != MOVE:
            row = app.setup[seat]
            app.clear_hint()
            app.worker.start(MOVE, app.game, row.level, row.random_pct, app.rng.random(),
                             app.budget)
            self.think_start = now
            app.dirty = True
            return
        if now < self.think_start + THINK_PAUSE[app.speed]:
            return
        done = self._collect()
        if done is None:
            return
        stale = done.game.moves != app.game.moves  # never play an answer to another position
        if not stale and done.square is not None and app.game.is_legal(done.square):
            app.place(done.square)

    def _collect_hint(self) -> None:
        app = self.app
        job = app.worker.job
        if job is None or job.kind != HINT:
            return
        done = self._collect()
        if done is not None and done.square is not None:
            app.show_hint(done.square)

    def _collect(self) -> Job | None:
        """The worker's finished answer, if any, with any stand-in it needed reported once."""
        done = self.app.worker.collect()
        if done is not None and done.fallback:
            self.app.note_fallback(done.fallback)
        return done

    def deadline(self, now: float) -> float | None:
        if self.computer_to_move():
            return self.think_start + THINK_PAUSE[self.app.speed]
        return None

    def click_board(self, square: int, button: int) -> None:
        app = self.app
        seat = app.game.to_move
        if seat is None:
            return
        if self.computer_to_move():
            app.say(f"{SEAT_NAME[seat]} is played by the computer: wait for its move.")
            return
        if button != SELECT:
            app.say("Use Select (the left button) to place a piece.")
            return
        if not app.game.is_legal(square):
            owner = app.game.owners[square]
            app.refuse(square, f"{SEAT_NAME[owner]}'s square! Play on an empty square or one "
                       f"of yours.")
            return
        app.place(square)

    def status(self) -> tuple[int | None, str, str, bool]:
        seat = self.app.game.to_move
        if self.computer_to_move():
            return seat, "Computer thinking", SEAT_NAME[seat], False
        return seat, "To move", SEAT_NAME[seat], False

    def default_help(self) -> str:
        seat = self.app.game.to_move
        if self.computer_to_move():
            return f"{SEAT_NAME[seat]} is the computer (level {self.app.setup[seat].level})."
        return f"{SEAT_NAME[seat]}: click an empty square or one of yours."


class AnimateMode(Mode):
    """A cascade shown wave by wave; any click finishes it at once."""

    name = "animate"
    animating = True

    def __init__(self, app: App, shown: ShownCascade) -> None:
        super().__init__(app)
        cascade = shown.cascade
        self.cascade = cascade
        self.frames = shown.frames
        base = WAVE_TIME[app.speed]
        waves = len(cascade.waves)
        self.wave_time = base * max(0.3, min(1.0, WAVES_AT_FULL_TIME / max(1, waves)))
        self.hold = base * 0.6
        self.start = app.now
        self.wave = -1  # the wave being drawn, -1 while the placement shows
        self.t = 0.0

    def _position(self, now: float) -> tuple[int, float]:
        elapsed = now - self.start - self.hold
        if elapsed < 0:
            return -1, 0.0
        k = int(elapsed // self.wave_time)
        return k, elapsed / self.wave_time - k

    def update(self, now: float) -> None:
        k, t = self._position(now)
        if k >= len(self.cascade.waves):
            self.finish()
            return
        if k != self.wave and k >= 0:
            self.app.explode_sound(now, len(self.cascade.waves[k]))
        self.wave, self.t = k, t

    def finish(self) -> None:
        """Jump to the end of the cascade and hand over to the next mode."""
        self.app.after_move(self.cascade)

    def click_board(self, square: int, button: int) -> None:
        self.finish()

    def board(self) -> tuple[Sequence[int], Sequence[int]]:
        return self.frames[max(0, self.wave)]

    def draw_board(self, surface: pygame.Surface) -> None:
        counts, owners = self.board()
        app = self.app
        sending = self.cascade.waves[self.wave] if self.wave >= 0 else ()
        board_view.draw_board(surface, counts, owners, app.game.threshold,
                              last=self.cascade.square, sending=sending)
        if sending:
            board_view.draw_explosion(surface, sending, self.cascade.seat, self.t)

    def status(self) -> tuple[int | None, str, str, bool]:
        waves = len(self.cascade.waves)
        head = f"Wave {max(0, self.wave) + 1} of {waves}" if waves else "Placed"
        return self.cascade.seat, head, SEAT_NAME[self.cascade.seat], False

    def default_help(self) -> str:
        return "Click to finish the chain at once."

    def squares_shown(self) -> list[int]:
        """Squares per seat on the frame being drawn, so column 2 changes in step."""
        owners = self.board()[1]
        counts = [0] * 5
        for owner in owners:
            counts[owner] += 1
        counts[0] = 0
        return counts


class GameOverMode(Mode):
    """The final board and the winner, until a new game."""

    name = "over"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.since = app.now

    def enter(self) -> None:
        self.since = self.app.now
        self.app.announce_winner()

    def update(self, now: float) -> None:
        app = self.app
        if app.kiosk and now >= self.since + app.next_game_pause():
            app.new_game()  # a kiosk never waits for someone to click New

    def deadline(self, now: float) -> float | None:
        return self.since + self.app.next_game_pause() if self.app.kiosk else None

    def draw_board(self, surface: pygame.Surface) -> None:
        super().draw_board(surface)
        board_view.draw_winner_frame(surface, self.app.game.winner)

    def click_board(self, square: int, button: int) -> None:
        self.app.say("The game is over: click New for another.")

    def status(self) -> tuple[int | None, str, str, bool]:
        seat = self.app.game.winner
        return seat, "The winner is", SEAT_NAME[seat], True

    def default_help(self) -> str:
        if self.app.kiosk:
            return "The game is over. A new one starts in a moment, or click New."
        return "The game is over. Click New for another game."
