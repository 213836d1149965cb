"""Network play as players meet it: a host and network bots play games to the end, a bot that
drops gets its seat back, a host started again is joined again, the host's clocks (its
computer's wait, the hello and idle timeouts) and a window's link, and the protocol reads what
it should and nothing else.

Every game here but one runs on ``net.fakes``: connections made in memory, and a clock that
moves only when the test moves it, so a pause or a timeout ends exactly when the test says.
``test_bots_play_a_game_over_real_sockets`` plays one through the real TCP transport and clock,
on 127.0.0.1 (loopback only)."""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import replace
from typing import Any

import pytest
from net_fakes import MemoryTransport, settle

from chainplus.app.seats import parse_seats
from chainplus.core.game import Game
from chainplus.core.records import game_from_data
from chainplus.net import protocol as msg
from chainplus.net.bot import REFUSED_PAUSE, BotPlayer, BotResult, JoinError, play
from chainplus.net.client import Connection, Joiner, Patience
from chainplus.net.host import Host, HostConfig
from chainplus.net.link import Gone, Link, Lost
from chainplus.net.peer import Limits
from chainplus.net.transport import REAL_NETWORK, Network
from lab.rigs.fakes import FakeClock

WAIT = 60  # seconds: generous, never reached when things work


@pytest.fixture
def net() -> Network:
    """A network in memory on a clock that stands still until the test moves it."""
    return Network(FakeClock(), MemoryTransport())


def at(network: Network, address: str) -> Network:
    """``network`` as another machine at ``address`` sees it: its connections its own."""
    return replace(network, transport=network.transport.at(address))


def until(check, what: str, net: Network | None = None, step: float = 0.0) -> None:
    """Look until ``check()`` holds, each look once ``net``'s threads have settled (given a
    ``net``), moving its clock on by ``step`` after each look that fails. Without a step,
    nothing on the test's clock moves the others on: a thread still starting is looked for
    again a moment later (never more than WAIT real seconds in all)."""
    end = time.monotonic() + WAIT
    while True:
        if net is not None:
            settle(net)
        if check():
            return
        assert time.monotonic() < end, f"timed out waiting for {what}"
        if net is not None and step:
            net.clock.advance(step)
        else:
            time.sleep(0.002)


class Bots:
    """Network bots on threads, each playing until the host at ``address`` has played every
    game; bot ``i`` on ``networks[i]``."""

    def __init__(self, address: tuple[str, int], code: str, networks: list[Network],
                 **player: Any) -> None:
        self.results: dict[int, BotResult | Exception] = {}
        self.threads = [threading.Thread(target=self._play, daemon=True,
                                         args=(address, code, i, network, player))
                        for i, network in enumerate(networks)]
        for thread in self.threads:
            thread.start()

    def _play(self, address: tuple[str, int], code: str, index: int, network: Network,
              player: dict[str, Any]) -> None:
        try:
            self.results[index] = play(*address, code,
                                       BotPlayer(**{"seed": index, **player}), network)
        except Exception as exc:  # the test says which
            self.results[index] = exc

    def join(self) -> list[BotResult]:
        for thread in self.threads:
            thread.join(WAIT)
        results = [self.results[i] for i in range(len(self.threads))]
        for result in results:
            assert isinstance(result, BotResult), result
        return results  # type: ignore[return-value]


def bots(host: Host, network: Network, count: int, **player: Any) -> Bots:
    """``count`` bots joining ``host``, each from an address of its own on ``network``."""
    return Bots(host.address, host.code, [at(network, f"10.0.0.{i + 1}") for i in range(count)],
                **player)


def hosted(spec: str, network: Network, **options: Any) -> Host:
    on_move = options.pop("on_move", None)
    host = Host(HostConfig(parse_seats(spec), seed=7, **options), on_move=on_move,
                network=network)
    host.start()
    assert host.address[0] == "127.0.0.1"
    return host


def check_played(host: Host, spec: str, rules: str, results: list[BotResult]) -> None:
    """The host played one game of ``spec`` to the end, which every bot saw end the same."""
    view = host.snapshot()
    [record] = view.finished
    game = game_from_data(record)  # a valid record that replays
    assert game.winner is not None and record["rules"] == rules
    assert len(game.seats) == len(spec.split(","))
    assert sorted(bot.seat for bot in results) == [
        n for n, kind in enumerate(spec.split(","), start=1) if kind == "N"]
    for bot in results:
        assert [game_from_data(r).state() for r in bot.records] == [game.state()]
        assert bot.errors == [] and bot.reconnects == 0


