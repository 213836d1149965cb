"""No lock-out: connections that have not joined have a few places of their own, per address
and in all, and a newcomer pushes the oldest out, so idle sockets never keep an honest player
with the code from joining or rejoining; a joiner that is refused for now or reset pauses
longer after each try.

On ``net.fakes``: connections in memory from addresses of their own, and a clock that moves
only when the test moves it (here it mostly stands still: an honest join needs no time)."""

from __future__ import annotations

import argparse
import itertools
import math
import threading

import pytest
from net_fakes import MemoryTransport
from test_net_play import WAIT, at, hosted, until

from chainplus.net import protocol as msg
from chainplus.net.bot import BotPlayer, play
from chainplus.net.client import Connection, Patience, Retries
from chainplus.net.codes import CODE_ALPHABET, CODE_LENGTH, new_code, strong_code, weakness
from chainplus.net.gate import Guesses, Joins, Lobby, Slowing, address_key
from chainplus.net.link import Link, Lost
from chainplus.net.loop_thread import LoopThread
from chainplus.net.peer import Limits
from chainplus.net.transport import Network
from lab.rigs.fakes import FakeClock


@pytest.fixture
def net() -> Network:
    return Network(FakeClock(), MemoryTransport())


def test_addresses_are_counted_as_a_network_sees_them():
    assert address_key("10.0.0.7") == "10.0.0.7"
    assert address_key("::ffff:10.0.0.7") == "10.0.0.7"
    assert address_key("fe80::1%eth0") == address_key("fe80::2") == "fe80::/64"
    assert address_key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert address_key("::1") == "::/64" and address_key("nowhere") == "nowhere"


def test_the_lobby_pushes_out_the_oldest_of_the_address_that_connects_most():
    lobby: Lobby[str] = Lobby(per_address=2, overall=4)
    assert lobby.enter("a1", "10.0.0.1", 0) == [] and lobby.enter("a2", "10.0.0.1", 0) == []
    assert lobby.enter("a3", "10.0.0.1", 0) == ["a1"]  # its own address's oldest
    assert lobby.enter("b1", "10.0.0.2", 0) == [] and lobby.enter("b2", "10.0.0.2", 0) == []
    assert len(lobby) == 4
    assert lobby.enter("c1", "10.0.0.3", 1) == ["a2"]  # full: the address that connects most
    lobby.leave("b1")
    lobby.leave("b1")  # twice is nothing
    assert lobby.enter("d1", "10.0.0.4", 2) == [] and len(lobby) == 4
    assert lobby.enter("e1", "10.0.0.5", 3) == ["a3"]
    # ties of the addresses that connected as often: the one holding most, then the oldest
    assert lobby.enter("f1", "10.0.0.6", 4) == ["b2"]
    # a flood from one address pushes out its own connections, and no others
    assert lobby.enter("g0", "10.0.0.7", 10) == ["c1"]  # counts alike: the oldest
    for n in range(1, 20):
        assert lobby.enter(f"g{n}", "10.0.0.7", 10) == [f"g{n - 1}"]
    # a count halves every ten seconds: a flood long over weighs as one connection
    assert lobby.enter("h1", "10.0.0.8", 100) == ["d1"]
    for left in ("e1", "f1", "g19", "h1"):
        lobby.leave(left)
    assert len(lobby) == 0 and lobby.enter("i1", "10.0.0.9", 101) == []


def test_idle_connections_from_many_addresses_never_keep_a_player_out(net):
    """An attacker fills every place the lobby has, from 40 addresses, and keeps opening more
    while the players join, drop and rejoin with their tokens, without a second passing."""
    limits = Limits()
    host = hosted("N,N", net, limits=limits)
    idle = []
    try:
        for round_ in range(3):
            for n in range(40):
                idle.append(net.transport.at(f"10.9.{round_}.{n}").connect(*host.address, WAIT))
            until(lambda: host.snapshot().peers >= limits.waiting, "the lobby to fill", net)
            if round_ == 0:
                players = [Connection.open(*host.address, at(net, f"10.0.0.{n}").transport)
                           for n in (1, 2)]
                welcomes = []
                for link in players:
                    link.send(msg.hello(host.code))
                    welcomes.append(link.receive(WAIT))
                assert all(isinstance(w, msg.Welcome) for w in welcomes)
            else:  # a player drops, and comes back with its token
                players[0].close()
                until(lambda: host.snapshot().connected == (2,), "the player to be away", net)
                players[0] = Connection.open(*host.address, at(net, "10.0.0.1").transport)
                players[0].send(msg.hello(host.code, token=welcomes[0].token))
                back = players[0].receive(WAIT)
                assert isinstance(back, msg.Welcome) and back.seat == welcomes[0].seat
            assert host.snapshot().connected == (1, 2)
        assert host.snapshot().peers <= limits.waiting + 2
    finally:
        host.stop()
        for sock in idle:
            sock.close()


