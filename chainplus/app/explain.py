"""The help box's words for a board square, a panel cell not in use, and a move's lesson.

Words only, from the game and the panel, so every line is tested without a window. Each must
fit the help box: three lines of 22 characters of the 8-pixel font.
"""

from __future__ import annotations

from chainplus.app.lessons import Lesson
from chainplus.app.panel import Panel, computer_plays
from chainplus.app.words import seat_name, seat_names
from chainplus.common.language import _, ngettext
from chainplus.core.game import Game, ShownCascade
from chainplus.core.rules import MASS


def square_help(game: Game, square: int) -> str:
    """What ``square`` is on ``game``'s board: its kind, how many pieces explode it under the
    game's rules, and whose pieces it holds; on a won board, why a loaded square did not
    explode."""
    count, owner = game.counts[square], game.owners[square]
    if count >= game.threshold[square]:  # left loaded when the win stopped the chain
        # Translators: the help box, three lines of 22 characters; {seat} is a player's name.
        return ngettext("{seat}'s {count} piece: the game was won before it exploded.",
                        "{seat}'s {count} pieces: the game was won before they exploded.",
                        count).format(seat=seat_name(owner), count=count)
    at = game.threshold[square]
    if count:
        # Translators: the help box, three lines of 22 characters (with the line before it);
        # {seat} is a player's name.
        held = ngettext("{seat}'s, {count} piece.", "{seat}'s, {count} pieces.", count).format(
            seat=seat_name(owner), count=count)
    else:
        # Translators: the help box: a square with no pieces on it.
        held = _("Empty.")
    mass = MASS[square]
    if mass == 2:
        # Translators: the help box, three lines of 22 characters with the line after it.
        kind = ngettext("Corner square: explodes at {count} piece.",
                        "Corner square: explodes at {count} pieces.", at)
    elif mass == 3:
        # Translators: the help box, three lines of 22 characters with the line after it.
        kind = ngettext("Edge square: explodes at {count} piece.",
                        "Edge square: explodes at {count} pieces.", at)
    else:
        # Translators: the help box, three lines of 22 characters with the line after it.
        kind = ngettext("Centre square: explodes at {count} piece.",
                        "Centre square: explodes at {count} pieces.", at)
    # Translators: the help box: a square's kind ("Corner square: explodes at 3 pieces."),
    # then whose pieces it holds ("Red's, 2 pieces." or "Empty.").
    return _("{kind} {held}").format(kind=kind.format(count=at), held=held)


def setting_unused(panel: Panel, game: Game, seat: int, column: int) -> str | None:
    """Why column 3 (level) or 4 (random %) of ``seat`` is not in use, or None when it is:
    a human plays the seat, or nobody does. The value is kept for when a computer plays it."""
    row, in_game = panel[seat], seat in game.seats
    if computer_plays(row, in_game):
        return None
    kind = row.plays_as if in_game else row.kind
    name = seat_name(seat)
    if kind == "off" and column == 3:
        # Translators: the help box, three lines of 22 characters; {seat} is a player's name.
        text = _("{seat} is not in play: its level counts when it is a computer.")
    elif kind == "off":
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} is not in play: its random % counts when it is a computer.")
    elif kind == "network" and column == 3:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} is network: its level counts when it is a computer.")
    elif kind == "network":
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} is network: its random % counts when it is a computer.")
    elif column == 3:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} is human: its level counts when it is a computer.")
    else:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("{seat} is human: its random % counts when it is a computer.")
    return text.format(seat=name)


def lesson_line(lesson: Lesson, shown: ShownCascade, game: Game) -> str:
    """The words for ``lesson``, given by the move ``shown`` (``game`` is the game after it)."""
    cascade = shown.cascade
    if lesson is Lesson.KNOCKED_OUT:
        # Translators: a lesson in the help box (three lines of 22 characters); {seats} is one or
        # more players' names.
        return _("Out: {seats} lost every square. The last player left wins.").format(
            seats=seat_names(cascade.eliminated))
    if lesson is Lesson.CAPTURE:
        # Translators: a lesson in the help box (three lines of 22 characters); {seat} is a player's
        # name.
        return _("It exploded: one piece to each neighbour, and they are {seat}'s now.").format(
            seat=seat_name(cascade.seat))
    if lesson is Lesson.CHAIN:
        waves = len(cascade.waves)
        # Translators: a lesson in the help box (three lines of 22 characters); {count} is 2 or
        # more.
        return ngettext("A chain of {count} wave: explosions set off loaded neighbours.",
                        "A chain of {count} waves: explosions set off loaded neighbours.",
                        waves).format(count=waves)
    square = cascade.square
    count = game.counts[square]
    mass = MASS[square]
    if mass == 2:
        # Translators: a lesson in the help box (three lines of 22 characters): a square one piece
        # short of exploding.
        text = _("This corner holds {count}: one more piece and it explodes.")
    elif mass == 3:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("This edge holds {count}: one more piece and it explodes.")
    else:
        # Translators: the help box, 3 lines of 22 characters.
        text = _("This centre holds {count}: one more piece and it explodes.")
    return text.format(count=count)
