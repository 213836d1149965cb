"""Play without a mouse: the keyboard's cursor and game controllers, on the board, the icons,
the panel and the windows over the board (``window.cursor``, ``window.pad``, ``Inputs``)."""

from __future__ import annotations

import pygame

from chainplus.app.seats import parse_seats
from chainplus.ui.art import board_view, graph_view
from chainplus.ui.window.over.rules import RulesWindow
from chainplus.ui.window.targets import Cell, Icon, Part, Square

PAD = 7  # a controller's instance id


def key(app, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def pad(app, button: int, which: int = PAD) -> None:
    app.handle_event(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=which,
                                        button=button))
    app.handle_event(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=which,
                                        button=button))


def cursor(app):
    return app.inputs.cursor_target()


def walk_to(app, square: int, press) -> None:
    """Move the cursor from where it is to ``square`` with its arrows (``press`` sends one)."""
    at = cursor(app)
    assert isinstance(at, Square)
    rows, cols = square // 8 - at.square // 8, square % 8 - at.square % 8
    for way, count in (("down" if rows > 0 else "up", abs(rows)),
                       ("right" if cols > 0 else "left", abs(cols))):
        for _ in range(count):
            press(way)
    assert cursor(app) == Square(square)


ARROWS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
          "right": pygame.K_RIGHT}
DPAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


def play_to_the_end(ui, app, press, select) -> None:
    """The human seat's every move by ``press`` (arrows) and ``select``, against level 1."""
    for _ in range(400):
        ui.settle(app)
        if app.game.winner is not None:
            return
        square = next(s for s in (27, *range(64)) if app.game.is_legal(s))
        walk_to(app, square, press)
        moves = len(app.game.moves)
        select()
        assert len(app.game.moves) == moves + 1 and app.game.moves[-1] == square
    raise AssertionError("the game did not end")


def test_a_whole_game_by_keys_alone(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,C1:0"), speed="instant")
    assert app.inputs.cursor_rect() is None  # hidden until a key is used
    key(app, pygame.K_DOWN)  # the first key only shows it, where it is
    assert cursor(app) == Square(27) and app.inputs.cursor_rect() == board_view.cell_rect(27)
    play_to_the_end(ui, app, lambda way: key(app, ARROWS[way]),
                    lambda: key(app, pygame.K_RETURN))
    assert app.game.winner in (1, 2) and app.mode.name == "over"


def test_the_graph_after_a_game_takes_the_cursor_and_gives_it_back(ui) -> None:
    """The graph shown over the board after a game has the cursor on it, first on the move
    where the game turned (never on a square hidden under it), and closing it puts the cursor
    back on the board."""
    app = ui.make_app(seats=parse_seats("H,C1:0"), speed="instant")
    key(app, pygame.K_DOWN)
    play_to_the_end(ui, app, lambda way: key(app, ARROWS[way]),
                    lambda: key(app, pygame.K_RETURN))
    last = app.game.moves[-2] if app.game.winner == 2 else app.game.moves[-1]
    for _ in range(200):
        if app.stack.board.parts() and not ui.message(app):  # the winner's message has gone
            break
        ui.advance(app, 0.1)
    turn = app.stack.board.phase.graph().turn
    assert cursor(app) == Part(f"move-{turn}")
    key(app, pygame.K_TAB)
    assert cursor(app) == Part("graph-replay")
    assert app.inputs.cursor_rect() == graph_view.BUTTONS["replay"]
    assert app.help_text()[0] == "Hide the graph and step through the game."
    key(app, pygame.K_RIGHT)
    assert cursor(app) == Part("graph-close")
    key(app, pygame.K_RETURN)
    assert app.stack.board.parts() is None and cursor(app) == Square(last)


def test_a_whole_game_by_a_controller_alone(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,C1:0"), speed="instant")
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert cursor(app) == Square(27)
    play_to_the_end(ui, app, lambda way: pad(app, DPAD[way]),
                    lambda: pad(app, pygame.CONTROLLER_BUTTON_A))
    assert app.game.winner in (1, 2)


def test_tab_reaches_the_icons_and_the_panel_and_the_help_says_the_keys(ui) -> None:
    app = ui.make_app(seats=parse_seats("H,C2"))
    key(app, pygame.K_TAB)  # shows it on the board
    key(app, pygame.K_TAB)
    assert cursor(app) == Icon("new") and app.inputs.cursor_rect() == app.icons["new"]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert cursor(app) == Icon("games")
    key(app, pygame.K_TAB)
    assert cursor(app) == Cell(1, 1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert cursor(app) == Cell(2, 3)  # blue's level
    assert "Return" in app.help_text()[0] and "Backspace" in app.help_text()[0]
    level = app.session.panel[2].level
    key(app, pygame.K_RETURN)  # Select: up
    assert app.session.panel[2].level == level + 1
    key(app, pygame.K_BACKSPACE)  # Adjust: down
    key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)  # Shift+Return is Adjust too
    assert app.session.panel[2].level == level - 1
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to the icons, where it was
    assert cursor(app) == Icon("games")
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert cursor(app) == Square(27)  # and round to the board


def test_the_windows_over_the_board_work_by_keys_and_the_cursor_hides_for_the_mouse(ui) -> None:
    app = ui.make_app()
    key(app, pygame.K_F1)
    assert isinstance(app.mode, RulesWindow)
    key(app, pygame.K_TAB)  # shows the cursor on the window's first part: Next
    assert cursor(app) == Part("next")
    key(app, pygame.K_RETURN)
    assert app.mode.number == 1  # the next page
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert cursor(app) == Part("close")
    key(app, pygame.K_RETURN)
    assert app.mode.name == "play"
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 100), rel=(1, 1),
                                        buttons=(0, 0, 0)))
    assert app.inputs.cursor_rect() is None and app.inputs.pointing() == (100, 100)


def test_a_controllers_start_and_back_and_the_first_to_press_keeps_the_cursor(ui) -> None:
    app = ui.make_app()
    pad(app, pygame.CONTROLLER_BUTTON_START)
    assert app.mode.name == "rules"
    pad(app, pygame.CONTROLLER_BUTTON_B, which=PAD + 1)  # another controller: not yet its turn
    assert app.mode.name == "rules"
    key(app, pygame.K_ESCAPE)
    pad(app, pygame.CONTROLLER_BUTTON_BACK)
    assert app.mode.name == "games"


def test_a_held_direction_repeats_and_a_kiosk_plays_by_controller(ui) -> None:
    app = ui.make_app(kiosk=True, idle_seconds=3600.0)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # shows the cursor
    lean = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD,
                              axis=pygame.CONTROLLER_AXIS_LEFTX, value=32000)
    app.handle_event(lean)
    assert cursor(app) == Square(28)
    ui.advance(app, 0.3)
    assert cursor(app) == Square(28)  # not yet
    ui.advance(app, 0.3)
    assert cursor(app) in (Square(29), Square(30))  # then again and again
    app.handle_event(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD,
                                        axis=pygame.CONTROLLER_AXIS_LEFTX, value=0))
    at = cursor(app)
    ui.advance(app, 1.0)
    assert cursor(app) == at  # let go: it stays
    pad(app, pygame.CONTROLLER_BUTTON_BACK)
    assert app.mode.name != "games"  # not in a kiosk
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert len(app.game.moves) == 1  # a visitor with only a controller plays
