"""How good a position looks for one seat: the judgement behind levels 3-5.

Chain Reaction turns on *loaded* squares (one piece short of exploding): a loaded square next
to a rival's loaded square is a fight that whoever moves first wins, and a loaded square with
no loaded rival beside it is a weapon. The score below counts pieces, rewards safe corners and
edges (they load quickly), safe loaded squares and runs of them (chains that explode together),
and charges a square for every loaded rival square that could capture it.

The weights live in ``weights.json``, written by ``python -m chainplus.tune`` (self-play
matches decide them; see that module). The evaluation runs a hundred thousand times per move,
so the per-square sums are done by ``map``/``compress`` in C and only the few loaded squares
are walked in Python.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from itertools import compress
from pathlib import Path

from .game import Game
from .rules import MASS, NEIGHBOURS, RULES, SQUARES, most_held

#: Scores at or beyond this mean the game is decided (a win or a loss, adjusted by distance).
WIN = 1_000_000

#: Most pieces a square can hold without exploding, per rule set.
LOADED_AT: dict[str, tuple[int, ...]] = {rules: most_held(rules) for rules in RULES}

#: Where the weights are kept (``python -m chainplus.tune`` writes it, with a record of its run).
WEIGHTS_FILE = Path(__file__).with_name("weights.json")

_SQUARES = range(SQUARES)
#: Byte tables for ``bytes.translate``: 1 where a byte is that seat (or zero), else 0. They
#: let C do the per-square loops (a square's owner and count are small, so they fit a byte).
_IS_SEAT = tuple(bytes(int(i == seat) for i in range(256)) for seat in range(5))
_IS_ZERO = _IS_SEAT[0]
_LOADED_INT = {rules: int.from_bytes(bytes(LOADED_AT[rules]), "big") for rules in RULES}


@dataclass(frozen=True)
class Weights:
    """What each feature is worth, in pieces (one piece on the board is worth 1)."""

    safe_corner: int = 3  # an owned corner no loaded rival touches
    safe_edge: int = 2
    safe_centre: int = 0
    danger_corner: int = 3  # charged per loaded rival corner next to one's square
    danger_edge: int = 2
    danger_centre: int = 1
    to_move_danger_pct: int = 50  # the seat to move fires first: it pays this share of danger
    loaded: int = 2  # a loaded square with no loaded rival beside it
    chain: int = 2  # each link between two such squares of one seat

    @classmethod
    def load(cls, path: Path = WEIGHTS_FILE) -> Weights:
        """The weights in ``path``; the defaults above when it is missing or unreadable."""
        try:
            data = json.loads(path.read_text())["weights"]
            return cls(**{f.name: int(data[f.name]) for f in fields(cls)})
        except (OSError, ValueError, KeyError, TypeError):
            return cls()

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def loaded_squares(game: Game) -> list[int]:
    """Every loaded square (one piece short of exploding), in square order, found in C:
    a byte of the counts XOR the most each square holds is 0 exactly where it is loaded."""
    diff = int.from_bytes(bytes(game.counts), "big") ^ _LOADED_INT[game.rules]
    return list(compress(_SQUARES, diff.to_bytes(SQUARES, "big").translate(_IS_ZERO)))


class Judge:
    """The evaluation for one set of weights, with its per-square tables worked out once."""

    def __init__(self, weights: Weights) -> None:
        w = weights
        self.weights = weights
        by_mass = {2: (w.safe_corner, w.danger_corner), 3: (w.safe_edge, w.danger_edge),
                   4: (w.safe_centre, w.danger_centre)}
        self.safe_bonus = tuple(by_mass[m][0] for m in MASS)
        self.danger = tuple(by_mass[m][1] for m in MASS)
        self.to_move_pct = w.to_move_danger_pct
        self.loaded_bonus = w.loaded
        self.chain_bonus = w.chain

    def seat_scores(self, game: Game) -> list[int]:
        """A heuristic value for every seat (indexed by seat, 0 unused); higher is better.

        Every owned square is worth its pieces plus its safety bonus; then each square that
        a loaded rival square touches loses the bonus and pays the danger (the seat to move
        only its share: it can fire first), and each safe loaded square earns its bonus and
        one link per safe loaded neighbour of the same seat.
        """
        counts = game.counts
        owners = game.owners
        loaded_at = LOADED_AT[game.rules]
        safe_bonus = self.safe_bonus
        scores = [0, 0, 0, 0, 0]
        held = bytes(owners)
        for seat in game.alive:
            mine = held.translate(_IS_SEAT[seat])
            scores[seat] = sum(compress(counts, mine)) + sum(compress(safe_bonus, mine))
        loaded = loaded_squares(game)
        if not loaded:
            return scores
        danger: dict[int, int] = {}
        hit_of = self.danger
        for sq in loaded:
            owner = owners[sq]
            hit = hit_of[sq]
            for n in NEIGHBOURS[sq]:
                other = owners[n]
                if other and other != owner:
                    danger[n] = danger.get(n, 0) + hit
        to_move = game.to_move
        pct = self.to_move_pct
        for sq, hurt in danger.items():
            owner = owners[sq]
            scores[owner] -= safe_bonus[sq] + (hurt * pct // 100 if owner == to_move else hurt)
        link = self.chain_bonus
        for sq in loaded:
            if sq not in danger:
                owner = owners[sq]
                value = self.loaded_bonus
                for n in NEIGHBOURS[sq]:
                    if n > sq and owners[n] == owner and counts[n] == loaded_at[n]:
                        value += link
                scores[owner] += value
        return scores

    def evaluate(self, game: Game, me: int) -> int:
        """The position's value for seat ``me``: its score times its rivals' number minus
        the sum of theirs (so 1 piece = 1 point in two-seat games).

        A finished game is +WIN or -WIN; a seat knocked out is -WIN.
        """
        winner = game.winner
        if winner is not None:
            return WIN if winner == me else -WIN
        alive = game.alive
        if me not in alive:
            return -WIN
        scores = self.seat_scores(game)
        return scores[me] * len(alive) - sum(scores[s] for s in alive)


#: The judgement every level uses: the weights in ``weights.json``.
JUDGE = Judge(Weights.load())


def seat_scores(game: Game) -> list[int]:
    """``JUDGE.seat_scores``: every seat's heuristic value under the weights in use."""
    return JUDGE.seat_scores(game)


def evaluate(game: Game, me: int) -> int:
    """``JUDGE.evaluate``: the position's value for seat ``me`` under the weights in use."""
    return JUDGE.evaluate(game, me)
