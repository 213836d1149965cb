"""The window's game without the window: ``Session`` placing, refusing, undoing, putting a game
aside for New, stepping the panel, saving and resuming, all without pygame.

Nothing here imports pygame (the last tests check that in a fresh interpreter), so the pure
core stays testable and usable without a display.
"""

from __future__ import annotations

import errno
import io
import subprocess
import sys
from pathlib import Path

from paths import ROOT
from setups import options_of

from chainplus.app.lessons import Lesson
from chainplus.app.options import Options, demo_options
from chainplus.app.outcomes import Note, Placed, Refused
from chainplus.app.panel import panel_of, valid
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.app.settings import AUTOSAVE_FILE, SETTINGS_FILE, Settings
from chainplus.app.store import Store
from chainplus.app.undo import UndoHistory
from chainplus.core.game import Game

H, C, OFF = SeatSpec("human", 5, 10), SeatSpec("computer", 5, 10), SeatSpec()
HUMAN_VS_COMPUTER = (H, C, OFF, OFF)
TWO_COMPUTERS = (C, C, OFF, OFF)
THREE_HUMANS = (H, H, H, OFF)
#: Classic rules, seats 1-3: Red's second piece on corner 0 explodes into square 1 and takes
#: Blue's only square, so Blue is out and Green plays on.
KNOCKS_OUT_BLUE = (0, 1, 63, 0)
#: Classic rules, two seats: the same explosion ends the game, Red the winner.
RED_WINS = (0, 1, 0)


def quiet_store(folder: Path) -> Store:
    """A store whose warnings go to a string, not to the test run's standard error."""
    return Store(folder, stream=io.StringIO())


def session(seats: tuple[SeatSpec, ...] = HUMAN_VS_COMPUTER, store: Store | None = None,
            **options: object) -> Session:
    return Session(options_of(seats=seats, **options), store)


def play(s: Session, squares: tuple[int, ...] | list[int]) -> list[Placed]:
    """Place each square in turn for whoever is to move; every one must be accepted."""
    placed = []
    for square in squares:
        outcome = s.place(square)
        assert isinstance(outcome, Placed), outcome
        placed.append(outcome)
    return placed


def last(s: Session) -> int | None:
    """The square the last-move marker is on (read through a call: each read is fresh)."""
    return s.last_square


def aside(s: Session) -> Game | None:
    return s.history.put_aside


def kind(s: Session, seat: int) -> str:
    return s.panel[seat].kind


def plays_as(s: Session, seat: int) -> str:
    return s.panel[seat].plays_as


# ------------------------------------------------------------------ place and refuse
def test_a_legal_square_is_placed_and_becomes_the_last_square() -> None:
    s = session()
    outcome = s.place(27)
    assert isinstance(outcome, Placed)
    assert outcome.shown.cascade.square == 27 and outcome.shown.cascade.seat == 1
    assert outcome.notes == ()
    assert s.game.moves == [27] and last(s) == 27 and s.to_move() == 2


def test_another_seats_square_is_refused_with_a_warning_naming_its_owner() -> None:
    s = session()
    play(s, [27, 36])  # red on 27, blue on 36; red to move
    before = s.game.state()
    outcome = s.place(36)
    assert isinstance(outcome, Refused) and outcome.square == 36
    assert outcome.note == Note("Blue's square! Play on an empty square or one of yours.",
                                warn=True)
    assert s.game.state() == before and last(s) == 36  # nothing changed


def test_a_seat_knocked_out_is_told_and_the_game_goes_on() -> None:
    s = session(THREE_HUMANS, rules="classic")
    *_, last = play(s, KNOCKS_OUT_BLUE)
    assert last.notes[0] == Note("Blue is out of the game.")  # a first game's lesson follows
    assert last.shown.cascade.eliminated == (2,) and not s.game.over
    assert s.to_move() == 3


