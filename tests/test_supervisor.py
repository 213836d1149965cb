"""Kiosk supervision: a dying game is restarted quickly, a game with no display is tried again
with growing pauses, each logged in one line; status 0 ends it, a signal stops it at once."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from paths import ROOT

from chainplus.app import about
from chainplus.common.backoff import Backoff
from chainplus.kiosk import supervisor

# Dies twice (an exception, then kill -9 of itself), then exits cleanly as the operator would.
CHILD = """
import os, signal, sys, time
from pathlib import Path
count = Path(sys.argv[1])
runs = int(count.read_text()) if count.exists() else 0
count.write_text(str(runs + 1))
with open(sys.argv[2], "a") as f:
    f.write(f"{time.monotonic()}\\n")
if runs == 0:
    raise RuntimeError("boom")
if runs == 1:
    os.kill(os.getpid(), signal.SIGKILL)
sys.exit(0)
"""


class FakeTime:
    """A clock that only moves when ``sleep`` is called; remembers every sleep."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_supervisor_restarts_a_dying_game_within_three_seconds(tmp_path):
    logger = supervisor.kiosk_logger(tmp_path)
    starts = tmp_path / "starts"
    fake = FakeTime()  # the pauses before the restarts pass at once
    status = supervisor.supervise(
        [sys.executable, "-c", CHILD, str(tmp_path / "n"), str(starts)], logger,
        sleep=fake.sleep, clock=fake.clock)
    for handler in logger.handlers:
        handler.flush()
    assert status == 0
    times = [float(t) for t in starts.read_text().split()]
    assert len(times) == 3
    log = (tmp_path / "chainplus.log").read_text()
    assert log.count("game process died") == 2 and "status 1" in log and "status -9" in log
    assert "ended by the operator" in log
    # play carries on within 3 s: the pause before each restart is at most MAX_DELAY
    delays = [float(line.split("restarting in ")[1].split()[0])
              for line in log.splitlines() if "restarting in" in line]
    assert delays and max(delays) <= supervisor.MAX_DELAY < 3.0
    assert fake.now - 100.0 == pytest.approx(sum(delays))  # it paused as long as it said


def test_bad_options_are_not_restarted_for_ever(tmp_path):
    logger = supervisor.kiosk_logger(tmp_path / "other")
    status = supervisor.supervise([sys.executable, "-c", "import sys; sys.exit(2)"], logger)
    assert status == 2
    assert "not restarting" in (tmp_path / "other" / "chainplus.log").read_text()


def test_a_signal_during_the_restart_pause_stops_the_kiosk(tmp_path):
    import os
    import signal
    import threading

    logger = supervisor.kiosk_logger(tmp_path)
    runs = tmp_path / "runs"
    child = [sys.executable, "-c", f"open({str(runs)!r}, 'a').write('x'); raise SystemExit(1)"]

    def sleep_through_a_shutdown(seconds: float) -> None:
        """A real sleep, with SIGTERM sent from another thread meanwhile (the machine shuts
        down during the pause before the restart): sent before the sleep returns, whatever
        the machine's speed."""
        sender = threading.Thread(target=os.kill, args=(os.getpid(), signal.SIGTERM))
        sender.start()
        time.sleep(seconds)
        sender.join()

    status = supervisor.supervise(child, logger, sleep=sleep_through_a_shutdown)
    assert status == 128 + signal.SIGTERM  # 143, as a shell would say
    assert len(runs.read_text()) <= 3  # it stopped instead of restarting for ever


def test_the_game_process_is_this_python_running_the_games_module_supervised():
    command = supervisor.child_command("chainplus.ui", ["--kiosk", "--seats", "H,C5"])
    assert command[:2] == [sys.executable, "-c"]
    assert command[3:] == [str(ROOT), "chainplus.ui", "--kiosk", "--seats", "H,C5",
                           "--supervised"]
    assert supervisor.shown_command(command) == (
        f"{sys.executable} -m chainplus.ui --kiosk --seats H,C5 --supervised"
        f" (Chain+ from {ROOT})")


