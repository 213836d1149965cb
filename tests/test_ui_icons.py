"""Every icon (and the title bar's close and toggle-size icons), clicked with posted events,
plus the keys and window events the app answers, and the AI running on its own thread."""

from __future__ import annotations

import threading
import time

import pygame

from chainplus.ai import players as ai
from chainplus.app.options import Options
from chainplus.app.seats import SeatSpec
from chainplus.ui.art.rules_view import BUTTONS
from chainplus.ui.art.theme import CLOSE_ICON, CREAM, GREY2, TITLE_BAR, TOGGLE_ICON
from chainplus.ui.window.app import App, Devices
from chainplus.ui.window.display import NullDisplay
from chainplus.ui.window.targets import ADJUST, SELECT, Icon
from chainplus.ui.window.worker import ThreadWorker

COMPUTER, HUMAN = "computer", "human"


def test_new_game_starts_afresh_with_the_panel_seats(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 10)
    ui.advance(app, 2.0)
    assert len(app.game.moves) == 2
    ui.click_icon(app, "new")
    assert app.game.moves == [] and app.game.to_move == 1
    assert app.mode.name == "play"


def test_undo_goes_back_to_the_last_move_a_human_made(ui) -> None:
    app = ui.make_app()  # red human, blue computer
    ui.click_square(app, 10)
    ui.advance(app, 2.0)
    ui.click_square(app, 20)
    ui.advance(app, 2.0)
    assert len(app.game.moves) == 4 and app.game.to_move == 1
    ui.click_icon(app, "undo")  # takes back blue's reply and red's 20
    assert app.game.moves[:1] == [10] and len(app.game.moves) == 2
    assert app.game.to_move == 1
    ui.click_icon(app, "undo")
    assert app.game.moves == [] and app.game.to_move == 1
    ui.click_icon(app, "undo")  # nothing left: says so, changes nothing
    assert app.game.moves == [] and "no move" in app.help_text()[0]


def test_undo_while_the_computer_waits_takes_back_the_humans_move(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 10)
    ui.advance(app, 0.05)  # blue has its answer but is still pausing
    ui.click_icon(app, "undo")
    assert app.game.moves == [] and app.table.services.worker.job is None
    ui.advance(app, 2.0)
    assert app.game.moves == []  # the stale answer was never played


def test_undo_with_only_computers_takes_back_one_move(ui) -> None:
    app = ui.make_app(speed="instant")
    app.session.panel[1].kind = app.session.panel[1].plays_as = COMPUTER
    ui.click_icon(app, "new")
    ui.advance(app, 1.0, step=0.05)
    made = len(app.game.moves)
    assert made >= 2
    ui.click_icon(app, "undo")
    assert len(app.game.moves) == made - 1


def seat_rows(*kinds: str) -> tuple[SeatSpec, ...]:
    rows = [SeatSpec(k, 0, 0) for k in kinds]
    return tuple(rows + [SeatSpec("off", 0, 0)] * (4 - len(rows)))


def test_undo_never_takes_back_a_computer_move_that_no_human_move_follows(ui) -> None:
    """The computer opens: before the human has moved there is nothing of theirs to undo."""
    app = ui.make_app(seats=seat_rows(COMPUTER, "human"))
    ui.advance(app, 2.0)
    opening = list(app.game.moves)
    assert len(opening) == 1 and app.game.to_move == 2
    assert not ui.icon_enabled(app, "undo")
    ui.click_icon(app, "undo")
    assert app.game.moves == opening and "human" in app.help_text()[0]
    free = next(sq for sq in range(64) if app.game.is_legal(sq) and sq not in opening)
    ui.click_square(app, free)
    ui.settle(app)
    assert len(app.game.moves) == 3 and ui.icon_enabled(app, "undo")
    ui.click_icon(app, "undo")  # red's reply and blue's move go; red's opening stays
    assert app.game.moves == opening and app.game.to_move == 2


def test_undo_finds_who_moved_when_turns_skip_a_knocked_out_seat(ui) -> None:
    app = ui.make_app(seats=seat_rows("human", "human", "human"))
    # red takes blue's only square with a corner burst; then green and red move
    for square in (0, 1, 63, 0, 1, 62, 0, 61, 60):
        ui.click_square(app, square)
        ui.settle(app)
    assert app.game.alive == [1, 3] and len(app.game.moves) == 9
    app.session.panel[1].plays_as = COMPUTER  # only green is played by a human now
    app.session.panel[1].kind = COMPUTER
    assert app.session.undo_count() == 2  # green made move 8 (seat order alone would say blue)
    app.session.panel[1].plays_as = app.session.panel[1].kind = "human"
    app.session.panel[3].plays_as = app.session.panel[3].kind = COMPUTER
    assert app.session.undo_count() == 1  # red made move 9


def test_hint_flashes_a_legal_square_for_the_human(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 0)
    ui.advance(app, 2.0)
    assert app.game.to_move == 1
    ui.click_icon(app, "hint")
    ui.advance(app, 0.1)
    assert app.table.cues.hint.value is not None and app.game.is_legal(app.table.cues.hint.value)
    assert app.table.services.fallbacks == []  # ai.hint answered, no stand-in
    screen = pygame.display.get_surface()
    app.draw(screen)
    ui.advance(app, 10.0)
    assert app.table.cues.hint.value is None  # it goes away by itself
    assert app.game.moves and len(app.game.moves) == 2  # a hint never plays


