"""Monkey soak: random events thrown at the headless window, its invariants checked after each.

``python -m chainplus.ui.rigs.monkey --events 100000 --seed 1`` runs the long soak and prints its
figures (events, exceptions, states visited, wall time). The App runs on the dummy video
driver with an injected clock (each event moves it on by a random step, sometimes past the
kiosk's idle spell), a synchronous AI worker, silent sounds and an autosave folder of its
own. The run cycles through set-ups (a window, a kiosk, a kiosk with a locked panel, four
seats) and now and then "kills" the app and builds a new one from the autosave, checking the
game resumes exactly. It types into the Join dialog, never a letter or digit: no code, no join.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl+C and SIGTERM stop the soak

import pygame  # noqa: E402

from chainplus.app import panel  # noqa: E402
from chainplus.app import settings as st  # noqa: E402
from chainplus.app.seats import parse_seats
from chainplus.app.session import KioskOptions, Options  # noqa: E402
from chainplus.app.store import Store  # noqa: E402
from chainplus.common.options import OneLineParser  # noqa: E402
from chainplus.ui.art import games_view, panel_view  # noqa: E402
from chainplus.ui.art.theme import (  # noqa: E402
    CLOSE_ICON,
    SCREEN_SIZE,
    TITLE_BAR,
    TOGGLE_ICON,
    panel_cell,  # noqa: E402
)
from chainplus.ui.rigs.fakes import HandClock, headless_devices  # noqa: E402
from chainplus.ui.window.app import App  # noqa: E402
from chainplus.ui.window.chain import Showing  # noqa: E402
from chainplus.ui.window.controller import Controller  # noqa: E402
from chainplus.ui.window.controls import WINDOW_ICONS  # noqa: E402
from chainplus.ui.window.display import NullDisplay  # noqa: E402
from chainplus.ui.window.mode import Named  # noqa: E402
from chainplus.ui.window.over.base import Overlay  # noqa: E402
from chainplus.ui.window.over.join import JoinDialog  # noqa: E402

#: The set-ups a run cycles through: (name, options).
SETUPS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("window", {"seats": parse_seats("H,C2:10")}),
    ("kiosk", {"kiosk": KioskOptions(idle_seconds=20.0), "seats": parse_seats("H,C4:10")}),
    ("kiosk-locked", {"kiosk": KioskOptions(idle_seconds=8.0), "lock_panel": True,
                      "seats": parse_seats("H,C5:10,C0")}),
    ("window-4", {"seats": parse_seats("H,C3,H,C1:50"), "speed": "fast"}),
    ("window-computers", {"seats": parse_seats("C1:50,C2,C0"), "speed": "fast"}),
    ("kiosk-computers", {"kiosk": KioskOptions(idle_seconds=600.0),
                         "seats": parse_seats("C1:50,C0,-,C2"), "speed": "instant"}),
)
#: Now and then nobody touches anything for a while (only window events arrive and time
#: passes), so computer games run to the end and a kiosk falls into its demonstration game.
QUIET_CHANCE = 0.004
QUIET_EVENTS = (40, 400)
QUIET = (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
         pygame.ACTIVEEVENT, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)
#: How often a file is dropped on the window (a record, or something that is not one).
DROP_CHANCE = 0.004
SEGMENT = 2500  # events per set-up before moving to the next
RESTART_EVERY = 700  # events between simulated kill -9 and restart from the autosave


@dataclass
class Figures:
    events: int = 0
    exceptions: int = 0
    restarts: int = 0
    moves: int = 0
    games_won: int = 0
    operator_exits: int = 0
    typed: int = 0  # characters typed into the Join dialog
    states: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- events
def _spot(rng: random.Random) -> tuple[int, int]:
    """Somewhere worth clicking: the board, an icon, a panel cell, the title bar, anywhere."""
    roll = rng.random()
    if roll < 0.45:
        return rng.randrange(14, 430), rng.randrange(44, 460)
    if roll < 0.6:
        rect = rng.choice(list(WINDOW_ICONS.values()))
    elif roll < 0.75:
        rect = panel_cell(rng.randrange(1, 5), rng.randrange(1, 5))
    elif roll < 0.82:
        rect = rng.choice((CLOSE_ICON, TOGGLE_ICON, TITLE_BAR))
    else:
        return rng.randrange(-20, SCREEN_SIZE[0] + 20), rng.randrange(-20, SCREEN_SIZE[1] + 20)
    return rng.randrange(rect.left, rect.right), rng.randrange(rect.top, rect.bottom)


KEYS = (pygame.K_ESCAPE, pygame.K_F11, pygame.K_F4, pygame.K_q, pygame.K_SPACE, pygame.K_a,
        pygame.K_RETURN, pygame.K_n, pygame.K_u, pygame.K_F1, pygame.K_LEFT, pygame.K_RIGHT)
#: The keys of a dialog: editing a writable icon, moving between them, Join and Cancel.
DIALOG_KEYS = tuple(getattr(pygame, f"K_{name}") for name in (
    "BACKSPACE", "DELETE", "LEFT", "RIGHT", "HOME", "END", "TAB", "UP", "DOWN", "RETURN", "ESCAPE"))
#: The share of events typed into an open Join dialog, and of Join clicks in the games window.
TYPING_CHANCE, JOIN_CHANCE = 0.5, 0.05
#: What the monkey types: signs, spaces, other scripts, never an ASCII letter or digit (a
#: code is only those, so no Join it tries gets past the dialog's checks).
TYPED = (".", ":", "-", "[", "]", "_", "/", "@", "#", "!", "?", "~", " ", "::", "é", "ß",
         "日本", "\u00a0", "\U0001f600", "..:..", "")
MODS = (0, pygame.KMOD_ALT, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT,
        pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
WINDOW_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                 pygame.WINDOWRESTORED, pygame.WINDOWEXPOSED, pygame.WINDOWLEAVE,
                 pygame.WINDOWENTER, pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN)


def random_event(rng: random.Random, kiosk: bool) -> pygame.event.Event:
    """One random event; the operator's Ctrl+Shift+Q only outside kiosk runs (where it is
    just another key) so a kiosk run never ends."""
    roll = rng.random()
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_spot(rng),
                                  button=rng.choice((1, 1, 1, 3, 3, 2, 4, 5)))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_spot(rng), button=rng.choice((1, 3)))
    if roll < 0.72:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=_spot(rng), rel=(1, 1), buttons=(0, 0, 0))
    if roll < 0.82:
        key, mod = rng.choice(KEYS), rng.choice(MODS)
        if kiosk and key == pygame.K_q and mod == MODS[-1]:
            mod = 0
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    if roll < 0.84:
        return typing_event(rng)
    if roll < 0.93:
        return pygame.event.Event(rng.choice(WINDOW_EVENTS))
    if roll < 0.97:
        size = (rng.randrange(100, 2000), rng.randrange(100, 1500))
        kind = rng.choice((pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE))
        return pygame.event.Event(kind, x=size[0], y=size[1], size=size, w=size[0], h=size[1])
    if roll < 0.985:
        return pygame.event.Event(pygame.ACTIVEEVENT, gain=rng.randrange(2), state=rng.randrange(8))
    return pygame.event.Event(pygame.QUIT) if kiosk else pygame.event.Event(pygame.VIDEOEXPOSE)


def typing_event(rng: random.Random) -> pygame.event.Event:
    """Something typed (never a letter or digit), or a dialog's key."""
    if rng.random() < 0.6:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TYPED))
    return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(DIALOG_KEYS), mod=0)


