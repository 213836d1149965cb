"""Puzzles in the window: a puzzle played (``app.puzzle_play``, without pygame), its record in
the settings, and the puzzle on the board (``ui.window.puzzle``) opened from the Games window:
a wrong move refuted and taken back, the hint after two misses, the win shown and "Solved!"."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pygame
import pytest

from chainplus.app import settings as st
from chainplus.app.puzzle_play import PuzzlePlay, difficulties, next_number
from chainplus.app.puzzle_record import HARDEST, Progress
from chainplus.app.puzzles import shipped_count
from chainplus.app.store import Store
from chainplus.common import language
from chainplus.ui.art import doors_view, font, games_view, solved_view
from chainplus.ui.window.demo import TourMode
from chainplus.ui.window.display import NullDisplay
from chainplus.ui.window.local import LocalReferee
from chainplus.ui.window.puzzle import PuzzleReferee
from chainplus.ui.window.requests import OpenPuzzle


def first_with(difficulty: int) -> int:
    return difficulties().index(difficulty)


def wrong_move(play: PuzzlePlay) -> int:
    """A legal move of the position the player faces that does not force the win."""
    return next(square for square in play.back.legal_moves()
                if not play.solver.forces(play.back, square, play.left))


# ------------------------------------------------------------------------- without the window
def test_a_puzzle_says_its_task_and_a_wrong_move_is_refuted_then_taken_back() -> None:
    play = PuzzlePlay.shipped(first_with(3))
    assert play.heading() == f"{['', 'Red', 'Blue'][play.seat]} to play and win in " \
        f"{play.puzzle.wins_in}"
    start = list(play.game.moves)
    _, answer = play.move(wrong_move(play))
    assert not answer.right and not answer.won and answer.reply is not None
    play.reply(answer.reply)
    assert play.misses == 1
    assert list(play.take_back().moves) == start


def test_the_main_line_solves_and_a_later_move_that_still_forces_counts_too() -> None:
    play = PuzzlePlay.shipped(first_with(3))
    assert play.puzzle.wins_in == 2
    _, answer = play.move(play.puzzle.solution[0])
    assert answer.right and not answer.won and answer.reply is not None
    play.reply(answer.reply)
    play.went_right()
    assert play.left == 1
    winners = play.solver.winning_moves(play.back, 1)
    assert winners and play.hint() in winners
    _, answer = play.move(winners[-1])  # any win in time, not only the main line's
    assert answer.won and answer.right and play.solved and not play.clean  # a hint was seen


def test_the_record_goes_up_after_a_success_and_down_after_a_give_up() -> None:
    progress = Progress()
    progress = progress.after(4, solved=True, clean=True)
    assert progress == Progress(level=2, streak=1, best=1, solved=frozenset({4}))
    progress = progress.after(9, solved=True, clean=False)
    assert (progress.level, progress.streak, progress.best) == (3, 0, 1)
    progress = progress.after(11, solved=False, clean=False)
    assert (progress.level, progress.streak, progress.solved) == (2, 0, frozenset({4, 9}))
    assert Progress(level=HARDEST).after(1, True, True).level == HARDEST
    assert Progress().after(1, False, False).level == 1


def test_the_next_puzzle_is_one_not_solved_at_the_players_level() -> None:
    levels = difficulties()
    assert len(levels) == shipped_count()
    first = next_number(Progress())
    assert levels[first] == 1
    after = next_number(Progress(solved=frozenset({first})), first)
    assert after != first and levels[after] == 1
    hard = next_number(Progress(level=4))
    assert levels[hard] == 4


def test_the_record_is_kept_in_the_settings_and_a_bad_one_is_said(tmp_path) -> None:
    progress = Progress(level=3, streak=2, best=5, solved=frozenset({1, 7}))
    assert st.save_settings(tmp_path, replace(st.DEFAULTS, puzzles=progress)) is None
    assert st.load_settings(tmp_path) == (replace(st.DEFAULTS, puzzles=progress), [])
    data = json.loads((tmp_path / st.SETTINGS_FILE).read_text())
    assert data["puzzles"] == {"level": 3, "streak": 2, "best": 5, "solved": [1, 7]}
    data["puzzles"]["level"] = 9
    settings, problems = st.check_settings(data)
    assert settings.puzzles == Progress() and "'puzzles'" in problems[0]


# ------------------------------------------------------------------------- in the window
def open_puzzle(ui, app):
    """Open a puzzle from the Games window, as a player would."""
    ui.click_icon(app, "games")
    ui.post_click(app, games_view.TOP_BUTTONS["puzzles"].center)
    return app.table.puzzle


def until(ui, app, check, seconds: float = 30.0) -> None:
    end = app.clock.now() + seconds
    while not check():
        assert app.clock.now() < end, "timed out"
        ui.advance(app, 0.1)


def players_turn(app) -> bool:
    return app.mode.name == "play" and app.mode.human_to_move()


def test_a_puzzle_opens_from_the_games_window_with_its_task(ui) -> None:
    app = ui.make_app()
    own = app.game
    play = open_puzzle(ui, app)
    assert play is not None and isinstance(app.stack.controller.referee, PuzzleReferee)
    assert app.game is play.game and app.game is not own
    assert app.mode.title() == f"Puzzle {play.number + 1} of {shipped_count()}: " \
        f"{play.heading()}"
    assert ui.message(app) == f"{play.heading()}."
    assert app.mode.picture.status().head == f"Win in {play.puzzle.wins_in}"
    assert app.session.panel[play.seat].plays_as == "human"
    assert app.session.panel[play.defender].plays_as == "computer"


def test_a_wrong_move_is_refuted_then_the_position_comes_back(ui) -> None:
    app = ui.make_app()
    play = open_puzzle(ui, app)
    start = list(app.game.moves)
    ui.click_square(app, wrong_move(play))
    until(ui, app, lambda: len(app.game.moves) == len(start) + 2)  # the computer answered
    until(ui, app, lambda: "try again" in ui.message(app))
    assert ui.message(app).startswith("Red" if play.defender == 1 else "Blue")
    until(ui, app, lambda: list(app.game.moves) == start and players_turn(app))
    assert ui.message(app) == f"Try again. {play.heading()}."
    assert play.misses == 1 and app.table.cues.hint.value is None


def test_after_two_misses_the_winning_square_flashes_and_it_solves(ui, tmp_path) -> None:
    store = Store(tmp_path, stream=io.StringIO())
    app = ui.make_app(store=store)
    play = open_puzzle(ui, app)
    start = list(app.game.moves)
    for _ in range(2):
        ui.click_square(app, wrong_move(play))
        until(ui, app, lambda: len(app.game.moves) > len(start) + 1)
        until(ui, app, lambda: list(app.game.moves) == start and players_turn(app))
    assert app.table.cues.hint.value == play.puzzle.solution[0]
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "solved")
    assert ui.message(app) == "Solved!" and play.solved
    assert app.mode.line == "Solved at try 3."
    assert app.stack.own.session.puzzles.solved == {play.number}
    assert app.stack.own.session.puzzles.level == 2
    app.close()
    assert Store(tmp_path, stream=io.StringIO()).load_settings().puzzles.solved == {play.number}


@pytest.mark.parametrize("difficulty", [3])
def test_a_win_in_2_is_played_out_and_its_last_move_shows_its_chain(ui, difficulty) -> None:
    app = ui.make_app()
    number = first_with(difficulty)
    app.table.ask(OpenPuzzle(number))
    app.stack.serve()
    play = app.table.puzzle
    assert play.puzzle.wins_in == 2
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: players_turn(app) and play.left == 1)
    assert ui.message(app) != "Solved!"
    last = play.solver.winning_moves(play.back, 1)[0]
    ui.click_square(app, last)
    assert app.mode.name == "animate"  # the chain is shown
    until(ui, app, lambda: app.mode.name == "solved")
    assert ui.message(app) == "Solved!" and play.clean
    assert app.stack.own.session.puzzles.streak == 1


def test_new_gives_the_next_puzzle_and_games_brings_back_the_players_game(ui) -> None:
    app = ui.make_app()
    own = app.game
    ui.click_icon(app, "games")
    assert "puzzles" in app.mode.parts()  # where the keys' and a controller's cursor go
    ui.post_click(app, games_view.TOP_BUTTONS["puzzles"].center)
    play = app.table.puzzle
    ui.click_icon(app, "new")
    assert app.table.puzzle is not None and app.table.puzzle.number != play.number
    ui.click_icon(app, "games")
    assert set(app.mode.parts()) == set(games_view.PUZZLE_BUTTONS)
    ui.post_click(app, games_view.PUZZLE_BUTTONS["puzzle-leave"].center)
    assert app.table.puzzle is None and app.game is own
    assert ui.message(app) == "Your own game is back, as you left it."


def test_the_solution_is_replayed_from_the_puzzles_position_and_counts_as_given_up(ui) -> None:
    app = ui.make_app()
    play = open_puzzle(ui, app)
    ui.click_icon(app, "games")
    ui.post_click(app, games_view.PUZZLE_BUTTONS["puzzle-solution"].center)
    assert app.mode.name == "review"
    assert app.mode.replay.at == len(play.puzzle.moves)
    assert play.given_up
    ui.post_click(app, games_view.CLOSE.center)  # whatever closes it, the puzzle is under it
    ui.click_icon(app, "new")
    assert app.stack.own.session.puzzles.level == 1 and not app.stack.own.session.puzzles.solved


def test_the_hint_icon_flashes_the_winning_square(ui) -> None:
    app = ui.make_app()
    play = open_puzzle(ui, app)
    ui.click_icon(app, "hint")
    assert app.table.cues.hint.value == play.puzzle.solution[0]
    assert "undo" not in app.icons


def test_a_solved_puzzle_offers_a_game_from_its_position(ui) -> None:
    app = ui.make_app()
    play = open_puzzle(ui, app)
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "solved")
    ui.post_click(app, solved_view.BUTTONS["play"].center)
    assert isinstance(app.stack.controller.referee, LocalReferee)
    assert list(app.game.moves) == list(play.puzzle.moves) and app.game.winner is None
    assert ui.message(app) == f"A game from the puzzle's position: you are " \
        f"{'Red' if play.seat == 1 else 'Blue'}."
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "over")
    assert app.game.winner == play.seat


def test_the_solved_window_gives_the_next_puzzle(ui) -> None:
    app = ui.make_app()
    play = open_puzzle(ui, app)
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "solved")
    assert set(app.mode.parts()) == {"next", "play", "close"}  # where the keys' cursor goes
    ui.post_click(app, solved_view.BUTTONS["next"].center)
    assert app.table.puzzle is not play and app.table.puzzle.number != play.number
    assert app.mode.name == "play" and app.stack.own.session.puzzles.level == 2


# ------------------------------------------------------------------------- at the kiosk
def kiosk(ui, folder, idle_seconds: float = 5):
    store = Store(folder, stream=io.StringIO(), write_settings=False)
    return ui.make_app(seed=3, display=NullDisplay(True), store=store, kiosk=True,
                       idle_seconds=idle_seconds)


def test_the_attract_loop_has_a_puzzle_door_and_a_game_door(ui, tmp_path) -> None:
    app = kiosk(ui, tmp_path)
    ui.advance(app, 6.0)
    assert ui.in_demo(app)
    assert set(app.mode.parts()) == {"door-puzzle", "door-game"}  # a controller's cursor
    ui.post_click(app, doors_view.DOORS["door-game"].center)
    assert not ui.in_demo(app) and app.table.puzzle is None and app.game.moves == []
    ui.advance(app, 6.0)
    assert ui.in_demo(app)
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    play = app.table.puzzle
    assert not ui.in_demo(app) and play is not None and play.puzzle.difficulty == 1
    assert ui.message(app) == f"{play.heading()}."
    ui.advance(app, 6.0)  # nobody there: back to the attract loop, as with a game
    assert ui.in_demo(app)
    ui.click_square(app, 27)  # anywhere but the puzzle door: a fresh game
    assert app.table.puzzle is None and not ui.in_demo(app) and app.game.moves == []



def test_the_doors_leave_how_to_play_uncovered(ui, tmp_path, monkeypatch) -> None:
    """Over the attract loop's how-to-play the doors would hide its heading and first lines:
    they stand over its games only, and a tap where they stood brings a fresh game."""
    app = kiosk(ui, tmp_path)
    ui.advance(app, 6.0)
    demo = app.mode
    demo.inner.pause()
    demo.inner = TourMode(demo.demo)
    drawn: list[str] = []
    monkeypatch.setattr(doors_view, "draw", lambda surface, pressed=None: drawn.append("doors"))
    ui.advance(app, 1.0)
    assert ui.in_demo(app) and drawn == [] and not app.mode.parts()
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    assert not ui.in_demo(app) and app.table.puzzle is None and app.game.moves == []


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_both_doors_speak_in_one_size_clear_of_their_frames(ui, monkeypatch, code) -> None:
    """Both doors large, or both small when either's words need it; every word inside the
    door's bevel. English fits large."""
    drawn: list[tuple[str, pygame.Rect, int]] = []
    draw = font.draw

    def recording(surface, text, pos, colour, scale=1, align="left"):
        rect = draw(surface, text, pos, colour, scale, align)
        drawn.append((text, rect, scale))
        return rect

    monkeypatch.setattr(font, "draw", recording)
    language.use(code)
    try:
        doors_view.draw(pygame.Surface((640, 480)))
    finally:
        language.use(language.ENGLISH)
    firsts = {scale for text, _rect, scale in drawn[::2]}
    assert len(drawn) == 4 and len(firsts) == 1, drawn
    assert code != "en" or firsts == {2}
    doors = list(doors_view.DOORS.values())
    for index, (text, rect, _scale) in enumerate(drawn):
        inside = doors[index // 2].inflate(-2 * doors_view.BEVEL, -2 * doors_view.BEVEL)
        assert inside.contains(rect), (text, rect, inside)

def test_the_kiosk_counts_who_solved_each_puzzle_across_restarts(ui, tmp_path) -> None:
    app = kiosk(ui, tmp_path, idle_seconds=20)  # the visitor stays to see it solved
    ui.advance(app, 21.0)
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    play = app.table.puzzle
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "solved")
    assert app.mode.line == "Solved by 100% of visitors."
    app.close()
    app = kiosk(ui, tmp_path, idle_seconds=20)
    ui.advance(app, 21.0)
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    again = app.table.puzzle
    assert again.number == play.number  # a new visitor starts at the first again
    assert ui.message(app) == f"{play.heading()}. Solved by 100% of visitors."
    ui.click_square(app, wrong_move(again))
    until(ui, app, lambda: players_turn(app) and again.misses == 1)
    ui.advance(app, 21.0)  # the visitor walked away: back to the attract loop
    assert ui.in_demo(app)
    ui.click_square(app, 27)
    tallies = json.loads((tmp_path / "puzzles.json").read_text())
    assert tallies == {"puzzles": {str(play.number): [2, 1]}}
    assert app.session.tally(play.number).line() == "Solved by 50% of visitors."


