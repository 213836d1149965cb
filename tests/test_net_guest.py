"""A guest with the code, or one who mistyped it, spoils nothing for the others (the hostile
suite's faults of a guest who is let in): a watcher's join costs the host one message to the
watcher alone, joins with the right code are paced per address, wrong codes slow only the
address that sent them, and what a host queues for a peer is bounded in bytes.

On ``net.fakes``: connections in memory from addresses of their own, and a clock that moves
only when the test moves it."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from net_fakes import MemoryTransport
from test_net_play import WAIT, at, hosted, until

from chainplus.app.seats import parse_seats, seats_in_game
from chainplus.core.game import Game
from chainplus.net import protocol as msg
from chainplus.net.address import own_addresses
from chainplus.net.bot import BotPlayer, BotResult, JoinError, play
from chainplus.net.client import Connection
from chainplus.net.gate import Guesses, Slowing
from chainplus.net.host import Host
from chainplus.net.link import Events, Gone, Link, Lost
from chainplus.net.peer import Limits, Peer
from chainplus.net.transport import REAL_NETWORK, Network
from chainplus.tools import cli, net_commands
from chainplus.ui.window.hosting import HostLine
from lab.rigs.fakes import FakeClock


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


def test_a_player_rejoining_with_its_token_is_paced_apart_from_other_joins(net):
    host = hosted("N,N", net, spectators=64)
    clock, burst = net.clock, int(Limits().joins_burst)
    try:
        home = at(net, "10.0.0.1")
        player, welcome = joined(host, home)
        assert isinstance(welcome, msg.Welcome)
        for _ in range(burst + 2):  # a guest on the player's address churns as a watcher
            link, _ = joined(host, home, watch=True)
            link.close()
        answers = []
        for _ in range(burst):  # the player drops and rejoins at once, again and again
            player.close()
            player, answer = joined(host, home, token=welcome.token)
            answers.append(answer)
        assert all(isinstance(a, msg.Welcome) for a in answers), answers
        player.close()
        player, answer = joined(host, home, token=welcome.token)
        assert isinstance(answer, msg.Error) and answer.retry is not None
        player.close()
        clock.advance(answer.retry)
        player, answer = joined(host, home, token=welcome.token)
        assert isinstance(answer, msg.Welcome) and answer.seat == welcome.seat
        player.close()
    finally:
        host.stop()


# ---------------------------------------------------------------------- guessing
def heard_after(guesses: Guesses, source: str, now: float, others: list[str],
                step: float = 0.05) -> float:
    """Seconds until a code from ``source`` is looked at, trying every ``step`` from ``now``,
    while ``others`` send wrong codes whenever they may (``Guesses`` on time handed in)."""
    start = now
    while True:
        for other in others:  # the others first, each time
            if guesses.refusal(other, now) is None:
                guesses.looked(other, False, now)
        if guesses.refusal(source, now) is None:
            return now - start
        now += step
        assert now - start < 60, "never heard"


def guessing(guesses: Guesses, others: list[str], start: float, seconds: float) -> float:
    """``others`` send wrong codes whenever they may, every 0.05 s for ``seconds``: the
    time they last did."""
    now = start
    while True:
        for other in others:
            if guesses.refusal(other, now) is None:
                guesses.looked(other, False, now)
        if now + 0.05 > start + seconds:
            return now
        now += 0.05


def test_a_mistake_costs_only_its_own_address_a_short_wait_whatever_others_guess():
    guesses = Guesses(Slowing(), now=0.0)
    guessers = [f"10.6.6.{n}" for n in range(50)]
    now = guessing(guesses, guessers, 0.0, 30.0)  # the looks suspects share are spent
    assert guesses.refusal("10.6.6.0", now) is not None
    assert guesses.refusal("10.0.0.1", now) is None  # a newcomer is heard at once
    guesses.looked("10.0.0.1", False, now)  # a first mistake: half a second
    waited = heard_after(guesses, "10.0.0.1", now, guessers)
    assert waited <= Slowing().first + 0.1
    now += waited
    guesses.looked("10.0.0.1", False, now)  # a second: a second
    waited = heard_after(guesses, "10.0.0.1", now, guessers)
    assert waited <= 2 * Slowing().first + 0.1
    now += waited
    guesses.looked("10.0.0.1", True, now)  # right at last: clean
    assert guesses.refusal("10.0.0.1", now) is None


def test_past_two_mistakes_an_address_is_heard_on_its_own_wait_whatever_others_guess():
    """A player who mistypes again and again while fifty addresses guess at full speed is
    heard once its own wait is over (2 s after a third mistake, doubling up to ``most``):
    the guessers' codes never take its turn."""
    slowing = Slowing()
    guesses = Guesses(slowing, now=0.0)
    guessers = [f"10.6.6.{n}" for n in range(50)]
    now = guessing(guesses, guessers, 0.0, 30.0)
    waits = []
    for wrong in range(1, 9):
        assert guesses.refusal("10.0.0.2", now) is None
        guesses.looked("10.0.0.2", False, now)
        waits.append(heard_after(guesses, "10.0.0.2", now, guessers))
        assert waits[-1] <= min(slowing.most, slowing.first * 2 ** (wrong - 1)) + 0.06
        now += waits[-1]
    print(f"heard after each mistake, while 50 guess: {[round(w, 2) for w in waits]} s")
    assert max(waits) <= slowing.most + 0.06


