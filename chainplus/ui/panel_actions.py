"""What a click on the player panel does: step a seat's player, level or random share, and
say so in the help line.

A seat's new player takes its turn at once when the seat is in the game on the board; a seat
joining or leaving only changes the next game (``seats.seats_for_next_game``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import seats
from .seats import OFF
from .theme import SEAT_NAME

if TYPE_CHECKING:
    from .app import App


def click_panel(app: App, seat: int, column: int, step: int) -> None:
    """A click on panel cell (``seat``, ``column``); ``step`` is +1 for Select, -1 for Adjust.
    Columns: 1 who plays, 2 squares owned (nothing to set), 3 level, 4 random share."""
    row = app.setup[seat]
    name = SEAT_NAME[seat]
    if app.options.lock_panel:
        app.say("The players are set for this kiosk: click the board to play.")
        return
    if column == 1:
        was_in = row.kind != OFF
        played_by = row.plays_as
        note = seats.step_kind(app.setup, seat, step)
        if note:
            app.say(note, warn=True)
        else:
            app.say(kind_message(name, row.kind, was_in, seat in app.game.seats))
        if row.plays_as != played_by and seat in app.game.seats:
            app.autosave()  # who plays the seat is part of the saved game
    elif column == 2:
        app.say(f"{name} owns {app.game.squares[seat]} squares.")
    elif column == 3:
        seats.step_level(app.setup, seat, step)
        app.say(f"{name}: computer level {row.level}.")
    else:
        seats.step_random(app.setup, seat, step)
        app.say(f"{name}: {row.random_pct}% random moves.")
    app.dirty = True


def kind_message(name: str, kind: str, was_in: bool, in_game: bool) -> str:
    """The line for a seat stepped to ``kind``: a new player now, back as it is in the game on
    the board, or a change that waits for the next game."""
    now_in = kind != OFF
    if was_in == now_in and in_game == now_in:
        return f"{name} is now played by a {kind}."
    if in_game == now_in:
        return f"{name} is {kind if now_in else 'out'} again."
    return f"{name} {'joins' if now_in else 'leaves'} at the next game."
