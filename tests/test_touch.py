"""Fingers: every icon and every panel column by touch, in a window and in a kiosk; a tap
counts once; a long press is Adjust and says so; no hover is left behind; a touch is input."""

from __future__ import annotations

import pygame
import pytest

from chainplus.ui.art import panel_view
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.theme import SCREEN_SIZE, panel_cell
from chainplus.ui.window import touch
from chainplus.ui.window.controls import ICON_CONTROLS


def finger(app, kind: int, pos: tuple[int, int], finger_id: int = 0) -> None:
    """A finger event as SDL sends it (x, y over the window, 0-1), answered by the app."""
    x, y = pos[0] / SCREEN_SIZE[0], pos[1] / SCREEN_SIZE[1]
    app.handle_event(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x, y=y,
                                        dx=0.0, dy=0.0, pressure=1.0))


def tap(app, pos: tuple[int, int], hold: float = 0.05) -> None:
    finger(app, pygame.FINGERDOWN, pos)
    app.clock.advance(hold)
    finger(app, pygame.FINGERUP, pos)


def kiosk_or_window(ui, kiosk: bool):
    return ui.make_app(kiosk=kiosk, idle_seconds=3600.0) if kiosk else ui.make_app()


@pytest.mark.parametrize("kiosk", [False, True])
def test_a_tap_on_every_icon_does_what_a_select_click_does(ui, kiosk) -> None:
    for icon in ICON_CONTROLS:
        by_finger, by_mouse = kiosk_or_window(ui, kiosk), kiosk_or_window(ui, kiosk)
        if icon.name not in by_finger.icons:
            continue  # a kiosk shows no Quit and no Games
        for app in (by_finger, by_mouse):
            ui.click_square(app, 0)  # a move, so Undo and New have something to do
            ui.settle(app)
        tap(by_finger, by_finger.icons[icon.name].center)
        ui.click_icon(by_mouse, icon.name)
        assert ui.message(by_finger) == ui.message(by_mouse), icon.name
        assert by_finger.session.settings(False) == by_mouse.session.settings(False)
        assert by_finger.game.state() == by_mouse.game.state()
        assert by_finger.running == by_mouse.running


@pytest.mark.parametrize("kiosk", [False, True])
@pytest.mark.parametrize("column", [1, 2, 3, 4])
def test_every_panel_column_by_tap_and_by_long_press(ui, kiosk, column) -> None:
    for seat in (1, 2, 3, 4):
        app, mouse = kiosk_or_window(ui, kiosk), kiosk_or_window(ui, kiosk)
        centre = panel_cell(seat, column).center
        tap(app, centre)
        ui.click_cell(mouse, seat, column)
        assert app.session.panel == mouse.session.panel and ui.message(app) == ui.message(mouse)
        tap(app, centre, hold=touch.LONG_PRESS + 0.1)  # Adjust: steps back
        ui.click_cell(mouse, seat, column, 3)
        assert app.session.panel == mouse.session.panel and ui.message(app) == ui.message(mouse)


def test_a_long_press_steps_the_speed_back_in_one_touch_and_shows_it_first(ui) -> None:
    app = ui.make_app()
    centre = app.icons["speed"].center
    finger(app, pygame.FINGERDOWN, centre)
    assert "hold: back" in app.help_text()[0]  # shown before anything happens
    assert app.session.speed == "normal"
    app.clock.advance(touch.LONG_PRESS + 0.05)
    assert "Let go now to step back" in app.help_text()[0]
    finger(app, pygame.FINGERUP, centre)
    assert app.session.speed == "slow"


def test_a_tap_counts_once_when_sdl_also_sends_mouse_events(ui) -> None:
    app = ui.make_app()
    pos = cell_rect(0).center
    finger(app, pygame.FINGERDOWN, pos)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, touch=True, rel=(0, 0),
                                            buttons=(1, 0, 0)))
    finger(app, pygame.FINGERUP, pos)
    assert app.game.moves == [0]


def test_no_hover_highlight_is_left_behind_by_a_finger(ui) -> None:
    app = ui.make_app(seats=ui.make_app().options.seats)
    tap(app, cell_rect(9).center)
    ui.settle(app)
    assert app.inputs.pointer is None and app.mode.phase.hover(app.inputs.pointer) is None


def test_a_touch_is_input_for_the_kiosk_and_wakes_the_demonstration(ui) -> None:
    app = ui.make_app(kiosk=True, idle_seconds=5.0)
    ui.advance(app, 4.0)
    tap(app, cell_rect(30).center)  # the idle spell starts again
    ui.advance(app, 4.0)
    assert not ui.in_demo(app)
    ui.advance(app, 2.0)
    assert ui.in_demo(app)
    tap(app, cell_rect(30).center)
    assert not ui.in_demo(app) and app.game.moves == []  # the tap woke it, placed nothing
    assert ui.message(app) == "Your game! Touch an empty square to start."


def test_every_touch_help_line_fits() -> None:
    held = touch.Touch(0, (0, 0), None, 0.0)
    lines = ["Speed: normal. Select: next speed, Adjust: back.",
             "Yellow: H human, C computer, N network, - not in play.",
             "Yellow: computer level 5 of 0-5. Select up, Adjust down.",
             "Yellow: 100% of moves random. Select up, Adjust down.",
             "Let go now to step back (Adjust)."]
    for line in lines:
        text = held.help(0.0, line)
        assert "Select" not in text and "Adjust down" not in text
        assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, text
