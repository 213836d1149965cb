"""A greyed button's help says why it is greyed, not what it would do: the icons (Undo, Hint),
the rules window's Back and Next, the games window's buttons and a replay's pane; every such
line fits the help box."""

from __future__ import annotations

from chainplus.app.seats import parse_seats
from chainplus.ui.art import games_view, panel_view, review_view, rules_view
from chainplus.ui.window import screen
from chainplus.ui.window.controls import Effect
from chainplus.ui.window.over.games import GamesWindow
from chainplus.ui.window.over.review import ReviewWindow
from chainplus.ui.window.over.rules import PART_HELP, RulesWindow
from chainplus.ui.window.requests import OpenReplay
from chainplus.ui.window.targets import Icon


def help_at(app, pos: tuple[int, int]) -> str:
    """The help line with the pointer at ``pos`` and no message showing; it fits the box."""
    app.table.cues.message.clear()
    app.inputs.pointer = pos
    text = app.help_text()[0]
    assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, text
    return text


def humans(ui, seats: str = "H,H"):
    return ui.make_app(seats=parse_seats(seats))


def won(ui):
    """Red has just won: its corner took Blue's only square."""
    app = humans(ui)
    for square in (0, 1, 0, 1):  # red's corner one short, blue's edge beside it
        app.game.play(square)
    app.stack.controller.follow(Effect.RESTART)
    ui.click_square(app, 0)
    ui.settle(app)
    assert app.game.winner == 1
    return app


def test_undo_with_nothing_to_undo_says_so(ui) -> None:
    app = humans(ui)
    assert not ui.icon_enabled(app, "undo")
    assert help_at(app, app.icons["undo"].center) == "Undo: no move to take back yet."
    ui.click_square(app, 27)
    ui.settle(app)
    assert ui.icon_enabled(app, "undo")
    assert help_at(app, app.icons["undo"].center).startswith("Undo: take back")


def test_undo_with_no_human_move_says_so(ui) -> None:
    app = humans(ui, "C0,C0")
    app.session.panel[2].kind = app.session.panel[2].plays_as = "human"
    app.game.play(27)  # red's, a computer's, move: nothing of a human's to take back
    app.stack.controller.follow(Effect.RESTART)
    assert not ui.icon_enabled(app, "undo")
    assert "no move of a human player" in help_at(app, app.icons["undo"].center)


def test_hint_says_why_it_is_greyed(ui) -> None:
    app = humans(ui, "C2,H")
    assert not ui.icon_enabled(app, "hint")  # the computer is to move
    assert help_at(app, app.icons["hint"].center) == "Hint: only on a human player's turn."
    app.close()
    app = won(ui)
    assert help_at(app, app.icons["hint"].center) == "Hint: the game is over."
    app.table.ask(OpenReplay(app.game.copy(), at=0))
    app.stack.serve()
    assert isinstance(app.mode, ReviewWindow)  # its pane lies over the icons; a key may not
    assert screen.target_help(app.board, app.stack.window, Icon("hint")) == \
        "Hint: not while a window is open over the board."


def test_the_rules_windows_greyed_back_and_last_next_say_why(ui) -> None:
    app = humans(ui)
    ui.click_icon(app, "rules")
    window = app.mode
    assert isinstance(window, RulesWindow)
    back, next_ = rules_view.BUTTONS["back"].center, rules_view.BUTTONS["next"].center
    assert help_at(app, back) == "This is the first page: Next turns on."
    assert help_at(app, next_).startswith(PART_HELP["next"])
    window.turn(window.count)
    assert help_at(app, next_) == "This is the last page: Close when done."
    assert "next page" not in help_at(app, (rules_view.WINDOW.centerx, rules_view.TEXT_TOP))
    assert help_at(app, back).startswith(PART_HELP["back"])


def test_the_games_windows_greyed_buttons_say_why(ui) -> None:
    app = humans(ui)
    ui.click_icon(app, "games")
    assert isinstance(app.mode, GamesWindow)
    buttons = games_view.buttons(network=False)
    assert "no move has been made" in help_at(app, buttons["save"].center)
    assert "no move has been made" in help_at(app, buttons["replay"].center)
    assert help_at(app, buttons["back"].center) == "This is the first page: the newest games."
    assert help_at(app, buttons["next"].center) == "This is the last page: the oldest games."
    app.table.ask(OpenReplay(app.game.copy()))  # out of the way: a move, then the window again
    app.stack.serve()
    app.stack.close_windows()
    ui.click_square(app, 27)
    ui.click_icon(app, "games")
    assert help_at(app, buttons["save"].center).startswith("Save the game")


def test_a_replays_greyed_buttons_say_why(ui) -> None:
    app = won(ui)
    app.table.ask(OpenReplay(app.game.copy(), at=0))
    app.stack.serve()
    at = {name: rect.center for name, rect in review_view.BUTTONS.items()}
    for name in ("start", "back"):
        assert help_at(app, at[name]) == "This is the start of the game already."
    assert help_at(app, at["next"]).startswith("On one move")
    app.mode.step("end")
    for name in ("next", "end"):
        assert help_at(app, at[name]) == "This is the end of the game already."
    assert help_at(app, at["play-on"]).startswith("The game is won here")
    app.mode.step("back")
    assert help_at(app, at["play-on"]).startswith("Play on from the move shown")
