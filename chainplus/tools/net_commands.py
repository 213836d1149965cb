"""``python -m chainplus host``, ``join`` and ``watch``: a headless host, a network bot and a
spectator.

``host`` prints one JSON line when it listens (``{"host": ..., "port": ..., "code": ...}``)
and appends each finished game's record to ``--record``; with ``--autosave`` a host started
again carries on the game in progress and its joiners rejoin. ``join`` prints its seat and each
game's winner at the end. ``watch`` prints one JSON line a move:
``{"game": 1, "number": 7, "seat": 2, "move": [row, col]}``, with ``"winner"`` on the winning one.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from chainplus.app.seats import parse_seats, seats_in_game
from chainplus.app.settings import atomic_write
from chainplus.core.game import Game
from chainplus.core.records import RecordError, game_from_data, record_of
from chainplus.core.rules import row_col
from chainplus.net import protocol as msg
from chainplus.net.address import parse_code
from chainplus.net.bot import BotPlayer, JoinError, play
from chainplus.net.client import Joiner
from chainplus.net.host import Host, HostConfig
from chainplus.net.link import Gone, Link, LinkEvent
from chainplus.net.transport import REAL_NETWORK, Network
from chainplus.tools.arguments import UsageError


def host_config(args: argparse.Namespace) -> HostConfig:
    """What ``host`` plays, from its options and the game autosaved in ``--autosave``."""
    try:
        seats = parse_seats(args.seats)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.code and not args.autosave:
        raise UsageError("--code needs --autosave FILE: started again without its players' "
                         "tokens, a host would seat whoever came first")
    humans = [n for n, seat in enumerate(seats, start=1) if seat.kind == "human"]
    if humans:
        raise UsageError(f"--seats: a host with no window has nobody to play seat {humans[0]} "
                         "(use N for a network seat or C for the computer)")
    level, random_pct = args.stand_in
    seats = tuple(replace(seat, level=level, random_pct=random_pct)
                  if seat.kind == "network" else seat for seat in seats)
    config = HostConfig(seats, rules=args.rules, games=args.games, listen=args.listen,
                        port=args.port, seed=args.seed, budget=args.budget,
                        spectators=args.spectators, grace=args.grace,
                        move_seconds=args.move_seconds or None,
                        **({"code": args.code} if args.code else {}))
    return _resumed(Path(args.autosave) if args.autosave else None, config, args.code is None)


def _resumed(path: Path | None, config: HostConfig, keep_code: bool) -> HostConfig:
    """``config`` carrying on where the host autosaved at ``path`` stopped: the unfinished
    game (or the next, when it stopped between games), its count, its players' tokens and,
    unless ``keep_code`` is False (a ``--code`` was given), its code. A host whose last game
    was played starts afresh."""
    if path is None or not path.exists():
        return config
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game = game_from_data(data)
    except (OSError, ValueError, RecordError) as exc:
        raise UsageError(f"cannot resume the game in {path}: {exc}") from None
    if game.seats != seats_in_game(config.seats) or game.rules != config.rules:
        raise UsageError(f"the game in {path} has other seats or rules than --seats/--rules")
    number = data.get("game", 1)
    number = number if type(number) is int and 1 <= number <= config.games else 1
    over = game.winner is not None
    if over and number >= config.games:
        return config
    code = data.get("code")
    try:
        code = parse_code(code) if keep_code and isinstance(code, str) else config.code
    except argparse.ArgumentTypeError:
        code = config.code
    return replace(config, resume=None if over else game, first=number + over,
                   tokens=_tokens(data.get("tokens"), config), code=code)


def _tokens(saved: Any, config: HostConfig) -> tuple[tuple[int, str], ...]:
    """The players' tokens an autosave kept, for the network seats of ``config``."""
    if not isinstance(saved, dict):
        return ()
    network = {str(n) for n, seat in enumerate(config.seats, start=1) if seat.kind == "network"}
    return tuple((int(seat), token) for seat, token in saved.items() if seat in network and
                 isinstance(token, str) and 0 < len(token) <= 64 and token.isascii() and
                 token.isprintable())


