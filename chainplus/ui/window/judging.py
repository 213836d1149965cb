"""Level 5's judgement of a game for its graph, worked out off the window's interpreter.

A ``Judging`` works out ``ai.judgement.series`` in the computer's own process
(``ai.service``); points come back in batches, each waking the window, onto a list only ever
appended to, so it can be drawn at any time. Once every position is judged, the turn is found
(``app.story.turning_point``). Without a service (tests, the rigs, or a process gone), each
``poll`` judges a few positions in step with the window, so a run repeats.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

from chainplus.ai.judgement import NODES, Point, series
from chainplus.ai.service import Gone, Judge, Judged, Reply, Stop
from chainplus.ai.service_process import Service
from chainplus.app.story import Turn, turning_point
from chainplus.common import language
from chainplus.core.game import Game
from chainplus.ui.art.graph_view import GraphShown

#: Positions a ``poll`` works out when judging in step with the window.
STEP_POSITIONS = 16


class Judging:
    """The judgement of ``game``'s positions, as far as it has got: in ``service``'s process
    (waking the window with ``wake`` as points come), or in step with the window's ``poll``
    (no service)."""

    def __init__(self, game: Game, *, wake: Callable[[], None], nodes: int | None = None,
                 service: Service | None = None, people: tuple[int, ...] = ()) -> None:
        self.moves = tuple(game.moves)
        self.people = people  # the seats persons played: the turn is told for them
        self.game = game.copy()
        self.points: list[Point] = []
        self.turn: Turn | None = None
        self.told_in = language.current()  # the language the turn's words are in
        self.done = False
        self._stop = threading.Event()
        self._wake = wake
        self._nodes = NODES if nodes is None else nodes
        self._service = service
        self._series: Iterator[Point] | None = None
        self._asked = None if service is None else service.ask(
            lambda ident: Judge(ident, self.game, self._nodes), self._heard)
        if self._asked is None:
            self._in_step()

    def _in_step(self) -> None:
        """Judge the positions not yet judged in step with the window from now on."""
        self._series = series(self.game, nodes=self._nodes, stop=self._stop.is_set,
                              start=len(self.points))

    def _heard(self, reply: Reply) -> None:
        """Points from the process, or word that it is gone (on the service's thread)."""
        if isinstance(reply, Judged):
            self.points.extend(reply.points)
            if reply.done:
                self._finish()
            else:
                self._wake()
        elif isinstance(reply, Gone):
            self._in_step()

    def _finish(self) -> None:
        if not self._stop.is_set():
            self.told_in = language.current()
            self.turn = turning_point(self.game, self.points, self.people)
            self.done = True
            self._wake()

    def told(self) -> Turn | None:
        """The turn, its words in the language spoken now (told again after a switch)."""
        if self.turn is not None and self.told_in != language.current():
            self.told_in = language.current()
            self.turn = turning_point(self.game, self.points, self.people)
        return self.turn

    def poll(self) -> None:
        """Judge a few more positions now (when in step with the window)."""
        if self._series is None or self.done or self._stop.is_set():
            return
        for _ in range(STEP_POSITIONS):
            point = next(self._series, None)
            if point is None:
                self._finish()
                return
            self.points.append(point)

    def stop(self) -> None:
        self._stop.set()
        if self._service is not None and self._asked is not None:
            self._service.tell(Stop(self._asked))

    def of(self, game: Game) -> bool:
        """Whether this is the judging of ``game`` (its moves, seats and rules)."""
        return self.moves == tuple(game.moves) and (self.game.seats, self.game.rules) == \
            (game.seats, game.rules)


class GraphJudge:
    """Judges one game at a time for the window's graph; another game stops the one before.
    ``nodes`` is how hard each position is looked at (None: as level 5 judges)."""

    def __init__(self, wake: Callable[[], None], service: Service | None = None,
                 nodes: int | None = None) -> None:
        self.wake, self.service, self.nodes = wake, service, nodes
        self.judging: Judging | None = None

    def of(self, game: Game, people: tuple[int, ...] = ()) -> Judging:
        """The judgement of ``game`` (its turn told for the seats ``people`` played), started
        now unless it is the one under way."""
        if self.judging is None or not self.judging.of(game) or self.judging.people != people:
            if self.judging is not None:
                self.judging.stop()
            self.judging = Judging(game, wake=self.wake, nodes=self.nodes, service=self.service,
                                   people=people)
        return self.judging

    def close(self) -> None:
        """The window closes: the judging stops, and the process."""
        if self.judging is not None:
            self.judging.stop()
        if self.service is not None:
            self.service.close()


def graph_of(judging: Judging, at: int | None, buttons: bool) -> GraphShown:
    """What the graph window shows of ``judging`` so far, the replay at move ``at``."""
    points, turn = list(judging.points), judging.told()
    return GraphShown(seats=judging.game.seats, moves=len(judging.moves),
                      shares=[p.shares for p in points], judged=[p.judged for p in points],
                      turn=turn.move if turn else None, words=turn.words if turn else "",
                      at=at, buttons=buttons)
