"""``python -m chainplus host`` and ``join`` as a script uses them: the ready line, joiners
playing to the end, the record file, exit statuses, one-line errors, and a host started on
its autosave.

The first test runs the commands as processes on real sockets (loopback only: --listen is
left at 127.0.0.1, --port 0); the others run them in this process on ``net.fakes``
(connections in memory, a clock that moves only when told)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import threading

import pytest
from net_fakes import MemoryTransport
from paths import ROOT
from test_net_play import WAIT, Bots, at, hosted

from chainplus.ai.players import choose_move
from chainplus.core.game import Game
from chainplus.core.records import game_from_data, record_of
from chainplus.net.transport import Network
from chainplus.tools import cli, net_commands
from chainplus.tools.arguments import UsageError
from lab.rigs.fakes import FakeClock


def start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "chainplus", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_headless_host_and_two_joiners_play_a_game_to_the_end(tmp_path):
    records = tmp_path / "games.jsonl"
    server = start(["host", "--port", "0", "--seats", "N,C1,N", "--rules", "classic",
                    "--record", str(records), "--code", "ab12cd7x",
                    "--autosave", str(tmp_path / "host.json")])
    ready = json.loads(server.stdout.readline())
    assert ready["host"] == "127.0.0.1" and ready["port"] > 0
    assert ready["code"] == "AB12CD7X"
    joiners = [start(["join", f"{ready['host']}:{ready['port']}", "--code", ready["code"],
                      *args]) for args in (["--level", "2", "--seed", "1"], ["--random", "50"])]
    outs = [j.communicate(timeout=WAIT) for j in joiners]
    assert [j.returncode for j in joiners] == [0, 0], outs
    assert server.communicate(timeout=WAIT)[1] == "" and server.returncode == 0
    [line] = records.read_text().splitlines()
    game = game_from_data(json.loads(line))
    assert game.rules == "classic" and game.winner is not None
    for out, err in outs:
        assert err == "" and json.loads(out)["winners"] == [game.winner]
    assert sorted(json.loads(out)["seat"] for out, _ in outs) == [1, 3]


# ---------------------------------------------------------------------- in this process
@pytest.fixture
def net() -> Network:
    return Network(FakeClock(), MemoryTransport())


class Hosting:
    """``python -m chainplus host ARGS`` on a thread of this process, on ``network``: its
    ready line once it listens, its exit status and output once it ends."""

    def __init__(self, args: list[str], network: Network) -> None:
        self.out = io.StringIO()
        self.status: int | None = None
        self._listening = threading.Event()
        parsed = cli.build_parser().parse_args(["host", "--port", "0", *args])
        self._thread = threading.Thread(target=self._run, args=(parsed, network), daemon=True)
        self._thread.start()

    def _run(self, args, network: Network) -> None:
        try:
            self.status = net_commands.cmd_host(args, self.out, network)
        finally:
            self._listening.set()

    def ready(self) -> dict:
        for _ in range(WAIT * 100):
            if self.out.getvalue() or self._listening.is_set():
                break
            self._listening.wait(0.01)
        return json.loads(self.out.getvalue().splitlines()[0])

    def end(self) -> int | None:
        self._thread.join(WAIT)
        return self.status


def join(net: Network, address: tuple[str, int], code: str, capsys) -> tuple[int, str, str]:
    """``python -m chainplus join`` to the host at ``address``: status, out and err."""
    args = cli.build_parser().parse_args(["join", f"{address[0]}:{address[1]}", "--code", code])
    status = net_commands.cmd_join(args, sys.stdout, net)
    out, err = capsys.readouterr()
    return status, out, err


def test_a_wrong_code_a_missing_host_and_a_bad_address_are_one_line_each(net, capsys):
    host = hosted("N,N", net, code="RIGHT7")
    try:
        status, out, err = join(net, host.address, "NOTIT1", capsys)
        assert status == 1 and out == "" and err == \
            "error: the host refused to let us join: wrong code\n"
    finally:
        host.stop()
    status, out, err = join(net, host.address, "RIGHT7", capsys)  # the host is gone now
    assert status == 1 and out == "" and err.startswith("error: cannot reach")
    assert err.count("\n") == 1
    with pytest.raises(SystemExit) as exited:
        cli.main(["join", "nowhere", "--code", "A"])
    out, err = capsys.readouterr()
    assert exited.value.code == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1, err


@pytest.mark.parametrize("seats", ["H,N", "N", "N,X"])
def test_a_host_with_a_bad_seat_spec_says_so_in_one_line(net, seats, capsys):
    args = cli.build_parser().parse_args(["host", "--port", "0", "--seats", seats])
    with pytest.raises(UsageError) as refused:
        net_commands.cmd_host(args, sys.stdout, net)
    assert "\n" not in str(refused.value) and capsys.readouterr().out == ""


def test_a_host_started_on_its_autosave_carries_on_the_game_with_its_code(net, tmp_path):
    """The autosave of a host stopped mid-game: the game so far and its code. A host given
    that file carries on with both, and the joiners finish the game."""
    game = Game((1, 2, 3))
    while len(game.moves) < 12:
        game.play(choose_move(game, 1))
    autosave, records = tmp_path / "host.json", tmp_path / "games.jsonl"
    autosave.write_text(json.dumps({**record_of(game), "code": "K7QX2M"}))
    host = Hosting(["--seats", "N,C1,N", "--autosave", str(autosave), "--record", str(records)],
                   net)
    ready = host.ready()
    assert ready["code"] == "K7QX2M"  # the same code: the same join command works
    joiners = [at(net, f"10.0.0.{n}") for n in (1, 2)]
    results = Bots((ready["host"], ready["port"]), ready["code"], joiners).join()
    assert host.end() == 0
    final = json.loads(autosave.read_text())
    [line] = records.read_text().splitlines()
    assert final["moves"][:12] == record_of(game)["moves"]
    assert game_from_data(final).winner is not None and final["moves"] == json.loads(line)["moves"]
    assert sorted(bot.seat for bot in results) == [1, 3]


def played(moves: int, seats: tuple[int, ...] = (1, 2, 3)) -> Game:
    """A game of seeded random moves, ``moves`` long (or to its end)."""
    game, rng = Game(seats), random.Random(moves)
    while len(game.moves) < moves and game.winner is None:
        game.play(game.random_move(rng))
    return game


@pytest.mark.parametrize("number, over, left", [(2, False, [2]), (1, True, [2]),
                                                 (2, True, [1, 2]), (1, False, [1, 2])])
def test_a_host_started_again_carries_on_its_count_of_games(net, tmp_path, number, over, left):
    """A host of --games 2 stopped in game 2, or after game 1, plays the rest and no more;
    one stopped after its last game starts a new run, with a new code."""
    game = played(500 if over else 12, (1, 2))
    assert (game.winner is not None) == over
    autosave, records = tmp_path / "host.json", tmp_path / "games.jsonl"
    autosave.write_text(json.dumps({**record_of(game), "code": "K7QX2M", "game": number}))
    host = Hosting(["--seats", "N,N", "--games", "2", "--autosave", str(autosave),
                    "--record", str(records)], net)
    ready = host.ready()
    results = Bots((ready["host"], ready["port"]), ready["code"],
                   [at(net, f"10.0.0.{n}") for n in (1, 2)]).join()
    assert host.end() == 0
    assert [r["game"] for r in results[0].records] == left
    assert len(records.read_text().splitlines()) == len(left)
    assert (ready["code"] == "K7QX2M") == (left != [1, 2] or not over)
    saved = json.loads(autosave.read_text())
    assert saved["game"] == 2 and set(saved["tokens"]) == {"1", "2"}


def test_a_chosen_code_is_kept_as_given_across_restarts_and_a_new_code_wins(net, tmp_path):
    autosave = tmp_path / "host.json"
    for given, kept in (([], "O0I1L0O1IL"), (["--code", "h7w2k9q4"], "H7W2K9Q4")):
        autosave.write_text(json.dumps({**record_of(played(6)), "code": "O0I1L0O1IL"}))
        host = Hosting(["--seats", "N,C1,N", "--autosave", str(autosave), *given], net)
        ready = host.ready()
        assert ready["code"] == kept
        Bots((ready["host"], ready["port"]), kept, [at(net, f"10.0.0.{n}") for n in (1, 2)])
        assert host.end() == 0


def test_replay_checks_every_record_of_a_hosts_record_file(net, tmp_path, capsys):
    records = tmp_path / "games.jsonl"
    host = Hosting(["--seats", "N,N", "--games", "3", "--record", str(records)], net)
    ready = host.ready()
    Bots((ready["host"], ready["port"]), ready["code"],
         [at(net, f"10.0.0.{n}") for n in (1, 2)]).join()
    assert host.end() == 0
    assert cli.main(["replay", str(records)]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert err == "" and lines[-1] == {"checked": 3}
    games = [game_from_data(json.loads(line)) for line in records.read_text().splitlines()]
    assert [(line["record"], line["line"], line["winner"]) for line in lines[:-1]] == \
        [(n, n, game.winner) for n, game in enumerate(games, start=1)]
    broken = records.read_text().splitlines()
    broken[2] = broken[2].replace('"moves": [[', '"moves": [[9, 9], [')
    records.write_text("\n".join(broken) + "\n\n")
    assert cli.main(["replay", str(records)]) == 2
    out, err = capsys.readouterr()
    assert err == "error: record 3 (line 3): move 1: [9, 9] is off the board (rows and " \
                  "columns are 0-7)\n" and out.count("\n") == 2
