"""Attackers and honest players for the hostile suite (``test_net_hostile.py``), and what it
measures of a host under attack.

Each attacker runs on a thread until told to stop, as hard as it can, with clients written for
the purpose: holding every place a host has for connections that have not joined, trying to
take seats with made-up or stale tokens, sending every kind of text that cannot be read,
streaming a line that never ends, guessing the code at full speed, holding a seat while
answering the pings and never moving, and (a guest with the code) joining and leaving as a
spectator at full speed. An honest ``Prober`` meanwhile joins, plays and drops
and rejoins with its token, timing each; the network bots finish the games.

Connections go through a ``transport.Network``: in memory, from made-up source names (nothing
leaves the process), or real sockets on 127.0.0.1. Nothing here talks to any other address.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
import secrets
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from net_fakes import MemoryTransport

from chainplus.net import protocol as msg
from chainplus.net.client import Connection, Joiner, Retries
from chainplus.net.transport import Network
from lab.rigs.fakes import FakeClock

WAIT = 30.0  # seconds: generous, never reached when things work
MB = 1 << 20


def at(network: Network, source: str) -> Network:
    """``network`` as seen from ``source`` (in memory: a name of its own; real: unchanged)."""
    transport = network.transport
    if isinstance(transport, MemoryTransport):
        return replace(network, transport=transport.at(source))
    return network


# ------------------------------------------------------------------------ the host's costs
def _status(pid: int | str, key: str) -> int:
    """A /proc status figure of process ``pid``, in KiB."""
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(rf"^{key}:\s+(\d+)", text, re.M).group(1))  # type: ignore[union-attr]


def _cpu(path: str) -> float:
    """The CPU seconds (user and system) in a /proc stat file."""
    fields = Path(path).read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime, stime (clock ticks of 1/100 s)


class Costs:
    """What a host costs while an attack runs: its peak RSS growth (the process's high-water
    mark, reset when the attack starts) and its CPU seconds (a process's, or, when the host
    runs in this one, its thread's: looked at every few milliseconds, as it may end first)."""

    def __init__(self, pid: int | str = "self", thread: str | None = None) -> None:
        self.pid = pid
        self._stat = f"/proc/{pid}/stat"
        if thread is not None:
            native = next(t.native_id for t in threading.enumerate() if t.name == thread)
            self._stat = f"/proc/self/task/{native}/stat"
        self._stop = threading.Event()
        self._seen = 0.0

    def _look(self) -> None:
        with contextlib.suppress(OSError):
            self._seen = _cpu(self._stat)

    def _watch(self) -> None:
        while not self._stop.wait(0.005):
            self._look()

    def __enter__(self) -> Costs:
        Path(f"/proc/{self.pid}/clear_refs").write_text("5")  # the high-water mark from now
        self.rss = _status(self.pid, "VmRSS")
        self._look()
        self.cpu, self.wall = self._seen, time.monotonic()
        self._watcher = threading.Thread(target=self._watch, name="costs", daemon=True)
        self._watcher.start()
        return self

    def stop(self) -> None:
        if self._stop.is_set():
            return
        self._look()
        self._stop.set()
        self._watcher.join(WAIT)
        self.rss_growth = (_status(self.pid, "VmHWM") - self.rss) / 1024  # MB
        self.cpu_used = self._seen - self.cpu
        self.wall_used = time.monotonic() - self.wall

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Ticker:
    """Moves a ``FakeClock`` on ``step`` seconds every ``every`` real seconds, on a thread:
    the host's timeouts and clocks pass while the attack runs, faster than real time."""

    def __init__(self, clock: FakeClock, step: float, every: float = 0.005) -> None:
        self.clock, self.step, self.every = clock, step, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ticker", daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.clock.advance(self.step)

    def __enter__(self) -> Ticker:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(WAIT)


# ------------------------------------------------------------------------ an honest player
@dataclass
class Timed:
    """An honest player's joins and rejoins, in seconds (real time, and the pauses it took on
    the host's clock), and how it ended."""

    joins: list[float] = field(default_factory=list)
    rejoins: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)  # why each connection ended, but ours
    played: int = 0
    ended: str = ""


