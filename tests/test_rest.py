"""The window rests when nothing moves: a frame is drawn only when the picture changes. The
rules window's, the how-to-play's and the demonstration's pictures change at their own steps
(the loop sleeps between them), while a player's chain is drawn at every frame.

The loop is gone round as the real one goes (``loop.turn``; 60 frames a second while
animating, else a sleep until something is due) on a hand-moved clock, so nothing here is
timed.
"""

from __future__ import annotations

import pygame

from chainplus.app.seats import parse_seats
from chainplus.app.tour import pages
from chainplus.ui.art import diagram, rules_view
from chainplus.ui.window import screen
from chainplus.ui.window.controls import Effect
from chainplus.ui.window.demo import DEMO_FPS, DemoMode, TourMode
from chainplus.ui.window.loop import turn
from chainplus.ui.window.over.rules import RulesWindow
from chainplus.ui.window.wake import WAKE

FRAME = 1 / 60


def go_round(app, seconds: float) -> list[tuple[float, str]]:
    """The loop for ``seconds`` of the app's clock: each frame drawn, when and what the
    board was doing then."""
    end = app.clock.now() + seconds
    drawn = []
    while app.clock.now() < end:
        step = FRAME if app.animating else app.wait_time(app.clock.now())
        app.clock.advance(max(0.001, step))
        if turn(app, app.display, []):
            drawn.append((app.clock.now(), app.board.board_mode.name))
    return drawn


def pictures(page, seconds: float) -> int:
    """The different pictures ``page``'s scene shows in its first ``seconds``."""
    count, elapsed = 0, 0.0
    while elapsed < seconds:
        count += 1
        elapsed = diagram.frame_at(page, elapsed).end
    return count


def open_rules(ui, app) -> RulesWindow:
    ui.click_icon(app, "rules")
    window = app.mode
    assert isinstance(window, RulesWindow)
    return window


