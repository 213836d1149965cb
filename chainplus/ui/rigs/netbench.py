"""``python -m chainplus.ui.rigs.netbench``: how quickly a window shows network moves, and how
smoothly it draws meanwhile, all on 127.0.0.1.

A ``Host`` runs in this process (its own thread, as a hosting window's would), a window joins
it exactly as ``python main.py --join`` does (the real ``Link`` thread and ``JoinedMode``,
drawn at the default speed, so chains animate, and scaled to ``--size`` as uibench does), and
every other network seat is played by ``python -m chainplus join``, a separate process as a
player's would be. The window's own seat is played by clicks posted to it whenever it may
move, so whole games are played over the network. For each move: the time from the host
accepting it (its ``on_move``, on the same monotonic clock) to the first frame the window
draws with it on the board, the loop turning as the real one does (``app.next_events``,
``app.turn``, 60 frames a second while animating). One JSON object is printed:
``latency_ms`` of every move; ``after_chain_ms``, the same counted from the end of a chain
the move waited behind (``behind_chain`` of them: the window shows moves in order), which is
what the network and the loop add; ``chains_shown`` of the ``chains`` the moves set off (a
window behind the host puts a move on the board without its chain); and the window's
``frames`` as uibench times them. The host's computer seats (``--seats N,C2``) think in this
process, beside the window, where a joined window's host would not.

A scenario builds the window under test (``SCENARIOS``): ``joined`` is the one above; another
(a hosting window while a bot plays its network seat) is a function with the same signature
that makes its App, starts its host with ``times.accept`` as ``on_move`` and says what its
board shows.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chainplus.ai.players import choose_move
from chainplus.app.settings import SPEEDS, Speed
from chainplus.common.options import OneLineParser
from chainplus.core.game import Game
from chainplus.core.records import game_from_data
from chainplus.core.rules import RULES, Rules
from chainplus.net.host import Host, HostConfig
from chainplus.net.seats import HostSeat, parse_host_seats
from chainplus.ui.rigs.move_times import Key, MoveTimes
from chainplus.ui.rigs.uibench import ROOT, frame_figures, headless, open_window, window_size

if TYPE_CHECKING:  # pygame is imported only once the headless drivers are chosen
    from chainplus.ui.window.app import App
    from chainplus.ui.window.display import ScreenDisplay

#: The level of the network bots playing the other network seats.
BOT_LEVEL = 2
#: The level whose moves the window's driver clicks.
DRIVER_LEVEL = 3
#: Seconds a game may take before the bench gives up (never reached when things work).
GAME_LIMIT = 180.0


@dataclass(frozen=True)
class Plan:
    """The host's games: seats (the window takes the first network seat), rules, how many,
    the seed of every random choice, and the speed the window shows chains at."""

    seats: tuple[HostSeat, ...] = field(default_factory=lambda: parse_host_seats("N,N"))
    rules: Rules = "acorn"
    games: int = 3
    seed: int = 1
    speed: Speed = "normal"


@dataclass
class Bench:
    """A window under test and what plays against it: the App, the host, the bots' processes,
    what the board shows (``shown``: the game's number and its moves, None before the first
    game) and whether the window's own seat may click a square now (``to_click``)."""

    app: App
    host: Host
    shown: Callable[[], Key | None]
    to_click: Callable[[], bool]
    bots: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def close(self) -> None:
        """Stop the window, the host and the bots (they end once the host has gone)."""
        try:
            self.app.close()
        finally:
            self.host.stop()
            for bot in self.bots:
                try:
                    bot.wait(10)
                except subprocess.TimeoutExpired:
                    bot.kill()
                    bot.wait()


def start_bots(host: Host, count: int, seed: int) -> list[subprocess.Popen[bytes]]:
    """``count`` network players, each ``python -m chainplus join`` in a process of its own."""
    address = f"{host.address[0]}:{host.address[1]}"
    return [subprocess.Popen([sys.executable, "-m", "chainplus", "join", address, "--code",
                              host.code, "--level", str(BOT_LEVEL), "--seed", str(seed + i)],
                             cwd=ROOT, stdout=subprocess.DEVNULL)
            for i in range(count)]


def joined_window(plan: Plan, display: ScreenDisplay, times: MoveTimes) -> Bench:
    """A window that joined an in-process host as ``python main.py --join`` makes it; the
    host's other network seats are bots, started once the window holds its seat."""
    from chainplus.app.settings import Settings
    from chainplus.ui.rigs.fakes import RecordedSounds
    from chainplus.ui.window.app import App, Devices, next_events, turn
    from chainplus.ui.window.command_line import build_parser, check_join, options_from
    from chainplus.ui.window.joined import JoinedMode

    host = Host(HostConfig(plan.seats, plan.rules, plan.games, seed=plan.seed),
                on_move=times.accept)
    host.start()
    parser = build_parser()
    args = parser.parse_args(["--join", f"127.0.0.1:{host.address[1]}", "--code", host.code,
                              "--speed", plan.speed, "--no-sound", "--seed", str(plan.seed)])
    check_join(parser, args)
    app = App(options_from(args, Settings()), Devices(display=display, sounds=RecordedSounds()))
    joined = app.mode
    if not isinstance(joined, JoinedMode):
        app.close()
        host.stop()
        raise RuntimeError(f"the window did not join: {joined.default_help()}")
    end = time.monotonic() + 10
    while joined.seat is None and not joined.gone and time.monotonic() < end:
        turn(app, display, next_events(app))
    if joined.seat is None:
        app.close()
        host.stop()
        raise RuntimeError(f"the window did not join the host: {joined.default_help()}")
    others = sum(seat.kind == "network" for seat in plan.seats) - 1

    def shown() -> Key | None:
        state = joined.state
        return None if state is None else (state.number, len(app.game.moves))

    def to_click() -> bool:
        return app.mode is joined and joined.human_to_move()

    return Bench(app, host, shown, to_click, start_bots(host, others, plan.seed))


