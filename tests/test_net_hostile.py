"""A host nobody on the network can spoil, tried as an attacker would (``hostile.py``): each
attack runs as hard as it can against a headless host (``python -m chainplus host``, as its
command line makes it) and against a hosting window's host (``net.host.Host`` as
``ui.window.hosting.start_host`` makes it: open-ended, the window's pace, no move clock),
while honest players join, drop, rejoin with their tokens and finish the game. For each it
asserts, and prints as one JSON line: the honest joins and rejoins within 5 s, the host's
peak RSS growth within 20 MB, no traceback and no warning; and the host's CPU.

The attacks run on ``net.fakes`` (connections in memory from made-up source names, on a clock
a ticker moves at fifty times real time, so the hello timeout, the pings and a two-minute
move clock pass in seconds); the endless line also runs as real bytes through real sockets
on 127.0.0.1, against a headless host in a process of its own and against a window's host.
Nothing talks to any address but 127.0.0.1.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from hostile import ATTACKS, MB, WAIT, Attacker, Costs, Prober, Ticker, at, stream
from net_fakes import MemoryTransport
from paths import ROOT

from chainplus.app.seats import SeatSpec, parse_seats, seats_in_game
from chainplus.core.game import Game
from chainplus.core.records import game_from_data
from chainplus.net.bot import BotPlayer, BotResult, play
from chainplus.net.codes import new_code
from chainplus.net.host import Host, HostConfig
from chainplus.net.hosted_game import SPECTATORS
from chainplus.net.transport import REAL_NETWORK, Network
from chainplus.tools import cli, net_commands
from lab.rigs.fakes import FakeClock

#: What honest players must see under any attack, and what the host may cost.
MOST_JOIN, MOST_RSS_MB = 5.0, 20.0
#: The fake clock's pace: this many of its seconds to a real second.
PACE = 50


def headless_host(spec: str, network: Network) -> Host:
    """A host as ``python -m chainplus host --seats SPEC --games 1000 --move-seconds 60``
    makes one (its move clock, grace and all; a minute a move, not the default two, so that
    a silent seat's time runs out sooner), on ``network``; it plays on until stopped."""
    args = cli.build_parser().parse_args(["host", "--port", "0", "--seats", spec,
                                          "--games", "1000", "--move-seconds", "60"])
    host = Host(net_commands.host_config(args), network=network)
    host.start()
    return host


def window_host(spec: str, network: Network) -> Host:
    """A host as a hosting window starts one (``hosting.start_host``): open-ended (the
    window starts each next game), on the game on its board, answering at the window's pace
    (a pause after each move), with no move clock; listening on 127.0.0.1."""
    seats = parse_seats(spec)
    host = Host(HostConfig(seats, "acorn", games=0, code=new_code(), listen="127.0.0.1",
                           port=0, resume=Game(seats_in_game(seats), "acorn"), budget=0.05,
                           pause=0.4, shown=False,
                           spectators=SPECTATORS), network=network)
    host.start()
    return host


HOSTS = {"headless": headless_host, "window": window_host}


class Bots:
    """Network bots, each from a source of its own, playing until a game is over (a window's
    host), or until stopped (a headless host plays on)."""

    def __init__(self, address: tuple[str, int], code: str, network: Network, count: int):
        self.results: list[BotResult | Exception] = []
        self.playing = [BotResult() for _ in range(count)]  # filled in as they play
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._play, daemon=True, name=f"bot-{n}",
                                         args=(address, code, at(network, f"player-{n}"), n))
                        for n in range(count)]
        for thread in self.threads:
            thread.start()

    def _play(self, address: tuple[str, int], code: str, network: Network, n: int) -> None:
        player = BotPlayer(level=1, seed=n, stop=self.stop)
        try:
            self.results.append(play(*address, code, player, network, self.playing[n]))
        except Exception as exc:  # the test says which
            self.results.append(exc)

    def done(self) -> bool:
        return not any(thread.is_alive() for thread in self.threads)

    def saw_an_end(self) -> bool:
        """Whether every bot has seen a game end (a headless host's bots then play on)."""
        return all(result.records for result in self.playing)

    def end(self, host: Host) -> None:
        """Stop them once the game is over (it was: the prober saw it end): the host first,
        so that each reads all it was sent, the game's end too, before it stops."""
        host.stop()
        self.stop.set()
        for thread in self.threads:
            thread.join(WAIT)


