"""End to end by a game controller alone: the game's own window and loop under Xvfb, a whole
game played with controller presses on SDL's event queue (``pad_game.py``), the cursor
looked at on the screen before the first move and on the final board."""

from __future__ import annotations

import json
from pathlib import Path

from x11 import WAIT, GameWindow, needs_x11, pieces

from chainplus.ui.art import board_view
from chainplus.ui.art.theme import ORANGE

pytestmark = needs_x11


def go_on(game: GameWindow) -> None:
    """Tell the program to go on: the test has looked."""
    game.process.stdin.write(b"\n")
    game.process.stdin.flush()


def cursor_on(game: GameWindow, square: int) -> bool:
    """Whether the screen shows the cursor's ring round ``square``."""
    ring = board_view.cell_rect(square).inflate(4, 4)
    return game.at(ring.left + 1, ring.centery) == ORANGE


def test_a_whole_game_by_a_controller_in_a_real_window(xserver, tmp_path: Path,
                                                       wait_for) -> None:
    display, screen = xserver()
    game = GameWindow(display, screen, tmp_path, [], wait_for, program="tests/pad_game.py")
    try:
        game.wait_shown()
        game.aside()
        go_on(game)
        assert game.process.stdout.readline() == b"cursor\n"
        wait_for(lambda: cursor_on(game, 27), "the cursor", WAIT)
        go_on(game)
        ended = json.loads(game.process.stdout.readline())
        assert ended["winner"] in (1, 2) and ended["moves"] > 2
        wait_for(lambda: cursor_on(game, ended["cursor"]), "the cursor at the end", WAIT)
        owners = {seat for seat, _ in pieces(game).values() if seat}
        assert owners == {ended["winner"]}  # the loser's colour is gone from the screen
        go_on(game)
        status, stderr = game.ended()
        assert status == 0, stderr
    except BaseException:
        game.report(tmp_path / "pad.png")
        raise
    finally:
        game.stop()