class Prober(threading.Thread):
    """An honest player with the code: joins a free seat, plays a random legal move whenever
    its turn comes, drops its connection after every ``every`` moves of its own and rejoins
    with its token, ``rejoins`` times, timing each; then plays on to the game's end."""

    def __init__(self, address: tuple[str, int], code: str, network: Network,
                 rejoins: int = 2, every: int = 3) -> None:
        super().__init__(name="prober", daemon=True)
        self.address, self.code, self.network = address, code, network
        self.rejoins, self.every = rejoins, every
        self.timed = Timed()
        self.stop = threading.Event()
        self._joiner, self._rng = Joiner(), random.Random(7)
        self._token: str | None = None  # the seat's, once the host gave it

    @property
    def seen(self) -> msg.GameState | None:
        """The game as the host last told it."""
        return self._joiner.state

    def run(self) -> None:
        try:
            self._play()
        except Exception as exc:  # the test says which
            self.timed.ended = f"failed: {exc!r}"

    def _play(self) -> None:
        timed, joiner = self.timed, self._joiner
        while not self.stop.is_set():
            link, took = self._join()
            (timed.rejoins if timed.joins else timed.joins).append(took)
            ended = self._session(link)
            link.close()
            if ended:
                timed.ended = ended
                return
            joiner.state = None

    def _join(self) -> tuple[Connection, float]:
        """A connection the host welcomed, and how long it took (OSError: none)."""
        retries = Retries(self.network.clock, self.stop)
        start, paused = time.monotonic(), 0.0
        while True:
            link = Connection.open(*self.address, self.network.transport, WAIT)
            link.send(msg.hello(self.code, token=self._token))
            while isinstance(message := link.receive(WAIT), msg.Ping | msg.GameState):
                pass
            if isinstance(message, msg.Welcome):
                self._joiner.take(message)
                self._token = message.token
                return link, time.monotonic() - start + paused
            link.close()
            if not isinstance(message, msg.Error) or message.retry is None:
                raise ConnectionError(f"refused: {message}")
            self.timed.refusals.append(message.text)
            before = self.network.clock.now()
            retries.wait(message.retry)
            paused += self.network.clock.now() - before

    def _session(self, link: Connection) -> str:
        """Play on one connection: why the game ended for us, or "" to rejoin."""
        joiner, moves, last, sent = self._joiner, 0, None, (0, -1)
        while not self.stop.is_set():
            try:
                message = link.receive(WAIT)
            except OSError as exc:
                message = None
                last = exc
            if message is None:
                self.timed.dropped.append(f"by the host, after {last}")
                return ""
            last = message
            if isinstance(message, msg.Ping):
                link.send({"pong": message.number})
                continue
            if isinstance(message, msg.Bye):
                return "bye"
            if isinstance(message, msg.Error) and message.final:
                return f"let go: {message.text}"
            joiner.take(message)
            state = joiner.state
            if state is not None and state.game.winner is not None:
                return "over"
            if joiner.my_turn() and state is not None and \
                    sent != (state.number, len(state.game.moves)):  # each move once
                sent = (state.number, len(state.game.moves))
                link.send(msg.move(state.game.random_move(self._rng), number=sent[1] + 1))
                moves += 1
                self.timed.played += 1
                if moves % self.every == 0 and len(self.timed.rejoins) < self.rejoins:
                    return ""  # drop, and take the seat back with the token
        return "stopped"


# ------------------------------------------------------------------------ the attackers
class HostGone(Exception):
    """The host no longer listens: the attack is over."""


class Attacker(threading.Thread):
    """One attack on a thread, until ``stop``; ``done`` counts what it did."""

    def __init__(self, name: str, address: tuple[str, int], code: str, network: Network,
                 attack: Callable[[Attacker], None]) -> None:
        super().__init__(name=f"attacker-{name}", daemon=True)
        self.address, self.code, self.network = address, code, network
        self._attack = attack
        self.stop = threading.Event()
        self.done: dict[str, int] = {}
        self.failure: BaseException | None = None

    def count(self, what: str, n: int = 1) -> None:
        self.done[what] = self.done.get(what, 0) + n

    def connect(self, source: str) -> socket.socket:
        try:
            return at(self.network, source).transport.connect(*self.address, WAIT)
        except ConnectionRefusedError:
            raise HostGone() from None

    def run(self) -> None:
        try:
            self._attack(self)
        except HostGone:
            pass
        except Exception as exc:  # the test says which
            self.failure = exc