def test_a_finished_game_refuses_every_square_with_a_sensible_note() -> None:
    s = session(rules="classic")
    play(s, RED_WINS)
    assert s.game.over and s.to_move() is None
    outcome = s.place(30)  # empty, but the game is over
    assert isinstance(outcome, Refused)
    assert not outcome.note.text.startswith("'s"), outcome.note.text


# ------------------------------------------------------------------ undo
def test_undo_takes_back_moves_to_the_last_human_move() -> None:
    s = session()  # red human, blue computer
    play(s, [27, 36, 0, 63])
    assert s.undo_count() == 2
    assert s.undo() == Note("Took back 2 moves.")
    assert s.game.moves == [27, 36] and last(s) == 36 and s.to_move() == 1
    assert s.undo() == Note("Took back 2 moves.")
    assert s.game.moves == [] and last(s) is None
    assert not s.can_undo()
    assert s.undo() == Note("There is no move to take back.", warn=True)


def test_undo_right_after_the_humans_move_takes_back_just_that_move() -> None:
    s = session()
    play(s, [27, 36, 0])
    assert s.undo() == Note("Took back 1 move.")
    assert s.game.moves == [27, 36]


def test_undo_with_only_computers_takes_back_one_move() -> None:
    s = session(TWO_COMPUTERS)
    play(s, [27, 36, 0])
    assert s.undo() == Note("Took back 1 move.")
    assert s.game.moves == [27, 36] and last(s) == 36


def test_undo_never_takes_back_a_computer_move_no_human_move_came_before() -> None:
    s = session((C, H, OFF, OFF))  # red, the computer, moves first
    play(s, [27])
    assert s.undo_count() == 0 and not s.can_undo()
    assert s.undo() == Note("There is no move of a human player to take back.", warn=True)
    assert s.game.moves == [27]


def test_an_undo_that_does_nothing_writes_nothing(tmp_path: Path) -> None:
    store = quiet_store(tmp_path)
    s = session((C, H, OFF, OFF), store=store)
    play(s, [27])
    saves = store.saves
    assert s.undo().warn and store.saves == saves  # nothing changed, so nothing is saved
    play(s, [36])
    assert s.undo() == Note("Took back 1 move.") and store.saves == saves + 2


def test_the_undo_history_puts_aside_only_an_unfinished_game_with_moves() -> None:
    history, panel = UndoHistory(), panel_of(HUMAN_VS_COMPUTER)
    untouched, started, won = Game((1, 2)), Game((1, 2)), Game((1, 2), "classic")
    started.play(27)
    for square in RED_WINS:
        won.play(square)
    history.replaced(untouched)
    assert history.put_aside is None
    history.replaced(started)
    history.replaced(untouched)  # an untouched game leaves the one put aside in place
    assert history.put_aside is started and history.can_undo(untouched, panel)
    assert history.undo(untouched, panel) == (started, Note("The last game is back."))
    history.replaced(started)
    history.replaced(won)  # nothing of a finished game is lost: nothing is kept aside
    assert history.put_aside is None and history.undo(Game((1, 2)), panel)[0] is None


# ------------------------------------------------------------------ New and the game put aside
def test_new_puts_an_unfinished_game_aside_and_undo_brings_it_back_exactly() -> None:
    s = session()
    play(s, [27, 36, 0])
    before = s.game.state()
    assert s.new_game() == Note("New game. Undo brings the last one back.")
    assert s.game.moves == [] and last(s) is None
    assert s.can_undo()
    assert s.undo() == Note("The last game is back.")
    assert s.game.state() == before and last(s) == 0
    assert aside(s) is None
    assert s.undo() == Note("Took back 1 move.")  # the game came back with its undo history


def test_new_after_a_finished_game_keeps_nothing_aside() -> None:
    s = session(rules="classic")
    play(s, RED_WINS)
    assert s.game.over
    assert s.new_game() == Note("New game.")
    assert aside(s) is None and not s.can_undo()
    assert s.undo().warn and s.game.moves == []


