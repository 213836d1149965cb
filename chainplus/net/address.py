"""Where to join and with what code, as typed on a command line: the argparse types shared by
``python -m chainplus join`` and the window's ``--join``/``--code``."""

from __future__ import annotations

import argparse


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for an IPv6 address) as an argparse type."""
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
