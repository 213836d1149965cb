"""The command-line tools: ``python -m chainplus replay | engine | bench | aibench | match``.

Their output formats are contracts (README, "Command-line tools"): other programs read them.
Every user error is one line on stderr beginning ``error:`` and exit status 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shlex
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any, BinaryIO, TextIO

from chainplus.ai import players as ai
from chainplus.ai.levels import DEFAULT_BUDGET
from chainplus.common.options import OneLineParser
from chainplus.core.records import (
    MAX_RECORD_BYTES,
    RecordError,
    decode,
    game_from_data,
    game_from_text,
    summary,
)
from chainplus.core.rules import RULES, Rules, row_col
from chainplus.tools import aibench, bench, match


class UsageError(Exception):
    """A bad option value, reported as one ``error:`` line with exit status 2."""


def _int_in(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: an integer in [low, high]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, not {value}")
        return value

    return parse


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def parse_player(text: str) -> tuple[int, int]:
    """``LEVEL[:RANDOM]`` as used by ``match --a/--b``."""
    level_text, _, pct_text = text.partition(":")
    level = _int_in(0, 5, "the level")(level_text)
    pct = _int_in(0, 100, "the random %")(pct_text) if pct_text else 0
    return level, pct


def _add_limits(parser: argparse.ArgumentParser, nodes: bool = True) -> None:
    """The options that bound level 5's thinking: a clock, and (where offered) a node limit."""
    parser.add_argument("--budget", type=_positive_float, default=DEFAULT_BUDGET,
                        help=f"thinking time per move in seconds (default {DEFAULT_BUDGET})")
    if nodes:
        parser.add_argument("--nodes", type=_int_in(1, 10**9, "nodes"), default=None,
                            help="level 5 searches this many nodes per move instead of using "
                                 "the clock (repeatable answers)")


