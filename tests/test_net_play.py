"""Network play as players meet it: a host on 127.0.0.1 and network bots play games to the end,
a bot that drops gets its seat back, and the protocol reads what it should and nothing else.
Loopback only: every host here listens on 127.0.0.1."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from chainplus.core.records import game_from_data
from chainplus.net import protocol as msg
from chainplus.net.bot import BotPlayer, BotResult, JoinError, play
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig
from chainplus.net.seats import parse_host_seats

WAIT = 60  # seconds: generous, never reached when things work


class Bots:
    """Network bots on threads, each playing until the host has played every game."""

    def __init__(self, host: Host, count: int, level: int = 1, budget: float = 0.3) -> None:
        self.results: dict[int, BotResult | Exception] = {}
        self.links: dict[int, list[Connection]] = {i: [] for i in range(count)}
        player = {"level": level, "budget": budget}
        self.threads = [threading.Thread(target=self._play, args=(host, i, player), daemon=True)
                        for i in range(count)]
        for thread in self.threads:
            thread.start()

    def _play(self, host: Host, index: int, player: dict[str, Any]) -> None:
        try:
            self.results[index] = play(*host.address, host.code,
                                       BotPlayer(seed=index, **player), self.links[index])
        except Exception as exc:  # the test says which
            self.results[index] = exc

    def join(self) -> list[BotResult]:
        for thread in self.threads:
            thread.join(WAIT)
        results = [self.results[i] for i in range(len(self.threads))]
        for result in results:
            assert isinstance(result, BotResult), result
        return results  # type: ignore[return-value]


def hosted(spec: str, **options) -> Host:
    host = Host(HostConfig(parse_host_seats(spec), seed=7, **options))
    host.start()
    assert host.address[0] == "127.0.0.1"
    return host


@pytest.mark.parametrize("rules", ["acorn", "classic"])
@pytest.mark.parametrize("spec", ["N,N", "N,C1,N", "N,N,N,C0", "C2,N,N,N"])
def test_bots_play_a_hosts_game_to_the_end(spec, rules):
    host = hosted(spec, rules=rules)
    try:
        bots = Bots(host, spec.count("N")).join()
        assert host.wait(WAIT)
        view = host.snapshot()
        [record] = view.finished
        game = game_from_data(record)  # a valid record that replays
        assert game.winner is not None and record["rules"] == rules
        assert len(game.seats) == len(spec.split(","))
        assert sorted(bot.seat for bot in bots) == [
            n for n, kind in enumerate(spec.split(","), start=1) if kind == "N"]
        for bot in bots:  # every bot saw the same game end the same way
            assert [game_from_data(r).state() for r in bot.records] == [game.state()]
            assert bot.errors == [] and bot.reconnects == 0
    finally:
        host.stop()
    assert not host.alive()


def test_a_host_plays_its_games_one_after_another():
    host = hosted("N,C0", games=3)
    try:
        [bot] = Bots(host, 1).join()
        assert host.wait(WAIT)
        records = host.snapshot().finished
        assert len(records) == 3 and len(bot.records) == 3
        assert all(game_from_data(r).winner is not None for r in records)
    finally:
        host.stop()


def test_a_bot_that_drops_takes_its_seat_back_and_the_game_finishes():
    host = hosted("N,N")
    try:
        # level 5 at 20 ms a move: a game of a hundred moves and more lasts seconds, so the
        # drops below land mid-game (level 1's whole game can be over between two looks)
        bots = Bots(host, 2, level=5, budget=0.02)
        dropped = 0
        while dropped < 3 and not host.wait(0.05):
            view = host.snapshot()
            if view.started and len(view.record["moves"]) > 10 * (dropped + 1) and \
                    bots.links[0]:
                bots.links[0][0].close()  # the bot's socket goes away mid-game
                dropped += 1
        results = bots.join()
        assert host.wait(WAIT)
        [record] = host.snapshot().finished
        game = game_from_data(record)
        assert game.winner is not None
        assert results[0].reconnects >= 1 and results[1].reconnects == 0
        for bot in results:
            assert [game_from_data(r).state() for r in bot.records] == [game.state()]
    finally:
        host.stop()


def test_the_game_waits_on_a_seat_whose_joiner_left_and_says_so():
    host = hosted("N,N")
    try:
        first = Connection.open(*host.address)
        first.send(msg.hello(host.code))
        welcome = first.receive(WAIT)
        assert isinstance(welcome, msg.Welcome)
        second = Connection.open(*host.address)
        second.send(msg.hello(host.code.lower()))  # codes are read in either case
        assert isinstance(second.receive(WAIT), msg.Welcome)
        second.close()
        # the first joiner hears of the second coming and going; the game waits on it
        states = []
        while not states or states[-1].waiting != (2,) or not states[-1].started:
            message = first.receive(WAIT)
            if isinstance(message, msg.GameState):
                states.append(message)
        assert states[-1].connected == (welcome.seat,)
        # anyone with the code (the same command again) takes the left seat back
        third = Connection.open(*host.address)
        third.send(msg.hello(host.code))
        again = third.receive(WAIT)
        assert isinstance(again, msg.Welcome) and again.seat == 2
        fourth = Connection.open(*host.address)
        fourth.send(msg.hello(host.code))
        assert fourth.receive(WAIT) == msg.Error("there is no free network seat")
        assert fourth.receive(WAIT) is None  # and the host closes that connection
        for link in (first, third, fourth):
            link.close()
    finally:
        host.stop()


def test_a_wrong_code_or_no_host_is_a_join_error():
    host = hosted("N,N")
    try:
        with pytest.raises(JoinError, match="wrong code"):
            play(*host.address, "WRONG1", BotPlayer())
    finally:
        host.stop()
    with pytest.raises(JoinError, match="cannot reach"):
        play(*host.address, host.code, BotPlayer())


def test_the_protocol_reads_good_lines_and_names_what_is_wrong_with_bad_ones():
    assert msg.parse_client(b'{"hello":"chainplus","version":1,"code":"AB"}') == msg.Hello("AB")
    assert msg.parse_client(b'{"move":[2,3],"number":4}') == msg.Move(19, None, 4)
    assert msg.parse_client(b'{"pong":3}') == msg.Pong(3)
    bad = [b"", b"\xff\xfe", b"[1]", b"{", b'{"move":[8,0]}', b'{"move":[true,0]}',
           b'{"hello":"chainplus","version":true,"code":"A"}', b'{"hello":"x","version":1}',
           b'{"dance":1}', b"[" * 3000, b'{"move":[1,1],"seat":9}', b"1" * 5000,
           b'{"hello":"chainplus","version":1,"code":"' + b"A" * 100 + b'"}']
    for line in bad:
        result = msg.parse_client(line)
        assert isinstance(result, msg.BadMessage) and "\n" not in result.reason, line[:40]
    assert isinstance(msg.parse_host(b'{"game":{"record":{"players":5}}}'), msg.BadMessage)
