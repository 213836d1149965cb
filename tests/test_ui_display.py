"""The screen: whole-step scaling, letterboxing, and clicks mapped back onto the picture."""

from __future__ import annotations

import pygame
import pytest

from chainplus.ui.app import App, Options
from chainplus.ui.board_view import cell_rect
from chainplus.ui.display import ScreenDisplay, fit, to_logical
from chainplus.ui.worker import SyncWorker


@pytest.mark.parametrize("screen, scale, offset", [
    ((1280, 1024), 2, (0, 32)),      # 5:4: bars above and below
    ((1920, 1080), 2, (320, 60)),    # 16:9: 2.25 would blur the pixel font, so 2 with bars
    ((2560, 1440), 3, (320, 0)),
    ((1024, 768), 1, (192, 144)),
    ((640, 480), 1, (0, 0)),
    ((800, 400), 1, (80, -40)),      # smaller than the picture: never squashed, cropped evenly
])
def test_fit_picks_the_largest_whole_step_and_centres(screen, scale, offset) -> None:
    assert fit(screen) == (scale, offset)


def test_to_logical_inverts_the_scaling_for_every_pixel_of_a_square() -> None:
    scale, offset = fit((1920, 1080))
    cell = cell_rect(27)
    for x in range(cell.left * scale, cell.right * scale):
        pos = to_logical((x + offset[0], cell.top * scale + offset[1]), scale, offset)
        assert cell.collidepoint(pos)
    assert to_logical((offset[0] - 1, offset[1] - 1), scale, offset) == (-1, -1)  # the bars


@pytest.fixture
def screen_display():
    """A real ScreenDisplay on the dummy driver; the tests' 640x480 screen put back after."""
    pygame.display.init()
    yield ScreenDisplay
    pygame.display.set_mode((640, 480))


def test_full_screen_is_the_desktop_with_the_picture_in_the_middle(screen_display) -> None:
    display = screen_display(fullscreen=True)
    screen = pygame.display.get_surface()
    desktop = pygame.display.get_desktop_sizes()[0]
    assert screen.get_size() == desktop and display.surface.get_size() == (640, 480)
    scale, (left, top) = fit(desktop)
    display.surface.fill((255, 0, 0))
    display.surface.set_at((0, 0), (0, 255, 0))
    display.present()
    assert tuple(screen.get_at((left, top)))[:3] == (0, 255, 0)
    assert tuple(screen.get_at((left + scale, top + scale)))[:3] == (255, 0, 0)
    if left > 0:
        assert tuple(screen.get_at((left - 1, top + 5)))[:3] == (0, 0, 0)  # letterbox black
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                               pos=(left + cell_rect(9).centerx * scale,
                                    top + cell_rect(9).centery * scale))
    assert display.logical(event).pos == cell_rect(9).center
    assert display.logical(pygame.event.Event(pygame.KEYDOWN, key=1)).type == pygame.KEYDOWN


def test_toggling_switches_between_a_scaled_window_and_the_desktop(screen_display) -> None:
    display = screen_display(fullscreen=False)
    assert not display.fullscreen
    assert display.surface is pygame.display.get_surface()  # SCALED: SDL scales and maps
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 200))
    assert display.logical(event) is event
    assert display.toggle() and display.fullscreen
    assert pygame.display.get_surface().get_size() == pygame.display.get_desktop_sizes()[0]
    assert display.surface.get_size() == (640, 480)
    assert not display.toggle() and not display.fullscreen
    assert pygame.display.get_surface().get_size() == (640, 480)


def test_a_kiosk_display_never_leaves_full_screen(screen_display) -> None:
    display = screen_display(locked=True)
    assert display.fullscreen and display.toggle() and display.fullscreen


def test_the_full_icon_draws_on_whichever_surface_is_current(screen_display, ui) -> None:
    """After a switch the game draws on the new surface, and the icon shows the state."""
    display = screen_display(fullscreen=False)
    app = App(Options(seed=1), clock=ui.FakeClock(), worker=SyncWorker(),
              sounds=ui.RecordedSounds(), display=display)
    ui.click_icon(app, "fullscreen")
    assert display.fullscreen and app.icon_glyph("fullscreen") == "windowed"
    app.draw(display.surface)
    display.present()
    ui.click_icon(app, "fullscreen")
    assert not display.fullscreen
    app.draw(display.surface)
    display.present()
    app.close()
