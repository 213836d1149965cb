"""Four small window fixes, seen on the drawn screen: a seat is crossed out only when the frame
on the board shows it with nothing left; the last-move marker is there after a restart; a seat
stepped C to H when only two seats play is a plain message, not a warning; and a drag on the
title bar moves the window (but not in full screen)."""

from __future__ import annotations

import random

import pytest

from chainplus.ai.limits import Limit
from chainplus.ai.search import search
from chainplus.app.settings import SavedSeat
from chainplus.core.game import Game


def test_level_5_thinks_through_the_pause_the_window_makes_anyway() -> None:
    """Its clock follows the speed, never under 0.25 s, and ends before the pause does
    (where the pause is long enough), so the pace of the game stays as it was."""
    from chainplus.ui.window.modes import THINK_PAUSE, think_budget

    for speed, pause in THINK_PAUSE.items():
        budget = think_budget(speed)
        assert budget >= 0.25
        assert budget <= max(0.25, pause)
        assert budget >= pause - 0.1  # the pause is used, not a quarter second of it


def test_a_broken_computer_player_is_stood_in_for_once_and_the_game_goes_on(ui, monkeypatch,
                                                                            capsys) -> None:
    from chainplus.ai import players as ai

    def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("no idea")

    monkeypatch.setattr(ai, "choose_move", broken)
    app = ui.make_app()  # red human, blue computer
    for square in (0, 7):
        ui.click_square(app, square)
        ui.settle(app)
    assert len(app.game.moves) == 4  # blue answered twice, with random legal moves
    assert app.table.fallbacks == ["the computer player failed: a random move answered"]
    assert capsys.readouterr().err.count("chainplus: the computer player failed:") == 1


def test_the_loop_sleeps_until_the_next_thing_is_due(ui) -> None:
    """wait_time: nothing due sleeps the longest step; a message, a computer's pause, an
    animation and a kiosk's idle spell each wake it in time."""
    from chainplus.ui.window.app import MAX_SLEEP
    from chainplus.ui.window.modes import THINK_PAUSE

    app = ui.make_app(seats=(SavedSeat("human", 1, 0),) * 2 + (SavedSeat(),) * 2)
    now = app.clock.t
    assert app.wait_time(now) == MAX_SLEEP  # a human to move and nothing on screen
    ui.click_cell(app, 3, 3)  # a message, shown for a few seconds
    assert 0 < app.wait_time(app.clock.t) <= MAX_SLEEP
    ui.advance(app, 10.0)
    app.session.panel[2].plays_as = app.session.panel[2].kind = "computer"
    ui.click_square(app, 0)
    ui.advance(app, 0.01)
    assert app.wait_time(app.clock.t) <= THINK_PAUSE["normal"]  # the computer's move is due
    kiosk = ui.make_app(kiosk=True, idle_seconds=0.5)
    assert kiosk.wait_time(kiosk.clock.t) <= 0.5  # the demonstration is due
    chain = ui.make_app(seats=(SavedSeat("human", 1, 0),) * 2 + (SavedSeat(),) * 2)
    for square in (0, 9, 0, 18):
        ui.click_square(chain, square)
        ui.settle(chain)
    ui.click_square(chain, 0)  # the corner explodes: an animation draws every frame
    assert chain.mode.animating and chain.wait_time(chain.clock.t) == 0.0


def test_a_search_beside_the_window_hands_over_the_interpreter_every_few_positions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's stop check says whether the job was stopped, and every SHARE_EVERY checks
    it pauses (sleep(0)) so the window's thread gets to run; the search itself never pauses."""
    import threading

    from chainplus.ui.window import worker

    pauses: list[float] = []
    monkeypatch.setattr(worker.time, "sleep", pauses.append)
    event = threading.Event()
    check = worker.sharing(event)
    assert [check() for _ in range(worker.SHARE_EVERY * 3)] == [False] * worker.SHARE_EVERY * 3
    assert pauses == [0, 0, 0]
    event.set()
    assert check() is True
    game = Game((1, 2))
    search(game, Limit(nodes=2000), rng=random.Random(1))
    search(game, Limit(nodes=2000), stop=lambda: False, rng=random.Random(1))
    assert pauses == [0, 0, 0]  # a search alone never pauses, even with a stop check
