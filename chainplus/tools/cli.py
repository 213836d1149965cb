"""The command-line tools (``chainplus TOOL`` or ``python -m chainplus TOOL``): their options
and the dispatch to each command's module.

Their output formats are contracts (docs/tools.md): other programs read them. Every user error
is one line on stderr beginning ``error:`` and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from chainplus.ai.judgement import NODES
from chainplus.ai.levels import DEFAULT_BUDGET
from chainplus.app import about, desktop
from chainplus.app.puzzles import PuzzleError
from chainplus.common.options import OneLineParser, add_version, int_in
from chainplus.core.records import RecordError
from chainplus.core.rules import RULES
from chainplus.net.address import parse_address, parse_code
from chainplus.net.codes import strong_code
from chainplus.net.hosted_game import GRACE, HOST_BUDGET, SPECTATORS
from chainplus.net.protocol import DEFAULT_PORT
from chainplus.tools import (
    bench_commands,
    engine,
    match_command,
    net_commands,
    puzzles,
    replay,
    review,
)
from chainplus.tools.arguments import (
    UsageError,
    chance,
    command_line,
    parse_player,
    positive_float,
    seconds,
)

#: The tools' names, as the ``chainplus`` command tells a tool from the game's options.
TOOLS = ("replay", "review", "engine", "bench", "aibench", "match", "puzzles", "host", "join",
         "watch", "desktop")
#: A headless host's time for each network move unless told otherwise: generous.
MOVE_SECONDS = 120.0


def _add_limits(parser: argparse.ArgumentParser, nodes: bool = True) -> None:
    """The options that bound level 5's thinking: a clock, and (where offered) a node limit."""
    parser.add_argument("--budget", type=positive_float, default=DEFAULT_BUDGET,
                        help=f"thinking time per move in seconds (default {DEFAULT_BUDGET})")
    if nodes:
        parser.add_argument("--nodes", type=int_in(1, 10**9, "nodes"), default=None,
                            help="level 5 searches this many nodes per move instead of using "
                                 "the clock (repeatable answers)")


def build_parser(prog: str = "python -m chainplus") -> argparse.ArgumentParser:
    """The tools' parser, ``prog`` as they were started: one subcommand a tool."""
    parser = OneLineParser(
        prog=prog,
        description="Chain+ command-line tools. The game itself is the chainplus command "
                    "with no tool named (python main.py in a clone).",
    )
    add_version(parser, about.version_line)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    _replay_options(sub.add_parser(
        "replay", help="replay a game record and print the final position as JSON"))
    _review_options(sub.add_parser(
        "review", help="level 5's judgement of a game record, move by move, and where it "
                       "turned, as JSON"))
    _engine_options(sub.add_parser(
        "engine", help="answer game records on stdin with the computer's move"))
    _bench_options(sub.add_parser(
        "bench", help="time seeded random playouts of the rules core"))
    _aibench_options(sub.add_parser(
        "aibench", help="time level 5's answers on seeded midgame positions"))
    _match_options(sub.add_parser(
        "match", help="play two players (computer levels or engine programs) against each other"))
    _puzzles_options(sub.add_parser(
        "puzzles", help="make puzzles from games the computer plays, or prove a file of them"))
    _host_options(sub.add_parser(
        "host", help="host network games with no window; print where to join as JSON"))
    _join_options(sub.add_parser(
        "join", help="play a free network seat of a host as the computer"))
    _watch_options(sub.add_parser(
        "watch", help="watch a host's games without a seat: each move as a JSON line"))
    _desktop_options(sub.add_parser(
        "desktop", help="put Chain+ in your desktop's menu (an entry, its icons, its "
                        "description and the game records' type)"))
    return parser


def _replay_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?",
                        help="the record (JSON); standard input when left out")


def _review_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?",
                        help="the record (JSON); standard input when left out")
    parser.add_argument("--nodes", type=int_in(1, 10**6, "nodes"), default=NODES,
                        help=f"positions level 5 searches to judge each one (default {NODES})")
    parser.add_argument("--time", action="store_true",
                        help="say on standard error how long the judgement took")


def _engine_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", type=int_in(0, 5, "the level"), default=1,
                        help="computer level 0-5 (default 1)")
    parser.add_argument("--random", type=int_in(0, 100, "the random %"), default=0,
                        help="random %% 0-100 (default 0)")
    parser.add_argument("--seed", type=int, default=None, help="seed for repeatable answers")
    _add_limits(parser)


def _bench_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=RULES, default="acorn",
                        help="rule set (default acorn)")
    parser.add_argument("--players", type=int_in(2, 4, "players"), default=2,
                        help="seats 2-4 (default 2)")
    parser.add_argument("--seconds", type=positive_float, default=5.0,
                        help="how long to play (default 5)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the random moves (default 1)")


