"""Kiosk supervision: a dying game process is restarted quickly and logged; status 0 ends it."""

from __future__ import annotations

import sys
from pathlib import Path

from chainplus import supervisor

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


def test_supervisor_restarts_a_dying_game_within_three_seconds(tmp_path):
    logger = supervisor.kiosk_logger(tmp_path)
    starts = tmp_path / "starts"
    status = supervisor.supervise([sys.executable, "-c", CHILD, str(tmp_path / "n"), str(starts)], logger)
    for handler in logger.handlers:
        handler.flush()
    assert status == 0
    times = [float(t) for t in starts.read_text().split()]
    assert len(times) == 3
    log = (tmp_path / "chainplus.log").read_text()
    assert log.count("game process died") == 2 and "status 1" in log and "status -9" in log
    assert "ended by the operator" in log
    # play carries on within 3 s: the pause before each restart is at most MAX_DELAY
    delays = [float(line.split("restarting in ")[1].split()[0]) for line in log.splitlines() if "restarting in" in line]
    assert delays and max(delays) <= supervisor.MAX_DELAY < 3.0


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
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()
    status = supervisor.supervise(child, logger)
    assert status == 1
    assert len(runs.read_text()) <= 3  # it stopped instead of restarting for ever


def test_child_command_runs_main_py_supervised():
    command = supervisor.child_command(["--kiosk", "--seats", "H,C5"])
    assert command[0] == sys.executable and Path(command[1]).name == "main.py"
    assert Path(command[1]).exists()
    assert command[2:] == ["--kiosk", "--seats", "H,C5", "--supervised"]
