"""Level 5's judgement of a game, position by position: who held the board and who was ahead.

``judge`` says, for one position, each seat's chance of winning it as level 5 sees it: a number
in [0, 1] for every seat still in play, summing to 1 over them (0 for the others). ``series``
walks a whole game one position at a time (the start and after each move), so a window can show
what is done so far and stop when asked.

How a position is judged:

* A finished game: 1 for the winner. Until every seat has placed: even.
* Otherwise level 5 searches the position for the seat to move with a fixed node limit
  (``NODES``, not a clock, so the same record always gives the same numbers) and a fixed seed.
  Its value ``v`` is the mover's score against the mean of its rivals', times their number
  (``evaluate.Judge.evaluate``), so the mover's score becomes the rivals' mean plus ``v`` over
  their number; the rivals keep their evaluation (``Judge.seat_scores``). A search that
  finished no ply says nothing, and the mover too keeps its evaluation.
* A forced win or loss the search finds decides it: 1 or 0 (a softmax of the scores over
  ``SCALE`` points, in which ``evaluate.WIN`` leaves nothing between).
* Any other position: the chances ``odds.MODEL`` gives the scores and the board: the lead
  alone over ``SCALE`` points, a seat ``SCALE`` points above another e times as likely to be
  ahead (73 % between two seats).

Who wins a game of Chain Reaction is mostly left to chance until late (``NOTES.md``, "How much
a game can be known"), and a lead says little about it until then, so the shares stay near even
for most of a game and move to 1 and 0 when the search sees the game decided. Models fitted to
who won (``lab.judging.judgefit``) did no better than this one, chosen by hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from chainplus.ai import odds
from chainplus.ai.evaluate import JUDGE, WIN
from chainplus.ai.limits import Limit
from chainplus.ai.odds import MODEL, SLOTS, Model, even, terms_of
from chainplus.ai.search import search
from chainplus.core.game import Game

#: Positions level 5 searches to judge one position (its cost: ``NOTES.md``).
NODES = 300
#: Points of evaluation (1 piece = 1 point) that make one seat e times as likely to be ahead
#: as another (``odds.Model.plain``, the weights kept in ``odds.json``); decided positions
#: use it too.
SCALE = 160.0
#: The search's seed: the same numbers for the same record, every time.
SEED = 0
#: A share at least this close to 1 comes only from a forced win the search found: a lead
#: would need 3,300 points to reach it, far beyond any lead seen.
FORCED = 1.0 - 1e-9
#: A search value at least this large says the game is decided (a forced win or loss).
DECIDED = WIN // 2


@dataclass(frozen=True)
class Point:
    """One position of a game: after move ``move`` (0: the start), made by ``mover`` (None at
    the start). ``shares`` is each seat's share of the squares owned (at the start, even over
    the seats), ``judged`` level 5's judgement (``judge``); both are indexed by seat, 0 unused,
    and 0.0 for a seat not in play. ``alive`` lists the seats still in play, in turn order."""

    move: int
    mover: int | None
    alive: tuple[int, ...]
    shares: tuple[float, ...]
    judged: tuple[float, ...]


def board_shares(game: Game) -> tuple[float, ...]:
    """Each seat's share of the squares owned, indexed by seat; even over the seats in play
    while nobody owns a square."""
    owned = sum(game.squares)
    if not owned:
        return even(game.alive)
    return tuple(game.squares[s] / owned if s in game.alive else 0.0 for s in range(SLOTS))


def judge(game: Game, *, nodes: int = NODES, stop: Callable[[], bool] | None = None,
          model: Model = MODEL) -> tuple[float, ...]:
    """Level 5's judgement of ``game``'s position: each seat's chance of winning, indexed by
    seat (module docstring); ``model`` weighs what the search and the board say. ``stop`` is
    polled at every position searched; when it says stop the answer is unfinished (the caller
    throws it away). ``game`` is not changed."""
    if game.winner is not None:
        return tuple(1.0 if s == game.winner else 0.0 for s in range(SLOTS))
    if not all(game.placed >> s & 1 for s in game.seats):
        return even(game.alive)
    scores, decided = level_scores(game, nodes=nodes, stop=stop)
    if decided:
        return softmax(scores)
    return model.shares(terms_of(game, scores))


def level_scores(game: Game, *, nodes: int = NODES, stop: Callable[[], bool] | None = None
                 ) -> tuple[dict[int, float], bool]:
    """Each seat in play's score in points as level 5 sees ``game`` (the module docstring's
    scores: the mover's after its search), and whether the search found the game decided (a
    forced win or loss)."""
    alive = game.alive
    mover = game.to_move or 0
    evaluated = JUDGE.seat_scores(game)
    scores = {s: float(evaluated[s]) for s in alive}
    found = search(game, Limit(nodes=nodes), stop=stop, rng=random.Random(SEED))
    if found.depth:
        rivals = [scores[s] for s in alive if s != mover]
        scores[mover] = sum(rivals) / len(rivals) + found.value / len(rivals)
    return scores, abs(found.value) >= DECIDED


def softmax(scores: dict[int, float]) -> tuple[float, ...]:
    """The seats' shares, indexed by seat, of a softmax of ``scores`` over ``SCALE``."""
    return odds.softmax(scores, SCALE)


def series(game: Game, *, nodes: int = NODES, stop: Callable[[], bool] | None = None,
           start: int = 0) -> Iterator[Point]:
    """One ``Point`` for every position of ``game`` from position ``start`` on (0: the start;
    ``len(game.moves) + 1`` positions in all), worked out one at a time as they are asked
    for, on a replay of its moves (``game`` is not changed).

    ``stop`` is polled while each position is searched: once it says stop, the series ends
    without the unfinished point.
    """
    board = Game(game.seats, game.rules)
    mover: int | None = None
    for number in range(len(game.moves) + 1):
        if number >= start:
            judged = judge(board, nodes=nodes, stop=stop)
            if stop is not None and stop():
                return
            yield Point(number, mover, tuple(board.alive), board_shares(board), judged)
        if number < len(game.moves):
            mover = board.play(game.moves[number]).seat