def test_the_codes_looked_at_from_many_addresses_are_bounded_in_all():
    """Guessing stays slow from many addresses: each counted is heard once in ``most``
    seconds at most (after its first few), and those not counted share ``rate`` a second."""
    slowing = Slowing(remember=50)
    guesses = Guesses(slowing, now=0.0)
    guessers = [f"10.{n // 200}.{n % 200}.9" for n in range(150)]  # 50 counted, 100 not
    looked, now, seconds = 0, 0.0, 300.0
    while now < seconds:
        for guesser in guessers:
            if guesses.refusal(guesser, now) is None:
                guesses.looked(guesser, False, now)
                looked += 1
        now += 0.5
    # 0, 0.5, 1.5, 3.5, 7.5, 15.5 and 31.5 s, then one in ``most``
    each = 7 + seconds / slowing.most
    assert looked <= 50 * each + slowing.burst + seconds * slowing.rate
    print(f"codes looked at from 150 addresses in {seconds:.0f} s: {looked}")


def test_one_site_cannot_fill_the_table_of_guessers():
    """A guesser going from /64 to /64 of its site is counted for a few addresses of each
    /56 and /48, no more: the rest of its site are suspects, and the table keeps room for
    newcomers elsewhere, whose mistakes cost only their own short wait."""
    slowing = Slowing()
    guesses = Guesses(slowing, now=0.0)

    def flood(addresses: list[str]) -> int:
        looked = 0
        for address in addresses:
            if guesses.refusal(address, 0.0) is None:
                guesses.looked(address, False, 0.0)
                looked += 1
        return looked

    def spread(n: int) -> str:  # eight addresses in each /64, each /64 in a /56 of its own
        network = n // 8
        return f"2001:db8:77:{(network % 256) << 8 | network // 256:x}::{n % 8 + 1:x}"

    assert flood([spread(n) for n in range(slowing.remember + 64)]) <= (
        slowing.network48 + slowing.burst)
    # one /56: its /64s, one after another
    assert flood([f"2001:db8:55:1{n // 8:02x}::{n % 8 + 1:x}" for n in range(2048)]) <= (
        slowing.network56)
    for newcomer in ("2001:db8:99::1", "2001:db8:55:200::1", "10.0.0.1", "fe80::5"):
        assert guesses.refusal(newcomer, 0.0) is None, newcomer
        guesses.looked(newcomer, False, 0.0)
        why, wait = guesses.refusal(newcomer, 0.0)
        assert why.startswith("too many wrong codes from your address") and wait == 0.5
    why, _ = guesses.refusal("2001:db8:77:ffff::1", 0.0)  # the flood's own site
    assert why.startswith("too many wrong codes lately")


