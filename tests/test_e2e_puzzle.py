"""End to end in a real X server: a kiosk's visitor solves a puzzle by taps alone. The kiosk
(``python main.py --kiosk``, full screen under Xvfb) shows its attract loop with two doors; the
visitor taps the puzzle door, misses once and sees the computer's refutation, gets the
position back and solves it, and the kiosk counts the visitor. Each step is compared pixel for
pixel with the game's own art (the X helpers: ``x11``), and its screen is kept in the test's
folder for a person to look at (``CHAINPLUS_E2E_SHOTS``: in that folder instead).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from x11 import WAIT, GameWindow, centre, drawn, needs_x11, pieces

from chainplus.app.puzzle_play import PuzzlePlay, next_number
from chainplus.app.puzzle_record import Progress
from chainplus.app.puzzles import shipped_count
from chainplus.ui.art import doors_view, panel_view, solved_view, widgets
from chainplus.ui.art.theme import TITLE_BAR
from chainplus.ui.window.scaler import Layout

pytestmark = needs_x11


def title(text: str) -> tuple[list[tuple[int, ...]], ...]:
    """The kiosk's title bar saying ``text``, focused or not."""
    return tuple(drawn(TITLE_BAR, lambda surface, focused=focused: widgets.window_frame(
        surface, focused, show_close=False, show_toggle=False, title=text))
        for focused in (True, False))


def help_line(text: str, warn: bool = False) -> list[tuple[int, ...]]:
    return drawn(panel_view.HELP, lambda surface: panel_view.draw_help(surface, text, warn))


def test_a_visitor_solves_a_puzzle_at_the_kiosk_by_taps(xserver, tmp_path: Path,
                                                        wait_for) -> None:
    shots = Path(os.environ.get("CHAINPLUS_E2E_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    play = PuzzlePlay.shipped(next_number(Progress()))  # a new visitor's first puzzle
    position = play.game
    wrong = next(square for square in position.legal_moves()
                 if not play.solver.forces(position, square, play.left))
    folder = tmp_path / "kiosk"
    display, screen = xserver()
    kiosk = GameWindow(display, screen, tmp_path,
                       ["--kiosk", "--supervised", "--config-dir", str(folder), "--seats",
                        "H,C1", "--speed", "fast", "--idle-seconds", "15"], wait_for)

    def tap(x: int, y: int) -> None:
        """A tap at picture position (x, y) of the full screen kiosk (the picture's place on
        the screen counted, which ``GameWindow.click`` leaves out)."""
        kiosk.xdotool("mousemove", *map(str, kiosk.on_screen(x, y)), "click", "1")

    def step(number: int, what: str) -> None:
        screen.save_png(shots / f"puzzle-{number}-{what}.png")

    def the_position() -> bool:
        found = pieces(kiosk)
        return all(found[square][0] == position.owners[square] for square in range(64))

    try:
        kiosk.window, kiosk.geometry = wait_for(kiosk.find, "the kiosk's window", WAIT)
        layout = Layout.fit((int(kiosk.geometry["WIDTH"]), int(kiosk.geometry["HEIGHT"])))
        kiosk.left, kiosk.top = layout.area[0], layout.area[1]
        kiosk.scale = layout.area[2] // 640
        door = doors_view.DOORS["door-puzzle"]
        doors = drawn(door, doors_view.draw)
        wait_for(lambda: kiosk.picture(door) == doors, "the attract loop's doors", WAIT + 15)
        step(1, "doors")

        tap(*door.center)  # the visitor taps the puzzle door
        task = f"Puzzle {play.number + 1} of {shipped_count()}: {play.heading()}"
        kiosk.wait(lambda: kiosk.picture(TITLE_BAR) in title(task), "the puzzle's task")
        kiosk.wait(the_position, "the puzzle's position")
        step(2, "puzzle")

        tap(*centre(wrong))  # a miss: the computer refutes it
        defender = "Red" if play.defender == 1 else "Blue"
        escaped = [help_line(f"{defender} {words}: try again.")
                   for words in ("escapes", "wins instead")]
        kiosk.wait(lambda: kiosk.picture(panel_view.HELP) in escaped, "the refutation")
        step(3, "refuted")

        back = help_line(f"Try again. {play.heading()}.")
        kiosk.wait(lambda: kiosk.picture(panel_view.HELP) == back and the_position(),
                   "the position back")
        step(4, "back")

        tap(*centre(play.puzzle.solution[0]))  # the winning move
        solved = drawn(solved_view.WINDOW, lambda surface: solved_view.draw(
            surface, solved_view.SolvedShown("Solved by 100% of visitors.")))
        kiosk.wait(lambda: kiosk.picture(solved_view.WINDOW) == solved, "Solved!")
        step(5, "solved")
        tallies = kiosk.wait(lambda: [json.loads(path.read_text())
                                      for path in folder.rglob("puzzles.json")],
                             "the kiosk's count")
        assert tallies == [{"puzzles": {str(play.number): [1, 1]}}]
    except BaseException:
        kiosk.report(tmp_path / "e2e-puzzle-failure.png")
        raise
    finally:
        kiosk.stop()
