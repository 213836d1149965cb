"""Joining a network game from the window, as a player does it, headless: the games window's
"Join a network game...", the Join dialog's writable icons typed into with text and key
events (and tapped), a real ``Host`` on 127.0.0.1 joined and played, bad addresses and codes
said on the dialog's line, Cancel, and Leave bringing back the player's own game untouched.
Loopback only."""

from __future__ import annotations

import argparse

import pytest

from chainplus.net.address import parse_address


def test_the_port_may_be_left_out_only_where_a_default_is_given() -> None:
    assert parse_address("example.org", 4770) == ("example.org", 4770)
    assert parse_address("[::1]", 4770) == ("::1", 4770)
    assert parse_address("10.0.0.2:4771", 4770) == ("10.0.0.2", 4771)
    for bad in ("", ":4770", "host:0", "host:65536", "host:port"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_address(bad, 4770)
    with pytest.raises(argparse.ArgumentTypeError):
        parse_address("example.org")  # the command line's --join still wants HOST:PORT
