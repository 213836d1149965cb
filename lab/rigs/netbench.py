"""``python -m lab.rigs.netbench``: how quickly a window shows network moves, and how
smoothly it draws meanwhile, all on 127.0.0.1.

The window under test is built as ``python main.py`` builds it (``netbench_windows``), drawn
at the default speed, so chains animate, and scaled to ``--size`` as uibench does:
``joined`` (``--join``: the real ``Link`` thread and the board's controller, the ``Host`` on
a thread of this process), ``hosting`` (the window hosts its game, as with ``--seats H,N``)
or ``watching`` (``--watch``: a spectator of level-3 bots playing each other at full speed). Every
other network seat is played by ``python -m chainplus join``, a process of its own as a
player's would be; the window's own seat by clicks posted to it whenever it may move (a
level-3 computer's choices), so whole games are played over the network. For each move:
the time from the host accepting it (on the host's thread, on the same monotonic clock) to
the first frame the window draws with it on the board, the loop turning as the real one does
(``loop.next_events``, ``loop.turn``, ``loop.pace``).

One JSON object is printed: ``latency_ms`` of every move; ``after_chain_ms``, the same
counted from the end of a chain the move waited behind (``behind_chain`` of them: the window
shows moves in order), which is what the network and the loop add; ``chains_shown`` of the
``chains`` the moves set off (a window behind the host puts a move on the board without its
chain); the window's ``frames`` as uibench times them; and ``cpu``, the share of a core the
window's process used (every thread but a joined or watching window's in-process host's)
overall and in each ``--window`` seconds, and its loop's thread's. The host's computer seats
(``--seats N,C2``) think in this process, beside the window, where a joined window's host
would not (a hosting window's do).
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chainplus.ai.players import choose_move
from chainplus.app.seats import parse_seats
from chainplus.app.settings import SPEEDS
from chainplus.common.options import OneLineParser
from chainplus.core.game import Game
from chainplus.core.records import game_from_data
from chainplus.core.rules import RULES
from lab.rigs.move_times import Key, MoveTimes
from lab.rigs.netbench_windows import (
    BOT_LEVEL,
    DEFAULT_SEATS,
    SCENARIOS,
    Bench,
    Plan,
    click_at,
)
from lab.rigs.timed_window import CpuWindows, frame_figures, headless, open_window, window_size

if TYPE_CHECKING:  # pygame is imported only once the headless drivers are chosen
    from chainplus.ui.window.display import ScreenDisplay

#: The level whose moves the window's driver clicks.
DRIVER_LEVEL = 3
#: The threads of a host in this process, which a joined window's would not be.
HOST_THREADS = ("chainplus-host",)
#: Seconds a game may take before the bench gives up (never reached when things work).
GAME_LIMIT = 180.0


def choose(game: Game, rng: random.Random) -> int:
    """The driver's move, as a level-3 computer (greedy) plays it: quick to choose, and a
    game against the bots ends in some 70 moves with chains in plenty."""
    return choose_move(game, DRIVER_LEVEL, 0, rng)


def play_out(bench: Bench, display: ScreenDisplay, times: MoveTimes, seed: int,
             limit: float, cpu: CpuWindows | None = None) -> list[tuple[float, float]]:
    """Turn the window's loop as the real one does, clicking for its seat, until the host has
    played every game and the window has drawn every move and finished its last chain; each
    drawn frame's wall-clock and CPU seconds (and the process's CPU in ``cpu``'s windows)."""
    import pygame

    from chainplus.ui.art.board_view import cell_rect
    from chainplus.ui.window.loop import next_events, pace, turn
    from chainplus.ui.window.showing import Showing

    app, rng, frames = bench.app, random.Random(seed), []
    clicked: Key | None = None
    frame_clock = pygame.time.Clock()
    end = time.monotonic() + limit
    while not (bench.done() and times.all_drawn() and not app.mode.animating):
        if time.monotonic() > end:
            raise RuntimeError(f"the games did not end within {limit:.0f} s: "
                               f"{app.help_text()[0]}")
        if any(bot.poll() for bot in bench.bots):  # one that failed: the games never end
            raise RuntimeError("a network bot stopped with an error (see above)")
        if cpu is not None:
            cpu.look()
        bench.between()
        shown = bench.shown()
        if bench.to_click() and shown != clicked:
            clicked = shown
            click_at(display, cell_rect(choose(app.game, rng)).center)
        events = next_events(app)
        phase = app.stack.controller.phase
        chain = (phase, shown) if isinstance(phase, Showing) else None
        began, start, used = time.monotonic(), time.perf_counter(), time.thread_time()
        if drawn := turn(app, display, events):
            frames.append((time.perf_counter() - start, time.thread_time() - used))
            phase = app.stack.controller.phase
            times.drawn(bench.shown(), time.monotonic(),
                        phase.end if isinstance(phase, Showing) else None)
        if chain is not None and app.stack.controller.phase is not chain[0] \
                and chain[1] is not None:
            times.chain_over(chain[1], began)  # at its end, or cut short
        pace(app, drawn, frame_clock)
    return frames


