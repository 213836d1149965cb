"""The lessons of a first game in the window: every one fits the message box, a human's move
shows one in the message line, a demonstration shows none, and ``--lessons`` gives them again."""

from __future__ import annotations

from chainplus.app.explain import lesson_line
from chainplus.app.lessons import Lesson
from chainplus.app.seats import SeatSpec
from chainplus.app.settings import Settings
from chainplus.core.game import Cascade, Game, ShownCascade
from chainplus.core.rules import RULES, SEATS
from chainplus.ui.art import panel_view
from chainplus.ui.window.command_line import build_parser, options_from


def fits(text: str) -> bool:
    return len(panel_view.help_lines(text)) <= panel_view.HELP_LINES


def every_lesson_said() -> set[str]:
    """Every lesson's words, in the language spoken now, for every seat, kind of square, rule
    set, length of chain and players knocked out."""
    said = set()
    for rules in RULES:
        game = Game(SEATS, rules)
        for seat in SEATS:
            others = [s for s in SEATS if s != seat]
            for square in (0, 1, 9):  # a corner, an edge and a centre square
                game.counts[square] = game.threshold[square] - 1
                for waves in (2, 99, 999):
                    for out in [(s,) for s in others] + [tuple(others[:2]), tuple(others[1:])]:
                        cascade = Cascade(seat, square, ((square,),) * waves, out, None)
                        shown = ShownCascade(cascade, ())
                        said |= {lesson_line(lesson, shown, game) for lesson in Lesson}
    return said


def test_every_lesson_fits_for_every_seat_square_and_rule_set() -> None:
    said = every_lesson_said()
    assert len(said) > 20
    for text in said:
        assert fits(text), text


def test_a_humans_move_shows_its_lesson_in_the_message_line(ui) -> None:
    app = ui.make_app(rules="classic", seats=(SeatSpec("human"), SeatSpec("computer", 1, 0),
                                              SeatSpec(), SeatSpec()))
    ui.click_square(app, 0)  # classic: one piece on a corner is one short of exploding
    assert ui.message(app) == "This corner holds 1: one more piece and it explodes."
    ui.advance(app, 1.0)  # the computer answers; the lesson stays to be read
    assert ui.message(app).startswith("This corner holds 1")
    app.close()


def test_a_demonstration_game_teaches_nothing(ui) -> None:
    app = ui.make_app(kiosk=True, idle_seconds=1, rules="classic")
    ui.advance(app, 1.5)
    assert ui.in_demo(app)
    demo = app.mode.shown
    for _ in range(300):
        ui.advance(app, 0.2)
        note = demo.cues.message.value
        assert note is None or not note.lesson, note.text
    assert len(demo.session.game.moves) > 10 and demo.session.lessons_given == frozenset()
    app.close()


def test_the_lessons_option_gives_the_lessons_again() -> None:
    saved = Settings(lessons_given=frozenset(Lesson))
    parser = build_parser()
    assert options_from(parser.parse_args([]), saved).lessons_given == frozenset(Lesson)
    assert options_from(parser.parse_args(["--lessons"]), saved).lessons_given == frozenset()
