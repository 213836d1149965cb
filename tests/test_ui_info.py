"""The Info box ("About this program"), headless: the Menu button anywhere on the window opens
it (never in a kiosk), so does the Games window's About... (a window's own and a joined
window's shorter one); its close icon, Escape and a click outside close it and do nothing
else; every part's help fits the help box; what it says is the package's own version and the
LICENSE's author and licence. Loopback only."""

from __future__ import annotations

import pygame
import pytest
from paths import ROOT

from chainplus.app import about
from chainplus.ui.art import font, games_view, info_view, panel_view
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.theme import BLACK, BOARD, CELL, GREY1
from chainplus.ui.window.over.info import OUTSIDE_HELP, PART_HELP, InfoWindow
from chainplus.ui.window.targets import MENU, Part
from tests.test_kiosk import key
from tests.test_net_window import hosted, joined, joined_app, run_until
from tests.test_touch import tap

#: A board square below the box: a click there closes it and places nothing.
OUTSIDE = cell_rect(60).center


def menu_opened(ui, **options):
    app = ui.make_app(**options)
    ui.post_click(app, cell_rect(27).center, MENU)
    assert isinstance(app.mode, InfoWindow)
    return app


def fits(text: str) -> bool:
    return bool(text) and len(panel_view.help_lines(text)) <= panel_view.HELP_LINES


def test_the_box_stays_off_part_of_the_board_and_every_field_holds_its_words() -> None:
    window = info_view.WINDOW
    assert window.w < 428  # narrower than the rules window; the board's top and bottom rows show
    assert window.top >= BOARD.top + CELL and window.bottom + 4 <= BOARD.bottom - CELL
    for name, value in {"name": about.NAME, "purpose": about.PURPOSE, "author": about.AUTHOR,
                        "licence": about.LICENCE, "version": about.VERSION}.items():
        assert " ".join(info_view.lines(value, name)) == value, name  # nothing cut off


def test_the_menu_button_anywhere_opens_the_box_over_the_game_which_waits(ui) -> None:
    app = menu_opened(ui)
    assert app.game.moves == [] and app.mode.shown_window().values["name"] == "Chain+"
    ui.post_click(app, info_view.WINDOW.center, MENU)  # Menu again: still the one box
    ui.post_click(app, app.icons["speed"].center, MENU)
    assert len(app.stack.windows) == 1 and app.session.speed == "normal"
    key(app, pygame.K_ESCAPE)
    ui.click_icon(app, "rules")
    ui.post_click(app, (600, 470), MENU)  # over another window: on top of it
    assert [w.name for w in app.stack.windows] == ["rules", "info"]
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "rules"


def test_a_kiosk_takes_the_menu_button_for_nothing(ui) -> None:
    app = ui.make_app(kiosk=True, idle_seconds=3600.0)
    ui.post_click(app, cell_rect(27).center, MENU)
    assert app.mode.name == "play" and app.game.moves == [] and not app.stack.windows


@pytest.mark.parametrize("how", ["close-icon", "escape", "outside", "tap-outside"])
def test_the_box_closes_by_its_close_icon_escape_or_a_click_outside_and_nothing_else(
        ui, how) -> None:
    app = menu_opened(ui)
    before = (app.game.state(), app.session.rules, app.session.speed)
    if how == "close-icon":
        ui.post_click(app, info_view.CLOSE.center)
    elif how == "escape":
        key(app, pygame.K_ESCAPE)
    elif how == "outside":
        ui.post_click(app, OUTSIDE)  # on the board: no piece placed
    else:
        tap(app, app.icons["speed"].center)  # on an icon: closes, never steps the speed
    assert app.mode.name == "play" and not app.stack.windows
    assert (app.game.state(), app.session.rules, app.session.speed) == before


def test_a_click_inside_the_box_leaves_it_open(ui) -> None:
    app = menu_opened(ui)
    for name in ("title", "version", "purpose"):
        ui.post_click(app, info_view.ROWS.get(name, info_view.TITLE_BAR).center)
    ui.post_click(app, (info_view.WINDOW.x + 20, info_view.WINDOW.bottom - 4))
    assert isinstance(app.mode, InfoWindow) and app.game.moves == []


