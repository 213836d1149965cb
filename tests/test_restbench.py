"""The rest benchmark (``python -m lab.rigs.restbench``): its options, and a short run
in a private Xvfb reporting every state asked for."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from paths import ROOT

from lab.rigs import restbench


def test_an_unknown_state_or_time_is_one_line_of_error(capsys) -> None:
    for argv in (["--states", "idle,asleep"], ["--seconds", "0"], ["--size", "10x10"]):
        with pytest.raises(SystemExit) as stopped:
            restbench.main(argv)
        assert stopped.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def test_a_run_without_xvfb_says_so_in_one_line(monkeypatch, capsys) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    assert restbench.main(["--states", "idle", "--seconds", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot run Xvfb") and err.count("\n") == 1


@pytest.mark.skipif(not shutil.which("Xvfb"), reason="needs Xvfb (apt-get install xvfb)")
def test_a_short_run_reports_the_share_of_a_core_and_a_chains_frames() -> None:
    done = subprocess.run([sys.executable, "-m", "lab.rigs.restbench", "--states",
                           "chain", "--seconds", "1"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=True)
    lines = done.stdout.splitlines()
    figures = json.loads(lines[-1])
    assert figures["screen"] == [1366, 768]
    state = figures["chain"]  # the state with the most figures; the others are its loop
    assert state["window_pct"] >= 0 and state["seconds"] >= 1
    assert any(line.startswith("chain: window ") for line in lines)
    assert "gap_p99_ms" in figures["chain"] and figures["chain"]["frames_per_s"] > 0
