"""A short day at the museum: a few demonstration games through the long run's own code.

The long run is a command: ``python -m lab.rigs.longday --games 500 --seed 1``. The
short days here draw 2 frames a kiosk second while something animates instead of its 60 (the
how-to-play between two games is 40 kiosk seconds of animation: 2,400 frames at 60 a second);
the games, the pages of how to play, the visitors and the figures are the same code either way.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from lab.rigs import longday
from lab.rigs.longday import Day, Usage

FIGURES = re.compile(r"games played (\d+), RSS ([\d.]+) MB, open file descriptors (\d+), "
                     r"threads (\d+) \(OS (\d+)\)")


def test_a_few_games_are_played_and_the_figures_printed(capsys: pytest.CaptureFixture[str]) -> None:
    status = longday.main(["--games", "1", "--warmup", "1", "--seed", "4", "--frame-rate", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("start (after 1 warm-up games): ")
    assert lines[1].startswith("end: ")
    start, end = (FIGURES.search(line) for line in lines[:2])
    assert start is not None and end is not None, lines
    assert int(start[1]) == 1 and int(end[1]) == 2
    for figures in (start, end):
        assert float(figures[2]) > 0 and int(figures[3]) > 0
        assert 1 <= int(figures[4]) <= int(figures[5])
    assert lines[2].startswith("growth: RSS ") and lines[2].endswith(": ok")
    assert lines[3].startswith("1 games measured, 0 visitors, ")
    assert status == 0


@pytest.mark.parametrize("args", [["--games", "0"], ["--warmup", "-1"], ["--frame-rate", "0"]])
def test_bad_counts_are_one_line_and_status_2(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as end:
        longday.main(args)
    err = capsys.readouterr().err
    assert end.value.code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_visitors_wake_the_kiosk_and_every_computer_thread_ends() -> None:
    day = longday.long_day(2, seed=2, warmup=0, visit_every=1, frame_rate=2)
    assert (day.start.games, day.end.games, day.visitors) == (0, 2, 1)
    assert day.frames > 0
    assert day.end.threads <= day.start.threads, "a computer move's thread outlived the day"
    assert day.problems() == []


def usage(rss_mb: float = 40.0, descriptors: int = 7, threads: int = 1, os_threads: int = 2,
          games: int = 10) -> Usage:
    return Usage(games, rss_mb, descriptors, threads, os_threads)


@pytest.mark.parametrize(("end", "problem"), [
    (usage(rss_mb=49.9), None),
    (usage(rss_mb=30.0, descriptors=5, threads=1, os_threads=1), None),
    (usage(rss_mb=50.0), "memory grew by 10.0 MB"),
    (usage(descriptors=8), "open file descriptors: 1 more"),
    (usage(threads=2, os_threads=3), "more threads (1 -> 2, OS 2 -> 3)"),
    (usage(os_threads=3), "more threads (1 -> 1, OS 2 -> 3)"),
])
def test_growth_of_10_mb_a_descriptor_or_a_thread_fails_the_day(
        end: Usage, problem: str | None, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    day = Day(usage(games=10), dataclasses.replace(end, games=510), visitors=50, frames=1)
    problems = day.problems()
    assert len(problems) == (problem is not None)
    assert problem is None or problems[0].startswith(problem)
    monkeypatch.setattr(longday, "long_day", lambda games, seed, warmup, progress, frame_rate: day)
    status = longday.main([])
    verdict = capsys.readouterr().out.splitlines()[2]
    assert status == (0 if problem is None else 1)
    assert verdict.endswith(": ok") if problem is None else f": {problem}" in verdict
