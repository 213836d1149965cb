"""How predictable a game of Chain Reaction is, and how much of it a judgement knows:
``python -m lab.judging.predictability``.

``play`` samples positions from real games and plays each out many times between equal players
(``playouts.sample``), one JSON line a position added to ``--out`` as it is done (so a long run
goes in parts: ``--from``/``--to``). ``report`` says, for every phase of a game (pieces on the
board) and every number of seats in play, how well each of these predicts who wins:

* *even*: every seat in play alike;
* *today*: the judgement the position was given when it was sampled;
* *now*: the judgement of this checkout (``ai.judgement.judge``);
* *playouts*: each seat's share of the playouts won, with half a win added to every seat in
  play (so no seat is ever given 0).

Two tables. *Against the real winner*: the log loss of the share given to the winner of the
real game (natural log; a share below ``FLOOR`` counts as ``FLOOR``) and the accuracy (the
winner had the largest share; a tie counts its part), each with its standard error over the
positions. *Against equal players*: the same log loss with the playouts' winners in place of the
real one (each seat weighted by its part of the playouts), beside the playouts' own entropy
(Miller-Madow corrected): what is left to chance when equal players play the position on, the
least log loss any judgement of the position can have against them.
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chainplus.ai.judgement import judge
from chainplus.ai.odds import Model, even
from chainplus.common.options import OneLineParser
from lab.judging.playouts import (
    GAME_NODES,
    PHASES,
    PLAYOUT_NODES,
    Sample,
    phase_of,
    read_lines,
    sample,
)
from lab.judging.runs import add_run, run_command, write_run

#: The least share a prediction is scored with (a judgement sure of the wrong seat).
FLOOR = 1e-3
#: Half a win added to every seat in play in the playout estimate.
PRIOR = 0.5

Predictor = Callable[[Sample], Sequence[float]]
#: The predictors ``report`` knows by name (module docstring).
PREDICTED = ("even", "today", "now", "playouts")


def playout_shares(item: Sample, left_out: int | None = None) -> list[float]:
    """The playout estimate of ``item`` (module docstring), without one playout won by seat
    ``left_out`` when given."""
    wins = list(item.wins)
    if left_out is not None:
        wins[left_out] -= 1
    total = sum(wins) + PRIOR * len(item.alive)
    return [(wins[s] + PRIOR) / total if s in item.alive else 0.0 for s in range(5)]


def entropy(item: Sample) -> float:
    """The entropy of the playouts' winners, with Miller and Madow's correction for a few
    playouts (plus the seats that won any, less one, over twice the playouts)."""
    total = sum(item.wins)
    won = [w for w in item.wins if w]
    return -sum(w / total * math.log(w / total) for w in won) + (len(won) - 1) / (2 * total)


def against_playouts(shares: Sequence[float], item: Sample) -> float:
    """The log loss of ``shares`` with the playouts' winners as the winner."""
    total = sum(item.wins)
    return sum(w * loss(shares, s) for s, w in enumerate(item.wins)) / total


def loss(shares: Sequence[float], winner: int) -> float:
    return -math.log(max(shares[winner], FLOOR))


def hit(shares: Sequence[float], alive: Sequence[int], winner: int) -> float:
    """1 if ``winner`` has the largest share, a part of 1 if it ties for it, else 0."""
    top = max(shares[s] for s in alive)
    tied = [s for s in alive if shares[s] >= top - 1e-12]
    return 1 / len(tied) if winner in tied else 0.0


@dataclass(frozen=True)
class Mean:
    """A mean over positions and its standard error."""

    value: float
    error: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        n = len(values)
        mean = sum(values) / n
        spread = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        return cls(mean, math.sqrt(spread / n))

    def __str__(self) -> str:
        return f"{self.value:.3f} ± {self.error:.3f}"


def predictors(names: Sequence[str], models: Sequence[str]) -> dict[str, Predictor]:
    """The predictors ``names`` asks for (*even*, *today*, *now*, *playouts*) and one a
    weights file in ``models``, named after it: the judgement with that model."""
    known: dict[str, Predictor] = {
        "even": lambda item: even(item.alive),
        "today": lambda item: item.today,
        "now": lambda item: judge(item.board()),
        "playouts": playout_shares,
    }
    chosen = {name: known[name] for name in names}
    for path in models:
        chosen[Path(path).stem] = functools.partial(_judged, model=Model.load(Path(path)))
    return chosen


def _judged(item: Sample, model: Model) -> tuple[float, ...]:
    return judge(item.board(), model=model)


Shares = dict[str, list[Sequence[float]]]


def groups(items: Sequence[Sample]) -> list[tuple[str, str, list[int]]]:
    """The tables' rows: (pieces, seats in play, the samples' indices): each phase, each
    number of seats, each number of seats from 40 pieces on, from 40 pieces on and all."""
    found = []
    for phase, bound in enumerate(PHASES):
        label = f"{bound}+" if phase + 1 == len(PHASES) else f"{bound}-{PHASES[phase + 1] - 1}"
        found.append((label, "all", [i for i, it in enumerate(items)
                                     if phase_of(it.pieces) == phase]))
    for count in (2, 3, 4):
        found.append(("all", str(count), [i for i, it in enumerate(items)
                                          if len(it.alive) == count]))
    for count in (2, 3, 4):
        found.append(("from 40", str(count), [i for i, it in enumerate(items)
                                              if len(it.alive) == count and it.pieces >= 40]))
    found.append(("from 40", "all", [i for i, it in enumerate(items) if it.pieces >= 40]))
    found.append(("all", "all", list(range(len(items)))))
    return [group for group in found if group[2]]


