"""``python -m lab.rigs.churnbench``: what guests with the code cost a host's honest players,
all on 127.0.0.1-250 (real sockets, nothing else).

A headless host (``net.host.Host`` in this process, seats ``N,N``) plays one game between two
honest players who move ``--think`` seconds after their turn comes; meanwhile ``--churners``
threads, each from an address of its own (127.0.0.10 on), join as watchers and leave again
as fast as they can, or ``--sleepers`` watchers join and never read a byte. One JSON object
is printed: the honest players' move echo (from sending a move to reading the host's
``moved`` for it) in ms, the messages they were sent, the game's seconds, the joins the
churners made and were refused; with sleepers, the bytes waiting in the kernel's socket
buffers for them (the host's send queues and the sleepers' receive queues, as
``/proc/net/tcp`` has them) and the growth of the kernel's TCP memory (machine-wide,
``/proc/net/sockstat``) at their peak, when the host had cut them all and how many it had
not at the end. ``--resend HZ`` has the host send the whole game to all that often. With
``--windows SECONDS``, no game: a hosting window's line and a joined window's link, neither
read (as with Rules on top), while the churners run, and this process's memory growth.
"""

from __future__ import annotations

import json
import random
import socket
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chainplus.app.seats import parse_seats
from chainplus.common.options import OneLineParser
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig

LOOPBACK = "127.0.0.1"


def connect(port: int, source: str) -> socket.socket:
    """A connection to the host from ``source`` (a loopback address)."""
    assert source.startswith("127.")
    return socket.create_connection((LOOPBACK, port), timeout=10, source_address=(source, 0))


class Honest(threading.Thread):
    """A player with the code: moves at once on its turn, timing each move's echo."""

    def __init__(self, port: int, code: str, source: str, seed: int, think: float) -> None:
        super().__init__(daemon=True)
        self.think = think
        self.port, self.code, self.source = port, code, source
        self.rng = random.Random(seed)
        self.echo_ms: list[float] = []
        self.messages = 0

    def run(self) -> None:
        link = Connection(connect(self.port, self.source))
        link.send(msg.hello(self.code))
        seat, state, sent, asked = None, None, 0.0, -1
        while (message := link.receive(60)) is not None:
            self.messages += 1
            if isinstance(message, msg.Ping):
                link.send({"pong": message.number})
            elif isinstance(message, msg.Welcome):
                seat = message.seat
            elif isinstance(message, msg.GameState):
                state = message
            elif isinstance(message, msg.Moved) and state is not None:
                if message.seat == seat:
                    self.echo_ms.append((time.perf_counter() - sent) * 1000)
                state.game.play(message.square)
            elif isinstance(message, msg.Bye):
                break
            if state is None or not state.started:
                continue
            game = state.game
            if game.winner is not None:
                break
            if game.to_move == seat and asked != len(game.moves):
                time.sleep(self.think)
                asked, sent = len(game.moves), time.perf_counter()
                link.send(msg.move(game.random_move(self.rng), number=asked + 1))
        link.close()


def churn(port: int, code: str, source: str, stop: threading.Event,
          done: dict[str, int], watch: bool = True) -> None:
    """Join as a watcher (or not ``watch``: for a free seat), read the game, leave; again, as
    fast as the host lets us."""
    while not stop.is_set():
        try:
            link = Connection(connect(port, source))
            link.send(msg.hello(code, watch=watch))
            answer = link.receive(10)
            if isinstance(answer, msg.Watching | msg.Welcome):
                link.receive(10)
                done["joined"] = done.get("joined", 0) + 1
                link.send({"leave": True})
            elif isinstance(answer, msg.Error) and answer.retry is not None:
                done["refused"] = done.get("refused", 0) + 1
            link.close()
        except OSError:
            done["cut"] = done.get("cut", 0) + 1


def queued(port: int) -> tuple[int, int]:
    """Bytes in the kernel's buffers of the connections to ``port``: the host's send queues,
    and the other ends' receive queues (``/proc/net/tcp``)."""
    sent = received = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16)
        tx, rx = (int(x, 16) for x in fields[4].split(":"))
        if local == port and fields[3] == "01":
            sent += tx
        elif remote == port and fields[3] == "01":
            received += rx
    return sent, received


def tcp_memory() -> int:
    """Bytes of memory the kernel's TCP holds, machine-wide (``/proc/net/sockstat``)."""
    for line in Path("/proc/net/sockstat").read_text().splitlines():
        if line.startswith("TCP:"):
            fields = line.split()
            return int(fields[fields.index("mem") + 1]) * 4096
    return 0


def rss_mb() -> float:
    """This process's resident memory now, in MB."""
    text = Path("/proc/self/status").read_text()
    return int(text.split("VmRSS:")[1].split()[0]) / 1024


