"""``python -m chainplus match``: a match from its options, each game's end said on standard
error as it ends (and added to ``--records``), the summary on standard output."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import time
from types import FrameType

from chainplus.tools import match
from chainplus.tools.arguments import UsageError, clock


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
    return match.Side(level=level[0], random_pct=level[1])


def cmd_match(args: argparse.Namespace) -> int:
    """Play the match, saying how each game ended on stderr as it ends. Stopped with Ctrl+C
    or SIGTERM (a kill, ``timeout``), it reports the games it finished (exit status 130 or
    143): hours of a long match are not lost."""
    config = match.MatchConfig(
        a=match_player(args.a, args.a_cmd, args.a_dir, "a"),
        b=match_player(args.b, args.b_cmd, args.b_dir, "b"),
        seed=args.seed, rules=args.rules, seats=args.seats,
        budget=clock(args.budget, args.nodes), nodes=args.nodes,
        opening=args.opening, paired=args.paired, prelude=args.prelude,
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
