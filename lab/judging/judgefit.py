"""The judgement fitted to who won: ``python -m lab.judging.judgefit gather | fit | score``.

* ``gather`` plays real games (``playouts.real_game``: 2-4 seats, both rules, every seat at one
  of levels 3-5) and writes, for every position after each seat has placed, what level 5 sees
  of it (``ai.odds.Terms``, from ``judgement.level_scores`` at the judgement's node limit),
  whether its search found the game decided, and who went on to win: one JSON line a game.
* ``fit`` fits ``ai.odds.Model`` to the winners of the undecided positions (maximum
  likelihood, Newton's method, a small ridge so every weight stays finite) and writes the
  weights, with a record of the fit, to ``--out`` (``chainplus/ai/odds.json`` is the one the
  game uses).
* ``score`` says how well *even*, *today* (``Model.plain``, the judgement before the fit) and
  the model in ``--model`` predict the winners of other games: log loss and accuracy by phase
  (pieces on the board), by seats in play and over whole games, each with its standard error
  over games (the positions of one game are not independent).

Positions the search found decided are judged as the judgement judges them (1 or 0); they are
scored with the rest but not fitted.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from chainplus.ai.judgement import level_scores, softmax
from chainplus.ai.odds import (
    FEATURES,
    POWERS,
    Model,
    Terms,
    design,
    even,
    flat,
    from_flat,
    terms_of,
)
from chainplus.common.options import OneLineParser
from chainplus.core.game import Game
from lab.judging.playouts import (
    GAME_NODES,
    LEVELS,
    PHASES,
    Player,
    phase_of,
    read_lines,
    real_game,
)
from lab.judging.predictability import hit, loss
from lab.judging.runs import add_judging, add_run, run_command, write_run

#: The ridge: the fit's log likelihood less this times the sum of the weights squared.
RIDGE = 1e-3


@dataclass(frozen=True)
class Seen:
    """One position of a gathered game: its game's number, the pieces on the board, the terms,
    the seat that won, and the judgement's shares when its search found the game decided
    (None otherwise)."""

    game: int
    pieces: int
    terms: Terms
    winner: int
    decided: tuple[float, ...] | None


def gather_game(seed: int, index: int, nodes: int, *, game_nodes: int = GAME_NODES,
                levels: Sequence[Player] = LEVELS) -> dict[str, Any]:
    """Game ``index`` of ``seed`` (its players drawn from ``levels``, level 5 at ``game_nodes``
    a move) and what level 5 saw in each of its positions (at ``nodes``), as data."""
    played = real_game(seed, index, game_nodes, levels=levels)
    board = Game(played.seats, played.rules)
    positions = []
    for number, square in enumerate(played.moves):
        if number >= len(played.seats):
            scores, decided = level_scores(board, nodes=nodes)
            terms = terms_of(board, scores)
            positions.append({
                "pieces": board.total_pieces(), "alive": list(terms.alive),
                "phase": round(terms.phase, 6),
                "values": [[round(v, 6) for v in seat] for seat in terms.values],
                "decided": [round(v, 6) for v in softmax(scores)] if decided else None})
        board.play(square)
    return {"index": index, "seats": list(played.seats), "rules": played.rules,
            "players": [list(p) for p in played.players], "moves": list(played.moves),
            "winner": board.winner, "positions": positions}


def read_seen(paths: Sequence[str]) -> list[Seen]:
    """Every position in the files ``gather`` wrote (ValueError: one line saying where)."""
    def positions(data: Any) -> list[Seen]:
        return [Seen(0, int(p["pieces"]), Terms(
            tuple(p["alive"]), float(p["phase"]),
            tuple(tuple(float(v) for v in seat) for seat in p["values"])),
            int(data["winner"]), None if p["decided"] is None else
            tuple(float(v) for v in p["decided"])) for p in data["positions"]]

    games = read_lines(paths, "a gathered game", positions)
    return [replace(seen, game=number) for number, game in enumerate(games, 1) for seen in game]


def shares(model: Model, seen: Seen) -> tuple[float, ...]:
    """The judgement of ``seen`` with ``model``: decided positions as the search found them."""
    return seen.decided if seen.decided is not None else model.shares(seen.terms)


def fit(positions: Sequence[Seen], ridge: float = RIDGE, rounds: int = 30) -> Model:
    """The model that best predicts the winners of the undecided ``positions``."""
    rows = [(design(p.terms), p.terms.alive.index(p.winner)) for p in positions
            if p.decided is None]
    size = len(FEATURES) * POWERS
    weights = flat(Model.plain())
    for _ in range(rounds):
        gradient = [-2 * ridge * len(rows) * w for w in weights]
        hessian = [[-2 * ridge * len(rows) * (i == j) for j in range(size)]
                   for i in range(size)]
        for inputs, won in rows:
            _accumulate(inputs, won, weights, gradient, hessian)
        step = solve([[-h for h in row] for row in hessian], gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return from_flat(weights)


def _accumulate(inputs: list[list[float]], won: int, weights: list[float],
                gradient: list[float], hessian: list[list[float]]) -> None:
    """Add one position's gradient and Hessian of the log likelihood."""
    utilities = [sum(w * x for w, x in zip(weights, seat, strict=True)) for seat in inputs]
    top = max(utilities)
    odds = [math.exp(u - top) for u in utilities]
    total = sum(odds)
    chances = [o / total for o in odds]
    size = len(weights)
    mean = [sum(c * seat[i] for c, seat in zip(chances, inputs, strict=True))
            for i in range(size)]
    for i in range(size):
        gradient[i] += inputs[won][i] - mean[i]
    for c, seat in zip(chances, inputs, strict=True):
        for i in range(size):
            ci = c * seat[i]
            row = hessian[i]
            for j in range(size):
                row[j] -= ci * seat[j]
    for i in range(size):
        row = hessian[i]
        for j in range(size):
            row[j] += mean[i] * mean[j]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector`` (Gaussian elimination with partial pivoting)."""
    size = len(vector)
    rows = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    answer = [0.0] * size
    for col in reversed(range(size)):
        done = sum(rows[col][k] * answer[k] for k in range(col + 1, size))
        answer[col] = (rows[col][size] - done) / rows[col][col]
    return answer


def clustered(values: Sequence[float], games: Sequence[int]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error with the positions of a game together."""
    mean = sum(values) / len(values)
    sums: dict[int, float] = {}
    for v, g in zip(values, games, strict=True):
        sums[g] = sums.get(g, 0.0) + v - mean
    return mean, math.sqrt(sum(s * s for s in sums.values())) / len(values)


