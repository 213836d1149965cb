"""Which moves level 5's search tries first, and which it plays out past its horizon.

Alpha-beta prunes the most when the best move comes first, so each node sorts its moves by how
promising they look: the move the transposition table remembers, then two *killer* moves per
ply (moves that refuted a sibling position), then explosions, then the *history* heuristic
(moves that caused cutoffs anywhere, weighted by the depth they did it at). ``fights`` lists the
moves quiescence plays out: a seat's loaded squares next to a rival's loaded square.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import lanes
from .evaluate import loaded_squares
from .game import Game


def fights(game: Game) -> list[int]:
    """The seat to move's loaded squares next to a rival's loaded square, in square order."""
    held = bytes(game.owners)
    loaded = lanes.loaded(lanes.lanes(game.counts), game.rules)
    mine = lanes.owned_by(held, game.to_move or 0)
    rivals = lanes.owned(held) ^ mine
    return lanes.squares_of(loaded & mine & lanes.touching(loaded & rivals))


class MoveOrder:
    """The killer moves and history one search gathers, and the move order they give.

    A move is a (seat, square) pair, stored in the table as ``square + 64 * seat``: in a
    best-reply search several seats may move at one node.
    """

    def __init__(self, plies: int) -> None:
        self.history = [[0] * 64 for _ in range(5)]
        self.killers = [[-1, -1] for _ in range(plies)]

    def keyed(self, game: Game, best: int, ply: int) -> dict[int, int]:
        """The seat to move's legal moves with how promising each looks (higher first)."""
        history = self.history[game.to_move or 0]
        keys = {sq: history[sq] for sq in game.legal_moves()}
        for sq in loaded_squares(game):
            if sq in keys:
                keys[sq] += 1 << 20
        first, second = self.killers[ply]
        if second in keys:
            keys[second] = 1 << 28
        if first in keys:
            keys[first] = 1 << 29
        if best in keys:
            keys[best] = 1 << 30
        return keys

    def moves(self, game: Game, best: int, ply: int,
              rivals: list[int] | None) -> Iterator[tuple[int, int]]:
        """(seat, square) pairs to search at this node, most promising first.

        Normally the seat to move's moves. Given ``rivals`` (a best-reply search at a rival's
        turn), every rival's moves, as if each were next: only the strongest reply of any
        rival is played before it is the searching seat's turn again.

        Nine nodes in ten are cut off by their first move, so the first comes from a plain
        maximum and the rest are sorted only when asked for (in the same order a full sort
        gives: ties keep the order of the squares, as ``sorted`` would).
        """
        seat = game.to_move or 0
        if rivals is None or len(rivals) == 1:
            # one seat's moves: the usual node, or a best-reply node with one rival left
            mover = seat if rivals is None else rivals[0]
            game.to_move = mover
            keys = self.keyed(game, best - 64 * mover if best // 64 == mover else -1, ply)
            game.to_move = seat
            # a rival's ties go to the higher square, as in the sort of several rivals' moves
            high_first = rivals is not None
            if not keys:
                return
            first = max(reversed(keys) if high_first else keys, key=keys.__getitem__)
            yield mover, first
            for sq in sorted(reversed(keys) if high_first else keys, key=keys.__getitem__,
                             reverse=True):
                if sq != first:
                    yield mover, sq
            return
        keyed: list[tuple[int, int, int]] = []
        for mover in rivals:
            game.to_move = mover
            mine = best - 64 * mover if best // 64 == mover else -1
            keyed.extend((key, mover, sq) for sq, key in self.keyed(game, mine, ply).items())
        game.to_move = seat
        if not keyed:
            return
        top = max(keyed)
        yield top[1], top[2]
        keyed.sort(reverse=True)
        for _, mover, sq in keyed[1:]:
            yield mover, sq

    def cut(self, sq: int, depth: int, ply: int, seat: int) -> None:
        """Remember a move that caused a cutoff: in the history, and as a killer."""
        self.history[seat][sq] += depth * depth
        killers = self.killers[ply]
        if killers[0] != sq:
            killers[1], killers[0] = killers[0], sq
