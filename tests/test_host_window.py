"""A window that hosts: the panel's network seat (column 1 steps human, computer, network,
not in play), what it says and shows, the kiosk that hosts only when its operator asks, and
the hosting window with bots and raw connections as its joiners (loopback only)."""

from __future__ import annotations

import threading

import pygame
import pytest
from setups import memory

from chainplus.app import settings as st
from chainplus.app.panel import panel_of, valid
from chainplus.app.seats import parse_seats
from chainplus.app.store import Store
from chainplus.common import language
from chainplus.core.records import game_from_data
from chainplus.core.rules import row_col
from chainplus.net import bot
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host
from chainplus.net.hosted_game import HostConfig
from chainplus.ui.art import font, games_view, panel_view
from chainplus.ui.art.theme import TITLE_BAR, panel_cell
from chainplus.ui.window.command_line import local_seats
from chainplus.ui.window.hosting import HostedReferee
from chainplus.ui.window.table import MESSAGE_TIME
from chainplus.ui.window.targets import ADJUST
from tests.test_net_window import WAIT, close_rules, refereed_by, run_until


def hosting(app) -> bool:
    """Whether the window hosts its game (and nothing over it, as ``refereed_by``)."""
    return refereed_by(app, HostedReferee)


def line(app):
    """The hosting window's line to its own host (``hosting.HostLine``)."""
    return app.board.referee.line


def remote(app):
    """The host's game as the hosting window has heard it (``remote.Remote``)."""
    return app.board.referee.remote


def help_line(app) -> str:
    text = app.help_text()[0]
    assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, text
    return text


def test_seats_spec_and_settings_file_take_a_network_seat() -> None:
    assert [row.kind for row in parse_seats("H,n,C3")] == \
        ["human", "network", "computer", "off"]
    with pytest.raises(ValueError, match="N or -"):
        parse_seats("H,X")
    data = st.DEFAULTS.to_json()
    data["seats"][1]["kind"] = "network"
    settings, problems = st.check_settings(data)
    assert problems == [] and settings.seats[1].kind == "network"


def test_a_seat_stepped_to_network_waits_for_the_next_game(ui) -> None:
    app = ui.make_app()  # red human, blue computer
    ui.click_cell(app, 2, 1)  # blue: computer -> network
    assert ui.message(app) == "Blue: a network seat from the next game."
    row = app.session.panel[2]
    assert (row.kind, row.plays_as) == ("network", "computer") and valid(app.session.panel)
    app.table.cues.message.clear()
    app.inputs.pointer = panel_cell(2, 1).center
    assert help_line(app) == "Blue: H human, C computer, N network, - not in play."
    ui.click_cell(app, 2, 1, ADJUST)  # back to computer: nothing was waiting
    assert (row.kind, row.plays_as) == ("computer", "computer")


def test_column_one_shows_its_own_letter_for_a_network_seat() -> None:
    pictures = []
    for kind in ("human", "computer", "network"):
        surface = pygame.Surface((640, 480))
        setup = panel_of(parse_seats("H,H"))
        setup[2].kind = setup[2].plays_as = kind
        panel_view.draw_panel(surface, setup, panel_view.PanelShown((1, 2), [0] * 5, set()))
        pictures.append(pygame.image.tobytes(surface.subsurface(panel_cell(2, 1)), "RGB"))
    assert len(set(pictures)) == 3


def test_a_kiosk_hosts_only_when_its_operator_asks(ui) -> None:
    saved = parse_seats("H,N")
    assert [row.kind for row in local_seats(saved, kiosk=True)][:2] == ["human", "human"]
    assert local_seats(saved, kiosk=False) == saved
    visitor = ui.make_app(kiosk=True, seats=parse_seats("H,C"))
    for _ in range(4):  # a visitor steps blue round: human, computer, off... never network
        ui.click_cell(visitor, 2, 1)
        assert visitor.session.panel[2].kind != "network"
    operator = ui.make_app(kiosk=True, seats=saved, fixed_seats=True, port=0)
    try:
        assert hosting(operator)
    finally:
        operator.close()


# ---------------------------------------------------------------------- hosting, loopback only
def hosting_app(ui, spec: str, code: str | None = None, **options):
    app = ui.make_app(speed="fast", seats=parse_seats(spec), fixed_seats=True, port=0,
                      host_code=code, **options)
    assert hosting(app)
    assert line(app).host.address[0] == "127.0.0.1"  # Options listen on loopback
    return app


