"""netbench's windows under test, each built as ``python main.py`` builds it, with what plays
against it over 127.0.0.1: ``joined_window`` (``--join``, the host in this process) and
``hosting_window`` (``--seats H,N``: the window hosts, in its own process) and
``watching_window`` (``--watch``: a spectator of bots playing each other at full speed).

A scenario makes its App, has ``MoveTimes.accepted`` called on the host's thread for each move
the host accepts, and says what the window shows and when its own seat may click (``Bench``);
``netbench.play_out`` turns the window's loop the same way for every scenario.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chainplus.app.seats import parse_seats
from chainplus.app.settings import Settings, Speed
from chainplus.core.rules import Rules
from chainplus.net.host import Host, HostConfig
from lab.rigs.move_times import Key, MoveTimes
from lab.rigs.timed_window import ROOT

if TYPE_CHECKING:  # pygame is imported only once the headless drivers are chosen
    from chainplus.app.options import Options
    from chainplus.ui.window.app import App
    from chainplus.ui.window.display import ScreenDisplay

#: The level of the network bots playing the network seats the window does not.
BOT_LEVEL = 2
#: The level of the bots a watching window watches: quick, and chains in plenty.
WATCHED_LEVEL = 3


@dataclass(frozen=True)
class Plan:
    """The games: the seats as ``--seats`` writes them (a joined window takes the first N, a
    hosting window plays its H seats; bots play the other N seats), the rules, how many
    games, the seed of every random choice, and the speed the window shows chains at."""

    seats: str
    rules: Rules = "acorn"
    games: int = 3
    seed: int = 1
    speed: Speed = "normal"


@dataclass
class Bench:
    """A window under test and what plays against it: the App, the host, the bots' processes,
    what the board shows (``shown``: the game's number and its moves, None before the first
    game), whether the window's own seat may click a square now (``to_click``), whether every
    game has been played (``done``), and what the scenario does between the loop's turns
    (``between``: a hosting window's New and bots for its next game)."""

    app: App
    host: Host
    shown: Callable[[], Key | None]
    to_click: Callable[[], bool]
    done: Callable[[], bool]
    between: Callable[[], None] = lambda: None
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


def start_bots(host: Host, count: int, seed: int, level: int = BOT_LEVEL
               ) -> list[subprocess.Popen[bytes]]:
    """``count`` network players, each ``python -m chainplus join`` in a process of its own."""
    address = f"{host.address[0]}:{host.address[1]}"
    return [subprocess.Popen([sys.executable, "-m", "chainplus", "join", address, "--code",
                              host.code, "--level", str(level), "--seed", str(seed + i)],
                             cwd=ROOT, stdout=subprocess.DEVNULL)
            for i in range(count)]


def window_options(plan: Plan, words: Sequence[str]) -> Options:
    """The window's options as ``python main.py`` makes them from ``words`` and the plan (no
    remembered settings, no sound)."""
    from chainplus.ui.window.command_line import build_parser, check_join, options_from

    parser = build_parser()
    args = parser.parse_args([*words, "--speed", plan.speed, "--no-sound", "--seed",
                              str(plan.seed), "--rules", plan.rules])
    check_join(parser, args)
    return options_from(args, Settings())


def _app(options: Options, display: ScreenDisplay) -> App:
    from chainplus.ui.window.app import App, Devices
    from lab.rigs.fakes import RecordedSounds

    return App(options, Devices(display=display, sounds=RecordedSounds()))


def joined_window(plan: Plan, display: ScreenDisplay, times: MoveTimes,
                  watch: bool = False) -> Bench:
    """A window that joined an in-process host as ``python main.py --join`` makes it (or
    ``watch``: ``--watch``, every network seat a bot); the host's other network seats are
    bots, started once the window holds its seat."""
    from chainplus.ui.window.joined import JoinedReferee
    from chainplus.ui.window.loop import next_events, turn

    seats = parse_seats(plan.seats)
    host = Host(HostConfig(seats, plan.rules, plan.games, seed=plan.seed),
                on_move=lambda game: times.accepted(len(game.moves)))
    host.start()
    app = _app(window_options(plan, ["--watch" if watch else "--join",
                                     f"127.0.0.1:{host.address[1]}", "--code", host.code]),
               display)
    board = app.stack.controller
    referee = board.referee
    if not isinstance(referee, JoinedReferee):
        app.close()
        host.stop()
        raise RuntimeError(f"the window did not join: {board.help(None)}")
    joined = referee.remote
    end = time.monotonic() + 10
    while not (joined.seat or joined.watching) and not joined.gone \
            and time.monotonic() < end:
        turn(app, display, next_events(app))
    if not (joined.seat or joined.watching):
        app.close()
        host.stop()
        raise RuntimeError(f"the window did not join the host: {board.help(None)}")
    others = sum(seat.kind == "network" for seat in seats) - (not watch)

    def shown() -> Key | None:
        state = joined.state
        return None if state is None else (state.number, len(app.game.moves))

    def to_click() -> bool:
        return not watch and app.mode is board and board.human_to_move()

    return Bench(app, host, shown, to_click, lambda: host.wait(0),
                 bots=start_bots(host, others, plan.seed, WATCHED_LEVEL if watch else BOT_LEVEL))


def watching_window(plan: Plan, display: ScreenDisplay, times: MoveTimes) -> Bench:
    """A window watching an in-process host's game as ``python main.py --watch`` makes it:
    level-3 bots play every network seat as fast as they choose."""
    return joined_window(plan, display, times, watch=True)


def hosting_window(plan: Plan, display: ScreenDisplay, times: MoveTimes) -> Bench:
    """A window that hosts its game, as ``python main.py --seats H,N --listen 127.0.0.1``
    makes it (on a free port, never 4770); bots take its network seats for each game, and
    New starts the next game once the last is won."""
    from chainplus.ui.window.hosting import HostedReferee

    options = window_options(plan, ["--seats", plan.seats, "--listen", "127.0.0.1"])
    app = _app(dataclasses.replace(options, network=dataclasses.replace(options.network, port=0)),
               display)
    board = app.stack.controller
    referee = board.referee
    if not isinstance(referee, HostedReferee):
        app.close()
        raise RuntimeError(f"the window does not host: {board.help(None)}")
    host, hosting = referee.line.host, referee.remote

    def heard(message: dict[str, Any]) -> None:  # on the host's thread
        if "moved" in message:
            times.accepted(int(message["number"]))

    host.subscribe(heard)

    def shown() -> Key | None:
        state = hosting.state
        return None if state is None else (state.number, len(app.game.moves))

    def to_click() -> bool:
        return app.mode is board and board.human_to_move()

    def played() -> int:
        state = hosting.state
        if state is None:
            return 0
        return state.number - (state.game.winner is None)

    bench = Bench(app, host, shown, to_click, lambda: played() >= plan.games)

    def between() -> None:
        """New once a game is won (the loop clicks nothing else then); bots for a game that
        waits for its network seats, once the last game's bots have gone."""
        state = hosting.state
        if app.mode is not board or state is None:
            return
        if state.game.winner is not None and played() < plan.games:
            press(app, display, "new")
        elif state.waiting and all(bot.poll() is not None for bot in bench.bots):
            bench.bots += start_bots(host, len(state.waiting), plan.seed + len(bench.bots))

    bench.between = between
    return bench


def click_at(display: ScreenDisplay, pos: tuple[int, int]) -> None:
    """Post a pointer moved to ``pos`` (in the game's 640x480 picture) and a Select click
    there, in window pixels, as the window manager would deliver them."""
    import pygame

    if display.arrangement is not None:  # a portrait window shows the picture in pieces
        moved = display.arrangement.to_portrait(pos)
        assert moved is not None
        pos = moved
    at = display.layout.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))


def press(app: App, display: ScreenDisplay, icon: str) -> None:
    """Click an icon of the window as a player would."""
    click_at(display, app.icons[icon].center)


#: How each scenario builds its window; its figures are measured the same way.
Scenario = Callable[[Plan, "ScreenDisplay", MoveTimes], Bench]
SCENARIOS: dict[str, Scenario] = {"joined": joined_window, "hosting": hosting_window,
                                  "watching": watching_window}
#: The seats each plays unless told.
DEFAULT_SEATS = {"joined": "N,N", "hosting": "H,N", "watching": "N,N"}
