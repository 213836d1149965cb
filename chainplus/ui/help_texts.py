"""The help line's words for what is under the pointer: an icon, a panel cell, window furniture.

Kept apart from ``app`` so the wording can be read (and changed) in one place; every function
only reads the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .seats import COMPUTER
from .theme import SEAT_NAME

if TYPE_CHECKING:
    from .app import App

#: Help for the title bar's icons, which have no state to show.
FURNITURE_HELP = {
    "close": "Close the window and quit.",
    "toggle": "Switch between full screen and a window.",
}


def icon_help(app: App, name: str) -> str:
    """One line on what the icon ``name`` does, with the state it shows now."""
    if name == "new":
        return "New: start a new game with the seats in the panel."
    if name == "undo":
        return "Undo: take back moves to the last move a human made."
    if name == "hint":
        return "Hint: flash the square the strongest computer would play."
    if name == "speed":
        return f"Speed: {app.speed}. Select: next speed, Adjust: back."
    if name == "sound":
        return f"Sound is {'on' if app.sounds.enabled else 'off'}. Click to switch."
    if name == "fullscreen":
        return "Switch between full screen and a window (F11)."
    if name == "rules":
        return f"Rules: {app.rules} ({'over' if app.rules == 'acorn' else 'at'} " \
               f"critical mass). Next game."
    return "Quit Chain Reaction."


def panel_help(app: App, seat: int, column: int) -> str:
    """One line on the player panel's cell (``seat``, ``column``): what a click there does."""
    name = SEAT_NAME[seat]
    row = app.setup[seat]
    if app.options.lock_panel:
        level = f", level {row.level}" if row.kind == COMPUTER else ""
        return f"{name}: set for this kiosk ({row.kind}{level})."
    if column == 1:
        return f"{name}: H human, C computer or - not in play. Click to step."
    if column == 2:
        owned = app.game.squares[seat] if seat in app.game.seats else 0
        return f"{name} owns {owned} squares."
    if column == 3:
        return f"{name}: computer level {row.level} of 0-5. Select up, Adjust down."
    return f"{name}: {row.random_pct}% of moves random. Select up, Adjust down."