def resetting(net: Network) -> tuple[LoopThread, tuple[str, int], list[float]]:
    """A host that hangs up on every connection at once: its loop, its address, and the
    (fake) time of each connection it had."""
    clock = net.clock
    times: list[float] = []
    where: list[tuple[str, int]] = []

    async def hang_up(reader, writer, source):
        times.append(clock.now())
        writer.transport.abort()

    async def listen():
        where.append((await net.transport.listen(hang_up, "127.0.0.1", 0, 4096)).address)

    thread = LoopThread(clock, "resetting")
    thread.start(listen)
    return thread, where[0], times


@pytest.mark.parametrize("joiner", ["bot", "link"])
def test_a_joiner_that_is_reset_pauses_longer_each_time_up_to_a_cap(net, joiner):
    clock, patience = net.clock, Patience()
    thread, address, times = resetting(net)
    stop = threading.Event()
    if joiner == "bot":
        runner = threading.Thread(target=play, args=(*address, "K7QX2M4PR",
                                                     BotPlayer(stop=stop), net), daemon=True)
        runner.start()
    else:
        link = Link(*address, "K7QX2M4PR", network=net)
        link.start()
    try:
        start, pauses = clock.now(), clock.pauses
        for count in itertools.count(1):  # a minute of waiting, one pause at a time
            until(lambda n=count: clock.sleeping == 1 and len(pauses) == n, "a pause", net)
            if clock.now() >= start + 60:
                break
            clock.advance(pauses[-1])
        expected = [patience.first * 2 ** n for n in range(5)]
        assert pauses[:5] == expected and set(pauses[5:]) == {patience.most}
        # a try before each pause: about one every 4 s, once the pauses have grown
        assert len(times) == len(pauses) <= 5 + 60 / patience.most
        if joiner == "link":
            assert all(isinstance(event, Lost) for event in list(link.events.queue))
    finally:
        stop.set()
        if joiner == "link":
            link.close()
        thread.call(thread.loop.stop)
        thread.join(WAIT)


def test_a_try_after_a_good_connection_comes_at_once_and_the_pauses_start_again():
    class Recorded:  # a clock that only notes the pauses asked of it
        def __init__(self) -> None:
            self.slept: list[float] = []

        def sleep(self, seconds: float, until: threading.Event | None = None) -> None:
            self.slept.append(seconds)

    clock = Recorded()
    retries = Retries(clock, threading.Event(), Patience(first=0.25, most=1.0))
    for _ in range(4):
        retries.wait()
    retries.reset()
    for at_least in (0.0, 0.0, 3.0):  # the host may ask for a longer pause
        retries.wait(at_least)
    assert clock.slept == [0.25, 0.5, 1.0, 1.0, 0.25, 3.0]  # the try at once sleeps not at all


# ---------------------------------------------------------------------- guessing
def test_an_address_that_guesses_wrong_waits_longer_each_time_and_suspects_share_a_few_looks():
    slowing = Slowing(first=0.5, most=4.0, rate=2.0, burst=4.0, forget=100.0, remember=6)
    guesses = Guesses(slowing, now=0.0)
    now = 0.0
    for wait in (0.5, 1.0, 2.0, 4.0, 4.0):
        assert guesses.refusal("10.6.6.6", now) is None
        guesses.looked("10.6.6.6", False, now)
        why, seconds = guesses.refusal("10.6.6.6", now)
        assert seconds == wait and why.startswith("too many wrong codes from your address")
        now += wait
    for n in range(5):  # five more addresses guess wrong: the table is full
        for moment in (now, now + 0.5):
            assert guesses.refusal(f"10.7.0.{n}", moment) is None
            guesses.looked(f"10.7.0.{n}", False, moment)
    now += 1.5  # their own waits over, each is heard again, whatever the others send
    for n in range(5):
        assert guesses.refusal(f"10.7.0.{n}", now) is None
        guesses.looked(f"10.7.0.{n}", False, now)
    for n in range(4):  # addresses not counted are suspects: they share the looks
        assert guesses.refusal(f"10.8.0.{n}", now) is None
        guesses.looked(f"10.8.0.{n}", False, now)
    why, seconds = guesses.refusal("10.8.0.4", now)
    assert why.startswith("too many wrong codes lately") and seconds == 0.5
    guesses.looked("10.7.0.1", True, now + 2)  # a right code: clean again, and room for one
    assert guesses.refusal("10.7.0.1", now + 2) is None
    assert guesses.refusal("10.6.6.6", now + 200) is None  # forgiven after a quiet while


