"""A window following a host's game catches up when moves come faster than it can show them:
the moves waiting are all played on its game, only the last one's chain is shown, and the next
frame shows the latest board. The line to the host is a queue the test fills (no network), the
loop gone round on the test's hand-moved clock as the real one goes, so nothing here is timed.
"""

from __future__ import annotations

import random

import pytest

from chainplus.ai.players import choose_move
from chainplus.app.seats import SeatSpec
from chainplus.core.game import Game
from chainplus.net import protocol as msg
from chainplus.net.link import Events
from chainplus.ui.window import joined
from chainplus.ui.window.loop import turn

FRAME = 1 / 60
#: Moves into the game before the test's: chains come from here on.
STARTED = 45


class QueuedLine:
    """A joiner's line to a host that says only what the test puts on ``events``."""

    def __init__(self, host: str, port: int, code: str, watch: bool = False,
                 **kwargs: object) -> None:
        self.events = Events()
        self.host, self.port, self.code, self.watch = host, port, code, watch
        self.where = f"{host}:{port}"
        self.sent: list[tuple[int, int, int]] = []

    def start(self) -> None:
        pass

    def send_move(self, seat: int, square: int, number: int) -> bool:
        self.sent.append((seat, square, number))
        return True

    def drop(self) -> None:
        pass

    def close(self) -> None:
        pass


def played(count: int, seed: int = 5) -> Game:
    """A two-player game of ``count`` moves as level-3 bots play it, every chain of it set
    off."""
    game, rng = Game((1, 2)), random.Random(seed)
    while len(game.moves) < count and game.winner is None:
        game.play(choose_move(game, 3, 0, rng))
    return game


def state_of(game: Game) -> msg.GameState:
    return msg.GameState(number=1, games=1, game=game, seats=(SeatSpec("network", 3, 0),) * 2
                         + (SeatSpec("off"),) * 2, connected=(1, 2), waiting=(), started=True)


def go_round(app, frames: int) -> list[int]:
    """The loop for ``frames`` frames drawn (60 a second while animating, else as soon as
    something is due); the moves on the board at each."""
    shown = []
    for _ in range(10 * frames):
        if len(shown) == frames:
            break
        step = FRAME if app.animating else min(FRAME, app.wait_time(app.clock.now()))
        app.clock.advance(max(0.001, step))
        if turn(app, app.display, []):
            shown.append(len(app.board.shown.session.game.moves))
    return shown


@pytest.fixture
def watching(ui, monkeypatch):
    """A window watching a host's game at the normal speed, its line the test's queue."""
    monkeypatch.setattr(joined, "Link", QueuedLine)
    app = ui.make_app(speed="normal", join=("127.0.0.1", 4770), join_code="test42", watch=True)
    line = app.board.referee.line
    assert isinstance(line, QueuedLine)
    line.events.put(msg.Watching())
    line.events.put(state_of(Game((1, 2))))
    go_round(app, 2)
    yield app, line
    app.close()


def moves_of(game: Game, first: int = 1) -> list[msg.Moved]:
    """The moves of ``game`` from number ``first`` on, as the host says them."""
    replay, said = Game(game.seats, game.rules), []
    for number, square in enumerate(game.moves, start=1):
        if number >= first:
            said.append(msg.Moved(square=square, seat=replay.to_move or 0, number=number))
        replay.play(square)
    return said


def chained(game: Game) -> list[bool]:
    """Whether each move of ``game`` set off a chain."""
    replay = Game(game.seats, game.rules)
    return [bool(replay.play(square).waves) for square in game.moves]


def test_twenty_moves_at_once_are_all_played_and_the_next_frame_shows_the_last(watching) -> None:
    app, line = watching
    game = played(STARTED + 20)
    assert len(game.moves) == STARTED + 20 and sum(chained(game)[STARTED:]) >= 3
    line.events.put(state_of(played(STARTED)))  # the game as it stood when the window came
    go_round(app, 1)
    for move in moves_of(game, STARTED + 1):
        line.events.put(move)
    shown = go_round(app, 1)
    assert shown == [len(game.moves)]  # one frame: the latest board, no move left out
    session = app.board.shown.session
    assert session.game.moves == game.moves
    assert session.game.state() == game.state()
    assert line.events.empty()
    phase = app.stack.controller.phase
    assert (phase.name == "animate") == chained(game)[-1]  # only the last move's chain
    while app.animating:
        go_round(app, 1)
    counts, owners = app.stack.controller.phase.frame()
    assert (list(counts), list(owners)) == (list(game.counts), list(game.owners))


def test_moves_that_arrive_one_by_one_each_show_their_chain(watching) -> None:
    app, line = watching
    game = played(STARTED + 20)
    line.events.put(state_of(played(STARTED)))
    go_round(app, 1)
    chains = 0
    for move in moves_of(game, STARTED + 1):
        line.events.put(move)
        go_round(app, 1)
        chains += app.stack.controller.phase.name == "animate"
        while app.animating:  # the chain at the speed chosen, to its end
            go_round(app, 1)
    assert app.board.shown.session.game.moves == game.moves
    assert chains == sum(chained(game)[STARTED:]) >= 3


def test_moves_waiting_behind_a_chain_on_show_cut_it_and_are_all_played(watching) -> None:
    app, line = watching
    game = played(STARTED + 20)
    first = chained(game).index(True, STARTED)  # the first move to set off a chain
    line.events.put(state_of(played(first)))
    go_round(app, 1)
    line.events.put(moves_of(game, first + 1)[0])
    go_round(app, 1)
    assert app.stack.controller.phase.name == "animate"
    for move in moves_of(game, first + 2):
        line.events.put(move)
    shown = go_round(app, 1)
    assert shown == [len(game.moves)]  # caught up at the next frame
    assert app.board.shown.session.game.moves == game.moves
