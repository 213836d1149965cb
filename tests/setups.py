"""``Options`` for a test from plain names, whichever part of the options each belongs to."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from net_fakes import MemoryTransport

from chainplus.app.options import KioskOptions, NetworkOptions, Options, WindowOptions
from chainplus.net.transport import Network

#: The network of the test under way, once it asked for it.
_made: list[Network] = []


def memory() -> Network:
    """The network the test under way hosts, joins and watches on: in this process's memory, no
    socket (the end-to-end tests keep real ones), on the test's one ``FakeClock``, which its
    windows (``make_app``) keep too. Each test has its own (``forget_memory`` after it)."""
    from lab.rigs.fakes import FakeClock  # with the window's fakes: only once a test asks

    if not _made:
        _made.append(Network(FakeClock(), MemoryTransport()))
    return _made[0]


def forget_memory() -> None:
    """The test is over: the next one has a network of its own."""
    _made.clear()


def options_of(**named: Any) -> Options:
    """``Options`` from the names a test gives, whichever part each belongs to: the game's own
    (seats, speed...), the window's (fullscreen, window: its placement, open_path), the
    kiosk's (kiosk=True, idle_seconds, keep_games) and the network's (join, join_code,
    host_code, listen, port)."""
    def part(kind: Any, renamed: dict[str, str] | None = None) -> Any:
        renamed = renamed or {}
        names = {f.name for f in fields(kind)}
        given = {renamed.get(k, k): named.pop(k) for k in list(named)
                 if renamed.get(k, k) in names}
        return kind(**given)

    window = part(WindowOptions, {"window": "placement"})
    network = part(NetworkOptions)
    kiosk = named.pop("kiosk", False)
    kiosk_part = part(KioskOptions)
    return Options(window=window, network=network, kiosk=kiosk_part if kiosk else None, **named)
