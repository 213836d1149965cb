"""The player control panel as plain data: who plays each seat, at what level and random %.

Column 1 sets ``kind`` for the next game; ``plays_as`` is who plays the seat in the game on the
board. Switching between human and computer works at once, bringing a seat in or out waits
for the next game. In a hosted game (one with network seats) a seat also passes at once to or
from network; elsewhere a network seat waits for the next game, which the window then hosts.
Panel rows and the settings file's seat rows turn into each other here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chainplus.ai.levels import LEVELS
from chainplus.app.seats import DEFAULT_SEATS, SEAT_KINDS, SeatKind, SeatSpec
from chainplus.common.language import N_
from chainplus.core.game import Game
from chainplus.core.rules import SEATS

#: Who may play a seat while it is on the board (a seat not in play is on no board).
PLAYS_AS: tuple[SeatKind, ...] = ("human", "computer", "network")
#: Who may take over a seat in the middle of a game that is not hosted (in a hosted game any
#: of ``PLAYS_AS`` may: its host hands a seat over at once).
AT_ONCE = ("human", "computer")
RANDOM_STEP = 10
#: The seats' names, by seat number, as every message and the panel call them (English:
#: translated where shown, ``words.seat_name``).
# Translators: the players' names, by the colour of their pieces.
SEAT_NAME = ("", N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"))


@dataclass
class PanelRow:
    """One row of the panel: the seat as set up for the next game (``spec``), and who plays
    it in the game on the board."""

    kind: SeatKind = "off"
    level: int = 2
    random_pct: int = 10
    plays_as: SeatKind = "human"

    @property
    def spec(self) -> SeatSpec:
        """The seat as set up for the next game (the settings' row)."""
        return SeatSpec(self.kind, self.level, self.random_pct)


#: The panel: a row for each of the four seats, keyed by seat number.
Panel = dict[int, PanelRow]


def panel_of(rows: Sequence[SeatSpec] = DEFAULT_SEATS) -> Panel:
    """A panel from the settings' seat rows (checked where they were read)."""
    return {seat: PanelRow(row.kind, row.level, row.random_pct,
                            "human" if row.kind == "off" else row.kind)
            for seat, row in zip(SEATS, rows, strict=True)}


def settings_of(panel: Panel) -> tuple[SeatSpec, ...]:
    """The settings' seat rows of a panel (``plays_as`` belongs to the game, not here)."""
    return tuple(panel[s].spec for s in SEATS)


def seats_for_next_game(panel: Panel) -> tuple[int, ...]:
    """The seats in play when a new game starts, in turn order."""
    return tuple(s for s in SEATS if panel[s].kind != "off")


def hosted(panel: Panel, game: Game) -> bool:
    """Whether ``game`` has network seats: the window hosts it."""
    return any(panel[seat].plays_as == "network" for seat in game.seats)


def step_kind(panel: Panel, seat: int, step: int, hosted: bool = False,
              network: bool = True) -> bool:
    """Step column 1 of ``seat`` (Select +1, Adjust -1; past "network" unless ``network``);
    False when "not in play" was skipped because two seats must stay in play. Who plays the
    seat now changes too where the module docstring says it may."""
    row = panel[seat]
    kinds = SEAT_KINDS if network else tuple(k for k in SEAT_KINDS if k != "network")
    index = kinds.index(row.kind) if row.kind in kinds else 0
    new = kinds[(index + step) % len(kinds)]
    skipped = new == "off" and row.kind != "off" and len(seats_for_next_game(panel)) <= 2
    if skipped:
        new = kinds[(index + 2 * step) % len(kinds)]
    row.kind = new
    live = PLAYS_AS if hosted else AT_ONCE
    if new != "off" and new in live and row.plays_as in live:
        row.plays_as = new  # the rest waits for the next game (``seat_players``)
    return not skipped


def step_level(panel: Panel, seat: int, step: int) -> None:
    """Step column 3 (level 0-5, wrapping round)."""
    row = panel[seat]
    row.level = (row.level + step) % len(LEVELS)


def step_random(panel: Panel, seat: int, step: int) -> None:
    """Step column 4 (random % 0-100 in tens, wrapping round)."""
    row = panel[seat]
    values = 100 // RANDOM_STEP + 1
    row.random_pct = (row.random_pct // RANDOM_STEP + step) % values * RANDOM_STEP


def pending(row: PanelRow) -> bool:
    """Whether a seat of the game on the board waits for the next game to change who plays
    it: out of the game, or to or from a network seat when the game is not hosted."""
    return row.kind not in ("off", row.plays_as)


def people_in(panel: Panel, game: Game) -> tuple[int, ...]:
    """The seats of ``game`` a person plays at this window (its graph tells them their own
    story)."""
    return tuple(seat for seat in game.seats if panel[seat].plays_as == "human")


def computer_plays(row: PanelRow, in_game: bool) -> bool:
    """Whether a row's level and random % are in use: a computer plays the seat in the game on
    the board (``in_game``), or will from the next game. A human's or an empty seat's are kept
    for when a computer plays it."""
    return row.kind == "computer" or (in_game and row.plays_as == "computer")


def valid(panel: Panel) -> bool:
    """Whether the panel keeps its invariants."""
    return (
        set(panel) == set(SEATS)
        and len(seats_for_next_game(panel)) >= 2
        and all(
            r.kind in SEAT_KINDS and r.plays_as in PLAYS_AS and r.level in LEVELS
            and 0 <= r.random_pct <= 100
            for r in panel.values()
        )
    )


def seat_players(panel: Panel, seats: Sequence[int]) -> None:
    """Who plays the ``seats`` of a new game, or of a game taken up part way (Play on): each
    seat as its row says, and one the panel has not in play as a human (it leaves at the next
    game, as a seat stepped out during a game does)."""
    for seat in seats:
        row = panel[seat]
        row.plays_as = "human" if row.kind == "off" else row.kind


def plays_as_list(panel: Panel) -> list[SeatKind]:
    """Who plays each seat in the game on the board, for the autosave's ``plays_as`` key."""
    return [panel[s].plays_as for s in SEATS]


def restore_plays_as(panel: Panel, game: Game, saved: Any) -> bool:
    """Put back who played each seat of a resumed game from the autosave's ``plays_as``;
    False, and the panel left as it is, when that is not a valid list.

    A seat still in the panel follows the saved game (its column 1 shows who plays it now).
    """
    if not isinstance(saved, list) or len(saved) != 4 or any(p not in PLAYS_AS for p in saved):
        return False
    for seat in game.seats:
        row = panel[seat]
        row.plays_as = saved[seat - 1]
        if row.kind != "off":
            row.kind = row.plays_as
    return True