def test_about_in_the_games_window_opens_the_box_over_it(ui) -> None:
    app = ui.make_app()
    ui.click_icon(app, "games")
    app.inputs.pointer = games_view.FOOTER["about"].center
    assert app.help_text()[0].startswith("About this program")
    ui.post_click(app, games_view.FOOTER["about"].center)
    assert [w.name for w in app.stack.windows] == ["games", "info"]
    ui.post_click(app, info_view.CLOSE.center)
    assert app.mode.name == "games"  # the box goes; the games window stays
    for name in ("back", "close", "next"):  # the footer's others keep their places' order
        assert games_view.FOOTER[name].y == games_view.FOOTER["about"].y
    assert games_view.FOOTER["back"].x < games_view.FOOTER["about"].x \
        < games_view.FOOTER["close"].x < games_view.FOOTER["next"].x
    assert games_view.FOOTER["next"].right == games_view.WINDOW.right - 14


def test_about_in_a_joined_windows_games_window_opens_the_box(ui) -> None:
    host = hosted("N,C1")
    app = joined_app(ui, host)
    try:
        run_until(app, lambda: joined(app), "the host's game")
        ui.click_icon(app, "games")
        assert app.mode.network is not None
        assert games_view.NETWORK_WINDOW.contains(games_view.NETWORK_BUTTONS["about"])
        ui.post_click(app, games_view.NETWORK_BUTTONS["about"].center)
        assert [w.name for w in app.stack.windows] == ["games", "info"]
        key(app, pygame.K_ESCAPE)
        assert app.mode.name == "games" and app.mode.network is not None
    finally:
        app.close()
        host.stop()


def test_every_help_line_fits_the_help_box(ui) -> None:
    app = menu_opened(ui)
    window = app.mode
    lines = [window.own_help(Part(name)) for name in PART_HELP]
    lines += [OUTSIDE_HELP, window.default_help()]
    for name, rect in {**info_view.ROWS, "close-icon": info_view.CLOSE}.items():
        app.inputs.pointer = rect.center
        assert app.help_text()[0] == PART_HELP[name]
    app.inputs.pointer = OUTSIDE
    assert app.help_text()[0] == OUTSIDE_HELP
    key(app, pygame.K_ESCAPE)
    ui.click_icon(app, "games")
    lines.append(app.mode.own_help(Part("about")))
    for line in lines:
        assert line is not None and fits(line), line


def test_the_version_shown_is_the_packages(ui) -> None:
    """This copy's, down to the commit (``common.version``): a development build's fits too."""
    app = menu_opened(ui)
    assert app.mode.shown_window().values["version"] == about.VERSION
    assert info_view.lines("10.10.10.dev99999+gabcdef0", "version") == [
        "10.10.10.dev99999+gabcdef0"]
    surface = pygame.Surface((640, 480))
    app.draw(surface)
    again = surface.copy()
    drawn = font.draw(again, about.VERSION, info_view.text_at("version", 0), BLACK)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(surface, "RGB")
    field = info_view.FIELDS["version"]
    rest = pygame.Rect(drawn.right, drawn.y, field.right - info_view.PAD - drawn.right, drawn.h)
    assert {surface.get_at((x, y))[:3] for x in range(rest.left, rest.right)
            for y in range(rest.top, rest.bottom)} == {GREY1}  # and nothing after it


def test_the_author_and_licence_are_the_license_files() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith(f"{about.LICENCE} License")
    assert f"{about.AUTHOR.lower()}\n" in text.lower()


def test_keys_and_a_controller_close_the_box_from_its_close_icon(ui) -> None:
    from tests.test_keys import cursor, pad

    app = menu_opened(ui)
    key(app, pygame.K_TAB)  # the cursor shows on the box's one part
    assert cursor(app) == Part("close-icon")
    key(app, pygame.K_RETURN)
    assert app.mode.name == "play" and app.game.moves == []
    ui.post_click(app, cell_rect(27).center, MENU)
    assert app.inputs.cursor_rect() is None  # the mouse was used: the cursor hides
    pad(app, pygame.CONTROLLER_BUTTON_A)  # shows the cursor on the close icon
    assert isinstance(app.mode, InfoWindow) and cursor(app) == Part("close-icon")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.mode.name == "play" and app.game.moves == []
