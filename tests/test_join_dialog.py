"""Joining a network game from the window, as a player does it, headless: the games window's
"Join a network game...", the Join dialog's writable icons typed into with text and key
events (and tapped), a real ``Host`` on 127.0.0.1 joined and played, bad addresses and codes
said on the dialog's line, Cancel, and Leave bringing back the player's own game untouched.
Loopback only."""

from __future__ import annotations

import argparse
import json

import pygame
import pytest

from chainplus.app import settings as st
from chainplus.app.store import Store
from chainplus.net.address import parse_address
from chainplus.ui.art import games_view, join_view, panel_view
from chainplus.ui.art.theme import RED
from chainplus.ui.window.over.join import PART_HELP, JoinDialog
from chainplus.ui.window.requests import LeaveHost
from chainplus.ui.window.targets import Part
from tests.test_kiosk import key
from tests.test_net_window import help_line, hosted, joined, my_square, run_until
from tests.test_touch import tap


def type_text(app, text: str) -> None:
    """Characters typed on the keyboard: one text event each, as SDL sends them."""
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    for event in pygame.event.get():
        app.handle_event(event)


def open_dialog(ui, app) -> JoinDialog:
    ui.click_icon(app, "games")
    ui.post_click(app, games_view.TOP_BUTTONS["join"].center)
    assert isinstance(app.mode, JoinDialog)
    return app.mode


def own_files(folder) -> list[tuple[str, bytes]]:
    """The player's own files but the settings (the autosave, the games folder)."""
    return sorted((p.name, p.read_bytes()) for p in folder.rglob("*")
                  if p.is_file() and p.name != "settings.json")


def own_app(ui, folder):
    """A window with the player's own unfinished game (two moves), autosaved in ``folder``."""
    app = ui.make_app(store=Store(folder), speed="fast")
    for square in (0, 63):
        ui.click_square(app, square)
        ui.settle(app)
    assert len(app.game.moves) >= 2 and app.game.winner is None
    return app


