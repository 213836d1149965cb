"""The window's command line: --help lists the options; a bad option is one clear line, status 2."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

from chainplus.app.seats import parse_seats
from chainplus.ui.window.command_line import build_parser
from chainplus.ui.window.launch import main

#: Options the parser takes that --help does not show: how the kiosk starts its own game
#: process, not for people.
HIDDEN = {"--supervised"}
#: What the parser takes that is not an option: the game record to open.
POSITIONAL = {"game"}


def help_entries(text: str) -> dict[str, str]:
    """The options section of ``--help`` output: each entry's flags as written (say
    ``--sound, --no-sound`` or ``--seed SEED``) and its explanation, lines joined."""
    entries: dict[str, str] = {}
    flags = ""
    for line in text.split("\noptions:\n", 1)[1].splitlines():
        if line.startswith("  -"):  # an entry: its flags, then its explanation or a new line
            flags, _, explanation = line.strip().partition("  ")
            entries[flags] = explanation.strip()
        elif line.startswith("   ") and flags:  # the explanation goes on
            entries[flags] = f"{entries[flags]} {line.strip()}".strip()
        else:
            flags = ""
    return entries


def test_help_lists_every_option_with_a_line_of_explanation(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    entries = help_entries(out)
    listed = set(re.findall(r"--?[a-z][a-z-]*", " ".join(entries)))
    usage = out.split("\n\n", 1)[0]
    taken = {"--" + dest.replace("_", "-") for dest in vars(build_parser().parse_args([]))
             if dest not in POSITIONAL}
    for flag in set(re.findall(r"\[(--?[a-z][a-z-]*)", usage)) | (taken - HIDDEN):
        assert flag in listed, flag
    for flags, explanation in entries.items():
        assert explanation, flags


def test_help_says_a_game_record_may_be_opened_and_a_kiosk_keeps_games_only_if_told(capsys
                                                                                  ) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "[GAME.json]" in out.split("\n\n", 1)[0]
    positional = " ".join(out.split("\npositional arguments:\n", 1)[1].split("\n\n")[0].split())
    assert positional.startswith("GAME.json a game record to open and replay move by move")
    assert "a kiosk keeps no games unless this is given" in help_entries(out)["--keep-games"]


def test_a_game_record_and_keep_games_reach_the_options(tmp_path: Path) -> None:
    from chainplus.app.settings import DEFAULTS
    from chainplus.ui.window.command_line import options_from

    game = tmp_path / "my game.json"
    for argv in (["--kiosk", "--keep-games", str(game)], [str(game), "--seats", "-,H,C5"]):
        options = options_from(build_parser().parse_args(argv), DEFAULTS)
        assert options.window.open_path == game
        assert (options.kiosk is not None and options.kiosk.keep_games) == ("--keep-games" in argv)
    options = options_from(build_parser().parse_args([]), DEFAULTS)
    assert options.window.open_path is None and options.kiosk is None


@pytest.mark.parametrize("argv", [["--bogus"], ["--speed", "warp"], ["--rules", "chess"],
                                  ["--seed", "x"], ["--seats", "X"], ["--seats", "H"],
                                  ["--seats", "H,C9"], ["--idle-seconds", "-3"],
                                  ["--idle-seconds", "nan"], ["--idle-seconds", "soon"],
                                  ["--kiosk", "--seats"], ["a.json", "b.json"]])
def test_a_bad_option_gets_one_error_line_and_status_two(capsys, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 1 and errors[0].startswith("error: "), err


def test_main_py_opens_its_window_and_draws_a_first_frame(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CHAINPLUS_FIRST_FRAME_EXIT": "1", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path),
           "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_seats_may_start_with_an_empty_seat_as_the_readme_writes_it() -> None:

    for argv in (["--seats", "-,H,C5", "--kiosk"], ["--seats=-,H,C5", "--kiosk"]):
        args = build_parser().parse_args(argv)
        assert args.seats == parse_seats("-,H,C5") and args.kiosk, argv


def test_seats_with_no_value_is_still_one_error_line(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--seats", "--kiosk"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--seats: expected one argument" in err, err
