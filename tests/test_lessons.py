"""The lessons of a first game, without pygame: which move teaches what under each rule set,
each given once, afresh for each kiosk visitor, remembered by a window in its settings file,
and never in a demonstration."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rules_helpers import position, sq
from setups import options_of

from chainplus.app import settings as st
from chainplus.app.explain import lesson_line
from chainplus.app.lessons import Lesson, first_lesson, lessons_in
from chainplus.app.options import Options, demo_options
from chainplus.app.outcomes import Note, Placed
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.app.store import Store
from chainplus.core.game import Game, ShownCascade
from chainplus.core.rules import Rules

H, C, OFF = SeatSpec("human", 5, 10), SeatSpec("computer", 5, 10), SeatSpec()
#: Red's first pieces on corner 0 (Blue answers on corner 63): classic loads it at once, acorn
#: at the second piece.
LOADS_THE_CORNER: dict[Rules, tuple[int, ...]] = {"classic": (0,), "acorn": (0, 63, 0)}


def move(game: Game, row: int, col: int) -> tuple[ShownCascade, Game]:
    return game.play_shown(sq(row, col)), game


def taught(game: Game, row: int, col: int) -> tuple[Lesson, ...]:
    return lessons_in(*move(game, row, col))


# --------------------------------------------------------------------------- which lesson
@pytest.mark.parametrize(("rules", "count", "loads"), [
    ("acorn", 0, False), ("acorn", 1, True), ("classic", 0, True), ("classic", 1, False),
])
def test_a_corner_is_loaded_one_short_of_exploding_under_the_rules_in_play(
        rules: Rules, count: int, loads: bool) -> None:
    cells = {(0, 0): (1, count)} if count else {}
    game = position({**cells, (7, 7): (2, 1)}, rules=rules, to_move=1)
    assert taught(game, 0, 0) == ((Lesson.LOADED,) if loads else ())


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_an_explosion_that_takes_a_square_is_a_capture(rules: Rules) -> None:
    corner = 2 if rules == "acorn" else 1  # one short: the piece placed explodes it
    game = position({(0, 0): (1, corner), (0, 1): (2, 1), (7, 7): (2, 1)}, rules=rules,
                    to_move=1)
    shown, game = move(game, 0, 0)
    assert lessons_in(shown, game) == (Lesson.CAPTURE,)
    assert lesson_line(Lesson.CAPTURE, shown, game) == (
        "It exploded: one piece to each neighbour, and they are Red's now.")


def test_a_square_taken_that_explodes_in_turn_is_still_a_capture() -> None:
    """Blue's loaded edge is taken, then explodes for Red and is left empty."""
    game = position({(0, 0): (1, 1), (0, 1): (2, 2), (7, 7): (2, 1)}, rules="classic",
                    to_move=1)
    shown, game = move(game, 0, 0)
    assert game.owners[sq(0, 1)] == 0 and lessons_in(shown, game) == (Lesson.CAPTURE,
                                                                       Lesson.CHAIN)


def test_an_explosion_into_empty_squares_teaches_nothing_yet() -> None:
    game = position({(0, 0): (1, 2), (7, 7): (2, 1)}, to_move=1)
    assert taught(game, 0, 0) == ()


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_an_explosion_that_sets_off_another_is_a_chain(rules: Rules) -> None:
    corner, edge = (2, 3) if rules == "acorn" else (1, 2)
    game = position({(0, 0): (1, corner), (0, 1): (1, edge), (7, 7): (2, 1)}, rules=rules,
                    to_move=1)
    shown, game = move(game, 0, 0)
    assert lessons_in(shown, game) == (Lesson.CHAIN,)
    assert lesson_line(Lesson.CHAIN, shown, game).startswith("A chain of 2 waves")


def test_a_player_knocked_out_comes_first_and_the_rest_wait_their_turn() -> None:
    game = position({(0, 0): (1, 1), (0, 1): (2, 1), (7, 7): (3, 1)}, seats=(1, 2, 3),
                    rules="classic", to_move=1)
    shown, game = move(game, 0, 0)
    assert lessons_in(shown, game) == (Lesson.KNOCKED_OUT, Lesson.CAPTURE)
    assert first_lesson(shown, game, frozenset()) is Lesson.KNOCKED_OUT
    assert first_lesson(shown, game, frozenset({Lesson.KNOCKED_OUT})) is Lesson.CAPTURE
    assert first_lesson(shown, game, frozenset(Lesson)) is None
    assert lesson_line(Lesson.KNOCKED_OUT, shown, game) == (
        "Out: Blue lost every square. The last player left wins.")


def test_no_lesson_once_the_game_is_won() -> None:
    """The winner is the news: the lessons wait for the next game."""
    game = position({(0, 0): (1, 1), (0, 1): (2, 1)}, rules="classic", to_move=1)
    shown, game = move(game, 0, 0)
    assert game.winner == 1 and lessons_in(shown, game) == ()