def test_hint_is_refused_while_the_computer_is_to_move(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 0)
    ui.click_icon(app, "hint")
    assert app.table.cues.hint.value is None and not ui.icon_enabled(app, "hint")


def test_speed_icon_steps_through_the_speeds(ui) -> None:
    app = ui.make_app()
    seen = [app.session.speed]
    for _ in range(4):
        ui.click_icon(app, "speed")
        seen.append(app.session.speed)
    assert seen == ["normal", "fast", "instant", "slow", "normal"]
    ui.click_icon(app, "speed", ADJUST)
    assert app.session.speed == "slow"
    assert ui.icon_glyph(app, "speed") == "speed-slow"


def test_sound_icon_switches_sound_off_and_on(ui) -> None:
    app = ui.make_app()
    ui.click_icon(app, "sound")
    assert not app.session.sound and ui.icon_glyph(app, "sound") == "sound-off"
    ui.click_square(app, 0)
    assert "place" not in app.table.services.sounds.played
    ui.click_icon(app, "sound")
    assert app.session.sound and ui.icon_glyph(app, "sound") == "sound-on"


def test_f11_toggle_size_and_escape_switch_full_screen(ui) -> None:
    app = ui.make_app()
    assert not app.display.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    ui.pump(app)
    assert app.display.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    ui.pump(app)
    assert not app.display.fullscreen
    ui.post_click(app, TOGGLE_ICON.center)
    assert app.display.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    ui.pump(app)
    assert not app.display.fullscreen


def test_the_rules_icon_only_opens_the_rules_and_the_rules_window_chooses(ui) -> None:
    app = ui.make_app()
    for button in (SELECT, ADJUST):
        ui.click_icon(app, "rules", button)
        assert app.mode.name == "rules" and app.session.rules == "acorn"
        ui.post_click(app, BUTTONS["close"].center)
        assert app.mode.name == "play"
    ui.choose_rules(app, "classic")
    assert app.session.rules == "classic" and app.game.rules == "acorn"
    assert "next game" in app.help_text()[0]
    ui.click_icon(app, "new")
    assert app.game.rules == "classic"
    ui.choose_rules(app, "acorn")
    assert app.session.rules == "acorn"


def test_quit_icon_close_icon_and_window_close_end_the_app(ui) -> None:
    for how in ("icon", "close", "event"):
        app = ui.make_app()
        if how == "icon":
            ui.click_icon(app, "quit")
        elif how == "close":
            ui.post_click(app, CLOSE_ICON.center)
        else:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            ui.pump(app)
        assert not app.running, how


def test_icons_show_pressed_then_spring_back(ui) -> None:
    app = ui.make_app()
    ui.click_icon(app, "speed")
    assert app.table.cues.pressed.value == Icon("speed")
    ui.advance(app, 0.5)
    assert app.table.cues.pressed.value is None


def test_title_bar_is_cream_with_the_input_focus_and_grey_without(ui) -> None:
    app = ui.make_app()
    screen = pygame.display.get_surface()
    spot = (TITLE_BAR.x + 20, TITLE_BAR.y + 10)
    app.draw(screen)
    assert tuple(screen.get_at(spot))[:3] == CREAM
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    ui.pump(app)
    app.draw(screen)
    assert tuple(screen.get_at(spot))[:3] == GREY2


def test_a_click_on_an_icon_during_a_cascade_finishes_it_and_acts(ui) -> None:
    app = ui.make_app()
    app.session.panel[2].kind = app.session.panel[2].plays_as = HUMAN
    ui.click_icon(app, "new")
    for sq in (0, 1, 0, 8):
        app.game.play(sq)
    ui.click_square(app, 0)
    assert app.mode.name == "animate"
    ui.click_icon(app, "speed")
    assert app.mode.name != "animate" and app.session.speed == "fast"


def test_odd_events_are_answered_without_error(ui) -> None:
    app = ui.make_app()
    for event in (
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, -5), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=2),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"),
        pygame.event.Event(pygame.WINDOWLEAVE),
        pygame.event.Event(pygame.WINDOWMINIMIZED),
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=10, y=10),
    ):
        app.handle_event(event)
        app.update()
    app.draw(pygame.display.get_surface())
    assert app.running and app.game.moves == []


def test_the_window_keeps_answering_while_a_computer_thinks_on_its_thread(ui, monkeypatch) -> None:
    """A slow computer player runs on the worker thread; new game stops it at once."""
    started = threading.Event()
    stopped = threading.Event()

    def slow_choose(game, level=0, random_pct=0, rng=None, *, limit=None, stop=None, now=None):
        started.set()
        while not (stop and stop()):
            time.sleep(0.001)
        stopped.set()
        return ai.PlayResult(game.legal_moves()[0], 0)

    monkeypatch.setattr(ai, "play", slow_choose)
    pygame.display.init()
    app = App(Options(seed=1),
              Devices(worker=ThreadWorker(), sounds=ui.RecordedSounds(), display=NullDisplay()))
    try:
        app.session.panel[1].kind = app.session.panel[1].plays_as = COMPUTER
        ui.click_icon(app, "new")
        app.update()
        assert started.wait(5)
        for _ in range(5):  # the window still draws and answers while it thinks
            app.update()
            app.draw(pygame.display.get_surface())
        assert app.game.moves == []
        ui.click_icon(app, "new")
        assert stopped.wait(5)
    finally:
        app.close()
