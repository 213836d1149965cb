"""What the research tools (``predictability``, ``judgefit``, ``turns``) share: the games a
run plays (``add_run``) and the judgement's node limit (``add_judging``), each game or position
added to its file as it is done (``write_run``), and their subcommands run with a bad file as
one line (``run_command``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

from chainplus.ai.judgement import NODES


def add_run(parser: argparse.ArgumentParser, seed: int, each: str) -> None:
    """A measuring run's options: ``--seed`` of its games (``seed`` by default), the numbers
    ``--from`` (0 by default) up to ``--to`` of what it plays, and the file ``--out`` that
    each one (``each``: a game, a position) is added to as it is done, so a run stopped can
    be carried on with another ``--from``."""
    parser.add_argument("--seed", type=int, default=seed,
                        help=f"seed of the games (default {seed})")
    parser.add_argument("--from", dest="first", type=int, default=0,
                        help=f"the first {each}'s number (default 0)")
    parser.add_argument("--to", type=int, required=True, help="the number past the last one")
    parser.add_argument("--out", required=True, help=f"the file each {each} is added to")


def add_judging(parser: argparse.ArgumentParser) -> None:
    """A measuring run's ``--nodes``: the positions level 5 searches for each judgement."""
    parser.add_argument("--nodes", type=int, default=NODES,
                        help=f"the judgement's positions searched (default {NODES})")


def write_run(args: argparse.Namespace, each: str,
              make: Callable[[int], tuple[dict[str, Any], str]]) -> int:
    """Make each of the run's numbers (``make``: its data, and a few words on it) and add it
    to ``--out`` as one JSON line as soon as it is done, saying so on standard error with the
    CPU seconds it took."""
    with open(args.out, "a") as out:
        for index in range(args.first, args.to):
            began = time.process_time()
            data, words = make(index)
            out.write(json.dumps(data) + "\n")
            out.flush()
            print(f"{each} {index}: {words} ({time.process_time() - began:.1f} s)",
                  file=sys.stderr)
    return 0


def run_command(commands: Mapping[str, Callable[[argparse.Namespace], int]],
                args: argparse.Namespace) -> int:
    """Run the subcommand ``args.command`` names; a file that cannot be read or written, or
    one that is not what it should be, is one ``error:`` line and status 2."""
    try:
        return commands[args.command](args)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