#: How each scenario builds its window; its figures are measured the same way.
Scenario = Callable[[Plan, "ScreenDisplay", MoveTimes], Bench]
SCENARIOS: dict[str, Scenario] = {"joined": joined_window}


def click_square(display: ScreenDisplay, square: int) -> None:
    """Post a pointer moved to ``square`` and a Select click on it, in window pixels, as the
    window manager would deliver them."""
    import pygame

    from chainplus.ui.art.board_view import cell_rect

    pos = cell_rect(square).center
    if display.arrangement is not None:  # a portrait window shows the board elsewhere
        moved = display.arrangement.to_portrait(pos)
        assert moved is not None
        pos = moved
    at = display.layout.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))


def choose(game: Game, rng: random.Random) -> int:
    """The driver's move, as a level-3 computer (greedy) plays it: quick to choose, and a
    game against the bots ends in some 70 moves with chains in plenty."""
    return choose_move(game, DRIVER_LEVEL, 0, rng)


def play_out(bench: Bench, display: ScreenDisplay, times: MoveTimes, seed: int,
             limit: float) -> list[tuple[float, float]]:
    """Turn the window's loop as the real one does, clicking for its seat, until the host has
    played every game and the window has drawn every move and finished its last chain; each
    drawn frame's wall-clock and CPU seconds."""
    import pygame

    from chainplus.ui.window.app import next_events, turn
    from chainplus.ui.window.modes import AnimateMode

    app, rng, frames = bench.app, random.Random(seed), []
    clicked: Key | None = None
    frame_clock = pygame.time.Clock()
    end = time.monotonic() + limit
    while not (bench.host.wait(0) and times.all_drawn() and not app.mode.animating):
        if time.monotonic() > end:
            raise RuntimeError(f"the games did not end within {limit:.0f} s: "
                               f"{app.mode.default_help()}")
        if any(bot.poll() for bot in bench.bots):  # one that failed: the games never end
            raise RuntimeError("a network bot stopped with an error (see above)")
        shown = bench.shown()
        if bench.to_click() and shown != clicked:
            clicked = shown
            click_square(display, choose(app.game, rng))
        events = next_events(app)
        chain = (app.mode, shown) if isinstance(app.mode, AnimateMode) else None
        began, start, used = time.monotonic(), time.perf_counter(), time.thread_time()
        if turn(app, display, events):
            frames.append((time.perf_counter() - start, time.thread_time() - used))
            mode = app.mode
            times.drawn(bench.shown(), time.monotonic(),
                        mode.end if isinstance(mode, AnimateMode) else None)
        if chain is not None and app.mode is not chain[0] and chain[1] is not None:
            times.chain_over(chain[1], began)  # at its end, or cut short
        if app.mode.animating:
            frame_clock.tick(60)
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


def seats_text(seats: tuple[HostSeat, ...]) -> str:
    """The seats as ``--seats`` writes them (a computer with its level)."""
    return ",".join("-" if s.kind == "off" else f"C{s.level}" if s.kind == "computer"
                    else s.kind[0].upper() for s in seats)


def run(plan: Plan, size: tuple[int, int] | None = (1366, 768), scenario: str = "joined"
        ) -> dict[str, Any]:
    """Play ``plan``'s games against the ``scenario``'s window of ``size``; the figures."""
    headless()
    import pygame

    pygame.display.init()
    times = MoveTimes()
    start = time.perf_counter()
    try:
        display = open_window(size)
        bench = SCENARIOS[scenario](plan, display, times)
        try:
            frames = play_out(bench, display, times, plan.seed, GAME_LIMIT * plan.games)
            finished = bench.host.snapshot().finished
        finally:
            bench.close()
        result: dict[str, Any] = {
            "scenario": scenario, "window": list(display.window.size),
            "picture": list(display.layout.area), "video_driver": pygame.display.get_driver(),
            "seats": seats_text(plan.seats),
            "rules": plan.rules, "speed": plan.speed, "seed": plan.seed,
            "games": len(finished), "game_moves": [len(r["moves"]) for r in finished],
            **times.figures(chained(finished)), "frames": frame_figures(frames)}
    finally:
        pygame.quit()
    result["seconds"] = round(time.perf_counter() - start, 1)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    parser = OneLineParser(prog="python -m chainplus.ui.rigs.netbench",
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
    parser.add_argument("--seats", default="N,N", metavar="SPEC",
                        help="the host's seats as python -m chainplus host takes them; the "
                             "window plays the first N, bots (level "
                             f"{BOT_LEVEL}) the other N seats (default N,N)")
    parser.add_argument("--speed", choices=SPEEDS, default="normal",
                        help="how fast the window shows chains (default normal)")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default="joined",
                        help="the window under test (default joined)")
    args = parser.parse_args(argv)
    try:
        seats = parse_host_seats(args.seats)
    except ValueError as exc:
        parser.error(str(exc))
    if not any(seat.kind == "network" for seat in seats):
        parser.error("--seats needs an N seat for the window")
    if not 1 <= args.games <= 100:
        parser.error("--games must be from 1 to 100")
    plan = Plan(seats, args.rules, args.games, args.seed, args.speed)
    with contextlib.suppress(BrokenPipeError):
        print(json.dumps(run(plan, args.size, args.scenario)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
