"""Self-play tuning of the evaluation's weights: ``python -m lab.judging.tune``.

Coordinate search, one weight at a time: a challenger with that weight moved one step up (then
one step down) plays the current weights in a node-limited match of level 5's search against
itself (alternating starts, random two-ply openings, every game seeded). A challenger that
scores at least ``--accept`` of the games replaces the current weights. Short matches are
noisy, so the pass ends with a longer confirmation match of the result against the starting
weights at a larger node limit, and the result is kept only if it wins that too. The weights in
use, the candidate and every match that decided them are written to ``--out``, never into the
package unless told: the numbers and how they were found are kept together. In a clone,
``--out chainplus/ai/weights.json`` replaces the weights the game reads (``evaluate.py``).

A node limit rather than a clock makes the matches repeatable and independent of how busy the
machine is; it is fair because both sides run the same search and only the weights differ.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields, replace
from itertools import repeat
from pathlib import Path

from chainplus.ai.evaluate import Judge, Weights, weights_file_text
from chainplus.ai.limits import Limit, Setup
from chainplus.ai.search import search
from chainplus.common.options import OneLineParser
from chainplus.core.game import Game
from chainplus.core.rules import RULES, Rules

#: How far one step moves each weight.
STEPS = {f.name: 1 for f in fields(Weights)} | {"to_move_danger_pct": 25}


@dataclass(frozen=True)
class Trial:
    """One challenger's match: the weight moved, its new value, and the score it got."""

    weight: str
    value: int
    wins: int
    games: int
    accepted: bool


@dataclass(frozen=True, kw_only=True)
class Duels:
    """How a challenger's match is played: ``games`` games at ``nodes`` search nodes a move,
    under ``rules``, seeded by ``seed``, on ``jobs`` processes."""

    games: int
    nodes: int
    rules: Rules
    seed: int
    jobs: int = 1


def duel(index: int, challenger: Weights, champion: Weights, duels: Duels) -> bool:
    """Play game ``index``; True when the challenger wins (it starts in the even games)."""
    rng = random.Random(f"{duels.seed}:{index}")
    game = Game((1, 2), duels.rules)
    mine = 1 if index % 2 == 0 else 2
    setups = {mine: Setup(judge=Judge(challenger)), 3 - mine: Setup(judge=Judge(champion))}
    limit = Limit(nodes=duels.nodes)
    for _ in range(2):
        game.play(game.random_move(rng))
    while game.winner is None:
        game.play(search(game, limit, rng=rng, setup=setups[game.to_move or 0]).move)
    return game.winner == mine


def score(challenger: Weights, champion: Weights, duels: Duels) -> int:
    """The challenger's wins in ``duels.games`` games against the champion."""
    indices = range(duels.games)
    if duels.jobs > 1:
        with ProcessPoolExecutor(max_workers=duels.jobs) as pool:
            return sum(pool.map(duel, indices, repeat(challenger), repeat(champion),
                                repeat(duels), chunksize=1))
    return sum(duel(i, challenger, champion, duels) for i in indices)


def tune(start: Weights, names: Sequence[str], duels: Duels,
         accept: float) -> tuple[Weights, list[Trial]]:
    """One pass of coordinate search over ``names``; the final weights and every trial."""
    champion = start
    trials: list[Trial] = []
    for number, name in enumerate(names):
        for sign in (1, -1):
            value = getattr(champion, name) + sign * STEPS[name]
            try:
                challenger = replace(champion, **{name: value})
            except ValueError:
                continue  # a step out of the weight's range (Weights says which)
            wins = score(challenger, champion, replace(duels, seed=duels.seed + 1000 * number))
            accepted = wins >= accept * duels.games
            trials.append(Trial(name, value, wins, duels.games, accepted))
            print(f"{name} {getattr(champion, name)} -> {value}: {wins}/{duels.games}"
                  f"{' accepted' if accepted else ''}", flush=True)
            if accepted:
                champion = challenger
                break
    return champion, trials


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m lab.judging.tune",
                           description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per challenger (default 40)")
    parser.add_argument("--nodes", type=int, default=600,
                        help="search nodes per move (default 600)")
    parser.add_argument("--rules", choices=RULES, default="acorn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--accept", type=float, default=0.58,
                        help="share of games a challenger must win to be kept (default 0.58)")
    parser.add_argument("--confirm-games", type=int, default=60,
                        help="games of the confirmation match (default 60)")
    parser.add_argument("--confirm-nodes", type=int, default=1000,
                        help="search nodes per move in the confirmation match (default 1000)")
    parser.add_argument("--only", nargs="*", default=None, help="tune only these weights")
    parser.add_argument("--out", required=True, metavar="FILE",
                        help="where to write the result (in a clone, chainplus/ai/weights.json "
                             "is the file the game reads)")
    args = parser.parse_args(argv)
    names = args.only or [f.name for f in fields(Weights)]
    unknown = set(names) - set(STEPS)
    if unknown:
        print(f"error: unknown weights {sorted(unknown)}", file=sys.stderr)
        return 2
    start = Weights.load()
    duels = Duels(games=args.games, nodes=args.nodes, rules=args.rules, seed=args.seed,
                  jobs=args.jobs)
    candidate, trials = tune(start, names, duels, args.accept)
    wins = 0
    if candidate != start:
        wins = score(candidate, start, replace(duels, games=args.confirm_games,
                                               nodes=args.confirm_nodes, seed=args.seed + 5))
    kept = wins >= args.accept * args.confirm_games
    print(f"confirmation: {wins}/{args.confirm_games}{' kept' if kept else ' not kept'}")
    result = {
        "weights": (candidate if kept else start).as_dict(),
        "tuning": {"started_from": start.as_dict(), "tuned": names, "games": args.games,
                   "nodes": args.nodes,
                   "rules": args.rules, "seed": args.seed, "accept": args.accept,
                   "trials": [asdict(t) for t in trials], "candidate": candidate.as_dict(),
                   "confirmation": {"games": args.confirm_games, "nodes": args.confirm_nodes,
                                    "seed": args.seed + 5, "candidate_wins": wins,
                                    "kept": kept}},
    }
    # the record of weights changed outside this tuning (and the matches that decided them)
    # stays with the weights: the one in --out, or the one with the weights started from
    with contextlib.suppress(OSError, ValueError, AttributeError):
        out = Path(args.out)
        before = out.read_text() if out.exists() else weights_file_text()
        result["changes"] = json.loads(before).get("changes", [])
    with open(args.out, "w") as handle:
        json.dump(result, handle, indent=1)
        handle.write("\n")
    print(json.dumps(result["weights"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