def _aibench_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=RULES, default="acorn",
                        help="rule set (default acorn)")
    parser.add_argument("--players", type=int_in(2, 4, "players"), default=4,
                        help="seats 2-4 (default 4)")
    parser.add_argument("--positions", type=int_in(1, 100_000, "positions"), default=60,
                        help="midgame positions to time (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions (default 1)")
    _add_limits(parser, nodes=False)
    parser.add_argument("--depth", type=int_in(1, 8, "depth"), default=None,
                        help="search every position to this depth with no clock, and count the "
                             "nodes it takes (the same on any machine)")


def _match_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--a", type=parse_player, default=None, metavar="LEVEL[:RANDOM]",
                        help="player a: a level 0-5, optionally with a random %% (e.g. 5:10)")
    parser.add_argument("--b", type=parse_player, default=None, metavar="LEVEL[:RANDOM]",
                        help="player b, likewise")
    parser.add_argument("--a-cmd", type=command_line, default=None, metavar="COMMAND",
                        help="player a is this program speaking the engine protocol instead of "
                             "a level (e.g. 'chainplus engine --level 5')")
    parser.add_argument("--b-cmd", type=command_line, default=None, metavar="COMMAND",
                        help="player b, likewise")
    parser.add_argument("--a-dir", default=None,
                        help="folder to start --a-cmd in (e.g. a git worktree of an old commit)")
    parser.add_argument("--b-dir", default=None, help="folder to start --b-cmd in")
    parser.add_argument("--games", type=int_in(1, 1_000_000, "games"), default=100,
                        help="games to play, a starting in the even ones (default 100)")
    parser.add_argument("--from", dest="first", type=int_in(1, 1_000_000, "--from"), default=1,
                        metavar="GAME",
                        help="start at this game, played as in a full run: to go on with a match "
                             "stopped early (default 1)")
    parser.add_argument("--seats", type=int_in(2, 4, "seats"), default=2,
                        help="seats 2-4; with 3 or 4, a plays one seat (rotating) and b all the "
                             "others (default 2)")
    parser.add_argument("--opening", type=int_in(0, 20, "opening plies"), default=0,
                        help="random moves that open every game, so games differ (default 0)")
    parser.add_argument("--paired", action="store_true",
                        help="play each opening once with a in every seat (2 seats: both "
                             "colours), so the luck of the openings counts for both players "
                             "alike")
    parser.add_argument("--prelude", type=int_in(0, 1000, "prelude placements"), default=0,
                        metavar="PLACEMENTS",
                        help="after the opening, b plays every seat up to this many placements "
                             "(stopping before one that would knock a seat out); with --paired, "
                             "an endgame suite (default 0)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed; each game gets its own from it (default 1)")
    parser.add_argument("--records", default=None, metavar="FILE",
                        help="add each game to FILE as it ends, one JSON line (its number, a's "
                             "seat, whether a won, and its record)")
    parser.add_argument("--rules", choices=RULES, default="acorn",
                        help="rule set (default acorn)")
    parser.add_argument("--jobs", type=int_in(1, 64, "jobs"), default=os.cpu_count() or 1,
                        help="games played at once (default: one per core)")
    _add_limits(parser)


def _puzzles_options(parser: argparse.ArgumentParser) -> None:
    """The puzzles command's two actions and their options."""
    actions = parser.add_subparsers(dest="action", required=True, parser_class=OneLineParser)
    make = actions.add_parser("make", help="play games and write the puzzles found in them, "
                                           "one JSON line each")
    make.add_argument("--games", type=int_in(1, 1_000_000, "games"), default=100,
                      help="games to play, both rules in turn (default 100)")
    make.add_argument("--from", dest="first", type=int_in(1, 1_000_000, "--from"), default=1,
                      metavar="GAME", help="start at this game, played as in a full run "
                                           "(default 1)")
    make.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    make.add_argument("--plies", type=int_in(1, 400, "plies"), default=30,
                      help="how many of each game's last positions to try for wins in 1 and 2 "
                           "(default 30)")
    make.add_argument("--deep-plies", type=int_in(0, 400, "plies"), default=10,
                      help="how many of them to try for wins in 3 too (default 10)")
    make.add_argument("--guess", type=chance, default=0.25,
                      help="drop a puzzle a random move or level 1 finds more often than this "
                           "(default 0.25)")
    make.add_argument("--jobs", type=int_in(1, 64, "jobs"), default=os.cpu_count() or 1,
                      help="games played at once (default: one per core)")
    check = actions.add_parser("check", help="prove every puzzle of a file again")
    check.add_argument("file", help="the puzzles, one JSON line each")
    check.add_argument("--jobs", type=int_in(1, 64, "jobs"), default=os.cpu_count() or 1,
                       help="puzzles proved at once (default: one per core)")


