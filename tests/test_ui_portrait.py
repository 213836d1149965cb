"""A screen taller than wide: the board above, the controls below, filling the width; every
control still answers where it is shown, and landscape screens are shown as before."""

from __future__ import annotations

import pygame
import pytest
from test_ui_display import resize

from chainplus.core.rules import SEATS
from chainplus.ui.art import rules_view
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.theme import (
    BLACK,
    BOARD,
    CLOSE_ICON,
    GREY1,
    SCREEN_SIZE,
    TITLE_BAR,
    TOGGLE_ICON,
    icon_layout,
    panel_cell,
)
from chainplus.ui.window import targets
from chainplus.ui.window.controls import WINDOW_ICONS
from chainplus.ui.window.place import on_desktop
from chainplus.ui.window.policy import kiosk
from chainplus.ui.window.portrait import NOWHERE, PORTRAIT, is_portrait, picture_size
from chainplus.ui.window.scaler import HALF_STEP_SHARE, Layout
from chainplus.ui.window.targets import Cell, Furniture, Icon, Square

KIOSK_SCREEN = (1080, 1920)
KIOSK = kiosk(60)


def shares(screen: tuple[int, int]) -> tuple[float, float]:
    """(black share of the screen, share of its width the picture fills) for ``screen``."""
    width, height = Layout.fit(screen, picture_size(screen)).area[2:]
    return 1 - width * height / (screen[0] * screen[1]), width / screen[0]


@pytest.mark.parametrize("screen", [KIOSK_SCREEN, (768, 1366), (720, 1280), (1200, 1920),
                                    (600, 1024)])
def test_a_portrait_screen_is_filled_across_with_little_black(screen) -> None:
    """Filled across, or nearly (a half step, where every pixel is sharp, keeps at least
    HALF_STEP_SHARE of it)."""
    black, width = shares(screen)
    sharp = Layout.fit(screen, picture_size(screen)).sharp
    assert black <= 0.25 and width >= (HALF_STEP_SHARE if sharp else 0.95), (black, width)


def test_a_squarer_portrait_screen_is_still_far_less_black_than_in_landscape() -> None:
    black, _ = shares((768, 1024))  # 3:4: the portrait picture is the taller shape
    landscape = Layout.fit((768, 1024)).area
    assert black <= 0.25 < 1 - landscape[2] * landscape[3] / (768 * 1024)


def test_the_picture_is_portrait_only_on_a_screen_taller_than_wide() -> None:
    assert is_portrait(KIOSK_SCREEN) and is_portrait((700, 701))
    assert not is_portrait((1080, 1080)) and not is_portrait((1366, 768))
    width, height = PORTRAIT.size
    assert 0.5625 <= width / height <= 0.75


def test_a_first_window_on_a_portrait_desktop_is_portrait_at_a_half_step() -> None:
    assert on_desktop(None, KIOSK_SCREEN).size == (PORTRAIT.size[0] * 2, PORTRAIT.size[1] * 2)
    assert on_desktop(None, (768, 1366)).size == (666, 1119)  # 1.5 times
    assert on_desktop(None, (1366, 768)).size == (960, 720)  # landscape as before


def shown_targets(icons: dict[str, pygame.Rect]
                  ) -> list[tuple[tuple[int, int], targets.Target]]:
    """Every target's centre and corners in the landscape picture, with ``icons``."""
    rects: list[tuple[pygame.Rect, targets.Target]] = [
        *((cell_rect(square), Square(square)) for square in range(64)),
        *((panel_cell(seat, column), Cell(seat, column)) for seat in SEATS
          for column in range(1, 5)),
        (CLOSE_ICON, Furniture("close")), (TOGGLE_ICON, Furniture("toggle")),
        (TITLE_BAR.inflate(-TITLE_BAR.w + 40, 0), Furniture("title")),
    ]
    found = [(pos, target) for rect, target in rects for pos in points(rect)]
    found += [(pos, Icon(name)) for name, rect in icons.items() for pos in points(rect)]
    return found