def until(check, what: str, timeout: float = WAIT, state=lambda: "") -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what} {state()}")
        time.sleep(0.005)


def honest_figures(prober: Prober, bots: Bots) -> dict[str, Any]:
    """What the honest players saw, checked: every join and rejoin within ``MOST_JOIN``
    seconds, and the game played to its end."""
    timed = prober.timed
    assert timed.ended in ("over", "bye"), timed
    assert len(timed.joins) == 1 and len(timed.rejoins) == prober.rejoins, timed
    assert max(timed.joins + timed.rejoins) <= MOST_JOIN, timed
    assert all(isinstance(r, BotResult) and r.records for r in bots.results), bots.results
    return {"join_s": round(timed.joins[0], 3), "rejoin_s": [round(t, 3) for t in timed.rejoins],
            "refused_for_now": len(timed.refusals)}


def check_costs(costs: Costs, name: str, kind: str, attacker: Attacker,
                honest: dict[str, Any]) -> None:
    figures = {"attack": name, "host": kind, **honest, "rss_growth_mb": round(costs.rss_growth, 1),
               "host_cpu_s": round(costs.cpu_used, 2), "wall_s": round(costs.wall_used, 2),
               "attacker": attacker.done}
    print(json.dumps(figures))
    assert costs.rss_growth <= MOST_RSS_MB, figures
    assert attacker.failure is None, attacker.failure


@pytest.fixture
def quiet(capfd, caplog):
    """Fails the test on any traceback or warning, as a hosting window's player would see."""
    caplog.set_level(logging.WARNING)
    yield
    err = capfd.readouterr().err
    assert "Traceback" not in err, err
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


# ------------------------------------------------------------------------ in memory
def besiege(host: Host, network: Network, name: str) -> tuple[Attacker, Prober, Bots]:
    """The attack ``name`` on ``host``, and the honest players meanwhile."""
    address, code = host.address, host.code
    attacker = Attacker(name, address, code, network, ATTACKS[name])
    if name != "token reuse":  # a stranger with the code may take a seat nobody has
        attacker.start()
        until(lambda: attacker.done or attacker.failure, "the attack to begin")
    if name == "silent seat":
        until(lambda: "seat" in attacker.done, "the silent player to take a seat")
    prober = Prober(address, code, at(network, "prober"))
    prober.start()
    bots = Bots(address, code, network, 2)
    if name == "token reuse":  # so it tries for seats held, or kept for their players
        until(lambda: prober.seen is not None and len(prober.seen.connected) == 3,
              "the players to take their seats")
        attacker.start()
    return attacker, prober, bots


@pytest.mark.parametrize("kind", list(HOSTS))
@pytest.mark.parametrize("name", list(ATTACKS))
def test_an_attack_spoils_nothing_for_the_honest_players(name, kind, quiet):
    clock = FakeClock()
    network = Network(clock, MemoryTransport())
    host = HOSTS[kind]("N,N,N,N" if name == "silent seat" else "N,N,N,C1", network)
    began = clock.now()
    try:
        with Costs(thread="chainplus-host") as costs, Ticker(clock, PACE * 0.005):
            attacker, prober, bots = besiege(host, network, name)
            if kind == "window" and name == "silent seat":
                stalled(host, clock, attacker.done["seat"])
            until(lambda: not prober.is_alive() and (name != "endless line" or
                                                     not attacker.is_alive()),
                  "the game to end", state=lambda: (prober.timed, attacker.done))
            # a window's bots stop at the game's end, a headless host's play on
            until(bots.done if kind == "window" else bots.saw_an_end, "the bots to see the end")
            costs.stop()
            attacker.stop.set()
            attacker.join(WAIT)
        lasted = clock.now() - began
        assert len(host.snapshot().finished) >= 1
    finally:
        bots.end(host)
    check_costs(costs, name, kind, attacker, honest_figures(prober, bots))
    attack_done(name, kind, attacker.done, lasted)


