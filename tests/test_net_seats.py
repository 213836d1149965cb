"""A seat's token is its player's: a newcomer with the code never gets a token given before
nor a seat that is held or whose player is away within the grace; a token takes its own seat
back, and the connection it takes it from is let go for good, so no two joiners can take one
seat from each other.

On ``net_fakes``: connections in memory from addresses of their own, and a clock that moves
only when the test moves it (the grace passes in no time)."""

from __future__ import annotations

import pytest
from net_fakes import MemoryTransport
from test_net_play import WAIT, Bots, at, heard, hosted, until

from chainplus.net import protocol as msg
from chainplus.net.bot import JoinError
from chainplus.net.client import Connection
from chainplus.net.link import Gone, Link
from chainplus.net.transport import Network
from lab.rigs.fakes import FakeClock


@pytest.fixture
def net() -> Network:
    return Network(FakeClock(), MemoryTransport())


def test_a_token_taken_by_another_ends_the_players_link_and_there_is_no_tug_of_war(net):
    """A thief with a player's token takes the seat once; the player's link is told it was
    let go for good and stops, instead of taking the seat back with the same token."""
    host = hosted("N,N", net)
    player = Link(*host.address, host.code, network=at(net, "10.0.0.1"))
    player.start()
    other = Connection.open(*host.address, at(net, "10.0.0.2").transport)
    try:
        other.send(msg.hello(host.code))
        assert isinstance(other.receive(WAIT), msg.Welcome)
        events = heard(player, lambda e: isinstance(e, msg.Welcome))
        token, seat = events[-1].token, events[-1].seat
        thief = Connection.open(*host.address, at(net, "10.6.6.6").transport)
        thief.send(msg.hello(host.code, token=token))
        taken = thief.receive(WAIT)
        assert isinstance(taken, msg.Welcome) and (taken.seat, taken.token) == (seat, token)
        events = heard(player, lambda e: isinstance(e, Gone))
        assert msg.Error(f"seat {seat} was taken back with its token", final=True) in events
        assert events[-1] == Gone(f"The host let us go: seat {seat} was taken back with its "
                                  "token.")
        net.clock.advance(10.0)  # time passes, to the first ping: nobody takes the seat back
        while not isinstance(message := thief.receive(WAIT), msg.Ping):
            assert isinstance(message, msg.GameState), message
        assert host.snapshot().connected == (1, 2) and player.events.empty()
        thief.close()
    finally:
        player.close()
        other.close()
        host.stop()


def test_a_second_bot_for_one_seat_is_refused_while_the_first_plays_or_is_away(net):
    host = hosted("N,C1", net, grace=30.0)
    first = Connection.open(*host.address, at(net, "10.0.0.1").transport)
    try:
        first.send(msg.hello(host.code))
        welcome = first.receive(WAIT)
        assert isinstance(welcome, msg.Welcome)
        for away in (False, True):
            if away:
                first.close()
                until(lambda: host.snapshot().connected == (), "the player to be away", net)
            second = Bots(host.address, host.code, [at(net, "10.0.0.2")])
            second.threads[0].join(WAIT)
            refused = second.results[0]
            assert isinstance(refused, JoinError)
            assert str(refused).startswith("the host refused to let us join: there is no free "
                                           "network seat")
        back = Connection.open(*host.address, at(net, "10.0.0.3").transport)
        back.send(msg.hello(host.code, token=welcome.token))  # the player, from elsewhere
        again = back.receive(WAIT)
        assert isinstance(again, msg.Welcome) and again.token == welcome.token
        back.close()
    finally:
        first.close()
        host.stop()


def test_a_host_started_again_knows_its_players_tokens_and_keeps_their_seats(net):
    host = hosted("N,N", net, grace=60.0, tokens=((1, "Tok-one"), (2, "Tok-two")))
    try:
        newcomer = Connection.open(*host.address, net.transport)
        newcomer.send(msg.hello(host.code))
        assert newcomer.receive(WAIT) == msg.Error(
            "there is no free network seat: seat 1's player has 60 s to come back")
        newcomer.close()
        back = Connection.open(*host.address, net.transport)
        back.send(msg.hello(host.code, token="Tok-two"))
        welcome = back.receive(WAIT)
        assert welcome == msg.Welcome(2, "Tok-two")
        net.clock.advance(61.0)  # seat 1's player never came back: a newcomer may have it
        newcomer = Connection.open(*host.address, net.transport)
        newcomer.send(msg.hello(host.code))
        late = newcomer.receive(WAIT)
        assert isinstance(late, msg.Welcome) and late.seat == 1 and late.token != "Tok-one"
        for link in (back, newcomer):
            link.close()
    finally:
        host.stop()


def test_a_player_who_leaves_frees_the_seat_at_once_and_one_who_drops_does_not(net):
    host = hosted("N,N", net)
    try:
        for leaves in (False, True):
            player = Connection.open(*host.address, at(net, "10.0.0.1").transport)
            player.send(msg.hello(host.code, seat=2))
            welcome = player.receive(WAIT)
            assert isinstance(welcome, msg.Welcome) and welcome.seat == 2
            if leaves:
                player.send({"leave": True})
                while player.receive(WAIT) is not None:  # the host hangs up
                    pass
            player.close()
            until(lambda: host.snapshot().waiting == (1, 2), "the seat to be let go", net)
            newcomer = Connection.open(*host.address, at(net, "10.0.0.2").transport)
            newcomer.send(msg.hello(host.code, seat=2))
            answer = newcomer.receive(WAIT)
            newcomer.close()
            if leaves:
                assert isinstance(answer, msg.Welcome) and answer.token != welcome.token
            else:
                assert answer == msg.Error("seat 2 is not free: its player has 180 s to come "
                                           "back")
                back = Connection.open(*host.address, at(net, "10.0.0.1").transport)
                back.send(msg.hello(host.code, token=welcome.token))  # its player comes back
                assert back.receive(WAIT) == welcome
                back.send({"leave": True})
                # read to the host's hang-up: closing on unread lines resets the connection,
                # which may lose the leave still on its way (it did on Python 3.13)
                while back.receive(WAIT) is not None:
                    pass
                back.close()
                until(lambda: host.snapshot().waiting == (1, 2), "the seat to be left", net)
    finally:
        host.stop()
