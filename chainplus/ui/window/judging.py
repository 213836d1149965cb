"""Level 5's judgement of a game for its graph, worked out off the UI thread.

A ``Judging`` runs ``ai.judgement.series`` over a game's positions one at a time on a thread
of its own, so the window keeps drawing while it works; the points done so far are there to
draw at any time (a list only ever appended to), and the thread wakes the window now and
then to show them. Once every position is judged, the move where the game turned is found
(``app.story.turning_point``). Tests and the rigs judge in step with the window instead
(``threaded=False``: each ``poll`` works out a few positions), so a run repeats.

The window comes first: the thread waits while the loop makes a frame (``giving_way``), as
the two would otherwise take the interpreter in turn, five milliseconds at a time, and a
frame take about twice its time. So the judgement gets what the frames leave: about a second
for a 200-move game while its graph fills in, several while a chain animates 60 times a
second beside it (``ai/NOTES.md``, "Judging a game").

The window keeps one judging at a time (``Table.judging_of``): the graph of the game just
finished, or of the game being replayed; another game stops the one before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager

from chainplus.ai.judgement import Point, series
from chainplus.app.story import Turn, turning_point
from chainplus.core.game import Game
from chainplus.ui.art.graph_view import GraphShown

#: The thread wakes the window after this many new positions (and when it is done).
WAKE_EVERY = 8
#: Positions a ``poll`` works out when judging in step with the window.
STEP_POSITIONS = 16
#: The thread looks whether the window is making a frame every this many positions searched
#: (about 0.4 ms of work).
GIVE_WAY_EVERY = 32


def giving_way(stop: threading.Event, drawing: AbstractContextManager[object]
               ) -> Callable[[], bool]:
    """``stop.is_set`` for a judgement beside the window. Every ``GIVE_WAY_EVERY`` checks it
    also waits while the window's thread holds ``drawing`` (it does while it makes a frame),
    so the frame has the interpreter to itself; taking a lock nobody holds costs nothing
    worth measuring, so a judgement while the window waits goes at full speed."""
    checks = 0

    def check() -> bool:
        nonlocal checks
        checks += 1
        if not checks % GIVE_WAY_EVERY:
            with drawing:
                pass
        return stop.is_set()

    return check


class Judging:
    """The judgement of ``game``'s positions, as far as it has got; on its own thread
    (``threaded``) it gives way to the window while the window holds ``drawing``."""

    def __init__(self, game: Game, *, threaded: bool, wake: Callable[[], None],
                 nodes: int | None = None,
                 drawing: AbstractContextManager[object] | None = None) -> None:
        self.moves = tuple(game.moves)
        self.game = game.copy()
        self.points: list[Point] = []
        self.turn: Turn | None = None
        self.done = False
        self._stop = threading.Event()
        self._wake = wake
        self.threaded = threaded
        extra = {} if nodes is None else {"nodes": nodes}
        stop = self._stop.is_set if drawing is None else giving_way(self._stop, drawing)
        self._series: Iterator[Point] = series(self.game, stop=stop, **extra)
        if threaded:
            threading.Thread(target=self._run, name="chainplus-judging", daemon=True).start()

    def _run(self) -> None:
        for point in self._series:
            self.points.append(point)
            if len(self.points) % WAKE_EVERY == 0:
                self._wake()
        self._finish()

    def _finish(self) -> None:
        if not self._stop.is_set():
            self.turn = turning_point(self.game, self.points)
            self.done = True
            self._wake()

    def poll(self) -> None:
        """Judge a few more positions now (when not on a thread of its own)."""
        if self.threaded or self.done or self._stop.is_set():
            return
        for _ in range(STEP_POSITIONS):
            point = next(self._series, None)
            if point is None:
                self._finish()
                return
            self.points.append(point)

    def stop(self) -> None:
        self._stop.set()

    def of(self, game: Game) -> bool:
        """Whether this is the judging of ``game`` (its moves, seats and rules)."""
        return self.moves == tuple(game.moves) and (self.game.seats, self.game.rules) == \
            (game.seats, game.rules)


def graph_of(judging: Judging, at: int | None, buttons: bool) -> GraphShown:
    """What the graph window shows of ``judging`` so far, the replay at move ``at``."""
    points, turn = list(judging.points), judging.turn
    return GraphShown(seats=judging.game.seats, moves=len(judging.moves),
                      shares=[p.shares for p in points], judged=[p.judged for p in points],
                      turn=turn.move if turn else None, words=turn.words if turn else "",
                      at=at, buttons=buttons)
