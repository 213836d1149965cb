"""``python -m chainplus host`` and ``join`` as a script uses them: the ready line, joiners
playing to the end, the record file, exit statuses, one-line errors, and a host started again
on its autosave. Loopback only (--listen is left at 127.0.0.1, --port 0)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from paths import ROOT

from chainplus.core.records import game_from_data

WAIT = 60


def start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "chainplus", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def host(*args: str) -> tuple[subprocess.Popen, dict]:
    process = start(["host", "--port", "0", *args])
    ready = json.loads(process.stdout.readline())
    assert ready["host"] == "127.0.0.1" and ready["port"] > 0
    return process, ready


def join(ready: dict, *args: str, code: str | None = None) -> subprocess.Popen:
    return start(["join", f"{ready['host']}:{ready['port']}", "--code", code or ready["code"],
                  *args])


def test_a_headless_host_and_two_joiners_play_a_game_to_the_end(tmp_path):
    records = tmp_path / "games.jsonl"
    server, ready = host("--seats", "N,C1,N", "--rules", "classic", "--record", str(records),
                         "--code", "ab12cd")
    assert ready["code"] == "AB12CD"
    joiners = [join(ready, "--level", "2", "--seed", "1"), join(ready, "--random", "50")]
    outs = [j.communicate(timeout=WAIT) for j in joiners]
    assert [j.returncode for j in joiners] == [0, 0], outs
    assert server.wait(WAIT) == 0 and server.stderr.read() == ""
    [line] = records.read_text().splitlines()
    game = game_from_data(json.loads(line))
    assert game.rules == "classic" and game.winner is not None
    for out, err in outs:
        assert err == "" and json.loads(out)["winners"] == [game.winner]
    assert sorted(json.loads(out)["seat"] for out, _ in outs) == [1, 3]


def test_a_wrong_code_a_missing_host_and_a_bad_address_are_one_line_each():
    server, ready = host("--seats", "N,N")
    try:
        for process in (join(ready, code="NOTIT1"), start(["join", "nowhere", "--code", "A"])):
            out, err = process.communicate(timeout=WAIT)
            assert process.returncode != 0 and out == ""
            assert len(err.splitlines()) == 1 and err.startswith("error:"), err
    finally:
        server.kill()
        server.communicate()
    gone = join(ready)  # the host is gone now
    out, err = gone.communicate(timeout=WAIT)
    assert gone.returncode == 1 and err.startswith("error: cannot reach") and "\n" not in err[:-1]


def test_a_host_with_a_bad_seat_spec_says_so_in_one_line():
    for seats in ("H,N", "N", "N,X"):
        process = start(["host", "--port", "0", "--seats", seats])
        out, err = process.communicate(timeout=WAIT)
        assert process.returncode == 2 and out == "" and err.startswith("error:")
        assert len(err.splitlines()) == 1, err


def test_a_host_started_again_on_its_autosave_carries_on_the_game(tmp_path):
    autosave = tmp_path / "host.json"
    # the host's level 5 seat thinks a tenth of a second a move: time to stop it mid-game
    seats = ["--seats", "N,C5:0,N", "--budget", "0.1", "--autosave", str(autosave)]
    first, ready = host(*seats)
    a, b = join(ready, "--level", "1"), join(ready, "--level", "1")
    while not autosave.exists() or len(json.loads(autosave.read_text())["moves"]) < 12:
        assert first.poll() is None
    first.kill()  # the host dies mid-game
    first.communicate()
    saved = json.loads(autosave.read_text())
    again, ready_again = host(*seats, "--port", str(ready["port"]))
    assert ready_again["code"] == ready["code"]  # the same code: the same join command works
    for joiner in (a, b):
        out, err = joiner.communicate(timeout=WAIT)
        assert joiner.returncode == 0, err
    assert again.wait(WAIT) == 0
    final = json.loads(autosave.read_text())
    assert final["moves"][:len(saved["moves"])] == saved["moves"]
    assert game_from_data(final).winner is not None