def kiosk_icons() -> dict[str, pygame.Rect]:
    """Where a kiosk lays out its (six) icons."""
    return icon_layout(tuple(name for name in WINDOW_ICONS if name not in KIOSK.hidden_icons))


def points(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)]


def test_every_control_shown_in_portrait_answers_as_in_landscape() -> None:
    """Every square, icon, panel cell and piece of furniture is shown, and a click where it is
    shown lands on it."""
    for icons in (WINDOW_ICONS, kiosk_icons()):
        for pos, target in shown_targets(icons):
            assert targets.hit(pos, icons, True) == target
            shown = PORTRAIT.to_portrait(pos)
            assert shown is not None, (target, pos)
            assert 0 <= shown[0] < PORTRAIT.size[0] and 0 <= shown[1] < PORTRAIT.size[1]
            assert targets.hit(PORTRAIT.to_landscape(shown), icons, True) == target


def test_the_rules_window_is_shown_whole_and_answers_where_it_is_shown() -> None:
    """The rules window is drawn over the board: all of it is shown, every button where a
    click lands on it."""
    assert any(pygame.Rect(block.source).contains(rules_view.WINDOW) for block in PORTRAIT.blocks)
    rects = [rules_view.CLOSE, rules_view.TITLE_BAR, *rules_view.BUTTONS.values(),
             *rules_view.CHOICES.values()]
    for choice in (False, True):
        for pos in (pos for rect in rects for pos in points(rect)):
            shown = PORTRAIT.to_portrait(pos)
            assert shown is not None
            back = PORTRAIT.to_landscape(shown)
            assert rules_view.hit(back, choice, False) == rules_view.hit(pos, choice, False)


def test_the_board_keeps_its_place_and_the_controls_sit_below_it() -> None:
    assert PORTRAIT.to_portrait(BOARD.topleft) == BOARD.topleft
    below = PORTRAIT.to_portrait(WINDOW_ICONS["new"].topleft)
    assert below is not None and below[0] == BOARD.left and below[1] > BOARD.bottom


