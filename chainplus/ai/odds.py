"""Each seat's chance of winning a position: a small model over level 5's own view of it, fitted
to who went on to win.

``Terms`` are what level 5 sees of a position, seat by seat: its lead in the evaluation (the
mover's after its search, as ``judgement`` works it out) and a few plain facts of the board (its
share of the squares, of the pieces and of the loaded squares, and whether it moves next). Each
is taken relative to the mean over the seats in play, so only differences count.

``Model`` weighs them: seat ``s`` gets ``u_s = sum_j w_j(t) * f_sj`` and the chances are a
softmax of the ``u``; each weight is a quadratic in the phase ``t`` (the pieces on the board
over the most it holds, 224 acorn and 160 classic), because what a lead says about the winner
changes as a game goes on. ``python -m lab.judging.judgefit`` fits the weights to who won
games and scores them on others. ``odds.json`` beside this module holds the weights in use, with
a record of the fits tried: none beat the lead alone on a fixed scale (``Model.plain``), so that
is what it holds, and what the model falls back to when the file is missing or unreadable.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from chainplus.ai.evaluate import loaded_squares
from chainplus.core.game import Game
from chainplus.core.rules import capacity

#: The terms of a seat, in the order of ``Terms.values`` and of the model's weights.
FEATURES = ("lead", "squares", "pieces", "loaded", "to_move")
#: Points of lead that make one unit of the ``lead`` term.
LEAD_UNIT = 100.0
#: The powers of the phase each weight is a polynomial in.
POWERS = 3
#: The fitted weights in use, package data beside this module (read with importlib.resources,
#: so an installed copy finds them too).
ODDS_FILE = "odds.json"
#: Entries of the share tuples: indexed by seat number, 0 unused (as ``Game.squares``).
SLOTS = 5


@dataclass(frozen=True)
class Terms:
    """What level 5 sees of a position: the seats in play (``alive``, in turn order), the
    ``phase`` (pieces on the board over the most it holds) and, for each seat in play, its
    ``FEATURES`` relative to the mean over the seats in play (``values``, in ``alive``'s
    order)."""

    alive: tuple[int, ...]
    phase: float
    values: tuple[tuple[float, ...], ...]


def terms_of(game: Game, scores: dict[int, float]) -> Terms:
    """``game``'s terms, given each seat's score in points (``scores``: the evaluation, the
    mover's after its search)."""
    alive = tuple(game.alive)
    pieces = [0] * SLOTS
    for square, owner in enumerate(game.owners):
        pieces[owner] += game.counts[square]
    loaded = [0] * SLOTS
    owners = game.owners
    for square in loaded_squares(game):
        loaded[owners[square]] += 1
    owned = sum(game.squares) or 1
    total = sum(pieces) or 1
    charged = sum(loaded) or 1
    raw = [(scores[s] / LEAD_UNIT, game.squares[s] / owned, pieces[s] / total,
            loaded[s] / charged, float(s == game.to_move)) for s in alive]
    means = [sum(column) / len(alive) for column in zip(*raw, strict=True)]
    values = tuple(tuple(v - m for v, m in zip(row, means, strict=True)) for row in raw)
    return Terms(alive, sum(pieces) / capacity(game.rules), values)


@dataclass(frozen=True)
class Model:
    """The weights of ``FEATURES``: ``weights[j][k]`` multiplies feature ``j`` times the phase
    to the power ``k``."""

    weights: tuple[tuple[float, ...], ...]

    @classmethod
    def plain(cls, scale: float = 160.0) -> Model:
        """The lead alone: one seat ``scale`` points ahead of another is e times as likely to
        win."""
        lead = (LEAD_UNIT / scale,) + (0.0,) * (POWERS - 1)
        return cls((lead,) + ((0.0,) * POWERS,) * (len(FEATURES) - 1))

    @classmethod
    def load(cls, path: Path | None = None) -> Model:
        """The model in ``path`` (None: the one in use, ``ODDS_FILE``); ``plain`` when it is
        missing or unreadable."""
        try:
            text = path.read_text() if path is not None else \
                resources.files("chainplus.ai").joinpath(ODDS_FILE).read_text(encoding="utf-8")
            data = json.loads(text)["weights"]
            weights = tuple(tuple(float(w) for w in data[name]) for name in FEATURES)
            if any(len(row) != POWERS for row in weights):
                raise ValueError("a weight is not one number a power of the phase")
            return cls(weights)
        except (OSError, ValueError, KeyError, TypeError):
            return cls.plain()

    def utilities(self, terms: Terms) -> list[float]:
        """Each seat's ``u`` (in ``terms.alive``'s order)."""
        powers = [terms.phase ** k for k in range(POWERS)]
        scale = [sum(w * p for w, p in zip(row, powers, strict=True)) for row in self.weights]
        return [sum(w * f for w, f in zip(scale, seat, strict=True)) for seat in terms.values]

    def shares(self, terms: Terms) -> tuple[float, ...]:
        """Each seat's chance of winning, indexed by seat (0 for seats not in play)."""
        return softmax(dict(zip(terms.alive, self.utilities(terms), strict=True)))


def softmax(utilities: dict[int, float], scale: float = 1.0) -> tuple[float, ...]:
    """The shares, indexed by seat, of a softmax of ``utilities`` over ``scale``."""
    top = max(utilities.values())
    weights = {s: math.exp((u - top) / scale) for s, u in utilities.items()}
    total = sum(weights.values())
    return tuple(weights.get(s, 0.0) / total for s in range(SLOTS))


def even(alive: Sequence[int]) -> tuple[float, ...]:
    """Every seat in ``alive`` alike, indexed by seat: what nothing known says."""
    return tuple(1 / len(alive) if s in alive else 0.0 for s in range(SLOTS))


def design(terms: Terms) -> list[list[float]]:
    """Each seat's inputs to the model, flattened (feature ``j`` times phase power ``k`` at
    ``j * POWERS + k``): what a fit multiplies the weights with."""
    powers = [terms.phase ** k for k in range(POWERS)]
    return [[f * p for f in seat for p in powers] for seat in terms.values]


def flat(model: Model) -> list[float]:
    """The model's weights in ``design``'s order."""
    return [w for row in model.weights for w in row]


def from_flat(weights: Sequence[float]) -> Model:
    """A model from weights in ``design``'s order."""
    return Model(tuple(tuple(weights[j * POWERS:(j + 1) * POWERS]) for j in range(len(FEATURES))))


#: The model the judgement uses.
MODEL = Model.load()
