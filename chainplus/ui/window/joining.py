"""The window switching to a host's game and back: the one place that does it.

``join`` puts the player's own session and house policy aside untouched (``Table.away``: the
unfinished game and its autosave, the settings, the games folder) and shows the host's game
as ``--join`` does: a session with no files, the ``JOINED`` policy and a ``JoinedMode`` whose
link is started. ``leave`` hangs up and brings the player's own game back as it was (the
speed and sound chosen meanwhile come along). ``save_game`` keeps the host's game on the board
in the player's own games folder: the joiner keeps its record too.
"""

from __future__ import annotations

from dataclasses import replace

from chainplus.app.session import Note, Session
from chainplus.net.link import Link
from chainplus.ui.window.joined import JOINED, JoinedMode
from chainplus.ui.window.modes import PlayMode
from chainplus.ui.window.policy import Policy
from chainplus.ui.window.table import Away, Table


def join(table: Table, address: tuple[str, int], code: str) -> JoinedMode:
    """Show the game of the host at ``address`` (joined with ``code``) instead of the
    player's own, which waits aside."""
    come_back(table)  # never two links: a window joins one host at a time
    own = table.session
    network = replace(own.options.network, join=address, join_code=code)
    options = replace(own.options, network=network, speed=own.speed, sound=own.sound)
    table.stop_thinking()
    table.session = Session(options, None)  # no files: the player's own are never touched
    link = Link(*address, code, wake=table.wake)
    mode = JoinedMode(table, link)
    link.start()
    table.away, table.policy = Away(own, table.policy, link), joined_policy(table.policy)
    if own.store is not None:
        own.store.remember_join(link.where)
    return mode


def joined_policy(own: Policy) -> Policy:
    """The house policy while a host's game is shown: ``JOINED`` in a window; in a kiosk whose
    operator joined a host (``--kiosk --join``), the kiosk's own without New, Undo, Hint or
    Games, and with no demonstration (the host's game is the one to show)."""
    if not own.kiosk:
        return JOINED
    return replace(own, hidden_icons=own.hidden_icons | JOINED.hidden_icons | {"games"},
                   demo_after=None, next_game_after=None, graph_after=None)


def leave(table: Table) -> PlayMode:
    """Hang up, and play the player's own game again, saying so."""
    if come_back(table):
        table.say(Note("You left the network game: your own game is back."))
    return PlayMode(table)


def come_back(table: Table) -> bool:
    """Hang up and put the player's own session and policy back on the table (the window is
    leaving the host's game, or closing); False when it had not joined one."""
    away = table.away
    if away is None:
        return False
    away.link.close()
    own, joined = away.session, table.session
    own.speed, own.sound = joined.speed, joined.sound
    table.stop_thinking()
    table.cues.refusal.clear()
    table.session, table.policy, table.away = own, away.policy, None
    return True


def save_game(table: Table) -> Note:
    """Save the game on the board in the player's own games folder: their own game, or the
    host's game the window has joined."""
    away = table.away
    if away is None:
        return table.session.save_game()
    return away.session.save_game(table.session)


def last_address(table: Table) -> str:
    """The address last joined from this window (its settings file remembers it), to offer
    again; "" when there is none."""
    store = table.session.store
    return store.last_join if store is not None else ""