# --------------------------------------------------------------------------- invariants
def state_of(app: App) -> str:
    """A name for the state the app is in, for the 'states visited' figure."""
    over = {"demo": "attract/", "rules": "rules/", "games": "games/",
            "join": "join/"}.get(app.mode.name, "")
    name = shown_mode(app).name
    if app.board.name != "demo" and app.session.hosting and name != "review":
        name = "hosting"  # a hosting window's board, whatever its phase
    elif name == "play":
        name = "thinking" if app.session.computer_to_move() else "human-to-move"
    prefix = "kiosk" if app.options.kiosk else "window"
    return f"{prefix}/{over}{name}"


def shown_mode(app: App) -> Named | Overlay:
    """What plays the board on screen: a replay over the board, else the board's own game (a
    demonstration's inner one)."""
    replays = [window for window in app.stack.windows if window.picture is not None]
    return replays[-1] if replays else app.board.board_mode


def check(app: App) -> None:
    """Raise AssertionError when an invariant does not hold."""
    game = app.game
    counts, owners = game.counts, game.owners
    assert sum(counts) == len(game.moves), "pieces are not conserved"
    assert [bool(c) for c in counts] == [bool(o) for o in owners], "owner without pieces"
    for seat in (1, 2, 3, 4):
        assert game.squares[seat] == owners.count(seat), "squares count is wrong"
    assert panel.valid(app.session.panel), f"panel invalid: {app.session.panel}"
    demo = app.mode.name == "demo"
    mode = shown_mode(app)
    if mode.name == "over":
        assert game.winner is not None, "game over with no winner"
    elif mode.name == "tour":
        assert demo, "how to play outside the attract loop"
    elif mode.name == "review":
        replay = getattr(mode, "replay")  # noqa: B009  (a ReviewWindow's own)
        assert replay.position.moves == list(replay.moves[:replay.at]), "replay off its moves"
        assert not app.options.kiosk, "a replay in a kiosk"
    elif mode.name == "animate":
        assert isinstance(mode, Controller) and isinstance(mode.phase, Showing)
        cascade = mode.phase.cascade
        assert game.moves and cascade.square == game.moves[-1], "animating another move"
        assert (game.winner is not None) == (cascade.winner is not None)
    else:
        assert mode.name == "play" and game.winner is None, "play mode after a win"
        assert game.to_move in game.alive
    if app.session.hosting:
        assert not app.options.kiosk, "a kiosk hosting unasked"
    assert app.table.where is None, "the monkey joined a host"
    if isinstance(app.mode, JoinDialog):
        for field in app.mode.fields.values():
            assert 0 <= field.first <= field.caret <= len(field.text) <= field.limit
            assert field.caret - field.first <= field.columns, "the caret out of sight"
    message = app.table.cues.message.value
    for text in (app.help_text()[0], message.text if message else ""):
        assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, f"too long: {text!r}"
    if app.options.kiosk:
        assert app.running, "a kiosk stopped"
        assert app.display.fullscreen, "a kiosk left full screen"
        assert "quit" not in app.icons and "games" not in app.icons
    if demo:
        assert all(app.session.panel[s].plays_as == "computer" for s in game.seats)
        assert app.session.store is None, "the demonstration has files"
    if app.options.lock_panel and not demo:
        assert panel.settings_of(app.session.panel) == app.options.seats


