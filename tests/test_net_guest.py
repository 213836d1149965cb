"""A guest with the code, or one who mistyped it, spoils nothing for the others (the hostile
suite's faults of a guest who is let in): a watcher's join costs the host one message to the
watcher alone, joins with the right code are paced per address, wrong codes slow only the
address that sent them, and what a host queues for a peer is bounded in bytes.

On ``net.fakes``: connections in memory from addresses of their own, and a clock that moves
only when the test moves it."""

from __future__ import annotations

import pytest
from net_fakes import FakeClock, MemoryTransport
from test_net_play import WAIT, at, hosted, until

from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.peer import Limits
from chainplus.net.transport import Network


@pytest.fixture
def net() -> Network:
    return Network(FakeClock(), MemoryTransport())


def joined(host, network: Network, **hello) -> tuple[Connection, msg.HostMessage | None]:
    link = Connection.open(*host.address, network.transport)
    link.send(msg.hello(host.code, **hello))
    return link, link.receive(WAIT)


# ---------------------------------------------------------------------- watchers
def test_a_watcher_joining_is_told_the_game_and_nobody_else_hears_of_it(net):
    host = hosted("N,N", net, spectators=4)
    heard: list[dict] = []
    host.subscribe(heard.append)
    try:
        player, welcome = joined(host, at(net, "10.0.0.1"))
        assert isinstance(welcome, msg.Welcome)
        assert isinstance(player.receive(WAIT), msg.GameState)
        until(lambda: len(heard) == 2, "the listener to hear the game, then the join")
        for n in range(12):  # watchers come and go, each from an address of its own
            watcher, answer = joined(host, at(net, f"10.0.9.{n}"), watch=True)
            assert answer == msg.Watching()
            state = watcher.receive(WAIT)
            assert isinstance(state, msg.GameState) and state.connected == (1,)
            watcher.send({"leave": True})
            watcher.finish()
            watcher.close()
        until(lambda: host.snapshot().peers == 1, "the watchers to be gone")
        assert len(heard) == 2
        # the second player's join is the first thing the first hears since its own
        second, _ = joined(host, at(net, "10.0.0.2"))
        state = player.receive(WAIT)
        assert isinstance(state, msg.GameState) and state.connected == (1, 2)
        until(lambda: len(heard) == 4, "the listener to hear the second player, and the start")
        assert [h["game"]["connected"] for h in heard] == [[], [1], [1, 2], [1, 2]]
        player.close()
        second.close()
    finally:
        host.stop()


def test_joins_with_the_right_code_are_paced_per_address(net):
    host = hosted("N,N", net, spectators=64)
    clock = net.clock
    limits = Limits()
    try:
        churner = at(net, "10.0.9.9")
        answers = []
        for _ in range(int(limits.joins_burst) + 3):
            link, answer = joined(host, churner, watch=True)
            answers.append(answer)
            link.close()
        assert answers[:int(limits.joins_burst)] == [msg.Watching()] * int(limits.joins_burst)
        refused = answers[-1]
        assert isinstance(refused, msg.Error) and refused.retry is not None
        assert refused.text.startswith("too many joins from your address")
        # another address, and a player, are let in meanwhile
        other, answer = joined(host, at(net, "10.0.9.10"), watch=True)
        assert answer == msg.Watching()
        player, answer = joined(host, at(net, "10.0.0.1"))
        assert isinstance(answer, msg.Welcome)
        clock.advance(refused.retry)
        link, answer = joined(host, churner, watch=True)
        assert answer == msg.Watching()
        for connection in (other, player, link):
            connection.close()
    finally:
        host.stop()
