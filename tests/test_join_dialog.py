"""Joining a network game from the window, as a player does it, headless: the games window's
"Join a network game...", the Join dialog's writable icons typed into with text and key
events (and tapped), a real ``Host`` on 127.0.0.1 joined and played, bad addresses and codes
said on the dialog's line, Cancel, and Leave bringing back the player's own game untouched.
Loopback only."""

from __future__ import annotations

import argparse

import pytest

from chainplus.app import settings as st
from chainplus.app.store import Store
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


def test_the_settings_file_keeps_the_address_last_joined_as_text(tmp_path) -> None:
    data = st.DEFAULTS.to_json()
    assert data["join"] == ""
    settings, problems = st.check_settings({**data, "join": "host.example:4771"})
    assert problems == [] and settings.join == "host.example:4771"
    settings, problems = st.check_settings({**data, "join": 4771})
    assert problems == ["'join' is not text"] and settings.join == ""
    store = Store(tmp_path)
    store.remember_join("host.example:4771")
    store.save_settings(st.DEFAULTS)  # a session's settings know no address: the store's kept
    assert Store(tmp_path).load_settings().join == "host.example:4771"
