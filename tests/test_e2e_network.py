"""End to end over the network, in two real windows: ``python main.py --seats H,N`` hosts on
127.0.0.1 in one Xvfb and ``python main.py --join`` takes its network seat in another; each is
clicked with xdotool and every move checked on both screens, pixel for pixel against the
game's own art (the X helpers: ``x11``). A click out of turn is refused; the joiner quits and
the host waits for Blue; both end cleanly.

Loopback only: the host listens on 127.0.0.1 and the joiner connects there.
"""

from __future__ import annotations

import socket
from pathlib import Path

from pygame import Rect
from x11 import WAIT, GameWindow, centre, drawn, help_box, needs_x11, status_box

from chainplus.ui.art import panel_view, widgets
from chainplus.ui.art.theme import DARK_BLUE, RED, STATUS, TITLE_BAR, WHITE, icon_layout
from chainplus.ui.window.controls import WINDOW_ICONS
from chainplus.ui.window.joined import JOINED

pytestmark = needs_x11

CODE = "K7QX2MPW9"
#: The icons of a joined window (it hides those the host decides).
JOINED_ICONS = icon_layout(tuple(name for name in WINDOW_ICONS if name not in JOINED.hidden_icons))
Board = dict[int, tuple[int, int, int]]


def free_port() -> int:
    """A port nothing on 127.0.0.1 listens on now (the host is told to listen on it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def title_bars(title: str) -> tuple[list[tuple[int, ...]], ...]:
    """The title bar saying ``title``, as drawn with and without the keyboard's focus."""
    return tuple(drawn(TITLE_BAR, lambda surface, focused=focused:
                       widgets.window_frame(surface, focused, title=title))
                 for focused in (True, False))


def board(pieces: dict[int, tuple[int, int, int]]) -> Board:
    """A board's colours at the squares' middles: ``pieces``, the rest empty."""
    return {square: pieces.get(square, WHITE) for square in range(64)}


def play(mover: GameWindow, square: int, windows: tuple[GameWindow, ...],
         pieces: Board) -> None:
    """``mover`` clicks ``square``; its piece (``pieces`` now) shows on every window."""
    mover.click(*centre(square))
    mover.aside()
    for window in windows:
        window.wait(lambda w=window: w.board() == board(pieces), f"the board {pieces}")


def host_waits(host: GameWindow, where: str) -> None:
    """The host waits for Blue, and says where to join and with what code."""
    host.wait_shown()
    host.aside()
    host.wait(lambda: host.picture(STATUS) == status_box(None, "Waiting for", "Blue"),
              "the host waiting for Blue")
    hosting = title_bars(f"Chain Reaction - hosting at {where}, code {CODE}")
    host.wait(lambda: host.picture(TITLE_BAR) in hosting, "the hosting title")
    host.wait(lambda: host.picture(panel_view.HELP) ==
              help_box(f"Code {CODE} at {where} (this computer only)."), "where to join")


def blue_joins(host: GameWindow, joiner: GameWindow, where: str) -> None:
    """Blue joins: Red, the host's human, is to move on both screens."""
    joiner.wait_shown()
    joiner.aside()
    host.wait(lambda: host.picture(STATUS) == status_box(1, "Your move", "Red"),
              "Blue joined: the host's move")
    joiner.wait(lambda: joiner.picture(STATUS) == status_box(1, "To move", "Red"),
                "the joiner seeing Red to move")
    joined = title_bars(f"Chain Reaction - joined {where}")
    joiner.wait(lambda: joiner.picture(TITLE_BAR) in joined, "the joined title")


def take_turns(host: GameWindow, joiner: GameWindow) -> Board:
    """Each plays in turn and each move shows on both screens; a click out of turn is
    refused. Ends with Blue to move; the pieces on the board."""
    windows = (host, joiner)
    pieces: Board = {27: RED}
    play(host, 27, windows, pieces)
    joiner.wait(lambda: joiner.picture(STATUS) == status_box(2, "Your move", "Blue"),
                "the joiner's move")
    pieces[36] = DARK_BLUE
    play(joiner, 36, windows, pieces)
    # out of turn: the joiner is told to wait; neither board changes
    joiner.click(*centre(0))
    joiner.aside()
    joiner.wait(lambda: joiner.picture(panel_view.HELP) ==
                help_box("It is Red's turn: wait for it."), "the joiner told to wait")
    for window in windows:
        assert window.board() == board(pieces)
    for mover, square, colour in ((host, 0, RED), (joiner, 63, DARK_BLUE), (host, 7, RED)):
        pieces[square] = colour
        play(mover, square, windows, pieces)
    return pieces


