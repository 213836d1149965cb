"""How good a position looks for one seat: the judgement behind levels 3-5.

Chain Reaction turns on *loaded* squares (one piece short of exploding): a loaded square next
to a rival's loaded square is a fight that whoever moves first wins, and a loaded square with
no loaded rival beside it is a weapon. The score below counts pieces, rewards safe corners and
edges (they load quickly), safe loaded squares and runs of them (chains that explode together),
and charges a square for every loaded rival square that could capture it.

The weights live in ``weights.json``, written by ``python -m lab.judging.tune`` from self-play
matches; the file also records how they were set. The evaluation runs many times per move, so
no square is walked in Python: each step is a handful of whole-board operations on the board
read as one integer with a byte per square (``lanes.py``), and the sums over squares run in C.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from importlib import resources
from pathlib import Path

from chainplus.ai import lanes
from chainplus.core.game import Game
from chainplus.core.rules import MASS, RULES, most_held

#: Scores at or beyond this mean the game is decided (a win or a loss, adjusted by distance).
WIN = 1_000_000

#: Most pieces a square can hold without exploding, per rule set.
LOADED_AT: dict[str, tuple[int, ...]] = {rules: most_held(rules) for rules in RULES}

#: The weights in use: package data beside this module, read with importlib.resources so an
#: installed copy finds it too (``python -m lab.judging.tune --out`` writes a new one).
WEIGHTS_FILE = "weights.json"

#: The most a weight that is added per square may be: four of them must fit a square's byte
#: (``lanes.py``).
MOST_PER_SQUARE = 60


@dataclass(frozen=True)
class Weights:
    """What each feature is worth, in pieces (one piece on the board is worth 1)."""

    safe_corner: int = 3  # an owned corner no loaded rival touches
    safe_edge: int = 2
    safe_centre: int = 0
    danger_corner: int = 6  # charged per loaded rival corner next to one's square
    danger_edge: int = 4
    danger_centre: int = 2
    to_move_danger_pct: int = 50  # the seat to move fires first: it pays this share of danger
    loaded: int = 2  # a loaded square with no loaded rival beside it
    chain: int = 2  # each link between two such squares of one seat

    @classmethod
    def load(cls, path: Path | None = None) -> Weights:
        """The weights in ``path``, by default ``WEIGHTS_FILE``; the defaults above when it is
        missing or unreadable."""
        try:
            data = json.loads(weights_file_text() if path is None else path.read_text())["weights"]
            return cls(**{f.name: int(data[f.name]) for f in fields(cls)})
        except (OSError, ValueError, KeyError, TypeError):
            return cls()

    def __post_init__(self) -> None:
        per_square = ("safe_corner", "safe_edge", "safe_centre", "danger_corner", "danger_edge",
                      "danger_centre")
        for name in per_square:
            if not 0 <= getattr(self, name) <= MOST_PER_SQUARE:
                raise ValueError(f"{name} is 0 to {MOST_PER_SQUARE}, not {getattr(self, name)}")
        if not 0 <= self.to_move_danger_pct <= 100:
            raise ValueError(f"to_move_danger_pct is 0 to 100, not {self.to_move_danger_pct}")

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def weights_file_text() -> str:
    """The text of the ``WEIGHTS_FILE`` in use: the weights and how they were found."""
    return resources.files("chainplus.ai").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")


def loaded_squares(game: Game) -> list[int]:
    """Every loaded square (one piece short of exploding), in square order, found in C."""
    return lanes.squares_of(lanes.loaded(lanes.lanes(game.counts), game.rules))


class Judge:
    """The evaluation for one set of weights, with its per-square tables worked out once."""

    def __init__(self, weights: Weights) -> None:
        w = weights
        self.weights = weights
        by_mass = {2: (w.safe_corner, w.danger_corner), 3: (w.safe_edge, w.danger_edge),
                   4: (w.safe_centre, w.danger_centre)}
        self.safe_bonus = lanes.lanes(by_mass[m][0] for m in MASS)
        self.danger = lanes.lanes(by_mass[m][1] for m in MASS)
        # the seat to move pays this share of each square's danger (rounded down per square)
        self.to_move_share = bytes(hurt * w.to_move_danger_pct // 100 for hurt in range(256))
        self.loaded_bonus = w.loaded
        self.chain_bonus = w.chain

    def seat_scores(self, game: Game, key: bytes | None = None) -> list[int]:
        """A heuristic value for every seat (indexed by seat, 0 unused); higher is better.

        Every owned square is worth its pieces plus its safety bonus; then each square that
        a loaded rival square touches loses the bonus and pays the danger (the seat to move
        only its share: it can fire first), and each safe loaded square earns its bonus and
        one link per loaded neighbour of the same seat to its right or below.

        ``key``: the position's ``Game.key()`` when the caller has it (the board is read from
        it rather than converted again).
        """
        if key is None:
            key = game.key()
        counts = int.from_bytes(key[:64], "little")
        held = key[64:128]
        loaded = lanes.loaded(counts, game.rules)
        anyone = lanes.owned(held) if loaded else 0
        safe_bonus = self.safe_bonus
        scores = [0, 0, 0, 0, 0]
        for seat in game.alive:
            mine = lanes.owned_by(held, seat)
            rivals_loaded = loaded & (anyone ^ mine)
            touched = lanes.touching(rivals_loaded) & mine if rivals_loaded else 0
            if touched:
                lost = touched * 255
                score = lanes.lane_sum((counts + (safe_bonus & ~lost)) & mine * 255)
                hurt = lanes.neighbours_sum(rivals_loaded * 255 & self.danger) & lost
                if seat == game.to_move:
                    score -= lanes.byte_sum(lanes.from_lanes(hurt).translate(self.to_move_share))
                else:
                    score -= lanes.lane_sum(hurt)
            else:
                score = lanes.lane_sum((counts + safe_bonus) & mine * 255)
            weapons = loaded & mine
            if weapons:
                safe = weapons & ~touched
                score += (self.loaded_bonus * safe.bit_count()
                          + self.chain_bonus * lanes.links(safe, weapons))
            scores[seat] = score
        return scores

    def evaluate(self, game: Game, me: int, key: bytes | None = None) -> int:
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
        scores = self.seat_scores(game, key)
        return scores[me] * len(alive) - sum(scores[s] for s in alive)


#: The judgement every level uses: the weights in ``weights.json``.
JUDGE = Judge(Weights.load())


def seat_scores(game: Game) -> list[int]:
    """``JUDGE.seat_scores``: every seat's heuristic value under the weights in use."""
    return JUDGE.seat_scores(game)


def evaluate(game: Game, me: int) -> int:
    """``JUDGE.evaluate``: the position's value for seat ``me`` under the weights in use."""
    return JUDGE.evaluate(game, me)
