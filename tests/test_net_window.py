"""The joined window (``python main.py --join HOST:PORT --code CODE``) as a player meets it,
headless, against a real ``Host`` on 127.0.0.1: its clicks become the host's moves, the
host's moves appear in it, the game ends there with the host's winner, refusals leave the
board alone, a dropped connection comes back, a host that goes is one line, and the window's
own autosave is never touched. Loopback only."""

from __future__ import annotations

import json

import pygame
import pytest
from net_fakes import settle
from setups import memory

from chainplus.app.seats import parse_seats
from chainplus.app.store import Store
from chainplus.core.records import game_from_data
from chainplus.core.rules import row_col
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig
from chainplus.ui.art import panel_view
from chainplus.ui.window.joined import JoinedReferee
from chainplus.ui.window.launch import main

WAIT = 60  # seconds: generous, never reached when things work


def hosted(spec: str, pause: float = 0.0) -> Host:
    """A host of ``spec``'s seats on the test's network, its computer answering ``pause``
    seconds after each move."""
    host = Host(HostConfig(parse_seats(spec), seed=3, code="TEST42", budget=0.02, pause=pause),
                network=memory())
    host.start()
    assert host.address[0] == "127.0.0.1"
    return host


def joined_app(ui, host: Host, **options):
    return ui.make_app(speed="fast", join=host.address, join_code="test42", **options)


#: Seconds of the test's clock that ``run_until`` lets pass at a time.
STEP = 0.05


def run_until(app, check, what: str, limit: float = WAIT, also=()) -> None:
    """Let the test's time pass, a step at a time, each step once the host and the links
    have settled (their messages in) and ``app`` (and the windows ``also``) updated, until
    ``check()`` holds; fail after ``limit`` seconds of the test's time."""
    network = memory()
    end = network.clock.now() + limit
    settle(network)
    while not check():
        assert network.clock.now() < end, f"timed out waiting for {what}"
        network.clock.advance(STEP)
        settle(network)
        for window in (app, *also):
            window.update()


def refereed_by(app, kind) -> bool:
    """Whether a referee of ``kind`` has the board, with no window over it and no chain on
    show."""
    return app.mode is app.board and isinstance(app.board.referee, kind) \
        and app.mode.name != "animate"


def joined(app) -> bool:
    """Whether the window shows a host's game (and nothing over it, as ``refereed_by``)."""
    return refereed_by(app, JoinedReferee)


def remote(app):
    """The host's game as the joined window has heard it (``remote.Remote``)."""
    return app.board.referee.remote


def link(app):
    """The joined window's line to its host (a ``net.link.Link``)."""
    return app.board.referee.line


def ready_to_click(app) -> bool:
    return joined(app) and (app.mode.human_to_move() or app.game.winner is not None)


def help_line(app) -> str:
    text = app.help_text()[0]
    assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, text
    return text


def my_square(app) -> int:
    """A legal square: one of ours that is nearest to exploding, else the first empty."""
    game = app.game
    legal = [s for s in range(len(game.counts)) if game.is_legal(s)]
    return max(legal, key=lambda s: (game.owners[s] == game.to_move, game.counts[s], -s))