def _command(text: str) -> list[str]:
    """An argparse type: a command line, split the way a shell would (no shell runs it)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"cannot read the command {text!r}: {exc}") from None
    if not words:
        raise argparse.ArgumentTypeError("the command is empty")
    return words


def clock(budget: float, nodes: int | None) -> float | None:
    """The thinking time to use: none when a node limit is given, so answers are repeatable."""
    return None if nodes else budget


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m chainplus",
        description="Chain+ command-line tools. Run 'python main.py' to play the game.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    p = sub.add_parser("replay", help="replay a game record and print the final position as JSON")
    p.add_argument("file", nargs="?", help="the record (JSON); standard input when left out")

    p = sub.add_parser("engine", help="answer game records on stdin with the computer's move")
    p.add_argument("--level", type=_int_in(0, 5, "the level"), default=1,
                   help="computer level 0-5 (default 1)")
    p.add_argument("--random", type=_int_in(0, 100, "the random %"), default=0,
                   help="random %% 0-100 (default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for repeatable answers")
    _add_limits(p)

    p = sub.add_parser("bench", help="time seeded random playouts of the rules core")
    p.add_argument("--rules", choices=RULES, default="acorn", help="rule set (default acorn)")
    p.add_argument("--players", type=_int_in(2, 4, "players"), default=2,
                   help="seats 2-4 (default 2)")
    p.add_argument("--seconds", type=_positive_float, default=5.0,
                   help="how long to play (default 5)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random moves (default 1)")

    p = sub.add_parser("aibench", help="time level 5's answers on seeded midgame positions")
    p.add_argument("--rules", choices=RULES, default="acorn", help="rule set (default acorn)")
    p.add_argument("--players", type=_int_in(2, 4, "players"), default=4,
                   help="seats 2-4 (default 4)")
    p.add_argument("--positions", type=_int_in(1, 100_000, "positions"), default=60,
                   help="midgame positions to time (default 60)")
    p.add_argument("--seed", type=int, default=1, help="seed of the positions (default 1)")
    _add_limits(p, nodes=False)
    p.add_argument("--depth", type=_int_in(1, 8, "depth"), default=None,
                   help="search every position to this depth with no clock, and count the "
                        "nodes it takes (the same on any machine)")

    p = sub.add_parser("match", help="play two players (computer levels or engine programs) "
                                     "against each other")
    p.add_argument("--a", type=parse_player, default=None, metavar="LEVEL[:RANDOM]",
                   help="player a: a level 0-5, optionally with a random %% (e.g. 5:10)")
    p.add_argument("--b", type=parse_player, default=None, metavar="LEVEL[:RANDOM]",
                   help="player b, likewise")
    p.add_argument("--a-cmd", type=_command, default=None, metavar="COMMAND",
                   help="player a is this program speaking the engine protocol instead of a level "
                        "(e.g. 'python -m chainplus engine --level 5')")
    p.add_argument("--b-cmd", type=_command, default=None, metavar="COMMAND",
                   help="player b, likewise")
    p.add_argument("--a-dir", default=None,
                   help="folder to start --a-cmd in (e.g. a git worktree of an old commit)")
    p.add_argument("--b-dir", default=None, help="folder to start --b-cmd in")
    p.add_argument("--games", type=_int_in(1, 1_000_000, "games"), default=100,
                   help="games to play, a starting in the even ones (default 100)")
    p.add_argument("--from", dest="first", type=_int_in(1, 1_000_000, "--from"), default=1,
                   metavar="GAME",
                   help="start at this game, played as in a full run: to go on with a match "
                        "stopped early (default 1)")
    p.add_argument("--seats", type=_int_in(2, 4, "seats"), default=2,
                   help="seats 2-4; with 3 or 4, a plays one seat (rotating) and b all the "
                        "others (default 2)")
    p.add_argument("--opening", type=_int_in(0, 20, "opening plies"), default=0,
                   help="random moves that open every game, so games differ (default 0)")
    p.add_argument("--paired", action="store_true",
                   help="play each opening once with a in every seat (2 seats: both colours), "
                        "so the luck of the openings counts for both players alike")
    p.add_argument("--prelude", type=_int_in(0, 1000, "prelude placements"), default=0,
                   metavar="PLACEMENTS",
                   help="after the opening, b plays every seat up to this many placements "
                        "(stopping before one that would knock a seat out); with --paired, "
                        "an endgame suite (default 0)")
    p.add_argument("--seed", type=int, default=1,
                   help="seed; each game gets its own from it (default 1)")
    p.add_argument("--records", default=None, metavar="FILE",
                   help="add each game to FILE as it ends, one JSON line (its number, a's "
                        "seat, whether a won, and its record)")
    p.add_argument("--rules", choices=RULES, default="acorn", help="rule set (default acorn)")
    p.add_argument("--jobs", type=_int_in(1, 64, "jobs"), default=os.cpu_count() or 1,
                   help="games played at once (default: one per core)")
    _add_limits(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if sys.stdout is None:  # started with standard output closed
        print("error: there is no standard output to write to", file=sys.stderr)
        return 2
    try:
        if args.command == "replay":
            return cmd_replay(args.file, sys.stdout)
        if args.command == "engine":
            if sys.stdin is None:
                raise UsageError("there is no standard input to read")
            return cmd_engine(
                sys.stdin.buffer, sys.stdout, args.level, args.random, args.seed, args.budget,
                args.nodes,
            )
        if args.command == "bench":
            return cmd_bench(args.rules, args.players, args.seconds, args.seed)
        if args.command == "aibench":
            return cmd_aibench(args.rules, args.players, args.positions, args.seed, args.budget,
                               args.depth)
        if args.command == "match":
            return cmd_match(args)
    except (RecordError, UsageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (| head): not an error of ours, and nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        print(f"error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    raise AssertionError(args.command)


# --------------------------------------------------------------------------- replay
def read_record_text(path: str | None) -> bytes:
    """The bytes of a record file, or of standard input when ``path`` is None.

    Reads at most one byte more than a record may hold, so /dev/zero cannot eat the memory.
    """
    name = "standard input" if path is None else repr(path)
    try:
        if path is None:
            if sys.stdin is None:
                raise RecordError("there is no standard input to read")
            return sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        with open(path, "rb") as handle:
            return handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {name}: {exc.strerror or exc}") from None


def cmd_replay(path: str | None, out: TextIO) -> int:
    game = game_from_text(read_record_text(path))
    out.write(json.dumps(summary(game)) + "\n")
    return 0


# --------------------------------------------------------------------------- engine
def engine_answer(
    line: bytes | str | None, level: int, pct: int, rng: random.Random, budget: float,
    nodes: int | None = None,
) -> dict[str, Any]:
    """The engine's reply to one input line (with ``nodes``, level 5 has no clock).

    ``None`` stands for a line too long to be a record.
    """
    if line is None:
        return {"error": "the line is too long to be a game record "
                         f"(over {MAX_RECORD_BYTES} bytes)"}
    try:
        game = game_from_data(decode(line))
    except RecordError as exc:
        return {"error": str(exc)}
    if game.winner is not None:
        return {"error": f"the game is over: seat {game.winner} has won"}
    square = ai.choose_move(game, level, pct, rng, clock(budget, nodes), nodes=nodes)
    return {"move": list(row_col(square))}


def read_lines(inp: BinaryIO) -> Iterator[bytes | None]:
    """The lines of ``inp`` as bytes, each at most a record long; None for a longer one.

    Bytes, not text, so input that is not UTF-8 is a bad record, not a crash.
    """
    while True:
        line = inp.readline(MAX_RECORD_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_RECORD_BYTES:
            while line and not line.endswith(b"\n"):  # skip the rest of the long line
                line = inp.readline(MAX_RECORD_BYTES + 1)
            yield None
        else:
            yield line.strip()


def cmd_engine(
    inp: BinaryIO, out: TextIO, level: int, pct: int, seed: int | None, budget: float,
    nodes: int | None = None,
) -> int:
    rng = random.Random(seed)
    for line in read_lines(inp):
        reply = engine_answer(line, level, pct, rng, budget, nodes)
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


# --------------------------------------------------------------------------- bench
def cmd_bench(rules: Rules, players: int, seconds: float, seed: int) -> int:
    result = bench.run(rules, players, seconds, seed)
    print(
        f"{result['placements']} placements in {result['games']} games in {result['seconds']} s "
        f"({rules} rules, {players} seats, seed {seed})"
    )
    print(json.dumps(result))
    return 0


# --------------------------------------------------------------------------- aibench
def cmd_aibench(rules: Rules, players: int, positions: int, seed: int, budget: float,
                depth: int | None = None) -> int:
    result = aibench.run(positions, players, rules, seed, budget, depth)
    limit = f"budget {result['budget_ms']} ms" if depth is None else f"to depth {depth}"
    print(
        f"level 5 on {result['positions']} midgame positions ({players} seats, {rules} rules, "
        f"{limit}): p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
        f"max {result['max_ms']} ms, depth {result['min_depth']}-{result['max_depth']} "
        f"(mean {result['mean_depth']}), {result['mean_nodes']} nodes a move, "
        f"{result['nodes_per_s']} nodes/s"
    )
    print(json.dumps(result))
    return 0


# --------------------------------------------------------------------------- match
def match_player(level: tuple[int, int] | None, command: list[str] | None, folder: str | None,
                 which: str) -> match.Side:
    """Side ``which`` of a match from its options: a level, or an engine command."""
    if (level is None) == (command is None):
        raise UsageError(
            f"give player {which} as --{which} LEVEL[:RANDOM] or as --{which}-cmd COMMAND")
    if folder is not None and not os.path.isdir(folder):
        raise UsageError(f"--{which}-dir {folder!r} is not a folder")
    if command is not None:
        return match.Side(command=tuple(command), cwd=folder)
    assert level is not None
    return match.Side(level[0], level[1])


def cmd_match(args: argparse.Namespace) -> int:
    """Play the match, saying how each game ended on stderr as it ends. Stopped with Ctrl+C
    or SIGTERM (a kill, ``timeout``), it reports the games it finished (exit status 130 or
    143): hours of a long match are not lost."""
    config = match.MatchConfig(
        match_player(args.a, args.a_cmd, args.a_dir, "a"),
        match_player(args.b, args.b_cmd, args.b_dir, "b"),
        args.seed, args.rules, args.seats, clock(args.budget, args.nodes), args.nodes, args.opening,
        args.paired, args.prelude,
    )
    if args.paired and args.games % args.seats:
        raise UsageError(f"--paired plays each opening {args.seats} times: give --games as a "
                         f"multiple of {args.seats}")
    if args.first > args.games:
        raise UsageError(f"--from {args.first} is past the last game ({args.games})")
    first = args.first - 1
    records = None
    if args.records is not None:
        try:  # added to, not replaced: a match gone on with --from keeps the earlier games
            records = open(args.records, "a", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            raise UsageError(f"cannot write {args.records}: {exc.strerror or exc}") from None
    start = time.perf_counter()
    results: list[match.GameResult] = []
    games = match.play(config, args.games, args.jobs, first)
    status = 0
    stopped_by = signal.SIGINT

    def terminated(signum: int, frame: FrameType | None) -> None:
        nonlocal stopped_by
        stopped_by = signal.SIGTERM
        raise KeyboardInterrupt  # stop the way Ctrl+C does

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        for index, result in games:
            results.append(result)
            a_wins = sum(r.a_won for r in results)
            print(match.progress(len(results), args.games, index, result, a_wins),
                  file=sys.stderr, flush=True)
            if records is not None:
                try:
                    records.write(match.game_line(index, config, result) + "\n")
                    records.flush()
                except OSError as exc:  # a full disk, say: the match itself goes on
                    print(f"warning: cannot add to {args.records} ({exc.strerror or exc}); "
                          "the games from here on are not recorded", file=sys.stderr)
                    with contextlib.suppress(OSError):
                        records.close()
                    records = None
    except match.MatchError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        games.close()  # stops the games still being played
        print(f"stopped after {len(results)} of {args.games - first} games", file=sys.stderr)
        status = 128 + stopped_by
        if not results:
            return status
    finally:
        signal.signal(signal.SIGTERM, previous)
        if records is not None:
            with contextlib.suppress(OSError):
                records.close()
    line, data = match.report(config, len(results), results, time.perf_counter() - start,
                              first)
    print(line)
    print(data)
    return status
