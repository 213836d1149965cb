"""The game in a window: ``App`` holds the state and answers every event and tick.

``App`` never touches the display itself: tests and the benchmark drive it headless with
synthetic events, an injected clock and a synchronous AI worker, and ``draw`` paints onto any
640x480 surface. ``run`` (in ``launch``) owns the window, sleeps on events when nothing moves,
and flips. Hit testing lives in ``targets``, the panel's clicks in ``panel_actions``, the hover
help's wording in ``help_texts``, what the board does now in ``modes``.
"""

from __future__ import annotations

import copy
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from .. import ai
from ..game import Cascade, Game, ShownCascade
from ..rules import RULES
from . import (
    board_view,
    help_texts,
    panel_actions,
    panel_view,
    persist,
    seats,
    targets,
    widgets,
)
from .display import NullDisplay
from .modes import (
    EXPLODE_SOUND_GAP,
    SPEEDS,
    WAVE_TIME,
    AnimateMode,
    GameOverMode,
    Mode,
    PlayMode,
)
from .persist import Store
from .seats import COMPUTER, HUMAN, OFF, SeatSetup
from .sound import SoundPlayer, Sounds, quiet_stderr
from .targets import ADJUST, SELECT, Target
from .theme import BLACK, GREY1, ICON_LABEL, ICON_ORDER, SEAT_NAME, WORK_AREA, icon_layout
from .worker import HINT, ThreadWorker

#: Posted by the AI worker thread to wake the loop when an answer is ready.
WAKE = pygame.event.custom_type()
MESSAGE_TIME = 3.0
#: A finished kiosk game stays this long before the next starts by itself (a demo game less).
KIOSK_NEXT_GAME = 9.0
ATTRACT_NEXT_GAME = 5.0
HINT_TIME = 3.0
REFUSAL_TIME = 0.7
PRESS_TIME = 0.15
HINT_BUDGET = 0.5
#: The hint is what the strongest computer level would play.
HINT_LEVEL = 5
#: The hint square flashes at this many on/off steps a second; the thinking dots step at it too.
FLASH_RATE = 4
#: Longest sleep of the loop with nothing due, so a missed wake-up costs at most this.
MAX_SLEEP = 1.0
#: Icons a kiosk visitor never sees: nobody may quit or leave full screen.
KIOSK_HIDDEN = ("fullscreen", "quit")
#: The one way out of a kiosk: Ctrl+Shift+Q (keys are otherwise ignored there).
OPERATOR_KEY = pygame.K_q
OPERATOR_KEY_NAME = "Ctrl+Shift+Q"
#: The demonstration game: every seat a quick computer, shown fast, silent.
ATTRACT_LEVEL, ATTRACT_RANDOM, ATTRACT_SPEED = 3, 10, "fast"
ATTRACT_BUDGET = 0.05


@dataclass
class Options:
    """What the command line and the settings file set."""

    fullscreen: bool = False
    sound: bool = True
    speed: str = "normal"
    rules: str = "acorn"
    seed: int | None = None
    seats: list[dict[str, Any]] | None = None  # settings seat dicts; None: the defaults
    fixed_seats: bool = False  # the seats came from --seats: a resumed game does not change them
    kiosk: bool = False
    lock_panel: bool = False
    idle_seconds: float = 60.0


def is_operator_combo(key: int, mod: int) -> bool:
    """Ctrl+Shift+Q, with either Ctrl and either Shift (Caps Lock and Num Lock do not matter)."""
    return key == OPERATOR_KEY and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT)


