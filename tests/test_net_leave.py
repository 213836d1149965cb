"""Leaving a host's game in order: the window's link and the bot say ``leave`` and then let the
host close first, so the line is never reset with the host's last lines unread (a reset can
make a host lose the leave, and keep the seat for its grace). Real sockets on 127.0.0.1, as
it is TCP's closing that is tested; the host is a plain socket that says what a host says."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator

import pytest
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


@pytest.fixture
def server() -> Iterator[socket.socket]:
    """A host's listening socket on 127.0.0.1."""
    listening = socket.create_server(("127.0.0.1", 0))
    listening.settimeout(WAIT)
    yield listening
    listening.close()


@pytest.fixture
def link(server: socket.socket) -> Iterator[Link]:
    """A window's link to the host at ``server``, started."""
    started = Link(*server.getsockname(), "ABCDEFGH2")
    started.start()
    yield started
    started.close()


@pytest.fixture
def bot(server: socket.socket) -> Iterator[Connection]:
    """A bot's connection to the host at ``server``, its hello said."""
    connection = Connection.open(*server.getsockname())
    connection.send(msg.hello("ABCDEFGH2"))
    yield connection
    connection.close()


def in_background(task: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=task, daemon=True)
    thread.start()
    return thread


def leaving(bot: Connection) -> threading.Thread:
    """The bot leaving, and closing its end once ``leave`` returns, on a thread."""
    def leave_and_close() -> None:
        bot.leave()
        bot.close()
    return in_background(leave_and_close)


def ended(thread: threading.Thread) -> bool:
    thread.join(WAIT)
    return not thread.is_alive()


def test_a_window_that_leaves_lets_the_host_close_first(monkeypatch, server, link) -> None:
    monkeypatch.setattr(link_module, "LEAVING", WAIT)  # however slowly this host closes
    peer = joined(server)
    heard(link, lambda event: isinstance(event, msg.Welcome))
    talker = Talker(peer)
    closing = in_background(link.close)
    assert LEAVE in read_to_leave(peer)  # and then the line's end, in order
    talker.stop.set()
    assert ended(talker) and talker.failure is None
    for _ in range(100):  # the link still reads, till the host closes: no reset
        peer.sendall(PINGS)
    peer.close()
    assert ended(closing)


def test_a_window_that_leaves_before_its_welcome_still_says_leave(server, link) -> None:
    """The host may seat a joiner whose hello it has read: a link closed before the welcome
    came says leave too, after its hello, and so frees that seat at once."""
    peer, _ = server.accept()
    peer.settimeout(WAIT)
    with peer, peer.makefile("rb") as lines:
        assert "hello" in json.loads(lines.readline())
        closing = in_background(link.close)
        assert lines.readline() == LEAVE and lines.readline() == b""
    assert ended(closing)


def test_a_bot_that_leaves_lets_the_host_close_first(server, bot) -> None:
    peer = joined(server)
    peer.sendall(PINGS)  # unread by the bot when it leaves
    left = leaving(bot)
    assert read_to_leave(peer).endswith(LEAVE)
    for _ in range(3):  # the bot still reads, till the host closes: no reset
        peer.sendall(PINGS)
    peer.close()
    assert ended(left)


def test_a_bot_that_leaves_a_host_that_talks_on_goes_all_the_same(server, bot) -> None:
    peer = joined(server)
    talker = Talker(peer)  # never closes: the bot reads a line's length at most, and goes
    assert ended(leaving(bot))
    talker.stop.set()
    peer.close()
