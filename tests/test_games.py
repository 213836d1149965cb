"""The games folder without a window: every game won is kept (the last ``KEEP``), a player saves
the game on the board, the recent ones are listed and any record file opened; a kiosk keeps
nothing unless its operator asks, a demonstration never; bad, huge and hostile files are each
one line, never an exception. No pygame here."""

from __future__ import annotations

import errno
import io
import json
import os
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from setups import options_of

import chainplus.app.settings as st
from chainplus.app.games import KEEP, GameEntry, Opened, Player, players_in, shown_folder
from chainplus.app.options import Options, demo_options
from chainplus.app.outcomes import Note, Placed
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.app.store import Store
from chainplus.core.game import Game
from chainplus.core.records import MAX_RECORD_BYTES, game_from_text, record_of
from chainplus.tools import cli

H, C, OFF = SeatSpec("human", 5, 10), SeatSpec("computer", 3, 40), SeatSpec()
#: Classic rules, two seats: Red's second piece on corner 0 explodes and takes Blue's only
#: square, so Red wins at the third move.
RED_WINS = (0, 1, 0)
START = datetime(2026, 11, 26, 10, 15, 2, tzinfo=timezone(timedelta(hours=1)))


class Clock:
    """A clock that moves on ``step`` seconds each time it is read."""

    def __init__(self, step: float = 1.0) -> None:
        self.now, self.step = START, timedelta(seconds=step)

    def __call__(self) -> datetime:
        now, self.now = self.now, self.now + self.step
        return now


def fits_help_box(text: str) -> bool:
    """Three lines of 22 characters: the window's help box (``panel_view.help_lines``)."""
    return len(textwrap.wrap(text, 22)) <= 3


def store(folder: Path, clock: Clock | None = None) -> Store:
    return Store(folder, stream=io.StringIO(), clock=clock or Clock())


def said(s: Store) -> str:
    assert isinstance(s.stream, io.StringIO)
    return s.stream.getvalue()


def session(folder: Path | None, seats: tuple[SeatSpec, ...] = (H, C, OFF, OFF),
            clock: Clock | None = None, **options: object) -> Session:
    files = store(folder, clock) if folder is not None else None
    return Session(options_of(seats=seats, rules="classic", **options), files)


def play(s: Session, squares: tuple[int, ...]) -> None:
    for square in squares:
        assert isinstance(s.place(square), Placed)


def kept(folder: Path) -> list[str]:
    return sorted(p.name for p in (folder / "games" / "kept").glob("*"))


def saved(folder: Path) -> list[str]:
    return sorted(p.name for p in (folder / "games" / "saved").glob("*"))


# ------------------------------------------------------------------ keeping
def test_a_game_won_is_kept_with_its_date_players_and_winner(tmp_path: Path) -> None:
    s = session(tmp_path)
    play(s, RED_WINS[:2])
    assert kept(tmp_path) == []  # not before the move that wins
    play(s, RED_WINS[2:])
    assert s.game.winner == 1
    [name] = kept(tmp_path)
    assert name == "2026-11-26_10-15-02.json"
    text = (tmp_path / "games" / "kept" / name).read_text()
    data = json.loads(text)
    assert game_from_text(text).state() == s.game.state()
    assert {k: data[k] for k in ("players", "rules", "moves")} == record_of(s.game)
    assert data["date"] == "2026-11-26T10:15:02+01:00" and data["winner"] == 1
    assert data["seats"] == [{"seat": 1, "kind": "human"},
                             {"seat": 2, "kind": "computer", "level": 3, "random_pct": 40}]


def test_a_game_not_finished_is_not_kept(tmp_path: Path) -> None:
    s = session(tmp_path)
    play(s, RED_WINS[:2])
    s.new_game()
    s.undo()
    assert kept(tmp_path) == [] and saved(tmp_path) == []