def _host_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seats", default="N,N", metavar="SPEC",
                        help="as the game's --seats, with N for a network seat: e.g. N,C5:10,N "
                             "(default N,N)")
    parser.add_argument("--rules", choices=RULES, default="acorn",
                        help="rule set (default acorn)")
    parser.add_argument("--games", type=int_in(1, 1_000_000, "games"), default=1,
                        help="games to play, one after another (default 1)")
    parser.add_argument("--listen", default="127.0.0.1", metavar="ADDR",
                        help="the address to listen on (default 127.0.0.1, this machine only; "
                             "0.0.0.0 lets other machines join)")
    parser.add_argument("--port", type=int_in(0, 65535, "the port"), default=DEFAULT_PORT,
                        help=f"the port to listen on; 0 picks a free one (default "
                             f"{DEFAULT_PORT})")
    parser.add_argument("--code", type=strong_code, default=None,
                        help="the join code, kept as given across restarts (only with "
                             "--autosave, which keeps the players' tokens); a weak one is "
                             "refused (default: a new random one each time the host starts, "
                             "but for an --autosave carried on)")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="add each finished game's record to FILE, one JSON line (replay "
                             "checks them all)")
    parser.add_argument("--autosave", default=None, metavar="FILE",
                        help="keep the game in progress in FILE; a host started again with "
                             "it carries on with that game, its count, code and players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the computer seats")
    parser.add_argument("--spectators", type=int_in(0, 64, "spectators"), default=SPECTATORS,
                        metavar="N", help="at most N watch without a seat at once (default "
                                          f"{SPECTATORS}; 0: none)")
    parser.add_argument("--budget", type=positive_float, default=HOST_BUDGET,
                        help=f"level 5's thinking time per move (default {HOST_BUDGET})")
    parser.add_argument("--grace", type=seconds, default=GRACE, metavar="SECONDS",
                        help="a player who has gone keeps its seat from newcomers this long "
                             f"(default {GRACE:.0f}); after it a newcomer may have the seat")
    parser.add_argument("--move-seconds", type=seconds, default=MOVE_SECONDS, metavar="N",
                        help="a network seat's time for each move; after it the computer "
                             f"plays the seat (default {MOVE_SECONDS:.0f}; 0: no limit)")
    parser.add_argument("--stand-in", type=parse_player, default=(2, 10),
                        metavar="LEVEL[:RANDOM]", help="the computer that takes over a network "
                                                       "seat out of time (default 2:10)")


def _join_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", type=parse_address, metavar="HOST:PORT",
                        help="the host to join (e.g. 127.0.0.1:4770)")
    parser.add_argument("--code", type=parse_code, required=True,
                        help="the host's join code")
    _engine_options(parser)


def _watch_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", type=parse_address, metavar="HOST:PORT",
                        help="the host to watch (e.g. 127.0.0.1:4770)")
    parser.add_argument("--code", type=parse_code, required=True,
                        help="the host's join code")


def _desktop_options(parser: argparse.ArgumentParser) -> None:
    """The desktop command's one option: take the entry and icon away instead."""
    parser.add_argument("--remove", action="store_true",
                        help="take Chain+ out of the desktop's menu again")


def main(argv: Sequence[str] | None = None, prog: str = "python -m chainplus") -> int:
    """Run the command ``argv`` names; its exit status (every user error: one line, status 2).
    ``prog``: how the tools were started, for their help and errors."""
    args = build_parser(prog).parse_args(argv)
    if sys.stdout is None:  # started with standard output closed
        print("error: there is no standard output to write to", file=sys.stderr)
        return 2
    try:
        if args.command == "replay":
            return replay.cmd_replay(args.file, sys.stdout)
        if args.command == "review":
            return review.cmd_review(args.file, sys.stdout, sys.stderr if args.time else None,
                                     args.nodes)
        if args.command == "engine":
            if sys.stdin is None:
                raise UsageError("there is no standard input to read")
            return engine.cmd_engine(sys.stdin.buffer, sys.stdout, engine.EngineSettings(
                level=args.level, random_pct=args.random, seed=args.seed, budget=args.budget,
                nodes=args.nodes,
            ))
        if args.command == "bench":
            return bench_commands.cmd_bench(args.rules, args.players, args.seconds, args.seed)
        if args.command == "aibench":
            return bench_commands.cmd_aibench(args.rules, args.players, args.positions,
                                              args.seed, args.budget, args.depth)
        if args.command == "match":
            return match_command.cmd_match(args)
        if args.command == "puzzles":
            if args.action == "make":
                config = puzzles.MakeConfig(seed=args.seed, plies=args.plies,
                                            deep_plies=args.deep_plies, guess=args.guess)
                return puzzles.cmd_make(config, args.games, args.jobs, args.first - 1,
                                        sys.stdout, sys.stderr)
            return puzzles.cmd_check(args.file, args.jobs, sys.stdout, sys.stderr)
        if args.command == "host":
            return net_commands.cmd_host(args, sys.stdout)
        if args.command == "join":
            return net_commands.cmd_join(args, sys.stdout)
        if args.command == "watch":
            return net_commands.cmd_watch(args, sys.stdout)
        if args.command == "desktop":
            return desktop.cmd_desktop(args.remove, sys.stdout, sys.stderr)
    except (RecordError, PuzzleError, UsageError) as exc:
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