def test_a_kiosk_started_from_another_folder_runs_the_game_of_its_own_clone(tmp_path):
    """A desktop's autostart runs ``.../main.py --kiosk`` from the home folder: the game
    process still finds the clone the supervisor came from."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    game = subprocess.run(supervisor.child_command("chainplus.ui", ["--version"]), cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert (game.returncode, game.stdout.strip()) == (0, about.VERSION_LINE)


# A different Chain+ in the folder the kiosk was started from: its game says so.
STRANGER = {
    "chainplus/__init__.py": "__version__ = 'stranger'\n",
    "chainplus/ui/__init__.py": "",
    "chainplus/ui/__main__.py": "print('the stranger game')\n",
}


def test_the_game_process_loads_the_supervisors_package_whatever_the_folder_and_path(
        tmp_path):
    """Started in a clone B (its folder current and on PYTHONPATH), a supervisor from A runs
    A's game."""
    for name, text in STRANGER.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), "."])}
    game = subprocess.run(supervisor.child_command("chainplus.ui", ["--version"]), cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert (game.returncode, game.stdout.strip()) == (0, about.VERSION_LINE)


def test_the_game_process_keeps_every_folder_on_its_path(tmp_path):
    """A folder that holds another Chain+ may hold what the game needs too (a venv's
    site-packages with pygame): it stays on the path, after the supervisor's own copy."""
    for name, text in {**STRANGER, "besides.py": "print('found beside it')\n"}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    game = subprocess.run(supervisor.child_command("besides", []), cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert (game.returncode, game.stdout.strip()) == (0, "found beside it"), game.stderr


# Exits with the statuses given, one per run: 3 (no display, saying why on stderr), 1 or 0.
STATUSES = """
import sys
from pathlib import Path
count = Path(sys.argv[1])
runs = int(count.read_text()) if count.exists() else 0
count.write_text(str(runs + 1))
status = int(sys.argv[2].split(",")[runs])
if status == 3:
    print("error: cannot open the game window: nothing answered at DISPLAY=:9", file=sys.stderr)
sys.exit(status)
"""


def test_no_display_is_tried_again_after_1_2_4_up_to_30_s_with_one_log_line_per_try(
        tmp_path, capsys):
    logger = supervisor.kiosk_logger(tmp_path)
    statuses = "3,3,3,3,3,3,3,1,3,0"  # waits for a display, crashes once, waits again, ends
    fake = FakeTime()
    status = supervisor.supervise([sys.executable, "-c", STATUSES, str(tmp_path / "n"), statuses],
                                  logger, sleep=fake.sleep, clock=fake.clock)
    for handler in logger.handlers:
        handler.flush()
    assert status == 0
    log = (tmp_path / "chainplus.log").read_text().splitlines()
    waits = [line for line in log if "no display yet" in line]
    delays = [float(line.split("trying again in ")[1].split()[0]) for line in waits]
    assert delays == [1, 2, 4, 8, 16, 30, 30, 1]  # the display came (the crash), so 1 s again
    assert "try 3: cannot open the game window: nothing answered at DISPLAY=:9" in waits[2]
    assert sum("game process died (status 1)" in line for line in log) == 1
    assert fake.now - 100.0 == pytest.approx(sum(delays) + supervisor.FIRST_DELAY)
    assert max(fake.slept) <= supervisor.PAUSE_STEP  # short steps: a signal is answered at once
    # the child's own line still reaches standard error (the journal, under systemd)
    assert capsys.readouterr().err.count("cannot open the game window") == 8


def test_sigterm_during_a_long_wait_for_the_display_stops_the_kiosk_at_once(tmp_path):
    import os
    import signal

    logger = supervisor.kiosk_logger(tmp_path)
    fake = FakeTime()

    def sleep_then_shutdown(seconds: float) -> None:
        fake.sleep(seconds)
        os.kill(os.getpid(), signal.SIGTERM)  # the machine shuts down during the pause

    status = supervisor.supervise(
        [sys.executable, "-c", STATUSES, str(tmp_path / "n"), "3,3,3,3"], logger,
        sleep=sleep_then_shutdown, clock=fake.clock)
    assert status == 128 + signal.SIGTERM
    assert (tmp_path / "n").read_text() == "1"  # not started again
    assert fake.slept == [supervisor.PAUSE_STEP]  # one step of the 1 s pause, not all of it
    assert "kiosk stopped by SIGTERM" in (tmp_path / "chainplus.log").read_text()


def test_backoff_doubles_up_to_its_cap_and_starts_again_after_reset():
    backoff = Backoff(1.0, 30.0)
    assert [backoff.next() for _ in range(7)] == [1, 2, 4, 8, 16, 30, 30]
    backoff.reset()
    assert backoff.next() == 1


def test_ctrl_c_ends_the_kiosk_as_a_stop_even_when_the_game_ends_cleanly(tmp_path):
    import signal

    logger = supervisor.kiosk_logger(tmp_path)
    # Ctrl+C in a terminal reaches both processes; the game ends with 0, as if the operator quit
    child = [sys.executable, "-c", "import os, signal; signal.signal(signal.SIGTERM, "
             "signal.SIG_IGN); os.kill(os.getppid(), signal.SIGINT)"]
    status = supervisor.supervise(child, logger)
    for handler in logger.handlers:
        handler.flush()
    assert status == 128 + signal.SIGINT
    log = (tmp_path / "chainplus.log").read_text()
    assert "kiosk stopped by SIGINT" in log and "ended by the operator" not in log


def test_the_displays_sockets_are_those_the_environment_names_that_are_there(tmp_path):
    env = {"DISPLAY": ":4242.0", "WAYLAND_DISPLAY": "wl-test", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert supervisor.display_sockets(env) == set()
    (tmp_path / "wl-test").touch()
    assert supervisor.display_sockets(env) == {tmp_path / "wl-test"}
    (tmp_path / "wayland-0").touch()  # libwayland's own name, when WAYLAND_DISPLAY is unset
    assert supervisor.display_sockets({"XDG_RUNTIME_DIR": str(tmp_path)}) == {
        tmp_path / "wayland-0"}
    assert supervisor.display_sockets({"WAYLAND_DISPLAY": str(tmp_path / "wl-test")}) == {
        tmp_path / "wl-test"}  # a full path needs no runtime folder
    assert supervisor.display_sockets({"DISPLAY": "otherhost:0"}) == set()


def test_the_wait_for_a_display_ends_when_its_socket_appears(tmp_path):
    env = {"WAYLAND_DISPLAY": "wl-late", "XDG_RUNTIME_DIR": str(tmp_path)}
    appeared = supervisor.new_display(env)
    clock = FakeTime()

    def sleep(seconds: float) -> None:
        clock.sleep(seconds)
        if clock.now >= 102.0:  # the compositor starts 2 s into a 30 s pause
            (tmp_path / "wl-late").touch()

    supervisor._pause(30.0, lambda: False, sleep, clock.clock, appeared)
    assert 102.0 <= clock.now < 102.5
    assert not supervisor.new_display(env)()  # there before: no news