def _read_all(sock: socket.socket) -> bytes:
    """What the host sends until it hangs up (or resets)."""
    got = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            got += chunk
    return got


def hold_slots(attacker: Attacker, sources: int = 40, each: int = 8, rate: float = 300) -> None:
    """Idle connections, ``each`` from every one of ``sources`` sources (ten times the places
    a host has for connections that have not joined), each opened again as soon as the host
    closes it, up to ``rate`` a second (fifty times what it takes to keep a host's places
    full when they are all it has)."""
    chooser = selectors.DefaultSelector()

    def open_one(source: str) -> None:
        with contextlib.suppress(OSError):
            chooser.register(attacker.connect(source), selectors.EVENT_READ, source)
            attacker.count("opened")

    for n in range(sources):
        for _ in range(each):
            open_one(f"holder-{n}")
    while not attacker.stop.is_set():
        for key, _ in chooser.select(0.01):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            with contextlib.suppress(OSError):
                if b"too many connections" in sock.recv(65536):
                    attacker.count("pushed out")  # by one of its own: the lobby was full
            chooser.unregister(sock)
            sock.close()
            open_one(key.data)
            time.sleep(1 / rate)
    for key in list(chooser.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]


def reuse_tokens(attacker: Attacker) -> None:
    """A stranger with the code trying to take seats: every seat by number, made-up tokens,
    and tokens that were good on another host; none may get a seat in a game under way (a
    seat is free for it only once its player has left a game that is over)."""
    stale = [secrets.token_urlsafe(12) for _ in range(4)]
    for n in itertools.count():
        if attacker.stop.is_set():
            return
        seat = n % 4 + 1
        token = (stale[n % 4], secrets.token_urlsafe(12), None)[n % 3]
        link = Connection(attacker.connect(f"stranger-{n % 5}"))
        with contextlib.suppress(OSError):
            link.send(msg.hello(attacker.code, seat=seat, token=token))
            answer = link.receive(WAIT)
            if isinstance(answer, msg.Welcome):
                state = link.receive(WAIT)
                over = isinstance(state, msg.GameState) and state.game.winner is not None
                attacker.count("welcomed after the game" if over else "welcomed mid-game")
            else:
                attacker.count("refused")
        link.close()


#: Text that cannot be read: lone surrogates, bad UTF-8, bad JSON, wrong types.
BAD_LINES = [
    json.dumps({"hello": "chainplus", "version": 1, "code": "\ud800"}).encode(),
    json.dumps({"hello": "chainplus", "version": 1, "code": "K7Q", "token": "\udfff"}).encode(),
    json.dumps({"hello": "chainplus", "version": 1, "code": "\u00e9\u00e8"}).encode(),
    b'{"hello": "chainplus", "version": 1, "code": "\xed\xa0\x80"}',
    b'{"hello": "chainplus", "version": 1, "code": "\xff\xfe"}', b"\xc3\x28\xa0\xa1",
    b"\x00\x01\x02\xff", b"\xef\xbb\xbf{}", b"not json", b"[1, 2]", b"null", b'"\\ud800"',
    b'{"\\udc00": 1}', b'{"move": "\\ud800"}', b'{"move": [1e400, 0]}', b'{"pong": NaN}',
    b'{"hello": "chainplus", "version": 1, "code": 12345678}', b'{"hello": ["x"]}',
    b'{"hello": "chainplus", "version": "1", "code": "A"}', b"[" * 3000,
    b'{"a":' * 1000 + b"1" + b"}" * 1000, b"1" * 4000, b"\r", b"",
]


