"""Nothing a peer sends can hurt a game: well over 1,000 hostile lines and connections thrown
at a host in mid-game (garbage, invalid UTF-8, huge lines, deep nesting, floods past the rate
limit, wrong codes, half-open sockets, moves out of turn, for another seat and illegal), and
the game goes on untouched to a valid record with every honest player still connected.
On ``net.fakes``: the connections are made in memory, from addresses of their own, and the
hello timeout that closes the half-open ones passes when the test moves the clock."""

from __future__ import annotations

import json
import logging
import random
import socket
import threading

from net_fakes import MemoryTransport
from test_net_play import WAIT, bots

from chainplus.ai.players import choose_move
from chainplus.app.seats import parse_seats
from chainplus.core.records import game_from_data
from chainplus.core.rules import square_of
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig
from chainplus.net.peer import Limits
from chainplus.net.transport import Network
from lab.rigs.fakes import FakeClock

GARBAGE = [
    b"\x00\x01\x02\xff\n", b"\xc3\x28\xa0\xa1\n", b"not json at all\n", b"[1, 2, 3]\n",
    b"{}\n", b'{"move": "e4"}\n', b'{"move": [9, 9]}\n', b'{"move": [-1, 0]}\n',
    b'{"move": [1.5, 2]}\n', b'{"move": [1, 2, 3]}\n', b'{"dance": true}\n', b"null\n",
    b'{"hello": "chainplus", "version": 2, "code": "X"}\n', b'{"hello": 1}\n',
    b"[" * 3000 + b"\n", b'{"a":' * 1000 + b"1" + b"}" * 1000 + b"\n", b"1" * 4000 + b"\n",
    b'{"pong": "x"}\n', b'{"move": [0, 0]}\n', b'"\\ud800"\n', b"\n", b"\r\n",
    b'{"hello": "chainplus", "version": 1, "code": "' + b"\xff" * 10 + b'"}\n',
    b'{"hello": "chainplus", "version": 1, "code": "WRONG9"}\n',
]


def rude(transport: MemoryTransport, address: tuple[str, int], payload: bytes) -> None:
    """Open a connection, send ``payload`` and read until the host closes it."""
    with transport.connect(*address, WAIT) as sock:
        try:
            sock.sendall(payload)
            while sock.recv(65536):
                pass
        except OSError:
            pass  # the host cut us off mid-send: what it should do to a flood


def lingering(transport: MemoryTransport, address: tuple[str, int], payload: bytes
              ) -> socket.socket:
    """Open a connection, send ``payload`` (which asks nothing the host would close it for)
    and leave it open."""
    sock = transport.connect(*address, WAIT)
    sock.sendall(payload)
    return sock


class Fuzzer:
    """Holds seats 3 and 4, plays them honestly, and attacks when seat 3 is to move; the
    connections it leaves open for the host to close in its own time are ``left``."""

    def __init__(self, host: Host, transport: MemoryTransport) -> None:
        self.host, self.transport, self.sent, self.connections = host, transport, 0, 0
        self.left: list[socket.socket] = []
        self.seats = {seat: self._take(seat) for seat in (3, 4)}

    def _take(self, seat: int, token: str | None = None) -> tuple[Connection, str]:
        link = Connection.open(*self.host.address, self.transport)
        link.send(msg.hello(self.host.code, seat=None if token else seat, token=token))
        welcome = link.receive(WAIT)
        assert isinstance(welcome, msg.Welcome) and welcome.seat == seat, welcome
        threading.Thread(target=self._drain, args=(link,), daemon=True).start()
        return link, welcome.token

    def _drain(self, link: Connection) -> None:
        """Read the host's lines (answering its pings) until it closes the connection."""
        try:
            while (message := link.receive(WAIT)) is not None:
                if isinstance(message, msg.Ping):
                    link.send({"pong": message.number})
        except OSError:
            pass
        finally:
            link.close()

    def attack(self) -> None:
        address = self.host.address
        game = game_from_data(self.host.snapshot().record)
        theirs = [s for s in range(64) if game.owners[s] not in (0, 3)]
        # unjoined connections: every kind of garbage, enough each to be dropped
        for n in range(36):
            lines = [GARBAGE[(n + k) % len(GARBAGE)] for k in range(25)]
            self.sent += len(lines)
            rude(self.transport.at(f"10.6.6.{n}"), address, b"".join(lines))
        for payload in (b"x" * 200_000, b"x" * 100_000 + b"\n{}\n"):  # huge lines
            self.sent += max(1, payload.count(b"\n"))
            self.left.append(lingering(self.transport, address, payload))
        for payload in (b'{"pong": 1}\n' * 500,  # a flood past the rate limit
                        b'{"hello": "chainplus", "version": 1, "code": "AAAAAA"}\n'):
            self.sent += max(1, payload.count(b"\n"))
            rude(self.transport, address, payload)
        # seats 3 and 4 taken over with their tokens: moves out of turn, for another seat,
        # illegal ones, stale ones, a second hello
        for seat, bad in ((4, lambda: msg.move(random.choice(range(64)))),
                          (3, lambda: msg.move(random.choice(theirs))),
                          (3, lambda: msg.move(0, seat=1)),
                          (3, lambda: msg.move(square_of(0, 0), number=1)),
                          (4, lambda: msg.hello(self.host.code))):
            old, token = self.seats[seat]
            self.seats[seat] = link, _ = self._take(seat, token)
            for _ in range(15):
                link.send(bad())
                self.sent += 1
        self.connections += 36 + 4 + 5

    def play(self, seat: int) -> None:
        view = self.host.snapshot()
        game = game_from_data(view.record)
        square = choose_move(game, 0, 0, random.Random(len(game.moves)))
        self.seats[seat][0].send(msg.move(square, number=len(game.moves) + 1))


