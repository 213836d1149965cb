"""uibench's figures for the graph of a game: frames drawn while its judgement runs beside them.

A 200-move record (``tests/data/review``: two, three and four seats) is opened in the replay
with its graph, as a file dropped on the window opens, and level 5 judges it in the
computer's own process (``window.judging``, the real ``NODES``) while the game's real loop
(``loop.turn`` and ``loop.next_events``) draws: once as the loop does with nobody touching
anything (the graph redrawn each time a batch of points wakes it, or a quarter of a second
has passed), and once with the replay stepped on, a move's chain animating at 60 frames a
second under the graph filling in (the most the loop ever draws). Each gives the frames'
wall-clock and CPU times and the seconds the judgement took to finish beside them, against the
same judgement with no window and the same frames drawn again once it is done.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chainplus.ai.service_process import Service
from chainplus.core.game import Game
from lab.rigs.timed_window import ROOT, bench_app, frame_figures

if TYPE_CHECKING:
    from chainplus.ui.window.app import App
    from chainplus.ui.window.display import Display
    from chainplus.ui.window.judging import Judging

#: The three 200-move records, by their number of seats.
RECORDS = {seats: ROOT / "tests" / "data" / "review" / f"{seats}-seats.json"
           for seats in (2, 3, 4)}
#: The stepped replay starts this many moves before the end, where the chains are long.
STEP_FROM = 40


@dataclass
class Loop:
    """One run of the loop beside a judgement: each frame drawn (wall-clock and CPU seconds),
    the seconds from the judgement's start to its end and the loop's own, the moves stepped;
    ``after``: as many frames drawn once the judgement was done."""

    frames: list[tuple[float, float]] = field(default_factory=list)
    after: list[tuple[float, float]] = field(default_factory=list)
    judged: float = 0.0
    seconds: float = 0.0
    steps: int = 0


def record(seats: int) -> Game:
    """The 200-move record of ``seats`` seats."""
    from chainplus.app.games import open_record

    return open_record(RECORDS[seats])[0]


def judgement_alone(game: Game) -> float:
    """Seconds ``game``'s judgement takes in the computer's process with no window beside it
    (the process started before, as it is once a game has been played)."""
    from chainplus.ui.window.judging import Judging

    woke, service = threading.Event(), Service()
    try:
        service.start()
        start = time.perf_counter()
        judging = Judging(game, wake=woke.set, service=service)
        while not judging.done:
            woke.wait()
            woke.clear()
        return time.perf_counter() - start
    finally:
        service.close()


def _open(app: App, game: Game, stepping: bool) -> tuple[Judging, list[float]]:
    """Open ``game`` in the replay with its graph (at the end, as a dropped file opens; a
    little before it when ``stepping``), which starts its judgement; the judging and the
    times the judgement wakes the window, the first entry when it started."""
    from chainplus.app.games import Player
    from chainplus.ui.window.over.review import ReviewWindow

    table, woke = app.table, [time.perf_counter()]
    judge = table.services.judge
    wake = judge.wake

    def timed_wake() -> None:  # on the service's reader thread
        woke.append(time.perf_counter())
        wake()

    judge.wake = timed_wake
    at = len(game.moves) - STEP_FROM if stepping else None
    players = tuple(Player(seat, "computer", 5) for seat in game.seats)
    review = ReviewWindow(table, game, players, at=at, graph=True)
    app.stack.push(review)
    return review.judging, woke


def _turns(app: App, display: Display, stepping: bool, frames: list[tuple[float, float]],
           more: Callable[[], bool], gap: float | None) -> int:
    """Turns of the real loop while ``more()``, each frame drawn timed into ``frames``; the
    loop waits as the game's does, or (``gap``) that many seconds and then draws anyway.
    The moves stepped (``stepping``: Right pressed each time the last chain has finished,
    from ``STEP_FROM`` moves before the end again once at the end)."""
    import pygame

    from chainplus.ui.window.loop import next_events, turn
    from chainplus.ui.window.over.review import ReviewWindow

    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                               scancode=0)
    frame_clock, steps = pygame.time.Clock(), 0
    while more():
        if stepping and not app.mode.animating:
            replay = app.mode.replay if isinstance(app.mode, ReviewWindow) else None
            if replay is not None and replay.at_end:  # round the long chains again
                replay.jump(len(replay) - STEP_FROM)
            pygame.event.post(right)
            steps += 1
        if gap is None:
            events = next_events(app)
        else:
            time.sleep(gap)
            app.dirty, events = True, pygame.event.get()
        start, used = time.perf_counter(), time.thread_time()
        if turn(app, display, events):
            frames.append((time.perf_counter() - start, time.thread_time() - used))
        if app.mode.animating:
            frame_clock.tick(60)
    return steps


def loop_frames(display: Display, game: Game, stepping: bool) -> Loop:
    """The real loop, from opening ``game``'s replay with its graph until its judgement is done
    (``stepping``: Right is pressed each time the last chain has finished); then as many
    frames again with the judgement done, drawn as often, for comparison."""
    from chainplus.ui.window.app import Devices

    app = bench_app(Devices(display=display), 1, "human")  # judging in the computer's process
    service = app.table.services.judge.service
    assert service is not None
    service.start()  # as once a game has been played: only the judgement is timed
    loop = Loop()
    try:
        judging, woke = _open(app, game, stepping)
        loop.steps = _turns(app, display, stepping, loop.frames, lambda: not judging.done, None)
        loop.seconds = time.perf_counter() - woke[0]
        loop.judged = woke[-1] - woke[0]
        gap = None if stepping else loop.seconds / max(1, len(loop.frames))
        _turns(app, display, stepping, loop.after, lambda: len(loop.after) < len(loop.frames),
               gap)
    finally:
        app.close()
    return loop


def review_frames(display: Display, stepping: bool) -> dict[str, Any]:
    """``loop_frames`` over the three records: the frames' figures together (``after``: those
    drawn once the judgement was done), and for each record the judgement's seconds beside
    the window and alone."""
    loops, alone = [], []
    for seats in RECORDS:
        game = record(seats)
        alone.append(round(judgement_alone(game), 2))
        loops.append(loop_frames(display, game, stepping))
    frames = [frame for loop in loops for frame in loop.frames]
    result: dict[str, Any] = {**frame_figures(frames),
                              "judgement_s": [round(loop.judged, 2) for loop in loops],
                              "judgement_alone_s": alone,
                              "after": frame_figures([f for loop in loops for f in loop.after])}
    if stepping:
        result["steps"] = sum(loop.steps for loop in loops)
        result["fps"] = round(len(frames) / sum(loop.seconds for loop in loops), 1)
    return result


def describe(result: dict[str, Any], times: Callable[[dict[str, Any]], str]) -> list[str]:
    """The figures' lines for uibench's report (``times`` words a frame figure)."""
    r, s = result["review_frames"], result["review_frames_stepping"]

    def seconds(figures: dict[str, Any]) -> str:
        return (f"the judgement took {'/'.join(map(str, figures['judgement_s']))} s for 2/3/4 "
                f"seats (alone {'/'.join(map(str, figures['judgement_alone_s']))} s); once it "
                f"was done, {times(figures['after'])}")

    return [f"frame time while the graph of a 200-move game fills in, drawn as the loop draws "
            f"({r['frames']} frames): {times(r)}; {seconds(r)}",
            f"the same with the replay stepped on, a chain always animating ({s['frames']} "
            f"frames, {s['fps']} a second, {s['steps']} moves): {times(s)}; {seconds(s)}"]
