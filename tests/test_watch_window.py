"""A window that watches a host's game without a seat (``--watch``, the Join dialog's Watch,
``--kiosk --watch``): the same board, chains, panel and graph as a player's, no move of its
own, and no seat taken from the players. Against a real ``Host`` on 127.0.0.1 with network
bots for players (loopback only)."""

from __future__ import annotations

import threading

import pygame
import pytest
from setups import memory

from chainplus.app.seats import parse_seats
from chainplus.app.settings import DEFAULTS
from chainplus.core.records import game_from_data
from chainplus.net import bot
from chainplus.net.host import Host, HostConfig
from chainplus.ui.art import join_view
from chainplus.ui.window.command_line import build_parser, check_join, options_from
from chainplus.ui.window.display import NullDisplay
from chainplus.ui.window.joined import JoinedReferee
from chainplus.ui.window.over.join import PART_HELP
from chainplus.ui.window.targets import Part
from tests.test_join_dialog import key, open_dialog, type_text
from tests.test_net_window import WAIT, help_line, hosted, run_until


def players(host: Host, count: int) -> list[threading.Thread]:
    """``count`` network bots playing ``host``'s network seats to the end."""
    threads = [threading.Thread(target=bot.play, daemon=True,
                                args=(*host.address, host.code,
                                      bot.BotPlayer(seed=i, budget=0.01), memory()))
               for i in range(count)]
    for thread in threads:
        thread.start()
    return threads


def watching(app) -> bool:
    """The host let the window watch and its game has come: "watching" and the game are two
    messages, and the window says "Joining" between them."""
    referee = getattr(app.board, "referee", None)
    return isinstance(referee, JoinedReferee) and referee.watch and referee.remote.watching \
        and referee.remote.state is not None


def test_a_watching_window_follows_the_game_to_the_end_and_never_moves(ui) -> None:
    host = hosted("N,C1", pause=0.5)  # the host's computer keeps its pace on the test's clock
    app = ui.make_app(speed="instant", join=host.address, join_code="test42", watch=True)
    try:
        run_until(app, lambda: watching(app), "the host's game")
        assert app.board.referee.title() == f"Chain Reaction - watching 127.0.0.1:{host.address[1]}"
        assert host.snapshot().connected == ()  # a spectator holds no seat
        assert app.mode.picture.status().head == "Waiting for"
        threads = players(host, 1)
        run_until(app, lambda: len(app.game.moves) >= 3, "the players' moves")
        assert not app.mode.human_to_move()
        moves = len(app.game.moves)
        ui.click_square(app, 63)
        assert help_line(app) == "You are watching: a spectator does not move."
        assert host.snapshot().connected == (1,)
        run_until(app, lambda: app.game.winner is not None, "the end of the game")
        assert host.wait(WAIT)
        [record] = host.snapshot().finished
        assert len(app.game.moves) > moves
        assert app.game.state() == game_from_data(record).state()
        ui.advance(app, 2.0)  # the graph after the game, as for a player
        assert app.mode.name == "over" and app.mode.phase.graph() is not None
        for thread in threads:
            thread.join(WAIT)
    finally:
        app.close()
        host.stop()


@pytest.mark.parametrize("how", ["click", "Shift+Return"])
def test_the_join_dialogs_watch_button_watches_the_host(ui, how: str) -> None:
    app = ui.make_app()
    host = hosted("N,C1")
    try:
        dialog = open_dialog(ui, app)
        type_text(app, f"127.0.0.1:{host.address[1]}")
        key(app, pygame.K_TAB)
        type_text(app, "test42")
        assert dialog.own_help(Part("watch")) == PART_HELP["watch"]
        if how == "click":
            ui.post_click(app, join_view.BUTTONS["watch"].center)
        else:  # Adjust's key on the dialog's default action
            key(app, pygame.K_RETURN, pygame.KMOD_LSHIFT)
        run_until(app, lambda: watching(app), "the host's game")
        assert app.table.where is not None and host.snapshot().connected == ()
        assert app.mode.help(None) == "You are watching. Waiting for Red to join."
    finally:
        app.close()
        host.stop()


