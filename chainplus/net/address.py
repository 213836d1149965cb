"""Where to join and with what code, as typed on a command line: the argparse types shared by
``python -m chainplus join`` and the window's ``--join``/``--code``."""

from __future__ import annotations

import argparse
import socket


def parse_address(text: str, default_port: int | None = None) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for an IPv6 address) as an argparse type; with
    ``default_port`` (the window's Join dialog) ``HOST`` or ``[::1]`` alone means that port."""
    if default_port is not None and (":" not in text or text.startswith("[") and
                                     text.endswith("]")):
        text = f"{text}:{default_port}"
    host, colon, port = text.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, not {text!r}")
    return host, int(port)


def parse_code(text: str) -> str:
    """A join code as an argparse type: letters and digits, up to 32."""
    code = text.strip().upper()
    if not 0 < len(code) <= 32 or not all(c.isascii() and c.isalnum() for c in code):
        raise argparse.ArgumentTypeError(f"a code is letters and digits, not {text!r}")
    return code


#: What a host listening on every interface listens on.
EVERYWHERE = ("", "0.0.0.0", "::")


def own_addresses(listen: str) -> list[str]:
    """Where others may reach a host that listens on ``listen``, to show its player: the
    machine's addresses by its name (nothing is sent), IPv4 first, or its name when none are
    found. May take a moment: call it off the window's thread."""
    if listen not in EVERYWHERE:
        return [listen]
    name = socket.gethostname()
    family = socket.AF_INET if listen == "0.0.0.0" else socket.AF_UNSPEC
    try:
        found = socket.getaddrinfo(name, None, family, socket.SOCK_STREAM)
    except OSError:
        return [name]
    addresses = {str(info[4][0]) for info in found} - {"127.0.0.1", "127.0.1.1", "::1"}
    return sorted(addresses, key=lambda a: (":" in a, a)) or [name]


def shown(host: str, port: int) -> str:
    """``host:port`` as a player types it (``[::1]:port`` for an IPv6 address)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