def test_a_joined_window_plays_a_hosts_game_to_the_end(ui, tmp_path):
    store = Store(tmp_path)
    own = ui.make_app(store=store)  # the player's own unfinished game, autosaved
    ui.click_square(own, 0)
    ui.settle(own)
    autosave = sorted((p.name, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file())
    host = hosted("N,C1")
    app = joined_app(ui, host, store=store)
    try:
        assert app.icons.keys() == {"speed", "sound", "games", "rules", "quit"}
        assert app.mode.title() == f"Chain Reaction - joining {link(app).where}"
        run_until(app, lambda: remote(app).seat == 1, "the welcome")
        assert app.mode.title() == f"Chain Reaction - joined {link(app).where}"
        clicks = 0
        while True:
            run_until(app, lambda: ready_to_click(app), "our turn or the end")
            if app.game.winner is not None:
                break
            assert app.mode.picture.status().head == "Your move"
            assert app.mode.help(None).startswith("Your move")
            before = len(app.game.moves)
            ui.click_square(app, my_square(app))
            clicks += 1
            assert len(app.game.moves) == before  # the board waits for the host's word
        assert host.wait(WAIT)
        [record] = host.snapshot().finished
        game = game_from_data(record)
        assert app.game.moves == game.moves and app.game.winner == game.winner
        assert [s for s in game.movers()].count(1) == clicks
        assert 2 in game.movers()  # the host's computer moves came through
        assert app.mode.picture.status().big and app.mode.picture.status().line in ("Red", "Blue")
        run_until(app, lambda: "every game" in help_line(app), "the host's goodbye")
    finally:
        app.close()
        host.stop()
    after = sorted((p.name, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file())
    assert [f for f in after if f[0] != "settings.json"] == \
        [f for f in autosave if f[0] != "settings.json"]
    settings = json.loads((tmp_path / "settings.json").read_text())  # the host is remembered
    assert settings["join"] == f"127.0.0.1:{host.address[1]}"


def test_refusals_leave_the_board_alone_and_the_hosts_errors_are_shown(ui):
    host = hosted("N,N")
    other = Connection.open(*host.address, memory().transport)  # seat 2, played by hand here
    app = joined_app(ui, host)
    try:
        run_until(app, lambda: remote(app).seat == 1 and remote(app).state is not None,
                  "the welcome")
        ui.click_square(app, 5)
        assert "Blue" in ui.message(app) and len(app.game.moves) == 0  # not started
        other.send(msg.hello("TEST42"))
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        assert "Blue joined." in ui.message(app)
        ui.click_square(app, 5)
        run_until(app, lambda: len(app.game.moves) == 1, "our move")
        ui.click_square(app, 6)  # out of turn
        assert ui.message(app) == "It is Blue's turn: wait for it."
        assert app.mode.picture.status().line == "Blue"
        assert app.mode.help(None) == "Blue to move, over the network. You are Red."
        other.send(msg.move(6, number=2))
        run_until(app, lambda: app.mode.human_to_move(), "our turn again")
        ui.click_square(app, 6)  # Blue's square
        assert "Blue's square" in ui.message(app) and app.table.cues.refusal.value == 6
        assert link(app).send(msg.move(7, number=9))  # a stale move gets there...
        run_until(app, lambda: "The host says" in ui.message(app), "the host's error")
        assert "stale" in ui.message(app) and len(app.game.moves) == 2  # ...and no further
        assert host.snapshot().record["moves"] == [list(row_col(5)), list(row_col(6))]
    finally:
        app.close()
        other.close()
        host.stop()


def test_under_rules_a_joined_window_takes_in_whole_games_and_moves_wait(ui):
    """With Rules open the host's whole games are on the board as they come (a seat joined
    or left), and nothing of them waits; a move waits to be shown until Rules closes."""
    host = hosted("N,N")
    other = Connection.open(*host.address, memory().transport)  # seat 2, played by hand here
    app = joined_app(ui, host)
    try:
        run_until(app, lambda: remote(app).seat == 1 and remote(app).state is not None,
                  "the welcome")
        ui.click_icon(app, "rules")
        other.send(msg.hello("TEST42"))
        run_until(app, lambda: 2 in remote(app).state.connected, "Blue joined", limit=5)
        assert app.mode.name == "rules" and link(app).events.qsize() == 0
        assert ui.message(app) == "Blue joined."
        close_rules(app)
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        ui.click_square(app, 5)
        run_until(app, lambda: len(app.game.moves) == 1, "our move")
        ui.click_icon(app, "rules")
        other.send(msg.move(6, number=2))
        run_until(app, lambda: link(app).events.moves == 1, "Blue's move")
        ui.advance(app, 1.0)
        assert app.mode.name == "rules" and app.game.moves == [5]  # the move waits
        close_rules(app)
        run_until(app, lambda: app.mode.human_to_move(), "our turn again")
        assert app.game.moves == [5, 6] and link(app).events.qsize() == 0
    finally:
        app.close()
        other.close()
        host.stop()


def close_rules(app) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                        scancode=0))
    assert app.mode is app.board


