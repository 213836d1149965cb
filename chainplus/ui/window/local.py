"""The window's own game refereed by its session (``LocalReferee``): a move is played at once.

Each seat is played as its panel row says: by a human clicking here, or by the window's
computer. The window's New, Undo and Play on act on the session directly; afterwards the
window seats the game afresh (a game with network seats is hosted: ``hosting``).
"""

from __future__ import annotations

from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.app.panel import SEAT_NAME
from chainplus.common.language import _
from chainplus.ui.window.picture import Status
from chainplus.ui.window.referee import Happening, Hold, MoveSource, Player, Referee, Won
from chainplus.ui.window.table import Table


class LocalReferee(Referee):
    """The session on ``table`` is the authority over its game. ``unhosted``: the game has
    network seats the window does not host (a resumed game: a window never starts listening
    on its own); they wait, and hold the game on their turn, until the player hosts it."""

    def __init__(self, table: Table, unhosted: bool = False) -> None:
        self.table, self.unhosted = table, unhosted

    def player(self, seat: int) -> Player:
        name, row = _(SEAT_NAME[seat]), self.table.session.panel[seat]
        if row.plays_as == "computer":
            # Translators: the turn box's heading (fits 22 characters).
            return Player(MoveSource.COMPUTER, _("Computer thinking"),
                          # Translators: the help box, 3 lines of 22 characters;
                          # {seat} is a seat's colour (Red ...).
                          _("{seat} is the computer (level {level}).").format(seat=name,
                                                                             level=row.level),
                          # Translators: the help box, 3 lines of 22 characters.
                          Note(_("{seat} is played by the computer: wait for its move.").format(
                              seat=name)))
        # Translators: the turn box's heading (fits 22 characters).
        return Player(MoveSource.HUMAN, _("To move"),
                      # Translators: the help box, 3 lines of 22 characters.
                      _("{seat}: click an empty square or one of yours.").format(seat=name))

    def hold(self) -> Hold | None:
        game = self.table.session.game
        seat = game.to_move
        if seat is None or game.winner is not None or seat not in self.waiting_seats():
            return None
        name = _(SEAT_NAME[seat])
        # Translators: the turn box's heading (fits 22 characters), over a seat's colour.
        return Hold(Status(seat, _("Not hosted"), name),
                    # Translators: the help box, 3 lines of 22 characters.
                    _("{seat} plays over the network: host this game from Games.").format(
                        seat=name),
                    # Translators: the help box, 3 lines of 22 characters.
                    Note(_("{seat} plays over the network: host the game first.").format(
                        seat=name)))

    def propose(self, square: int) -> Placed | Refused:
        return self.table.session.place(square)

    def heard(self) -> list[Happening]:
        return []

    def shown(self) -> None:
        """Nobody waits for the window's chains."""

    def behind(self) -> bool:
        return False

    def restart(self) -> Referee | None:
        return None  # the game may now have network seats to host

    def won(self, winner: int) -> Won:
        policy, game = self.table.policy, self.table.session.game
        # Translators: the help box, 3 lines of 22 characters.
        help = _("The game is over. Click New for another game.")
        if policy.next_game_after is not None:
            # Translators: the help box, 3 lines of 22 characters.
            help = _("The game is over. A new one starts in a moment, or click New.")
        # Translators: the winner's box; {seat} is a seat's colour (Red ...).
        wins = _("{seat} wins!").format(seat=_(SEAT_NAME[winner]))
        return Won((id(game), len(game.moves)), wins + " " + policy.after_win(), help)

    def waiting_seats(self) -> frozenset[int]:
        if not self.unhosted:
            return frozenset()
        panel = self.table.session.panel
        return frozenset(seat for seat in self.table.session.game.seats
                         if panel[seat].plays_as == "network")

    def close(self) -> None:
        """Nothing to stop."""
