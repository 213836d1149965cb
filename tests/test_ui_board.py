"""The board in the window, driven by posted mouse events: placing, refusing, hovering,
cascades shown wave by wave, the end of the game, and the last move marked after a restart."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pygame
from pictures import blank_picture

from chainplus.app.store import Store
from chainplus.core.rules import square_of
from chainplus.ui.art import board_view
from chainplus.ui.art.theme import BLACK
from chainplus.ui.window.controls import Effect
from chainplus.ui.window.screen import squares_in

HUMAN = "human"


def two_humans(ui, **options):
    app = ui.make_app(**options)
    app.session.panel[2].kind = app.session.panel[2].plays_as = HUMAN
    ui.click_icon(app, "new")
    return app


def test_select_on_a_legal_square_places_for_the_human_to_move(ui) -> None:
    app = two_humans(ui)
    sq = square_of(3, 4)
    ui.click_square(app, sq)
    assert app.game.moves == [sq]
    assert app.game.owners[sq] == 1 and app.game.counts[sq] == 1
    assert app.game.to_move == 2
    assert "place" in app.table.services.sounds.played


def test_adjust_on_the_board_never_places(ui) -> None:
    app = two_humans(ui)
    ui.click_square(app, 10, button=3)
    assert app.game.moves == []
    assert "Select" in app.help_text()[0]


def test_click_on_another_seats_square_is_refused_and_changes_nothing(ui) -> None:
    app = two_humans(ui)
    ui.click_square(app, 0)   # red
    ui.click_square(app, 9)   # blue
    ui.click_square(app, 20)  # red
    before = app.game.state()
    ui.click_square(app, 0)   # blue clicks red's square
    assert app.game.state() == before
    assert app.table.cues.refusal.value == 0
    assert app.table.services.sounds.played[-1] == "illegal"
    text, warn = app.help_text()
    assert warn and "Red" in text
    ui.advance(app, 1.0)
    assert app.table.cues.refusal.value is None  # the cue goes away by itself


def test_the_square_under_the_pointer_is_highlighted_only_when_legal(ui) -> None:
    from chainplus.ui.art.board_view import cell_rect
    from chainplus.ui.art.theme import CREAM, WHITE

    app = two_humans(ui)
    ui.click_square(app, 0)
    screen = pygame.display.get_surface()
    corner = lambda sq: (cell_rect(sq).x + 3, cell_rect(sq).y + 3)  # noqa: E731
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_rect(20).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    ui.pump(app)
    assert app.mode.phase.hover(app.inputs.pointer) == 20
    app.draw(screen)
    assert screen.get_at(corner(20))[:3] == CREAM
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_rect(0).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    ui.pump(app)
    # blue to move: red's square is not legal
    assert app.mode.phase.hover(app.inputs.pointer) is None
    app.draw(screen)
    assert screen.get_at(corner(0))[:3] == WHITE


def point_at(ui, app, square: int) -> None:
    """Move the pointer over ``square`` with a posted motion event."""
    centre = board_view.cell_rect(square).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    ui.pump(app)


def test_pointing_at_a_square_says_what_it_holds_and_when_it_explodes(ui) -> None:
    """The help line names the square's kind, the count that explodes it under the game's rules
    and whose pieces it holds, for the human to move and for a square they may not play."""
    app = two_humans(ui)
    ui.click_square(app, 0)  # red
    app.table.cues.message.clear()
    point_at(ui, app, 0)  # blue to move: red's corner
    assert app.help_text() == ("Corner square: explodes at 3 pieces. Red's, 1 piece.", False)
    point_at(ui, app, 4)
    assert app.help_text() == ("Edge square: explodes at 4 pieces. Empty.", False)
    classic = two_humans(ui, rules="classic")
    classic.table.cues.message.clear()
    point_at(ui, classic, 27)
    assert classic.help_text() == ("Centre square: explodes at 4 pieces. Empty.", False)


def test_pointing_at_the_board_during_a_chain_says_a_click_finishes_it(ui) -> None:
    app = two_humans(ui)
    two_wave_chain(app)
    ui.click_square(app, 0)
    assert app.mode.name == "animate"
    app.table.cues.message.clear()
    point_at(ui, app, 40)
    assert app.help_text() == ("Click to finish the chain at once.", False)


def corner_about_to_burst(app) -> None:
    """Red holds 2 on the top-left corner and blue has pieces next to it; red to move."""
    for sq in (0, 1, 0, 8):  # red 0, blue 1, red 0, blue 8
        app.game.play(sq)


def two_wave_chain(app) -> None:
    """Red to move with 2 on the top-left corner and 3 beside it: a click on 0 chains."""
    for sq in (0, 2, 0, 10):  # red twice in the corner, blue elsewhere
        app.game.play(sq)
    app.game.play(1)          # red on the edge next to the corner: 1 piece
    app.game.play(20)
    app.game.play(1)          # red: 2 on square 1 (edge, explodes at 4)
    app.game.play(21)
    app.game.play(1)          # red: 3 on square 1, one short
    app.game.play(22)


def test_a_cascade_is_shown_wave_by_wave_and_a_click_finishes_it(ui) -> None:
    app = two_humans(ui)
    two_wave_chain(app)
    moves = len(app.game.moves)
    ui.click_square(app, 0)   # corner bursts into 1, which bursts into 0, 2 (blue) and 9 ...
    assert app.mode.name == "animate"
    chain = app.mode.phase
    cascade = chain.cascade
    assert len(cascade.waves) >= 2
    assert chain.wave == -1  # the placement shows first
    seen = []
    for _ in range(40):
        ui.advance(app, 0.05)
        if app.mode.name != "animate":
            break
        if chain.wave >= 0 and chain.wave not in seen:
            seen.append(chain.wave)
            counts, owners = app.mode.picture.frame()
            assert (tuple(counts), tuple(owners)) == chain.frames[chain.wave]
    assert seen[:2] == [0, 1]
    assert app.table.services.sounds.played.count("explode") <= len(cascade.waves)
    # play on: and this time click in the middle of the chain
    app.game.undo()
    app.mode.follow(Effect.RESTART)
    ui.click_square(app, 0)
    assert app.mode.name == "animate"
    ui.advance(app, 0.25)
    ui.click_square(app, 40)  # a click during the animation finishes it...
    assert app.mode.name != "animate"
    assert len(app.game.moves) == moves + 1  # ...and is never a placement
    assert app.game.counts[40] == 0


def test_column_two_counts_change_in_step_with_the_animation(ui) -> None:
    app = two_humans(ui)
    two_wave_chain(app)
    ui.click_square(app, 0)
    assert app.mode.name == "animate"
    frames = app.mode.phase.frames
    shown = []
    while app.mode.name == "animate":
        owners = app.mode.picture.frame()[1]
        squares = squares_in(app.mode.picture.frame())
        assert squares[1:] == [list(owners).count(s) for s in (1, 2, 3, 4)]
        if squares not in shown:
            shown.append(squares)
        ui.advance(app, 0.02)
    # the counts moved frame by frame, before the move was over
    expected = []
    for _, owners in frames[:-1]:
        squares = [0] + [list(owners).count(s) for s in (1, 2, 3, 4)]
        if squares not in expected:
            expected.append(squares)
    assert shown == expected and len(expected) >= 2


def test_instant_speed_skips_the_animation(ui) -> None:
    app = two_humans(ui, speed="instant")
    for sq in (0, 1, 0, 8):
        app.game.play(sq)
    ui.click_square(app, 0)
    assert app.mode.name in ("play", "over")
    assert "explode" in app.table.services.sounds.played


def test_the_winner_is_announced_and_the_final_board_stays(ui) -> None:
    app = two_humans(ui)
    for _ in range(300):  # play it out with clicks: red plays low squares, blue high ones
        if app.game.winner is not None:
            break
        legal = app.game.legal_moves()
        ui.click_square(app, legal[0] if app.game.to_move == 1 else legal[-1])
        # no win sound before the end
        assert app.game.winner is None or app.table.services.sounds.played.count("win") == 0
        ui.advance(app, 3.0, step=0.2)
    assert app.game.winner is not None
    for _ in range(600):  # let the last chain finish
        if app.mode.name == "over":
            break
        ui.advance(app, 0.1)
    assert app.mode.name == "over"
    assert app.table.services.sounds.played.count("win") == 1
    assert "wins" in app.help_text()[0]
    seat, head, line, big = app.mode.picture.status()
    assert seat == app.game.winner and big and "winner" in head.lower()
    final = app.game.state()
    ui.click_square(app, 30)
    assert app.game.state() == final  # the final board stays
    ui.click_icon(app, "new")
    assert app.game.moves == [] and app.mode.name == "play"


def test_computer_against_computer_plays_a_whole_game_by_itself(ui) -> None:
    COMPUTER = "computer"

    app = ui.make_app(speed="fast")
    for seat in (1, 2, 3, 4):
        row = app.session.panel[seat]
        row.kind = row.plays_as = COMPUTER
        row.level = seat % 2  # levels 0 and 1
    ui.click_icon(app, "new")
    assert app.game.seats == (1, 2, 3, 4)
    for _ in range(20000):
        if app.mode.name == "over":
            break
        ui.advance(app, 0.1, step=0.1)
    assert app.game.winner is not None
    assert app.mode.name == "over"


def test_a_computer_waits_a_moment_before_it_moves(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 27)
    ui.advance(app, 0.05)
    assert len(app.game.moves) == 1  # blue (computer) has its answer but pauses
    ui.advance(app, 1.0)
    assert len(app.game.moves) == 2
    assert app.game.to_move == 1


def test_clicking_while_the_computer_is_to_move_explains_and_changes_nothing(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 27)
    ui.advance(app, 0.05)
    ui.click_square(app, 36)
    assert len(app.game.moves) == 1
    assert "computer" in app.help_text()[0]


def test_the_last_move_marker_is_drawn_after_a_restart_from_the_autosave(
        ui: SimpleNamespace, tmp_path: Path) -> None:
    first = ui.make_app(speed="instant", store=Store(tmp_path, stream=io.StringIO()))
    ui.click_square(first, 27)  # red, the human
    ui.settle(first)  # blue, the computer, answers
    assert len(first.game.moves) == 2
    last = first.game.moves[-1]
    first.close()
    # the window started again
    again = ui.make_app(speed="instant", store=Store(tmp_path, stream=io.StringIO()))
    assert again.session.resumed == 2 and again.session.last_square == last
    picture = blank_picture()
    again.draw(picture)
    game = again.game
    marked, plain = blank_picture(), blank_picture()
    board_view.draw_board(marked, game.counts, game.owners, game.threshold,
                          board_view.Marks(last=last))
    board_view.draw_board(plain, game.counts, game.owners, game.threshold,
                          board_view.Marks(last=None))
    rect = board_view.cell_rect(last)

    def cell(picture: pygame.Surface) -> bytes:
        return pygame.image.tobytes(picture.subsurface(rect), "RGB")

    assert cell(marked) != cell(plain)  # the check can tell them apart
    assert cell(picture) == cell(marked)
    assert picture.get_at((rect.right - 3, rect.top + 2))[:3] == BLACK
    again.close()
