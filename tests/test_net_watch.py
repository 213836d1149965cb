"""Spectators: a host's game watched without a seat, as ``python -m chainplus watch`` shows it
(each move a JSON line), the host's cap on spectators, and a spectator that tries to move.

All on ``net.fakes``: connections in memory and a clock that stands still."""

from __future__ import annotations

import argparse
import io
import json
import threading

import pytest
from net_fakes import MemoryTransport

from chainplus.core.game import Game
from chainplus.core.records import game_from_data
from chainplus.core.rules import row_col
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.transport import Network
from chainplus.tools import cli
from chainplus.tools.net_commands import cmd_watch
from lab.rigs.fakes import FakeClock
from tests.test_net_play import WAIT, at, bots, hosted, until


@pytest.fixture
def net() -> Network:
    """A network in memory on a clock that stands still until the test moves it."""
    return Network(FakeClock(), MemoryTransport())


def watcher(host, network: Network) -> tuple[threading.Thread, io.StringIO, list[int]]:
    """``watch`` of ``host`` on a thread: the thread, what it prints, and its status."""
    out, status = io.StringIO(), []
    args = argparse.Namespace(address=host.address, code=host.code)
    thread = threading.Thread(target=lambda: status.append(cmd_watch(args, out, network)),
                              daemon=True)
    thread.start()
    return thread, out, status


def joined_as_spectator(host, network: Network) -> Connection:
    connection = Connection.open(*host.address, network.transport)
    connection.send(msg.hello(host.code, watch=True))
    assert isinstance(connection.receive(WAIT), msg.Watching)
    return connection


def test_a_spectator_sees_every_move_and_the_winner_and_takes_no_seat(net) -> None:
    host = hosted("N,C1,N", net)
    try:
        thread, out, status = watcher(host, at(net, "10.0.9.1"))
        until(lambda: out.getvalue() == "" and host.snapshot().connected == (), "no seat taken",
              net)
        results = bots(host, net, 2).join()
        thread.join(WAIT)
        assert status == [0]
        [record] = host.snapshot().finished
    finally:
        host.stop()
    game = game_from_data(record)
    assert sorted(bot.seat for bot in results) == [1, 3]  # the spectator held none of them
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    replayed = Game(game.seats, game.rules)
    for number, (line, square) in enumerate(zip(lines, game.moves, strict=True), start=1):
        mover = replayed.to_move
        replayed.play(square)
        expected = {"game": 1, "number": number, "seat": mover, "move": list(row_col(square))}
        if replayed.winner is not None:
            expected["winner"] = replayed.winner
        assert line == expected
    assert lines[-1]["winner"] == game.winner


def test_the_host_caps_its_spectators_and_a_spectator_cannot_move(net) -> None:
    host = hosted("N,N", net, spectators=1)
    try:
        first = joined_as_spectator(host, at(net, "10.0.9.1"))
        state = first.receive(WAIT)
        assert isinstance(state, msg.GameState) and state.waiting == (1, 2)
        first.send(msg.move(0))
        assert first.receive(WAIT) == msg.Error("a spectator has no seat to move for")
        first.send(msg.hello(host.code, watch=True))
        assert first.receive(WAIT) == msg.Error("you have joined already")
        second = Connection.open(*host.address, at(net, "10.0.9.2").transport)
        second.send(msg.hello(host.code, watch=True))
        assert second.receive(WAIT) == msg.Error("no room for another spectator")
        wrong = Connection.open(*host.address, at(net, "10.0.9.3").transport)
        wrong.send(msg.hello("WRONG1", watch=True))
        assert wrong.receive(WAIT) == msg.Error("wrong code")
        assert host.snapshot().record["moves"] == []  # nobody moved
        for connection in (first, second, wrong):
            connection.close()
    finally:
        host.stop()
    none = hosted("N,N", net, spectators=0)
    try:
        refused = Connection.open(*none.address, at(net, "10.0.9.4").transport)
        refused.send(msg.hello(none.code, watch=True))
        assert refused.receive(WAIT) == msg.Error("this host takes no spectators")
        refused.close()
    finally:
        none.stop()


def test_watching_is_a_hello_and_an_answer_of_their_own() -> None:
    line = msg.encode(msg.hello("ABC234", watch=True))
    assert msg.parse_client(line) == msg.Hello("ABC234", watch=True)
    assert msg.parse_client(msg.encode(msg.hello("ABC234"))) == msg.Hello("ABC234")
    assert msg.parse_host(b'{"watching": "chainplus", "version": 1}') == msg.Watching()
    assert isinstance(msg.parse_host(b'{"watching": "other", "version": 1}'), msg.BadMessage)


def test_watch_and_host_spectators_are_on_the_command_line(capsys) -> None:
    assert cli.main(["watch", "127.0.0.1:1", "--code", "ABCDEF"]) == 1  # nobody there
    err = capsys.readouterr().err
    assert err.startswith("error: Cannot reach the host at 127.0.0.1:1") and err.count("\n") == 1
    args = cli.build_parser().parse_args(["host", "--seats", "N,N", "--spectators", "0"])
    assert args.spectators == 0
    for bad in (["host", "--seats", "N,N", "--spectators", "65"], ["watch", "127.0.0.1:1"]):
        try:
            cli.build_parser().parse_args(bad)
        except SystemExit as exc:
            assert exc.code == 2
        else:
            raise AssertionError(bad)
    assert "watch a host's games" in cli.build_parser().format_help()
