"""The board's features, each run against a local, a hosted and a joined game: the turn box,
the help line for the seat to move, a chain shown wave by wave with the panel's counts live,
the lessons and knocked-out lines a move brings, the winner said once, and the graph after the
game. One short game is played in each (classic rules, normal speed, so chains animate): Red
is played by clicks at the window, Blue by clicks too (local) or by a joiner over a raw
connection (hosted: the window hosts H,N; joined: the window joined a host's N,N and holds
Red). Real hosts on 127.0.0.1 only."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from pictures import blank_picture
from setups import memory

from chainplus.app.outcomes import Note
from chainplus.app.seats import parse_seats
from chainplus.net import protocol as msg
from chainplus.net.client import Connection
from chainplus.net.host import Host, HostConfig
from chainplus.ui.art import graph_view
from chainplus.ui.window.screen import squares_in
from chainplus.ui.window.showing import Showing
from chainplus.ui.window.targets import Part
from tests.test_host_window import hosting, line
from tests.test_net_window import joined, remote, run_until
from tests.test_ui_panel import drawn_number, wave_time

#: Red wins in seven moves: Red 0, Blue 2, Red 1, Blue 8, Red 0 (the corner bursts and takes
#: Blue's 8), Blue 0, Red 8 (three waves: Blue is out, Red wins).
GAME = (0, 2, 1, 8, 0, 0, 8)
#: The lesson the first move teaches (a corner loaded with one piece).
FIRST_LESSON = "This corner holds 1"
CODE = "FEAT42"
KINDS = ("local", "hosted", "joined")
#: What each says: the turn box's heading for Red (the window's seat), the help line while
#: Red and while Blue is to move, and the winner's line.
WORDS = {
    "local": ("To move", "Red: click an empty square or one of yours.",
              "Blue: click an empty square or one of yours.",
              "Red wins! Click New for another game."),
    "hosted": ("Your move", "Your move: click an empty square or one of yours.",
               "Blue to move, over the network.", "You win! Click New for another game."),
    "joined": ("Your move", "Your move: click an empty square or one of yours.",
               "Blue to move, over the network. You are Red.", "You win!"),
}


@dataclass
class Played:
    """A window playing ``GAME`` as ``kind`` has it, and every line it said."""

    kind: str
    ui: object  # the window-test helpers (conftest's ``ui``)
    app: object
    blue: Connection | None = None  # the joiner playing Blue (network games)
    host: Host | None = None  # the host the window joined
    said: list[Note] = field(default_factory=list)

    @property
    def words(self) -> tuple[str, str, str, str]:
        return WORDS[self.kind]

    def ready(self) -> bool:
        """The board is at rest, as a player sees it: a seat's turn, no chain, no window."""
        app = self.app
        if self.kind == "local":
            return app.mode.name == "play"
        state = remote(app).state
        return (joined(app) if self.kind == "joined" else hosting(app)) and \
            app.mode.name == "play" and state is not None and state.started

    def play(self, count: int) -> None:
        """Play ``GAME``'s next moves until ``count`` have been played, each once the board is
        at rest (the last one's chain may still be on show)."""
        app = self.app
        while len(app.game.moves) < count:
            number = len(app.game.moves)
            run_until(app, self.ready, f"move {number + 1}")
            square = GAME[number]
            if app.game.to_move == 1 or self.blue is None:
                self.ui.click_square(app, square)
            else:
                self.blue.send(msg.move(square, number=number + 1))
            run_until(app, lambda number=number: len(app.game.moves) > number,
                      f"move {number + 1} on the board")

    def close(self) -> None:
        self.app.close()
        if self.blue is not None:
            self.blue.close()
        if self.host is not None:
            self.host.stop()


@pytest.fixture(params=KINDS)
def played(request, ui) -> Iterator[Played]:
    kind = request.param
    if kind == "local":
        app = ui.make_app(seats=parse_seats("H,H"), rules="classic")
        game = Played(kind, ui, app)
    elif kind == "hosted":
        app = ui.make_app(seats=parse_seats("H,N"), fixed_seats=True, rules="classic", port=0,
                          host_code=CODE)
        assert hosting(app)
        blue = Connection.open(*line(app).host.address, memory().transport)
        blue.send(msg.hello(CODE))
        game = Played(kind, ui, app, blue)
    else:
        host = Host(HostConfig(parse_seats("N,N"), "classic", code=CODE), network=memory())
        host.start()
        app = ui.make_app(join=host.address, join_code=CODE)
        run_until(app, lambda: remote(app).seat == 1, "the window to hold Red")
        blue = Connection.open(*host.address, memory().transport)
        blue.send(msg.hello(CODE))
        game = Played(kind, ui, app, blue, host)
    table = app.table
    say = table.say

    def heard(note: Note) -> None:
        game.said.append(note)
        say(note)

    table.say = heard
    try:
        yield game
    finally:
        game.close()


