"""A window that watches a host's game without a seat (``--watch``, the Join dialog's Watch,
``--kiosk --watch``): the same board, chains, panel and graph as a player's, no move of its
own, and no seat taken from the players. Against a real ``Host`` on 127.0.0.1 with network
bots for players (loopback only)."""

from __future__ import annotations

import threading

import pygame
import pytest
from setups import memory

from chainplus.app.settings import DEFAULTS
from chainplus.core.records import game_from_data
from chainplus.net import bot
from chainplus.net.host import Host
from chainplus.ui.art import join_view
from chainplus.ui.window.command_line import build_parser, check_join, options_from
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
