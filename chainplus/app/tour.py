"""How to play, page by page: the words of the rules window and of a kiosk's how-to-play, and
the little scenes they animate.

A scene is a corner of the real board (``rows`` x ``cols`` from the top left, so its corner,
edge and centre squares are the board's own) played out step by step with the game's own
cascade (``core.cascade.waves``) under the rules in play: what a scene shows is what the game
does. Words and boards only, so every page is tested without a window; ``ui.art.diagram``
draws them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from chainplus.common.language import N_, _, ngettext
from chainplus.core.cascade import waves
from chainplus.core.rules import (
    MASS,
    NEIGHBOURS,
    SQUARES,
    Rules,
    explode_at,
    most_held,
    square_of,
)

#: Seconds a scene shows a step with words to read, a piece put down, and an explosion wave.
STILL_TIME = 1.5
PUT_TIME = 0.4
WAVE_TIME = 0.6
#: A scene holds its last step this long before it starts again; a tour, before its next page.
END_TIME = 1.8
TOUR_HOLD = 1.0

CORNER, EDGE, CENTRE = square_of(0, 0), square_of(0, 1), square_of(1, 1)
# Translators: which piece makes a square explode: "it explodes on its 3rd piece".
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th"), 5: N_("5th")}


class Step(NamedTuple):
    """One moment of a scene: the board (``counts`` and ``owners`` of all 64 squares), a
    caption, and what is picked out: the squares ``sending`` pieces to their neighbours (as
    ``seat``) while the step lasts, the square in ``focus`` and the squares ``lit`` (its
    neighbours, being counted), a square ``refused`` to the seat to move, and the ``winner``
    once there is one."""

    counts: tuple[int, ...]
    owners: tuple[int, ...]
    caption: str
    seconds: float = STILL_TIME
    seat: int = 0
    sending: tuple[int, ...] = ()
    lit: tuple[int, ...] = ()
    refused: int | None = None
    winner: int | None = None
    focus: int | None = None


class Span(NamedTuple):
    """A step of a scene and when it is shown, ``start`` to ``end`` in seconds into the scene
    (counted on over its repeats; the last step's end is the scene's, as it is held)."""

    step: Step
    start: float
    end: float


@dataclass(frozen=True)
class Page:
    """A page of how to play: a heading, a few sentences, and a scene on a corner of the board
    ``rows`` x ``cols`` squares in size; its words are in the language spoken when it was
    made."""

    heading: str
    text: str
    rows: int
    cols: int
    steps: tuple[Step, ...]

    @property
    def seconds(self) -> float:
        """How long the scene takes once through, its last step held."""
        return sum(step.seconds for step in self.steps) + END_TIME

    @property
    def tour_seconds(self) -> float:
        """How long a tour shows the page: the scene once through, its last step held a
        moment."""
        return self.seconds - END_TIME + TOUR_HOLD

    def span_at(self, elapsed: float) -> Span:
        """The step shown ``elapsed`` seconds into the scene (it starts again after its last
        step is held), and from when to when it is shown."""
        began = elapsed - elapsed % self.seconds
        start = began
        for step in self.steps[:-1]:
            if elapsed < start + step.seconds:
                return Span(step, start, start + step.seconds)
            start += step.seconds
        return Span(self.steps[-1], start, began + self.seconds)  # held until the next start

    def step_at(self, elapsed: float) -> tuple[Step, float]:
        """The step shown ``elapsed`` seconds into the scene, and how far through it is from 0
        to 1 (1 while it is held)."""
        step, start, _end = self.span_at(elapsed)
        return step, min(1.0, (elapsed - start) / step.seconds)


def ordinal(n: int) -> str:
    """``n`` as an ordinal, "3rd", in the language spoken now."""
    return _(ORDINALS[n]) if n in ORDINALS else f"{n}th"


class _Scene:
    """A board to play a scene on: pieces put down and exploded by the rules of the game."""

    def __init__(self, rules: Rules, start: Iterable[tuple[int, int, int]] = ()) -> None:
        self.threshold = explode_at(rules)
        self.counts = [0] * SQUARES
        self.owners = [0] * SQUARES
        self.squares = [0] * 5
        for square, seat, count in start:
            self.counts[square], self.owners[square] = count, seat
            self.squares[seat] += 1
        self.steps: list[Step] = []

    def show(self, caption: str, *, lit: tuple[int, ...] = (), refused: int | None = None,
             winner: int | None = None, focus: int | None = None) -> None:
        """The board as it is now, with ``caption`` and the squares picked out."""
        self.steps.append(Step(tuple(self.counts), tuple(self.owners), caption, lit=lit,
                               refused=refused, winner=winner, focus=focus))

    def place(self, seat: int, square: int, caption: str, wave: str | None = None,
              seconds: float = STILL_TIME) -> int:
        """``seat`` puts a piece on ``square``: shown ``seconds`` with ``caption``, then wave by
        wave, each wave's caption ``wave`` (translated; "Wave {n}." when None) with its number
        for ``{n}``; the number of waves."""
        if self.owners[square] != seat:
            self.squares[seat] += 1
        self.counts[square] += 1
        self.owners[square] = seat
        self.steps.append(Step(tuple(self.counts), tuple(self.owners), caption, seconds, seat))
        if self.counts[square] < self.threshold[square]:
            return 0
        before = (tuple(self.counts), tuple(self.owners))
        shots: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        found = waves((self.counts, self.owners, self.squares), square, seat, None,
                      self.threshold, shots)
        frames = (before, *shots)  # each wave is drawn on the board before it
        if wave is None:
            # Translators: a caption of the rules window's scenes; {n} is the wave's number.
            wave = _("Wave {n}.")
        for n, squares in enumerate(found, 1):
            counts, owners = frames[n - 1]
            self.steps.append(Step(counts, owners, wave.format(n=n), WAVE_TIME, seat, squares))
        return len(found)


def _aim(rules: Rules) -> Page:
    scene = _Scene(rules)
    square, other = square_of(1, 1), square_of(0, 2)
    # Translators: the captions of the rules window's scenes name the players by their
    # colours (Red, Blue, Green), as the game's messages do.
    scene.steps.append(Step(tuple(scene.counts), tuple(scene.owners), _("Red is to move."),
                            1.0))
    scene.place(1, square, _("Red puts a piece on an empty square."))
    scene.place(2, other, _("Blue puts one on another."))
    scene.place(1, square, _("Red adds a piece to its own square."))
    # Translators: one caption, continued by the next ("...so Blue adds to its own.").
    scene.show(_("Blue may not play on Red's square..."), refused=square)
    scene.place(2, other, _("...so Blue adds to its own."))
    # Translators: the heading of a page of the rules window.
    heading = _("The aim")
    # Translators: a page of the rules window, below its scene.
    text = _("Two to four players take turns to put one piece on a square: an empty one, or "
             "one of their own. Take every square: the last player left wins.")
    return Page(heading, text, 3, 4, tuple(scene.steps))


def _critical_mass(rules: Rules) -> Page:
    scene, held = _Scene(rules), most_held(rules)
    for square in (CORNER, EDGE, CENTRE):
        count, nth = MASS[square], ordinal(scene.threshold[square])
        told, counting = _neighbours(square, count)
        scene.show(told.format(count=count, ordinal=nth), lit=NEIGHBOURS[square], focus=square)
        for _index in range(held[square]):
            scene.place(1, square, counting.format(count=count), seconds=PUT_TIME)
            scene.steps[-1] = scene.steps[-1]._replace(lit=NEIGHBOURS[square], focus=square)
    # Translators: a caption: the loaded squares of the rules window's scenes are orange.
    scene.show(_("Orange corners: one more piece and it explodes."))
    if rules == "acorn":
        text = _("A square's critical mass is its number of neighbours: 2 in a corner, 3 on "
                 "an edge, 4 in the centre. One piece more than that, and it explodes.")
    else:
        text = _("A square's critical mass is its number of neighbours: 2 in a corner, 3 on "
                 "an edge, 4 in the centre. As soon as it holds that many, it explodes.")
    return Page(_("Critical mass"), text, 3, 3, tuple(scene.steps))


def _neighbours(square: int, count: int) -> tuple[str, str]:
    """The captions for ``square`` (a corner, an edge or a centre) and its ``count``
    neighbours: the one that says when it explodes, and the one shown as pieces go on it."""
    if square == CORNER:
        # Translators: a caption; {ordinal} is "3rd" (which piece makes it explode).
        return (ngettext("A corner has {count} neighbour: it explodes on its {ordinal} piece.",
                         "A corner has {count} neighbours: it explodes on its {ordinal} piece.",
                         count),
                ngettext("A corner has {count} neighbour...", "A corner has {count} neighbours...",
                         count))
    if square == EDGE:
        return (ngettext("An edge square has {count} neighbour: it explodes on its {ordinal} "
                         "piece.", "An edge square has {count} neighbours: it explodes on its "
                         "{ordinal} piece.", count),
                ngettext("An edge square has {count} neighbour...",
                         "An edge square has {count} neighbours...", count))
    return (ngettext("A centre has {count} neighbour: it explodes on its {ordinal} piece.",
                     "A centre has {count} neighbours: it explodes on its {ordinal} piece.",
                     count),
            ngettext("A centre has {count} neighbour...", "A centre has {count} neighbours...",
                     count))


def _explosions(rules: Rules) -> Page:
    held = most_held(rules)
    scene = _Scene(rules, ((CORNER, 1, held[CORNER]), (EDGE, 2, 1), (square_of(1, 0), 2, 1)))
    scene.show(_("Red's corner is one short. Blue holds both its neighbours."))
    scene.place(1, CORNER, _("Red adds a piece: one too many..."),
                _("...it explodes: one piece to each neighbour."))
    scene.show(_("Both neighbours are Red's now, pieces and all."))
    heading = _("Explosions")
    text = _("An exploding square sends one piece to each neighbour and loses as many. Every "
             "square a piece lands on becomes the mover's, whoever held it.")
    return Page(heading, text, 3, 3, tuple(scene.steps))


def _chains(rules: Rules) -> Page:
    held = most_held(rules)
    top = [square_of(0, col) for col in range(1, 4)]
    scene = _Scene(rules, ((CORNER, 1, held[CORNER]), *((sq, 2, held[sq]) for sq in top),
                           (square_of(1, 1), 2, 1), (square_of(1, 3), 2, 1)))
    blue_before = scene.squares[2]
    scene.show(_("Red's corner and Blue's top edge are all one short."))
    # Translators: a caption; {n} is the wave's number.
    count = scene.place(1, CORNER, _("Red adds one piece to its corner..."),
                        _("Wave {n}: the next square explodes."))
    taken = blue_before - scene.squares[2]
    # Translators: a caption; {taken} is several (5 squares).
    scene.show(ngettext("One piece set off {count} wave and took {taken} of Blue's squares.",
                        "One piece set off {count} waves and took {taken} of Blue's squares.",
                        count).format(count=count, taken=taken))
    heading = _("Chains")
    text = _("A square pushed over the top by an explosion explodes in turn, and its neighbours "
             "may too: one piece can set off a chain across the board.")
    return Page(heading, text, 3, 5, tuple(scene.steps))


def _winner(rules: Rules) -> Page:
    held = most_held(rules)
    blue_at, green_at = EDGE, square_of(0, 2)
    scene = _Scene(rules, ((CORNER, 1, held[CORNER]), (blue_at, 2, held[blue_at] - 1),
                           (green_at, 3, 1)))
    scene.show(_("Red, Blue and Green are playing."))
    scene.place(1, CORNER, _("Red sets off its corner..."), _("...and takes Blue's only square."))
    left = scene.squares[2]
    scene.show(_("Blue has no squares left: Blue is out.") if left == 0 else
               ngettext("Blue has {count} square left: Blue is out.",
                        "Blue has {count} squares left: Blue is out.", left).format(count=left))
    scene.place(3, green_at, _("Green plays on."))
    scene.place(1, blue_at, _("Red adds to the square it took..."), _("...it explodes..."))
    left = scene.squares[3]
    scene.show(_("...Green has no squares left: Red is the last player left and wins!")
               if left == 0 else
               ngettext("...Green has {count} square left: Red is the last player left and "
                        "wins!", "...Green has {count} squares left: Red is the last player "
                        "left and wins!", left).format(count=left), winner=1)
    heading = _("Out, and the winner")
    text = _("Once everyone has had a turn, a player with no squares left is out of the game. "
             "The last player left on the board wins.")
    return Page(heading, text, 3, 4, tuple(scene.steps))


def pages(rules: Rules) -> tuple[Page, ...]:
    """How to play under ``rules``, page by page (the rules window's pages), in the language
    spoken now."""
    return (_aim(rules), _critical_mass(rules), _explosions(rules), _chains(rules),
            _winner(rules))


def tour(rules: Rules) -> tuple[Page, ...]:
    """A kiosk's short how-to-play: the pages a passer-by needs, each shown once through (the
    chain shows an explosion and its captures too)."""
    aim, mass, _unused, chains, winner = pages(rules)
    return aim, mass, chains, winner