@pytest.mark.parametrize("rules", ["acorn", "classic"])
@pytest.mark.parametrize("spec", ["N,N", "N,C1,N", "N,N,N,C0", "C2,N,N,N"])
def test_bots_play_a_hosts_game_to_the_end(net, spec, rules):
    host = hosted(spec, net, rules=rules)
    try:
        results = bots(host, net, spec.count("N")).join()
        assert host.wait(WAIT)
        check_played(host, spec, rules, results)
    finally:
        host.stop()
    assert not host.alive()


def test_bots_play_a_game_over_real_sockets():
    host = hosted("N,C1,N", REAL_NETWORK, rules="classic")
    try:
        results = Bots(host.address, host.code, [REAL_NETWORK, REAL_NETWORK]).join()
        assert host.wait(WAIT)
        check_played(host, "N,C1,N", "classic", results)
    finally:
        host.stop()
    assert not host.alive()


def test_a_host_plays_its_games_one_after_another(net):
    host = hosted("N,C0", net, games=3)
    try:
        [bot] = bots(host, net, 1).join()
        assert host.wait(WAIT)
        records = host.snapshot().finished
        assert len(records) == 3 and len(bot.records) == 3
        assert all(game_from_data(r).winner is not None for r in records)
    finally:
        host.stop()


def test_a_bot_that_drops_takes_its_seat_back_and_the_game_finishes(net):
    first = at(net, "10.0.0.1")
    cut: list[int] = []

    def moved(game: Game) -> None:  # on the host's thread, as soon as the first bot's move is
        if len(game.moves) in (11, 21, 31):  # played, before it hears so: its connection
            cut.append(first.transport.drop())  # goes away

    host = hosted("N,N", net, on_move=moved)
    try:
        dropping = Bots(host.address, host.code, [first])
        until(lambda: host.snapshot().connected == (1,), "the first bot to take seat 1", net)
        other = Bots(host.address, host.code, [at(net, "10.0.0.2")], seed=1)
        # time passes, so that a bot pausing after a refused move would go on
        until(lambda: host.wait(0), "the game's end", net, REFUSED_PAUSE)
        results = dropping.join() + other.join()
        [record] = host.snapshot().finished
        game = game_from_data(record)
        assert game.winner is not None and len(game.moves) > 11
        assert cut and set(cut) == {1}  # the bot's one connection each time
        assert results[0].reconnects == len(cut) and results[1].reconnects == 0
        for bot in results:  # none sent a move the host had had already
            assert [game_from_data(r).state() for r in bot.records] == [game.state()]
            assert bot.errors == []
    finally:
        host.stop()


def test_a_host_started_again_is_joined_again_and_the_game_goes_on(net):
    """The host's computer answers a move only once ``pause`` seconds have passed (as a
    hosting window's chain on show), so the game goes on as the test moves time; the host
    stops mid-game and starts again on the game as it stood, with the same code and port."""
    clock = net.clock
    saved: list[tuple[float, int, Game]] = []  # when each move was played, by whom, the game
    config = dict(code="AGAIN2", pause=1.0,
                  limits=Limits(idle_timeout=1e6))  # no pings: the bots sit idle meanwhile
    first = hosted("N,C1,N", net, **config, on_move=lambda game: saved.append(
        (clock.now(), game.movers()[-1], game.copy())))
    players = bots(first, net, 2)
    until(lambda: len(saved) >= 12, "a dozen moves", net, 1.0)
    first.stop()  # the bots are told the host stopped, and try to join again
    until(lambda: clock.sleeping == 2, "both bots to pause before trying again", net)
    stood = saved[-1][2]
    again = hosted("N,C1,N", net, port=first.address[1], resume=stood, **config)
    try:
        until(lambda: again.wait(0), "the game's end", net, 5 * Patience().first)
        results = players.join()
        [record] = again.snapshot().finished
        game = game_from_data(record)
        assert game.winner is not None and game.moves[:len(stood.moves)] == stood.moves
        answers = [after - before for (before, _, _), (after, seat, _)
                   in itertools.pairwise(saved) if seat == 2]
        assert answers and all(waited >= 1.0 for waited in answers)  # the pause, each time
        for bot in results:
            assert bot.reconnects >= 1
            assert [game_from_data(r).state() for r in bot.records] == [game.state()]
    finally:
        again.stop()


