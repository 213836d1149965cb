"""The screen: the picture as large as 4:3 allows, sharp, and every position mapped back; a drag
on the title bar moves the window (never a drag from the board, never in full screen)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from chainplus.app.options import Options
from chainplus.app.placement import Placement
from chainplus.app.store import Store
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.theme import CLOSE_ICON, TITLE_BAR, TOGGLE_ICON
from chainplus.ui.window.app import App
from chainplus.ui.window.display import NullDisplay, ScreenDisplay
from chainplus.ui.window.place import on_desktop
from chainplus.ui.window.scaler import SMALLEST, Layout, first_window

RED, WHITE, BLACK = (255, 0, 0), (255, 255, 255), (0, 0, 0)
SIZES = [(1366, 768), (1920, 1080), (1024, 768), (1280, 1024), (900, 700), (700, 900),
         (1280, 960), (641, 481), (2560, 1440)]


@pytest.mark.parametrize("window, area, halves, step", [
    ((1366, 768), (203, 24, 960, 720), 3, 2),    # 1.5x, not 1.6x: every pixel 1 or 2 wide
    ((1920, 1080), (320, 60, 1280, 960), 4, 2),  # 2x, not 2.25x: plain blocks
    ((1024, 768), (32, 24, 960, 720), 3, 2),
    ((1280, 1024), (0, 32, 1280, 960), 4, 2),    # 5:4: bars above and below, a whole step
    ((640, 480), (0, 0, 640, 480), 2, 1),
    ((900, 700), (0, 12, 900, 675), 0, 2),       # 1x would leave too much: sharp bilinear
    ((400, 300), (0, 0, 400, 300), 0, 1),        # smaller than the picture: shrunk
])
def test_the_picture_is_at_the_largest_half_step_that_fits_in_the_middle(window, area,
                                                                          halves, step) -> None:
    layout = Layout.fit(window)
    assert (layout.area, layout.halves, layout.step) == (area, halves, step)


@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080), (2560, 1440), (1280, 800)])
def test_a_landscape_screen_is_shown_sharp_at_nearly_its_full_height(screen) -> None:
    layout = Layout.fit(screen)
    assert layout.sharp and layout.area[3] >= 0.88 * screen[1]


@pytest.mark.parametrize("window", SIZES)
def test_every_picture_pixel_round_trips_exactly(window) -> None:
    layout = Layout.fit(window)
    for x in range(640):
        assert layout.to_picture(layout.to_window((x, 0)))[0] == x
    for y in range(480):
        assert layout.to_picture(layout.to_window((0, y)))[1] == y


@pytest.mark.parametrize("window", SIZES)
def test_every_pixel_is_one_or_the_other_whole_width_and_the_bars_are_outside(window) -> None:
    """Each picture pixel owns a run of window pixels as wide as the scale rounded down or
    up, never more or less; the bars map outside the picture."""
    layout = Layout.fit(window)
    left, top, width, height = layout.area
    columns = [layout.to_picture((x, top))[0] for x in range(left, left + width)]
    rows = [layout.to_picture((left, y))[1] for y in range(top, top + height)]
    for owned, size, picture in ((columns, width, 640), (rows, height, 480)):
        assert owned == sorted(owned) and set(owned) == set(range(picture))
        runs = {owned.count(p) for p in range(picture)}
        assert runs <= {size // picture, -(-size // picture)}
    assert layout.to_picture((left - 1, top - 1)) == (-1, -1)
    assert layout.to_picture((left + width, top + height)) == (640, 480)


def resize(display: ScreenDisplay, size: tuple[int, int]) -> None:
    """Resize the window as a window manager would; the loop hands every event to logical."""
    pygame.event.clear()
    display.window.size = size
    events = pygame.event.get()
    assert any(event.type == pygame.WINDOWSIZECHANGED for event in events)
    for event in events:
        display.logical(event)


def stripes(surface: pygame.Surface) -> None:
    """One-pixel red and white stripes, the hardest picture to scale: red columns even."""
    surface.fill(WHITE)
    for x in range(0, 640, 2):
        surface.fill(RED, (x, 0, 1, 480))


@pytest.mark.parametrize("window", [(1366, 768), (1920, 1080), (1024, 768), (900, 700)])
def test_each_screen_pixel_shows_mostly_the_picture_pixel_it_maps_to(screen_display,
                                                                       window) -> None:
    """What the player sees under the pointer is the pixel the game is told about (unmixed at
    a half step), and the bars are black."""
    display = screen_display()
    resize(display, window)
    stripes(display.surface)
    display.present()
    shown = display.renderer.to_surface()
    assert shown.get_size() == window
    layout = display.layout
    left, top, width, height = layout.area
    y = top + height // 2
    for x in range(left, left + width):
        green = shown.get_at((x, y)).g  # 0 on red, 255 on white
        red_pixel = layout.to_picture((x, y))[0] % 2 == 0
        if layout.sharp:
            assert green == (0 if red_pixel else 255), (x, green)
        else:  # sharp bilinear blends a border at most half with the neighbour: 128 a tie
            assert green <= 132 if red_pixel else green >= 124, (x, green)
    bars = [(left - 1, y), (left + width, y), (left + 5, top - 1), (left + 5, top + height)]
    for bar in bars:
        if 0 <= bar[0] < window[0] and 0 <= bar[1] < window[1]:
            assert tuple(shown.get_at(bar))[:3] == BLACK


@pytest.mark.parametrize("window", [(1366, 768), (1024, 768), (1920, 1080), (640, 480),
                                    (1600, 1200)])
def test_the_fonts_stems_are_of_one_width_at_any_half_step(screen_display, window) -> None:
    """The font's strokes are two pixels wide and tall (these letters' all are): shown at
    1.5x each is three screen pixels of full ink wherever it falls, never two with a grey
    edge or four; at 2.5x five."""
    from chainplus.ui.art import font

    display = screen_display()
    resize(display, window)
    layout = display.layout
    assert layout.sharp
    text = "HILTUCDO" * 2
    display.surface.fill(WHITE)
    for line in range(10):  # each line one pixel further right, or down: every offset
        font.draw(display.surface, text, (10 + line, 30 + 20 * line), BLACK)
        font.draw(display.surface, text, (300, 240 + 21 * line), BLACK)
    display.present()
    shown = display.renderer.to_surface()
    left, top, width, height = layout.area
    stem = layout.halves  # two pixels at half a step a pixel

    def runs(lines: list[list[tuple[int, int]]]) -> set[int]:
        """The lengths of the runs of black pixels along each line of points."""
        found = set()
        for points in lines:
            run = 0
            for point in [*points, None]:
                inked = point is not None and shown.get_at(point)[:3] == BLACK
                if not inked and run:
                    found.add(run)
                run = run + 1 if inked else 0
        return found

    widths = runs([[(x, y) for x in range(left, left + width)]
                   for y in range(top, top + height, 3)])
    heights = runs([[(x, y) for y in range(top, top + height)]
                    for x in range(left, left + width, 3)])
    greys = {shown.get_at((x, y))[:3] for x in range(left, left + width, 7)
             for y in range(top, top + height, 7)} - {BLACK, WHITE}
    assert not greys  # no soft edges
    assert {w % stem for w in widths} == {0} and {h % stem for h in heights} == {0}, (
        sorted(widths), sorted(heights))


def test_a_whole_step_is_plain_blocks(screen_display) -> None:
    display = screen_display()
    resize(display, (1280, 960))
    assert display.layout.sharp and display.grown is None
    stripes(display.surface)
    display.present()
    shown = display.renderer.to_surface()
    assert [tuple(shown.get_at((x, 10)))[:3] for x in range(6)] == [RED, RED, WHITE, WHITE,
                                                                    RED, RED]


def test_a_resize_lays_out_again_and_shows_the_picture_at_once(screen_display) -> None:
    display = screen_display()
    display.surface.fill(RED)
    resize(display, (1366, 768))
    assert display.layout == Layout.fit((1366, 768))
    shown = display.renderer.to_surface()  # shown by logical, before the game draws again
    assert shown.get_size() == (1366, 768)
    assert tuple(shown.get_at((683, 384)))[:3] == RED
    assert tuple(shown.get_at((100, 384)))[:3] == BLACK
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(203 + 8, 24 + 1))
    assert display.logical(click).pos == (5, 0)


def test_a_finger_gets_a_position_in_the_picture(screen_display) -> None:
    display = screen_display()
    resize(display, (1366, 768))
    finger = {"touch_id": 1, "finger_id": 0, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    middle = display.logical(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, **finger))
    assert middle.pos == (320, 240) and middle.x == 0.5 and middle.touch_id == 1
    corner = display.logical(pygame.event.Event(pygame.FINGERUP, x=203.2 / 1366,
                                                y=743.5 / 768, **finger))
    assert corner.pos == (0, 479)
    bar = display.logical(pygame.event.Event(pygame.FINGERMOTION, x=0.01, y=0.0, **finger))
    assert bar.pos[0] < 0  # in the black bar: outside the picture, ignored by the game
    odd = pygame.event.Event(pygame.FINGERDOWN, x="left")  # a posted event without a place
    assert display.logical(odd) is odd


def test_full_screen_is_the_desktop_filled_as_far_as_4_3_allows(screen_display) -> None:
    display = screen_display(fullscreen=True)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert display.window.size == desktop and display.surface.get_size() == (640, 480)
    assert display.layout == Layout.fit(desktop)
    display.surface.fill(RED)
    display.surface.set_at((0, 0), (0, 255, 0))
    display.present()
    shown = display.renderer.to_surface()
    left, top = display.layout.area[:2]
    assert tuple(shown.get_at((left, top)))[:3] == (0, 255, 0)
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                               pos=display.layout.to_window(cell_rect(9).center))
    assert display.logical(event).pos == cell_rect(9).center
    assert display.logical(pygame.event.Event(pygame.KEYDOWN, key=1)).type == pygame.KEYDOWN


@pytest.mark.parametrize("desktop, first", [
    ((1366, 768), (960, 720)),     # 1.5x: 48 pixels left for a task bar or a panel
    ((1920, 1080), (1280, 960)),
    ((1280, 1024), (1280, 960)),
    ((2560, 1440), (1920, 1440)),  # 3x fits the screen: a whole step, not 2.5x
    ((3840, 2160), (2560, 1920)),
    ((1024, 600), (640, 480)),
    ((640, 480), (640, 480)),      # 1x fits the screen: not shrunk to leave room for a panel
    ((800, 480), (640, 480)),
    ((1280, 960), (1280, 960)),
    ((630, 470), (588, 441)),      # too small for 1x: as large as fits, below the panel
    ((300, 200), SMALLEST),
])
def test_a_first_window_is_the_largest_half_step_that_fits_comfortably(desktop, first) -> None:
    assert first_window(desktop) == first


def test_a_remembered_window_opens_where_it_was_if_the_desktop_still_has_room() -> None:
    place = Placement(size=(900, 700), position=(40, 30))
    assert on_desktop(place, (1366, 768)) == place
    assert on_desktop(None, (1366, 768)) == Placement(size=(960, 720))
    assert on_desktop(place, (800, 600)) == Placement(size=(640, 480))  # too big now
    assert on_desktop(Placement(size=(900, 700), position=(1300, 30)), (1366, 768)) \
        == Placement(size=(900, 700))  # off the desktop: the manager places it
    assert on_desktop(Placement(size=(100, 80)), (1366, 768)) == Placement(size=(960, 720))


def test_the_window_starts_at_the_first_size_or_where_it_was_and_toggles(screen_display
                                                                           ) -> None:
    """(Was: the largest whole step; now the largest half step, or the remembered place.)"""
    desktop = pygame.display.get_desktop_sizes()[0]
    remembered = screen_display(place=Placement(size=(800, 600), position=(20, 10)))
    assert remembered.window.size == (800, 600) and remembered.window.position == (20, 10)
    assert remembered.placement() == Placement(size=(800, 600), position=(20, 10))
    display = screen_display(fullscreen=False)
    assert not display.fullscreen and display.window.size == first_window(desktop)
    resize(display, (900, 700))
    assert display.toggle() and display.fullscreen
    assert display.window.size == desktop and display.layout == Layout.fit(desktop)
    assert not display.toggle() and not display.fullscreen
    assert display.window.size == (900, 700) and display.layout == Layout.fit((900, 700))


def test_a_kiosk_display_never_leaves_full_screen(screen_display) -> None:
    display = screen_display(locked=True)
    assert display.fullscreen and display.toggle() and display.fullscreen


def test_a_title_bar_drag_moves_the_window_by_the_pointers_distance(screen_display) -> None:
    display = screen_display()
    resize(display, (1280, 960))  # two screen pixels a picture pixel
    display.window.position = (100, 50)
    display.move_window(10, -5)
    assert display.window.position == (120, 40)
    display.toggle()
    display.move_window(10, 10)  # full screen: nothing moves
    assert display.window.position == (0, 0)


def test_the_stand_in_answers_everything_the_screen_does() -> None:
    public = {name for name in dir(ScreenDisplay) if not name.startswith("_")}
    assert public <= set(dir(NullDisplay))
    null = NullDisplay()
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(3, 4))
    assert null.logical(event) is event and null.surface.get_size() == (640, 480)
    assert null.toggle() and not null.toggle()


def test_full_screen_draws_on_whichever_surface_is_current(screen_display, ui) -> None:
    """The title bar's toggle-size icon switches the real screen; the picture stays 640x480."""
    display = screen_display(fullscreen=False)
    app = App(Options(seed=1), ui.headless_devices(display))
    ui.post_click(app, TOGGLE_ICON.center)
    assert display.fullscreen
    app.draw(display.surface)
    display.present()
    ui.post_click(app, TOGGLE_ICON.center)
    assert not display.fullscreen
    app.draw(display.surface)
    display.present()
    app.close()


