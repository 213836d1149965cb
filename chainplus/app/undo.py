"""What Undo takes back in a game played at the window: moves back to a human's, or the game
New or Play on put aside. The session autosaves the game put aside, so a restart keeps it.
"""

from __future__ import annotations

from chainplus.app.outcomes import Note
from chainplus.app.panel import Panel
from chainplus.common.language import _, ngettext
from chainplus.core.game import Game


class UndoHistory:
    """What Undo can go back to besides the moves of the game on the board: the unfinished
    game New (or Play on) put aside, if any (``put_aside``)."""

    def __init__(self, put_aside: Game | None = None) -> None:
        self.put_aside = put_aside

    def count(self, game: Game, panel: Panel) -> int:
        """How many of ``game``'s moves Undo takes back: up to and including the last move of a
        seat a human plays (one when no human plays; none if no human has moved yet)."""
        if not game.can_undo():
            return 0
        humans = {s for s in game.seats if panel[s].plays_as == "human"}
        if not humans:
            return 1
        for back, seat in enumerate(reversed(game.movers()), start=1):
            if seat in humans:
                return back
        return 0

    def can_undo(self, game: Game, panel: Panel) -> bool:
        """Whether Undo does anything to ``game``: moves to take back, or a game to bring back."""
        return self.count(game, panel) > 0 or self.put_aside is not None

    def replaced(self, game: Game) -> None:
        """``game`` leaves the board for another (New, Play on): if unfinished it is put aside
        for Undo (a finished one is not: nothing is lost; an untouched one neither, so the one
        put aside before stays)."""
        if game.over:
            self.put_aside = None
        elif game.moves:
            self.put_aside = game

    def undo(self, game: Game, panel: Panel) -> tuple[Game | None, Note]:
        """Take back ``count`` moves, or with none, bring back the game put aside. Returns the
        game to show (``game`` itself, the one put aside, or None: nothing changed) and what
        Undo did."""
        taken = self.count(game, panel)
        if taken == 0 and self.put_aside is not None:
            back, self.put_aside = self.put_aside, None
            # Translators: the help box, 3 lines of 22 characters.
            return back, Note(_("The last game is back."))
        if taken == 0:
            # Translators: the help box, 3 lines of 22 characters.
            why = (_("There is no move to take back.") if not game.can_undo() else
                   # Translators: the help box, 3 lines of 22 characters.
                   _("There is no move of a human player to take back."))
            return None, Note(why, warn=True)
        for _index in range(taken):
            game.undo()
        # Translators: the help box, 3 lines of 22 characters.
        return game, Note(ngettext("Took back {count} move.", "Took back {count} moves.",
                                   taken).format(count=taken))