def test_new_on_a_game_with_no_move_keeps_nothing_aside() -> None:
    s = session()
    assert s.new_game() == Note("New game.")
    assert aside(s) is None and not s.can_undo()


def test_new_twice_keeps_the_game_put_aside() -> None:
    s = session()
    play(s, [27, 36, 0])
    before = s.game.state()
    s.new_game()
    s.new_game()  # the second New finds an untouched game: the first one stays aside
    assert s.undo() == Note("The last game is back.")
    assert s.game.state() == before


def test_the_game_put_aside_survives_a_finished_game_and_a_restart(tmp_path: Path) -> None:
    humans = (SeatSpec("human", 1, 0),) * 2 + (SeatSpec(),) * 2
    first = session(seats=humans, store=quiet_store(tmp_path), rules="classic")
    play(first, [27, 36, 0])
    before = first.game.state()
    first.new_game()
    play(first, RED_WINS)
    assert first.game.over
    again = session(seats=humans, store=quiet_store(tmp_path), rules="classic")
    assert again.game.moves == [] and again.undo() == Note("The last game is back.")
    assert again.game.state() == before


def test_a_locked_panel_changes_nothing_and_says_so() -> None:
    s = Session(Options(lock_panel=True))
    before = s.settings(False)
    for seat in (1, 2, 3, 4):
        for step in (s.clicks.step_player, s.clicks.step_level, s.clicks.step_random):
            assert step(seat, 1) == Note("The players are set for this kiosk: click the board "
                                         "to play.")
    assert s.settings(False) == before


def test_the_game_put_aside_survives_a_restart(tmp_path: Path) -> None:
    first = session(store=quiet_store(tmp_path))
    play(first, [27, 36, 0])
    before = first.game.state()
    first.new_game()
    again = session(store=quiet_store(tmp_path))  # the window started again on the same folder
    assert again.game.moves == [] and aside(again) is not None
    assert again.undo() == Note("The last game is back.")
    assert again.game.state() == before and last(again) == 0


def test_after_the_game_put_aside_is_back_a_restart_does_not_bring_it_twice(tmp_path: Path
                                                                           ) -> None:
    first = session(store=quiet_store(tmp_path))
    play(first, [27, 36])
    first.new_game()
    first.undo()
    again = session(store=quiet_store(tmp_path))
    assert again.game.moves == [27, 36] and aside(again) is None


# ------------------------------------------------------------------ the panel
def test_stepping_a_seat_out_of_play_joins_and_leaves_at_the_next_game() -> None:
    s = session()
    assert s.clicks.step_player(3, 1) == Note("Green joins at the next game.")
    assert kind(s, 3) == "human" and s.game.seats == (1, 2)
    assert s.clicks.step_player(3, 1) == Note("Green joins at the next game.")
    assert kind(s, 3) == "computer"
    assert s.clicks.step_player(3, 1) == Note("Green joins at the next game.")
    assert kind(s, 3) == "network"
    assert s.clicks.step_player(3, 1) == Note("Green is out again.")
    assert kind(s, 3) == "off" and valid(s.panel)


def test_switching_a_seat_in_play_takes_effect_at_once_and_is_saved(tmp_path: Path) -> None:
    s = session(store=quiet_store(tmp_path))
    play(s, [27])
    assert s.clicks.step_player(2, -1) == Note("Blue is now played by a human.")
    assert plays_as(s, 2) == "human" and not s.computer_to_move()
    again = session(store=quiet_store(tmp_path))  # the switch was autosaved with the game
    assert plays_as(again, 2) == "human" and again.game.moves == [27]


