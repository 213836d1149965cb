"""The command-line tools' contracts (README): replay, engine, bench, match, and their errors.

The tools run in a real process where that is what is tested (reading and writing real
pipes, an engine started as a program, a signal, an error that must not be a traceback);
their other error paths run in this process, through the same ``cli.main``.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

from chainplus.core.game import Game
from chainplus.core.records import game_from_data, record_of, summary
from chainplus.tools import cli
from tests.test_engine import engine

# seat 1 fills the top-left corner; the third piece explodes it
CORNER = {"players": 2, "moves": [[0, 0], [7, 7], [0, 0], [7, 7], [0, 0]]}


def run_cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "chainplus", *args],
        input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def cli_in_process(capsys, args: list[str]) -> tuple[int, str, str]:
    """``python -m chainplus ARGS`` run in this process: its exit status, standard output and
    standard error (a bad option ends argparse with SystemExit, which ends the real process)."""
    try:
        status = cli.main(args)
    except SystemExit as end:
        status = end.code
    out, err = capsys.readouterr()
    return status, out, err


def run_here(capsys, args: list[str]) -> subprocess.CompletedProcess:
    """As ``run_cli``, in this process: a match of ``--jobs 1`` needs no process of its own."""
    status, out, err = cli_in_process(capsys, args)
    return subprocess.CompletedProcess(args, status, out, err)


def replay_in_process(capsys, record_text: str, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(record_text.encode())))
    return cli_in_process(capsys, ["replay"])


def won_game() -> Game:
    """A whole seeded random game, played to its end."""
    rng = random.Random(2)
    game = Game()
    while game.winner is None:
        game.play(game.random_move(rng))
    return game


def won_game_record() -> dict:
    return record_of(won_game())


# --------------------------------------------------------------------------- replay
def test_replay_prints_the_position(capsys, monkeypatch):
    status, out, err = replay_in_process(capsys, json.dumps(CORNER), monkeypatch)
    assert status == 0 and err == ""
    result = json.loads(out)
    assert set(result) >= {"counts", "owners", "to_move", "alive", "winner", "squares"}
    assert result["counts"][0][:2] == [1, 1] and result["counts"][1][0] == 1
    assert result["owners"][0][:2] == [1, 1] and result["owners"][7][7] == 2
    assert result["counts"][7][7] == 2
    assert result["to_move"] == 2 and result["alive"] == [1, 2] and result["winner"] is None
    assert result["squares"] == [3, 1, 0, 0]


def test_replay_reads_a_file_and_lists_seats(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"players": [1, 3, 4], "rules": "classic",
                                "moves": [[0, 0], [3, 3]], "x": 1}))
    proc = run_cli(["replay", str(path)])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["to_move"] == 4 and result["alive"] == [1, 3, 4]
    assert result["squares"] == [1, 0, 1, 0]


def test_replay_of_a_finished_game_names_the_winner(capsys, monkeypatch):
    game = won_game()
    status, out, _ = replay_in_process(capsys, json.dumps(record_of(game)), monkeypatch)
    result = json.loads(out)
    winner, loser = game.winner, 3 - game.winner
    assert status == 0 and result["winner"] == winner and result["to_move"] is None
    assert result["alive"] == [winner] and result["squares"][loser - 1] == 0
    assert result["squares"][winner - 1] == game.squares[winner] > 0


def test_record_round_trip():
    game = Game((2, 4), "classic")
    for square in (0, 63, 1, 62):
        game.play(square)
    again = game_from_data(json.loads(json.dumps(record_of(game))))
    assert again.state() == game.state()
    assert record_of(Game((1, 2, 3)))["players"] == 3
    assert summary(again)["squares"] == [0, 2, 0, 2]


BAD_RECORDS = [
    ("{not json", "not valid JSON"),
    ("", "not valid JSON"),
    ('[1, 2]', "a record is a JSON object"),
    ('{"moves": []}', "no 'players'"),
    ('{"players": "2", "moves": []}', "'players' must be"),
    ('{"players": 1, "moves": []}', "2 to 4"),
    ('{"players": 5, "moves": []}', "2 to 4"),
    ('{"players": true, "moves": []}', "'players' must be"),
    ('{"players": [1], "moves": []}', "2 to 4 seats"),
    ('{"players": [1, 2, 3, 4, 1], "moves": []}', "2 to 4 seats"),
    ('{"players": [1, 1], "moves": []}', "appears twice"),
    ('{"players": [0, 2], "moves": []}', "numbered 1 to 4"),
    ('{"players": [1, 5], "moves": []}', "numbered 1 to 4"),
    ('{"players": [3, 1, 4], "moves": []}', "not a turn order"),
    ('{"players": 2, "rules": "chess", "moves": []}', "unknown rules"),
    ('{"players": 2, "rules": 3, "moves": []}', "unknown rules"),
    ('{"players": 2, "moves": {"a": 1}}', "'moves' must be a list"),
    ('{"players": 2, "moves": [[0, 0], [8, 0]]}', "move 2: [8, 0] is off the board"),
    ('{"players": 2, "moves": [[-1, 3]]}', "move 1: [-1, 3] is off the board"),
    ('{"players": 2, "moves": [[0, 0], [1, 1.5]]}', "move 2: [1, 1.5] is not a pair of integers"),
    ('{"players": 2, "moves": [[0, "1"]]}', "move 1: [0, \"1\"] is not a pair of integers"),
    ('{"players": 2, "moves": [[true, 1]]}', "move 1: [true, 1] is not a pair of integers"),
    ('{"players": 2, "moves": [[0, 1, 2]]}', "move 1: [0, 1, 2] is not a pair of integers"),
    ('{"players": 2, "moves": [5]}', "move 1: 5 is not a pair of integers"),
    ('{"players": 2, "moves": [[0, 0], [0, 0]]}', "move 2: square [0, 0] is owned by seat 1"),
    ("[" * 100_000 + "]" * 100_000, ""),
    ('{"players": 2, "moves": [' + ",".join(["[0, 0]"] * 400_000) + "]}", "too large"),
]


@pytest.mark.parametrize("text, message", BAD_RECORDS, ids=[m or "nested" for _, m in BAD_RECORDS])
def test_replay_errors_are_one_line_with_status_2(capsys, monkeypatch, text, message):
    status, out, err = replay_in_process(capsys, text, monkeypatch)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    assert message in err


def test_replay_error_for_a_move_after_the_game_is_over(capsys, monkeypatch):
    record = won_game_record()
    record["moves"].append([3, 3])
    status, out, err = replay_in_process(capsys, json.dumps(record), monkeypatch)
    n = len(record["moves"])
    assert status == 2 and out == ""
    assert err.startswith(f"error: move {n}: the game is already over") and err.count("\n") == 1


def test_replay_error_is_not_a_traceback_in_a_real_process():
    """A bad record and a bad option, each the way it ends a real process (a status returned,
    and argparse's SystemExit): one line, no traceback."""
    for args, stdin in ((["replay"], "{oops"), (["replay", "--no-such-option"], "")):
        proc = run_cli(args, stdin)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith("error:") and proc.stderr.count("\n") == 1
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("name", ["missing.json", "."])
def test_a_replay_file_that_is_missing_or_a_folder_is_one_line(capsys, tmp_path, name):
    status, out, err = cli_in_process(capsys, ["replay", str(tmp_path / name)])
    assert status == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1


def test_engine_survives_bytes_that_are_not_utf8_and_overlong_lines():
    long_line = b'{"players": 2, "pad": "' + b"x" * 1_100_000 + b'"}\n'
    data = b'\xff\xfe\n' + long_line + json.dumps(CORNER).encode() + b"\n"
    proc = subprocess.run([sys.executable, "-m", "chainplus", "engine", "--level", "1"], input=data,
                          capture_output=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    replies = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert proc.returncode == 0 and proc.stderr == b""
    assert "error" in replies[0] and "too long" in replies[1]["error"]
    assert replies[2] == {"move": [7, 7]}


def test_a_reader_that_goes_away_or_a_closed_output_is_no_traceback():
    bench = subprocess.Popen([sys.executable, "-m", "chainplus", "bench", "--seconds", "0.2"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    bench.stdout.close()  # like "| head -c0"
    assert bench.wait(timeout=60) == 0 and b"Traceback" not in bench.stderr.read()
    bench.stderr.close()
    closed = subprocess.run([sys.executable, "-m", "chainplus", "replay"], input=b'{"players": 2}',
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                            close_fds=True, preexec_fn=lambda: os.close(1))
    assert closed.returncode == 2 and closed.stderr.startswith(b"error:")


def test_bad_binary_input_is_an_error(capsys, tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\x80\x81\xfe\xff{}")
    status, out, err = cli_in_process(capsys, ["replay", str(path)])
    assert status == 2 and err.startswith("error:") and out == ""


# --------------------------------------------------------------------------- engine
def test_engine_answers_each_line_and_carries_on():
    lines = [
        json.dumps(CORNER),
        "not json",
        json.dumps(won_game_record()),
        json.dumps({"players": [1, 3], "rules": "classic", "moves": [[4, 4]]}),
        "",
    ]
    proc = run_cli(["engine", "--level", "1", "--seed", "5"], "\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(lines)
    assert replies[0]["move"] == [7, 7]  # seat 2's only square: level 1 plays where it owns
    assert "error" in replies[1] and "not valid JSON" in replies[1]["error"]
    assert "over" in replies[2]["error"]
    assert len(replies[3]["move"]) == 2
    assert "error" in replies[4]


def test_engine_level_1_prefers_its_own_squares():
    # seat 2 owns (7,7) and (7,6): level 1 must play one of them
    record = {"players": 2, "moves": [[0, 0], [7, 7], [1, 1], [7, 6], [2, 2]]}
    replies = engine(["--level", "1", "--seed", "1"], [json.dumps(record)] * 20)
    assert {tuple(reply["move"]) for reply in replies} == {(7, 7), (7, 6)}


def test_engine_is_repeatable_with_a_seed():
    lines = [json.dumps({"players": 2, "moves": [[3, 3]]})] * 5
    first = engine(["--level", "0", "--seed", "9"], lines)
    again = engine(["--level", "0", "--seed", "9"], lines)
    assert first == again and len({json.dumps(reply) for reply in first}) > 1


def test_engine_flushes_after_every_line():
    proc = subprocess.Popen(
        [sys.executable, "-m", "chainplus", "engine", "--level", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    try:
        proc.stdin.write(json.dumps(CORNER) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()  # would hang if the engine buffered its answer
        assert "move" in json.loads(line)
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


# --------------------------------------------------------------------------- bench and match
def test_bench_last_line_is_json_with_rates():
    proc = run_cli(["bench", "--seconds", "0.3", "--players", "3", "--rules", "classic",
                    "--seed", "4"])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.splitlines()[-1])
    assert result["placements_per_s"] > 0 and result["games_per_s"] > 0
    assert result["players"] == 3 and result["rules"] == "classic"


def test_match_counts_every_game_and_is_repeatable(capsys):
    args = ["match", "--a", "1", "--b", "0:50", "--games", "6", "--seed", "3", "--jobs", "1"]
    first = run_here(capsys, args)
    assert first.returncode == 0, first.stderr
    result = json.loads(first.stdout.splitlines()[-1])
    assert result["a_wins"] + result["b_wins"] == result["games"] == 6
    assert run_here(capsys, args).stdout.splitlines()[-1].split('"seconds"')[0] == \
        first.stdout.splitlines()[-1].split('"seconds"')[0]


def test_match_says_how_each_game_ended_as_it_ends(capsys):
    proc = run_here(capsys, ["match", "--a", "1", "--b", "0", "--games", "3", "--seed", "3",
                             "--jobs", "1"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 1 of 3", "game 2 of 3", "game 3 of 3"]
    result = json.loads(proc.stdout.splitlines()[-1])
    assert lines[-1].endswith(f"a has won {result['a_wins']} of 3")


def test_a_stopped_match_goes_on_from_the_game_it_stopped_at(capsys):
    """--from N plays games N onwards exactly as a full run plays them (openings, seats, seeds),
    so a long match stopped for time can be finished later."""
    args = ["match", "--a", "4:30", "--b", "3", "--games", "6", "--opening", "2", "--seed", "4",
            "--jobs", "1"]
    full = run_here(capsys, args)
    rest = run_here(capsys, [*args, "--from", "4"])
    assert full.returncode == 0 and rest.returncode == 0, full.stderr + rest.stderr
    ends = [line.split(";")[0] for line in full.stderr.splitlines()]
    assert [line.split(";")[0] for line in rest.stderr.splitlines()] == ends[3:]
    assert rest.stderr.splitlines()[-1].endswith(" of 3")
    result = json.loads(rest.stdout.splitlines()[-1])
    assert result["games"] == 3 and result["from"] == 4
    status, out, err = cli_in_process(capsys, [*args, "--from", "7"])
    assert status == 2 and out == "" and err.count("\n") == 1 and "--from" in err


class StoppedAfterTheFirstGame(io.StringIO):
    """Standard error that sends ``sig`` to this process once the line saying how the first
    game ended is written on it: Ctrl+C (or a kill) once a match is under way."""

    def __init__(self, sig: signal.Signals) -> None:
        super().__init__()
        self.sig = sig
        self.sent = False

    def write(self, text: str) -> int:
        written = super().write(text)
        if not self.sent and self.getvalue().startswith("game ") and "\n" in self.getvalue():
            self.sent = True
            signal.raise_signal(self.sig)
        return written


def games_reported_when_stopped(out: str, err: str, games: int) -> int:
    """The number of finished games an interrupted match reports, checked to be said the
    same in its one "stopped" line and its summary (and not a traceback)."""
    assert "Traceback" not in err
    stopped = [line for line in err.splitlines() if line.startswith("stopped")]
    assert len(stopped) == 1, err
    result = json.loads(out.splitlines()[-1])
    assert 1 <= result["games"] < games and result["a_wins"] + result["b_wins"] == result["games"]
    assert f"after {result['games']} of {games} games" in stopped[0]
    return int(result["games"])


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupted_match_reports_the_games_it_finished(capsys, monkeypatch, ctrl_c, jobs,
                                                            sig, status):
    """Ctrl+C (or a kill, or timeout's SIGTERM) in an hours-long match keeps what it measured:
    the finished games are reported. Here the signal comes as the first game's end is said;
    the next test sends one to a real process."""
    def unanswered(signum: int, frame: object) -> None:
        raise AssertionError("the match did not answer SIGTERM")  # instead of ending pytest

    stderr = StoppedAfterTheFirstGame(sig)
    monkeypatch.setattr(sys, "stderr", stderr)
    before = signal.signal(signal.SIGTERM, unanswered)
    try:
        ended = cli.main(["match", "--a", "1", "--b", "0", "--games", "40", "--jobs", jobs])
        assert signal.getsignal(signal.SIGTERM) is unanswered  # the match put it back
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if before is None else before)
    assert stderr.sent and ended == status
    assert games_reported_when_stopped(capsys.readouterr().out, stderr.getvalue(), 40) == 1


def endless_match(games: int, jobs: int, **popen: Any) -> subprocess.Popen[str]:
    """A match of ``games`` quick games on ``jobs`` worker processes, in a process of its own:
    far more games than it could finish before the test stops it."""
    return subprocess.Popen(
        [sys.executable, "-m", "chainplus", "match", "--a", "1", "--b", "0", "--games",
         str(games), "--jobs", str(jobs)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)


def children(pid: int) -> list[str]:
    """The processes ``pid`` has started (a match's workers), as Linux lists them."""
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()


@pytest.mark.parametrize("how", ["a kill", "timeout"])
def test_a_real_match_process_stopped_by_sigterm_reports_and_leaves_no_worker(how):
    """The signal path in a real process, at whatever moment it comes: SIGTERM to the match
    (a kill), or to its whole process group and then again to the match (as ``timeout``
    sends it, and ``systemctl stop`` to the group). The workers let it pass; the match stops
    them and reports, with no traceback."""
    games = 100_000
    proc = endless_match(games, 3, start_new_session=True)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert first.startswith("game ") and f" of {games}:" in first, first
        workers = children(proc.pid)
        assert len(workers) == 3
        if how == "timeout":
            os.killpg(proc.pid, signal.SIGTERM)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM
    games_reported_when_stopped(out, first + err, games)
    for pid in workers:  # gone, or a zombie left for an init that does not reap
        status = Path(f"/proc/{pid}/stat")
        assert not status.exists() or status.read_text().rpartition(")")[2].split()[0] == "Z"


def test_only_the_first_sigterm_stops_a_match():
    """``timeout`` sends SIGTERM to the match and again to its group: the second must not cut
    short the stopping the first began (the workers' killing, the report)."""
    from chainplus.tools.match_command import sigterm_as_ctrl_c

    before = signal.getsignal(signal.SIGTERM)
    try:
        with sigterm_as_ctrl_c() as stopped_by:
            with pytest.raises(KeyboardInterrupt):
                signal.raise_signal(signal.SIGTERM)
            signal.raise_signal(signal.SIGTERM)
        assert stopped_by.signum == signal.SIGTERM
    finally:  # a late one would now end this process with the match's status: not pytest's
        signal.signal(signal.SIGTERM, signal.SIG_DFL if before is None else before)


def test_a_match_worker_killed_by_hand_is_one_line_and_the_games_played_still_count():
    """A worker process killed from outside (by hand, or for memory) ends the match with one
    error line and status 1, and the games finished are reported, not lost."""
    games = 100_000
    proc = endless_match(games, 2)
    try:
        assert proc.stderr is not None
        proc.stderr.readline()  # a game has ended: both workers are at work
        workers = children(proc.pid)
        os.kill(int(workers[0]), signal.SIGKILL)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 1 and "Traceback" not in err
    [said] = [line for line in err.splitlines() if not line.startswith("game ")]
    assert said.startswith("error: a worker process ended of itself (exit status -9)"), said
    result = json.loads(out.splitlines()[-1])
    assert said.endswith(f"stopped after {result['games']} of {games} games")
    assert result["games"] >= 1


def test_match_plays_an_engine_program_given_as_a_command(capsys):
    command = f"{sys.executable} -m chainplus engine --level 5 --nodes 40 --seed 2"
    proc = run_here(capsys, ["match", "--a", "0", "--b-cmd", command, "--b-dir", str(ROOT),
                             "--games", "2", "--jobs", "1", "--nodes", "40"])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.splitlines()[-1])
    assert result["games"] == 2 and result["b"] == command
    assert result["b_wins"] == 2  # a search beats random play
    assert result["b_mean_s"] > 0


def test_four_seat_match_puts_a_in_one_seat_and_b_in_the_others(capsys):
    proc = run_here(capsys, ["match", "--a", "0", "--b", "3", "--seats", "4", "--games", "8",
                             "--jobs", "1"])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.splitlines()[-1])
    assert result["seats"] == 4 and result["a_wins"] + result["b_wins"] == 8
    assert result["a_wins"] <= 1  # one random seat against three of level 3


def test_match_seats_rotate():
    from chainplus.tools.match import seats_of

    assert [seats_of(i, 4)[0] for i in range(5)] == [1, 2, 3, 4, 1]
    assert seats_of(1, 3)[1] == {1: 1, 2: 0, 3: 1}


def test_paired_games_play_one_opening_with_a_in_each_seat():
    from chainplus.tools.match import MatchConfig, Side, play_game

    config = MatchConfig(a=Side(level=3), b=Side(level=4), seed=5, seats=2, opening=2, paired=True)
    games = [play_game(index, config) for index in range(4)]
    assert games[0].record[:2] == games[1].record[:2]
    assert games[2].record[:2] == games[3].record[:2]
    assert games[0].record[:2] != games[2].record[:2]
    # without --paired, games 0 and 1 (a first, then a second) open differently
    unpaired = [play_game(index, MatchConfig(a=Side(level=3), b=Side(level=4), seed=5, opening=2))
                for index in range(2)]
    assert unpaired[0].record[:2] != unpaired[1].record[:2]


def test_games_spread_over_worker_processes_are_the_games_played_here():
    from chainplus.tools.match import MatchConfig, Side, run

    config = MatchConfig(a=Side(level=1), b=Side(level=0), seed=4, seats=3, paired=True)
    here, spread = run(config, 6, jobs=1), run(config, 6, jobs=2)
    assert [(r.a_won, r.record) for r in here] == [(r.a_won, r.record) for r in spread]


def test_a_prelude_has_b_play_every_seat_and_keeps_every_seat_in():
    from chainplus.tools.match import MatchConfig, Side, play_game, start_of

    config = MatchConfig(a=Side(level=0), b=Side(level=5), seats=4, opening=2, nodes=30,
                         paired=True, prelude=60)
    start = start_of(1, config)
    assert len(start) <= 60 and start[:2] != start_of(0, config)[:2]
    start_of.cache_clear()
    assert start_of(1, config) == start  # b at a node limit: the same start every time
    game = Game((1, 2, 3, 4))
    for square in start:
        game.play(square)
    assert game.alive == [1, 2, 3, 4] and game.winner is None
    # each of the opening's four games starts there, with a (random play) in another seat
    for index in range(4, 8):
        assert play_game(index, config).record[:len(start)] == start


def test_a_paired_match_reports_its_openings_and_prelude(capsys):
    proc = run_cli(["match", "--a", "0", "--b", "3", "--seats", "3", "--games", "6", "--paired",
                    "--prelude", "20", "--opening", "2", "--jobs", "2"])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.splitlines()[-1])
    assert result["games"] == 6 and result["paired"] and result["prelude"] == 20
    assert "each opening with a in every seat" in proc.stdout.splitlines()[0]
    status, out, err = cli_in_process(
        capsys, ["match", "--a", "0", "--b", "3", "--games", "5", "--paired", "--jobs", "1"])
    assert status == 2 and out == "" and err.count("\n") == 1 and "multiple of 2" in err


def test_match_records_each_game_as_it_ends(capsys, tmp_path):
    """--records keeps every game for study (a lost game replayed), added to as a match goes on
    with --from."""
    path = tmp_path / "games.jsonl"
    args = ["match", "--a", "3", "--b", "0:50", "--seats", "3", "--games", "3", "--seed", "2",
            "--jobs", "1", "--records", str(path)]
    assert run_here(capsys, args).returncode == 0
    assert run_here(capsys, [*args, "--from", "3"]).returncode == 0
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["game"] for line in lines] == [1, 2, 3, 3]
    assert lines[2] == lines[3]  # game 3 again, played the same
    for line in lines:
        game = game_from_data(line["record"])
        assert game.winner is not None and line["a_seat"] in (1, 2, 3)
        assert line["a_won"] == (game.winner == line["a_seat"])
    replayed = run_here(capsys, ["replay", str(path)])  # the file is a set of game records too
    assert replayed.returncode == 0, replayed.stderr
    answers = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert [a["winner"] for a in answers[:-1]] == \
        [game_from_data(line["record"]).winner for line in lines]
    assert answers[-1] == {"checked": 4}


def test_match_records_to_a_file_it_cannot_write_is_one_clear_error(capsys, tmp_path):
    status, out, err = cli_in_process(capsys, ["match", "--a", "0", "--b", "0", "--games", "1",
                                               "--jobs", "1", "--records", str(tmp_path)])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "cannot write" in err


@pytest.mark.parametrize("command, message", [
    ("no-such-program-xyz", "cannot start"),
    (f"{sys.executable} -c pass", "stopped answering"),
    (f"{sys.executable} -c print(1)", "not a move"),
    ("""echo '{"move": [9, 9]}'""", "illegal move"),
])
def test_a_broken_engine_is_one_clear_error(capsys, command, message):
    status, out, err = cli_in_process(
        capsys, ["match", "--a", "0", "--b-cmd", command, "--games", "1", "--jobs", "1"])
    assert status == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1
    assert message in err


@pytest.mark.parametrize("args, message", [
    (["bench", "--players", "5"], "players must be 2 to 4"),
    (["bench", "--rules", "chess"], "invalid choice"),
    (["bench", "--seconds", "-1"], "positive number"),
    (["engine", "--level", "9"], "the level must be 0 to 5"),
    (["engine", "--random", "150"], "the random % must be 0 to 100"),
    (["match", "--a", "x", "--b", "1"], "the level must be a whole number"),
    (["match", "--a", "1:200", "--b", "1"], "the random % must be 0 to 100"),
    (["match", "--a", "1"], "give player b as --b LEVEL[:RANDOM] or as --b-cmd COMMAND"),
    (["match", "--a", "1", "--b", "1", "--b-cmd", "x"], "give player b as"),
    (["match", "--a", "1", "--b-cmd", "x", "--b-dir", "/no/such/dir"], "is not a folder"),
    (["match", "--a", "1", "--b-cmd", "'"], "cannot read the command"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
])
def test_bad_options_are_a_clear_error_with_status_2(capsys, args, message):
    status, out, err = cli_in_process(capsys, args)
    assert status == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1
    assert message in err


# ------------------------------------------------------------------ the chainplus command
def test_the_tools_are_the_chainplus_commands_subcommands() -> None:
    parser = cli.build_parser()
    [sub] = [action for action in parser._actions if action.dest == "command"]
    assert tuple(sub.choices) == cli.TOOLS  # every tool, and only the tools, dispatched


def test_chainplus_tool_runs_the_tool_without_pygame_and_names_itself_so(tmp_path) -> None:
    """``chainplus replay FILE`` as a pipx user runs it: the tool, the window never imported."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(CORNER))
    script = ("import sys; sys.argv[0] = '/home/a/.local/bin/chainplus'\n"
              "from chainplus.ui.command import main\n"
              "status = main(sys.argv[1:])\n"
              "assert 'pygame' not in sys.modules and 'chainplus.ui.window' not in sys.modules\n"
              "sys.exit(status)")
    ran = subprocess.run([sys.executable, "-c", script, "replay", str(record)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["winner"] is None
    wrong = subprocess.run([sys.executable, "-c", script, "replay", "--bad"],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert wrong.returncode == 2 and "(see chainplus --help)" in wrong.stderr


def test_the_chainplus_command_with_no_tool_named_is_the_game(monkeypatch) -> None:
    from chainplus.ui import command
    from chainplus.ui.window import launch

    given: list[list[str]] = []
    monkeypatch.setattr(launch, "main", lambda argv: given.append(argv) or 0)
    for argv in ([], ["game.json"], ["--kiosk"], ["--help"]):
        assert command.main(argv) == 0
    assert given == [[], ["game.json"], ["--kiosk"], ["--help"]]


def test_a_late_second_sigterm_does_not_cut_short_a_stopping_match():
    """``timeout`` sends SIGTERM to the match and to its group; on a busy machine the second
    can come after the first has stopped the games, while the report is written: it is
    ignored then, so the match still exits with its own status."""
    script = (
        "import os, signal, sys, time\n"
        "from chainplus.tools.match_command import sigterm_as_ctrl_c\n"
        "with sigterm_as_ctrl_c():\n"
        "    try:\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        signal.pause()\n"
        "    except KeyboardInterrupt:\n"
        "        print('reported', flush=True)\n"
        "os.kill(os.getpid(), signal.SIGTERM)  # the late second one\n"
        "time.sleep(5)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout) == (128 + signal.SIGTERM, "reported\n")
