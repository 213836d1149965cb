"""A network player: joins a host's free network seat with the code and plays it with
``ai.players.choose_move`` until the host has played every game, taking its seat back (with
the token the host gave it) when the connection drops.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field

from chainplus.ai.limits import Limit
from chainplus.ai.players import choose_move
from chainplus.core.records import record_of
from chainplus.net import protocol as msg
from chainplus.net.client import Connection, Joiner


class JoinError(Exception):
    """Why a joiner cannot play on (one line, fit to print after ``error:``)."""


@dataclass
class BotPlayer:
    """How the bot plays, and how long it keeps trying to reach a host it lost."""

    level: int = 1
    random_pct: int = 0
    seed: int | None = None
    budget: float = 0.3  # level 5's thinking time...
    nodes: int | None = None  # ...or the positions it searches (repeatable answers)
    retry_for: float = 30.0  # seconds to keep reconnecting to a host that went away
    stop: threading.Event = field(default_factory=threading.Event)


@dataclass
class BotResult:
    """What the bot did: its seat, the games it saw end, and how often it reconnected."""

    seat: int | None = None
    records: list[dict[str, object]] = field(default_factory=list)
    reconnects: int = 0
    errors: list[str] = field(default_factory=list)


def play(host: str, port: int, code: str, player: BotPlayer,
         connection: list[Connection] | None = None) -> BotResult:
    """Join and play until the host has played every game. ``connection``, when given,
    holds the live connection (tests close it to drop the bot). Raises JoinError."""
    joiner, result = Joiner(), BotResult()
    rng = random.Random(player.seed)
    lost_at: float | None = None
    while not player.stop.is_set():
        try:
            link = Connection.open(host, port)
        except OSError as exc:
            if joiner.token is None:
                raise JoinError(f"cannot reach the host at {host}:{port}: "
                                f"{exc.strerror or exc}") from None
            lost_at = lost_at or time.monotonic()
            if time.monotonic() - lost_at > player.retry_for:
                raise JoinError(f"lost the host at {host}:{port}") from None
            time.sleep(0.2)
            continue
        lost_at = None
        if connection is not None:
            connection[:] = [link]
        try:
            if _session(link, code, joiner, result, player, rng):
                return result
        except OSError:
            pass  # dropped: join again with the token
        finally:
            link.close()
        if joiner.last_game_over():
            return result
        lost_at = lost_at or time.monotonic()
        result.reconnects += 1
    return result


def _session(link: Connection, code: str, joiner: Joiner, result: BotResult,
             player: BotPlayer, rng: random.Random) -> bool:
    """One connection's play; True when the host has played every game."""
    link.send(joiner.hello(code))
    welcomed = False
    sent = (0, -1)  # the game's number and its moves when we last sent ours
    while not player.stop.is_set():
        message = link.receive()
        if message is None:
            return False
        if isinstance(message, msg.BadMessage):
            result.errors.append(f"from the host: {message.reason}")
            continue
        if isinstance(message, msg.Error):
            if not welcomed and joiner.token is not None:
                joiner.token = None  # a host started again knows no tokens: join afresh
                return False
            if not welcomed:  # refused at the door: wrong code, no free seat
                raise JoinError(f"the host refused to let us join: {message.text}")
            result.errors.append(message.text)
            time.sleep(0.05)  # then try our move again, if it was that which was refused
            sent = (0, -1)
        elif isinstance(message, msg.Ping):
            link.send({"pong": message.number})
            continue
        elif not joiner.apply(message):
            raise ConnectionError("out of step with the host")  # join again for the game
        welcomed = welcomed or isinstance(message, msg.Welcome)
        result.seat = joiner.seat
        if isinstance(message, msg.GameState) and message.game.winner is not None:
            _keep(result, message)
            if message.open_ended:
                return True  # a window hosts: this bot's game is over
        if isinstance(message, msg.Bye):  # done, or try again: the host may come back
            return message.done
        state = joiner.state
        if state is not None and joiner.my_turn() and sent != (state.number,
                                                             len(state.game.moves)):
            sent = (state.number, len(state.game.moves))
            limit = Limit(nodes=player.nodes) if player.nodes else Limit(time=player.budget)
            square = choose_move(state.game, player.level, player.random_pct, rng, limit=limit)
            link.send(msg.move(square, number=sent[1] + 1))
    return False


def _keep(result: BotResult, state: msg.GameState) -> None:
    """Remember a finished game's record once."""
    record = {**record_of(state.game), "game": state.number}
    if record not in result.records:
        result.records.append(record)
