"""A game shown again move by move, without a window: stepping, jumps, each step forwards the
very chain it was in play, and "Play on from here" turning the shown position into the live
game with the game it replaced put aside for Undo. No pygame here."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

from chainplus.app.options import Options
from chainplus.app.outcomes import Note
from chainplus.app.replay import Replay
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.app.store import Store
from chainplus.core.game import Game
from tests.test_session import play

H, C, OFF = SeatSpec("human", 5, 10), SeatSpec("computer", 2, 30), SeatSpec()
#: Classic rules, two seats: Red wins at the third move (its corner explodes into Blue's
#: only square).
RED_WINS = (0, 1, 0)
#: Classic rules, seats 1-3: Red's corner explodes into Blue's only square at move 4, so Blue
#: is out; Green and Red play on.
KNOCKS_OUT_BLUE = (0, 1, 63, 0, 62, 20)
#: A two-seat game with chains in it, unfinished.
CHAINS = (0, 7, 1, 6, 0, 56, 8, 63, 0)


def session(seats: tuple[SeatSpec, ...] = (H, H, OFF, OFF), store: Store | None = None,
            ) -> Session:
    return Session(Options(seats=seats, rules="classic"), store)


def played(squares: tuple[int, ...], seats: tuple[int, ...] = (1, 2)) -> Game:
    game = Game(seats, "classic")
    for square in squares:
        game.play(square)
    return game


def fits_help_box(text: str) -> bool:
    return len(textwrap.wrap(text, 22)) <= 3


# ------------------------------------------------------------------ stepping
def test_a_replay_starts_at_the_end_and_steps_back_and_forth() -> None:
    game = played(CHAINS)
    replay = Replay(game)
    assert len(replay) == len(CHAINS) and replay.at == len(CHAINS) and replay.at_end
    assert replay.position.state() == game.state() and replay.last_square == CHAINS[-1]
    assert replay.forward() is None  # nothing after the end
    for back in range(1, len(CHAINS) + 1):
        assert replay.back() == CHAINS[-back]
        assert replay.position.state() == played(CHAINS[:-back]).state()
    assert replay.at_start and replay.at == 0 and replay.last_square is None
    assert replay.back() is None and replay.at == 0
    for at in range(1, len(CHAINS) + 1):
        assert replay.forward() is not None
        assert replay.at == at and replay.position.state() == played(CHAINS[:at]).state()
    assert game.state() == played(CHAINS).state()  # the game it was made from is untouched


def test_jumps_to_the_start_the_end_and_any_move() -> None:
    replay = Replay(played(CHAINS), at=0)
    assert replay.at == 0 and replay.position.state() == Game((1, 2), "classic").state()
    for at in (5, 2, 9, 0, 7, 7, 3):
        replay.jump(at)
        assert replay.at == at and replay.position.state() == played(CHAINS[:at]).state()
    replay.to_end()
    assert replay.at_end and replay.position.state() == played(CHAINS).state()
    replay.to_start()
    assert replay.at_start
    replay.jump(99)
    assert replay.at == len(CHAINS)
    replay.jump(-3)
    assert replay.at == 0


def test_each_step_forwards_is_the_chain_the_move_was_in_play() -> None:
    s = session()
    in_play = [placed.shown for placed in play(s, CHAINS)]
    assert any(len(shown.frames) > 1 for shown in in_play)  # there are chains to compare
    replay = Replay(s.game, at=0)
    assert [replay.forward() for _ in CHAINS] == in_play


def test_the_mover_of_each_move_skips_a_seat_knocked_out() -> None:
    replay = Replay(played(KNOCKS_OUT_BLUE, (1, 2, 3)))
    assert replay.movers == (1, 2, 3, 1, 3, 1)
    assert [replay.mover(i) for i in range(len(replay))] == list(replay.movers)
    replay.jump(3)
    assert replay.position.to_move == 1 and 2 in replay.position.alive
    replay.forward()
    assert 2 not in replay.position.alive


def test_a_finished_games_replay_has_its_winner_at_the_end_only() -> None:
    s = session()
    play(s, RED_WINS)
    replay = Replay(s.game)
    assert replay.winner == 1 and replay.position.winner == 1 and replay.position.over
    replay.back()
    assert replay.winner == 1 and replay.position.winner is None
    shown = replay.forward()
    assert shown is not None and shown.cascade.winner == 1 and replay.position.winner == 1


def test_game_at_is_a_game_of_ones_own() -> None:
    replay = Replay(played(CHAINS), at=4)
    mine = replay.game_at()
    mine.play(30)
    assert replay.at == 4 and replay.position.state() == played(CHAINS[:4]).state()


# ------------------------------------------------------------------ play on from here
def test_play_on_puts_the_game_on_the_board_aside_and_undo_brings_it_back(tmp_path: Path
                                                                         ) -> None:
    s = session(store=Store(tmp_path, stream=io.StringIO()))
    play(s, (27, 36))
    before = s.game.state()
    replay = Replay(played(CHAINS), at=4)
    note = s.play_on(replay.game_at())
    assert note == Note("Playing on after 4 moves. Undo brings the last game back.")
    assert fits_help_box(note.text)
    assert s.game.state() == played(CHAINS[:4]).state() and s.to_move() == 1
    assert s.history.put_aside is not None and s.history.put_aside.state() == before
    restarted = session(store=Store(tmp_path, stream=io.StringIO()))  # it was autosaved
    assert restarted.game.state() == s.game.state()
    play(s, (CHAINS[4],))  # a move of its own: Undo takes it back first...
    assert s.undo() == Note("Took back 1 move.")
    assert s.game.state() == played(CHAINS[:4]).state()
    assert s.undo() == Note("The last game is back.")  # ...then the game put aside
    assert s.game.state() == before and s.history.put_aside is None


def test_play_on_after_a_finished_game_puts_nothing_aside() -> None:
    s = session()
    play(s, RED_WINS)
    note = s.play_on(Replay(s.game, at=0).game_at())
    assert note == Note("Playing on from the start.")
    assert s.game.moves == [] and s.history.put_aside is None and not s.can_undo()


def test_a_finished_position_cannot_be_played_on() -> None:
    s = session()
    play(s, (27,))
    before = s.game.state()
    note = s.play_on(played(RED_WINS))
    assert note.warn and fits_help_box(note.text)
    assert s.game.state() == before and s.history.put_aside is None


def test_play_on_plays_the_seats_as_the_panel_says_and_others_as_humans() -> None:
    s = session(seats=(H, C, OFF, OFF))
    replay = Replay(played(KNOCKS_OUT_BLUE[:3], (1, 2, 3)))
    s.play_on(replay.game_at())
    assert s.game.seats == (1, 2, 3) and s.game.moves == list(KNOCKS_OUT_BLUE[:3])
    assert [s.panel[seat].plays_as for seat in (1, 2, 3)] == ["human", "computer", "human"]
    assert s.panel[3].kind == "off"  # Green plays this game only, as a seat stepped out does
    assert s.to_move() == 1 and not s.computer_to_move()
    play(s, (0,))
    s.new_game()
    assert s.game.seats == (1, 2)