def check_autosave(app: App, folder: Path) -> None:
    """The autosave holds the visitor's game (a demonstration never writes it)."""
    saved, extra, warnings = st.read_autosave(folder)
    assert not warnings, warnings
    session = app.table.session
    if session.game.winner is not None:
        assert saved is None, "a won game is offered for resuming"
        return
    assert saved is not None and saved.state() == session.game.state(), "autosave is behind"
    saved_as = extra.get("plays_as")
    assert isinstance(saved_as, list) and all(
        saved_as[s - 1] == session.panel[s].plays_as for s in session.game.seats), \
        "plays_as is behind"


def dropped_files(folder: Path) -> list[Path]:
    """Files to drop on the window: a game record, and things that are not one (broken JSON,
    an illegal move, a huge file, a folder, a file that is not there)."""
    folder.mkdir(parents=True)
    files = {"game.json": '{"players": 3, "moves": [[0, 0], [7, 7], [3, 4], [0, 0], [1, 1]]}',
             "broken.json": '{"players": 2, "moves": [[0, ', "illegal.json":
             '{"players": 2, "moves": [[0, 0], [0, 0]]}', "huge.json": " " * 2_000_000}
    for name, text in files.items():
        (folder / name).write_text(text)
    return [*(folder / name for name in files), folder, folder / "missing.json"]


# --------------------------------------------------------------------------- the run
def new_app(options: Options, folder: Path, clock: HandClock, null: TextIO) -> App:
    """A fresh 'process' on the shared folder; the store's warnings go to ``null``."""
    # strength does not matter, many moves do: the computer and the graph's judgement are quick
    devices = headless_devices(NullDisplay(options.kiosk is not None), clock, judge_nodes=10)
    app = App(options, devices, store=Store(folder, stream=null, write_settings=not options.kiosk))
    app.table.budget = app.table.hint_budget = 0.004
    return app


