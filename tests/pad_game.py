"""A whole game by a game controller alone, in a real window: ``python tests/pad_game.py`` on
an X display (``test_e2e_pad`` runs it under Xvfb).

The window and its loop are the game's own (``video.open_display``, ``ScreenDisplay``, the App
and ``loop.go_round`` reading SDL's event queue). What a controller sends is put on that queue
with ``pygame.event.post``: while the board waits for the human seat, the d-pad walks the
cursor to a square and A plays it, against the computer at level 1, to the end. No device is
opened; the window takes presses from any controller, as from one just plugged in.

It waits for a line on stdin before its first press (the test has found the window and put
the pointer out of the way: a pointer moving over the window hides the cursor), says
``cursor`` on stdout once that press has shown the cursor (on square 27), and waits for
another line while the test looks at the screen, going round the loop meanwhile. At the end
it prints one JSON line (the moves played, the winner and the square the cursor is on) and
waits for a last line without going round, so that the final board stays on the screen
while the test looks at it (the graph a moment after the end never opens; its keys are
``test_keys``'), then exits 0 (1 if the game did not end).

pygame is imported after ``chainplus.ui``, which gives the window the game's own class (pygame
would name it after this file), so the test finds it as it finds ``main.py``'s.
"""

from __future__ import annotations

import json
import select
import sys
import time

from chainplus.app.options import Options
from chainplus.app.seats import parse_seats
from chainplus.ui.window import video
from chainplus.ui.window.app import App, Devices
from chainplus.ui.window.display import ScreenDisplay
from chainplus.ui.window.loop import go_round, turn

# isort: split
import pygame  # after chainplus.ui: see above

PAD = 1  # the controller's instance id
#: The longest the whole game may take, in seconds.
LIMIT = 60.0


def press(button: int) -> None:
    """Press and let go of ``button``, as the controller would."""
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=PAD, button=button))


def walk(start: int, square: int) -> list[int]:
    """The d-pad presses from ``start`` to ``square``: rows first, then columns."""
    rows, cols = square // 8 - start // 8, square % 8 - start % 8
    return ([pygame.CONTROLLER_BUTTON_DPAD_DOWN if rows > 0 else pygame.CONTROLLER_BUTTON_DPAD_UP]
            * abs(rows) + [pygame.CONTROLLER_BUTTON_DPAD_RIGHT if cols > 0
                           else pygame.CONTROLLER_BUTTON_DPAD_LEFT] * abs(cols))


def told(app: App, display: ScreenDisplay, frames: pygame.time.Clock) -> None:
    """Go round the loop (the window kept drawn) until a line comes on stdin, and once more:
    what the X server sent before the line (the pointer moved aside) is answered first."""
    while not select.select([sys.stdin], [], [], 0)[0]:
        go_round(app, display, frames)
    sys.stdin.readline()
    turn(app, display, pygame.event.get())


def main() -> int:
    video.open_display()
    display = ScreenDisplay(False)
    app = App(Options(seats=parse_seats("H,C1:0"), speed="instant", sound=False, seed=3),
              Devices(display=display))
    frames = pygame.time.Clock()
    try:
        turn(app, display, [])
        told(app, display, frames)  # the window is up and the pointer out of the way
        press(pygame.CONTROLLER_BUTTON_DPAD_UP)  # the first press only shows the cursor
        go_round(app, display, frames)
        print("cursor", flush=True)
        told(app, display, frames)
        at, end = 27, time.monotonic() + LIMIT
        while app.game.winner is None and time.monotonic() < end:
            if app.mode.human_to_move() and not app.animating:
                square = next(s for s in range(64) if app.game.is_legal(s))
                for button in (*walk(at, square), pygame.CONTROLLER_BUTTON_A):
                    press(button)
                at = square
            go_round(app, display, frames)
        print(json.dumps({"moves": len(app.game.moves), "winner": app.game.winner,
                          "cursor": at}), flush=True)
        sys.stdin.readline()  # the final board, as the last round drew it
        return 0 if app.game.winner is not None else 1
    finally:
        app.close()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