def real_winner_table(items: Sequence[Sample], shares: Shares) -> list[str]:
    """The table against the real winner (module docstring)."""
    head = ["Pieces", "Seats", "n", *(f"{n} log loss" for n in shares),
            *(f"{n} accuracy" for n in shares)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for pieces, seats, chosen in groups(items):
        cells = [pieces, seats, str(len(chosen))]
        cells += [str(Mean.of([loss(given[i], items[i].winner) for i in chosen]))
                  for given in shares.values()]
        for given in shares.values():
            got = Mean.of([hit(given[i], items[i].alive, items[i].winner) for i in chosen])
            cells.append(f"{got.value:.0%} ± {got.error:.0%}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def equal_players_table(items: Sequence[Sample], shares: Shares) -> list[str]:
    """The table against the playouts' winners (module docstring)."""
    names = [n for n in shares if n != "playouts"]
    head = ["Pieces", "Seats", "n", "playouts' entropy", *(f"{n} log loss" for n in names)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for pieces, seats, chosen in groups(items):
        cells = [pieces, seats, str(len(chosen)),
                 str(Mean.of([entropy(items[i]) for i in chosen]))]
        cells += [str(Mean.of([against_playouts(shares[n][i], items[i]) for i in chosen]))
                  for n in names]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def differences_table(items: Sequence[Sample], shares: Shares) -> list[str]:
    """Each judgement's log loss less even's against the real winner, and the last one's less
    the first one's against the real winner and against equal players: position by position,
    with the standard error of the difference."""
    names = [n for n in shares if n not in ("even", "playouts")]
    if "even" not in shares or not names:
        return []
    pairs = [(n, "even", "real") for n in names]
    if len(names) > 1:
        pairs += [(names[-1], names[0], "real"), (names[-1], names[0], "equal")]
    head = ["Pieces", "Seats", "n", *(f"{a} - {b} ({'equal players' if how == 'equal' else how})"
                                      for a, b, how in pairs)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for pieces, seats, chosen in groups(items):
        cells = [pieces, seats, str(len(chosen))]
        for a, b, how in pairs:
            score = against_playouts if how == "equal" else \
                (lambda given, item: loss(given, item.winner))
            got = Mean.of([score(shares[a][i], items[i]) - score(shares[b][i], items[i])
                           for i in chosen])
            cells.append(f"{got.value:+.3f} ± {got.error:.3f}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def read_samples(paths: Sequence[str]) -> list[Sample]:
    """The samples in ``paths`` (later lines of one index replace earlier ones); ValueError
    with a one-line reason for a file that cannot be read."""
    found = {item.index: item for item in read_lines(paths, "a sample", Sample.from_data)}
    return [found[i] for i in sorted(found)]


def cmd_play(args: argparse.Namespace) -> int:
    """Sample positions ``--from`` to ``--to`` and add each to ``--out`` as it is done."""
    def sampled(index: int) -> tuple[dict[str, Any], str]:
        item = sample(args.seed, index, args.playouts, judge=judge,
                      game_nodes=args.game_nodes, playout_nodes=args.playout_nodes)
        return item.as_data(), (f"{item.pieces} pieces, {len(item.alive)} seats, playouts "
                                f"{item.wins[1:]}, winner {item.winner}")

    return write_run(args, "position", sampled)


def cmd_report(args: argparse.Namespace) -> int:
    items = read_samples(args.files)
    if not items:
        raise ValueError("no samples to report on")
    shares = {name: [predict(item) for item in items]
              for name, predict in predictors(args.predictors, args.model).items()}
    print("Against the real winner:\n")
    print("\n".join(real_winner_table(items, shares)))
    print("\nAgainst equal players (level 5's playouts):\n")
    print("\n".join(equal_players_table(items, shares)))
    differences = differences_table(items, shares)
    if differences:
        print("\nDifferences (negative: better):\n")
        print("\n".join(differences))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m lab.judging.predictability",
                           description="How predictable games are, and how much a judgement "
                                       "knows of it.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    play = sub.add_parser("play", help="sample positions and play each out many times")
    add_run(play, seed=1, each="position")
    play.add_argument("--playouts", type=int, default=16,
                      help="games played on from each position (default 16)")
    play.add_argument("--game-nodes", type=int, default=GAME_NODES,
                      help=f"level 5's positions a move in the real games ({GAME_NODES})")
    play.add_argument("--playout-nodes", type=int, default=PLAYOUT_NODES,
                      help=f"level 5's positions a move in the playouts ({PLAYOUT_NODES})")
    report = sub.add_parser("report", help="score the judgements on sampled positions")
    report.add_argument("files", nargs="+", help="files written by play")
    report.add_argument("--predictors", nargs="+", choices=PREDICTED, default=list(PREDICTED),
                        help="which to score (default all)")
    report.add_argument("--model", action="append", default=[],
                        help="a weights file (chainplus/ai/odds.json's kind): the judgement "
                             "with it is scored too, under the file's name")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return run_command({"play": cmd_play, "report": cmd_report},
                       build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