def test_stepping_c_to_h_when_only_two_seats_play_is_said_not_warned() -> None:
    s = session()  # only red and blue play
    assert s.clicks.step_player(2, 1) == Note("Blue: a network seat from the next game.")
    assert plays_as(s, 2) == "computer"  # the computer plays on in this game
    note = s.clicks.step_player(2, 1)  # network -> (not in play would leave one seat) -> human
    assert note.text.startswith("Blue is now played by a human (") and "two" in note.text
    assert not note.warn
    assert kind(s, 2) == "human" and plays_as(s, 2) == "human"
    assert valid(s.panel)


def test_stepping_h_to_c_backwards_when_only_two_seats_play_also_changes_the_seat() -> None:
    s = session()
    note = s.clicks.step_player(1, -1)  # human -> (not in play skipped) -> network
    assert not note.warn and "two" in note.text
    assert kind(s, 1) == "network" and plays_as(s, 1) == "human"  # network: from the next game
    s.clicks.step_player(1, -1)  # network -> computer: takes over red at once
    assert kind(s, 1) == "computer" and s.computer_to_move()


def test_level_and_random_steps_wrap_round_and_say_the_new_value() -> None:
    s = session()
    assert s.clicks.step_level(2, 1) == Note("Blue: computer level 0.")
    assert s.clicks.step_level(2, -1) == Note("Blue: computer level 5.")
    assert s.clicks.step_random(2, -1) == Note("Blue: 0% random moves.")
    assert s.clicks.step_random(2, -1) == Note("Blue: 100% random moves.")
    assert s.clicks.step_random(2, 1) == Note("Blue: 0% random moves.")
    assert s.panel[2].random_pct == 0 and s.panel[2].level == 5


def test_squares_note_counts_the_squares_owned_now() -> None:
    s = session()
    assert s.clicks.squares_note(1) == Note("Red owns 0 squares.")
    play(s, [27])
    assert s.clicks.squares_note(1) == Note("Red owns 1 square.")
    play(s, [36, 0])
    assert s.clicks.squares_note(1) == Note("Red owns 2 squares.")
    assert s.clicks.squares_note(3) == Note("Green owns 0 squares.")  # not in the game


# ------------------------------------------------------------------ the lock and the kiosk
def test_a_demonstration_is_locked_silent_and_keeps_its_own_seats() -> None:
    operator = Options(seats=HUMAN_VS_COMPUTER, sound=True, speed="slow")
    options = demo_options(operator, (C,) * 4, "fast")
    assert options.lock_panel and options.fixed_seats and not options.sound
    assert options.speed == "fast" and options.seats == (C,) * 4
    demo = Session(options)
    assert demo.game.seats == (1, 2, 3, 4) and demo.computer_to_move()
    assert demo.store is None  # a demonstration never writes the visitor's autosave


def test_fixed_seats_win_over_the_saved_games_players_on_resume(tmp_path: Path) -> None:
    first = session(store=quiet_store(tmp_path))
    play(first, [27])
    first.clicks.step_player(1, 1)  # red: human -> computer, saved with the game
    assert plays_as(first, 1) == "computer"
    operator = session(store=quiet_store(tmp_path), fixed_seats=True)  # --seats H,C
    assert operator.game.moves == [27]
    assert plays_as(operator, 1) == "human" and plays_as(operator, 2) == "computer"
    free = session(store=quiet_store(tmp_path))  # no --seats: the saved game's players
    assert plays_as(free, 1) == "computer"


def test_back_to_operator_puts_everything_back_and_keeps_no_game(tmp_path: Path) -> None:
    s = session(store=quiet_store(tmp_path), speed="normal", sound=True)
    play(s, [27, 36])
    s.clicks.step_player(3, 1)
    s.clicks.step_level(2, 1)
    s.step_speed(1)
    s.toggle_sound()
    s.choose_rules("classic")
    s.new_game()  # the visitor's game is put aside...
    assert aside(s) is not None
    note = s.back_to_operator()
    assert note == Note("Your game! Click an empty square to start.")
    assert s.panel == panel_of(HUMAN_VS_COMPUTER)
    assert (s.speed, s.sound, s.rules) == ("normal", True, "acorn")
    assert s.game.moves == [] and s.game.seats == (1, 2) and last(s) is None
    assert aside(s) is None and not s.can_undo()  # ...and not kept for the next visitor
    again = session(store=quiet_store(tmp_path))
    assert aside(again) is None and again.game.moves == []


