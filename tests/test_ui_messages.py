"""Every message and every line of help fits the help box: nothing is cut off mid-sentence; a
save that fails is said once, not again at every move."""

from __future__ import annotations

import io

import pygame

from chainplus.app.explain import square_help
from chainplus.app.panel import SEAT_NAME
from chainplus.app.seats import SeatSpec
from chainplus.app.store import Store
from chainplus.core.game import Game
from chainplus.core.rules import RULES, SEATS
from chainplus.ui.art import panel_view
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.theme import CLOSE_ICON, TOGGLE_ICON, panel_cell


def fits(text: str) -> bool:
    return len(panel_view.help_lines(text)) <= panel_view.HELP_LINES


def hover_texts(app) -> list[str]:
    """The help for everything the pointer can rest on, with no message showing."""
    app.table.cues.message.clear()
    texts = []
    spots = [r.center for r in app.icons.values()] + [CLOSE_ICON.center, TOGGLE_ICON.center]
    spots += [panel_cell(s, c).center for s in SEATS for c in (1, 2, 3, 4)]
    spots += [cell_rect(0).center, (2, 470)]
    for spot in spots:
        app.inputs.pointer = spot
        texts.append(app.help_text()[0])
    return texts


def test_help_lines_wraps_and_the_check_can_fail() -> None:
    assert panel_view.help_lines("word " * 30)[0] == "word word word word"
    assert not fits("Yellow: H human, C computer, - not in play. Select/Adjust to change.")


def test_every_hover_help_fits_in_window_and_locked_kiosk(ui) -> None:
    for options in ({}, {"kiosk": True, "lock_panel": True}):
        app = ui.make_app(**options)
        for seat in SEATS:  # every kind, with the longest level and random % shown
            app.session.panel[seat].level, app.session.panel[seat].random_pct = 5, 100
        for text in hover_texts(app):
            assert fits(text), text
        app.close()


def test_every_square_help_fits_for_every_kind_owner_count_and_rule_set() -> None:
    for rules in RULES:
        game = Game(SEATS, rules)
        for square in (0, 1, 9):  # a corner, an edge and a centre square
            for seat in SEATS:
                for count in range(game.threshold[square]):
                    game.counts[square], game.owners[square] = count, seat if count else 0
                    text = square_help(game, square)
                    assert fits(text), text


def test_every_panel_and_icon_message_fits(ui) -> None:
    app = ui.make_app()
    said = []
    for seat in SEATS:
        for column in (1, 2, 3, 4):
            for button in (1, 3, 1, 1):
                ui.click_cell(app, seat, column, button)
                said.append(ui.message(app))
    for name in app.icons:
        if name not in ("quit", "games"):
            for button in (1, 3):
                ui.click_icon(app, name, button)
                said.append(ui.message(app))
    assert len(set(said)) > 20
    for text in said:
        assert fits(text), text
    app.close()


def test_the_refusal_for_every_seat_fits(ui) -> None:
    app = ui.make_app(seats=(SeatSpec("human", 1, 0),) * 4)
    for square in (0, 7, 56, 63):  # red, blue, green and yellow each take a corner
        ui.click_square(app, square)
        ui.settle(app)
    refused = []
    for square in (7, 56, 63, None, 0):  # red refused blue's, green's, yellow's; blue red's
        if square is None:
            ui.click_square(app, 20)  # red plays elsewhere: blue to move
            ui.settle(app)
            continue
        ui.click_square(app, square)
        assert app.table.cues.refusal.value == square
        assert SEAT_NAME[app.game.owners[square]] in ui.message(app)
        refused.append(ui.message(app))
    assert len(set(refused)) == 4
    for text in refused:
        assert fits(text), text
    pygame.event.clear()
    app.close()


def test_a_failed_save_is_said_once_in_the_message_line(ui, tmp_path) -> None:
    """A player who started the game from a desktop icon sees why nothing is saved."""
    from chainplus.ui.art.panel_view import HELP_LINES, help_lines

    folder = tmp_path / "chainplus"
    folder.write_text("")  # a file where the folder should be
    app = ui.make_app(store=Store(folder, stream=io.StringIO()))
    app.update()
    text, warn = app.help_text()
    assert text == "Cannot autosave: a file stands where its folder should be." and warn
    assert len(help_lines(text)) <= HELP_LINES
    ui.advance(app, 5.0)  # the message goes, and the next failed save does not repeat it
    ui.click_square(app, 0)
    app.update()
    assert "Cannot" not in app.help_text()[0]


def test_a_newcomers_first_run_says_where_the_rules_are_once(ui, tmp_path) -> None:
    from chainplus.ui.window.app import WELCOME

    assert fits(WELCOME.text) and "Rules" in WELCOME.text
    store = Store(tmp_path)
    store.load_settings()
    assert store.first_run
    first = ui.make_app(store=store)
    assert ui.message(first) == WELCOME.text and first.help_text()[0] == WELCOME.text
    first.close()
    again = Store(tmp_path)
    again.load_settings()  # the settings file was written at once: not a first run now
    assert not again.first_run
    second = ui.make_app(store=again)
    assert ui.message(second) != WELCOME.text
    second.close()


def test_a_kiosk_never_welcomes_a_first_run(ui, tmp_path) -> None:
    store = Store(tmp_path, write_settings=False)
    store.load_settings()
    assert store.first_run
    app = ui.make_app(store=store, kiosk=True)
    assert "Rules icon" not in ui.message(app)
    app.close()
