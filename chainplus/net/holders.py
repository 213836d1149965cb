"""Who holds each network seat of a host's game, and the token that is each seat's player's.

A player who joins afresh gets a free seat and a new token; a connection that presents a
seat's token takes that seat back (from a connection of its own left behind, if need be). A
seat whose player has been away less than ``grace`` seconds is not free; after that a newcomer
may have it, with a new token. So a stranger with the code cannot take a seat from a player,
nor two players take one seat from each other. The host's clock is handed in as ``now``.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable


def new_token() -> str:
    """A token nobody can guess (96 random bits)."""
    return secrets.token_urlsafe(12)


class Holders:
    """The holder of each held seat, the token of each seat's player and since when each
    seat's player has been away."""

    def __init__(self, grace: float, tokens: Iterable[tuple[int, str]] = (),
                 now: float = 0.0) -> None:
        """``tokens``: the players' tokens of a host started again, away since ``now``."""
        self.grace = grace
        self.holder: dict[int, object] = {}
        self.token: dict[int, str] = dict(tokens)
        self.away: dict[int, float] = dict.fromkeys(self.token, now)

    def seat_of(self, token: str) -> int | None:
        """The seat whose player's token ``token`` is, if any."""
        for seat, known in self.token.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                return seat
        return None

    def free(self, seat: int, now: float) -> bool:
        """Whether a newcomer may have network seat ``seat``: nobody holds it, and it has no
        player, or one away longer than the grace."""
        return seat not in self.holder and self.left(seat, now) <= 0

    def left(self, seat: int, now: float) -> float:
        """Seconds the player of ``seat`` still has to come back (0: none, or too late)."""
        if seat not in self.token or seat in self.holder:
            return 0.0
        return max(0.0, self.away.get(seat, now) + self.grace - now)

    def choose(self, seat: int | None, seats: Iterable[int], now: float) -> int | str:
        """The seat of the network ``seats`` a newcomer gets (``seat``, when it asks for one),
        or why none: seats never taken first, then seats whose player is gone for good."""
        network = list(seats)
        free = [s for s in network if self.free(s, now)]
        if seat is not None:
            if seat in free:
                return seat
            left = self.left(seat, now)
            return f"seat {seat} is not free" + (
                f": its player has {left:.0f} s to come back" if left else "")
        if free:
            return min(free, key=lambda s: s in self.token)
        waiting = [s for s in network if self.left(s, now)]
        return "there is no free network seat" + (
            f": seat {waiting[0]}'s player has {self.left(waiting[0], now):.0f} s to come "
            "back" if waiting else "")

    def hold(self, seat: int, holder: object, fresh: bool) -> tuple[object | None, str]:
        """Give ``seat`` to ``holder``: the holder it had (a connection of the same player
        left behind), and the player's token, new when ``fresh`` (the old one dies)."""
        old = self.holder.get(seat)
        self.holder[seat] = holder
        self.away.pop(seat, None)
        if fresh or seat not in self.token:
            self.token[seat] = new_token()
        return old, self.token[seat]

    def release(self, seat: int | None, holder: object, now: float) -> bool:
        """``holder`` has gone from ``seat``; whether it held it (its player is away from
        ``now``)."""
        if seat is None or self.holder.get(seat) is not holder:
            return False
        del self.holder[seat]
        self.away[seat] = now
        return True

    def leave(self, seat: int | None, holder: object) -> bool:
        """``holder`` is done with ``seat`` (it said so): the seat is free for anyone at
        once, its token dies; whether it held it."""
        if seat is None or self.holder.get(seat) is not holder:
            return False
        self.forget(seat)
        return True

    def forget(self, seat: int) -> object | None:
        """``seat`` is no network seat any more: its token dies; the holder it had."""
        self.token.pop(seat, None)
        self.away.pop(seat, None)
        return self.holder.pop(seat, None)
