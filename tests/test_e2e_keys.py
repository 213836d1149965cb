"""End to end by keys alone: ``python main.py`` under Xvfb, a whole game played with xdotool's
arrows and Return against the computer, the keyboard's cursor looked at on the screen."""

from __future__ import annotations

from pathlib import Path

from x11 import WAIT, GameWindow, needs_x11, pieces

from chainplus.ui.art import board_view
from chainplus.ui.art.theme import ORANGE

pytestmark = needs_x11


def test_a_whole_game_by_the_keyboard_in_a_real_window(xserver, tmp_path: Path,
                                                       wait_for) -> None:
    display, screen = xserver()
    game = GameWindow(display, screen, tmp_path,
                      ["--speed", "instant", "--seats", "H,C1:0", "--seed", "3"], wait_for)

    def keys(*names: str) -> None:
        game.xdotool("key", "--window", game.window, "--delay", "20", *names)

    try:
        game.wait_shown()
        game.aside()
        keys("Down")  # the first key shows the cursor, on square 27
        ring = board_view.cell_rect(27).inflate(4, 4)
        wait_for(lambda: game.at(ring.left + 1, ring.centery) == ORANGE, "the cursor", WAIT)
        at, moves = 27, 0
        while True:
            held = pieces(game)
            red, blue = (sum(owner == seat for owner, _ in held.values()) for seat in (1, 2))
            if moves > 1 and (red == 0 or blue == 0):
                break
            square = next(s for s in range(64) if held[s][0] in (0, 1))
            rows, cols = square // 8 - at // 8, square % 8 - at % 8
            way = ["Down" if rows > 0 else "Up"] * abs(rows) + \
                ["Right" if cols > 0 else "Left"] * abs(cols)
            keys(*way, "Return")
            at, moves = square, moves + 1
            wait_for(lambda before=held: pieces(game) != before, "the move and the answer",
                     WAIT)
            assert moves < 200, "the game did not end"
        assert red == 0 or blue == 0
    except BaseException:
        game.report(tmp_path / "keys.png")
        raise
    finally:
        game.stop()