def test_guessing_at_full_speed_gets_one_look_in_a_while_and_a_player_joins_meanwhile(net):
    """A guesser sends wrong codes as fast as it can for a minute of the host's time; only a
    few are looked at, each refusal says when to try again, and players with the code (from
    other addresses) join at once all the while."""
    host = hosted("N,N,N", net)
    guesser, clock = net.transport.at("10.6.6.6"), net.clock
    looked = refused = 0
    try:
        for tick in range(600):  # a minute, a tenth of a second at a time
            for _ in range(5):
                link = Connection(guesser.connect(*host.address, WAIT))
                link.send(msg.hello("WRONGCODE"))
                answer = link.receive(WAIT)
                link.close()
                looked += answer == msg.Error("wrong code")
                refused += answer.retry is not None
            if tick in (100, 300, 500):
                player = Connection.open(*host.address, at(net, f"10.0.{tick}.1").transport)
                player.send(msg.hello(host.code))
                assert isinstance(player.receive(WAIT), msg.Welcome)
            clock.advance(0.1)
        assert looked + refused == 3000 and looked <= 5 + 60 / Slowing().most
    finally:
        host.stop()
    print(f"guessing: {looked} of 3000 codes looked at in 60 s")


# ---------------------------------------------------------------------- codes
def test_a_made_up_code_is_strong_and_easy_to_read_aloud():
    made = {new_code() for _ in range(200)}
    assert len(made) == 200
    assert all(len(code) == 9 and not set(code) & set("0O1IL") for code in made)
    assert CODE_LENGTH * math.log2(len(CODE_ALPHABET)) > 44  # the bits a guesser must find
    assert all(weakness(code) is None for code in made)  # and --code takes each back


@pytest.mark.parametrize("code, strong", [
    ("a", False), ("AB12CD", False), ("AAAAAAAAAAAAAAAAAAAA", False),
    ("ABCDEFGHJKLMNPQRSTUV", False), ("98765432109876543210", False), ("ABCDEFGH", False),
    ("123456789012", False), ("1234567890123", False),
    ("AB12CD7X", True), ("K7QX2M4PR", True), ("HORSEBATT", True), ("4820193756102", True),
    ("O0I1L0O1IL", True),
])
def test_a_chosen_code_is_checked_for_strength_in_one_line(code, strong):
    assert (weakness(code) is None) == strong
    if strong:
        assert strong_code(code.lower()) == code  # and kept as given, but for its case
    else:
        with pytest.raises(argparse.ArgumentTypeError) as refused:
            strong_code(code)
        assert "too weak" in str(refused.value) and "\n" not in str(refused.value)


def test_joins_are_paced_per_address_and_leniently_per_ipv6_network() -> None:
    """A guest with the code who hops from address to address within its /64 is paced too,
    more leniently than one address; another /64 and IPv4 addresses are not held up."""
    joins = Joins(rate=0.5, burst=6, network=2)
    for _ in range(6):
        assert joins.refusal("fd00::1", 0.0) is None
    assert joins.refusal("fd00::1", 0.0) is not None  # its own burst is spent
    for _ in range(6):
        assert joins.refusal("fd00::2", 0.0) is None
    refused = joins.refusal("fd00::3", 0.0)  # a fresh address, but its /64's joins are spent
    assert refused is not None and refused[0].startswith("too many joins")
    assert joins.refusal("fd00:0:0:1::3", 0.0) is None  # another /64
    assert all(joins.refusal(f"10.0.0.{n}", 0.0) is None for n in range(1, 20))
    assert joins.refusal("fd00::3", 1.0) is None  # a second later the /64 may join once