def test_watch_is_a_command_line_option_for_a_window_and_a_kiosk(capsys) -> None:
    parser = build_parser()
    for argv in (["--watch", "127.0.0.1:4770", "--code", "AB12"],
                 ["--kiosk", "--watch", "127.0.0.1:4770", "--code", "AB12"]):
        args = parser.parse_args(argv)
        check_join(parser, args)
        network = options_from(args, DEFAULTS).network
        assert network.join == ("127.0.0.1", 4770) and network.watch
        assert network.join_code == "AB12" and network.host_code is None
    for argv, line in ((["--watch", "127.0.0.1:4770"], "--watch needs the host's --code"),
                       (["--watch", "h:1", "--join", "h:1", "--code", "AB12"],
                        "--join plays a seat and --watch only watches")):
        args = parser.parse_args(argv)
        try:
            check_join(parser, args)
        except SystemExit as exc:
            assert exc.code == 2
        else:
            raise AssertionError(argv)
        assert line in capsys.readouterr().err
    assert options_from(parser.parse_args(["--spectators", "0"]), DEFAULTS).network.spectators == 0


# --------------------------------------------------------------------------- a watching kiosk
def watching_kiosk(ui, host: Host, idle_seconds: float = 60):
    """A kiosk that watches ``host``'s game (``--kiosk --watch``), on the test's network."""
    return ui.make_app(kiosk=True, idle_seconds=idle_seconds, speed="instant",
                       display=NullDisplay(True), join=host.address, join_code="test42",
                       watch=True)


def again(host: Host, seed: int = 4) -> Host:
    """A host started again where ``host`` was, with the same code."""
    config = HostConfig(parse_seats("C1,C1"), seed=seed, code="TEST42", port=host.address[1],
                        budget=0.02, pause=0.5)
    restarted = Host(config, network=memory())
    restarted.start()
    return restarted


def waits_for_host(app) -> bool:
    """The kiosk plays its own attract loop, saying it waits for its host."""
    return app.mode.name == "demo" and app.table is app.stack.own \
        and app.mode.title().startswith("Chain Reaction - waiting for 127.0.0.1:")


def test_a_watching_kiosk_whose_host_ends_plays_its_attract_loop_then_follows_the_next_game(
        ui) -> None:
    host = hosted("C1,C1", pause=0.1)
    app = watching_kiosk(ui, host, idle_seconds=5)
    where = f"127.0.0.1:{host.address[1]}"
    restarted = None
    try:
        run_until(app, lambda: watching(app), "the host's game")
        run_until(app, lambda: waits_for_host(app), "the attract loop after the last game",
                  limit=200)
        assert host.wait(0) and app.mode.title() == f"Chain Reaction - waiting for {where}"
        assert help_line(app) == "Waiting for the host. Touch anywhere to play!"
        ui.click_square(app, 27)  # a visitor's touch: their own game, as in a plain kiosk
        assert app.mode is app.board and app.board.referee is not None
        assert app.table is app.stack.own and not app.game.moves
        assert "Your game!" in help_line(app)
        restarted = again(host)
        ui.advance(app, 2.0)
        assert app.table is app.stack.own  # the visitor's game is never cut short
        run_until(app, lambda: watching(app), "the host's next game, once left alone")
        assert app.mode.title() == f"Chain Reaction - watching {where}"
        assert restarted.snapshot().peers == 1
    finally:
        app.close()
        host.stop()
        if restarted is not None:
            restarted.stop()


def test_a_watching_kiosk_whose_host_vanishes_tries_it_again_with_growing_pauses(ui) -> None:
    host = hosted("C1,C1", pause=5.0)  # a slow game: the host vanishes while it plays
    app = watching_kiosk(ui, host)
    clock = memory().clock
    restarted = None
    links = lambda: sum(t.name == "chainplus-link" for t in threading.enumerate())  # noqa: E731
    before = links()
    try:
        run_until(app, lambda: watching(app), "the host's game")
        memory().transport.drop()  # the connection breaks and the host is gone
        host.stop()
        run_until(app, lambda: waits_for_host(app), "the attract loop once the link gives up")
        first = len(clock.pauses) - 1  # the pause before the first try, asked at once
        assert clock.pauses[first] == 1.0
        run_until(app, lambda: len(clock.pauses) >= first + 7, "seven tries", limit=200)
        assert clock.pauses[first:] == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
        assert waits_for_host(app) and links() <= before + 1  # each try closed before the next
        restarted = again(host)
        run_until(app, lambda: watching(app), "the host's game again", limit=40)
        assert len(clock.pauses) == first + 7  # one try at a time, the last found it
    finally:
        app.close()
        host.stop()
        if restarted is not None:
            restarted.stop()
