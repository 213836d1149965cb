"""Leaving a host's game in order: the window's link and the bot say ``leave`` and then let the
host close first, so the line is never reset with the host's last lines unread (a reset can
make a host lose the leave, and keep the seat for its grace). Real sockets on 127.0.0.1, as
it is TCP's closing that is tested; the host is a plain socket that says what a host says."""

from __future__ import annotations

import json
import socket
import threading

from test_net_play import WAIT, heard

from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.framing import MAX_HOST_LINE
from chainplus.net.link import Link

WELCOME = {"welcome": msg.NAME, "version": msg.VERSION, "seat": 1, "token": "T" * 16}
#: The host's lines the joiner has not read when it leaves: far more than a socket buffers.
BURST = b"".join(msg.encode({"ping": n}) for n in range(60_000))
LEAVE = msg.encode({"leave": True})


def joined(server: socket.socket) -> tuple[socket.socket, list[dict[str, object]]]:
    """The joiner's connection, welcomed to seat 1, and the lines it has sent so far."""
    peer, _ = server.accept()
    peer.settimeout(WAIT)
    said = [json.loads(peer.makefile("rb").readline())]
    assert "hello" in said[0]
    peer.sendall(msg.encode(WELCOME))
    return peer, said


def read_to_leave(peer: socket.socket) -> bytes:
    """What the joiner sends up to its leave, then up to its end of the line (as a host
    reads it); a reset is an error."""
    got = b""
    while b'"leave"' not in got:
        chunk = peer.recv(65536)
        assert chunk, got[-200:]
        got += chunk
    while chunk := peer.recv(65536):  # ConnectionResetError here: the leave could be lost
        got += chunk
    return got


def test_a_window_that_leaves_lets_the_host_close_first() -> None:
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(WAIT)
    link = Link(*server.getsockname(), "ABCDEFGH2")
    link.start()
    try:
        peer, _ = joined(server)
        heard(link, lambda event: isinstance(event, msg.Welcome))
        sender = threading.Thread(target=peer.sendall, args=(BURST,), daemon=True)
        sender.start()  # the host talks on: pings the link is answering as it leaves
        closing = threading.Thread(target=link.close, daemon=True)
        closing.start()
        assert LEAVE in read_to_leave(peer)  # and then the line's end, in order
        sender.join(WAIT)
        peer.close()
        closing.join(WAIT)
        assert not closing.is_alive()
    finally:
        link.close()
        server.close()


def test_a_bot_that_leaves_lets_the_host_close_first_and_does_not_wait_on_one_that_talks_on(
        ) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(WAIT)
    try:
        for talks_on in (False, True):
            bot = Connection.open(*server.getsockname())
            bot.send(msg.hello("ABCDEFGH2"))
            peer, _ = joined(server)
            peer.sendall(BURST[:100_000])  # unread by the bot when it leaves
            leaving = threading.Thread(target=bot.leave, daemon=True)
            leaving.start()
            if talks_on:  # never closes: the bot reads a line's length more, then goes
                peer.sendall(b" " * (MAX_HOST_LINE + 65536))
            else:
                assert read_to_leave(peer).endswith(LEAVE)
                peer.close()
            leaving.join(WAIT)
            assert not leaving.is_alive()
            bot.close()
            peer.close()
    finally:
        server.close()