def test_a_table_full_of_many_sites_makes_any_other_address_a_suspect():
    slowing = Slowing(remember=2 * Slowing().network48)
    guesses = Guesses(slowing, now=0.0)
    for site in (0x77, 0x78):  # two sites fill it
        for n in range(slowing.network48):
            address = f"2001:db8:{site:x}:{n // 8 << 8:x}::{n % 8 + 1:x}"
            assert guesses.refusal(address, 0.0) is None
            guesses.looked(address, False, 0.0)
    looked = 0
    for n in range(100):  # newcomers from a third: suspects, never new
        address = f"2001:db8:99::{n + 1:x}"
        if guesses.refusal(address, 0.0) is None:
            guesses.looked(address, False, 0.0)
            looked += 1
    assert looked <= slowing.burst
    why, _ = guesses.refusal("10.3.0.1", 0.0)
    assert why.startswith("too many wrong codes lately")


def test_ipv6_addresses_are_slowed_one_by_one_with_a_lenient_limit_per_64():
    slowing = Slowing()
    guesses = Guesses(slowing, now=0.0)
    lone = ["2001:db8::66", "fe80::66%eth0"]
    now = guessing(guesses, lone, 0.0, 30.0)
    assert guesses.refusal("2001:db8::66", now) is not None
    for neighbour in ("2001:db8::7", "fe80::7", "fe80::8%eth1"):
        assert guesses.refusal(neighbour, now) is None, neighbour
    # a guesser going from address to address of its /64: past a few, the rest are suspects
    rotating = [f"2001:db8:0:5::{n:x}" for n in range(1, 200)]
    for address in rotating[:slowing.network]:
        assert guesses.refusal(address, now) is None
        guesses.looked(address, False, now)
    guessing(guesses, ["10.6.6.6", "10.6.6.7"] + rotating[:slowing.network], now, 1.0)
    spent = 0
    for address in rotating[slowing.network:]:
        if guesses.refusal(address, now) is None:
            guesses.looked(address, False, now)
            spent += 1
    assert spent <= slowing.burst
    why, wait = guesses.refusal("2001:db8:0:5::ffff", now)
    assert why.startswith("too many wrong codes lately") and wait <= 5.0
    assert guesses.refusal("2001:db8:0:6::1", now) is None  # another /64 is not


def test_a_full_table_of_guessers_makes_any_other_address_a_suspect():
    slowing = Slowing(remember=4)
    guesses = Guesses(slowing, now=0.0)
    for n in range(4):
        guesses.looked(f"10.1.0.{n}", False, 0.0)
    looked = 0
    for n in range(100):  # new addresses, each guessing once: no longer each looked at
        if guesses.refusal(f"10.2.0.{n}", 0.0) is None:
            guesses.looked(f"10.2.0.{n}", False, 0.0)
            looked += 1
    assert looked <= slowing.burst
    assert guesses.refusal("10.1.0.0", 0.1) is not None  # nobody was forgotten
    why, _ = guesses.refusal("10.3.0.1", 0.1)
    assert why.startswith("too many wrong codes lately")
    # once the guessers have been quiet for a while, they are forgotten and it is clean
    assert guesses.refusal("10.3.0.1", slowing.forget + 1) is None


def test_a_player_who_mistyped_joins_at_once_while_others_guess(net):
    """In the host: guessers from five addresses at full speed while a player mistypes
    once, then joins at its first try after the wait it is told."""
    host = hosted("N,N", net)
    clock = net.clock
    try:
        for _ in range(40):
            for n in range(5):
                link, answer = joined_with(host, at(net, f"10.6.6.{n}"), "WRONGCODE9")
                link.close()
            clock.advance(0.05)
        link, answer = joined_with(host, at(net, "10.0.0.1"), "WRONGC0DE")
        assert answer == msg.Error("wrong code")
        link.close()
        clock.advance(Slowing().first)
        link, answer = joined_with(host, at(net, "10.0.0.1"), host.code)
        assert isinstance(answer, msg.Welcome)
        link.close()
    finally:
        host.stop()


