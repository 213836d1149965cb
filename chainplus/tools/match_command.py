"""``python -m chainplus match``: a match from its options, each game's end said on standard
error as it ends (and added to ``--records``), the summary on standard output."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType
from typing import TextIO

from chainplus.common.clock import REAL_CLOCK
from chainplus.tools import match
from chainplus.tools.arguments import UsageError, clock
from chainplus.tools.workers import WorkerDied


def side_from_options(level: tuple[int, int] | None, command: list[str] | None,
                      folder: str | None, which: str) -> match.Side:
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


def match_config(args: argparse.Namespace) -> match.MatchConfig:
    """The match the options ask for (player a's options checked before player b's)."""
    return match.MatchConfig(
        a=side_from_options(args.a, args.a_cmd, args.a_dir, "a"),
        b=side_from_options(args.b, args.b_cmd, args.b_dir, "b"),
        seed=args.seed, rules=args.rules, seats=args.seats,
        budget=clock(args.budget, args.nodes), nodes=args.nodes,
        opening=args.opening, paired=args.paired, prelude=args.prelude,
    )


class GameRecords:
    """The ``--records`` file (none without the option), each game added as it ends.

    Added to, never replaced: a match gone on with ``--from`` keeps the earlier games. A write
    that fails (a full disk, say) is warned of once and ends the recording, not the match.
    """

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file: TextIO | None = None
        if path is not None:
            try:
                self.file = open(path, "a", encoding="utf-8")  # noqa: SIM115 (closed by close)
            except OSError as exc:
                raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None

    def add(self, index: int, config: match.MatchConfig, result: match.GameResult) -> None:
        """Add game ``index`` as one JSON line (``match.game_line``)."""
        if self.file is None:
            return
        try:
            self.file.write(match.game_line(index, config, result) + "\n")
            self.file.flush()
        except OSError as exc:
            print(f"warning: cannot add to {self.path} ({exc.strerror or exc}); "
                  "the games from here on are not recorded", file=sys.stderr)
            self.close()

    def close(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError):
                self.file.close()
            self.file = None

    def __enter__(self) -> GameRecords:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


@dataclass
class StoppedBy:
    """The signal that stopped a match: SIGINT (Ctrl+C) unless a SIGTERM came."""

    signum: int = signal.SIGINT


@contextlib.contextmanager
def sigterm_as_ctrl_c() -> Iterator[StoppedBy]:
    """Within: a SIGTERM (a kill, ``timeout``) raises KeyboardInterrupt, as Ctrl+C does, and
    the ``StoppedBy`` yielded says which of them it was. Only the first: ``timeout`` sends
    one to the program and one to its process group, and the second must not cut short the
    stopping the first began."""
    stopped_by = StoppedBy()

    def terminated(signum: int, frame: FrameType | None) -> None:
        if stopped_by.signum != signal.SIGTERM:
            stopped_by.signum = signal.SIGTERM
            raise KeyboardInterrupt  # stop the way Ctrl+C does

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield stopped_by
    finally:
        # Once stopping, a late second SIGTERM where the default action would kill the match
        # ends it with the stopping status instead; a caller's own handler comes back.
        stopping = stopped_by.signum == signal.SIGTERM and previous == signal.SIG_DFL
        signal.signal(signal.SIGTERM, _exit_stopped if stopping else previous)


def _exit_stopped(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def cmd_match(args: argparse.Namespace) -> int:
    """Play the match, saying how each game ended on stderr as it ends. Stopped with Ctrl+C
    or SIGTERM (a kill, ``timeout``), it reports the games it finished (exit status 130 or
    143): hours of a long match are not lost."""
    config = match_config(args)
    if args.paired and args.games % args.seats:
        raise UsageError(f"--paired plays each opening {args.seats} times: give --games as a "
                         f"multiple of {args.seats}")
    if args.first > args.games:
        raise UsageError(f"--from {args.first} is past the last game ({args.games})")
    first = args.first - 1
    results: list[match.GameResult] = []
    status = 0
    with GameRecords(args.records) as records, sigterm_as_ctrl_c() as stopped_by:
        start = REAL_CLOCK.now()
        games = match.play(config, args.games, args.jobs, first)
        try:
            for index, result in games:
                results.append(result)
                a_wins = sum(r.a_won for r in results)
                print(match.progress(len(results), args.games, index, result, a_wins),
                      file=sys.stderr, flush=True)
                records.add(index, config, result)
        except match.MatchError as exc:
            raise UsageError(str(exc)) from None
        except KeyboardInterrupt:
            games.close()  # stops the games still being played
            print(f"stopped after {len(results)} of {args.games - first} games", file=sys.stderr)
            status = 128 + stopped_by.signum
            if not results:
                return status
        except WorkerDied as exc:  # killed by hand, or for memory: the games played still count
            print(f"error: {exc}; stopped after {len(results)} of {args.games - first} games",
                  file=sys.stderr)
            status = 1
            if not results:
                return status
        # reported within: a second SIGTERM, however late, must not cut the report short
        line, data = match.report(config, len(results), results,
                                  REAL_CLOCK.now() - start, first)
        print(line)
        print(data)
    return status
