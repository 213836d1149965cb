"""Monkey soak: random events thrown at the headless window, its invariants checked after each.

``python -m lab.rigs.monkey --events 100000 --seed 1`` runs the long soak and prints its
figures (events, exceptions, states visited, wall time). The App runs on the dummy video
driver with an injected clock (each event moves it on by a random step, sometimes past the
kiosk's idle spell), a synchronous AI worker, silent sounds and an autosave folder of its
own. The run cycles through set-ups (a window, a kiosk, a kiosk with a locked panel, four
seats) and now and then "kills" the app and builds a new one from the autosave, checking the
game resumes exactly. It types into the Join dialog, never a letter or digit: no code, no join.
What it throws is ``monkey_events``'s; what it checks after each event, ``monkey_checks``'s.
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

from chainplus.app.options import KioskOptions, Options  # noqa: E402
from chainplus.app.seats import parse_seats  # noqa: E402
from chainplus.app.store import Store  # noqa: E402
from chainplus.common.options import OneLineParser  # noqa: E402
from chainplus.ui.art.theme import SCREEN_SIZE  # noqa: E402
from chainplus.ui.window.app import App  # noqa: E402
from chainplus.ui.window.display import NullDisplay  # noqa: E402
from chainplus.ui.window.over.join import JoinDialog  # noqa: E402
from lab.rigs.fakes import FakeClock, headless_devices  # noqa: E402
from lab.rigs.monkey_checks import check, check_autosave, state_of  # noqa: E402
from lab.rigs.monkey_events import Events, dropped_files  # noqa: E402

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


# --------------------------------------------------------------------------- the run
def new_app(options: Options, folder: Path, clock: FakeClock, null: TextIO) -> App:
    """A fresh 'process' on the shared folder; the store's warnings go to ``null``."""
    # strength does not matter, many moves do: the computer and the graph's judgement are quick
    devices = headless_devices(NullDisplay(options.kiosk is not None), clock, judge_nodes=10)
    app = App(options, devices, store=Store(folder, stream=null, write_settings=not options.kiosk))
    app.table.budget = app.table.hint_budget = 0.004
    return app


class Soak:
    """A soak under way: the app being shaken and the folder of its autosave, and what every
    app of the run shares: the hand-moved clock, the random numbers, the events drawn from
    them (``monkey_events``) and the figures."""

    def __init__(self, rng: random.Random, tmp: Path, null: TextIO) -> None:
        self.rng, self.tmp, self.null = rng, tmp, null
        self.clock = FakeClock()
        self.figures = Figures()
        self.surface = pygame.Surface(SCREEN_SIZE)
        self.events = Events(rng, dropped_files(tmp / "drops"))
        self.name, self.folder = "", tmp
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
            game = self.app.stack.own.session.game  # a puzzle's table is not resumed
            before = game.state() if game.winner is None else None
            self.restart()
            figures.restarts += 1
            if before is not None:
                assert self.app.game.state() == before, "the restart did not resume exactly"
        app = self.app
        event, step = self.events.next(app)
        moves, won = len(app.game.moves), app.game.winner
        if event.type == pygame.TEXTINPUT and isinstance(app.mode, JoinDialog):
            figures.typed += len(event.text)
        app.handle_event(event)
        self.clock.advance(step)
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
    parser = OneLineParser(prog="python -m lab.rigs.monkey",
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