def joined_with(host, network: Network, code: str) -> tuple[Connection, msg.HostMessage | None]:
    link = Connection.open(*host.address, network.transport)
    link.send(msg.hello(code))
    return link, link.receive(WAIT)


def test_a_player_who_mistyped_joins_while_others_guess_over_real_sockets():
    """End to end on 127.0.0.x: guessers from five loopback addresses at full speed, and a
    player on another who mistypes once and then joins after the wait it is told."""
    host = hosted("N,N", REAL_NETWORK)
    with guessed_at(host):
        link = Connection(loopback(host.address, "127.0.0.5"))
        link.send(msg.hello("WRONGC0DE"))
        assert link.receive(WAIT) == msg.Error("wrong code")
        link.close()
        answers = []
        while not answers or not isinstance(answers[-1], msg.Welcome):
            link = Connection(loopback(host.address, "127.0.0.5"))
            link.send(msg.hello(host.code))
            answers.append(answer := link.receive(WAIT))
            link.close()
            if isinstance(answer, msg.Error):  # its own half second, at most once
                assert answer.retry is not None and answer.retry <= Slowing().first, answer
                assert "your address" in answer.text and len(answers) == 1
                time.sleep(answer.retry)


def test_a_player_who_mistyped_three_times_joins_on_its_own_wait_over_real_sockets():
    """End to end on 127.0.0.x, with short waits: guessers from five loopback addresses at
    full speed, and a player on another who mistypes three times is told to wait only for
    its own mistakes, and joins (the suspects' share is small, so the guessers spend it)."""
    slowing = Slowing(first=0.2, most=1.6, rate=0.5, burst=1.0)
    host = hosted("N,N", REAL_NETWORK, limits=Limits(slowing=slowing))
    with guessed_at(host):
        answers: list[msg.HostMessage | None] = []
        wrong = 0
        while not answers or not isinstance(answers[-1], msg.Welcome):
            link = Connection(loopback(host.address, "127.0.0.6"))
            link.send(msg.hello("WRONGC0DE" if wrong < 3 else host.code))
            answers.append(answer := link.receive(WAIT))
            link.close()
            if answer == msg.Error("wrong code"):
                wrong += 1
            elif isinstance(answer, msg.Error):  # its own wait, never the others'
                assert answer.retry is not None and answer.retry <= 4 * slowing.first + 0.05, \
                    answer
                assert "your address" in answer.text
                time.sleep(answer.retry + 0.05)  # told to a tenth of a second
            assert len(answers) < 12, answers
        assert wrong == 3


@contextlib.contextmanager
def guessed_at(host: Host) -> Iterator[None]:
    """Within: guessers from five loopback addresses (127.0.0.66-70) send wrong codes to
    ``host`` at full speed, well under way from the start; then they and the host stop."""
    stop, guessed = threading.Event(), [0]

    def guess(source: str) -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                link = Connection(loopback(host.address, source))
                link.send(msg.hello("WRONGCODE9"))
                link.receive(WAIT)
                link.close()
                guessed[0] += 1

    threads = [threading.Thread(target=guess, args=(f"127.0.0.{66 + n}",), daemon=True)
               for n in range(5)]
    try:
        for thread in threads:
            thread.start()
        until(lambda: guessed[0] > 100, "the guessers to get going")
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join(WAIT)
        host.stop()


def loopback(address: tuple[str, int], source: str) -> socket.socket:
    """A real connection to ``address`` (on 127.0.0.1) from the loopback address ``source``."""
    assert address[0] == "127.0.0.1" and source.startswith("127.")
    return socket.create_connection(address, timeout=WAIT, source_address=(source, 0))