def bot_joins(app, **player) -> tuple[threading.Thread, dict]:
    host = line(app).host
    result: dict = {}

    def play() -> None:
        try:
            result["bot"] = bot.play(*host.address, host.code,
                                     bot.BotPlayer(seed=1, budget=0.02, **player), memory())
        except bot.JoinError as exc:
            result["error"] = str(exc)

    thread = threading.Thread(target=play)
    thread.start()
    return thread, result


def play_a_move(ui, app) -> None:
    game = app.game
    legal = [s for s in range(len(game.counts)) if game.is_legal(s)]
    ui.click_square(app, max(legal, key=lambda s: (game.owners[s] == game.to_move,
                                                    game.counts[s], -s)))


def test_a_window_with_a_network_seat_hosts_it_and_a_bot_plays_it_to_the_end(ui, tmp_path):
    app = hosting_app(ui, "H,N", store=Store(tmp_path))
    try:
        code, where = line(app).host.code, line(app).where
        assert app.mode.title() == f"Chain Reaction - hosting at {where}, code {code}"
        run_until(app, lambda: remote(app).state is not None, "the host's game")
        assert help_line(app) == f"Code {code} at {where} (this computer only)."
        assert app.mode.picture.status().head == "Waiting for" and app.mode.waiting_seats() == {2}
        ui.click_square(app, 0)
        assert "Waiting for Blue" in ui.message(app) and not app.game.moves
        thread, result = bot_joins(app)
        run_until(app, lambda: app.mode.human_to_move(), "Blue to join")
        assert "Blue joined." in ui.message(app) and app.mode.waiting_seats() == set()
        while app.game.winner is None:
            run_until(app, lambda: app.mode.human_to_move() or app.game.winner is not None,
                      "our turn or the end")
            if app.game.winner is None:
                play_a_move(ui, app)
        thread.join(WAIT)
        [record] = result["bot"].records
        assert game_from_data(record).moves == app.game.moves  # both saw the same game
        run_until(app, lambda: hosting(app), "the winning chain shown")
        assert "Click New" in app.mode.help(None)
        kept = list((tmp_path / "games" / "kept").glob("*.json"))
        assert len(kept) == 1  # the hosting window keeps the game won, as any game
    finally:
        app.close()


def test_a_hosting_window_and_a_joined_window_play_each_other_on_one_clock(ui):
    app = hosting_app(ui, "H,N")
    host = line(app).host
    guest = ui.make_app(speed="fast", join=host.address, join_code=host.code)
    try:
        assert app.clock is guest.clock is memory().clock  # and the host's, and the links'
        run_until(app, lambda: app.mode.human_to_move(), "Blue to join", also=[guest])
        for red, blue in ((9, 54), (18, 45), (27, 36)):  # no square fills: no chain
            ui.click_square(app, red)
            run_until(guest, lambda: guest.mode.human_to_move(), "Blue's turn", also=[app])
            ui.click_square(guest, blue)
            run_until(app, lambda: app.mode.human_to_move(), "Red's turn", also=[guest])
        assert guest.game.moves == app.game.moves == [9, 54, 18, 45, 27, 36]
        assert line(app).host.snapshot().record["moves"] == [list(row_col(s)) for s in
                                                             app.game.moves]
    finally:
        guest.close()
        app.close()


def test_the_title_bar_says_where_to_join_as_far_as_it_holds(ui):
    app = hosting_app(ui, "H,N", code="K7QX2M")
    try:
        port = line(app).host.address[1]
        line(app).addresses = ["192.168.1.5"]
        assert app.mode.title() == f"Chain Reaction - hosting at 192.168.1.5:{port}, code K7QX2M"
        line(app).addresses = ["192.168.100.200", "10.0.0.15"]
        title = app.mode.title()
        assert title.startswith("Hosting at 192.168.100.200:") and title.endswith("code K7QX2M")
        assert font.size(title)[0] < TITLE_BAR.w
    finally:
        app.close()