# ------------------------------------------------------------------ settings and files
def test_settings_round_trip_through_the_store(tmp_path: Path) -> None:
    s = session(store=quiet_store(tmp_path))
    s.clicks.step_player(3, -1)  # green: joins as a network seat
    s.clicks.step_player(3, -1)  # no: as a computer
    s.clicks.step_level(3, -2)
    s.clicks.step_random(2, 3)
    s.step_speed(-1)
    s.toggle_sound()
    s.choose_rules("classic")
    wanted = s.settings(fullscreen=True)
    assert wanted == Settings((H, SeatSpec("computer", 5, 40), SeatSpec("computer", 0, 10),
                               OFF), "slow", False, "classic", True)
    s.remember(fullscreen=True)
    loaded = quiet_store(tmp_path).load_settings()
    assert loaded == wanted
    restarted = Session(Options(seats=loaded.seats, speed=loaded.speed, sound=loaded.sound,
                                rules=loaded.rules))
    assert restarted.settings(fullscreen=True) == wanted


def test_remember_writes_only_when_the_settings_changed(tmp_path: Path) -> None:
    s = session(store=quiet_store(tmp_path))
    s.remember(fullscreen=False)
    path = tmp_path / SETTINGS_FILE
    assert path.is_file()
    path.unlink()
    s.remember(fullscreen=False)  # nothing changed: nothing written
    assert not path.exists()
    s.step_speed(1)
    s.remember(fullscreen=False)
    assert path.is_file()


def test_a_resumed_game_carries_on_exactly_with_its_last_square(tmp_path: Path) -> None:
    first = session(store=quiet_store(tmp_path))
    play(first, [27, 36, 0])
    again = session(store=quiet_store(tmp_path))
    assert again.game.state() == first.game.state()
    assert again.resumed == 3
    assert last(again) == 0  # the last-move marker after a restart (issue 11)


def test_a_fresh_start_has_no_last_square_and_saves_the_empty_game(tmp_path: Path) -> None:
    s = session(store=quiet_store(tmp_path))
    assert last(s) is None and s.resumed == 0
    assert (tmp_path / AUTOSAVE_FILE).is_file()


def test_save_problem_says_each_cause_once(tmp_path: Path) -> None:
    folder = tmp_path / "chainplus"
    folder.write_text("a file where the folder should be")
    s = session(store=quiet_store(folder))  # the first autosave fails already
    problem = s.save_problem()
    assert problem is not None and problem.warn
    assert problem.text == "Cannot autosave: a file stands where its folder should be."
    assert s.save_problem() is None  # said once
    play(s, [27])  # a second failed save of the same cause...
    s.remember(fullscreen=False)  # ...and a failed settings save with the same cause
    assert s.save_problem() is None
    folder.unlink()  # the folder can be made now, but the disk is full: a new cause is news
    import chainplus.app.settings as st

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    real = st.tempfile.mkstemp
    st.tempfile.mkstemp = no_space  # type: ignore[assignment]
    try:
        play(s, [36])
    finally:
        st.tempfile.mkstemp = real
    again = s.save_problem()
    assert again == Note("Cannot autosave: the disk is full.", warn=True)
    assert s.save_problem() is None


def test_a_session_with_no_store_never_has_a_save_problem() -> None:
    s = session()
    play(s, [27])
    assert s.save_problem() is None


# ------------------------------------------------------------------ no pygame
def _pygame_modules(code: str) -> str:
    """Run ``code`` in a fresh interpreter (no conftest) and list the pygame modules loaded."""
    check = (f"{code}\nimport sys\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))")
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_core_imports_no_pygame() -> None:
    code = ("import chainplus.app.session, chainplus.app.store, chainplus.ai.players,"
            " chainplus.tools.cli")
    assert _pygame_modules(code) == "[]"


