"""The lessons of a first game as one player gets them (``lessons`` finds them, ``explain``
words them). A kiosk gives them again with each visitor's game, and its visitors cannot turn
them off; a window gives each once, and the settings file remembers which.
"""

from __future__ import annotations

from chainplus.app.explain import lesson_line
from chainplus.app.lessons import Lesson, first_lesson
from chainplus.app.outcomes import Note
from chainplus.common.language import _
from chainplus.core.game import Game, ShownCascade


class Tutor:
    """Which lessons the player has been given, and the note for the next one. ``on``: lessons
    are given at all (not in a demonstration); ``kiosk``: ``given`` starts empty with each
    visitor's game, whatever the settings file says."""

    def __init__(self, on: bool, given: frozenset[Lesson], kiosk: bool) -> None:
        self.on = on
        self.kiosk = kiosk
        self.given = frozenset() if kiosk else given

    def note(self, shown: ShownCascade, game: Game) -> Note | None:
        """The note explaining what the move ``shown`` did (``game``: the game after it), if
        it is a lesson not yet given; it counts as given from now on."""
        if not self.on:
            return None
        lesson = first_lesson(shown, game, self.given)
        if lesson is None:
            return None
        self.given |= {lesson}
        return Note(lesson_line(lesson, shown, game), lesson=True)

    def new_game(self) -> None:
        """A kiosk's next game is a visitor's first: every lesson again (a window's player
        keeps what they learnt)."""
        if self.kiosk:
            self.given = frozenset()

    @property
    def explaining(self) -> bool:
        """True while some move has still to be explained the first time it happens."""
        return self.on and self.given != frozenset(Lesson)

    def explain(self, on: bool) -> Note:
        """Explain each new thing a move does again (``on``), or no more (not in a kiosk)."""
        if self.kiosk:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("This kiosk explains each visitor's first moves."))
        self.given = frozenset() if on else frozenset(Lesson)
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("Each new thing a move does will be explained.") if on else
                    # Translators: the help box, 3 lines of 22 characters.
                    _("No more explanations of moves."))