def test_the_host_hands_a_seat_to_the_computer_starts_new_games_and_stops(ui):
    app = hosting_app(ui, "H,N")
    try:
        run_until(app, lambda: remote(app).state is not None, "the host's game")
        ui.click_cell(app, 2, 1, ADJUST)  # blue: network -> computer, now
        assert ui.message(app) == "Blue is now played by a computer."
        run_until(app, lambda: app.mode.human_to_move(), "the game to start")
        play_a_move(ui, app)
        run_until(app, lambda: len(app.game.moves) == 2, "the host's computer to move")
        ui.click_cell(app, 2, 1)  # computer -> network: the game waits on blue again
        run_until(app, lambda: app.mode.waiting_seats() == {2}, "blue to wait")
        thread, result = bot_joins(app, retry_for=0.0)  # gives up once the host has gone
        run_until(app, lambda: 2 in remote(app).state.connected, "a joiner for blue")
        ui.click_icon(app, "new")  # the host's next game, the joiner keeps blue
        run_until(app, lambda: remote(app).state is not None and not app.game.moves
                  and remote(app).state.started, "the next game")
        ui.click_icon(app, "undo")
        assert "no undo" in ui.message(app)
        host = line(app).host
        ui.click_cell(app, 2, 1)  # network -> off (from the next game)
        ui.click_cell(app, 3, 1)  # green: off -> human
        ui.click_icon(app, "new")  # no network seats: hosting stops
        assert app.mode.name == "play" and not hosting(app)
        assert "hosting has stopped" in ui.message(app)
        assert not host.alive()
        thread.join(WAIT)
        assert "error" in result  # let go by the host, the bot stopped with one line
    finally:
        app.close()


def test_under_rules_a_hosting_window_takes_in_a_seat_joined(ui) -> None:
    """With Rules open the hosting window's own host's whole game is on the board as it
    comes: Blue joined, and nothing of it waits on the window's line."""
    app = hosting_app(ui, "H,N")
    joiner = Connection.open(*line(app).host.address, memory().transport)
    try:
        run_until(app, lambda: remote(app).state is not None, "the host's game")
        ui.click_icon(app, "rules")
        joiner.send(msg.hello(line(app).host.code))
        run_until(app, lambda: 2 in remote(app).state.connected, "Blue to join", limit=5)
        assert app.mode.name == "rules" and line(app).events.qsize() == 0
        assert ui.message(app) == "Blue joined." and app.board.waiting_seats() == set()
        close_rules(app)
        assert app.mode.human_to_move()
    finally:
        joiner.close()
        app.close()


def test_a_joiner_who_leaves_is_said_at_once_and_then_waited_for(ui) -> None:
    """Blue's joiner goes on Blue's turn: the help box says so at once, and once that note has
    had its time, that the game waits for Blue to join again."""
    app = hosting_app(ui, "H,N")
    joiner = Connection.open(*line(app).host.address, memory().transport)
    try:
        joiner.send(msg.hello(line(app).host.code))
        run_until(app, lambda: app.mode.human_to_move(), "Blue to join")
        play_a_move(ui, app)
        run_until(app, lambda: app.game.to_move == 2, "Blue's turn")
        joiner.close()
        run_until(app, lambda: app.mode.waiting_seats() == {2}, "Blue to be waited for")
        assert ui.message(app) == "Blue left: the game waits."
        assert app.mode.picture.status().head == "Waiting for"
        ui.advance(app, MESSAGE_TIME + 0.1)
        app.inputs.pointer = None  # off the board, whose squares have help of their own
        assert ui.message(app) == "" and help_line(app) == "Waiting for Blue to join again."
    finally:
        app.close()


def test_a_hosting_window_started_again_waits_to_host_and_then_hosts_with_a_new_code(
        ui, tmp_path):
    """Started again, the window never listens on its own: the network seat waits (the game
    held on its turn) until the player hosts from the Games window, with a new code (it
    knows no tokens: the old code would seat whoever came first)."""
    app = hosting_app(ui, "H,N", store=Store(tmp_path))
    joiner = Connection.open(*line(app).host.address, memory().transport)
    try:
        code = line(app).host.code
        joiner.send(msg.hello(code))
        run_until(app, lambda: app.mode.human_to_move(), "Blue to join")
        play_a_move(ui, app)
        run_until(app, lambda: len(app.game.moves) == 1, "our move")
    finally:
        app.close()
        joiner.close()
    again = ui.make_app(speed="fast", store=Store(tmp_path), port=0)
    try:
        assert not hosting(again) and again.mode.waiting_seats() == {2}
        assert "host it from Games" in ui.message(again)
        assert again.mode.picture.status().head == "Not hosted"  # blue's turn, held
        ui.click_icon(again, "games")
        ui.post_click(again, games_view.TOP_BUTTONS["host"].center)
        assert hosting(again) and line(again).host.code != code
        run_until(again, lambda: remote(again).state is not None, "the host's game")
        assert len(again.game.moves) == 1 and again.mode.waiting_seats() == {2}
        stale = Connection.open(*line(again).host.address, memory().transport.at("10.0.0.9"))
        stale.send(msg.hello(code))
        assert stale.receive(WAIT) == msg.Error("wrong code")
        stale.close()
        back = Connection.open(*line(again).host.address, memory().transport)
        back.send(msg.hello(line(again).host.code))
        run_until(again, lambda: again.mode.waiting_seats() == set(), "Blue to rejoin")
        back.close()
    finally:
        again.close()


