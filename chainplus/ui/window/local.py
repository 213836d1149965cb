"""The window's own game refereed by its session (``LocalReferee``): a move is played at once.

Each seat is played as its panel row says: by a human clicking here, or by the window's
computer. The window's New, Undo and Play on act on the session directly; afterwards the
window seats the game afresh (a game with network seats is hosted: ``hosting``).
"""

from __future__ import annotations

from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.app.panel import SEAT_NAME
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
        name, row = SEAT_NAME[seat], self.table.session.panel[seat]
        if row.plays_as == "computer":
            return Player(MoveSource.COMPUTER, "Computer thinking",
                          f"{name} is the computer (level {row.level}).",
                          Note(f"{name} is played by the computer: wait for its move."))
        return Player(MoveSource.HUMAN, "To move", f"{name}: click an empty square or one of "
                      "yours.")

    def hold(self) -> Hold | None:
        game = self.table.session.game
        seat = game.to_move
        if seat is None or game.winner is not None or seat not in self.waiting_seats():
            return None
        name = SEAT_NAME[seat]
        return Hold(Status(seat, "Not hosted", name),
                    f"{name} plays over the network: host this game from Games.",
                    Note(f"{name} plays over the network: host the game first."))

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
        help = "The game is over. Click New for another game."
        if policy.next_game_after is not None:
            help = "The game is over. A new one starts in a moment, or click New."
        return Won((id(game), len(game.moves)), f"{SEAT_NAME[winner]} wins! {policy.after_win()}",
                   help)

    def waiting_seats(self) -> frozenset[int]:
        if not self.unhosted:
            return frozenset()
        panel = self.table.session.panel
        return frozenset(seat for seat in self.table.session.game.seats
                         if panel[seat].plays_as == "network")

    def close(self) -> None:
        """Nothing to stop."""