def chained(records: Sequence[dict[str, Any]]) -> set[Key]:
    """The moves of the games ``records`` (in order) that set off a chain."""
    keys: set[Key] = set()
    for number, record in enumerate(records, start=1):
        played = game_from_data(record)
        game = Game(played.seats, played.rules)
        for move, square in enumerate(played.moves, start=1):
            if game.play(square).waves:
                keys.add((number, move))
    return keys


def run(plan: Plan, size: tuple[int, int] | None = (1366, 768), scenario: str = "joined",
        window: float = 20.0) -> dict[str, Any]:
    """Play ``plan``'s games against the ``scenario``'s window of ``size``; the figures, the
    process's CPU in each ``window`` seconds too."""
    headless()
    import pygame

    pygame.display.init()
    times = MoveTimes()
    start = time.perf_counter()
    try:
        display = open_window(size)
        bench = SCENARIOS[scenario](plan, display, times)
        cpu = CpuWindows(window, apart=HOST_THREADS if scenario != "hosting" else ())
        try:
            frames = play_out(bench, display, times, plan.seed, GAME_LIMIT * plan.games, cpu)
            used = cpu.figures()
            finished = bench.host.snapshot().finished
        finally:
            bench.close()
        result: dict[str, Any] = {
            "scenario": scenario, "window": list(display.window.size),
            "picture": list(display.layout.area), "video_driver": pygame.display.get_driver(),
            "seats": plan.seats,
            "rules": plan.rules, "speed": plan.speed, "seed": plan.seed,
            "games": len(finished), "game_moves": [len(r["moves"]) for r in finished],
            **times.figures(chained(finished)), "frames": frame_figures(frames),
            "cpu": used}
    finally:
        pygame.quit()
    result["seconds"] = round(time.perf_counter() - start, 1)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    parser = OneLineParser(prog="python -m lab.rigs.netbench",
                           description="Play whole games over the network on 127.0.0.1 "
                                       "against a window and time it: each move from the "
                                       "host accepting it to the window drawing it, and the "
                                       "window's frames meanwhile.")
    parser.add_argument("--games", type=int, default=3, help="games to play (default 3)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of every choice: the window's clicks, the host's computer "
                             "seats, the bots (default 1)")
    parser.add_argument("--size", type=window_size, default=(1366, 768), metavar="WxH",
                        help="the window's size (default 1366x768)")
    parser.add_argument("--rules", choices=RULES, default="acorn", help="default acorn")
    parser.add_argument("--seats", default=None, metavar="SPEC",
                        help="the seats as python main.py takes them: a joined window plays "
                             "the first N, a hosting window its H seats, bots (level "
                             f"{BOT_LEVEL}) the other N seats (default: joined N,N, hosting "
                             "H,N)")
    parser.add_argument("--speed", choices=SPEEDS, default="normal",
                        help="how fast the window shows chains (default normal)")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default="joined",
                        help="the window under test: joined (python main.py --join, the host "
                             "in this process), hosting (the window hosts) or watching "
                             "(python main.py --watch: level-3 bots play each other) (default "
                             "joined)")
    parser.add_argument("--window", type=float, default=20.0, metavar="SECONDS",
                        help="the process's CPU is given for each window of this many "
                             "seconds, and the worst (default 20)")
    args = parser.parse_args(argv)
    spec = args.seats or DEFAULT_SEATS[args.scenario]
    try:
        seats = parse_seats(spec)
    except ValueError as exc:
        parser.error(str(exc))
    if not any(seat.kind == "network" for seat in seats):
        parser.error("--seats needs an N seat")
    if not 1 <= args.games <= 100:
        parser.error("--games must be from 1 to 100")
    plan = Plan(spec, args.rules, args.games, args.seed, args.speed)
    with contextlib.suppress(BrokenPipeError):
        print(json.dumps(run(plan, args.size, args.scenario, args.window)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