# --------------------------------------------------------------------------- the session
def session(store: Store | None = None, **options: object) -> Session:
    options.setdefault("seats", (H, C, OFF, OFF))  # Red a human, Blue the computer
    return Session(options_of(**options), store)


def lessons(s: Session, squares: tuple[int, ...]) -> list[Note]:
    """The lesson notes the moves gave, whoever played them."""
    said = []
    for square in squares:
        outcome = s.place(square)
        assert isinstance(outcome, Placed), outcome
        said += [note for note in outcome.notes if note.lesson]
    return said


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_the_session_gives_each_lesson_once_in_its_note(rules: Rules) -> None:
    s = session(rules=rules)
    moves = LOADS_THE_CORNER[rules]
    holds = len(moves) // 2 + 1
    assert lessons(s, moves) == [
        Note(f"This corner holds {holds}: one more piece and it explodes.", lesson=True)]
    assert s.lessons_given == {Lesson.LOADED}
    s.new_game()
    assert lessons(s, moves) == []  # a window gives a lesson once, game after game


def test_a_computer_move_teaches_too_and_a_refusal_teaches_nothing() -> None:
    s = session(rules="classic")
    assert lessons(s, (27,)) == []  # Red's centre holds 1 of 4
    assert lessons(s, (0,)) != []  # Blue, the computer, loads a corner
    assert s.place(0).note.warn  # type: ignore[union-attr]  # Blue's square: refused
    assert s.lessons_given == {Lesson.LOADED}


def test_no_lessons_in_a_demonstration_game() -> None:
    s = Session(demo_options(Options(rules="classic"), (C, C, OFF, OFF), "fast"))
    assert lessons(s, (0, 63, 1, 62)) == [] and s.lessons_given == frozenset()


def test_a_kiosk_gives_the_lessons_again_in_each_visitors_game() -> None:
    s = session(rules="classic", kiosk=True, lessons_given=frozenset(Lesson))
    assert len(lessons(s, (0,))) == 1  # the settings file's lessons are a window's
    assert lessons(s, (63,)) == []
    s.new_game()  # the next game after a win (or a New)
    assert len(lessons(s, (0,))) == 1
    s.back_to_operator()  # a visitor wakes the kiosk after a demonstration
    assert len(lessons(s, (0,))) == 1


def test_a_window_may_turn_the_lessons_off_and_on_and_a_kiosk_may_not() -> None:
    s = session(rules="classic")
    assert s.explaining
    assert s.explain(False) == Note("No more explanations of moves.")
    assert not s.explaining and lessons(s, (0,)) == []
    assert s.explain(True) == Note("Each new thing a move does will be explained.")
    assert s.explaining and s.lessons_given == frozenset()
    kiosk = session(rules="classic", kiosk=True)
    assert kiosk.explain(False) == Note("This kiosk explains each visitor's first moves.")
    assert kiosk.explaining and len(lessons(kiosk, (0,))) == 1


def quiet_store(folder: Path) -> Store:
    return Store(folder, stream=io.StringIO())


def test_a_window_remembers_the_lessons_given_in_its_settings_file(tmp_path: Path) -> None:
    s = session(quiet_store(tmp_path), rules="classic")
    lessons(s, (0,))
    s.remember(fullscreen=False)
    saved = json.loads((tmp_path / st.SETTINGS_FILE).read_text())
    assert saved["lessons_given"] == ["loaded"]
    settings = quiet_store(tmp_path).load_settings()
    assert settings.lessons_given == {Lesson.LOADED}
    again = session(quiet_store(tmp_path), rules="classic", lessons_given=settings.lessons_given)
    again.new_game()
    assert lessons(again, (0,)) == []


def test_the_lessons_given_are_checked_like_every_other_setting(tmp_path: Path) -> None:
    every = [lesson.value for lesson in Lesson]
    assert st.check_settings({"lessons_given": every})[0].lessons_given == frozenset(Lesson)
    assert st.check_settings({})[0].lessons_given == frozenset()  # an older settings file
    for bad in ("loaded", ["loaded", "juggling"], [1], None):
        settings, problems = st.check_settings({"lessons_given": bad, "speed": "fast"})
        assert settings.lessons_given == frozenset() and settings.speed == "fast"
        assert problems == [f"'lessons_given' is not a list of {', '.join(every)}"]
    (tmp_path / st.SETTINGS_FILE).write_text(json.dumps({"lessons_given": {"loaded": 1}}))
    settings, warnings = st.load_settings(tmp_path)
    assert settings == st.DEFAULTS and len(warnings) == 1 and "'lessons_given'" in warnings[0]
