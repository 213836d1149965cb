"""End to end in a real X server: ``python main.py`` under Xvfb, clicked with xdotool: a
move, a refusal, a first game's explanation in the help box, the rules window paged and
closed, New and Quit. What should be on screen is drawn with the game's own art and compared
pixel for pixel with the screen (the X helpers: ``x11``).
"""

from __future__ import annotations

from pathlib import Path

from pygame import Rect
from x11 import WAIT, GameWindow, centre, drawn, help_box, needs_x11, status_box

from chainplus.app.tour import pages
from chainplus.ui.art import panel_view, rules_view
from chainplus.ui.art.theme import DARK_BLUE, HELP, RED, STATUS, WHITE
from chainplus.ui.window.controls import WINDOW_ICONS as ICONS

pytestmark = needs_x11

#: The rules window's title bar and heading: what does not move on its first pages.
RULES_TOP = Rect(rules_view.WINDOW.x + 30, rules_view.WINDOW.y + 1, rules_view.WINDOW.w - 31, 60)


def rules_top(number: int) -> list[tuple[int, ...]]:
    shown = rules_view.RulesShown(number=number, count=6, page=pages("acorn")[number],
                                  elapsed=0.0, playing="acorn", chosen="acorn")
    return drawn(RULES_TOP, lambda surface: rules_view.draw(surface, shown))


def test_play_in_a_real_window(xserver, tmp_path: Path, wait_for) -> None:
    display, screen = xserver()
    game = GameWindow(display, screen, tmp_path, ["--speed", "fast", "--seed", "7"], wait_for)
    at, click = game.at, game.click

    def empty_board() -> bool:
        return all(colour == WHITE for colour in game.board().values())

    try:
        game.wait_shown()
        game.aside()
        wait_for(empty_board, "an empty board", WAIT)
        played = 27  # row 3, column 3
        click(*centre(played))
        wait_for(lambda: at(*centre(played)) == RED, "red's piece on the clicked square", WAIT)
        # blue, the computer, answers by itself after a short pause
        blue = wait_for(lambda: [sq for sq in range(64) if at(*centre(sq)) == DARK_BLUE],
                        "the computer's blue piece", WAIT)[0]
        # red clicks blue's square: refused with a red warning in the help box; nothing changes
        click(*centre(blue))
        wait_for(lambda: any(at(x, y) == RED for x in range(HELP.x + 2, HELP.right - 2, 2)
                             for y in range(HELP.y + 4, HELP.y + 22)), "the warning", WAIT)
        # the cross over the refused square goes away and the board is as it was
        wait_for(lambda: at(*centre(blue)) == DARK_BLUE, "the refused square unchanged", WAIT)
        assert at(*centre(played)) == RED
        assert sum(at(*centre(sq)) in (RED, DARK_BLUE) for sq in range(64)) == 2
        # a first game explains what a move did the first time: a corner one short
        corner = next(sq for sq in (0, 7, 56, 63) if at(*centre(sq)) == WHITE)
        red_to_move = status_box(1, "To move", "Red")
        for offset in (0, -8):  # one piece shows in the middle, two at -8 and +8
            click(*centre(corner))
            game.aside()
            x, y = centre(corner)
            wait_for(lambda: at(x + offset, y + offset) == RED, "red's piece", WAIT)  # noqa: B023
            wait_for(lambda: game.picture(STATUS) == red_to_move, "blue's answer", WAIT)
        lesson = help_box("This corner holds 2: one more piece and it explodes.")
        wait_for(lambda: game.picture(panel_view.HELP) == lesson,
                 "the corner's lesson in the help box", WAIT)
        # the Rules icon opens the rules window; Next turns its page; Escape closes it
        click(*ICONS["rules"].center)
        wait_for(lambda: game.picture(RULES_TOP) == rules_top(0),
                 "the rules window's first page", WAIT)
        click(*rules_view.BUTTONS["next"].center)
        wait_for(lambda: game.picture(RULES_TOP) == rules_top(1),
                 "the rules window's second page", WAIT)
        game.xdotool("key", "--window", game.window, "Escape")
        wait_for(lambda: at(*centre(played)) == RED, "the board again", WAIT)
        # a new game clears the board; the quit icon ends the program cleanly
        click(*ICONS["new"].center)
        wait_for(empty_board, "the new game's empty board", WAIT)
        click(*ICONS["quit"].center)
        status, stderr = game.ended()
        assert status == 0
        assert "Traceback" not in stderr
    except BaseException:
        game.report(tmp_path / "e2e-failure.png")
        raise
    finally:
        game.stop()