def test_a_window_that_cannot_listen_plays_the_network_seats_itself(ui):
    taken = Host(HostConfig(parse_seats("N,N"), code="K7QX2MPW9"), network=memory())
    taken.start()
    try:
        app = ui.make_app(seats=parse_seats("H,N"), fixed_seats=True, port=taken.address[1])
        try:
            assert app.mode.name == "play" and not hosting(app)
            assert ui.message(app) == "Cannot host: the port is taken. The network seats play here."
            assert app.session.panel[2].plays_as == app.session.panel[2].kind == "human"
        finally:
            app.close()
    finally:
        taken.stop()


# ------------------------------------------------------------------ where a window listens
def test_a_window_hosts_for_this_computer_only_unless_its_player_opens_it(ui, tmp_path):
    """By default the window's host listens on 127.0.0.1 and the title says so exactly; the
    Games window's option opens the next game hosted to the local network, remembered in the
    settings (not while hosting); --listen decides instead when given."""
    app = hosting_app(ui, "H,N", store=Store(tmp_path))
    try:
        assert line(app).host.config.listen == "127.0.0.1"
        port = line(app).host.address[1]
        assert f"hosting at 127.0.0.1:{port}, code" in app.mode.title()
        ui.click_icon(app, "games")
        ui.post_click(app, games_view.TOP_BUTTONS["lan"].center)  # hosting: not now
        assert not app.session.lan and "hosting" in ui.message(app)
    finally:
        app.close()
    local = ui.make_app(store=Store(tmp_path))
    try:
        ui.click_icon(local, "games")
        ui.post_click(local, games_view.TOP_BUTTONS["lan"].center)
        assert local.session.lan and local.session.listen == "0.0.0.0"  # every IPv4 one
        assert "local network" in ui.message(local)
    finally:
        local.close()
    assert st.load_settings(tmp_path)[0].lan
    given = ui.make_app(store=Store(tmp_path), listen="127.0.0.1", lan=True)  # as remembered
    try:
        assert given.session.lan and given.session.listen == "127.0.0.1"  # --listen decides
        ui.click_icon(given, "games")
        ui.post_click(given, games_view.TOP_BUTTONS["lan"].center)
        assert given.session.lan and "--listen" in ui.message(given)
    finally:
        given.close()


def test_the_command_line_leaves_where_a_window_listens_to_the_game():
    from chainplus.ui.window.command_line import build_parser, options_from

    saved = st.Settings(lan=True)
    network = options_from(build_parser().parse_args([]), saved).network
    assert network.listen is None and network.lan
    given = options_from(build_parser().parse_args(["--listen", "::1"]), saved).network
    assert given.listen == "::1"


def test_every_part_of_the_games_window_has_help_that_fits(ui) -> None:
    """The hosting parts too: the option, Host, and their greyed states."""
    from chainplus.ui.window.over.games import PART_HELP

    for name, text in PART_HELP.items():
        assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, (name, text)


def ink(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """The black pixels' bounds inside ``rect``."""
    points = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
              if surface.get_at((x, y))[:3] == (0, 0, 0)]
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_local_network_option_has_room_above_the_list_heading(monkeypatch, code) -> None:
    """The option's words stay a few pixels off the heading under them and inside the
    window's right margin, in every language."""
    drawn: dict[str, pygame.Rect] = {}
    draw = font.draw

    def recording(surface, text, pos, colour, scale=1, align="left"):
        drawn[text] = rect = draw(surface, text, pos, colour, scale, align)
        return rect

    monkeypatch.setattr(font, "draw", recording)
    language.use(code)
    try:
        surface = pygame.Surface((640, 480))
        games_view.draw(surface, games_view.GamesShown(entries=[], page=0, pages=1,
                                                       can_save=True))
        words = ink(surface, drawn[language._(games_view.LABEL["lan"])])
        heading = ink(surface, drawn[games_view.heading(0, 0)])
    finally:
        language.use(language.ENGLISH)
    assert heading.top - words.bottom >= 6, (words, heading)
    assert words.right <= games_view.LEFT + games_view.WIDTH - 4, words
    assert words.top - games_view.TOP_BUTTONS["puzzles"].bottom >= 4, words
