"""A stalled seat cannot hold a game for ever: with a move clock, a network seat that lets its
time for a move run out (its player gone, or one who answers the pings and never moves) is
handed to the host's computer at the level the host set, and every peer is told. Without
one (a window's host, unless its player sets one) the game waits.

On ``net.fakes``: the minutes pass when the test moves the clock."""

from __future__ import annotations

from typing import Any

import pytest
from net_fakes import MemoryTransport
from test_net_play import WAIT, Bots, at, until

from chainplus.app.seats import SeatSpec
from chainplus.core.records import game_from_data
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig
from chainplus.net.peer import Limits
from chainplus.net.transport import Network
from lab.rigs.fakes import FakeClock

QUIET = Limits(idle_timeout=1e6)  # no pings: the minutes pass in one step
#: Two network seats; the host's computer would play seat 1 at level 3, 0 % random.
SEATS = (SeatSpec("network", 3, 0), SeatSpec("network"), SeatSpec(), SeatSpec())


@pytest.fixture
def net() -> Network:
    return Network(FakeClock(), MemoryTransport())


def hosting(net: Network, **options: Any) -> Host:
    host = Host(HostConfig(SEATS, seed=7, limits=QUIET, **options), network=net)
    host.start()
    return host


def joined(host: Host, net: Network, address: str) -> Connection:
    link = Connection.open(*host.address, at(net, address).transport)
    link.send(msg.hello(host.code))
    assert isinstance(link.receive(WAIT), msg.Welcome)
    return link


def test_a_seat_that_never_moves_is_handed_to_the_computer_and_everyone_is_told(net):
    host = hosting(net, move_seconds=120.0)
    silent = joined(host, net, "10.0.0.1")  # seat 1, first to move
    try:
        bot = Bots(host.address, host.code, [at(net, "10.0.0.2")])
        until(lambda: host.snapshot().started, "the game to start", net)
        net.clock.advance(119.0)
        assert host.snapshot().connected == (1, 2) and not host.snapshot().record["moves"]
        net.clock.advance(1.0)  # seat 1's two minutes are up
        heard = []
        while (message := silent.receive(WAIT)) is not None:
            heard.append(message)
        assert msg.TimedOut(1, 3, 120) in heard
        assert heard[-1] == msg.Error("you ran out of time (120 s a move): the computer plays "
                                      "seat 1 now", final=True)
        [result] = bot.join()
        [record] = host.snapshot().finished
        game = game_from_data(record)
        assert game.winner is not None and result.records[0]["moves"] == record["moves"]
        assert game.movers()[0] == 1  # the host's computer played seat 1's first move
    finally:
        silent.close()
        host.stop()


def test_the_clock_starts_again_for_each_move_and_runs_for_an_absent_player_too(net):
    host = hosting(net, move_seconds=60.0)
    first, second = joined(host, net, "10.0.0.1"), joined(host, net, "10.0.0.2")
    try:
        until(lambda: host.snapshot().started, "the game to start", net)
        for link, square in ((first, 0), (second, 63), (first, 0)):  # each within its time
            net.clock.advance(59.0)
            link.send(msg.move(square))
            until(lambda s=square: len(host.snapshot().record["moves"]) > 0 and
                  host.snapshot().record["moves"][-1] == [s // 8, s % 8], "the move", net)
        assert len(host.snapshot().record["moves"]) == 3
        second.close()  # seat 2's player goes, and does not come back in time
        until(lambda: host.snapshot().connected == (1,), "seat 2 to be away", net)
        net.clock.advance(60.0)
        until(lambda: len(host.snapshot().record["moves"]) == 4, "the computer's move", net)
        state = None
        while not isinstance(state, msg.GameState) or state.seats[1].kind != "computer":
            state = first.receive(WAIT)
        assert (state.seats[1].kind, state.seats[1].level) == ("computer", 2)
    finally:
        first.close()
        host.stop()


def test_without_a_move_clock_the_game_waits(net):
    host = hosting(net)  # as a window hosts unless its player sets a clock
    silent = joined(host, net, "10.0.0.1")
    other = joined(host, net, "10.0.0.2")
    try:
        until(lambda: host.snapshot().started, "the game to start", net)
        net.clock.advance(24 * 3600.0)
        assert host.snapshot().connected == (1, 2) and not host.snapshot().record["moves"]
    finally:
        silent.close()
        other.close()
        host.stop()