def test_closing_lets_go_of_the_window_and_a_new_display_works(screen_display) -> None:
    """Textures go before their window: a texture freed after it could take a newer
    display's texture with it."""
    old = screen_display()
    resize(old, (1920, 1080))
    old.close()
    old.close()  # pygame.quit calls it again
    assert old.logical(pygame.event.Event(pygame.KEYDOWN, key=1)).key == 1
    old.present()  # nothing to show on
    new = screen_display()
    resize(new, (1366, 768))
    del old
    new.surface.fill(RED)
    new.present()
    assert tuple(new.renderer.to_surface().get_at((683, 384)))[:3] == RED


def test_leaving_full_screen_places_the_window_again_once_it_is_framed(screen_display) -> None:
    """A window manager frames the window again after full screen and SDL places it off by
    the frame's size until then: the first size change back places it once more."""
    display = screen_display()
    display.window.position = (300, 100)
    display.toggle()
    display.toggle()
    assert display.window.position == (300, 100)
    display.window.position = (301, 120)  # where a manager's late frame left it
    size_back = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=640, y=480)
    display.logical(size_back)
    assert display.window.position == (300, 100)
    display.window.position = (400, 200)  # the player's own move afterwards stays
    display.logical(size_back)
    assert display.window.position == (400, 200)