# ---------------------------------------------------------------------- what is queued
class Stalled:
    """A ``Peer`` on a loop on ``clock``, on a socket whose other end never reads."""

    def __init__(self, clock: FakeClock, limits: Limits) -> None:
        self.loop = clock.event_loop()
        self.ours, self.theirs = socket.socketpair()
        self.ours.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.peer, self.pump = self.loop.run_until_complete(self._make(limits))

    async def _make(self, limits: Limits) -> tuple[Peer, asyncio.Task[None]]:
        _, writer = await asyncio.open_connection(sock=self.theirs)
        peer = Peer(writer, limits, self.loop.time, "10.0.0.1")
        return peer, asyncio.create_task(peer.pump())

    def spin(self) -> None:
        """Let the loop run what is ready (no time passes)."""
        async def spin() -> None:
            for _ in range(50):
                await asyncio.sleep(0)
        self.loop.run_until_complete(spin())

    def close(self) -> None:
        self.peer.abort()
        self.pump.cancel()
        self.loop.run_until_complete(asyncio.gather(self.pump, return_exceptions=True))
        self.spin()
        self.loop.close()
        self.ours.close()


def test_what_waits_for_a_peer_is_counted_in_bytes_and_its_kernel_buffer_is_small():
    limits = Limits()
    stalled = Stalled(FakeClock(), limits)
    try:
        buffer = stalled.theirs.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF)
        assert buffer <= 2 * limits.send_buffer  # Linux doubles what it is asked for
        peer = stalled.peer
        for number in range(1000):  # many small lines: a peer that reads is never cut
            peer.send({"ping": number})
        assert not peer.closing
        big = {"pad": "x" * 100_000}
        for _ in range(limits.send_queue // 100_000 + 1):  # a few lines, more bytes than it may
            peer.send(big)
        assert peer.closing
    finally:
        stalled.close()


def test_a_peer_that_never_reads_is_cut_once_it_has_not_read_for_the_send_timeout():
    clock, limits = FakeClock(), Limits()
    stalled = Stalled(clock, limits)
    try:
        peer = stalled.peer
        for _ in range(8):  # more than the kernel holds for it, well within the queue
            peer.send({"pad": "x" * 60_000})
        stalled.spin()
        assert not peer.closing and not stalled.pump.done()
        clock.advance(10.0 - 0.1)
        stalled.spin()
        assert not peer.closing
        clock.advance(0.2)  # ten seconds at most
        stalled.spin()
        assert peer.closing and stalled.pump.done()
    finally:
        stalled.close()


# ---------------------------------------------------------------------- a window's queue
def a_game() -> msg.GameState:
    seats = parse_seats("N,N")
    return msg.GameState(1, 0, Game(seats_in_game(seats)), seats, (), (1, 2), False)


def test_a_windows_queue_keeps_the_newest_game_every_move_and_no_more_than_it_may():
    events = Events(limit=8)
    games = [a_game() for _ in range(6)]
    moves = [msg.Moved(n, 1, n + 1) for n in range(3)]
    for event in (games[0], moves[0], games[1], games[2], Lost("a"), Lost("b"), moves[1],
                  games[3], games[4], games[5]):
        events.put(event)
    assert list(events.queue) == [games[0], moves[0], games[2], Lost("b"), moves[1], games[5]]
    for number in range(20):
        events.put(msg.Error(f"refused {number}"))
    events.put(moves[2])
    waiting = list(events.queue)  # eight besides the moves
    assert len(waiting) == 8 + 3 and [e for e in waiting if isinstance(e, msg.Moved)] == moves


def test_a_windows_queue_never_drops_where_its_link_stands():
    events = Events(limit=2)
    kept = [msg.Welcome(1, "token"), msg.Moved(0, 1, 1), Gone("The host has gone.")]
    for event in (kept[0], kept[1], *[msg.Error(f"refused {n}") for n in range(9)], kept[2]):
        events.put(event)
    assert [e for e in events.queue if not isinstance(e, msg.Error)] == kept


def test_a_window_under_rules_takes_what_waits_up_to_the_next_move():
    """What needs no showing is taken while a window is on top; a move and all behind it
    wait to be shown."""
    events = Events()
    first, move, after = a_game(), msg.Moved(0, 1, 1), a_game()
    for event in (first, Lost("a"), move, after):
        events.put(event)
    assert events.get_unless_move() == first and events.get_unless_move() == Lost("a")
    assert events.get_unless_move() is None
    assert list(events.queue) == [move, after] and events.moves == 1


def test_a_flood_of_moves_sends_the_window_back_for_the_whole_game():
    """A host that sends moves faster than the window shows them gains nothing: past the
    moves it may keep, the queue lets everything go and says so, and the link joins again
    (a rejoin brings the game as it stands)."""
    events = Events(limit=4, moves=10)
    for number in range(10):
        events.put(msg.Moved(number, 1, number + 1))
    with pytest.raises(ConnectionError):
        events.put(msg.Moved(10, 1, 11))
    assert events.qsize() == 0 and events.moves == 0
    events.put(msg.Moved(0, 1, 1))
    assert events.get_nowait() == msg.Moved(0, 1, 1) and events.moves == 0


def test_a_windows_lines_hold_one_game_however_often_it_comes(net):
    """Neither a hosting window's line nor a joined window's link grows while the window
    takes nothing (a chain on show, or Rules on top), however many games the host sends."""
    host = hosted("N,N", net, spectators=4)
    hosting = HostLine(host, lambda: None)
    hosting.start()
    watching = Link(*host.address, host.code, network=at(net, "10.0.9.1"), watch=True)
    watching.start()
    try:
        until(lambda: host.snapshot().peers == 1, "the link to watch")
        for _ in range(300):
            host.resend()
        until(lambda: watching.events.qsize() and isinstance(
            watching.events.queue[-1], msg.GameState) and hosting.events.qsize(),
            "the games to come")
        host.stop()  # nothing more comes: what waits is all there is
        for line in (hosting.events, watching.events):
            games = [e for e in list(line.queue) if isinstance(e, msg.GameState)]
            assert len(games) <= 2 and line.qsize() <= 6, list(line.queue)
    finally:
        watching.close()
        host.stop()


def test_lines_far_behind_the_hosts_moves_take_the_whole_game_again(net):
    """A window that takes nothing while its host plays on holds a few moves at most: past
    them, a hosting window's line is handed the game as it stands, and a joined window's link
    joins again for it; the game's end comes all the same."""
    host = hosted("C1,C1", net, games=0, spectators=4)
    hosting = HostLine(host, lambda: None)
    hosting.events = Events(moves=5)
    hosting.start()
    watching = Link(*host.address, host.code, network=at(net, "10.0.9.2"), watch=True)
    watching.events = Events(moves=5)
    watching.start()

    def ended(events: queue.Queue[object]) -> bool:
        return any(isinstance(e, msg.GameState) and e.game.winner is not None
                   for e in list(events.queue))

    try:
        until(lambda: ended(hosting.events) and ended(watching.events), "the game's end",
              net, step=1.0)
        for line in (hosting.events, watching.events):
            assert sum(isinstance(e, msg.Moved) for e in list(line.queue)) <= 5
    finally:
        watching.close()
        host.stop()


def test_a_hosting_windows_line_reads_the_games_off_the_hosts_thread(net, monkeypatch):
    readers: list[str] = []
    read = msg.host_message

    def reading(data):
        readers.append(threading.current_thread().name)
        return read(data)

    monkeypatch.setattr(msg, "host_message", reading)
    host = hosted("N,N", net)
    line = HostLine(host, lambda: None)
    line.start()
    try:
        for _ in range(50):
            host.resend()
        until(lambda: line.events.qsize() and readers, "the games to be read")
    finally:
        host.stop()
    assert "chainplus-host" not in readers and len(readers) <= 51


# ---------------------------------------------------------------------- a restart
def test_a_headless_host_given_a_code_needs_its_autosave_to_be_started_again(capsys, tmp_path):
    """A host started again with its code but not its tokens would seat whoever came first."""
    assert cli.main(["host", "--seats", "N,N", "--code", "K7QX2M4PR"]) == 2
    err = capsys.readouterr().err
    assert "--code" in err and "--autosave" in err and err.count("\n") == 1
    args = cli.build_parser().parse_args(["host", "--seats", "N,N", "--code", "K7QX2M4PR",
                                          "--autosave", str(tmp_path / "host.json")])
    assert net_commands.host_config(args).code == "K7QX2M4PR"


def test_a_joiner_whose_seat_went_to_another_takes_a_free_one(net):
    """A host started again knows no tokens: a stranger takes the bot's old seat first, and
    the bot plays on in a free one."""
    stop = threading.Event()
    first = hosted("N,N,N", net)
    address, code = first.address, first.code
    results: list[object] = []
    bot = threading.Thread(target=lambda: results.append(_play(address, code, net, stop)),
                           daemon=True)
    bot.start()
    until(lambda: first.snapshot().connected == (1,), "the bot to take seat 1")
    first.stop()
    again = hosted("N,N,N", net, code=code, port=address[1])
    try:
        stranger, answer = joined(again, at(net, "10.0.0.9"), seat=1)
        assert isinstance(answer, msg.Welcome) and answer.seat == 1
        until(lambda: len(again.snapshot().connected) == 2 or results, "the bot to be back",
              net, step=0.25)
        assert results == [] and again.snapshot().connected == (1, 2)
        stranger.close()
    finally:
        stop.set()
        again.stop()
        bot.join(WAIT)


def _play(address: tuple[str, int], code: str, network: Network,
          stop: threading.Event) -> BotResult | Exception:
    try:
        return play(*address, code, BotPlayer(stop=stop), network)
    except JoinError as exc:
        return exc


# ---------------------------------------------------------------------- who can reach it
@pytest.mark.parametrize("listen, shown", [
    ("0.0.0.0", ["192.168.1.5"]), ("", ["192.168.1.5", "fd00::5"]),
    ("::", ["192.168.1.5", "fd00::5"]), ("127.0.0.1", ["127.0.0.1"]),
])
def test_a_host_shows_every_address_others_can_reach_it_at(monkeypatch, listen, shown):
    def found(name, port, family=0, kind=0):  # the machine's own, as its name resolves
        every = [(socket.AF_INET, "192.168.1.5"), (socket.AF_INET, "127.0.1.1"),
                 (socket.AF_INET6, "fd00::5"), (socket.AF_INET6, "::1")]
        return [(f, kind, 0, "", (a, 0)) for f, a in every if family in (0, f)]

    monkeypatch.setattr(socket, "getaddrinfo", found)
    monkeypatch.setattr(socket, "gethostname", lambda: "here")
    assert own_addresses(listen) == shown


def test_watchers_coming_and_going_over_real_sockets_tell_a_player_nothing():
    """End to end on 127.0.0.x: watchers from ten loopback addresses join and leave while a
    player waits; the next thing the player hears is the second player's join."""
    host = hosted("N,N", REAL_NETWORK, spectators=4)
    try:
        player = Connection(loopback(host.address, "127.0.0.2"))
        player.send(msg.hello(host.code))
        assert isinstance(player.receive(WAIT), msg.Welcome)
        assert isinstance(player.receive(WAIT), msg.GameState)
        for n in range(10):
            watcher = Connection(loopback(host.address, f"127.0.0.{20 + n}"))
            watcher.send(msg.hello(host.code, watch=True))
            assert watcher.receive(WAIT) == msg.Watching()
            assert isinstance(watcher.receive(WAIT), msg.GameState)
            watcher.send({"leave": True})
            watcher.finish()
            watcher.close()
        second = Connection(loopback(host.address, "127.0.0.3"))
        second.send(msg.hello(host.code))
        state = player.receive(WAIT)
        assert isinstance(state, msg.GameState) and state.connected == (1, 2)
        player.close()
        second.close()
    finally:
        host.stop()


def test_a_windows_queue_keeps_a_games_end_when_the_next_game_follows():
    events = Events()
    over, following = a_game(), a_game()
    following = msg.GameState(2, 0, following.game, following.seats, (), (1, 2), False)
    for event in (over, following):
        events.put(event)
    assert list(events.queue) == [over, following]