class Soak:
    """A soak under way: the app being shaken and the folder of its autosave, and what every
    app of the run shares: the hand-moved clock, the random numbers and the figures."""

    def __init__(self, rng: random.Random, tmp: Path, null: TextIO) -> None:
        self.rng, self.tmp, self.null = rng, tmp, null
        self.clock = HandClock()
        self.figures = Figures()
        self.surface = pygame.Surface(SCREEN_SIZE)
        self.quiet = 0  # events left in a quiet spell
        self.name, self.folder = "", tmp
        self.drops = dropped_files(tmp / "drops")
        self.app = self.setup(0)

    def setup(self, number: int) -> App:
        """A new app for the set-up whose turn it is at event ``number``, in a fresh folder."""
        self.name, extra = SETUPS[(number // SEGMENT) % len(SETUPS)]
        self.folder = self.tmp / f"{self.name}-{number}"
        options = Options(seed=self.rng.randrange(1 << 30), **extra)
        return new_app(options, self.folder, self.clock, self.null)

    def restart(self) -> None:
        """As if the process were killed: a new app on the same folder, from the autosave."""
        self.app.close()
        self.app = new_app(self.app.options, self.folder, self.clock, self.null)

    def send(self, number: int) -> None:
        """Event ``number`` (a new set-up every ``SEGMENT``), counted with the state it leaves;
        an exception is counted, reported and followed by a restart."""
        if number and number % SEGMENT == 0:
            self.app.close()
            self.app = self.setup(number)
        figures = self.figures
        try:
            self.shake(number)
        except Exception as exc:  # noqa: BLE001 - counted and reported, then carry on
            figures.exceptions += 1
            if len(figures.failures) < 10:
                figures.failures.append(f"event {number} ({self.name}, {state_of(self.app)}): "
                                        + "".join(traceback.format_exception(exc))[-1500:])
            self.restart()
        state = state_of(self.app)
        figures.states[state] = figures.states.get(state, 0) + 1
        figures.events += 1

    def shake(self, number: int) -> None:
        """One event at the app (now and then after a restart), time moved on, the screen
        drawn now and then, and every invariant checked."""
        figures = self.figures
        if number % RESTART_EVERY == RESTART_EVERY - 1 and self.app.mode.name != "demo":
            game = self.app.game
            before = game.state() if game.winner is None else None
            self.restart()
            figures.restarts += 1
            if before is not None:
                assert self.app.game.state() == before, "the restart did not resume exactly"
        app = self.app
        event, step = self.next_event()
        moves, won = len(app.game.moves), app.game.winner
        if event.type == pygame.TEXTINPUT and isinstance(app.mode, JoinDialog):
            figures.typed += len(event.text)
        app.handle_event(event)
        self.clock.t += step
        app.update()
        if app.dirty and self.rng.random() < 0.05:
            app.draw(self.surface)
        figures.moves += max(0, len(app.game.moves) - moves)
        if app.game.winner is not None and won is None:
            figures.games_won += 1
        if not app.running:  # only the operator's combination or Quit, outside kiosks
            figures.operator_exits += 1
            self.restart()
        check(self.app)
        if number % 25 == 0 or len(self.app.game.moves) != moves:
            check_autosave(self.app, self.folder)

    def next_event(self) -> tuple[pygame.event.Event, float]:
        """The next event and the seconds that pass after it: a random one, or in a quiet
        spell (which starts now and then) a window event and a longer step."""
        rng = self.rng
        if self.quiet == 0 and rng.random() < QUIET_CHANCE:
            self.quiet = rng.randrange(*QUIET_EVENTS)
        if self.quiet:
            self.quiet -= 1
            return (pygame.event.Event(rng.choice(QUIET), gain=1, state=1),
                    rng.choice((0.1, 0.3, 0.7, 1.5)))
        if rng.random() < DROP_CHANCE:
            return pygame.event.Event(pygame.DROPFILE, file=str(rng.choice(self.drops))), 0.1
        mode = self.app.mode
        if isinstance(mode, JoinDialog) and rng.random() < TYPING_CHANCE:
            return typing_event(rng), 0.05
        if mode.name == "games" and rng.random() < JOIN_CHANCE:  # on to the Join dialog
            pos = games_view.TOP_BUTTONS["join"].center
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), 0.05
        return (random_event(rng, self.app.options.kiosk is not None),
                rng.choice((0.0, 0.01, 0.05, 0.1, 0.3, 0.7, 1.5)))


def soak(events: int, seed: int, progress: bool = False) -> Figures:
    """Send ``events`` random events across every set-up; returns the figures."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(SCREEN_SIZE)
    memory = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None  # fsync costs nothing there
    with tempfile.TemporaryDirectory(prefix="chainplus-monkey-", dir=memory) as tmp, \
            open(os.devnull, "w") as null:  # one handle for all, not one leaked per restart
        run = Soak(random.Random(seed), Path(tmp), null)
        for number in range(events):
            run.send(number)
            if progress and number % 10000 == 9999:
                print(f"  {number + 1} events, {run.figures.exceptions} exceptions",
                      file=sys.stderr)
        run.app.close()
    return run.figures


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m chainplus.ui.rigs.monkey",
                           description="Random events at the headless game, with its "
                                       "invariants checked after each.")
    parser.add_argument("--events", type=int, default=100_000,
                        help="events to send (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    if args.events < 1:
        parser.error("--events must be 1 or more")
    start = time.monotonic()
    figures = soak(args.events, args.seed, progress=True)
    wall = time.monotonic() - start
    print(f"events: {figures.events}")
    print(f"exceptions: {figures.exceptions}")
    print(f"moves played: {figures.moves}, games won: {figures.games_won}, "
          f"restarts from the autosave: {figures.restarts}, quits: {figures.operator_exits}")
    print(f"characters typed into the Join dialog: {figures.typed}")
    print(f"states visited ({len(figures.states)}):")
    for state, count in sorted(figures.states.items()):
        print(f"  {state}: {count}")
    print(f"wall time: {wall:.1f} s")
    for failure in figures.failures:
        print(failure, file=sys.stderr)
    return 1 if figures.exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