# ------------------------------------------------------------------ dragging the title bar
class MovesRecorded(NullDisplay):
    """A stand-in screen that remembers every request to move the window."""

    def __init__(self, fullscreen: bool = False) -> None:
        super().__init__(fullscreen)
        self.moves: list[tuple[int, int]] = []

    def move_window(self, dx: int, dy: int) -> None:
        self.moves.append((dx, dy))


def drag(app: App, start: tuple[int, int], *through: tuple[int, int]) -> None:
    """Press Select at ``start``, move through each point, release at the last."""
    event = pygame.event.Event
    app.handle_event(event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for pos in through:
        app.handle_event(event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle_event(event(pygame.MOUSEBUTTONUP, pos=through[-1] if through else start,
                           button=1))


def test_a_title_bar_drag_moves_the_window_by_the_pointers_movement(ui: SimpleNamespace) -> None:
    display = MovesRecorded()
    app = ui.make_app(display=display)
    start = TITLE_BAR.center
    drag(app, start, (start[0] + 30, start[1] + 7))
    assert display.moves == [(30, 7)]
    assert app.inputs.dragging is None
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 60, start[1]),
                                        rel=(0, 0), buttons=(0, 0, 0)))
    assert display.moves == [(30, 7)]  # the button is up: moving the pointer moves nothing


