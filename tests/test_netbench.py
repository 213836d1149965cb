"""The network bench plays whole games on 127.0.0.1 and accounts for every move.

The bench itself is a command: ``python -m lab.rigs.netbench``; nothing here is
timed, only that the games are played to the end and every move the host accepted is seen
drawn by the window.
"""

from __future__ import annotations

import json

import pytest

from lab.rigs import netbench
from lab.rigs.move_times import MoveTimes

SPREAD = {"p50", "p95", "p99", "max"}
FRAMES = {"frames", "p50_ms", "p99_ms", "max_ms", "cpu_p50_ms", "cpu_p99_ms"}


@pytest.mark.parametrize(("scenario", "seats", "rules", "games", "speed"), [
    ("joined", "N,N", "acorn", 1, "fast"), ("joined", "N,C1", "classic", 1, "fast"),
    # the hosting window's New starts its second game; its host's computer would wait for
    # each chain on show, so the chains are not shown: the joined windows time those
    ("hosting", "H,N", "acorn", 2, "instant"),
    ("watching", "N,N", "acorn", 1, "fast")])  # level-3 bots play each other, watched
def test_short_games_are_played_to_the_end_and_every_move_is_timed(
        scenario: str, seats: str, rules: str, games: int, speed: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    status = netbench.main(["--scenario", scenario, "--games", str(games), "--seats", seats,
                            "--rules", rules, "--size", "640x480", "--speed", speed,
                            "--seed", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0 and len(lines) == 1
    result = json.loads(lines[0])
    assert {"scenario", "window", "seats", "rules", "games", "game_moves", "moves", "undrawn",
            "latency_ms", "behind_chain", "after_chain_ms", "chains", "chains_shown", "frames",
            "cpu", "seconds"} <= set(result)
    assert (result["scenario"], result["window"], result["seats"], result["rules"]) == \
        (scenario, [640, 480], seats, rules)
    assert result["games"] == games == len(result["game_moves"])
    assert result["moves"] == sum(result["game_moves"]) and min(result["game_moves"]) > 0
    assert result["undrawn"] == 0
    for figures in (result["latency_ms"], result["after_chain_ms"]):
        assert set(figures) == SPREAD
        assert 0 <= figures["p50"] <= figures["p95"] <= figures["p99"] <= figures["max"]
    assert result["after_chain_ms"]["max"] <= result["latency_ms"]["max"]
    assert 0 <= result["chains_shown"] <= result["chains"] < result["moves"]
    assert set(result["frames"]) == FRAMES and result["frames"]["frames"] > 0
    cpu = result["cpu"]
    assert cpu["cpu_pct"] >= 0 and cpu["window_s"] == 20.0
    assert cpu["worst_window_pct"] == max(cpu["windows_pct"], default=0.0)


def test_cpu_windows_close_each_whole_window_and_keep_the_worst(monkeypatch) -> None:
    from lab.rigs import timed_window

    clock = {"wall": 0.0, "cpu": 0.0}
    monkeypatch.setattr(timed_window.time, "perf_counter", lambda: clock["wall"])
    monkeypatch.setattr(timed_window.time, "process_time", lambda: clock["cpu"])
    windows = timed_window.CpuWindows(20.0)
    for wall, cpu in ((10.0, 1.0), (20.0, 2.0), (30.0, 2.5), (40.0, 6.0), (45.0, 6.0)):
        clock["wall"], clock["cpu"] = wall, cpu
        windows.look()
    figures = windows.figures()
    assert figures["windows_pct"] == [10.0, 20.0]  # the last 5 s is no whole window
    assert figures["worst_window_pct"] == 20.0
    assert figures["cpu_pct"] == pytest.approx(100 * 6.0 / 45.0, abs=0.01)


def test_a_move_waiting_behind_a_chain_is_timed_from_the_chains_end() -> None:
    times = MoveTimes()
    times.accepted(1)
    times.moves[(1, 1)].accepted = 10.0
    times.drawn((1, 1), 10.01, chain_end=11.0)  # its chain shows until 11.0
    times.accepted(2)
    times.moves[(1, 2)].accepted = 10.5  # while the chain was shown
    times.drawn((1, 2), 11.02, chain_end=None)
    figures = times.figures(chained={(1, 1)})
    assert (figures["moves"], figures["undrawn"], figures["behind_chain"]) == (2, 0, 1)
    assert (figures["chains"], figures["chains_shown"]) == (1, 1)
    assert figures["latency_ms"]["max"] == pytest.approx(520.0)
    assert figures["after_chain_ms"]["max"] == pytest.approx(20.0)
    assert figures["after_chain_ms"]["p50"] == pytest.approx(10.0)


def test_a_chain_cut_short_lets_the_next_move_count_from_the_cut() -> None:
    times = MoveTimes()
    times.accepted(1)
    times.moves[(1, 1)].accepted = 10.0
    times.drawn((1, 1), 10.01, chain_end=11.0)  # a chain that would show until 11.0
    times.accepted(2)
    times.moves[(1, 2)].accepted = 10.2
    times.chain_over((1, 1), 10.21)  # cut short in the turn that began at 10.21
    times.drawn((1, 2), 10.22, chain_end=None)
    figures = times.figures(chained={(1, 1)})
    assert figures["behind_chain"] == 1
    assert figures["latency_ms"]["max"] == pytest.approx(20.0)
    assert figures["after_chain_ms"]["max"] == pytest.approx(10.0)


def test_bad_options_are_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--seats", "H,C1"], ["--seats", "N,X"], ["--games", "0"]):
        with pytest.raises(SystemExit) as stop:
            netbench.main(argv)
        assert stop.value.code == 2
        assert capsys.readouterr().err.startswith("error: ")