def test_the_game_waits_on_a_seat_whose_joiner_left_and_says_so(net):
    """The game waits on a seat whose player left; the seat is that player's for the grace
    (a newcomer with the code is refused), and a newcomer's after it, with a token of its
    own: the old one takes nothing back any more."""
    host = hosted("N,N", net, grace=5.0)
    transport = net.transport
    try:
        first = Connection.open(*host.address, transport)
        first.send(msg.hello(host.code))
        welcome = first.receive(WAIT)
        assert isinstance(welcome, msg.Welcome)
        second = Connection.open(*host.address, transport)
        second.send(msg.hello(host.code.lower()))  # codes are read in either case
        left = second.receive(WAIT)
        assert isinstance(left, msg.Welcome) and left.token != welcome.token
        second.close()
        # the first joiner hears of the second coming and going; the game waits on it
        states = []
        while not states or states[-1].waiting != (2,) or not states[-1].started:
            message = first.receive(WAIT)
            if isinstance(message, msg.GameState):
                states.append(message)
        assert states[-1].connected == (welcome.seat,)
        for asked in (None, 2):  # the same command again, or asking for the seat: refused
            early = Connection.open(*host.address, transport)
            early.send(msg.hello(host.code, seat=asked))
            assert early.receive(WAIT) == msg.Error(
                "there is no free network seat: seat 2's player has 5 s to come back"
                if asked is None else "seat 2 is not free: its player has 5 s to come back")
            early.close()
        net.clock.advance(5.0)  # the grace is over: anyone with the code may have the seat
        third = Connection.open(*host.address, transport)
        third.send(msg.hello(host.code))
        again = third.receive(WAIT)
        assert isinstance(again, msg.Welcome) and again.seat == 2
        assert again.token not in (left.token, welcome.token)
        late = Connection.open(*host.address, transport)
        late.send(msg.hello(host.code, token=left.token))
        assert late.receive(WAIT) == msg.Error("unknown token")
        late.close()
        fourth = Connection.open(*host.address, transport)
        fourth.send(msg.hello(host.code))
        assert fourth.receive(WAIT) == msg.Error("there is no free network seat")
        assert fourth.receive(WAIT) is None  # and the host closes that connection
        for link in (first, third, fourth):
            link.close()
    finally:
        host.stop()


def test_silent_connections_are_closed_when_their_time_is_up(net):
    """A connection with no hello is closed ``hello_timeout`` after it came; a joined one that
    answers nothing, ``idle_timeout`` after its last line; one that answers the pings stays."""
    clock, transport = net.clock, net.transport
    host = hosted("N,N", net, limits=Limits(hello_timeout=5.0, idle_timeout=30.0))
    try:
        mute = transport.connect(*host.address, WAIT)
        answers, silent = (Connection.open(*host.address, transport) for _ in range(2))
        for link in (answers, silent):
            link.send(msg.hello(host.code))
            assert isinstance(link.receive(WAIT), msg.Welcome)
        clock.advance(5.5)
        assert mute.recv(100) == b""  # no hello in 5 s: closed
        mute.close()
        for _ in range(4):  # pings at 10, 20, 30 and 40 s: one joiner answers them
            clock.advance(10.0)
            answer_ping(answers)
        until(lambda: host.snapshot().connected == (1,), "the silent joiner to be dropped", net)
        assert host.snapshot().peers == 1
        answers.close()
        silent.close()
    finally:
        host.stop()


def answer_ping(link: Connection) -> None:
    """Read the host's lines up to its next ping, and answer it."""
    while not isinstance(message := link.receive(WAIT), msg.Ping):
        assert message is not None
    link.send({"pong": message.number})


