"""The help box's words for a board square, a panel cell not in use, and a move's lesson.

Words only, from the game and the panel, so every line is tested without a window. Each must
fit the help box: three lines of 22 characters of the 8-pixel font.
"""

from __future__ import annotations

from chainplus.app.lessons import Lesson
from chainplus.app.panel import SEAT_NAME, Panel, computer_plays
from chainplus.core.game import Game, ShownCascade
from chainplus.core.rules import MASS

#: A square's kind, by its critical mass (the rules' words: corner 2, edge 3, centre 4).
SQUARE_KIND = {2: "Corner", 3: "Edge", 4: "Centre"}
#: The panel's columns 3 and 4 as the help line names them.
SETTING_NAME = {3: "level", 4: "random %"}


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def square_help(game: Game, square: int) -> str:
    """What ``square`` is on ``game``'s board: its kind, how many pieces explode it under the
    game's rules, and whose pieces it holds; on a won board, why a loaded square did not
    explode."""
    count, owner = game.counts[square], game.owners[square]
    if count >= game.threshold[square]:  # left loaded when the win stopped the chain
        return f"{SEAT_NAME[owner]}'s {count} pieces: the game was won before they exploded."
    held = f"{SEAT_NAME[owner]}'s, {plural(count, 'piece')}." if count else "Empty."
    return (f"{SQUARE_KIND[MASS[square]]} square: explodes at {game.threshold[square]} pieces. "
            f"{held}")


def setting_unused(panel: Panel, game: Game, seat: int, column: int) -> str | None:
    """Why column 3 (level) or 4 (random %) of ``seat`` is not in use, or None when it is:
    a human plays the seat, or nobody does. The value is kept for when a computer plays it."""
    row, in_game = panel[seat], seat in game.seats
    if computer_plays(row, in_game):
        return None
    kind = row.plays_as if in_game else row.kind
    who = "not in play" if kind == "off" else kind
    return f"{SEAT_NAME[seat]} is {who}: its {SETTING_NAME[column]} counts when it is a computer."


def lesson_line(lesson: Lesson, shown: ShownCascade, game: Game) -> str:
    """The words for ``lesson``, given by the move ``shown`` (``game`` is the game after it)."""
    cascade = shown.cascade
    if lesson is Lesson.KNOCKED_OUT:
        names = " and ".join(SEAT_NAME[seat] for seat in cascade.eliminated)
        return f"Out: {names} lost every square. The last player left wins."
    if lesson is Lesson.CAPTURE:
        return (f"It exploded: one piece to each neighbour, and they are "
                f"{SEAT_NAME[cascade.seat]}'s now.")
    if lesson is Lesson.CHAIN:
        return f"A chain of {len(cascade.waves)} waves: explosions set off loaded neighbours."
    square = cascade.square
    return (f"This {SQUARE_KIND[MASS[square]].lower()} holds {game.counts[square]}: one more "
            "piece and it explodes.")
