"""The player panel's clicks: who plays each seat (column 1), the squares a seat owns (column
2, shown only), a computer's level and random % (columns 3 and 4).

``PanelClicks`` (``Session.clicks``) reads its session through the narrow ``Seated`` view. Each
click returns a ``Note``: a panel the operator locked (a kiosk's) changes nothing and says so;
a shaded cell (a setting no computer uses) says why.
"""

from __future__ import annotations

from typing import Protocol

from chainplus.app.explain import setting_unused
from chainplus.app.outcomes import Note
from chainplus.app.panel import (
    Panel,
    pending,
    step_kind,
    step_level,
    step_random,
)
from chainplus.app.seats import SeatKind
from chainplus.app.words import seat_name
from chainplus.common.language import _, ngettext, percent
from chainplus.core.game import Game


class Seated(Protocol):
    """What the panel's clicks need of their session: the panel, the game on the board, whether
    it is hosted, and its autosave (who plays a seat is part of the saved game)."""

    @property
    def panel(self) -> Panel: ...

    @property
    def game(self) -> Game: ...

    @property
    def hosted(self) -> bool: ...

    def autosave(self) -> None: ...


class PanelClicks:
    """The panel's clicks on ``session``'s panel. ``locked``: the operator set the seats (a
    kiosk's), so a click changes nothing; ``network``: a seat may be made a network seat."""

    def __init__(self, session: Seated, *, locked: bool, network: bool) -> None:
        self.session = session
        self.is_locked = locked
        self.network = network

    @property
    def panel(self) -> Panel:
        return self.session.panel

    @property
    def game(self) -> Game:
        return self.session.game

    def locked(self) -> Note | None:
        """The note for a click on a panel the operator locked (a kiosk's), or None."""
        if self.is_locked:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("The players are set for this kiosk: click the board to play."))
        return None

    def step_player(self, seat: int, step: int) -> Note:
        """Column 1: step who plays ``seat`` (Select +1, Adjust -1), at once or from the next
        game as ``panel`` says."""
        if (note := self.locked()) is not None:
            return note
        row, name = self.panel[seat], seat_name(seat)
        was_in, played_by, in_game = row.kind != "off", row.plays_as, seat in self.game.seats
        stepped_past_off = not step_kind(self.panel, seat, step, self.session.hosted,
                                         network=self.network)
        if row.plays_as != played_by and in_game:
            self.session.autosave()  # who plays the seat is part of the saved game
        if in_game and row.kind != "off" and pending(row):
            text = next_game_message(name, row.kind)
        else:
            text = kind_message(name, row.kind, was_in, in_game)
        if stepped_past_off:  # said, not warned: the click did change the seat
            # Translators: a line about a player that changed, with the reason it skipped
            # "not in play": "Red is now played by a human (two must play)."
            text = _("{message} (two must play).").format(message=text.removesuffix("."))
        return Note(text)

    def owned(self, seat: int) -> str:
        """Column 2's value in words: how many squares ``seat`` owns in the game on the board."""
        count = self.game.squares[seat] if seat in self.game.seats else 0
        # Translators: the help box (three lines of 22 characters); {seat} is a player's name.
        return ngettext("{seat} owns {count} square.", "{seat} owns {count} squares.",
                        count).format(seat=seat_name(seat), count=count)

    def squares_note(self, seat: int) -> Note:
        """Column 2 only shows the squares owned: a click says so in words."""
        if (note := self.locked()) is not None:
            return note
        return Note(self.owned(seat))

    def unused(self, seat: int, column: int) -> Note | None:
        """The note for a click on column 3 or 4 of a seat no computer plays, or None: the
        cell is shaded, so the click changes nothing and says why."""
        why = setting_unused(self.panel, self.game, seat, column)
        return None if why is None else Note(why)

    def step_level(self, seat: int, step: int) -> Note:
        """Column 3: the computer level, 0-5, wrapping round (a computer seat's only)."""
        if (note := self.locked() or self.unused(seat, 3)) is not None:
            return note
        step_level(self.panel, seat, step)
        # Translators: the help box (three lines of 22 characters); {seat} is a player's name,
        # {level} 0 to 5.
        return Note(_("{seat}: computer level {level}.").format(
            seat=seat_name(seat), level=self.panel[seat].level))

    def step_random(self, seat: int, step: int) -> Note:
        """Column 4: the share of random moves, 0-100 % in tens, wrapping round (a computer
        seat's only)."""
        if (note := self.locked() or self.unused(seat, 4)) is not None:
            return note
        step_random(self.panel, seat, step)
        # Translators: the help box (three lines of 22 characters); {seat} is a player's name,
        # {percent} "10%".
        return Note(_("{seat}: {percent} random moves.").format(
            seat=seat_name(seat), percent=percent(self.panel[seat].random_pct)))


def next_game_message(name: str, kind: SeatKind) -> str:
    """The line for a seat of the game on the board that ``kind`` plays from the next game
    (``name``: the seat's name as shown)."""
    if kind == "network":
        # Translators: the help box (three lines of 22 characters); {seat} is a player's name.
        text = _("{seat}: a network seat from the next game.")
    elif kind == "computer":
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat}: computer from the next game.")
    else:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat}: human from the next game.")
    return text.format(seat=name)


def kind_message(name: str, kind: SeatKind, was_in: bool, in_game: bool) -> str:
    """The line for a seat stepped to ``kind``: a new player now, back as it is in the game on
    the board, or a change that waits for the next game (``name``: the seat's name as shown)."""
    now_in = kind != "off"
    if was_in == now_in and in_game == now_in:
        if kind == "network":
            # Translators: the help box (three lines of 22 characters); {seat} is a player's name.
            text = _("{seat} is now a network seat: it waits.")
        elif kind == "computer":
            # Translators: the help box, 3 lines of 22 characters.
            text = _("{seat} is now played by a computer.")
        else:
            # Translators: the help box, 3 lines of 22 characters.
            text = _("{seat} is now played by a human.")
    elif in_game == now_in:
        if kind == "network":
            # Translators: the help box (three lines of 22 characters): a seat stepped back to who
            # plays it now.
            text = _("{seat} is network again.")
        elif kind == "computer":
            # Translators: the help box, 3 lines of 22 characters.
            text = _("{seat} is computer again.")
        elif kind == "human":
            # Translators: the help box, 3 lines of 22 characters.
            text = _("{seat} is human again.")
        else:
            # Translators: the help box, 3 lines of 22 characters.
            text = _("{seat} is out again.")
    elif now_in:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} joins at the next game.")
    else:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} leaves at the next game.")
    return text.format(seat=name)