def test_a_bad_tallies_file_is_set_aside_and_counting_starts_afresh(tmp_path) -> None:
    (tmp_path / "puzzles.json").write_text('{"puzzles": {"3": [1, 2]}}')
    tallies, warnings = st.read_tallies(tmp_path)
    assert tallies == {} and "puzzle tallies file" in warnings[0]
    assert not (tmp_path / "puzzles.json").exists()


def test_the_attract_loop_closes_the_solved_window_a_visitor_left(ui, tmp_path) -> None:
    """A visitor solves the puzzle and walks away: the attract loop shows with nothing over
    it, its banner in view, and it plays on."""
    app = kiosk(ui, tmp_path, idle_seconds=20)
    ui.advance(app, 21.0)
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    ui.click_square(app, app.table.puzzle.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "solved")
    ui.advance(app, 21.0)
    assert ui.in_demo(app) and app.stack.windows == []


def test_a_puzzle_solved_as_the_kiosk_goes_idle_opens_no_window_over_the_attract_loop(
        ui, tmp_path) -> None:
    """The winning chain still on show when the kiosk goes idle is finished, and the solved
    window it brings is not shown over the attract loop."""
    app = kiosk(ui, tmp_path)
    ui.advance(app, 6.0)
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    ui.click_square(app, app.table.puzzle.puzzle.solution[0])
    ui.advance(app, 6.0)
    assert ui.in_demo(app) and app.stack.windows == []
    ui.advance(app, 6.0)
    assert ui.in_demo(app) and app.stack.windows == []