def blue_leaves(host: GameWindow, joiner: GameWindow, pieces: Board) -> None:
    """Blue's turn: the joiner quits; the host's game waits for Blue to come back, and its
    help box says so (the line it shows after this note: ``test_host_window``)."""
    quits(joiner, JOINED_ICONS["quit"])
    host.wait(lambda: host.picture(STATUS) == status_box(2, "Waiting for", "Blue"),
              "the host waiting for Blue again")
    left = help_box("Blue left: the game waits.")
    host.wait(lambda: host.picture(panel_view.HELP) == left, "the help saying so")
    assert host.board() == board(pieces)


def quits(window: GameWindow, icon: Rect) -> None:
    """The Quit icon ends the program cleanly."""
    window.click(*icon.center)
    status, stderr = window.ended()
    assert status == 0
    assert "Traceback" not in stderr


def test_two_windows_play_over_the_network(xserver, tmp_path: Path, wait_for) -> None:
    port = free_port()
    where = f"127.0.0.1:{port}"
    host = GameWindow(*xserver(), tmp_path / "host",
                      ["--speed", "fast", "--seats", "H,N", "--listen", "127.0.0.1",
                       "--port", str(port), "--code", CODE], wait_for)
    windows = [host]
    try:
        host_waits(host, where)
        joiner = GameWindow(*xserver(), tmp_path / "joiner",
                            ["--speed", "fast", "--join", where, "--code", CODE], wait_for)
        windows.append(joiner)
        blue_joins(host, joiner, where)
        pieces = take_turns(host, joiner)
        blue_leaves(host, joiner, pieces)
        quits(host, WINDOW_ICONS["quit"])
    except BaseException:
        for name, window in zip(("host", "joiner"), windows, strict=False):
            print(f"---- the {name}'s window")
            window.report(tmp_path / f"e2e-failure-{name}.png")
        raise
    finally:
        for window in windows:
            window.stop()


def test_a_kiosk_follows_a_game_played_elsewhere(xserver, tmp_path: Path, wait_for) -> None:
    """``--kiosk --watch``: a museum screen, full screen, showing a game two computers play
    at a host elsewhere (here on 127.0.0.1), move by move, its title saying whose game."""
    from chainplus.app.seats import parse_seats
    from chainplus.net.host import Host
    from chainplus.net.hosted_game import HostConfig
    from chainplus.ui.window.scaler import Layout

    played = Host(HostConfig(parse_seats("C1,C1"), seed=3, code=CODE, budget=0.02,
                             pause=0.4))
    played.start()
    where = f"127.0.0.1:{played.address[1]}"
    display, screen = xserver()
    kiosk = GameWindow(display, screen, tmp_path,
                       ["--kiosk", "--supervised", "--watch", where, "--code", CODE], wait_for)
    try:
        kiosk.window, kiosk.geometry = wait_for(kiosk.find, "the kiosk's window", WAIT)
        layout = Layout.fit((int(kiosk.geometry["WIDTH"]), int(kiosk.geometry["HEIGHT"])))
        kiosk.left, kiosk.top = layout.area[0], layout.area[1]
        kiosk.scale = layout.area[2] // 640
        assert layout.area[2] == 640 * kiosk.scale  # a whole step on this screen
        titles = tuple(drawn(TITLE_BAR, lambda surface, focused=focused: widgets.window_frame(
            surface, focused, show_close=False, show_toggle=False,
            title=f"Chain Reaction - watching {where}")) for focused in (True, False))
        wait_for(lambda: kiosk.picture(TITLE_BAR) in titles, "the watching title", WAIT)
        def moved() -> dict[int, tuple[int, int, int]] | None:
            board = kiosk.board()
            return board if len(set(board.values())) > 1 else None

        first = wait_for(moved, "the host's moves", WAIT)
        wait_for(lambda: kiosk.board() != first, "more of them", WAIT)
    except BaseException:
        kiosk.report(tmp_path / "kiosk-watch.png")
        raise
    finally:
        kiosk.stop()
        played.stop()
