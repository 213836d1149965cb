"""Matches between players: computer levels played here, or any program speaking the engine
protocol (``python -m chainplus engine``), the way cutechess-cli pits chess engines.

A player is a level (``5``, ``5:10`` for 10 % random) played in this process, or a command
started once per game that reads one game record a line and answers ``{"move": [row, col]}``
(such as an older commit's level 5: docs/tools.md says how).

With 2 seats a and b alternate the first move; with 3 or 4, a takes one seat (rotating) and b
the rest, so 1/seats is par. Each game has its own seed, so results do not depend on how games
are spread over processes, and with ``--nodes`` (engines given a node limit too) a match is
repeatable. *Paired* openings play each opening once with a in every seat, so a lucky opening
counts for both alike; a *prelude* has b play every seat up to a given placement first (with
pairing, an endgame suite).
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import shlex
import subprocess
from collections.abc import Generator
from dataclasses import dataclass, field

from chainplus.ai import players as ai
from chainplus.ai.levels import DEFAULT_BUDGET
from chainplus.ai.limits import Limit
from chainplus.common.clock import REAL_CLOCK
from chainplus.common.stats import wilson
from chainplus.core.game import Game
from chainplus.core.records import record_of
from chainplus.core.rules import Rules, square_of
from chainplus.tools.workers import on_workers


class MatchError(Exception):
    """An engine that would not start, answered nonsense or played an illegal move."""


@dataclass(frozen=True, kw_only=True)
class Side:
    """One side of a match: a level played here, or an engine command (run in ``cwd``)."""

    level: int = 5
    random_pct: int = 0
    command: tuple[str, ...] = ()
    cwd: str | None = None

    @property
    def name(self) -> str:
        if self.command:
            where = f" in {self.cwd}" if self.cwd else ""
            return f"engine [{shlex.join(self.command)}]{where}"
        return f"level {self.level}:{self.random_pct}"


@dataclass(frozen=True, kw_only=True)
class MatchConfig:
    """Everything one game of a match needs (it crosses to worker processes as is)."""

    a: Side
    b: Side
    seed: int = 1
    rules: Rules = "acorn"
    seats: int = 2
    budget: float | None = DEFAULT_BUDGET
    nodes: int | None = None
    opening: int = 0  # plies of random moves before the players take over
    paired: bool = False  # each opening played once with a in every seat
    prelude: int = 0  # player b plays every seat until this many placements are made


@dataclass
class GameResult:
    """One game: did player a win, its length, and the thinking time of each side."""

    a_won: bool
    moves: int
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    answers: list[int] = field(default_factory=lambda: [0, 0])
    record: tuple[int, ...] = ()  # every placement of the game, first to last


class Engine:
    """A running engine process that answers the position it is sent with a move."""

    def __init__(self, player: Side) -> None:
        self.player = player
        try:
            self.proc = subprocess.Popen(
                player.command, cwd=player.cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1,
            )
        except OSError as exc:
            raise MatchError(f"cannot start {player.name}: {exc.strerror or exc}") from None

    def move(self, game: Game) -> int:
        """The engine's answer for the seat to move in ``game``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(record_of(game)) + "\n")
            self.proc.stdin.flush()
        except OSError:
            pass  # it may have answered before it went: read what it said
        line = self.proc.stdout.readline()
        if not line:
            raise MatchError(f"{self.player.name} stopped answering "
                             "(run it by hand to see why)")
        try:
            reply = json.loads(line)
            row, col = reply["move"]
            square = square_of(int(row), int(col))
        except (ValueError, KeyError, TypeError):
            raise MatchError(
                f"{self.player.name} answered {line.strip()[:60]!r}, not a move") from None
        if not game.is_legal(square):
            raise MatchError(f"{self.player.name} played the illegal move {[row, col]}")
        return square

    def close(self) -> None:
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):  # it went away first: nothing left to tell it
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def seats_of(index: int, seats: int) -> tuple[int, dict[int, int]]:
    """Side a's seat in game ``index`` and the side (0 a, 1 b) of every seat."""
    a_seat = index % seats + 1
    return a_seat, {s: (0 if s == a_seat else 1) for s in range(1, seats + 1)}


def _new_game(config: MatchConfig) -> Game:
    """An empty board with the match's seats (1 to ``config.seats``) and rules."""
    return Game(tuple(range(1, config.seats + 1)), config.rules)


def _think(player: Side, engine: Engine | None, game: Game, rng: random.Random,
           config: MatchConfig) -> int:
    """``player``'s move in ``game``: asked of its engine, or chosen here for a level."""
    if engine is not None:
        return engine.move(game)
    return ai.choose_move(game, player.level, player.random_pct, rng,
                          limit=Limit(time=config.budget, nodes=config.nodes))


@functools.lru_cache(maxsize=4)
def start_of(opening: int, config: MatchConfig) -> tuple[int, ...]:
    """The placements that open every game of opening number ``opening``: ``config.opening``
    random moves, then player b in every seat up to ``config.prelude`` placements (stopping
    short of a placement that would knock a seat out, so every seat is still in).

    Seeded by the opening's number alone, and kept for the next game of the same opening:
    paired games (``config.paired``) play one opening with a in each seat.
    """
    rng = random.Random(f"{config.seed}:opening:{opening}")
    game = _new_game(config)
    for _ in range(config.opening):
        game.play(game.random_move(rng))
    if len(game.moves) < config.prelude:
        engine = Engine(config.b) if config.b.command else None
        try:
            while len(game.moves) < config.prelude:
                seats = len(game.alive)
                game.play(_think(config.b, engine, game, rng, config))
                if len(game.alive) < seats:
                    game.undo()
                    break
        finally:
            if engine is not None:
                engine.close()
    return tuple(game.moves)


