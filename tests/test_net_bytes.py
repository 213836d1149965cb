"""Every byte a peer sends is bounded and every error is one line: a line past the cap, a peer
past its byte rate or its total is dropped with one ``error`` line; text that cannot be
encoded or decoded (a lone surrogate in a code, bad UTF-8, bad JSON, wrong types) is one error
to that peer, never a traceback or a log line.

On ``net.fakes``: connections in memory, and a clock that stands still, so a byte rate is its
burst alone and a run repeats."""

from __future__ import annotations

import contextlib
import json

import pytest
from net_fakes import MemoryTransport
from test_net_play import WAIT, hosted, until

from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.framing import MAX_CLIENT_LINE, one_line
from chainplus.net.peer import Limits
from chainplus.net.transport import Network
from lab.rigs.fakes import FakeClock

#: Limits that leave the line rate out of it: only bytes count.
BYTES_ONLY = dict(rate=1e9, burst=1e9, max_errors=10**6)


@pytest.fixture
def net() -> Network:
    return Network(FakeClock(), MemoryTransport())


def joined(host, net: Network) -> Connection:
    link = Connection.open(*host.address, net.transport)
    link.send(msg.hello(host.code))
    assert isinstance(link.receive(WAIT), msg.Welcome)
    return link


def rest(link: Connection) -> list:
    """The host's messages to ``link`` until it hangs up, pings and games left out."""
    heard = []
    try:
        while (message := link.receive(WAIT)) is not None:
            if not isinstance(message, msg.GameState | msg.Ping):
                heard.append(message)
    except ConnectionResetError:
        pass
    link.close()
    return heard


def test_a_line_past_the_cap_is_one_error_and_the_connection_ends(net, caplog):
    host = hosted("N,N", net)
    try:
        for begun in (b"", b'{"hello": "chainplus", "code": "'):  # joined, and not yet
            link = joined(host, net) if not begun else Connection.open(*host.address,
                                                                         net.transport)
            sock = link._sock
            sock.sendall(begun + b"x" * (MAX_CLIENT_LINE + 10))
            [error] = rest(link)
            assert error.text == f"the line is too long (the limit is {MAX_CLIENT_LINE} " \
                                 "bytes): goodbye"
        ok = joined(host, net)  # a line of the cap's length less one is a line
        ok._sock.sendall(b" " * (MAX_CLIENT_LINE - 12) + b'{"pong":1}\n')
        ok._sock.sendall(b'{"pong":1' + b" " * (MAX_CLIENT_LINE - 10) + b"}\n")
        [error] = rest_after(ok, 1)
        assert "too long" in error.text
    finally:
        host.stop()
    assert caplog.records == []


def rest_after(link: Connection, count: int) -> list:
    """The host's errors to ``link`` until it hangs up, at most ``count`` of them."""
    heard = rest(link)
    assert len(heard) <= count, heard
    return heard


@pytest.mark.parametrize("limits, flood, why", [
    (Limits(bytes_burst=8000, **BYTES_ONLY), 1000, "too much data too fast"),
    (Limits(bytes_rate=1e9, bytes_burst=1e9, bytes_total=20000, **BYTES_ONLY), 3000,
     "too much data on one connection"),
])
def test_a_peer_past_its_byte_rate_or_total_is_dropped_with_one_error(net, limits, flood, why,
                                                                      caplog):
    host = hosted("N,N", net, limits=limits)
    try:
        link = joined(host, net)
        with contextlib.suppress(OSError):  # cut off mid-send
            link._sock.sendall(b'{"pong": 1}\n' * flood)  # each line fine, the lot too much
        [error] = rest(link)
        assert isinstance(error, msg.Error) and error.text.startswith(why)
        until(lambda: host.snapshot().connected == (), "the seat to be let go", net)
    finally:
        host.stop()
    assert caplog.records == []


BAD_TEXT = [
    json.dumps({"hello": "chainplus", "version": 1, "code": "\ud800"}).encode(),  # "\\ud800"
    json.dumps({"hello": "chainplus", "version": 1, "code": "A\udfffB"}).encode(),
    json.dumps({"hello": "chainplus", "version": 1, "code": "K7QX", "token": "\ud83d"}).encode(),
    json.dumps({"hello": "chainplus", "version": 1, "code": "\u00e9t\u00e9"}).encode(),
    json.dumps({"hello": "chainplus", "version": 1, "code": "A\nB"}).encode(),
    b'{"hello": "chainplus", "version": 1, "code": "\xed\xa0\x80"}',  # a surrogate in UTF-8
    b'{"hello": "chainplus", "version": 1, "code": "\xff\xfe"}',
    b'{"hello": "chainplus", "version": 1, "code": "\xc3"}',
    b"\xef\xbb\xbf{}", b"\x00" * 50, b"{'hello': 1}", b'{"hello": NaN}', b"[" * 4000,
    b'{"hello": "chainplus", "version": 1, "code": 123456}',
    b'{"hello": "chainplus", "version": 1, "code": ["A"]}',
    b'{"hello": "chainplus", "version": "1", "code": "A"}',
    b'{"hello": "chainplus", "version": 1, "code": "A", "seat": "1"}',
    b'{"hello": "chainplus", "version": 1, "code": "A", "seat": true}',
    b'{"move": "\\ud800"}', b'{"move": [1e400, 0]}', b'{"pong": 1e99}', b'{"\\ud800": 1}',
    b'"\\udc00"', b"1" * 4090,
]


@pytest.mark.parametrize("line", BAD_TEXT, ids=range(len(BAD_TEXT)))
def test_text_that_cannot_be_read_is_one_error_line_and_nothing_else(net, line, caplog,
                                                                      capfd):
    host = hosted("N,N", net)
    try:
        link = Connection.open(*host.address, net.transport)
        link._sock.sendall(line + b"\n")
        error = link.receive(WAIT)
        assert isinstance(error, msg.Error) and one_line(error.text) == error.text
        link.send(msg.hello(host.code))  # and the connection goes on: it may still join
        assert isinstance(link.receive(WAIT), msg.Welcome)
        link.close()
    finally:
        host.stop()
    assert caplog.records == []
    assert "Traceback" not in "".join(capfd.readouterr())


def test_a_hosts_text_reaches_a_joiner_as_one_printable_line():
    for text in ("a\nb", "\ud800x", "\x1b[2J", "x" * 1000):
        line = json.dumps({"error": text}).encode()
        error = msg.parse_host(line)
        assert isinstance(error, msg.Error) and error.text.isprintable()
        assert len(error.text) <= 300
    assert one_line("fine text") == "fine text" and one_line("a\tb\ud800") == "a?b?"
