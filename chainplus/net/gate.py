"""Who may knock at a host's door, and how often: the connections that have not joined yet
(``Lobby``) and the wrong codes (``Guesses``), counted by the address they come from.

A connection that has not joined holds one of a few places in the lobby, a few per address
and a few in all, apart from the seats players hold. The lobby is never full to a newcomer:
when its address has used its places, its own oldest waiting connection makes room; when
the lobby is, the oldest of the address that has been connecting most (lately: the count
halves every ``HALF_LIFE`` seconds). So idle connections cannot lock anyone out, however
fast they are opened again: an honest joiner connects once and says hello at once, and it is
the flood's own connections that make room for the flood.

Guessing is slow (``Guesses``), yet a player who types the code right is never held up by
others' guessing. A refused guess is not looked at, so it tells the guesser nothing. Joins
with the right code are paced per address too (``Joins``): each makes the host send a game.

The lobby counts addresses as a network sees them: an IPv6 address by its /64 (one machine
may have any number within it), an IPv4 address mapped into IPv6 as itself. Codes and joins
are counted by the one address (``one_address``), with a lenient limit per IPv6 /64, and for
codes per /56 and /48 too (a site may have many /64s).
"""

from __future__ import annotations

import ipaddress
import itertools
import math
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

#: What waits in the lobby: a host's connection (anything that can be a dict key).
Waiting = TypeVar("Waiting", bound=Hashable)
#: Seconds in which an address's count of connections made lately halves.
HALF_LIFE = 10.0
#: Addresses whose connections a host counts at most (those quiet longest are forgotten).
REMEMBER = 4096


def address_key(source: str) -> str:
    """The address a connection is counted under in the lobby: an IPv6 address by its /64."""
    try:
        address = ipaddress.ip_address(source.partition("%")[0])
    except ValueError:
        return source
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def one_address(source: str) -> str:
    """The one address ``source`` is (an IPv6 address whole, without its zone; an IPv4
    address mapped into IPv6 as itself)."""
    try:
        address = ipaddress.ip_address(source.partition("%")[0])
    except ValueError:
        return source
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


class Lobby(Generic[Waiting]):
    """The connections that have not joined: at most ``per_address`` from one address and
    ``overall`` in all."""

    def __init__(self, per_address: int, overall: int) -> None:
        self.per_address, self.overall = per_address, overall
        self._waiting: dict[str, list[tuple[int, Waiting]]] = {}  # by address, oldest first
        self._where: dict[Waiting, str] = {}
        self._arrivals = itertools.count()
        self._lately: OrderedDict[str, tuple[float, float]] = OrderedDict()  # count, when

    def __len__(self) -> int:
        return len(self._where)

    def enter(self, comer: Waiting, source: str, now: float) -> list[Waiting]:
        """``comer`` has connected from ``source`` at ``now``; the connections it pushes out
        (to be closed), oldest first."""
        key = address_key(source)
        self._lately[key] = (self._count(key, now) + 1, now)
        self._lately.move_to_end(key)
        if len(self._lately) > REMEMBER:
            self._lately.popitem(last=False)
        out: list[Waiting] = []
        while key in self._waiting and len(self._waiting[key]) >= self.per_address:
            out.append(self._pop(key))
        while self._where and len(self._where) >= self.overall:
            busiest = max(self._waiting, key=lambda k: (math.ceil(self._count(k, now)),
                                                        len(self._waiting[k]),
                                                        -self._waiting[k][0][0]))
            out.append(self._pop(busiest))
        self._waiting.setdefault(key, []).append((next(self._arrivals), comer))
        self._where[comer] = key
        return out

    def leave(self, comer: Waiting) -> None:
        """``comer`` has joined, or gone: its place is free (nothing if it had none)."""
        key = self._where.pop(comer, None)
        if key is None:
            return
        waiting = [entry for entry in self._waiting[key] if entry[1] is not comer]
        if waiting:
            self._waiting[key] = waiting
        else:
            del self._waiting[key]

    def _count(self, key: str, now: float) -> float:
        """How many connections ``key`` has made lately (one long ago counts as a little)."""
        count, when = self._lately.get(key, (0.0, now))
        return count * math.pow(2.0, (when - now) / HALF_LIFE)  # math.exp2: 3.11 on

    def _pop(self, key: str) -> Waiting:
        waiting = self._waiting[key]
        _, oldest = waiting.pop(0)
        if not waiting:
            del self._waiting[key]
        del self._where[oldest]
        return oldest


class Joins:
    """Joins with the right code, paced per address (``one_address``): ``burst`` at once, then
    ``rate`` a second, so a guest with the code who joins and leaves at full speed is slowed,
    and nobody else. An IPv6 /64 (one machine may have any address in it) is paced as well,
    ``network`` times as leniently."""

    def __init__(self, rate: float, burst: float, remember: int = REMEMBER,
                 network: int = 8) -> None:
        self.rate, self.burst, self.remember, self.network = rate, burst, remember, network
        self._left: OrderedDict[str, tuple[float, float]] = OrderedDict()  # joins left, when

    def refusal(self, source: str, now: float) -> tuple[str, float] | None:
        """Why a join from ``source`` is refused now, and in how many seconds it may come;
        None: it is let in (and counted)."""
        one, network = one_address(source), address_key(source)
        buckets = [(one, 1)] + ([(network, self.network)] if network != one else [])
        lefts = [self._refill(key, scale, now) for key, scale in buckets]
        short = [(1 - left) / (self.rate * scale)
                 for left, (_, scale) in zip(lefts, buckets, strict=True) if left < 1]
        for left, (key, _) in zip(lefts, buckets, strict=True):
            self._keep(key, left if short else left - 1, now)
        if short:
            wait = max(short)
            return f"too many joins from your address: try again in {math.ceil(wait)} s", wait
        return None

    def _refill(self, key: str, scale: int, now: float) -> float:
        left, when = self._left.pop(key, (self.burst * scale, now))
        return min(self.burst * scale, left + (now - when) * self.rate * scale)

    def _keep(self, key: str, left: float, now: float) -> None:
        self._left[key] = (left, now)  # the most recent last
        if len(self._left) > self.remember:  # the quietest: a full bucket again by now
            self._left.popitem(last=False)