def test_a_host_shrugs_off_a_thousand_hostile_messages_mid_game(caplog):
    caplog.set_level(logging.WARNING)
    clock, transport = FakeClock(), MemoryTransport()
    network = Network(clock, transport)
    limits = Limits(hello_timeout=2.0)
    host = Host(HostConfig(parse_seats("N,N,N,N"), seed=3, limits=limits),
                network=network)
    host.start()
    try:
        honest = bots(host, network, 2, level=1)
        while host.snapshot().connected != (1, 2):
            assert not host.wait(0.01)
        fuzzer = Fuzzer(host, transport.at("10.6.6.6"))
        half_open = transport.at("10.7.7.7")
        fuzzer.left += [half_open.connect(*host.address, WAIT) for _ in range(10)]
        fuzzer.left[-1].sendall(b'{"hello": "chainpl')  # a line begun and never ended
        attacked, moves = False, -1
        while not host.wait(0.002):
            view = host.snapshot()
            game = game_from_data(view.record)
            if game.to_move not in (3, 4) or len(game.moves) == moves or game.winner:
                continue
            if not attacked and game.to_move == 3 and len(game.moves) >= 8:
                before = view.record
                fuzzer.attack()
                attacked = True
                after = host.snapshot()
                assert after.record == before  # nothing hostile changed the game
                assert after.connected == (1, 2, 3, 4)
                clock.advance(limits.hello_timeout)  # none of the connections left said hello
                heard = [read_to_end(sock) for sock in fuzzer.left]  # each closed by the host
                # the half-open got nothing but the two pushed out by the last eight (one
                # address has eight places to wait in), the huge lines their one error each
                assert heard.count(b"") == 8 and sum(b"too long" in h for h in heard) == 2
                assert sum(b"too many connections" in h for h in heard[:2]) == 2
                assert host.snapshot().connected == (1, 2, 3, 4)
            moves = len(game.moves)
            fuzzer.play(game.to_move)
        results = honest.join()
        assert attacked and fuzzer.sent + fuzzer.connections >= 1000
        [record] = host.snapshot().finished
        game = game_from_data(record)
        assert game.winner is not None
        for bot in results:  # the honest players stayed connected and saw the same end
            assert bot.reconnects == 0 and bot.errors == []
            assert [game_from_data(r).state() for r in bot.records] == [game.state()]
    finally:
        host.stop()
    assert not host.alive()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    print(json.dumps({"hostile": fuzzer.sent, "connections": fuzzer.connections}))


def read_to_end(sock: socket.socket) -> bytes:
    """What the host sent until it closed the connection (a socket timeout if it does not)."""
    got = b""
    while chunk := sock.recv(65536):
        got += chunk
    sock.close()
    return got
