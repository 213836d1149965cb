"""Nothing a peer sends can hurt a game: well over 1,000 hostile lines and connections thrown
at a host in mid-game (garbage, invalid UTF-8, huge lines, deep nesting, floods past the rate
limit, wrong codes, half-open sockets, moves out of turn, for another seat and illegal), and
the game goes on untouched to a valid record with every honest player still connected.
Loopback only: the host listens on 127.0.0.1."""

from __future__ import annotations

import json
import logging
import random
import socket
import threading

from test_net_play import WAIT, Bots

from chainplus.ai.players import choose_move
from chainplus.core.records import game_from_data
from chainplus.core.rules import square_of
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig
from chainplus.net.peer import Limits
from chainplus.net.seats import parse_host_seats

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


def rude(address: tuple[str, int], payload: bytes, read: bool = True) -> None:
    """Open a connection, send ``payload`` and (if ``read``) read until the host closes it."""
    with socket.create_connection(address, timeout=WAIT) as sock:
        try:
            sock.sendall(payload)
            while read and sock.recv(65536):
                pass
        except OSError:
            pass  # the host cut us off mid-send: what it should do to a flood


class Fuzzer:
    """Holds seats 3 and 4, plays them honestly, and attacks when seat 3 is to move."""

    def __init__(self, host: Host) -> None:
        self.host, self.sent, self.connections = host, 0, 0
        self.seats = {seat: self._take(seat) for seat in (3, 4)}

    def _take(self, seat: int, token: str | None = None) -> tuple[Connection, str]:
        link = Connection.open(*self.host.address)
        link.send(msg.hello(self.host.code, seat=None if token else seat, token=token))
        welcome = link.receive(WAIT)
        assert isinstance(welcome, msg.Welcome) and welcome.seat == seat, welcome
        threading.Thread(target=self._drain, args=(link,), daemon=True).start()
        return link, welcome.token

    def _drain(self, link: Connection) -> None:
        try:
            while (message := link.receive(WAIT)) is not None:
                if isinstance(message, msg.Ping):
                    link.send({"pong": message.number})
        except OSError:
            pass

    def attack(self) -> None:
        address = self.host.address
        game = game_from_data(self.host.snapshot().record)
        theirs = [s for s in range(64) if game.owners[s] not in (0, 3)]
        # unjoined connections: every kind of garbage, enough each to be dropped
        for n in range(36):
            lines = [GARBAGE[(n + k) % len(GARBAGE)] for k in range(25)]
            self.sent += len(lines)
            rude(address, b"".join(lines))
        for payload in (b"x" * 200_000, b"x" * 100_000 + b"\n{}\n",  # huge lines
                        b'{"pong": 1}\n' * 500,  # a flood past the rate limit
                        b'{"hello": "chainplus", "version": 1, "code": "AAAAAA"}\n'):
            self.sent += max(1, payload.count(b"\n"))
            rude(address, payload)
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
    host = Host(HostConfig(parse_host_seats("N,N,N,N"), seed=3,
                           limits=Limits(hello_timeout=2.0)))
    host.start()
    try:
        bots = Bots(host, 2, level=1)
        while host.snapshot().connected != (1, 2):
            assert not host.wait(0.01)
        fuzzer = Fuzzer(host)
        half_open = [socket.create_connection(host.address) for _ in range(10)]
        half_open[0].sendall(b'{"hello": "chainpl')  # a line begun and never ended
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
            moves = len(game.moves)
            fuzzer.play(game.to_move)
        results = bots.join()
        assert attacked and fuzzer.sent + fuzzer.connections >= 1000
        [record] = host.snapshot().finished
        game = game_from_data(record)
        assert game.winner is not None
        for bot in results:  # the honest players stayed connected and saw the same end
            assert bot.reconnects == 0 and bot.errors == []
            assert [game_from_data(r).state() for r in bot.records] == [game.state()]
        assert host.alive()
        for sock in half_open:
            sock.settimeout(WAIT)
            assert sock.recv(100) == b""  # the host closed every half-open socket
            sock.close()
    finally:
        host.stop()
    assert not host.alive()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    print(json.dumps({"hostile": fuzzer.sent, "connections": fuzzer.connections}))
