"""A network player: joins a host's free network seat with the code and plays it with
``ai.players.choose_move`` until the host has played every game, taking its seat back (with
the token the host gave it) when the connection drops.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

from chainplus.ai.limits import Limit
from chainplus.ai.players import choose_move
from chainplus.core.game import Game
from chainplus.core.records import record_of
from chainplus.net import protocol as msg
from chainplus.net.client import Connection, Joiner, Retries, turned_away
from chainplus.net.clock import Clock
from chainplus.net.transport import REAL_NETWORK, Network

#: Seconds before trying a refused move again.
REFUSED_PAUSE = 0.05


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
         network: Network = REAL_NETWORK) -> BotResult:
    """Join and play until the host has played every game. Raises JoinError."""
    bot, clock = _Bot(code, player, network.clock), network.clock
    retries = Retries(clock, player.stop)
    lost_at: float | None = None
    while not player.stop.is_set():
        try:
            link = Connection.open(host, port, network.transport)
        except OSError as exc:
            if bot.joiner.token is None and lost_at is None and not turned_away(exc):
                raise JoinError(f"cannot reach the host at {host}:{port}: "
                                f"{exc.strerror or exc}") from None
            lost_at = clock.now() if lost_at is None else lost_at
            if clock.now() - lost_at > player.retry_for:
                raise JoinError(f"lost the host at {host}:{port}") from None
            retries.wait()
            continue
        lost_at = None
        try:
            if bot.session(link):
                return bot.result
        except OSError:
            pass  # dropped: join again with the token
        finally:
            link.close()
        if bot.joiner.last_game_over():
            return bot.result
        lost_at = clock.now()
        bot.result.reconnects += 1
        if bot.welcomed:
            retries.reset()
        retries.wait(bot.retry_after)
    return bot.result


class _Bot:
    """The bot's play from one connection to the next: the game as the host told it, what it
    has done, its random choices and its clock (for the pause after a refused move)."""

    def __init__(self, code: str, player: BotPlayer, clock: Clock) -> None:
        self.code, self.player, self.clock = code, player, clock
        self.joiner, self.result = Joiner(), BotResult()
        self.rng = random.Random(player.seed)
        self.welcomed = False  # the last connection was welcomed
        self.retry_after = 0.0  # the host refused the last for now: try again after this


    def session(self, link: Connection) -> bool:
        """One connection's play; True when the host has played every game."""
        joiner, result, player = self.joiner, self.result, self.player
        link.send(joiner.hello(self.code))
        self.welcomed, self.retry_after = False, 0.0
        sent = (0, -1)  # the game's number and its moves when we last sent ours
        while not player.stop.is_set():
            message = link.receive()
            if message is None:
                return False
            if isinstance(message, msg.BadMessage):
                result.errors.append(f"from the host: {message.reason}")
                continue
            if isinstance(message, msg.Error):
                if not self.welcomed and message.retry is not None:
                    self.retry_after = message.retry  # refused for now: try again later
                    return False
                if not self.welcomed and joiner.token is not None:
                    joiner.token = None  # a host started again knows no tokens: join afresh
                    return False
                if not self.welcomed:  # refused at the door: wrong code, no free seat
                    raise JoinError(f"the host refused to let us join: {message.text}")
                if message.final:  # our seat is someone else's now
                    raise JoinError(f"the host let us go: {message.text}")
                result.errors.append(message.text)
                # then try our move again, if it was that which was refused
                self.clock.sleep(REFUSED_PAUSE, until=player.stop)
                sent = (0, -1)
            elif isinstance(message, msg.Ping):
                link.send({"pong": message.number})
                continue
            elif not joiner.apply(message):
                raise ConnectionError("out of step with the host")  # join again for the game
            self.welcomed = self.welcomed or isinstance(message, msg.Welcome)
            result.seat = joiner.seat
            if isinstance(message, msg.GameState) and message.game.winner is not None:
                _keep(result, message)
                if message.open_ended:  # a window hosts: this bot's game is over
                    link.leave()  # and its seat free for the next player
                    return True
            if isinstance(message, msg.Bye):  # done, or try again: the host may come back
                return message.done
            state = joiner.state
            if state is not None and joiner.my_turn() and sent != (state.number,
                                                                 len(state.game.moves)):
                sent = (state.number, len(state.game.moves))
                link.send(msg.move(self.choose(state.game), number=sent[1] + 1))
        return False

    def choose(self, game: Game) -> int:
        player = self.player
        limit = Limit(nodes=player.nodes) if player.nodes else Limit(time=player.budget)
        return choose_move(game, player.level, player.random_pct, self.rng, limit=limit)


def _keep(result: BotResult, state: msg.GameState) -> None:
    """Remember a finished game's record once."""
    record = {**record_of(state.game), "game": state.number}
    if record not in result.records:
        result.records.append(record)