class App:
    """All the state of the window and what every click, key and tick does to it."""

    def __init__(
        self,
        options: Options | None = None,
        clock: Callable[[], float] = time.monotonic,
        worker: ThreadWorker | None = None,
        sounds: SoundPlayer | None = None,
        display: NullDisplay | None = None,
        store: Store | None = None,
    ) -> None:
        self.options = options or Options()
        self.clock = clock
        self.now = clock()
        self.rng = random.Random(self.options.seed)
        self.kiosk = self.options.kiosk
        self.store = store
        self.setup: dict[int, SeatSetup] = persist.setup_from_seats(self.options.seats)
        self.rules = self.options.rules
        self.speed = self.options.speed
        self.budget = ai.DEFAULT_BUDGET  # thinking time per computer move
        self.hint_budget = HINT_BUDGET
        if sounds is None:  # the real sounds start the mixer, so only when none were given
            with quiet_stderr():  # ALSA lists every missing sound card on stderr
                sounds = Sounds(self.options.sound)
        self.sounds = sounds
        self.sounds.enabled = self.options.sound
        self.worker = worker if worker is not None else ThreadWorker(_post_wake)
        self.display = display if display is not None else \
            NullDisplay(self.options.fullscreen or self.kiosk)
        shown = tuple(n for n in ICON_ORDER if not (self.kiosk and n in KIOSK_HIDDEN))
        self.icons = icon_layout(shown)
        self.running = True
        self.exit_status = 0
        self.last_input = self.now  # the idle spell before attract mode counts from here
        self.attract = False
        self.visitor: tuple[dict[int, SeatSetup], str] | None = None  # put aside for the demo
        self.focused = True
        self.dirty = True
        self.pointer: tuple[int, int] | None = None
        self.pressed: Target | None = None  # the target drawn pressed, and until when
        self.pressed_until = 0.0
        self.message = ""
        self.message_warn = False
        self.message_until = 0.0
        self.hint: int | None = None
        self.hint_until = 0.0
        self.refusal: int | None = None
        self.refusal_until = 0.0
        self.last_explode_sound = float("-inf")
        self.last_square: int | None = None
        self.fallbacks: list[str] = []  # stand-ins the AI needed, reported once each
        self.resumed = 0  # moves of the autosaved game carried on with
        game = self.resume()
        self.game = game or self.next_game()
        self.mode: Mode = PlayMode(self)
        self.mode.enter()
        if game is None:
            self.autosave()  # from now on the file always holds the game on the board
        if game is not None and game.moves:
            self.say("Carrying on with the saved game.")

    # ------------------------------------------------------------------ files
    def resume(self) -> Game | None:
        """The unfinished autosaved game, with who played each seat, or None."""
        if self.store is None:
            return None
        game, extra = self.store.load_game()
        if game is None:
            return None
        if self.options.fixed_seats:  # the operator's --seats win over the saved game's
            saved = extra.get("plays_as")
            extra = dict(extra, plays_as=[
                row.plays_as if row.kind != OFF or not isinstance(saved, list)
                or len(saved) != 4 else saved[seat - 1]
                for seat, row in self.setup.items()])
        persist.restore_plays_as(self.setup, game, extra)
        self.resumed = len(game.moves)
        return game

    def settings_now(self) -> dict[str, Any]:
        """The settings file's view of the window as it is now."""
        setup, speed = self.visitor if self.visitor is not None else (self.setup, self.speed)
        return {"seats": persist.seats_of_setup(setup), "speed": speed,
                "sound": bool(self.sounds.enabled), "rules": self.rules,
                "fullscreen": bool(self.display.fullscreen)}

    def remember(self) -> None:
        """Write the settings if they changed (the store skips identical writes)."""
        if self.store is not None and not self.kiosk:
            self.store.save_settings(self.settings_now())

    def autosave(self) -> None:
        """Save the game on the board, so a crash or kill -9 resumes it (not demo games)."""
        if self.store is not None and not self.attract:
            self.store.save_game(self.game, self.setup)

    # ------------------------------------------------------------------ attract mode
    def start_attract(self) -> None:
        """Nobody has touched the kiosk for a while: the computer plays a demo on all seats."""
        self.cancel_thinking()
        self.clear_hint()
        if self.store is not None:  # a restart during the demo starts a clean game,
            self.store.save_game(self.next_game(), self.setup)  # not the abandoned one
        self.visitor = (copy.deepcopy(self.setup), self.speed)
        self.attract = True
        self.setup = {s: SeatSetup(COMPUTER, ATTRACT_LEVEL, ATTRACT_RANDOM, COMPUTER)
                      for s in seats.SEATS}
        self.speed = ATTRACT_SPEED
        self._show(self.next_game())
        self.message = ""
        self.set_mode(PlayMode(self))

    def end_attract(self) -> None:
        """A visitor clicked: a fresh game as the operator set the kiosk up (the click does
        nothing else). Whatever the last visitor changed (seats, speed, sound, rules) is put
        back, so one visitor muting the sound does not mute it for the rest of the day."""
        assert self.visitor is not None
        self.cancel_thinking()
        self.setup = persist.setup_from_seats(self.options.seats)
        self.speed, self.rules = self.options.speed, self.options.rules
        self.sounds.enabled = self.options.sound
        self.visitor = None
        self.attract = False
        self.new_game()
        self.say("Your game! Click an empty square to start.")

    def next_game_pause(self) -> float:
        """Seconds a finished game stays on a kiosk before the next starts by itself."""
        return ATTRACT_NEXT_GAME if self.attract else KIOSK_NEXT_GAME

    # ------------------------------------------------------------------ modes and moves
    def set_mode(self, mode: Mode) -> None:
        self.mode.leave()
        self.mode = mode
        mode.enter()
        self.dirty = True

    def place(self, square: int) -> Cascade:
        """Play ``square`` for the seat to move (it must be legal) and show what it did."""
        self.clear_hint()
        shown = self.game.play_shown(square)
        cascade = shown.cascade
        self.last_square = square
        self.autosave()  # the move is made: a kill from now on resumes after it
        self.sound("place")
        if cascade.waves and WAVE_TIME[self.speed] > 0:
            self.set_mode(AnimateMode(self, shown))
        else:
            if cascade.waves:
                self.explode_sound(self.now, max(len(w) for w in cascade.waves))
            self.after_move(cascade)
        return cascade

    def after_move(self, cascade: Cascade) -> None:
        """The move (and its animation) is over: next seat, or the end of the game."""
        for seat in cascade.eliminated:
            self.say(f"{SEAT_NAME[seat]} is out of the game.")
        if self.game.winner is not None:
            self.set_mode(GameOverMode(self))  # announces the winner, over any other message
        else:
            self.set_mode(PlayMode(self))

    def new_game(self) -> None:
        """A fresh game with the panel's seats and the rules icon's rules."""
        self.cancel_thinking()
        self.clear_hint()
        self._show(self.next_game())
        self.autosave()
        self.set_mode(PlayMode(self))
        self.say("New game.")

    def next_game(self) -> Game:
        """A game with the panel's seats and the rules icon's rules (not yet on the board)."""
        return Game(seats.seats_for_next_game(self.setup), self.rules)

    def _show(self, game: Game) -> None:
        """Put a fresh ``game`` on the board, with no last-move mark or refusal cross."""
        self.game = game
        self.last_square = None
        self.refusal = None

    def undo_count(self) -> int:
        """How many moves Undo takes back: back to before the last move a seat played by a
        human made (just one move when no human plays; none if no human has moved yet)."""
        game = self.game
        if not game.can_undo():
            return 0
        humans = {s for s in game.seats if self.setup[s].plays_as == HUMAN}
        if not humans:
            return 1
        for back, seat in enumerate(reversed(game.movers()), start=1):
            if seat in humans:
                return back
        return 0

    def undo(self) -> None:
        """Take back moves until a human's move is taken back (one move if no human plays)."""
        game = self.game
        taken = self.undo_count()
        if taken == 0:
            why = "no move" if not game.can_undo() else "no move of a human player"
            self.say(f"There is {why} to take back.", warn=True)
            return
        self.cancel_thinking()
        self.clear_hint()
        for _ in range(taken):
            game.undo()
        self.last_square = game.moves[-1] if game.moves else None
        self.autosave()
        self.set_mode(PlayMode(self))
        self.say(f"Took back {taken} move{'s' if taken > 1 else ''}.")

    def cancel_thinking(self) -> None:
        self.worker.cancel()

    def ask_hint(self) -> None:
        """Start working out the square level 5 would play for the human to move."""
        if not self.hint_allowed():
            self.say("A hint is for a human seat to move.", warn=True)
            return
        self.worker.start(HINT, self.game, HINT_LEVEL, 0, self.rng.random(), self.hint_budget)
        self.say("Looking for a good move...")

    def hint_allowed(self) -> bool:
        return isinstance(self.mode, PlayMode) and not self.mode.computer_to_move() \
            and self.game.winner is None

    def show_hint(self, square: int) -> None:
        self.hint = square
        self.hint_until = self.now + HINT_TIME
        self.say("The flashing square is the hint.")

    def clear_hint(self) -> None:
        if self.worker.job is not None and self.worker.job.kind == HINT:
            self.worker.cancel()
        self.hint = None

    def note_fallback(self, why: str) -> None:
        if why not in self.fallbacks:
            self.fallbacks.append(why)
            print(f"chainplus: {why}", file=sys.stderr)

    def announce_winner(self) -> None:
        self.sound("win")
        then = "A new game starts in a moment." if self.kiosk else "Click New for another game."
        self.say(f"{SEAT_NAME[self.game.winner]} wins! {then}")

    def sound(self, name: str, strength: int = 1) -> None:
        """Play a sound effect; the demonstration game is silent."""
        if not self.attract:
            self.sounds.play(name, strength)

    def explode_sound(self, now: float, strength: int = 1) -> None:
        """One explosion sound for a wave (``strength`` squares), unless one played just now."""
        if now - self.last_explode_sound >= EXPLODE_SOUND_GAP:
            self.sound("explode", strength)
            self.last_explode_sound = now

    def refuse(self, square: int, why: str) -> None:
        """A click on a square that may not be played: a cross, a sound, a message."""
        self.refusal = square
        self.refusal_until = self.now + REFUSAL_TIME
        self.sound("illegal")
        self.say(why, warn=True)

    def say(self, text: str, warn: bool = False) -> None:
        self.message = text
        self.message_warn = warn
        self.message_until = self.now + MESSAGE_TIME
        self.dirty = True

    def hover_legal(self) -> int | None:
        """The square under the pointer when the human to move may play it."""
        if self.pointer is None or not isinstance(self.mode, PlayMode):
            return None
        square = board_view.square_at(self.pointer)
        if square is None or self.mode.computer_to_move() or not self.game.is_legal(square):
            return None
        return square

    # ------------------------------------------------------------------ the panel and icons
    def click_icon(self, name: str, button: int) -> None:
        step = 1 if button == SELECT else -1
        if self.kiosk and name in KIOSK_HIDDEN:
            return
        if name == "new":
            self.new_game()
        elif name == "undo":
            self.undo()
        elif name == "hint":
            self.ask_hint()
        elif name == "speed":
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + step) % len(SPEEDS)]
            self.say(f"Speed: {self.speed}.")
        elif name == "sound":
            self.sounds.enabled = not self.sounds.enabled
            self.say("Sound on." if self.sounds.enabled else "Sound off.")
        elif name == "fullscreen":
            self.toggle_fullscreen()
        elif name == "rules":
            self.rules = RULES[(RULES.index(self.rules) + step) % len(RULES)]
            if self.rules == self.game.rules:
                self.say(f"{self.rules.capitalize()} rules, as now.")
            else:
                self.say(f"{self.rules.capitalize()} rules from the next game.")
        elif name == "quit":
            self.quit()

    def toggle_fullscreen(self) -> None:
        if self.kiosk:
            return  # a kiosk stays full screen
        self.display.toggle()
        self.dirty = True

    def quit(self) -> None:
        self.cancel_thinking()
        self.running = False

    def operator_exit(self) -> None:
        """The operator's key combination: end the kiosk with status 0 (the supervisor stops)."""
        self.exit_status = 0
        self.quit()

    def icon_glyph(self, name: str) -> str:
        """The glyph an icon shows now: state icons show their state."""
        if name == "speed":
            return f"speed-{self.speed}"
        if name == "sound":
            return "sound-on" if self.sounds.enabled else "sound-off"
        if name == "fullscreen":
            return "windowed" if self.display.fullscreen else "fullscreen"
        if name == "rules":
            return f"rules-{self.rules}"
        return name

    def icon_enabled(self, name: str) -> bool:
        if name == "undo":
            return self.undo_count() > 0
        if name == "hint":
            return self.hint_allowed()
        return True

    # ------------------------------------------------------------------ events
    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What is under a logical screen position."""
        return targets.hit(pos, self.icons, self.kiosk)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Answer one event; never raises for any event pygame can deliver."""
        kind = event.type
        if kind == pygame.QUIT:
            if not self.kiosk:  # a kiosk ignores the window manager's close and Alt+F4
                self.quit()
        elif kind == pygame.MOUSEMOTION:
            self.pointer = targets.event_pos(event)
            self.last_input = self.clock()
            self.dirty = True
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.last_input = self.clock()
            if self.attract:
                self.end_attract()  # the click wakes the kiosk and does nothing else
                return
            pos = targets.event_pos(event)
            if pos is not None and getattr(event, "button", 0) in (SELECT, ADJUST):
                self.pointer = pos
                self.click(pos, event.button)
                self.remember()
        elif kind == pygame.KEYDOWN:
            key, mod = getattr(event, "key", 0), getattr(event, "mod", 0)
            if self.kiosk:
                if isinstance(key, int) and isinstance(mod, int) and is_operator_combo(key, mod):
                    self.operator_exit()
                return  # otherwise a kiosk is mouse only
            if key == pygame.K_F11 or (key == pygame.K_ESCAPE and self.display.fullscreen):
                self.toggle_fullscreen()
            self.remember()
        elif kind == pygame.WINDOWFOCUSGAINED:
            self.focused = True
            self.dirty = True
        elif kind == pygame.WINDOWFOCUSLOST:
            self.focused = False
            self.dirty = True
        elif kind == pygame.WINDOWLEAVE:
            self.pointer = None
            self.dirty = True
        elif kind in (WAKE, pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWSHOWN,
                      pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED):
            self.dirty = True

    def click(self, pos: tuple[int, int], button: int) -> None:
        """A Select or Adjust click at a logical position."""
        self.now = self.clock()
        target = self.hit(pos)
        if isinstance(self.mode, AnimateMode):
            self.mode.finish()  # a click during a cascade finishes it; never a placement
            if target is not None and target[0] == "board":
                return
        if target is None:
            return
        self.pressed = target
        self.pressed_until = self.now + PRESS_TIME
        self.dirty = True
        what = target[0]
        if what == "board":
            self.refusal = None
            self.mode.click_board(target[1], button)
        elif what == "icon":
            self.click_icon(target[1], button)
        elif what == "panel":
            panel_actions.click_panel(self, *target[1], 1 if button == SELECT else -1)
        elif what == "close":
            self.quit()
        elif what == "toggle":
            self.toggle_fullscreen()

    # ------------------------------------------------------------------ time
    def update(self, now: float | None = None) -> None:
        """Advance the clock: animations, the computer's move, cues that run out."""
        self.now = self.clock() if now is None else now
        now = self.now
        if self.kiosk and not self.attract and now - self.last_input >= self.options.idle_seconds:
            self.start_attract()
        for _ in range(8):  # a mode may hand over to another that is due at once
            mode = self.mode
            mode.update(now)
            if self.mode is mode:
                break
        if self.mode.animating:
            self.dirty = True
        for attr, until in (("hint", "hint_until"), ("refusal", "refusal_until"),
                            ("pressed", "pressed_until")):
            if getattr(self, attr) is not None and now >= getattr(self, until):
                setattr(self, attr, None)
                self.dirty = True
        if self.message and now >= self.message_until:
            self.message = ""
            self.dirty = True
        if self.hint is not None:
            self.dirty = True  # it flashes

    def wait_time(self, now: float) -> float:
        """Seconds the loop may sleep before anything changes by itself (0: draw frames)."""
        if self.mode.animating:
            return 0.0
        times = [self.mode.deadline(now)]
        if self.kiosk and not self.attract:
            times.append(self.last_input + self.options.idle_seconds)
        if self.hint is not None:
            times.append(now + 0.5 / FLASH_RATE)  # the hint flashes
        if self.worker.job is not None:
            times.append(now + 1.0 / FLASH_RATE)  # the thinking indicator turns
        for attr, until in (("refusal", "refusal_until"), ("pressed", "pressed_until")):
            if getattr(self, attr) is not None:
                times.append(getattr(self, until))
        if self.message:
            times.append(self.message_until)
        due = [t for t in times if t is not None]
        if not due:
            return MAX_SLEEP
        return max(0.0, min(MAX_SLEEP, min(due) - now))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole 640x480 screen."""
        self.dirty = False
        surface.fill(GREY1, WORK_AREA)
        pygame.draw.rect(surface, BLACK, WORK_AREA, 1)
        widgets.window_frame(surface, self.focused, self._pressed_furniture(),
                             show_close=not self.kiosk, show_toggle=not self.kiosk)
        self.mode.draw_board(surface)
        if self.hint is not None:
            board_view.draw_hint(surface, self.hint, int(self.now * FLASH_RATE) % 2 == 0)
        if self.refusal is not None:
            board_view.draw_refusal(surface, self.refusal)
        for name, rect in self.icons.items():
            enabled = self.icon_enabled(name) and not self.attract
            widgets.icon(surface, rect, self.icon_glyph(name),
                         pressed=self.pressed == ("icon", name), enabled=enabled,
                         selected=name == "fullscreen" and self.display.fullscreen)
            widgets.label(surface, rect, ICON_LABEL[name], enabled)
        to_move = self.game.to_move if not isinstance(self.mode, AnimateMode) else None
        pressed_cell = self.pressed[1] if self.pressed and self.pressed[0] == "panel" else None
        shown = self.game
        if isinstance(self.mode, AnimateMode):
            shown = _SquaresView(self.game, self.mode.squares_shown())
        panel_view.draw_panel(surface, self.setup, shown, pressed_cell, to_move)
        seat, head, line, big = self.mode.status()
        if self.worker.job is not None and self.worker.job.kind != HINT:
            dots = int(self.now * FLASH_RATE) % 4
            head = head + "." * dots + " " * (3 - dots)  # a fixed width, so it does not jiggle
        if self.attract:
            head = "Demonstration" if not big else head
        panel_view.draw_status(surface, seat, head, line, big)
        text, warn = self.help_text()
        panel_view.draw_help(surface, text, warn)
        if self.attract:
            board_view.draw_attract_banner(surface, self.now)

    def _pressed_furniture(self) -> str | None:
        if self.pressed == ("close",):
            return "close"
        if self.pressed == ("toggle",):
            return "toggle"
        return None

    def help_text(self) -> tuple[str, bool]:
        """The message of the moment, else help for what is under the pointer, else a tip."""
        if self.attract:
            return "A demonstration game. Click anywhere to play!", False
        if self.message:
            return self.message, self.message_warn
        target = self.hit(self.pointer) if self.pointer is not None else None
        if target is not None:
            if target[0] == "icon":
                return help_texts.icon_help(self, target[1]), False
            if target[0] == "panel":
                return help_texts.panel_help(self, *target[1]), False
            if target[0] in help_texts.FURNITURE_HELP:
                return help_texts.FURNITURE_HELP[target[0]], False
        return self.mode.default_help(), False

    def close(self) -> None:
        self.worker.close()


class _SquaresView:
    """The game as the panel should show it mid-animation: squares from the frame drawn."""

    def __init__(self, game: Game, squares: list[int]) -> None:
        self.seats = game.seats
        self.alive = game.alive
        self.squares = squares


def _post_wake() -> None:
    """Called on the AI thread: wake the loop (pygame.event.post is thread-safe)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        pass