def groups(positions: Sequence[Seen]) -> Iterator[tuple[str, str, list[Seen]]]:
    """The report's rows: (pieces, seats in play, positions)."""
    for phase, bound in enumerate(PHASES):
        label = f"{bound}+" if phase + 1 == len(PHASES) else f"{bound}-{PHASES[phase + 1] - 1}"
        yield label, "all", [p for p in positions if phase_of(p.pieces) == phase]
    for seats in (2, 3, 4):
        yield "all", str(seats), [p for p in positions if len(p.terms.alive) == seats]
        yield "from 40", str(seats), [p for p in positions
                                      if len(p.terms.alive) == seats and p.pieces >= 40]
    yield "from 40", "all", [p for p in positions if p.pieces >= 40]
    yield "whole games", "all", list(positions)


#: The score table's measures of a prediction of a position, and how each is written: the log
#: loss and the accuracy.
MEASURES: tuple[tuple[Callable[[Sequence[float], Seen], float], str], ...] = (
    (lambda predicted, seen: loss(predicted, seen.winner), ".3f"),
    (lambda predicted, seen: hit(predicted, seen.terms.alive, seen.winner), ".0%"),
)


def score_rows(positions: Sequence[Seen], models: dict[str, Model]) -> list[str]:
    """The score table: log loss and accuracy of each model (and even) by group."""
    names = ["even", *models]
    lines = ["| Pieces | Seats | positions (games) | "
             + " | ".join(f"{n} log loss" for n in names) + " | "
             + " | ".join(f"{n} accuracy" for n in names) + " |",
             "|" + "---|" * (3 + 2 * len(names))]
    for pieces, seats, chosen in groups(positions):
        if not chosen:
            continue
        games = [p.game for p in chosen]
        cells = [pieces, seats, f"{len(chosen)} ({len(set(games))})"]
        predicted = {"even": [even(p.terms.alive) for p in chosen]}
        predicted |= {n: [shares(m, p) for p in chosen] for n, m in models.items()}
        for measure, form in MEASURES:
            for name in names:
                mean, error = clustered([measure(s, p) for s, p in
                                         zip(predicted[name], chosen, strict=True)], games)
                cells.append(f"{mean:{form}} ± {error:{form}}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def difference_rows(positions: Sequence[Seen], models: dict[str, Model]) -> list[str]:
    """The differences table: each model's log loss less even's and less today's, position by
    position, with the standard error of the difference (the positions of a game together)."""
    names = [n for n in models if n != "today"]
    lines = ["| Pieces | Seats | today - even | "
             + " | ".join(f"{n} - even | {n} - today" for n in names) + " |",
             "|" + "---|" * (3 + 2 * len(names))]
    for pieces, seats, chosen in groups(positions):
        if not chosen:
            continue
        games = [p.game for p in chosen]
        losses = {"even": [loss(even(p.terms.alive), p.winner) for p in chosen]}
        losses |= {n: [loss(shares(m, p), p.winner) for p in chosen] for n, m in models.items()}
        cells = [pieces, seats]
        pairs = [("today", "even")] + [(n, base) for n in names for base in ("even", "today")]
        for name, base in pairs:
            mean, error = clustered([a - b for a, b in zip(losses[name], losses[base],
                                                           strict=True)], games)
            cells.append(f"{mean:+.3f} ± {error:.3f}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def cmd_gather(args: argparse.Namespace) -> int:
    levels = LEVELS if args.self_play is None else ((5, args.self_play),)

    def gathered(index: int) -> tuple[dict[str, Any], str]:
        data = gather_game(args.seed, index, args.nodes, game_nodes=args.game_nodes,
                           levels=levels)
        return data, (f"{len(data['seats'])} seats, {data['rules']}, players "
                      f"{data['players']}, {len(data['moves'])} moves")

    return write_run(args, "game", gathered)


def cmd_fit(args: argparse.Namespace) -> int:
    positions = read_seen(args.files)
    model = fit(positions, args.ridge)
    record = {"weights": dict(zip(FEATURES, [list(row) for row in model.weights], strict=True)),
              "fitted": {"command": "python -m lab.judging.judgefit fit "
                                    + " ".join(args.files) + f" --ridge {args.ridge}",
                         "positions": sum(p.decided is None for p in positions),
                         "games": len({p.game for p in positions}),
                         "how": "chainplus/ai/NOTES.md, 'The judgement fitted to who won'"}}
    Path(args.out).write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record["weights"]))
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    positions = read_seen(args.files)
    if not positions:
        raise ValueError("no positions to score")
    models = {"today": Model.plain()}
    for path in args.model:
        models[Path(path).stem] = Model.load(Path(path))
    print("\n".join(score_rows(positions, models)))
    print("\nDifferences (negative: better):\n")
    print("\n".join(difference_rows(positions, models)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m lab.judging.judgefit",
                           description="The judgement fitted to who won.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    gather = sub.add_parser("gather", help="play games and keep what level 5 saw of them")
    add_run(gather, seed=2, each="game")
    add_judging(gather)
    gather.add_argument("--game-nodes", type=int, default=GAME_NODES,
                        help=f"level 5's positions a move in the games (default {GAME_NODES})")
    gather.add_argument("--self-play", type=int, default=None, metavar="RANDOM",
                        help="every game level 5 at this random %% against itself (default: "
                             "levels 3, 4 and 5, one a game)")
    fitting = sub.add_parser("fit", help="fit the model to gathered games")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--ridge", type=float, default=RIDGE)
    fitting.add_argument("--out", required=True, help="where the weights go")
    scoring = sub.add_parser("score", help="score models on gathered games")
    scoring.add_argument("files", nargs="+")
    scoring.add_argument("--model", action="append", default=[],
                         help="a weights file (more than one: each is scored)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return run_command({"gather": cmd_gather, "fit": cmd_fit, "score": cmd_score},
                       build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