def test_a_point_between_the_blocks_or_off_the_picture_hits_nothing() -> None:
    between = (PORTRAIT.size[0] // 2, PORTRAIT.size[1] - 60)  # between the two columns
    for pos in (between, (-1, 300), (PORTRAIT.size[0], 300), (200, PORTRAIT.size[1]), (5, -3)):
        assert PORTRAIT.to_landscape(pos) == NOWHERE
        assert targets.hit(PORTRAIT.to_landscape(pos), WINDOW_ICONS, True) is None


def test_the_blocks_never_overlap_and_every_pixel_maps_both_ways() -> None:
    sources = [pygame.Rect(block.source) for block in PORTRAIT.blocks]
    shown = [block.shown for block in PORTRAIT.blocks]
    for rects, size in ((sources, SCREEN_SIZE), (shown, PORTRAIT.size)):
        for i, rect in enumerate(rects):
            assert pygame.Rect((0, 0), size).contains(rect)
            assert rect.collidelist(rects[i + 1:]) == -1
    for x in range(0, PORTRAIT.size[0], 3):
        for y in range(0, PORTRAIT.size[1], 3):
            back = PORTRAIT.to_landscape((x, y))
            assert back == NOWHERE or PORTRAIT.to_portrait(back) == (x, y)


def numbered_picture() -> pygame.Surface:
    """A landscape picture whose every pixel has a colour of its own."""
    surface = pygame.Surface(SCREEN_SIZE)
    for x in range(SCREEN_SIZE[0]):
        for y in range(SCREEN_SIZE[1]):
            surface.set_at((x, y), (x & 255, y & 255, x >> 8 | (y >> 8) << 4))
    return surface


def test_the_portrait_picture_is_the_landscape_pixels_on_the_grey_work_area() -> None:
    landscape = numbered_picture()
    portrait = pygame.Surface(PORTRAIT.size)
    PORTRAIT.compose(landscape, portrait)
    for block in PORTRAIT.blocks:
        copied = pygame.image.tobytes(portrait.subsurface(block.shown), "RGB")
        assert copied == pygame.image.tobytes(landscape.subsurface(block.source), "RGB")
    width, height = PORTRAIT.size
    assert portrait.get_at((width - 1, height // 2))[:3] == BLACK  # the work area's outline
    assert portrait.get_at((width // 2, height - 1))[:3] == BLACK
    assert portrait.get_at((width - 3, height - 3))[:3] == GREY1


# ------------------------------------------------------------------ through the real screen
RED, GREEN = (255, 0, 0), (0, 255, 0)


def window_pos(display, landscape: tuple[int, int]) -> tuple[int, int]:
    """The window pixel where a landscape picture pixel is shown on a portrait display."""
    shown = PORTRAIT.to_portrait(landscape)
    assert shown is not None
    return display.layout.to_window(shown)


def test_a_portrait_window_shows_the_pieced_picture_and_landscape_comes_back(
        screen_display) -> None:
    display = screen_display()
    resize(display, KIOSK_SCREEN)
    assert display.arrangement is PORTRAIT
    assert display.layout == Layout.fit(KIOSK_SCREEN, PORTRAIT.size)
    display.surface.fill(RED)
    display.surface.fill(GREEN, BOARD)
    display.present()
    shown = display.renderer.to_surface()
    assert tuple(shown.get_at(window_pos(display, BOARD.center)))[:3] == GREEN
    assert tuple(shown.get_at(window_pos(display, panel_cell(4, 4).center)))[:3] == RED
    between = display.layout.to_window((PORTRAIT.size[0] // 2, PORTRAIT.size[1] - 60))
    assert tuple(shown.get_at(between))[:3] == GREY1
    resize(display, (1366, 768))
    assert display.arrangement is None and display.layout == Layout.fit((1366, 768))
    display.present()
    assert tuple(display.renderer.to_surface().get_at((683, 384)))[:3] == GREEN


def test_clicks_and_taps_on_a_portrait_screen_land_where_they_are_shown(screen_display,
                                                                         ui) -> None:
    display = screen_display()
    resize(display, KIOSK_SCREEN)
    app = ui.make_app(display=display)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                               pos=window_pos(display, cell_rect(27).center))
    app.handle_event(display.logical(click))
    assert app.game.owners[27] == 1
    sound = app.session.sound
    x, y = window_pos(display, app.icons["sound"].center)
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.handle_event(display.logical(pygame.event.Event(
            kind, touch_id=1, finger_id=0, x=(x + 0.5) / KIOSK_SCREEN[0],
            y=(y + 0.5) / KIOSK_SCREEN[1], dx=0.0, dy=0.0, pressure=1.0)))
    assert app.session.sound != sound
    between = display.layout.to_window((PORTRAIT.size[0] // 2, PORTRAIT.size[1] - 60))
    event = display.logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=between))
    assert app.hit(event.pos) is None
    app.close()


def test_a_title_bar_drag_on_a_portrait_window_moves_it_by_the_pointers_distance(
        screen_display, ui) -> None:
    """The title bar is pieced together, so the window follows the pointer itself."""
    display = screen_display()
    resize(display, (600, 900))
    app = ui.make_app(display=display)
    display.window.position = (100, 50)
    start = window_pos(display, TITLE_BAR.center)
    event = pygame.event.Event
    app.handle_event(display.logical(event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)))
    assert app.inputs.dragging is not None
    app.handle_event(display.logical(event(pygame.MOUSEMOTION, pos=(start[0] - 150, start[1] + 100),
                                           rel=(0, 0), buttons=(1, 0, 0))))
    assert display.window.position == (-50, 150)
    app.close()