def test_the_settings_load_no_search() -> None:
    """The panel and the settings name the computer levels; naming them loads no search."""
    check = ("import sys, chainplus.app.settings, chainplus.app.panel\n"
             "print(sorted(m for m in sys.modules if m.startswith('chainplus.ai.')))")
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['chainplus.ai.levels']"


def test_this_test_file_runs_without_pygame() -> None:
    code = ("import sys; sys.path.insert(0, 'tests'); import test_session as t\n"
            "import tempfile, pathlib\n"
            "t.test_new_puts_an_unfinished_game_aside_and_undo_brings_it_back_exactly()\n"
            "with tempfile.TemporaryDirectory() as d:\n"
            "    t.test_the_game_put_aside_survives_a_restart(pathlib.Path(d))")
    assert _pygame_modules(code) == "[]"


# ------------------------------------------------------------------ a kiosk's rules
def test_a_kiosk_keeps_the_operators_rules_whatever_a_visitor_chooses() -> None:
    s = session(kiosk=True, rules="classic")
    for rules in ("acorn", "classic", "acorn"):
        note = s.choose_rules(rules)
        assert s.rules == "classic" and "set for this kiosk" in note.text
    assert s.next_game().rules == "classic"


def test_a_window_chooses_the_rules_of_the_next_game() -> None:
    s = session()
    assert s.choose_rules("classic").text == "Classic rules from the next game."
    assert s.rules == "classic" and s.game.rules == "acorn"
    assert s.choose_rules("acorn").text == "Acorn rules, as now."


# ---------------------------------------------------------------------- a network game
N = SeatSpec("network", 5, 10)


def test_hosting_keeps_its_code_in_the_autosave_so_a_restart_hosts_it_again(
        tmp_path: Path) -> None:
    s = session((H, N, OFF, OFF), store=quiet_store(tmp_path))
    assert s.hosted and not s.hosting and s.host_code is None
    s.host("ABCDE2345")
    assert s.hosting and s.host_code == "ABCDE2345"
    assert session((H, N, OFF, OFF), store=quiet_store(tmp_path)).host_code == "ABCDE2345"
    s.stop_hosting()
    assert not s.hosting and s.hosted  # its network seats still wait for a host


def test_network_seats_play_here_as_humans_when_the_window_cannot_host() -> None:
    s = session((H, N, N, OFF))
    s.network_seats_play_here()
    assert [(s.panel[seat].kind, s.panel[seat].plays_as) for seat in (2, 3)] == \
        [("human", "human")] * 2
    assert not s.hosted


def test_toggle_lan_opens_the_games_hosted_here_to_the_network_and_back() -> None:
    s = session()
    assert not s.lan and s.listen == "127.0.0.1"
    assert s.toggle_lan() == Note("Games hosted here: open to your local network.")
    assert s.lan and s.listen == "0.0.0.0"  # IPv4 only, as the title says
    assert s.toggle_lan() == Note("Games hosted here: this computer only.")
    assert not s.lan


def test_a_host_s_game_is_shown_with_its_seats_and_leaving_it_keeps_the_settings() -> None:
    own, joined = session(speed="slow"), session(THREE_HUMANS, speed="slow")
    panel, game = joined.panel, Game((1, 2))
    joined.show_remote(game)
    joined.show_host_seats((C, H, OFF, OFF))
    assert joined.game is game and joined.panel is panel  # the panel shown, not replaced
    assert panel == panel_of((C, H, OFF, OFF))
    joined.step_speed(1)
    joined.toggle_sound()
    joined.lessons_given = frozenset({Lesson.CHAIN})
    own.leave_remote(joined)
    assert (own.speed, own.sound, own.lessons_given) == \
        (joined.speed, joined.sound, frozenset({Lesson.CHAIN}))