def test_a_dropped_connection_comes_back_with_its_seat(ui):
    host = hosted("N,C1")
    app = joined_app(ui, host)
    try:
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        ui.click_square(app, 0)
        run_until(app, lambda: app.mode.human_to_move(), "our turn again")
        link(app).drop()
        run_until(app, lambda: ui.message(app) == "Back in the game.", "joining again")
        assert remote(app).seat == 1 and len(app.game.moves) == 2
        ui.click_square(app, 0)
        run_until(app, lambda: len(app.game.moves) >= 3, "the move after")
    finally:
        app.close()
        host.stop()


def test_a_host_that_stops_is_one_line_and_the_game_stays(ui):
    host = hosted("N,C1")
    app = joined_app(ui, host)
    link(app).retry_for = 0.0  # gives up at once
    try:
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        ui.click_square(app, 0)
        run_until(app, lambda: app.mode.human_to_move(), "our turn again")
        moves = list(app.game.moves)
        host.stop()
        run_until(app, lambda: "gone" in help_line(app), "the host gone")
        assert help_line(app) == "The host has gone. The game stays as it stood."
        assert app.game.moves == moves and not app.mode.human_to_move()
        assert tuple(app.mode.picture.status()) == (None, "Host gone", link(app).where, False)
        assert app.mode.title() == f"Chain Reaction - host gone: {link(app).where}"
        ui.click_square(app, 3)
        assert app.game.moves == moves and "gone" in ui.message(app)
    finally:
        app.close()
        host.stop()


def test_no_host_there_is_one_line(ui):
    host = hosted("N,C1")
    address = host.address
    host.stop()
    app = ui.make_app(join=address, join_code="TEST42")
    try:
        run_until(app, lambda: remote(app).gone, "giving up")
        assert help_line(app).startswith(f"Cannot reach the host at 127.0.0.1:{address[1]}")
        assert app.mode.picture.status().head == "Not joined"
    finally:
        app.close()


def test_a_wrong_code_is_one_line(ui):
    host = hosted("N,C1")
    app = ui.make_app(join=host.address, join_code="WRONG1")
    try:
        run_until(app, lambda: remote(app).gone, "the refusal")
        assert help_line(app) == "The host refused: wrong code."
        assert app.mode.title() == f"Chain Reaction - not joined: {link(app).where}"
    finally:
        app.close()
        host.stop()


@pytest.mark.parametrize("argv", [
    ["--join", "nowhere", "--code", "AB12"], ["--join", "127.0.0.1:0", "--code", "AB12"],
    ["--join", "127.0.0.1:4770"], ["--code", "no way"], ["--port", "0"], ["--port", "x"],
    ["--join", "127.0.0.1:4770", "--code", "no way"],
    ["--join", "127.0.0.1:4770", "--code", "AB12", "GAME.json"],
    ["--code", "AB12CD"],  # the code this window would host with: too weak
])
def test_bad_join_options_are_one_error_line(capsys, argv):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    out, err = capsys.readouterr()
    assert exited.value.code == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1, err



def test_a_kiosk_joins_a_host_only_when_its_operator_asks(ui):
    host = hosted("N,C1")
    app = joined_app(ui, host, kiosk=True, idle_seconds=1.0)
    try:
        assert app.table.policy.kiosk and joined(app)
        assert app.icons.keys() == {"speed", "sound", "rules"}  # no New, Undo, Hint, Games, Quit
        run_until(app, lambda: app.mode.human_to_move(), "our turn")
        ui.advance(app, 5.0)  # left alone: the host's game stays, no demonstration
        assert joined(app)
    finally:
        app.close()
        host.stop()