@dataclass
class _Guesser:
    """One address's wrong codes: how many, the last one's time, and when it may try again."""

    wrong: int = 0
    last: float = 0.0
    until: float = 0.0


@dataclass(frozen=True)
class Slowing:
    """How a host slows guessing (see ``Guesses``)."""

    first: float = 0.5  # seconds an address waits after its first wrong code...
    most: float = 30.0  # ...doubling after each, up to this
    rate: float = 2.0  # codes a second looked at from the addresses not counted...
    burst: float = 10.0  # ...and at once
    network: int = 8  # IPv6 addresses counted at most in one /64...
    network56: int = 32  # ...in one /56...
    network48: int = 128  # ...and in one /48 (a site)
    forget: float = 600.0  # seconds after its last wrong code an address starts clean
    remember: int = 4096  # addresses counted at most


class Guesses:
    """The wrong codes a host has been sent, by address (``one_address``).

    An address counted waits after each wrong code of its own, twice as long each time up to
    ``most``, and starts clean once it guesses right or goes quiet: it is heard once its own
    wait is over, whatever others guess. So an honest player waits only for its own
    mistakes: ``first``, then twice that, and so on, never more than ``most``.

    An address is counted while there is room: fewer than ``remember`` addresses in all, and
    fewer than ``network``, ``network56`` and ``network48`` of its IPv6 /64, /56 and /48, so
    no one site can fill the table. Any other address is a suspect: it is never taken as new
    (a guesser is not forgotten by guessing from more addresses), and the suspects share
    ``rate`` looks a second. So the codes looked at are bounded in all: from each address
    counted, past its first few, one in ``most`` seconds; from the rest, ``rate`` a second."""

    def __init__(self, slowing: Slowing, now: float = 0.0) -> None:
        self.slowing = slowing
        self._guessers: OrderedDict[str, _Guesser] = OrderedDict()  # the latest wrong last
        self._networks: dict[str, int] = {}  # an IPv6 /64, /56 or /48: its addresses counted
        self._looks, self._filled = slowing.burst, now

    def refusal(self, source: str, now: float) -> tuple[str, float] | None:
        """Why a code from ``source`` is not looked at now, and in how many seconds it may
        be; None: look at it."""
        self._forget(now)
        key = one_address(source)
        guesser = self._guessers.get(key)
        if guesser is not None:
            if guesser.until <= now:
                return None
            wait = guesser.until - now
            return f"too many wrong codes from your address: try again in {math.ceil(wait)} s", \
                wait
        if self._room(key):
            return None
        self._refill(now)
        if self._looks < 1:
            wait = (1 - self._looks) / self.slowing.rate
            return f"too many wrong codes lately: try again in {math.ceil(wait)} s", wait
        return None

    def looked(self, source: str, right: bool, now: float) -> None:
        """A code from ``source`` was looked at, and was ``right`` or not."""
        self._forget(now)
        key = one_address(source)
        slowing = self.slowing
        guesser = self._guessers.get(key)
        if right:
            if guesser is not None:
                self._drop(key)
            return
        if guesser is None:
            if not self._room(key):  # a suspect: one of the looks they share
                self._refill(now)
                self._looks = max(-slowing.burst, self._looks - 1)
                return
            guesser = self._guessers[key] = _Guesser()
            for network in _networks(key):
                self._networks[network] = self._networks.get(network, 0) + 1
        guesser.wrong, guesser.last = guesser.wrong + 1, now
        guesser.until = now + min(slowing.most, slowing.first * 2 ** min(guesser.wrong - 1, 30))
        self._guessers.move_to_end(key)

    def _room(self, key: str) -> bool:
        """Whether ``key``, not counted yet, may be: the table and its networks have room."""
        slowing = self.slowing
        caps = (slowing.network, slowing.network56, slowing.network48)
        return len(self._guessers) < slowing.remember and all(
            self._networks.get(network, 0) < cap
            for network, cap in zip(_networks(key), caps, strict=False))

    def _forget(self, now: float) -> None:
        """Start clean the addresses quiet for ``forget`` seconds (the longest quiet first)."""
        while self._guessers:
            key, oldest = next(iter(self._guessers.items()))
            if now - oldest.last <= self.slowing.forget:
                return
            self._drop(key)

    def _drop(self, key: str) -> None:
        del self._guessers[key]
        for network in _networks(key):
            self._networks[network] -= 1
            if not self._networks[network]:
                del self._networks[network]

    def _refill(self, now: float) -> None:
        slowing = self.slowing
        self._looks = min(slowing.burst, self._looks + (now - self._filled) * slowing.rate)
        self._filled = now


def _networks(key: str) -> tuple[str, ...]:
    """The /64, /56 and /48 of an IPv6 address (``one_address``); none for any other."""
    if ":" not in key:
        return ()
    try:
        return tuple(str(ipaddress.IPv6Network((key, length), strict=False))
                     for length in (64, 56, 48))
    except ValueError:
        return ()
