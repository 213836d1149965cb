"""What a level 5 search is given: how long it may think (``Limit``) and how it is set up
(``Setup``).

Plain frozen data with keyword-only fields, after python-chess's ``engine.Limit``, so a call
says what each number is (``Limit(nodes=600)``) and settings travel together. The game uses
``Setup()`` as it is; the other setups are for tuning, comparisons and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from chainplus.ai.evaluate import JUDGE, Judge


@dataclass(frozen=True, kw_only=True)
class Limit:
    """When a search stops: after ``time`` seconds, ``nodes`` positions or the iteration to
    ``depth`` plies, whichever comes first; ``None`` sets no such bound.

    With no clock (``time`` None) the answer depends only on the position and the random
    generator: the same on any machine.
    """

    time: float | None = None
    nodes: int | None = None
    depth: int | None = None


@dataclass(frozen=True, kw_only=True)
class Setup:
    """How a search is set up; each piece is explained where it is used (``search``)."""

    #: The evaluation and its weights.
    judge: Judge = JUDGE
    #: Plies of fights played out past the horizon (0 for none); ``None``: with two seats in
    #: ``horizon.QUIESCENCE_PLIES``, with more none (``horizon.default_quiescence``).
    quiescence: int | None = None
    #: With three or four seats: best-reply search (True) rather than paranoid (False).
    best_reply: bool = True
    #: Late move reductions.
    lmr: bool = True
    #: Whether a horizon position late in a two-seat game is checked for a win at once.
    win_check: bool = True
