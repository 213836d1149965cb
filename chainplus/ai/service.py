"""Level 5 in a process of its own: what it is asked, what it answers, and its loop.

A search on a thread beside the window would take the interpreter from the window's frames
(``NOTES.md``, "Beside the window"); in its own process it has a core to itself.
``service_process.Service`` is the window's end; ``serve`` is the process's loop.

The messages are plain data: ``Think`` is answered by a ``Thought``, ``Judge`` by ``Judged``
batches; ``Stop`` and ``Hurry`` change a request under way. Moves and judgements each have a
thread (a lane) in the process, so a judgement never holds a move up.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import NamedTuple

from chainplus.ai import players
from chainplus.ai.judgement import Point, series
from chainplus.ai.limits import Limit
from chainplus.common.clock import Clock
from chainplus.core.game import Game

#: Points of a judgement sent together: the window is woken once for each batch.
BATCH = 8
#: How much lower the process's priority is than the window's (``os.nice``, where there is
#: one): where the two want the same core the window's frames come first; a core to spare is
#: the search's all the same.
NICE = 10


@dataclass(frozen=True)
class Think:
    """Choose a move (or a hint: level 5 at 0 % random) within ``budget`` seconds of ``sent``.

    ``sent`` is ``Clock.wall`` when sent, so a process still starting answers in time all the
    same.
    """

    ident: int
    game: Game
    level: int
    random_pct: int
    seed: float
    budget: float
    sent: float


@dataclass(frozen=True)
class Judge:
    """Judge every position of ``game`` (``ai.judgement.series`` at ``nodes`` a position)."""

    ident: int
    game: Game
    nodes: int


@dataclass(frozen=True)
class Stop:
    """Stop request ``ident``: nothing more of it is wanted."""

    ident: int


@dataclass(frozen=True)
class Hurry:
    """Answer ``Think`` ``ident`` within ``seconds`` of ``sent`` (``Clock.wall``)."""

    ident: int
    seconds: float
    sent: float


class Answer(NamedTuple):
    """A move chosen: the square (None only when the game is over), the positions level 5
    searched, and why a random move stood in (None when the player answered)."""

    square: int | None
    nodes: int
    error: str | None


@dataclass(frozen=True)
class Thought:
    """The answer to ``Think`` ``ident``."""

    ident: int
    answer: Answer


@dataclass(frozen=True)
class Judged:
    """The next points of ``Judge`` ``ident``; ``done`` with the last of them."""

    ident: int
    points: tuple[Point, ...]
    done: bool


@dataclass(frozen=True)
class Gone:
    """Request ``ident`` will never be answered: the process is gone (``why``)."""

    ident: int
    why: str


Request = Think | Judge
Reply = Thought | Judged | Gone


def think(game: Game, level: int, random_pct: int, seed: float, limit: Limit,
          stop: Callable[[], bool], now: Callable[[], float]) -> Answer:
    """The move of ``game``'s seat to move; never raises: a random legal move stands in for a
    failing player, and the answer says why."""
    rng = random.Random(seed)
    try:
        found = players.play(game, level, random_pct, rng, limit=limit, stop=stop, now=now)
        return Answer(found.move, found.nodes, None)
    except Exception as error:  # the window must survive a broken computer player
        return Answer(game.random_move(rng) if game.winner is None else None, 0, repr(error))


def left(seconds: float, sent: float, clock: Clock) -> float:
    """What is left of ``seconds`` counted from ``sent`` (``clock.wall``), clamped to
    ``[0, seconds]``: the wall clock may have been set meanwhile."""
    return seconds - min(seconds, max(0.0, clock.wall() - sent))


# ------------------------------------------------------------------ the process's end
class _Task:
    """A request under way in the process: stopped (its answer is not wanted), or hurried to
    answer by ``answer_by`` (on ``clock``)."""

    def __init__(self, request: Request, clock: Clock) -> None:
        self.request = request
        self.clock = clock
        self.stopped = False
        self.answer_by = math.inf

    def due(self) -> bool:
        """Whether to answer now: stopped, or hurried and the time has come."""
        return self.stopped or self.clock.now() >= self.answer_by


def _work(task: _Task) -> Iterator[Reply]:
    request = task.request
    if isinstance(request, Think):
        limit = Limit(time=left(request.budget, request.sent, task.clock))
        yield Thought(request.ident, think(request.game, request.level, request.random_pct,
                                           request.seed, limit, task.due, task.clock.now))
        return
    batch: list[Point] = []
    for point in series(request.game, nodes=request.nodes, stop=lambda: task.stopped):
        batch.append(point)
        if len(batch) == BATCH:
            yield Judged(request.ident, tuple(batch), False)
            batch = []
    yield Judged(request.ident, tuple(batch), True)


def _lane(tasks: queue.SimpleQueue[_Task], under_way: dict[int, _Task],
          reply: Callable[[Reply], None]) -> None:
    """Work out each task in ``tasks`` in turn, unless stopped; a judgement that fails is
    said in a line and left unfinished, and the lane goes on."""
    while True:
        task = tasks.get()
        try:
            for message in _work(task):
                if task.stopped:
                    break
                reply(message)
        except OSError:
            return  # the window has gone: so will this process
        except Exception as error:  # the window must survive a broken judgement
            print(f"chainplus: the graph's judgement failed ({error!r})", file=sys.stderr)
        finally:
            under_way.pop(task.request.ident, None)


def serve(conn: Connection, clock: Clock) -> None:
    """The process's loop: take requests from ``conn`` until the window says goodbye (None)
    or goes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the window's
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(NICE)
    sending = threading.Lock()
    under_way: dict[int, _Task] = {}
    lanes: dict[type, queue.SimpleQueue[_Task]] = {Think: queue.SimpleQueue(),
                                                    Judge: queue.SimpleQueue()}

    def reply(message: Reply) -> None:
        with sending:
            conn.send(message)

    for kind, tasks in lanes.items():
        threading.Thread(target=_lane, args=(tasks, under_way, reply), daemon=True,
                         name=f"chainplus-{kind.__name__.lower()}").start()
    try:
        while (message := conn.recv()) is not None:
            if isinstance(message, (Think, Judge)):
                under_way[message.ident] = _Task(message, clock)
                lanes[type(message)].put(under_way[message.ident])
            elif (task := under_way.get(message.ident)) is not None:
                if isinstance(message, Stop):
                    task.stopped = True
                else:
                    hurried = clock.now() + left(message.seconds, message.sent, clock)
                    task.answer_by = min(task.answer_by, hurried)
    except (EOFError, OSError):
        pass  # the window has gone
    for task in list(under_way.values()):
        task.stopped = True
