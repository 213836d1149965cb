"""Looking back on games in the window: the graph after a game, the replay and its controls,
Play on, the games window (save, list, open), a file dropped on the window, and a record
named on the command line."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pygame
import pytest

from chainplus.ai.judgement import series
from chainplus.ai.service_process import Service
from chainplus.app.games import players_in
from chainplus.app.seats import parse_seats
from chainplus.app.store import Store
from chainplus.core.game import Game
from chainplus.core.records import game_from_text, record_of
from chainplus.ui.art import games_view, graph_view, panel_view, review_view
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.window.display import NullDisplay
from chainplus.ui.window.graph_parts import graph_places
from chainplus.ui.window.judging import GraphJudge
from chainplus.ui.window.loop import turn
from chainplus.ui.window.over.review import ReviewWindow
from chainplus.ui.window.targets import ADJUST, Part
from chainplus.ui.window.wake import post_wake
from tests.paths import ROOT
from tests.test_touch import tap

NODES = 20  # the judgement's effort per position: strength does not matter here


def key(app, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def make(ui, tmp_path: Path | None = None, **options):
    store = Store(tmp_path) if tmp_path is not None else None
    return ui.make_app(store=store, judge_nodes=NODES, **options)


def won_game(seed: int = 3, seats=(1, 2)) -> Game:
    import random

    game, rng = Game(seats), random.Random(seed)
    while not game.over:
        game.play(game.random_move(rng))
    return game


def finish_a_game(ui, app) -> None:
    """Computers play the game to its end."""
    for _ in range(4000):
        ui.advance(app, 0.2)
        if app.mode.name == "over":
            return
    raise AssertionError("the game did not end")


def computers(ui, tmp_path=None, **options):
    return make(ui, tmp_path, seats=parse_seats("C1:50,C1:50"), speed="instant", **options)


def test_the_graph_shows_after_a_game_and_a_click_on_it_replays_from_that_move(ui) -> None:
    app = computers(ui)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    over = app.mode.phase
    assert over.graph_open
    shown = over.graph()
    assert len(shown.judged) == shown.moves + 1  # all worked out, in step with the window
    assert shown.turn is not None and shown.words.startswith(f"Move {shown.turn}:")
    x = graph_view.x_of(graph_view.SHARES, 10, shown.moves)
    ui.post_click(app, (x, graph_view.SHARES.centery))
    assert isinstance(app.mode, ReviewWindow) and app.mode.replay.at == 10
    key(app, pygame.K_ESCAPE)
    assert app.mode.phase is over


def test_the_graph_hides_and_the_icons_still_work(ui) -> None:
    app = computers(ui)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    ui.post_click(app, graph_view.BUTTONS["close"].center)
    assert app.mode.name == "over" and not app.mode.phase.graph_open
    ui.click_icon(app, "new")
    assert app.mode.name == "play" and app.game.moves == []


def test_a_kiosk_shows_the_graph_then_the_next_game_as_before(ui) -> None:
    app = computers(ui, kiosk=True, idle_seconds=3600.0)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    assert app.mode.phase.graph_open and not app.mode.phase.graph().buttons
    ui.post_click(app, graph_view.SHARES.center)  # a kiosk's graph replays nothing
    assert app.mode.name == "over"
    ui.advance(app, 10.0)
    assert app.mode.name == "play" and app.game.winner is None


def review_of(ui, game: Game, **options):
    app = make(ui, **options)
    app.stack.push(ReviewWindow(app.table, game, players_in(app.session.panel, game), at=0))
    return app


def test_the_replay_steps_by_button_key_finger_and_board_click(ui) -> None:
    game = won_game()
    app = review_of(ui, game)
    review = app.mode
    ui.post_click(app, review_view.BUTTONS["next"].center)
    key(app, pygame.K_RIGHT)
    tap(app, review_view.BUTTONS["next"].center)
    ui.click_square(app, 0)  # a click on the board: the next move
    assert review.replay.at == 4
    ui.click_square(app, 0, ADJUST)
    key(app, pygame.K_LEFT)
    ui.post_click(app, review_view.BUTTONS["back"].center)
    assert review.replay.at == 1
    key(app, pygame.K_END)
    assert review.replay.at == len(game.moves) and review.replay.position.winner == game.winner
    ui.post_click(app, review_view.BUTTONS["start"].center)
    assert review.replay.at == 0 and app.mode.status().line == "The start"
    assert app.game.moves == []  # the game under the replay is untouched


def test_a_step_forward_shows_the_moves_chain_as_play_does(ui) -> None:
    game = won_game()
    chained = next(i for i in range(len(game.moves)) if _waves(game, i) >= 2)
    app = review_of(ui, game)
    app.mode.replay.jump(chained)
    ui.post_click(app, review_view.BUTTONS["next"].center)
    assert app.mode.animating
    seen = set()
    while app.mode.animating:
        seen.add(app.mode.chain.at(app.clock.now())[0])
        ui.advance(app, 0.05)
    assert {-1, 0, 1} <= seen and app.mode.replay.at == chained + 1


def _waves(game: Game, index: int) -> int:
    board = Game(game.seats, game.rules)
    for square in game.moves[:index]:
        board.play(square)
    return len(board.play(game.moves[index]).waves)


def test_play_on_makes_the_shown_position_live_and_undo_brings_the_game_back(ui) -> None:
    game = won_game()
    app = review_of(ui, game, seats=parse_seats("H,H"))
    ui.click_square(app, 27)
    before = app.session.game  # empty: the board under the replay
    app.mode.replay.jump(6)
    ui.post_click(app, review_view.BUTTONS["play-on"].center)
    assert app.mode.name == "play" and app.game.moves == game.moves[:6]
    assert "Playing on after 6 moves" in ui.message(app)
    assert before.moves == []


def test_a_finished_position_cannot_be_played_on(ui) -> None:
    app = review_of(ui, won_game())
    key(app, pygame.K_END)
    ui.post_click(app, review_view.BUTTONS["play-on"].center)
    assert isinstance(app.mode, ReviewWindow) and "step back" in ui.message(app)


def test_the_graph_button_and_escape(ui) -> None:
    app = review_of(ui, won_game())
    ui.post_click(app, review_view.BUTTONS["graph"].center)
    assert app.mode.graph_open
    key(app, pygame.K_ESCAPE)  # hides the graph first
    assert isinstance(app.mode, ReviewWindow) and not app.mode.graph_open
    ui.post_click(app, review_view.BUTTONS["close"].center)
    assert app.mode.name == "play"


def test_the_replays_graph_takes_the_keys_cursor_while_it_is_open(ui) -> None:
    app = review_of(ui, won_game())
    ui.post_click(app, review_view.BUTTONS["graph"].center)
    key(app, pygame.K_TAB)  # shows the cursor on the graph (where it turned), not under it
    first = next(iter(graph_places(app.mode.graph())))
    assert app.inputs.cursor_target() == Part(first)
    while app.inputs.cursor_target() != Part("graph-close"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # Close
    assert isinstance(app.mode, ReviewWindow) and not app.mode.graph_open
    assert app.inputs.cursor_target() == Part(next(iter(review_view.BUTTONS)))


def test_escape_hides_the_graph_after_a_game(ui) -> None:
    app = computers(ui)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    assert app.mode.phase.graph_open
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "over" and not app.mode.phase.graph_open


def test_the_graphs_moves_take_the_keys_from_the_turning_point(ui) -> None:
    """The cursor starts on the move where the game turned, steps along the graph with the
    arrows, and Return replays from the move it is on."""
    app = computers(ui)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    turn = app.mode.phase.graph().turn
    assert turn is not None
    while ui.message(app):  # the winner's message goes
        ui.advance(app, 0.5)
    key(app, pygame.K_TAB)
    assert app.inputs.cursor_target() == Part(f"move-{turn}")
    assert app.help_text()[0] == f"Select to replay the game from move {turn}."
    way, then = (pygame.K_LEFT, turn - 1) if turn > 0 else (pygame.K_RIGHT, turn + 1)
    key(app, way)
    assert app.inputs.cursor_target() == Part(f"move-{then}")
    key(app, pygame.K_RETURN)
    assert isinstance(app.mode, ReviewWindow) and app.mode.replay.at == then


def test_space_presses_what_the_cursor_is_on_in_a_replay(ui) -> None:
    """With the cursor on the graph's Replay button, Space presses it (the graph hides)
    instead of stepping the board under it; arrows move the cursor along the graph."""
    app = review_of(ui, won_game())
    ui.post_click(app, review_view.BUTTONS["graph"].center)
    at = app.mode.replay.at
    key(app, pygame.K_TAB)
    while app.inputs.cursor_target() != Part("graph-replay"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert not app.mode.graph_open and app.mode.replay.at == at
    ui.post_click(app, review_view.BUTTONS["graph"].center)
    key(app, pygame.K_TAB)
    while app.inputs.cursor_target() != Part("graph-replay"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert app.mode.replay.at == at and app.inputs.cursor_target() == Part("graph-close")


def test_every_part_has_help_that_fits(ui) -> None:
    from chainplus.ui.art import panel_view

    app = review_of(ui, won_game())
    app.mode.graph_open = True
    for name in (*review_view.BUTTONS, "pane", "move-3", "graph-close", "graph-replay",
                 "graph-window", "graph-close-icon"):
        line = app.mode.own_help(Part(name))
        assert len(panel_view.help_lines(line)) <= panel_view.HELP_LINES, line


# --------------------------------------------------------------------------- games window
def test_save_lists_and_reopens_a_game(ui, tmp_path) -> None:
    app = make(ui, tmp_path, seats=parse_seats("H,H"))
    for square in (0, 9, 18):
        ui.click_square(app, square)
        ui.settle(app)
    ui.click_icon(app, "games")
    assert app.mode.name == "games"
    ui.post_click(app, games_view.TOP_BUTTONS["save"].center)
    assert "Saved in" in ui.message(app) and "/games/saved" in ui.message(app)
    saved = list((tmp_path / "games" / "saved").glob("*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["moves"] == [[0, 0], [1, 1],
                                                                            [2, 2]]
    assert app.mode.shown_entries and app.mode.shown_entries[0].saved
    ui.post_click(app, games_view.row_rect(0).center)
    assert isinstance(app.mode, ReviewWindow) and app.mode.replay.moves == (0, 9, 18)
    ui.post_click(app, review_view.BUTTONS["close"].center)
    assert app.mode.name == "play" and app.game.moves == [0, 9, 18]


def test_the_games_window_closes_like_the_rules_window(ui, tmp_path) -> None:
    app = make(ui, tmp_path)
    for how in ("escape", "outside", "close"):
        ui.click_icon(app, "games")
        if how == "escape":
            key(app, pygame.K_ESCAPE)
        elif how == "outside":
            ui.click_icon(app, "speed")
        else:
            ui.post_click(app, games_view.FOOTER["close"].center)
        assert app.mode.name == "play" and app.session.speed == "normal"


# --------------------------------------------------------------------------- opening files
def drop(app, path: Path | str) -> None:
    app.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(path), window=None))


def test_a_record_dropped_on_the_window_opens_in_a_replay(ui, tmp_path) -> None:
    game = won_game(seats=(1, 2, 3, 4))
    path = tmp_path / "four.json"
    path.write_text(json.dumps(record_of(game)))
    app = make(ui)
    ui.click_square(app, 27)
    drop(app, path)
    assert isinstance(app.mode, ReviewWindow) and app.mode.graph_open
    assert app.mode.replay.moves == tuple(game.moves)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "play" and app.game.moves[0] == 27


def test_a_replay_shows_the_records_own_players_never_the_live_panels(ui, tmp_path,
                                                                       monkeypatch) -> None:
    """A 4-seat record dropped on a window set up for two: the panel shows the four who played
    it (the computers' levels as the record says; a seat it does not say, as a human), none of
    them striped as not in play; a click on it changes nothing; closing brings the live panel
    back."""
    game = won_game(seats=(1, 2, 3, 4))
    path = tmp_path / "four.json"
    seats = [{"seat": 1, "kind": "human"}, {"seat": 2, "kind": "computer", "level": 4,
                                            "random_pct": 0}, {"seat": 4, "kind": "network"}]
    path.write_text(json.dumps({**record_of(game), "seats": seats}))
    app = make(ui, seats=parse_seats("H,C2"))
    live = dict(app.session.panel)
    drop(app, path)
    shown = app.mode.picture.panel
    assert [(shown[s].kind, shown[s].plays_as) for s in (1, 2, 3, 4)] == [
        ("human", "human"), ("computer", "computer"), ("human", "human"),
        ("network", "network")]
    assert (shown[2].level, shown[2].random_pct) == (4, 0)
    drawn = []
    monkeypatch.setattr(panel_view, "draw_panel", lambda _s, setup, *rest: drawn.append(setup))
    app.draw(pygame.Surface((640, 480)))
    assert drawn == [shown]  # the screen draws the record's players
    monkeypatch.undo()
    ui.click_cell(app, 3, 1)
    assert app.session.panel == live and "players" in ui.message(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "play" and app.mode.picture.panel == live


@pytest.mark.parametrize("content", [b"{not json", b"\x00\xff" * 10, b'{"players": 9}',
                                     b'{"players": 2, "moves": [[0, 0], [0, 0]]}',
                                     b"[" * 100000])
def test_a_bad_file_dropped_gets_one_line_and_the_game_is_untouched(ui, tmp_path,
                                                                     content) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    app = make(ui)
    ui.click_square(app, 27)
    before = app.game.state()
    for dropped in (path, tmp_path, tmp_path / "missing.json"):
        drop(app, dropped)
        assert app.mode.name == "play" and app.game.state() == before
        assert ui.message(app) and app.table.cues.message.value.warn


def test_a_kiosk_takes_no_dropped_file(ui, tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(won_game())))
    app = make(ui, kiosk=True, idle_seconds=3600.0)
    drop(app, path)
    assert app.mode.name == "play"


def test_a_record_named_at_the_start_opens_in_a_replay(ui, tmp_path) -> None:
    game = won_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(game)))
    app = make(ui, open_path=path)
    assert isinstance(app.mode, ReviewWindow) and app.mode.replay.moves == tuple(game.moves)
    bad = make(ui, open_path=tmp_path / "nothing.json")
    assert bad.mode.name == "play" and "No such file" in ui.message(bad)


def test_the_review_screens_draw_at_640x480(ui) -> None:
    """The replay pane covers the icons, and the graph window the board."""
    app = review_of(ui, won_game(seats=(1, 2, 3)))
    surface = pygame.Surface((640, 480))
    app.draw(surface)
    app.mode.graph_open = True
    with_graph = pygame.Surface((640, 480))
    app.draw(with_graph)
    board = cell_rect(0)
    assert pygame.image.tobytes(surface.subsurface(board), "RGB") != \
        pygame.image.tobytes(with_graph.subsurface(board), "RGB")
    assert app.hit(app.icons["new"].center) == Part("start")  # the pane lies over the icons


def test_the_graphs_judgement_is_worked_out_in_the_computers_own_process(ui) -> None:
    """As in the game: a 200-move record dropped on the window is judged at level 5's full
    effort in the computer's own process, which goes on while the window's thread is busy
    (here with one long frame, to the end of the judgement) and wakes the window as points
    come; the window judges nothing itself."""
    woke: list[bool] = []
    service = Service()
    app = ui.make_app(judge=GraphJudge(lambda: woke.append(True), service))
    try:
        drop(app, ROOT / "tests" / "data" / "review" / "2-seats.json")
        judging = app.table.services.judge.judging
        assert not judging.done and judging.points == []

        def present() -> None:  # the window busy with its frame until the judgement is done
            until = time.monotonic() + 60
            while not judging.done and time.monotonic() < until:
                time.sleep(0.005)

        display = NullDisplay()
        display.present = present
        app.dirty = True
        assert turn(app, display, [])
        assert judging.done and len(judging.points) == len(judging.moves) + 1
        assert judging.turn is not None and len(woke) > 1
    finally:
        service.close()


def test_a_judgement_whose_process_dies_goes_on_in_step_with_the_window(ui) -> None:
    """From where the process got to, to the same points it would have given."""
    service = Service()
    app = ui.make_app(judge=GraphJudge(post_wake, service, nodes=NODES))
    game = game_from_text((ROOT / "tests" / "data" / "review" / "3-seats.json").read_bytes())
    try:
        judging = app.table.judging_of(game)
        assert service.pid is not None
        os.kill(service.pid, signal.SIGKILL)
        until = time.monotonic() + 60
        while not judging.done and time.monotonic() < until:
            judging.poll()  # nothing until the judging hears the process is gone
            time.sleep(0.001)
        assert judging.done and service.broken is not None
        assert judging.points == list(series(game, nodes=NODES))
    finally:
        service.close()


def test_the_games_window_lists_every_game_saved_first_and_opens_the_oldest(ui, tmp_path):
    """400 kept and 100 saved: every one is listed, page by page (the saved first, each newest
    first, a page read only when shown), and the oldest saved opens in a replay."""
    games = {True: tmp_path / "games" / "saved", False: tmp_path / "games" / "kept"}
    names: dict[bool, list[str]] = {True: [], False: []}
    for saved, count in ((True, 100), (False, 400)):
        games[saved].mkdir(parents=True)
        for number in range(count):
            month, day, minute = 1 + number // 28 % 12, 1 + number % 28, number // 336
            name = f"2026-{month:02d}-{day:02d}_10-{minute:02d}-0{int(saved)}.json"
            moves = [[number % 8, number // 8 % 8]]
            (games[saved] / name).write_text(json.dumps({"players": 2, "moves": moves}))
            names[saved].append(name[:-5])
    app = make(ui, tmp_path)
    ui.click_icon(app, "games")
    window = app.mode
    assert window.pages == 100 and len(window.read) == 0  # nothing read yet
    listed = []
    for _ in range(window.pages):
        listed += [entry.name for entry in window.shown_entries]
        key(app, pygame.K_RIGHT)
    assert listed == sorted(names[True], reverse=True) + sorted(names[False], reverse=True)
    key(app, pygame.K_HOME)
    assert window.page == 0
    for _ in range(19):
        ui.post_click(app, games_view.FOOTER["next"].center)
    oldest = window.shown_entries[-1]
    assert oldest.saved and oldest.name == min(names[True])
    ui.post_click(app, games_view.row_rect(4).center)
    assert isinstance(app.mode, ReviewWindow) and len(app.mode.replay.moves) == 1


def test_an_empty_games_list_counts_nothing() -> None:
    assert games_view.heading(0, 0) == "Games won and saved:"  # "None yet" underneath
    assert games_view.heading(0, 1) == "1 game won, newest first:"
    assert games_view.heading(2, 3) == "2 saved, then 3 won; newest first:"


def test_points_that_come_between_two_updates_are_drawn(ui) -> None:
    """The computer's process hands the graph its points on a thread of its own, so the last
    of them may come between two updates: the screen is drawn again all the same, not left at
    a part-done graph."""
    app = ui.make_app(judge_nodes=20)
    drop(app, ROOT / "tests" / "data" / "review" / "2-seats.json")
    judging = app.table.services.judge.judging
    ui.settle(app)
    assert judging.done
    app.update()
    app.draw(pygame.Surface((640, 480)))
    assert not app.dirty
    judging.points.append(judging.points[-1])  # as the reply thread would, between updates
    app.update()
    assert app.dirty