def test_the_port_may_be_left_out_only_where_a_default_is_given() -> None:
    assert parse_address("example.org", 4770) == ("example.org", 4770)
    assert parse_address("[::1]", 4770) == ("::1", 4770)
    assert parse_address("10.0.0.2:4771", 4770) == ("10.0.0.2", 4771)
    for bad in ("", ":4770", "host:0", "host:65536", "host:port"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_address(bad, 4770)
    with pytest.raises(argparse.ArgumentTypeError):
        parse_address("example.org")  # the command line's --join still wants HOST:PORT


def test_the_settings_file_keeps_the_address_last_joined_as_text(tmp_path) -> None:
    data = st.DEFAULTS.to_json()
    assert data["join"] == ""
    settings, problems = st.check_settings({**data, "join": "host.example:4771"})
    assert problems == [] and settings.join == "host.example:4771"
    settings, problems = st.check_settings({**data, "join": 4771})
    assert problems == ["'join' is not text"] and settings.join == ""
    store = Store(tmp_path)
    store.remember_join("host.example:4771")
    store.save_settings(st.DEFAULTS)  # a session's settings know no address: the store's kept
    assert Store(tmp_path).load_settings().join == "host.example:4771"


def test_join_from_the_games_window_play_and_leave_to_the_own_game(ui, tmp_path) -> None:
    app = own_app(ui, tmp_path)
    mine, files = list(app.game.moves), own_files(tmp_path)
    host = hosted("N,C1")
    try:
        dialog = open_dialog(ui, app)
        assert dialog.focus == "address" and dialog.fields["address"].text == ""
        type_text(app, f"127.0.0.1:{host.address[1]}")
        key(app, pygame.K_TAB)
        type_text(app, "test42")
        assert dialog.fields["code"].text == "TEST42"  # shown upper-case
        key(app, pygame.K_RETURN)
        assert joined(app) and app.table.where is not None
        assert app.icons.keys() == {"speed", "sound", "games", "rules", "quit"}
        assert app.session.store is None  # the host's game has no files
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        square = my_square(app)
        ui.click_square(app, square)
        run_until(app, lambda: len(app.game.moves) >= 2, "our move and the host's answer")
        assert app.game.moves[0] == square and host.snapshot().record["moves"]
        ui.click_icon(app, "games")
        assert app.mode.listed == [] and app.mode.network == f"127.0.0.1:{host.address[1]}"
        ui.post_click(app, games_view.NETWORK_BUTTONS["leave"].center)
        assert app.mode.name == "play" and app.table.where is None
        assert help_line(app) == "You left the network game: your own game is back."
        assert app.game.moves == mine and app.session.store is not None
        assert "new" in app.icons and "hint" in app.icons
        run_until(app, lambda: not host.snapshot().connected, "the host to see us go")
    finally:
        app.close()
        host.stop()
    assert own_files(tmp_path) == files  # the own game's autosave, byte for byte
    settings = json.loads((tmp_path / "settings.json").read_text())
    assert settings["join"] == f"127.0.0.1:{host.address[1]}"
    store = Store(tmp_path)
    store.load_settings()  # as the command line does
    again = ui.make_app(store=store)
    assert again.game.moves == mine  # carried on with the own game
    dialog = open_dialog(ui, again)  # the address last joined is offered, the caret on Code
    assert dialog.fields["address"].text == settings["join"] and dialog.focus == "code"


@pytest.mark.parametrize(("address", "code", "line", "focus"), [
    ("", "AB12", "Type the host's address.", "address"),
    ("host:99999", "AB12", "Not an address: try HOST or HOST:PORT.", "address"),
    ("[::1]:x", "AB12", "Not an address: try HOST or HOST:PORT.", "address"),
    ("127.0.0.1:4770", "", "Type the code the host gave you.", "code"),
    ("127.0.0.1:4770", "#!-?", "Type the code the host gave you.", "code"),
])
def test_a_bad_address_or_code_is_one_line_and_keeps_what_was_typed(ui, address, code, line,
                                                                    focus) -> None:
    app = ui.make_app()
    dialog = open_dialog(ui, app)
    type_text(app, address)
    key(app, pygame.K_DOWN)
    type_text(app, code)
    for press in (lambda: key(app, pygame.K_RETURN),
                  lambda: ui.post_click(app, join_view.BUTTONS["join"].center)):
        press()
        assert app.mode is dialog and app.table.where is None  # nobody was called
        assert dialog.problem == line and dialog.focus == focus
        assert dialog.fields["address"].text == address
        assert dialog.fields["code"].text == "".join(c for c in code if c.isalnum())
        assert "illegal" in app.table.services.sounds.played
    surface = pygame.Surface((640, 480))
    app.draw(surface)
    line_area = pygame.Rect(join_view.LEFT, join_view.LINE_Y, 8 * len(line), 16)
    assert any(surface.get_at((x, y))[:3] == RED for x in range(line_area.left, line_area.right)
               for y in range(line_area.top, line_area.bottom))
    type_text(app, "x")  # typing again clears the line
    assert dialog.problem is None


def test_the_writable_icons_edit_as_risc_os_does(ui) -> None:
    app = ui.make_app()
    dialog = open_dialog(ui, app)
    address, code = dialog.fields["address"], dialog.fields["code"]
    type_text(app, "host.example:4770")
    for k in (pygame.K_HOME, pygame.K_DELETE, pygame.K_RIGHT, pygame.K_RIGHT):
        key(app, k)
    type_text(app, "X")
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_LEFT)
    type_text(app, " 9")  # a space is refused (with a beep), the digit taken
    assert address.text == "osXt.example:4797" and address.caret == 16
    assert app.table.services.sounds.played.count("illegal") == 1
    key(app, pygame.K_TAB)
    assert dialog.focus == "code"
    type_text(app, "a" * 40)
    assert code.text == "A" * 32 and code.caret == 32  # a code is 32 at most
    assert code.shown == "A" * join_view.COLUMNS["code"]  # scrolled to keep the caret seen
    key(app, pygame.K_UP)
    assert dialog.focus == "address"
    rect = join_view.FIELDS["code"]  # a click on a writable icon puts the caret there
    ui.post_click(app, (rect.x + join_view.PAD + 1 + 3 * 8, rect.centery))
    assert dialog.focus == "code" and code.caret == code.first + 3
    ui.post_click(app, (join_view.FIELDS["address"].x + 3, join_view.FIELDS["address"].y + 5))
    assert dialog.focus == "address" and address.caret == 0
    surface = pygame.Surface((640, 480))
    app.draw(surface)  # the red caret is in the icon typed into, and only there
    reds = {name: any(surface.get_at((x, y))[:3] == RED for x in range(rect.left, rect.right)
                      for y in range(rect.top, rect.bottom))
            for name, rect in join_view.FIELDS.items()}
    assert reds == {"address": True, "code": False}


@pytest.mark.parametrize("how", ["escape", "cancel", "close-icon", "outside"])
def test_cancel_closes_the_dialog_and_nothing_else(ui, how, monkeypatch) -> None:
    started: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: started.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: started.append("stop"))
    app = ui.make_app()
    ui.click_square(app, 9)
    moves = list(app.game.moves)
    dialog = open_dialog(ui, app)
    assert started == ["start"]  # an on-screen keyboard comes up where there is one
    type_text(app, "somewhere")
    if how == "escape":
        key(app, pygame.K_ESCAPE)
    elif how == "outside":  # a stray click keeps what was typed
        ui.click_icon(app, "new")
        ui.click_square(app, 40)
        assert app.mode is dialog and dialog.fields["address"].text == "somewhere"
        ui.post_click(app, join_view.BUTTONS["cancel"].center)
    else:
        ui.post_click(app, (join_view.BUTTONS["cancel"] if how == "cancel"
                            else join_view.CLOSE).center)
    assert app.mode.name == "play" and app.game.moves == moves
    assert app.table.where is None and started == ["start", "stop"]


