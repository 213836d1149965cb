"""A short monkey soak: random events at the headless window, invariants after each event.

The long run is a command: ``python -m lab.rigs.monkey --events 100000 --seed 1``.
"""

from __future__ import annotations

from lab.rigs import monkey


def test_a_short_monkey_soak_finds_no_exception_and_visits_every_state() -> None:
    figures = monkey.soak(len(monkey.SETUPS) * monkey.SEGMENT, seed=4)
    assert figures.failures == [] and figures.exceptions == 0
    assert figures.events == len(monkey.SETUPS) * monkey.SEGMENT
    visited = set(figures.states)
    for state in ("window/human-to-move", "window/thinking", "window/animate", "window/over",
                  "kiosk/human-to-move", "kiosk/thinking", "kiosk/attract/thinking",
                  "kiosk/attract/animate", "kiosk/attract/tour", "window/review"):
        assert state in visited, (state, sorted(visited))
    for window in ("window/rules/", "kiosk/rules/", "window/games/", "window/join/",
                   "window/info/"):
        # each window over the board, whatever the board under it was doing
        assert any(state.startswith(window) for state in visited), (window, sorted(visited))
    assert figures.moves > 500 and figures.games_won >= 1 and figures.restarts >= 5
    assert figures.typed > 0  # into the Join dialog (never joining: no code can be typed)


def test_the_monkey_catches_a_broken_invariant(monkeypatch) -> None:
    """The checks can fail: a panel that breaks its rule is reported, not missed."""
    from chainplus.app import panel as seats

    monkeypatch.setattr(seats, "valid", lambda setup: False)
    figures = monkey.soak(50, seed=1)
    assert figures.exceptions == 50 and "panel invalid" in figures.failures[0]
