"""Leaving a host's game in order: the window's link and the bot say ``leave`` and then let the
host close first, so the line is never reset with the host's last lines unread (a reset can
make a host lose the leave, and keep the seat for its grace). Real sockets on 127.0.0.1, as
it is TCP's closing that is tested; the host is a plain socket that says what a host says."""

from __future__ import annotations

import json
import socket
import threading

from test_net_play import WAIT, heard

from chainplus.net import link as link_module
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.link import Link

WELCOME = {"welcome": msg.NAME, "version": msg.VERSION, "seat": 1, "token": "T" * 16}
PINGS = b"".join(msg.encode({"ping": n}) for n in range(1000))
LEAVE = msg.encode({"leave": True})


class Talker(threading.Thread):
    """The host talking on (pings, which a link answers) until told to stop, keeping what
    went wrong: a joiner that closed with lines unread resets the line under it."""

    def __init__(self, peer: socket.socket) -> None:
        super().__init__(daemon=True)
        self.peer, self.stop, self.failure = peer, threading.Event(), None
        self.start()

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.peer.sendall(PINGS)
        except OSError as exc:
            self.failure = exc


def joined(server: socket.socket) -> socket.socket:
    """The joiner's connection, welcomed to seat 1."""
    peer, _ = server.accept()
    peer.settimeout(WAIT)
    assert "hello" in json.loads(peer.makefile("rb").readline())
    peer.sendall(msg.encode(WELCOME))
    return peer


def read_to_leave(peer: socket.socket) -> bytes:
    """What the joiner sends up to its leave, then up to its end of the line (as a host
    reads it); a reset is an error."""
    got = b""
    while LEAVE not in got:
        chunk = peer.recv(65536)
        assert chunk, got[-200:]
        got += chunk
    while chunk := peer.recv(65536):  # ConnectionResetError here: the leave could be lost
        got += chunk
    return got


def test_a_window_that_leaves_lets_the_host_close_first(monkeypatch) -> None:
    monkeypatch.setattr(link_module, "LEAVING", WAIT)  # however slowly this host closes
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(WAIT)
    link = Link(*server.getsockname(), "ABCDEFGH2")
    link.start()
    try:
        peer = joined(server)
        heard(link, lambda event: isinstance(event, msg.Welcome))
        talker = Talker(peer)
        closing = threading.Thread(target=link.close, daemon=True)
        closing.start()
        assert LEAVE in read_to_leave(peer)  # and then the line's end, in order
        talker.stop.set()
        talker.join(WAIT)
        assert talker.failure is None
        for _ in range(100):  # the link still reads, till the host closes: no reset
            peer.sendall(PINGS)
        peer.close()
        closing.join(WAIT)
        assert not closing.is_alive()
    finally:
        link.close()
        server.close()


def test_a_window_that_leaves_before_its_welcome_still_says_leave() -> None:
    """The host may seat a joiner whose hello it has read: a link closed before the welcome
    came says leave too, after its hello, and so frees that seat at once."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(WAIT)
    link = Link(*server.getsockname(), "ABCDEFGH2")
    link.start()
    try:
        peer, _ = server.accept()
        peer.settimeout(WAIT)
        lines = peer.makefile("rb")
        assert "hello" in json.loads(lines.readline())
        closing = threading.Thread(target=link.close, daemon=True)
        closing.start()
        assert lines.readline() == LEAVE and lines.readline() == b""
        lines.close()
        peer.close()
        closing.join(WAIT)
        assert not closing.is_alive()
    finally:
        link.close()
        server.close()


def leave_and_close(bot: Connection) -> None:
    bot.leave()
    bot.close()


def test_a_bot_that_leaves_lets_the_host_close_first() -> None:
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(WAIT)
    bot = Connection.open(*server.getsockname())
    try:
        bot.send(msg.hello("ABCDEFGH2"))
        peer = joined(server)
        peer.sendall(PINGS)  # unread by the bot when it leaves
        leaving = threading.Thread(target=leave_and_close, args=(bot,), daemon=True)
        leaving.start()
        assert read_to_leave(peer).endswith(LEAVE)
        for _ in range(3):  # the bot still reads, till the host closes: no reset
            peer.sendall(PINGS)
        peer.close()
        leaving.join(WAIT)
        assert not leaving.is_alive()
    finally:
        bot.close()
        server.close()


def test_a_bot_that_leaves_a_host_that_talks_on_goes_all_the_same() -> None:
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(WAIT)
    bot = Connection.open(*server.getsockname())
    try:
        bot.send(msg.hello("ABCDEFGH2"))
        peer = joined(server)
        talker = Talker(peer)  # never closes: the bot reads a line's length at most, and goes
        leaving = threading.Thread(target=leave_and_close, args=(bot,), daemon=True)
        leaving.start()
        leaving.join(WAIT)
        assert not leaving.is_alive()
        talker.stop.set()
        peer.close()
    finally:
        bot.close()
        server.close()
