"""A network player: joins a host's free network seat with the code and plays it as the
computer until the host has played every game, reading its ``link.Link`` on its own thread.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

from chainplus.ai.limits import Limit
from chainplus.common.clock import Clock
from chainplus.core.records import record_of
from chainplus.net import protocol as msg
from chainplus.net.client import Joiner
from chainplus.net.computer import ComputerMoves
from chainplus.net.link import Gone, Link, LinkEvent, Lost
from chainplus.net.transport import REAL_NETWORK, Network

#: Seconds before trying a refused move again.
REFUSED_PAUSE = 0.05
#: Seconds the bot waits for a connection to a host.
TIMEOUT = 10.0


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
         network: Network = REAL_NETWORK, result: BotResult | None = None) -> BotResult:
    """Join and play until the host has played every game; ``result``, if given, is filled
    in as the bot plays, so a caller may watch it. Raises JoinError."""
    link = Link(host, port, code, network=network, stop=player.stop)
    link.retry_for, link.timeout = player.retry_for, TIMEOUT
    bot = _Bot(link, player, network.clock, result if result is not None else BotResult())
    link.run(bot.heard)
    gone = bot.gone
    if gone is None or gone.stop == "done":
        return bot.result
    where = f"{host}:{port}"
    raise JoinError({"unreachable": f"cannot reach the host at {where}: {gone.detail}",
                     "lost": f"lost the host at {where}",
                     "refused": f"the host refused to let us join: {gone.detail}",
                     "let go": f"the host let us go: {gone.detail}"}[gone.stop])


class _Bot:
    """What the bot does with each thing the host says, on ``link``'s thread."""

    def __init__(self, link: Link, player: BotPlayer, clock: Clock, result: BotResult) -> None:
        self.link, self.player, self.clock = link, player, clock
        self.joiner, self.result = Joiner(), result
        limit = Limit(nodes=player.nodes) if player.nodes else Limit(time=player.budget)
        self.moves = ComputerMoves(player.level, player.random_pct,
                                   random.Random(player.seed), limit)
        self.gone: Gone | None = None  # why the link stopped by itself

    def heard(self, event: LinkEvent) -> None:
        joiner, result = self.joiner, self.result
        if isinstance(event, Gone):
            self.gone = event
            return
        if isinstance(event, Lost):
            if _over(joiner):
                self.link.end()
            else:
                result.reconnects += 1
            return
        if isinstance(event, msg.BadMessage):
            result.errors.append(f"from the host: {event.reason}")
            return
        if isinstance(event, msg.Error):
            if event.final:  # our seat is someone else's now: the link stops
                return
            result.errors.append(event.text)
            # then try our move again, if it was that which was refused
            self.clock.sleep(REFUSED_PAUSE, until=self.player.stop)
            self.moves.forget()
        elif not joiner.take(event):
            raise ConnectionError("out of step with the host")  # join again for the game
        elif isinstance(event, msg.Welcome):
            result.seat = joiner.seat
            self.moves.forget()
        if isinstance(event, msg.GameState) and event.game.winner is not None:
            _keep(result, event)
            if event.open_ended:  # a window hosts: this bot's game is over
                self.link.end(leave=True)  # and its seat free for the next player
                return
        if isinstance(event, msg.Bye):  # done, or try again: the host may come back
            return
        square = self.moves.propose(joiner)
        if square is not None:
            assert joiner.game is not None
            self.link.send(msg.move(square, number=len(joiner.game.moves) + 1))


def _over(joiner: Joiner) -> bool:
    """Whether the host's last game has been played to its end (with a window as host, the
    game this bot played: the window starts the next only when its player asks)."""
    state = joiner.state
    return state is not None and (state.last or state.open_ended) and \
        state.game.winner is not None


def _keep(result: BotResult, state: msg.GameState) -> None:
    """Remember a finished game's record once."""
    record = {**record_of(state.game), "game": state.number}
    if record not in result.records:
        result.records.append(record)