def test_a_wrong_code_or_no_host_is_a_join_error(net):
    host = hosted("N,N", net)
    try:
        with pytest.raises(JoinError, match="wrong code"):
            play(*host.address, "WRONG1", BotPlayer(), net)
    finally:
        host.stop()
    with pytest.raises(JoinError, match="cannot reach"):
        play(*host.address, host.code, BotPlayer(), net)


def test_a_link_joins_comes_back_after_a_drop_and_says_when_the_host_has_gone(net):
    """A window's line to a host, on its own thread: the welcome and the game, a dropped
    connection (``Lost``, then the seat back with the token), and ``Gone`` once the host has
    been away for ``retry_for`` seconds, as the link's clock counts them."""
    clock = net.clock
    host = hosted("N,C1", net)
    link = Link(*host.address, host.code, network=at(net, "10.0.0.1"))
    link.retry_for = 10.0
    link.start()
    try:
        events = heard(link, lambda e: isinstance(e, msg.GameState) and e.started)
        welcome = next(e for e in events if isinstance(e, msg.Welcome))
        link.drop()
        events = heard(link, lambda e: isinstance(e, msg.Welcome))
        assert isinstance(events[0], Lost) and events[-1].seat == welcome.seat
        host.stop()
        events = heard(link, lambda e: isinstance(e, Lost))
        assert isinstance(events[-2], msg.Bye) and not events[-2].done
        until(lambda: clock.sleeping == 1, "the link to pause before trying again", net)
        pauses = len(clock.pauses)
        clock.advance(9.0)  # not yet gone long enough to give up: it tries again, and pauses
        until(lambda: len(clock.pauses) > pauses, "the link to try again", net)
        assert link.events.empty()
        clock.advance(2.0)
        assert heard(link, lambda e: isinstance(e, Gone))[-1] == Gone("The host has gone.")
    finally:
        link.close()
        host.stop()


def heard(link: Link, last) -> list[Any]:
    """The link's events up to the first for which ``last`` holds."""
    events = [link.events.get(timeout=WAIT)]
    while not last(events[-1]):
        events.append(link.events.get(timeout=WAIT))
    return events


def test_a_joiner_plays_only_moves_that_follow_on_and_waits_for_the_game_after_a_welcome():
    """The one check of a host's move: the next number, by the seat to move, legal; one that
    is not changes nothing. Welcomed again after a drop, a joiner does not move on the game it
    had until the host has said its game again."""
    joiner = Joiner()
    assert joiner.take(msg.Welcome(1, "T")) and joiner.mine() == (1,)
    state = msg.GameState(1, 1, Game((1, 2), "acorn"), ("network", "computer", "off", "off"),
                          (1,), (), True)
    assert joiner.take(state) and joiner.my_turn()
    for wrong in (msg.Moved(0, 1, 2), msg.Moved(0, 2, 1)):  # a number ahead, the wrong seat
        assert not joiner.take(wrong) and state.game.moves == []
    assert joiner.moved(msg.Moved(0, 1, 1)) is not None and state.game.moves == [0]
    assert not joiner.take(msg.Moved(0, 2, 2))  # Red's square now
    assert joiner.take(msg.Moved(7, 2, 2)) and joiner.my_turn()
    assert joiner.take(msg.Welcome(1, "T")) and not joiner.my_turn()  # the game may be behind
    assert joiner.take(state) and joiner.my_turn()


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


def test_a_hosting_windows_computer_waits_until_the_move_is_shown(net):
    """With ``shown`` (a hosting window), the host's computer answers a move ``pause`` seconds
    after the window says its chain is shown whole, however long that takes; without a word
    from the window it would wait ``SHOWN_AT_MOST``."""
    moves: list[Game] = []
    host = hosted("H,C1", net, pause=1.0, shown=True, budget=0.01,
                  on_move=lambda game: moves.append(game.copy()))
    try:
        host.play(1, 27)
        until(lambda: len(moves) == 1, "red's move", net)
        net.clock.advance(5.0)  # long past the pause, but the chain is not shown yet
        settle(net)  # the computer has chosen, and waits
        assert len(moves) == 1
        host.shown(1)
        net.clock.advance(0.5)
        settle(net)
        assert len(moves) == 1  # the pause counts from the word
        until(lambda: len(moves) == 2, "blue's answer, a pause after", net, 0.1)
    finally:
        host.stop()
