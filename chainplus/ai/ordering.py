"""Which moves level 5's search tries first, and which it plays out past its horizon.

Alpha-beta prunes the most when the best move comes first, so each node sorts its moves by how
promising they look: the move the transposition table remembers, then two *killer* moves per
ply (moves that refuted a sibling position), then explosions, then the *history* heuristic
(moves that caused cutoffs anywhere, weighted by the depth they did it at). ``fights`` lists the
moves quiescence plays out: a seat's loaded squares next to a rival's loaded square.
"""

from __future__ import annotations

from collections.abc import Iterator

from chainplus.ai import lanes
from chainplus.ai.evaluate import loaded_squares
from chainplus.core.game import Game


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

    def keyed(self, game: Game, best: int, ply: int,
              history: list[int] | None = None) -> dict[int, int]:
        """The seat to move's legal moves with how promising each looks (higher first);
        ``history``: that seat's history row to use (by default the live one)."""
        if history is None:
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

        Most nodes are cut off by their first move, which is nearly always the table's move
        or the first killer: that one is tried before any other move is even listed. The
        rest follow in the order of a full sort of every move by its key (ties by square:
        ascending for the seat to move, descending among rivals' moves), keyed by the history
        as it stood when the node began, so the order does not depend on how far it is read.
        """
        seat = game.to_move or 0
        movers = [seat] if rivals is None else rivals
        first = self._first(game, best, ply, movers)
        if first is None:
            yield from self._sorted(game, best, ply, movers, rivals is not None, None)
            return
        rows = {mover: self.history[mover][:] for mover in movers}
        yield first
        for move in self._sorted(game, best, ply, movers, rivals is not None, rows):
            if move != first:
                yield move

    def _first(self, game: Game, best: int, ply: int,
               movers: list[int]) -> tuple[int, int] | None:
        """The move a full sort would put first, when it is the table's move or the first
        killer (found without listing the moves); None otherwise."""
        if best >= 0 and best // 64 in movers and game.owners[best % 64] in (0, best // 64):
            return best // 64, best % 64
        killer = self.killers[ply][0]
        if killer < 0:
            return None
        owner = game.owners[killer]
        if owner:
            return (owner, killer) if owner in movers else None
        # an empty square: every mover may play it, and the sort breaks the tie by the seat
        return max(movers), killer

    def _sorted(self, game: Game, best: int, ply: int, movers: list[int], rivals: bool,
                rows: dict[int, list[int]] | None) -> list[tuple[int, int]]:
        """Every move of ``movers`` in the order of a full sort by key."""
        seat = game.to_move
        keyed: list[tuple[int, int, int]] = []
        for mover in movers:
            game.to_move = mover
            mine = best - 64 * mover if best // 64 == mover else -1
            keys = self.keyed(game, mine, ply, None if rows is None else rows[mover])
            if rivals:
                keyed.extend((key, mover, sq) for sq, key in keys.items())
            else:
                # the seat to move's ties go to the lower square
                keyed.extend((key, mover, -sq) for sq, key in keys.items())
        game.to_move = seat
        keyed.sort(reverse=True)
        return [(mover, abs(sq)) for _, mover, sq in keyed]

    def cut(self, sq: int, depth: int, ply: int, seat: int) -> None:
        """Remember a move that caused a cutoff: in the history, and as a killer."""
        self.history[seat][sq] += depth * depth
        killers = self.killers[ply]
        if killers[0] != sq:
            killers[1], killers[0] = killers[0], sq
