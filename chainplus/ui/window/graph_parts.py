"""The graph window's parts, as the pointer finds them and the help line names them: shown
after a game (``ending.Ending``) and in a replay (``over.review``)."""

from __future__ import annotations

import pygame

from chainplus.common.language import N_
from chainplus.ui.art import graph_view
from chainplus.ui.window.targets import Part

#: The help line over each of the graph window's parts (translated where shown).
# Translators: the help box, 3 lines of 22 characters.
GRAPH_HELP = {
    "close-icon": N_("Hide the graph."),
    "close": N_("Hide the graph."),
    "replay": N_("Hide the graph and step through the game."),
    "window": N_("Click on a graph to see the board at that move."),
}


def graph_places(shown: graph_view.GraphShown) -> dict[str, pygame.Rect]:
    """The graph window's parts as the keys' cursor goes round them (their names as
    ``graph_part`` gives them): the move where the game turned first, the buttons, then every
    move along the graph (Left and Right step along it); none in a kiosk's graph, which
    has no buttons."""
    if not shown.buttons:
        return {}
    moves = {f"move-{move}": graph_view.move_rect(move, shown.moves)
             for move in range(shown.moves + 1)}
    turn = {} if shown.turn is None else {f"move-{shown.turn}": moves[f"move-{shown.turn}"]}
    return {**turn, **{f"graph-{name}": rect for name, rect in graph_view.BUTTONS.items()},
            "graph-close-icon": graph_view.CLOSE, **moves}


def graph_part(shown: graph_view.GraphShown | None, pos: tuple[int, int]) -> Part | None:
    """What is under ``pos`` in the graph window ``shown`` (None: not shown): "move-N" on a
    graph (the move it picks), else "graph-" and the window's part; None outside it."""
    if shown is None:
        return None
    part = graph_view.hit(shown, pos)
    if part == "graph":
        return Part(f"move-{graph_view.move_at(shown, pos)}")
    return None if part is None else Part(f"graph-{part}")
