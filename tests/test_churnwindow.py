"""The churn rig runs a real hosting and a real joined window with Rules open while guests
join and leave on 127.0.0.1-250, and prints each window's memory; nothing here is timed or
weighed, only that the windows ran and took in what their hosts said."""

from __future__ import annotations

import json

import pytest

from lab.rigs import churnwindow


@pytest.mark.parametrize("window", churnwindow.WINDOWS)
def test_a_window_under_churn_with_rules_open_prints_its_memory(
        window: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = churnwindow.main(["--window", window, "--seconds", "0.5", "--churners", "2",
                               "--players"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0 and len(lines) == 1
    result = json.loads(lines[0])
    assert (result["window"], result["as"], result["waiting_at_end"]) == \
        (window, "players", 0)
    assert set(result["rss_mb"]) == {"start", "peak", "end"}
    assert result["rss_mb"]["start"] <= result["rss_mb"]["peak"]
    assert sum(result["churn"].values()) > 0
