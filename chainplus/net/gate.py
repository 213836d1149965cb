"""Who may knock at a host's door, and how often: the connections that have not joined yet
(``Lobby``) and the wrong codes (``Guesses``), counted by the address they come from.

A connection that has not joined holds one of a few places in the lobby, a few per address
and a few in all, apart from the seats players hold. The lobby is never full to a newcomer:
when its address has used its places, its own oldest waiting connection makes room; when
the lobby is, the oldest of the address holding most. So idle connections cannot lock anyone
out, and an honest joiner, who says hello at once, is in before anyone can push it out.

Addresses are counted as a network sees them: an IPv6 address by its /64 (one machine may
have any number within it), an IPv4 address mapped into IPv6 as itself.
"""

from __future__ import annotations

import ipaddress
import itertools
from collections.abc import Hashable
from typing import Generic, TypeVar

#: What waits in the lobby: a host's connection (anything that can be a dict key).
Waiting = TypeVar("Waiting", bound=Hashable)


def address_key(source: str) -> str:
    """The address a connection is counted under (see the module's docstring)."""
    try:
        address = ipaddress.ip_address(source.partition("%")[0])
    except ValueError:
        return source
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Lobby(Generic[Waiting]):
    """The connections that have not joined: at most ``per_address`` from one address and
    ``overall`` in all."""

    def __init__(self, per_address: int, overall: int) -> None:
        self.per_address, self.overall = per_address, overall
        self._waiting: dict[str, list[tuple[int, Waiting]]] = {}  # by address, oldest first
        self._where: dict[Waiting, str] = {}
        self._arrivals = itertools.count()

    def __len__(self) -> int:
        return len(self._where)

    def enter(self, comer: Waiting, source: str) -> list[Waiting]:
        """``comer`` has connected from ``source``; the connections it pushes out (to be
        closed), oldest first."""
        key = address_key(source)
        out: list[Waiting] = []
        while key in self._waiting and len(self._waiting[key]) >= self.per_address:
            out.append(self._pop(key))
        while self._where and len(self._where) >= self.overall:
            fullest = max(self._waiting.items(), key=lambda item: (len(item[1]), -item[1][0][0]))
            out.append(self._pop(fullest[0]))
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

    def _pop(self, key: str) -> Waiting:
        waiting = self._waiting[key]
        _, oldest = waiting.pop(0)
        if not waiting:
            del self._waiting[key]
        del self._where[oldest]
        return oldest
