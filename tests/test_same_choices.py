"""Level 5 chooses what it chose before the package was split into layers.

``data/level5_choices.json`` holds 72 positions (2, 3 and 4 seats, both rules) as game
records, with what the search found on each at a fixed node limit and seed, recorded on main
before the move. A refactor of the rules, the search or the evaluation must keep every one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from paths import ROOT

from chainplus.ai import players as ai
from chainplus.ai.limits import Limit
from chainplus.ai.search import search
from chainplus.core.records import game_from_data

CHOICES = json.loads((ROOT / "tests" / "data" / "level5_choices.json").read_text())
POSITIONS: list[dict[str, Any]] = CHOICES["positions"]


def test_the_recorded_positions_cover_every_seat_count_and_both_rules() -> None:
    kinds = {(p["record"]["players"], p["record"]["rules"]) for p in POSITIONS}
    assert kinds == {(n, r) for n in (2, 3, 4) for r in ("acorn", "classic")}
    assert len(POSITIONS) >= 60


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p['record']['rules']}-"
                         f"{p['record']['players']}-ply{len(p['record']['moves'])}")
def test_level_5_makes_the_recorded_choice(position: dict[str, Any]) -> None:
    game = game_from_data(position["record"])
    limit = Limit(nodes=position["nodes"])
    found = search(game, limit, rng=random.Random(position["seed"]))
    assert (found.move, found.value, found.depth, found.nodes) == (
        position["move"], position["value"], position["depth"], position["searched"])
    chosen = ai.choose_move(game, 5, 0, random.Random(position["seed"]), limit=limit)
    assert chosen == position["level5"]