def test_the_oldest_kept_games_go_first_and_saved_ones_and_strangers_stay(tmp_path: Path
                                                                         ) -> None:
    folder = tmp_path / "games" / "kept"
    folder.mkdir(parents=True)
    record = json.dumps(record_of(Game()))
    names = [(START - timedelta(minutes=n)).strftime("%Y-%m-%d_%H-%M-%S") + ".json"
             for n in range(1, KEEP + 1)]
    for name in names:
        (folder / name).write_text(record)
    (folder / "mine.json").write_text(record)  # not named as the game names them: not its own
    s = session(tmp_path)
    play(s, RED_WINS[:1])
    assert s.save_game().text.startswith("Saved in")
    play(s, RED_WINS[1:])
    assert len(kept(tmp_path)) == KEEP + 1  # its own KEEP, and the stranger
    oldest = sorted(names)[0]
    assert oldest not in kept(tmp_path) and "mine.json" in kept(tmp_path)
    assert "2026-11-26_10-15-03.json" in kept(tmp_path)  # the game just won
    assert saved(tmp_path) == ["2026-11-26_10-15-02.json"]
    for _ in range(3):  # more games won: a kept game goes each time, never a saved one
        s.new_game()
        play(s, RED_WINS)
    assert len(kept(tmp_path)) == KEEP + 1 and len(saved(tmp_path)) == 1


# ------------------------------------------------------------------ saving
def test_save_says_where_the_game_went_and_the_file_is_a_record(tmp_path: Path, monkeypatch,
                                                                capsys) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    s = session(tmp_path)
    play(s, (27, 36))
    note = s.save_game()
    assert note == Note("Saved in ~/games/saved.")  # the whole folder
    path = tmp_path / "games" / "saved" / "2026-11-26_10-15-02.json"
    assert game_from_text(path.read_text()).state() == s.game.state()
    assert cli.main(["replay", str(path)]) == 0  # the replay tool reads it
    shown = json.loads(capsys.readouterr().out)
    assert shown["to_move"] == 1 and shown["winner"] is None
    assert s.game.moves == [27, 36] and kept(tmp_path) == []  # saving changes nothing else


def test_the_saved_folder_is_said_whole_in_the_help_box(monkeypatch, tmp_path) -> None:
    from chainplus.ui.art import panel_view

    monkeypatch.setenv("HOME", str(tmp_path))
    s = session(tmp_path / ".config" / "chainplus" / "kiosk")
    play(s, (27, 36))
    text = s.save_game().text
    assert text == "Saved in ~/.config/chainplus/kiosk/games/saved."
    lines = panel_view.help_lines(text)
    assert len(lines) <= panel_view.HELP_LINES
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_folder_too_long_for_the_help_box_is_said_by_its_last_parts(tmp_path) -> None:
    from chainplus.ui.art import panel_view

    folder = tmp_path / "a-folder-with-a-long-name" / "and-another-one" / "chainplus"
    s = session(folder)
    play(s, (27, 36))
    text = s.save_game().text
    assert text == "Saved in .../chainplus/games/saved."
    assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES


def test_save_names_the_folder_as_a_player_can_follow_it() -> None:
    home = Path.home()
    assert shown_folder(home / "games" / "saved") == "~/games/saved"
    assert shown_folder(home / ".config" / "chainplus" / "games" / "saved") == ".../games/saved"
    assert shown_folder(home / ".config/chainplus/games/saved", 40) == \
        "~/.config/chainplus/games/saved"
    assert shown_folder(Path("/srv/kiosk/games/saved"), 40) == "/srv/kiosk/games/saved"


