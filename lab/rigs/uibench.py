"""``python -m lab.rigs.uibench``: how smooth and how frugal the window is, headless.

Five figures: frame time during long cascades (alone, and while the next seat's computer
thinks on the window's worker) and while a computer thinks, with the positions level 5
searched a move through that worker; frame time while the graph of a 200-move game fills in
beside its judgement (``uibench_review``); CPU used by
``python main.py`` while it waits for a human, and the time from starting ``python main.py``
to its first frame. A frame is what the real loop does: events, update, draw, and the picture
scaled into the game's real window (``--size 1920x1080``: a window that size, as full screen
on such a screen). Headless, SDL's software renderer does the scaling, the slowest case;
``SDL_VIDEODRIVER=x11`` with a DISPLAY measures a real screen.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chainplus.common.options import OneLineParser
from lab.rigs.timed_window import (
    ROOT,
    bench_app,
    frame_figures,
    headless,
    open_window,
    timed_frame,
    window_size,
)
from lab.rigs.uibench_review import describe, review_frames

if TYPE_CHECKING:  # pygame is imported only once the headless drivers are chosen
    from chainplus.ui.window.app import App
    from chainplus.ui.window.display import Display
    from chainplus.ui.window.worker import Job
    from lab.rigs.fakes import FakeClock

def long_cascades(count: int, seed: int, min_waves: int = 20) -> list[tuple[Any, int]]:
    """(game before the move, square) for ``count`` moves whose chains have many waves."""
    from chainplus.core.game import Game

    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        game = Game((1, 2, 3, 4))
        while not game.over:
            square = game.random_move(rng)
            before = game.copy()
            cascade = game.play(square)
            if len(cascade.waves) >= min_waves:
                found.append((before, square))
                break
    return found


def node_figures(jobs: list[Job]) -> dict[str, float]:
    """How many positions level 5 searched a move through the window's worker: the moves
    answered among ``jobs``, and the mean and median of their positions."""
    nodes = [job.nodes for job in jobs if job.done and not job.stop.is_set()]
    return {"searched_moves": len(nodes),
            "nodes_mean": round(statistics.mean(nodes)) if nodes else 0,
            "nodes_median": round(statistics.median(nodes)) if nodes else 0}


def play_out(app: App, display: Display, job: Job) -> None:
    """The real loop (``app.turn``, ``app.next_events``) until ``job``'s move is played: the
    rest of its thought, after the chain, is the usual pause."""
    from chainplus.ui.window.loop import next_events, turn

    moves = len(app.game.moves)
    while len(app.game.moves) == moves and not job.stop.is_set():
        turn(app, display, next_events(app))


def chain_frames(app: App, display: Display, clock: FakeClock, thinking: bool,
                 times: list[tuple[float, float]]) -> Job | None:
    """The frames of the chain on show, each timed into ``times`` and drawn 60 a second in
    real time, as the real loop draws them (``thinking``: someone thinking throughout); the
    job thought out meanwhile."""
    while app.mode.animating:
        clock.advance(1 / 60)
        spent = timed_frame(app, display)
        times.append(spent)
        assert not thinking or app.game.over or app.table.services.worker.job is not None, \
            "nobody thought during the chain"
        time.sleep(max(0.0, 1 / 60 - spent[0]))
    return app.table.services.worker.job if thinking else None


def cascade_frames(display: Display, seed: int, cascades: int = 6,
                   thinking: bool = False) -> dict[str, float]:
    """Frame times while long cascades animate at normal speed, drawn at 60 frames a second
    in real time (the chains on a hand-moved clock, a frame's sixtieth of a second each).

    ``thinking``: every seat is level 5, so the next seat thinks on the window's worker while
    each chain is shown (as it does after a human's move), on the real clock; after the chain
    the loop goes on until that move is played, and the positions it searched are counted.
    """
    from chainplus.ui.window.app import Devices
    from chainplus.ui.window.controls import Effect
    from chainplus.ui.window.worker import SyncWorker
    from lab.rigs.fakes import FakeClock

    clock = FakeClock()
    if thinking:
        app = bench_app(Devices(display=display), seed, "computer", 5)
    else:
        devices = Devices(clock=clock, worker=SyncWorker(), display=display)
        app = bench_app(devices, seed, "human")
    times: list[tuple[float, float]] = []
    waves: list[int] = []
    jobs: list[Job] = []
    for before, square in long_cascades(cascades, seed):
        waves.append(len(before.copy().play(square).waves))
        app.session.game = before
        board = app.stack.controller
        board.follow(Effect.RESTART)  # play on from the game put on the board
        board.place(square)
        assert app.mode.animating
        job = chain_frames(app, display, clock, thinking, times)
        if job is not None:
            play_out(app, display, job)
            jobs.append(job)
    app.close()
    return {**frame_figures(times), "cascades": len(waves),
            "mean_waves": round(statistics.mean(waves), 1),
            **(node_figures(jobs) if thinking else {})}


def thinking_frames(display: Display, level: int, seconds: float, seed: int
                    ) -> dict[str, float]:
    """Frame times while computers (all four seats, ``level``) think on the window's worker,
    and (level 5) the positions searched a move.

    Only frames drawn while a computer is thinking or pausing before its move count; every
    frame is drawn (the real loop draws fewer), at up to 60 a second.
    """
    from chainplus.ui.window.app import Devices
    from chainplus.ui.window.controls import Effect

    app = bench_app(Devices(display=display), seed, "computer", level, speed="fast")
    times: list[tuple[float, float]] = []
    jobs: dict[int, Job] = {}
    moves = 0
    end = time.perf_counter() + seconds
    try:
        while time.perf_counter() < end:
            if app.game.over:
                moves += len(app.game.moves)
                app.session.new_game()
                app.stack.controller.follow(Effect.RESTART)
            job = app.table.services.worker.job
            if job is not None:
                jobs[job.ident] = job
            spent = timed_frame(app, display)
            if job is not None:
                times.append(spent)
            time.sleep(max(0.0, 1 / 60 - spent[0]))
        moves += len(app.game.moves)
    finally:
        app.close()
    return {**frame_figures(times), "level": level, "moves": moves,
            **node_figures(list(jobs.values()))}


def _game_env(tmp: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               XDG_CONFIG_HOME=f"{tmp}/config", XDG_STATE_HOME=f"{tmp}/state",
               XDG_DATA_HOME=f"{tmp}/data", XDG_CACHE_HOME=f"{tmp}/cache")
    return env


def first_frame(runs: int = 5) -> dict[str, float]:
    """Seconds from starting ``python main.py`` to its first frame flipped (then it exits)."""
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        env = _game_env(tmp)
        env["CHAINPLUS_FIRST_FRAME_EXIT"] = "1"
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
            seconds.append(time.perf_counter() - start)
    return {"runs": runs, "median_s": round(statistics.median(seconds), 3),
            "max_s": round(max(seconds), 3)}


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(seconds: float = 5.0) -> dict[str, float]:
    """CPU used by ``python main.py`` waiting for a human (red, to move first), % of one core."""
    with tempfile.TemporaryDirectory() as tmp:
        game = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=_game_env(tmp),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(3.0)  # start-up and the first frame are not idling
            if game.poll() is not None:
                raise RuntimeError("python main.py ended early")
            cpu0, wall0 = _cpu_seconds(game.pid), time.perf_counter()
            time.sleep(seconds)
            cpu1, wall1 = _cpu_seconds(game.pid), time.perf_counter()
        finally:
            game.terminate()
            game.wait(10)
    wall = wall1 - wall0
    return {"seconds": round(wall, 2), "cpu_pct": round(100 * (cpu1 - cpu0) / wall, 2)}


def run(seconds: float = 4.0, seed: int = 1, size: tuple[int, int] | None = None
        ) -> dict[str, Any]:
    """Every figure, as a dict; frames are shown in a window of ``size`` (default: the size
    the game opens its window at)."""
    headless()
    import pygame

    pygame.display.init()
    try:
        display = open_window(size)
        result: dict[str, Any] = {
            "window": list(display.window.size), "picture": list(display.layout.area),
            "video_driver": pygame.display.get_driver(),
            "cascade_frames": cascade_frames(display, seed),
            "cascade_frames_thinking": cascade_frames(display, seed, thinking=True),
            "thinking_frames_level1": thinking_frames(display, 1, seconds, seed),
            "thinking_frames_level5": thinking_frames(display, 5, seconds, seed),
            "review_frames": review_frames(display, stepping=False),
            "review_frames_stepping": review_frames(display, stepping=True),
        }
    finally:
        pygame.quit()
    result["idle_cpu"] = idle_cpu()
    result["first_frame"] = first_frame()
    return result


def _times(figures: dict[str, float]) -> str:
    return (f"p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms (CPU p50 "
            f"{figures['cpu_p50_ms']} ms, p99 {figures['cpu_p99_ms']} ms)")


def _searched(figures: dict[str, float]) -> str:
    return (f"it searched {figures['nodes_mean']} positions a move on average (median "
            f"{figures['nodes_median']}, {figures['searched_moves']} moves)")


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures, one line each, then everything as JSON on the last line."""
    parser = OneLineParser(prog="python -m lab.rigs.uibench",
                           description="Measure the game window headless: frame times during "
                                       "chains, while computers think and while a game's graph "
                                       "fills in, idle CPU, first frame.")
    parser.add_argument("--seconds", type=float, default=4.0,
                        help="seconds of thinking to time per level (default 4, at most 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help="the window's size, e.g. 1920x1080 as full screen on such a "
                             "screen (default: the size the game first opens its window at)")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 30:
        parser.error("--seconds must be above 0 and at most 30")
    result = run(args.seconds, args.seed, args.size)
    width, height = result["window"]
    print(f"window {width}x{height}, the picture {result['picture'][2]}x"
          f"{result['picture'][3]} in it ({result['video_driver']} video)")
    c, ct, t1, t5 = (result["cascade_frames"], result["cascade_frames_thinking"],
                     result["thinking_frames_level1"], result["thinking_frames_level5"])
    print(f"frame time during long cascades ({c['cascades']} chains, {c['mean_waves']} waves "
          f"on average, {c['frames']} frames): {_times(c)}")
    print(f"the same while level 5 thinks out the next move ({ct['frames']} frames): "
          f"{_times(ct)}; {_searched(ct)}")
    for t in (t1, t5):
        print(f"frame time while level-{t['level']} computers think ({t['frames']} frames, "
              f"{t['moves']} moves): {_times(t)}"
              + (f"; {_searched(t)}" if t["level"] == 5 else ""))
    for line in describe(result, _times):
        print(line)
    print(f"CPU while waiting for a human: {result['idle_cpu']['cpu_pct']}% of one core "
          f"(over {result['idle_cpu']['seconds']} s)")
    print(f"start to first frame: {result['first_frame']['median_s']} s median of "
          f"{result['first_frame']['runs']} (max {result['first_frame']['max_s']} s)")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