def test_no_drag_from_the_board_or_in_full_screen(ui: SimpleNamespace) -> None:
    display = MovesRecorded()
    app = ui.make_app(display=display)
    square = cell_rect(27).center
    drag(app, square, (square[0] + 20, square[1] + 20))
    assert display.moves == []
    full = MovesRecorded(fullscreen=True)
    app = ui.make_app(display=full)
    start = TITLE_BAR.center
    drag(app, start, (start[0] + 30, start[1] + 7))
    assert full.moves == []
    assert full.fullscreen  # the press on the title bar did not leave full screen either


# ------------------------------------------------------------------ the plain window's place
def test_the_plain_windows_size_and_place_are_followed_and_full_screen_returns_there(
        screen_display) -> None:
    display = screen_display()
    resize(display, (900, 700))
    display.window.position = (120, 60)
    for event in pygame.event.get():
        display.logical(event)
    assert display.placement() == Placement(size=(900, 700), position=(120, 60))
    display.toggle()
    display.logical(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=750))
    display.logical(pygame.event.Event(pygame.WINDOWMOVED, x=0, y=0))
    assert display.placement() == Placement(size=(900, 700), position=(120, 60))
    display.toggle()
    assert (display.window.size, display.window.position) == ((900, 700), (120, 60))


def test_maximise_full_escape_leaves_it_maximised_over_its_plain_place(screen_display) -> None:
    """Maximise, Full, Escape: maximised again, and the manager's un-maximise has the plain
    window's size and place to go back to (it was left at the maximised size)."""
    display = screen_display()
    resize(display, (900, 700))
    display.window.position = (120, 60)
    pygame.event.clear()
    display.logical(pygame.event.Event(pygame.WINDOWMOVED, x=120, y=60))  # as SDL tells on X11
    display.logical(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    display.window.size = (1000, 740)  # what the manager makes of it
    for event in pygame.event.get():
        display.logical(event)
    display.toggle()
    display.logical(pygame.event.Event(pygame.WINDOWRESTORED))  # SDL's word for full screen
    display.toggle()  # the plain size and place, then maximised (SDL's dummy driver cannot)
    assert display.place.maximized
    assert (display.window.size, display.window.position) == ((900, 700), (120, 60))
    display.logical(pygame.event.Event(pygame.WINDOWRESTORED))
    assert display.placement() == Placement(size=(900, 700), position=(120, 60))


class Placed(NullDisplay):
    """A stand-in screen whose window is somewhere."""

    def placement(self) -> Placement | None:
        return Placement(size=(800, 600), position=(5, 6))


def test_the_app_remembers_where_the_window_was_when_it_closes(ui, tmp_path) -> None:
    store = Store(tmp_path)
    app = ui.make_app(display=Placed(), store=store)
    app.close()
    assert store.load_settings().window == Placement(size=(800, 600), position=(5, 6))
    before = Placement(size=(700, 525))  # no window to tell: the one it started with stays
    headless = ui.make_app(store=store, window=before)
    headless.close()
    assert store.load_settings().window == before


# ------------------------------------------------------------------ one title bar
class Iconised(NullDisplay):
    """A stand-in screen that counts requests to iconise the window."""

    def __init__(self) -> None:
        super().__init__()
        self.minimised = 0

    def minimize(self) -> None:
        self.minimised += 1


def test_the_game_s_title_bar_is_the_only_one_and_adjust_on_close_iconises(
        screen_display, ui: SimpleNamespace) -> None:
    assert screen_display().window.borderless  # no manager's frame: the drawn bar does its work
    display = Iconised()
    app = ui.make_app(display=display)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=CLOSE_ICON.center, button=3))
    assert display.minimised == 1 and app.running
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=CLOSE_ICON.center, button=1))
    assert not app.running