def test_a_finished_game_may_be_saved_too_and_names_never_clash(tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    s = session(tmp_path, clock=Clock(step=0))  # everything in the same second
    play(s, RED_WINS)
    first, second = s.save_game(), s.save_game()
    assert first == second  # the kept game moved to saved/, and saved once only
    assert first.text == "Saved in ~/games/saved."
    assert kept(tmp_path) == [] and saved(tmp_path) == ["2026-11-26_10-15-02.json"]
    listed = [entry.name for entry in s.recent_games()]
    assert listed == ["2026-11-26_10-15-02"]  # listed once
    s.new_game()
    play(s, RED_WINS)
    s.save_game()
    assert saved(tmp_path) == ["2026-11-26_10-15-02-2.json", "2026-11-26_10-15-02.json"]


def test_there_is_nothing_to_save_before_a_move(tmp_path: Path) -> None:
    s = session(tmp_path)
    note = s.save_game()
    assert note.warn and fits_help_box(note.text) and saved(tmp_path) == []


def test_a_write_failure_is_a_warning_never_an_exception(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("a file where the games folder should be")
    s = session(tmp_path)
    assert s.save_problem() is None  # the autosave is fine
    play(s, RED_WINS)  # the win cannot be kept
    problem = s.save_problem()
    assert problem == Note("Cannot keep the game: a file stands where its folder should be.",
                           warn=True)
    assert fits_help_box(problem.text)
    note = s.save_game()
    assert note == Note("Cannot save the game: a file stands where its folder should be.",
                        warn=True)
    assert s.store is not None and "cannot save the game in" in said(s.store)
    assert s.save_problem() is None  # said at once, not again


def test_a_read_only_disk_is_said_in_a_line(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    s = session(tmp_path)
    play(s, RED_WINS[:1])

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(st.tempfile, "mkstemp", read_only)
    note = s.save_game()
    assert note == Note("Cannot save the game: the disk is read-only.", warn=True)
    play(s, RED_WINS[1:])  # Red wins: neither the autosave nor the keeping raise
    assert s.game.over and saved(tmp_path) == [] and kept(tmp_path) == []


# ------------------------------------------------------------------ kiosks and demonstrations
def test_a_kiosk_keeps_and_saves_nothing_unless_its_operator_asks(tmp_path: Path) -> None:
    plain = session(tmp_path / "plain", kiosk=True)
    play(plain, RED_WINS)
    note = plain.save_game()
    assert note.warn and fits_help_box(note.text)
    assert not (tmp_path / "plain" / "games").exists()
    asked = session(tmp_path / "asked", kiosk=True, keep_games=True)
    play(asked, RED_WINS)
    assert asked.save_game().text.startswith("Saved in")
    assert len(kept(tmp_path / "asked")) == 0 and len(saved(tmp_path / "asked")) == 1


def test_a_demonstration_keeps_nothing(tmp_path: Path) -> None:
    operator = Options(seats=(H, C, OFF, OFF), rules="classic")
    demo = Session(demo_options(operator, (C, C, OFF, OFF), "fast"))  # as the kiosk makes it
    play(demo, RED_WINS)
    assert demo.game.over and not demo.files.keeps_games
    assert demo.save_game().warn and demo.recent_games() == []


# ------------------------------------------------------------------ the listing
def write_game(folder: Path, name: str, game: Game, **extra: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps({**record_of(game), **extra}))


def test_the_listing_is_newest_first_over_kept_and_saved(tmp_path: Path) -> None:
    s = session(tmp_path, seats=(H, H, OFF, OFF))
    play(s, RED_WINS)  # kept at 10:15:02
    s.new_game()
    play(s, (27,))
    s.save_game()  # saved at 10:15:03
    s.new_game()
    play(s, RED_WINS)  # kept at 10:15:04
    entries = s.recent_games()
    assert [(e.name, e.saved, e.moves, e.winner) for e in entries] == [
        ("2026-11-26_10-15-04", False, 3, 1), ("2026-11-26_10-15-03", True, 1, None),
        ("2026-11-26_10-15-02", False, 3, 1)]
    assert entries[0].when == START + timedelta(seconds=2)
    assert entries[0].players == (Player(1, "human"), Player(2, "human"))
    assert entries[0].rules == "classic"
    assert [e.name for e in s.recent_games(limit=2)] == [e.name for e in entries[:2]]


def test_bad_huge_and_hostile_files_are_skipped_and_said_once(tmp_path: Path) -> None:
    saved_folder = tmp_path / "games" / "saved"
    good = Game((1, 2), "classic")
    good.play(27)
    write_game(saved_folder, "2026-01-01_00-00-00.json", good,
               seats=[{"seat": 2, "kind": "computer", "level": "high"}, "junk"])
    (saved_folder / "2026-01-01_00-00-01.json").write_text("{not json")
    (saved_folder / "2026-01-01_00-00-02.json").write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    (saved_folder / "2026-01-01_00-00-03.json").mkdir()
    write_game(saved_folder, "2026-01-01_00-00-04.json", Game(), moves=[[0, 0], [0, 0]])
    (saved_folder / "2026-01-01_00-00-05.json").write_text('{"colour": "red"}')
    (saved_folder / "2026-01-01_00-00-06.json").write_text("[" * 100_000)
    os.mkfifo(saved_folder / "2026-01-01_00-00-07.json")  # would hang a plain read
    (saved_folder / "notes.txt").write_text("not a .json")
    s = session(tmp_path)
    entries = s.recent_games()
    assert [e.name for e in entries] == ["2026-01-01_00-00-00"]
    assert entries[0].players == (Player(1), Player(2, "computer", None, None))
    assert s.store is not None
    lines = said(s.store).splitlines()
    assert len(lines) == 7 and all(line.startswith("chainplus: warning: game record")
                                   for line in lines)
    s.recent_games()
    assert said(s.store).splitlines() == lines  # once each


# ------------------------------------------------------------------ opening
def test_open_game_gives_the_game_and_leaves_the_board_alone(tmp_path: Path) -> None:
    s = session(tmp_path)
    play(s, RED_WINS)
    [name] = kept(tmp_path)
    s.new_game()
    play(s, (27,))
    before = s.game.state()
    opened = s.open_game(tmp_path / "games" / "kept" / name)
    assert isinstance(opened, Opened)
    assert opened.game.winner == 1 and opened.game.moves == list(RED_WINS)
    assert opened.players == players_in(s.panel, opened.game)  # who played it, as it says
    assert s.game.state() == before


@pytest.mark.parametrize("content, note", [
    (None, "No such file: {name}."),
    ("{not json", "Not a game record: {name}."),
    ('{"players": 9}', "Not a game record: {name}."),
    ('{"players": 2, "moves": [[0, 0], [0, 0]]}', "A move is wrong in {name}."),
    ("folder", "A folder, not a file: {name}."),
    ("huge", "Too large: {name}."),
])
@pytest.mark.parametrize("name, shown", [
    ("game.json", "game.json"), ("two words.json", "two words.json"),
    ("2026-11-26_10-15-02-10.json", "2026-11-26_10-15-02-10.json"),  # the game's own names
    ("a_very_long_name_for_a_game_record.json", "a_very_long_name_for...json"),
    ("\u00e9t\u00e9\n.json", "?t??.json"),  # what the window's font can show
])
def test_a_bad_file_is_one_line_that_fits_and_the_board_is_untouched(
        tmp_path: Path, content: str | None, note: str, name: str, shown: str) -> None:
    s = session(tmp_path)
    play(s, (27,))
    before = s.game.state()
    path = tmp_path / name
    if content == "folder":
        path.mkdir()
    elif content == "huge":
        path.write_bytes(b"{" * (MAX_RECORD_BYTES + 1))
    elif content is not None:
        path.write_text(content)
    outcome = s.open_game(path)
    assert isinstance(outcome, Note) and outcome.warn
    assert outcome.text == note.format(name=shown)
    assert fits_help_box(outcome.text), outcome.text
    assert s.game.state() == before
    assert s.store is not None and said(s.store).count("\n") == 1  # one line, for the log
    assert said(s.store).startswith(f"chainplus: warning: game record {tmp_path}/")


def test_every_game_entry_is_plain_frozen_data() -> None:
    entry = GameEntry(Path("x.json"), True, START, (Player(1),), None, 0, "acorn")
    with pytest.raises(AttributeError):
        entry.moves = 3  # type: ignore[misc]
    assert entry.name == "x"