def bad_text(attacker: Attacker) -> None:
    """Every line of ``BAD_LINES`` on connections that have not joined, and from a spectator
    that has, again and again; each must get one error line, nothing else."""
    for n in itertools.count():
        if attacker.stop.is_set():
            return
        sock = attacker.connect(f"garbler-{n % 3}")
        with contextlib.suppress(OSError):  # a join refused for now is hung up on
            if n % 2:  # a spectator: joined, then garbage
                sock.sendall(msg.encode(msg.hello(attacker.code, watch=True)))
            sock.sendall(b"\n".join(BAD_LINES) + b"\n")
            sock.shutdown(socket.SHUT_WR)
        got = _read_all(sock)
        sock.close()
        attacker.count("lines", len(BAD_LINES))
        attacker.count("errors", got.count(b'{"error"'))


def guess(attacker: Attacker) -> None:
    """Wrong codes as fast as the host answers, from three sources; counts those it looked
    at (``wrong code``) and those it refused unlooked (``retry``)."""
    rng = random.Random(3)
    for n in itertools.count():
        if attacker.stop.is_set():
            return
        code = "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(9))
        try:
            link = Connection(attacker.connect(f"guesser-{n % 3}"))
            link.send(msg.hello(code))
            answer = link.receive(WAIT)
            link.close()
        except OSError:
            attacker.count("cut")
            continue
        if isinstance(answer, msg.Welcome):
            attacker.count("right")
        elif isinstance(answer, msg.Error):
            attacker.count("looked" if answer.retry is None else "refused")


def stream(attacker: Attacker, total: int = 100 * MB, joined: bool = True) -> None:
    """A line that never ends, ``total`` bytes of it, written as fast as the socket takes
    them; each time the host cuts it off, a new connection (``joined``: as a spectator
    first) carries on the same line. Counts the bytes written and the connections cut."""
    chunk = b"x" * (256 << 10)
    sent = 0
    while sent < total and not attacker.stop.is_set():
        sock = attacker.connect("streamer")
        try:
            if joined:
                sock.sendall(msg.encode(msg.hello(attacker.code, watch=True)))
            sock.sendall(b'{"pong": "')
            while sent < total and not attacker.stop.is_set():
                sock.sendall(chunk)
                sent += len(chunk)
                attacker.count("bytes", len(chunk))
        except OSError:
            attacker.count("cut")
        finally:
            sock.close()


def silent(attacker: Attacker) -> None:
    """Holds a seat, answers every ping and never moves; counts the pings answered and
    whether the host let it go."""
    link = Connection(attacker.connect("silent"))
    link.send(msg.hello(attacker.code))
    welcome = link.receive(WAIT)
    attacker.count("seat", welcome.seat if isinstance(welcome, msg.Welcome) else 0)
    with contextlib.suppress(OSError):
        while not attacker.stop.is_set():
            message = link.receive(WAIT)
            if message is None:
                break
            if isinstance(message, msg.Ping):
                link.send({"pong": message.number})
                attacker.count("pongs")
            elif isinstance(message, msg.TimedOut):
                attacker.count("timed out")
            elif isinstance(message, msg.Error) and message.final:
                attacker.count("let go")
    link.close()


def churn(attacker: Attacker) -> None:
    """A guest with the code joining as a spectator and leaving again, as fast as the host
    answers, from three sources; counts the joins let in and those refused for now."""
    for n in itertools.count():
        if attacker.stop.is_set():
            return
        try:
            link = Connection(attacker.connect(f"churner-{n % 3}"))
            link.send(msg.hello(attacker.code, watch=True))
            answer = link.receive(WAIT)
            if isinstance(answer, msg.Watching):
                link.receive(WAIT)  # the game
                link.send({"leave": True})
                attacker.count("watched")
            elif isinstance(answer, msg.Error) and answer.retry is not None:
                attacker.count("refused")
            link.close()
        except OSError:
            attacker.count("cut")


ATTACKS: dict[str, Callable[[Attacker], None]] = {
    "slot holding": hold_slots, "token reuse": reuse_tokens, "bad text": bad_text,
    "guessing": guess, "endless line": stream, "silent seat": silent, "watcher churn": churn,
}