def test_fingers_reach_the_dialog_its_fields_and_buttons_and_leave(ui, tmp_path) -> None:
    app = own_app(ui, tmp_path)
    mine, files = list(app.game.moves), own_files(tmp_path)
    host = hosted("N,C1")
    try:
        tap(app, app.icons["games"].center)
        tap(app, games_view.TOP_BUTTONS["join"].center)
        dialog = app.mode
        assert isinstance(dialog, JoinDialog)
        tap(app, join_view.FIELDS["code"].center)
        type_text(app, "test42")
        tap(app, join_view.FIELDS["address"].center)
        assert dialog.focus == "address"
        type_text(app, f"127.0.0.1:{host.address[1]}")
        tap(app, join_view.BUTTONS["join"].center)
        assert joined(app)
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        tap(app, app.icons["games"].center)
        tap(app, games_view.NETWORK_BUTTONS["save"].center)
        assert ui.message(app) == "There is no move to save yet."
        tap(app, games_view.NETWORK_BUTTONS["leave"].center)
        assert app.mode.name == "play" and app.game.moves == mine
    finally:
        app.close()
        host.stop()
    assert own_files(tmp_path) == files


def test_a_window_joined_on_the_command_line_saves_the_hosts_game_and_leaves(
        ui, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # the folder said as ~/games/saved
    app = own_app(ui, tmp_path)
    mine, files = list(app.game.moves), own_files(tmp_path)
    app.close()
    host = hosted("N,C1")
    app = ui.make_app(store=Store(tmp_path), speed="fast", join=host.address,
                      join_code="test42")
    try:
        assert joined(app) and "games" in app.icons
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        ui.click_square(app, my_square(app))
        run_until(app, lambda: app.mode.human_to_move(), "our turn again")
        played = list(app.game.moves)
        ui.click_icon(app, "games")
        assert app.mode.own_help(Part("leave")) and help_line(app)
        ui.post_click(app, games_view.NETWORK_BUTTONS["save"].center)
        assert help_line(app) == "Saved in your ~/games/saved."
        [saved] = (tmp_path / "games" / "saved").glob("*.json")
        assert [tuple(m) for m in json.loads(saved.read_text())["moves"]] == \
            [divmod(s, 8) for s in played]  # the joiner keeps the host's game
        ui.post_click(app, games_view.NETWORK_BUTTONS["leave"].center)
        assert app.mode.name == "play" and app.game.moves == mine
        assert app.table.policy.hidden_icons == frozenset()
    finally:
        app.close()
        host.stop()
    assert [f for f in own_files(tmp_path) if f[0] != saved.name] == files


def test_a_kiosk_never_offers_to_join_and_takes_no_typing(ui) -> None:
    app = ui.make_app(kiosk=True, idle_seconds=3600.0)
    assert "games" not in app.icons
    type_text(app, "127.0.0.1:4770")
    assert app.mode.name == "play"


def test_every_help_line_of_the_dialog_and_the_games_window_fits(ui) -> None:
    app = ui.make_app()
    dialog = open_dialog(ui, app)
    lines = [dialog.own_help(Part(name)) for name in PART_HELP]
    lines += [dialog.own_help(Part("address-4")), dialog.own_help(Part("code-0")),
              dialog.default_help(), dialog.own_help(Part("close-icon"))]
    for name in join_view.BUTTONS:
        app.inputs.pointer = join_view.BUTTONS[name].center
        lines.append(help_line(app))
    key(app, pygame.K_ESCAPE)
    ui.click_icon(app, "games")
    lines += [app.mode.own_help(Part(name)) for name in ("join", "leave", "save")]
    for line in lines:
        assert line and len(panel_view.help_lines(line)) <= panel_view.HELP_LINES, line


def test_a_window_that_hosts_a_game_joins_no_other(ui) -> None:
    from tests.test_host_window import hosting_app

    app = hosting_app(ui, "H,N")
    try:
        ui.click_icon(app, "games")
        assert "not while this window hosts" in app.mode.own_help(Part("join"))
        ui.post_click(app, games_view.TOP_BUTTONS["join"].center)
        assert app.mode.name == "games" and app.table.where is None
        assert help_line(app) == "This window hosts a game: join another when it is over."
    finally:
        app.close()


def test_leave_asked_with_the_player_s_own_game_on_show_only_closes_the_windows(ui,
                                                                                tmp_path) -> None:
    """No host's game to leave (a Leave asked late): the games window closes, and the game on
    the board carries on as it was, not started again."""
    app = own_app(ui, tmp_path)
    try:
        board, moves = app.stack.controller, list(app.game.moves)
        phase = board.phase
        ui.click_icon(app, "games")
        app.table.ask(LeaveHost())
        app.stack.serve()
        assert app.mode is board and board.phase is phase and app.game.moves == moves
    finally:
        app.close()