def play_game(index: int, config: MatchConfig) -> GameResult:
    rng = random.Random(f"{config.seed}:{index}")
    game = _new_game(config)
    a_seat, side_of = seats_of(index, config.seats)
    if config.paired or config.prelude:
        for square in start_of(index // config.seats if config.paired else index, config):
            game.play(square)
    players = (config.a, config.b)
    engines = [Engine(p) if p.command else None for p in players]
    result = GameResult(False, 0)
    try:
        while game.winner is None:
            if len(game.moves) < config.opening:
                game.play(game.random_move(rng))
                continue
            side = side_of[game.to_move or 0]
            player, engine = players[side], engines[side]
            start = REAL_CLOCK.now()
            square = _think(player, engine, game, rng, config)
            result.seconds[side] += REAL_CLOCK.now() - start
            result.answers[side] += 1
            game.play(square)
    finally:
        for engine in engines:
            if engine is not None:
                engine.close()
    result.a_won = game.winner == a_seat
    result.moves = len(game.moves)
    result.record = tuple(game.moves)
    return result


def game_line(index: int, config: MatchConfig, result: GameResult) -> str:
    """Game ``index`` as one JSON line for ``--records``: its number, a's seat, whether a won,
    and the game record (``python -m chainplus replay`` replays its ``record``)."""
    game = _new_game(config)
    for square in result.record:
        game.play(square)
    return json.dumps({"game": index + 1, "a_seat": seats_of(index, config.seats)[0],
                       "a_won": result.a_won, "record": record_of(game)})


def _play_some(indices: range, config: MatchConfig) -> list[tuple[int, GameResult]]:
    return [(index, play_game(index, config)) for index in indices]


def play(config: MatchConfig, games: int, jobs: int = 1,
         first: int = 0) -> Generator[tuple[int, GameResult], None, None]:
    """Play games ``first`` to ``games - 1``, ``jobs`` at a time, yielding (game index, result)
    as each ends, so a match stopped early keeps its results and can go on from ``first``.

    Closing the iterator early (Ctrl+C in the caller) stops the games still being played.
    """
    indices = range(first, games)
    if jobs > 1 and len(indices) > 1:
        yield from _play_on_workers(config, indices, jobs)
        return
    for index in indices:
        yield index, play_game(index, config)


def _play_on_workers(config: MatchConfig, indices: range,
                     jobs: int) -> Generator[tuple[int, GameResult], None, None]:
    """``play`` on ``jobs`` worker processes. A paired opening's games go to one worker,
    which works their start out once."""
    size = config.seats if config.paired else 1
    batches = (indices[at:at + size] for at in range(0, len(indices), size))
    playing = on_workers(functools.partial(_play_some, config=config), batches, jobs)
    with contextlib.closing(playing):  # closed with this generator, not when collected
        for results in playing:
            yield from results


def run(config: MatchConfig, games: int, jobs: int = 1) -> list[GameResult]:
    """Play ``games`` games, ``jobs`` at a time; the results in game order."""
    return [result for _, result in sorted(play(config, games, jobs), key=lambda r: r[0])]


def progress(done: int, games: int, index: int, result: GameResult, a_wins: int) -> str:
    """One line for an operator watching a long match: how the game just finished went."""
    winner = "a" if result.a_won else "b"
    return (f"game {index + 1} of {games}: {winner} won in {result.moves} moves; "
            f"a has won {a_wins} of {done}")


def report(config: MatchConfig, games: int, results: list[GameResult],
           elapsed: float, first: int = 0) -> tuple[str, str]:
    """The match's summary line for people and its JSON line for programs (``first``: the
    index of the game it started at)."""
    a_wins = sum(r.a_won for r in results)
    low, high = wilson(a_wins, games)
    secs = [sum(r.seconds[s] for r in results) for s in (0, 1)]
    answers = [sum(r.answers[s] for r in results) for s in (0, 1)]
    mean = [round(secs[s] / answers[s], 4) if answers[s] else 0.0 for s in (0, 1)]
    seats = f", {config.seats} seats, a in one" if config.seats > 2 else ""
    paired = ", each opening with a in every seat" if config.paired else ""
    prelude = f", b in every seat to placement {config.prelude}" if config.prelude else ""
    line = (
        f"{config.a.name} won {a_wins}, {config.b.name} won {games - a_wins} of {games} games "
        f"({config.rules} rules{seats}{paired}{prelude}; "
        f"a's 95% interval {low:.1%}-{high:.1%}) in {elapsed:.1f} s"
        + (f", from game {first + 1}" if first else "")
    )
    if config.a.command and config.b.command:
        limit = "the engines' own"
    else:
        limit = f"{config.nodes} nodes" if config.nodes else f"{config.budget} s"
    data = {
        "a": _short_name(config.a), "b": _short_name(config.b), "a_wins": a_wins,
        "b_wins": games - a_wins, "games": games, "a_win_rate": round(a_wins / games, 3),
        "mean_moves": round(sum(r.moves for r in results) / games, 1), "rules": config.rules,
        "seed": config.seed, "from": first + 1, "seats": config.seats,
        "opening": config.opening, "paired": config.paired, "prelude": config.prelude,
        "limit": limit,
        "a_low": round(low, 3), "a_high": round(high, 3),
        "seconds": round(elapsed, 1), "a_mean_s": mean[0], "b_mean_s": mean[1],
    }
    return line, json.dumps(data)


def _short_name(player: Side) -> str:
    return shlex.join(player.command) if player.command else f"{player.level}:{player.random_pct}"