def stalled(host: Host, clock: FakeClock, seat: int) -> None:
    """With no move clock, the game waits on the silent seat for as long as it likes; after a
    minute the window's player hands the seat to the computer (the panel)."""
    until(lambda: game_from_data(host.snapshot().record).to_move == seat, "the silent turn")
    moves, since = len(host.snapshot().record["moves"]), clock.now()
    until(lambda: clock.now() > since + 60, "a minute of the host's time")
    assert len(host.snapshot().record["moves"]) == moves
    host.set_seat(seat, SeatSpec("computer", 2, 10))


def attack_done(name: str, kind: str, done: dict[str, int], lasted: float) -> None:
    """What each attack got, in ``lasted`` seconds of the host's time: nothing it should not
    have."""
    if name == "slot holding":
        assert done["opened"] > 40 * 8 and done["pushed out"] > 0  # every place, and more
    elif name == "token reuse":
        assert done.get("welcomed mid-game", 0) == 0 and done["refused"] > 0
    elif name == "bad text":
        assert done["errors"] > 0
    elif name == "guessing":
        # three sources: each had a code looked at after 0, 0.5, 1.5, 3.5, 7.5 and 15.5 s,
        # then further apart; the rest were refused unlooked
        assert done.get("right", 0) == 0 and done["refused"] > done["looked"]
        assert done["looked"] <= 3 * (5 + lasted / 10)
    elif name == "endless line":
        assert done["bytes"] >= 100 * MB and done["cut"] > 0
    elif name == "watcher churn":  # let in a few at once, then one in a while, each source
        assert done["refused"] > done["watched"] and done["watched"] <= 3 * (6 + lasted / 2)
    elif name == "silent seat":
        assert done["let go"] == 1 and done["pongs"] > 0
        assert done.get("timed out", 0) == (kind == "headless")


# ------------------------------------------------------------------------ real sockets
def test_an_endless_line_through_real_sockets_spoils_nothing_for_a_headless_host(quiet):
    """100 MB of one line, and more after each cut, through real sockets on 127.0.0.1 to a
    headless host in a process of its own, while two players play and one rejoins."""
    server = subprocess.Popen(
        [sys.executable, "-m", "chainplus", "host", "--port", "0", "--seats", "N,N",
         "--games", "1000"], cwd=ROOT, text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE)
    try:
        ready = json.loads(server.stdout.readline())
        assert ready["host"] == "127.0.0.1"
        address, code = (ready["host"], ready["port"]), ready["code"]
        with Costs(pid=server.pid) as costs:
            attacker = Attacker("stream", address, code, REAL_NETWORK, stream)
            attacker.start()
            prober = Prober(address, code, REAL_NETWORK)
            prober.start()
            bots = Bots(address, code, REAL_NETWORK, 1)
            until(lambda: bots.saw_an_end() and not prober.is_alive()
                  and not attacker.is_alive(), "the game",
                  state=lambda: (prober.timed, bots.playing, attacker.done))
            costs.stop()
        bots.stop.set()
    finally:
        server.terminate()
        err = server.communicate(timeout=WAIT)[1]
        for thread in bots.threads:
            thread.join(WAIT)
    assert "Traceback" not in err and err == "", err
    check_costs(costs, "endless line (real sockets)", "headless process", attacker,
                honest_figures(prober, bots))
    attack_done("endless line", "headless", attacker.done, costs.wall_used)


def test_an_endless_line_through_real_sockets_spoils_nothing_for_a_windows_host(quiet):
    host = window_host("N,N", REAL_NETWORK)
    address, code = host.address, host.code
    try:
        with Costs(thread="chainplus-host") as costs:
            attacker = Attacker("stream", address, code, REAL_NETWORK, stream)
            attacker.start()
            prober = Prober(address, code, REAL_NETWORK)
            prober.start()
            bots = Bots(address, code, REAL_NETWORK, 1)
            until(lambda: bots.done() and not prober.is_alive() and not attacker.is_alive(),
                  "the game", state=lambda: (prober.timed, bots.results, attacker.done))
            costs.stop()
        assert len(host.snapshot().finished) == 1
    finally:
        host.stop()
    check_costs(costs, "endless line (real sockets)", "window", attacker,
                honest_figures(prober, bots))
    attack_done("endless line", "window", attacker.done, costs.wall_used)