def cmd_host(args: argparse.Namespace, out: TextIO, network: Network = REAL_NETWORK) -> int:
    """Host ``args.games`` games with no window; exit status 0 when they are played."""
    config = host_config(args)
    autosave = Path(args.autosave) if args.autosave else None
    record = open(args.record, "a", encoding="utf-8") if args.record else None  # noqa: SIM115

    def save(game: Game) -> None:
        if autosave is not None:
            atomic_write(autosave, json.dumps({**record_of(game), **host.resume_data()}))

    def keep(game: Game) -> None:
        if record is not None:
            record.write(json.dumps(record_of(game)) + "\n")
            record.flush()

    host = Host(config, on_move=save, on_game_over=keep, network=network)
    try:
        try:
            address, port = host.start()
        except OSError as exc:
            raise UsageError(f"cannot listen on {args.listen}:{args.port}: "
                             f"{exc.strerror or exc}") from None
        out.write(json.dumps({"host": address, "port": port, "code": host.code}) + "\n")
        out.flush()
        while not host.wait(0.5):
            pass
    finally:
        host.stop()
        if record is not None:
            record.close()
    return 0


def cmd_join(args: argparse.Namespace, out: TextIO, network: Network = REAL_NETWORK) -> int:
    """Play a free network seat of the host at ``args.address`` until it has played every
    game; one ``error:`` line and status 1 when that cannot be done."""
    host, port = args.address
    player = BotPlayer(level=args.level, random_pct=args.random, seed=args.seed,
                       budget=args.budget, nodes=args.nodes)
    try:
        result = play(host, port, args.code, player, network)
    except JoinError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    summary: dict[str, Any] = {"seat": result.seat,
                               "winners": [game_from_data(r).winner for r in result.records]}
    out.write(json.dumps(summary) + "\n")
    return 0


def cmd_watch(args: argparse.Namespace, out: TextIO, network: Network = REAL_NETWORK) -> int:
    """Watch the host at ``args.address`` without a seat, a JSON line for each move, until it
    has played every game (status 0); one ``error:`` line and status 1 when it refuses us or
    goes away for good. A window's host plays on until it closes: Ctrl+C ends the watch."""
    host, port = args.address
    link = Link(host, port, args.code, network=network, watch=True)
    printed = Printed(out)
    link.start()
    try:
        while True:
            event = link.events.get()
            if isinstance(event, Gone):
                if printed.done:
                    return 0
                print(f"error: {event.why}", file=sys.stderr)
                return 1
            printed.take(event)
    finally:
        link.close()


class Printed:
    """The moves a spectator has printed: each game as the host told it (``Joiner``), and its
    moves."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.joiner = Joiner()
        self.lines = 0  # moves of the game printed so far
        self.done = False

    def take(self, event: LinkEvent) -> None:
        if isinstance(event, msg.GameState):
            before = self.joiner.state
            if before is None or event.number != before.number:
                self.lines = 0
            self.joiner.take(event)
            game = Game(event.game.seats, event.game.rules)
            for number, square in enumerate(event.game.moves, start=1):
                mover = game.to_move  # replayed here: who made each move, and the winner
                game.play(square)
                if number > self.lines:
                    self.line(number, mover or 0, square, game.winner)
        elif isinstance(event, msg.Moved):
            played = self.joiner.game
            if played is not None and self.joiner.moved(event) is not None:
                self.line(event.number, event.seat, event.square, played.winner)
        elif isinstance(event, msg.Bye):
            self.done = event.done

    def line(self, number: int, seat: int, square: int, winner: int | None) -> None:
        state = self.joiner.state
        assert state is not None
        data: dict[str, Any] = {"game": state.number, "number": number, "seat": seat,
                                "move": list(row_col(square))}
        if winner is not None:
            data["winner"] = winner
        self.out.write(json.dumps(data) + "\n")
        self.out.flush()
        self.lines = number
