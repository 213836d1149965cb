"""The rules window: one click or tap away, pages that turn, a game that waits under it, a
choice of rules for the next game (the operator's in a kiosk), and a way out by click, tap or
Escape that does nothing else."""

from __future__ import annotations

import pygame
import pytest

from chainplus.app.lessons import Lesson
from chainplus.app.seats import parse_seats
from chainplus.app.tour import pages
from chainplus.ui.art import font, panel_view, rules_view
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.rules_view import BUTTONS, CHOICES, COLUMNS, WINDOW
from chainplus.ui.window.targets import ADJUST, Part
from tests.test_touch import tap

OUTSIDE = (WINDOW.right + 2, 470)  # on the picture, off the window and every control


def key(app, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def opened(ui, **options):
    app = ui.make_app(**options)
    ui.click_icon(app, "rules")
    assert app.mode.name == "rules" and app.mode.number == 0
    return app


def test_the_rules_icon_opens_the_rules_and_its_help_names_them(ui) -> None:
    app = ui.make_app()
    app.inputs.pointer = app.icons["rules"].center
    assert app.help_text()[0].startswith("Rules: how to play")
    ui.click_icon(app, "rules")
    assert app.mode.name == "rules"
    assert app.mode.shown_window().page.heading == "The aim"


@pytest.mark.parametrize("how", ["close", "close-icon", "escape", "outside", "tap-outside"])
def test_the_window_closes_with_a_click_a_tap_or_escape_and_does_nothing_else(ui, how) -> None:
    app = opened(ui)
    before = (app.game.state(), app.session.rules, app.session.speed)
    if how == "close":
        ui.post_click(app, BUTTONS["close"].center)
    elif how == "close-icon":
        ui.post_click(app, rules_view.CLOSE.center)
    elif how == "escape":
        key(app, pygame.K_ESCAPE)
    elif how == "outside":
        ui.click_icon(app, "speed")  # a click outside: closes the window, never steps speed
    else:
        tap(app, OUTSIDE)
    assert app.mode.name == "play"
    assert (app.game.state(), app.session.rules, app.session.speed) == before


def test_a_click_on_the_board_under_the_window_never_places_a_piece(ui) -> None:
    app = opened(ui)
    ui.click_square(app, 27)  # under the window: a click on the page turns it
    assert app.game.moves == [] and app.mode.number == 1


def test_pages_turn_by_button_key_adjust_and_finger_and_stop_at_the_ends(ui) -> None:
    app = opened(ui)
    ui.post_click(app, BUTTONS["back"].center)
    assert app.mode.number == 0  # no page before the first
    ui.post_click(app, BUTTONS["next"].center)
    key(app, pygame.K_RIGHT)
    assert app.mode.number == 2
    ui.post_click(app, BUTTONS["next"].center, ADJUST)  # Adjust goes the other way
    key(app, pygame.K_LEFT)
    assert app.mode.number == 0
    tap(app, BUTTONS["next"].center)
    assert app.mode.number == 1
    for _ in range(10):
        ui.post_click(app, BUTTONS["next"].center)
    assert app.mode.number == app.mode.count - 1 and app.mode.page is None  # the choice


def test_the_game_waits_under_the_window(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,C3"))
    ui.click_square(app, 0)  # the computer is to move next
    ui.click_icon(app, "rules")  # finishes the chain on show, if any; the computer waits
    moves = len(app.game.moves)
    ui.advance(app, 10.0)
    assert len(app.game.moves) == moves and app.mode.name == "rules"
    key(app, pygame.K_ESCAPE)
    ui.settle(app)
    assert len(app.game.moves) == moves + 1  # it plays on once the window is closed


def test_a_chain_on_show_is_finished_when_the_window_opens(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,H"))
    for square in (0, 9, 0, 9):
        ui.click_square(app, square)
        ui.settle(app)
    ui.click_square(app, 0)  # the corner explodes: a chain on show
    assert app.mode.name == "animate"
    ui.click_icon(app, "rules")
    assert app.mode.name == "rules" and app.board.name == "play"
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "play" and app.session.to_move() == 2


def test_f1_opens_the_rules(ui) -> None:
    app = ui.make_app()
    key(app, pygame.K_F1)
    assert app.mode.name == "rules"


def last_page(ui, **options):
    app = opened(ui, **options)
    for _ in range(app.mode.count - 1):
        ui.post_click(app, BUTTONS["next"].center)
    return app


def test_the_last_page_chooses_the_rules_of_the_next_game(ui) -> None:
    app = last_page(ui)
    app.inputs.pointer = CHOICES["classic"].center
    assert "from the next game" in app.help_text()[0]
    ui.post_click(app, CHOICES["classic"].center)
    assert app.session.rules == "classic" and app.game.rules == "acorn"
    assert "Classic rules from the next game" in ui.message(app)
    assert app.mode.shown_window().chosen == "classic"
    ui.post_click(app, BUTTONS["close"].center)
    ui.click_icon(app, "new")
    assert app.game.rules == "classic"


def test_explanations_can_be_had_again_from_the_last_page(ui) -> None:
    app = last_page(ui, lessons_given=frozenset(Lesson))
    assert not app.session.explaining
    ui.post_click(app, CHOICES["explain"].center)
    assert app.session.explaining and app.session.lessons_given == frozenset()
    ui.post_click(app, CHOICES["explain"].center)
    assert not app.session.explaining


def test_a_kiosk_shows_the_choice_but_keeps_its_operators(ui) -> None:
    app = last_page(ui, kiosk=True, rules="classic", idle_seconds=3600.0)
    assert app.mode.shown_window().locked
    for name in ("acorn", "classic", "explain", "acorn"):
        app.inputs.pointer = CHOICES[name].center
        assert "kiosk" in app.help_text()[0]
        tap(app, CHOICES[name].center)
    assert app.session.rules == "classic" and app.session.explaining


def test_the_rules_are_told_for_the_game_in_play(ui) -> None:
    app = opened(ui, rules="classic")
    assert app.mode.pages == pages("classic")


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_every_page_fits_the_window_with_no_scrolling(rules) -> None:
    for page in pages(rules):
        assert font.size(page.heading, 2)[0] <= rules_view.BODY.w
        assert len(rules_view.wrapped(page.text)) <= 4, page.heading
        for step in page.steps:
            assert len(rules_view.wrapped(step.caption)) <= 2, step.caption
        area = rules_view.diagram.scene_rect(page, rules_view.SCENE_CENTRE)
        assert WINDOW.contains(area.inflate(12, 12))
        assert area.bottom + 8 < rules_view.CAPTION_TOP
    assert rules_view.CAPTION_TOP + 2 * rules_view.LINE_H < rules_view.DOTS_Y - 6
    for name, (first, second) in rules_view.CHOICE_WORDS.items():
        assert max(len(first), len(second)) <= COLUMNS - 4, name


def test_the_scene_moves_on_screen(ui) -> None:
    """The diagram is animated: the window is drawn differently a moment later."""
    app = opened(ui)
    first = pygame.Surface((640, 480))
    app.draw(first)
    ui.advance(app, 3.0)
    later = pygame.Surface((640, 480))
    app.draw(later)
    area = rules_view.diagram.scene_rect(app.mode.page, rules_view.SCENE_CENTRE)
    assert pygame.image.tobytes(first.subsurface(area), "RGB") != \
        pygame.image.tobytes(later.subsurface(area), "RGB")


def test_the_window_hits_its_own_parts_before_the_board(ui) -> None:
    app = opened(ui)
    assert app.hit(BUTTONS["next"].center) == Part("next")
    assert app.hit(cell_rect(27).center) == Part("page")
    assert app.hit(app.icons["new"].center) != Part("page")


@pytest.mark.parametrize("kiosk", [False, True])
def test_every_part_of_the_window_has_help_that_fits_the_help_box(ui, kiosk) -> None:
    app = last_page(ui, kiosk=kiosk, idle_seconds=3600.0)
    for name in rules_view.BUTTON_LABEL.keys() | CHOICES.keys() | {"close-icon", "title", "page"}:
        line = app.mode.own_help(Part(name))
        assert line and len(panel_view.help_lines(line)) <= panel_view.HELP_LINES, line
        # the last page's greyed Next says why, not its key
        assert ("Key:" in line) == (not kiosk and name in ("close", "close-icon", "back"))


def test_the_cursor_opens_on_next_and_never_rests_on_a_shaded_button(ui) -> None:
    app = opened(ui)
    key(app, pygame.K_TAB)  # shows the cursor
    assert app.inputs.cursor_target() == Part("next")
    key(app, pygame.K_RETURN)
    assert app.mode.number == 1 and app.inputs.cursor_target() == Part("next")
    for _ in range(app.mode.count):
        key(app, pygame.K_RIGHT)
    assert app.mode.number == app.mode.count - 1
    assert Part("next") not in [Part(name) for name in app.mode.parts()]
    while app.inputs.cursor_target() != Part("close"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)  # Space presses Close, as the cursor says
    assert app.mode.name == "play"