# --------------------------------------------------------------------------- the board
def test_an_idle_board_draws_nothing_while_a_human_thinks(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,H"))
    go_round(app, 1.0)
    assert go_round(app, 120.0) == []


def test_a_players_chain_is_drawn_at_every_frame(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,H"))
    for square in (0, 2, 0, 10, 1, 20, 1, 21, 1, 22):  # red: 2 in the corner, 3 beside it
        app.game.play(square)
    app.stack.controller.follow(Effect.RESTART)
    ui.click_square(app, 0)
    assert app.animating
    drawn = go_round(app, 2.0)
    chain = [t for t, name in drawn if name == "animate"]
    assert len(chain) > 30  # two waves and more at the normal speed
    gaps = [b - a for a, b in zip(chain, chain[1:], strict=False)]
    assert max(gaps) < 1.5 * FRAME  # not one frame left out


def test_another_threads_wake_up_alone_draws_nothing(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,H"))
    go_round(app, 1.0)
    app.handle_event(pygame.event.Event(WAKE))
    app.update()
    assert not app.dirty


# --------------------------------------------------------------------------- the rules window
def test_a_scenes_picture_holds_until_its_end_and_explosions_step_a_few_times_a_second() -> None:
    chains = next(page for page in pages("acorn") if page.heading == "Chains")
    elapsed, ends = 0.0, []
    while elapsed < chains.seconds:
        frame = diagram.frame_at(chains, elapsed)
        assert frame.end > elapsed
        assert diagram.frame_at(chains, frame.end - 1e-6)[:2] == frame[:2]  # one picture
        ends.append(frame.end)
        elapsed = frame.end
    gaps = [b - a for a, b in zip(ends, ends[1:], strict=False)]
    assert min(gaps) >= 1 / diagram.SCENE_FPS - 1e-9  # never faster than its steps
    assert sum(gap < 0.2 for gap in gaps) >= 4 * 5  # every wave's pieces fly, in steps


def test_the_rules_window_is_drawn_once_for_each_picture_of_its_scene(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,H"))
    window = open_rules(ui, app)
    for _ in range(3):  # to the Chains page
        window.turn(1)
    page = window.page
    assert page is not None and page.heading == "Chains"
    go_round(app, 0.01)
    window.page_opened = app.clock.now()  # the scene from its start
    assert not app.animating
    drawn = go_round(app, page.seconds)
    assert len(drawn) <= pictures(page, page.seconds) + 1
    assert len(drawn) >= pictures(page, page.seconds) - 1
    assert len(drawn) / page.seconds < diagram.SCENE_FPS


def test_the_choice_page_draws_nothing_by_itself(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,H"))
    window = open_rules(ui, app)
    window.turn(window.count)
    go_round(app, 0.1)
    assert go_round(app, 30.0) == []


def test_a_rules_picture_is_drawn_the_same_throughout_its_step() -> None:
    page = next(page for page in pages("acorn") if page.heading == "Chains")
    frame = diagram.frame_at(page, 3.05)  # the first wave, its pieces flying
    start = frame.end - 1 / diagram.SCENE_FPS
    shots = []
    for elapsed in (start + 1e-6, frame.end - 1e-6):
        surface = pygame.Surface((640, 480))
        rules_view.draw(surface, rules_view.RulesShown(number=3, count=6, page=page,
                                                       elapsed=elapsed, playing="acorn",
                                                       chosen="acorn"))
        shots.append(pygame.image.tobytes(surface, "RGB"))
    assert shots[0] == shots[1]


# --------------------------------------------------------------------------- the attract loop
def in_tour(ui) -> tuple[object, DemoMode]:
    app = ui.make_app(seed=3, kiosk=True, idle_seconds=1)
    ui.advance(app, 1.5)
    demo = app.mode
    assert isinstance(demo, DemoMode)
    demo.inner.pause()
    demo.inner = TourMode(demo.demo)
    return app, demo


def test_how_to_play_is_drawn_a_few_times_a_second_and_then_the_next_game(ui) -> None:
    app, demo = in_tour(ui)
    tour = demo.inner
    assert not app.animating
    drawn = go_round(app, tour.seconds + 1.0)
    touring = [t for t, name in drawn if name == "tour"]
    assert len(touring) / tour.seconds < 5  # its scenes, and the invitation's colour and bob
    assert len(touring) > 2 * len(tour.pages)
    assert demo.inner.name == "play"  # and the next demonstration game


def test_the_demonstrations_chains_step_a_few_times_a_second(ui) -> None:
    app = ui.make_app(seed=3, kiosk=True, idle_seconds=1)
    ui.advance(app, 1.5)
    assert ui.in_demo(app) and not app.animating
    chain_time, chain_frames, chains = 0.0, 0, 0
    was = ""
    end = app.clock.now() + 120.0
    while app.clock.now() < end:
        showing = app.board.board_mode.name == "animate"
        step = max(0.001, app.wait_time(app.clock.now()))
        app.clock.advance(step)
        if showing:
            chain_time += step
        chains += showing and was != "animate"
        was = "animate" if showing else ""
        chain_frames += turn(app, app.display, []) and showing
    assert chains > 20 and chain_time > 5.0
    # each chain: its placement held still, then DEMO_FPS pictures a second, then the next turn
    assert chain_frames <= chain_time * DEMO_FPS + 3 * chains


def test_the_demonstrations_turn_box_shows_no_thinking_dots(ui) -> None:
    app = ui.make_app(seed=3, kiosk=True, idle_seconds=1)
    ui.advance(app, 1.5)
    assert ui.in_demo(app)
    assert not screen.thinking(app.board, app.stack.windows)


def test_the_mouse_moving_redraws_only_when_what_it_is_over_changes(ui) -> None:
    from chainplus.ui.art.board_view import cell_rect

    app = ui.make_app(seats=parse_seats("H,H"))
    go_round(app, 1.0)
    drawn = []
    for pos in (cell_rect(27).center, cell_rect(27).move(5, 5).center, cell_rect(28).center,
                cell_rect(28).move(-3, 2).center, app.icons["new"].center):
        app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                            buttons=(0, 0, 0)))
        drawn.append(turn(app, app.display, []))
    assert drawn == [True, False, True, False, True]