def windows(host: Host, port: int, seconds: float, churners: list[threading.Thread]
            ) -> dict[str, Any]:
    """A hosting window's line to ``host`` and a joined window's link watching it, neither
    read from (a window with Rules on top), while the churners run for ``seconds``: this
    process's memory meanwhile, and what waits on each line at the end."""
    from chainplus.net.link import Link
    from chainplus.net.transport import Network
    from chainplus.ui.window.hosting import HostLine

    line = HostLine(host, lambda: None)
    line.start()
    link = Link(LOOPBACK, port, host.code, network=Network(transport=Loopback("127.0.0.9")),
                watch=True)
    link.start()
    time.sleep(1.0)
    start = peak = rss_mb()
    for thread in churners:
        thread.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        peak = max(peak, rss_mb())
        time.sleep(0.1)
    figures = {"rss_start_mb": round(start, 1), "rss_peak_growth_mb": round(peak - start, 1),
               "waiting": {"hosting": line.events.qsize(), "joined": link.events.qsize()}}
    link.close()
    return figures


class Loopback:
    """Real TCP from one loopback address (a ``transport.Transport`` for a joiner)."""

    def __init__(self, source: str) -> None:
        assert source.startswith("127.")
        self.source = source

    async def listen(self, *args: Any) -> Any:
        raise NotImplementedError

    def connect(self, host: str, port: int, timeout: float) -> socket.socket:
        assert host == LOOPBACK
        return socket.create_connection((host, port), timeout, (self.source, 0))


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m lab.rigs.churnbench", description=__doc__)
    parser.add_argument("--churners", type=int, default=8)
    parser.add_argument("--sleepers", type=int, default=0)
    parser.add_argument("--spectators", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.1, help="seconds before each move")
    parser.add_argument("--resend", type=float, default=0.0, metavar="HZ",
                        help="have the host send the whole game to everyone so many times a "
                             "second during the game (a storm, as spectators' joins once made)")
    parser.add_argument("--windows", type=float, metavar="SECONDS",
                        help="no game: a hosting and a joined window's lines, unread, for so "
                             "many seconds of churn, and this process's memory")
    args = parser.parse_args(argv)
    before = tcp_memory()
    host = Host(HostConfig(parse_seats("N,N"), "classic", listen=LOOPBACK, port=0,
                           seed=args.seed, spectators=args.spectators))
    port = host.start()[1]
    stop, done = threading.Event(), dict[str, int]()
    churners = [threading.Thread(target=churn, args=(port, host.code, f"127.0.0.{10 + n}",
                                                     stop, done), daemon=True)
                for n in range(args.churners)]
    sleepers = []
    for n in range(args.sleepers):
        sock = connect(port, f"127.0.1.{1 + n % 250}")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(msg.encode(msg.hello(host.code, watch=True)))
        sleepers.append(sock)
    if args.windows:
        lines = windows(host, port, args.windows, churners)
        stop.set()
        host.stop()
        json.dump({**lines, "churn": done}, sys.stdout)
        print()
        return 0
    for thread in churners:
        thread.start()
    time.sleep(0.5 if churners else 0.0)
    players = [Honest(port, host.code, f"127.0.0.{n + 1}", args.seed + n,
                      args.think) for n in (1, 2)]
    began = time.monotonic()
    for player in players:
        player.start()
    peak, memory, resent, cut_at = (0, 0), 0, time.monotonic(), None
    while any(p.is_alive() for p in players):
        if sleepers and cut_at is None and host.snapshot().peers <= 2:
            cut_at = time.monotonic() - began
        peak = max(peak, queued(port), key=sum)
        memory = max(memory, tcp_memory() - before)
        while args.resend and resent < time.monotonic():
            host.resend()
            resent += 1 / args.resend
        time.sleep(0.01)
    lasted = time.monotonic() - began
    time.sleep(0.2)  # the players' connections close
    open_at_end = host.snapshot().peers  # the sleepers the host has not cut
    stop.set()
    for thread in churners:
        thread.join(15)
    figures: dict[str, Any] = {"game_s": round(lasted, 2),
                               "moves": len(host.snapshot().record["moves"])}
    echo = sorted(ms for p in players for ms in p.echo_ms)
    if echo:
        figures["echo_ms"] = {"p50": round(echo[len(echo) // 2], 1),
                              "p90": round(echo[int(len(echo) * 0.9)], 1),
                              "max": round(echo[-1], 1)}
    figures["honest_messages"] = [p.messages for p in players]
    figures["churn"] = done
    if sleepers:
        figures["kernel_queued_mb"] = {"host_send": round(peak[0] / 2**20, 2),
                                       "sleepers_receive": round(peak[1] / 2**20, 2),
                                       "tcp_memory_growth": round(memory / 2**20, 2)}
        for sock in sleepers:
            sock.close()
        figures["sleepers_open_at_end"] = open_at_end
        figures["sleepers_all_cut_s"] = None if cut_at is None else round(cut_at, 1)
    host.stop()
    json.dump(figures, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