def help_line(app) -> str:
    """The help line with the pointer on nothing and no message on show."""
    app.table.cues.message.clear()
    app.inputs.pointer = None
    return app.help_text()[0]


def test_the_turn_box_says_whose_turn_it_is(played) -> None:
    app, (head, _, _, _) = played.app, played.words
    run_until(app, played.ready, "Red's turn")
    assert tuple(app.mode.picture.status()) == (1, head, "Red", False)
    played.play(1)
    run_until(app, played.ready, "Blue's turn")
    assert tuple(app.mode.picture.status()) == (2, "To move", "Blue", False)


def test_the_help_line_says_who_is_to_move_and_how(played) -> None:
    app, (_, red, blue, _) = played.app, played.words
    run_until(app, played.ready, "Red's turn")
    assert help_line(app) == red and app.mode.human_to_move()
    played.play(1)
    run_until(app, played.ready, "Blue's turn")
    assert help_line(app) == blue
    assert app.mode.human_to_move() == (played.kind == "local")  # Blue is clicked here


def test_a_chain_is_shown_wave_by_wave_with_the_counts_live(played) -> None:
    app = played.app
    played.play(len(GAME))
    run_until(app, lambda: app.mode.name == "animate", "the last chain")
    chain = app.mode.phase
    assert isinstance(chain, Showing) and len(chain.cascade.waves) == 3
    picture, drawn = blank_picture(), []
    for wave in range(-1, len(chain.cascade.waves)):
        app.clock.advance(wave_time(chain, wave) - app.clock.now())
        app.update()
        assert app.mode.phase is chain and chain.wave == wave
        frame = squares_in(app.mode.picture.frame())
        assert frame == squares_in(chain.frames[max(0, wave)])
        app.draw(picture)
        drawn.append((drawn_number(picture, 1, 2), drawn_number(picture, 2, 2)))
        assert drawn[-1] == (frame[1], frame[2])  # the panel counts the frame on show
    final = (app.game.squares[1], app.game.squares[2])
    assert len(set(drawn)) >= 2 and final not in drawn  # they moved with the waves...
    app.clock.advance(chain.end + 0.01 - app.clock.now())
    app.update()
    app.draw(picture)
    assert app.mode.name == "over"
    assert (drawn_number(picture, 1, 2), drawn_number(picture, 2, 2)) == final  # ...to the end


def test_a_moves_lessons_and_knocked_out_lines_are_said(played) -> None:
    app = played.app
    played.play(1)
    run_until(app, played.ready, "Blue's turn")
    lessons = [note for note in played.said if note.lesson]
    assert [note.text[:len(FIRST_LESSON)] for note in lessons] == [FIRST_LESSON]
    played.play(len(GAME))
    run_until(app, lambda: app.mode.name == "over", "the end")
    texts = [note.text for note in played.said]
    assert "Blue is out of the game." in texts
    assert texts.index("Blue is out of the game.") < texts.index(played.words[3])


def test_the_winner_is_said_once(played) -> None:
    app, winner = played.app, played.words[3]
    played.play(len(GAME))
    run_until(app, lambda: app.mode.name == "over", "the end")
    assert app.table.services.sounds.played.count("win") == 1
    assert tuple(app.mode.picture.status()) == (1, "The winner is", "Red", True)
    app.clock.advance(3.0)
    app.update()  # whatever the host says after the game (its state, its goodbye)...
    run_until(app, lambda: played.kind == "local" or not remote(app).line.events.qsize(),
              "the host's last words")
    assert [note.text for note in played.said].count(winner) == 1  # ...the win is said once
    assert app.table.services.sounds.played.count("win") == 1 and app.mode.name == "over"


def test_the_graph_is_shown_after_the_game(played) -> None:
    app = played.app
    played.play(len(GAME))
    run_until(app, lambda: app.mode.name == "over", "the end")
    assert not isinstance(app.hit(graph_view.SHARES.center), Part)  # not at once...
    run_until(app, lambda: app.mode.phase.graph_open, "the graph")  # ...but a moment after
    ending = app.mode.phase
    run_until(app, lambda: ending.judging.done, "the graph worked out")
    shown = ending.graph()
    assert shown is not None and shown.moves == len(GAME) and shown.buttons
    part = app.hit(graph_view.SHARES.center)
    assert isinstance(part, Part) and part.name.startswith("move-")
    assert app.mode.help(part).startswith("Click to replay the game from move")
