"""The computer players beside the window. The next computer seat thinks while a chain is
shown: more thought late in a game, where chains are long and moves matter most, and the same
pace (it still plays the usual pause after the chain ends). Level 5 thinks through that pause;
a broken computer player is stood in for by a random move; the loop sleeps until the next
thing is due, or another thread wakes it; a search on the worker's thread hands the
interpreter to the window's."""

from __future__ import annotations

import os
import random
import signal
import sys
import threading
import time

import pytest

from chainplus.ai.limits import Limit
from chainplus.ai.search import search
from chainplus.ai.service_process import Service
from chainplus.app.seats import SeatSpec
from chainplus.core.game import Game
from chainplus.ui.window.turn import THINK_PAUSE, think_budget
from chainplus.ui.window.worker import MOVE, Job, ProcessWorker, SyncWorker, ThreadWorker, answer

HUMAN = "human"


class Recording(SyncWorker):
    """Keeps every job it is given; answers at once (quickly) unless ``hold`` says not to."""

    def __init__(self, hold: bool = False) -> None:
        super().__init__()
        self.hold = hold
        self.jobs: list[tuple[Job, float, list[int]]] = []  # job, its budget, its position

    def launch(self, job: Job) -> None:
        self.jobs.append((job, job.budget, list(job.game.moves)))
        if not self.hold:
            job.budget = 0.01  # the test needs the answer, not the thought
            answer(job)


def red_chains(ui, worker: Recording, blue: str = "computer"):
    """Red (human) to move with a chain ready at the corner; blue is ``blue``; the computer's
    clock follows the speed (normal), as in play."""
    app = ui.make_app(worker=worker)
    app.table.budget = None
    app.session.panel[2].kind = app.session.panel[2].plays_as = blue
    for sq in (0, 2, 0, 10, 1, 20, 1, 21, 1, 22):  # red: 2 in the corner, 3 on the edge by it
        app.game.play(sq)
    return app


def test_the_next_computer_thinks_while_the_chain_is_shown_and_plays_after_the_usual_pause(
        ui) -> None:
    worker = Recording()
    app = red_chains(ui, worker)
    ui.click_square(app, 0)
    chain = app.mode.phase
    assert app.mode.name == "animate"
    ui.advance(app, 0.02)  # the chain's first frame
    assert len(worker.jobs) == 1
    job, budget, moves = worker.jobs[0]
    assert job.kind == MOVE and moves == app.game.moves  # the position after red's move
    assert abs(budget - (chain.end - app.clock.now() + think_budget("normal"))) < 0.001
    assert budget > think_budget("normal") + 0.5  # several waves' more thought
    while app.mode.name == "animate":
        ui.advance(app, 0.01, step=0.01)
    ended = app.clock.now()
    while len(app.game.moves) == len(moves):
        ui.advance(app, 0.01, step=0.01)
    waited = app.clock.now() - ended
    assert THINK_PAUSE["normal"] - 0.02 <= waited <= THINK_PAUSE["normal"] + 0.02
    assert len(worker.jobs) == 1  # blue played the move thought out during the chain


def test_a_chain_cut_short_hurries_the_computer_back_to_the_usual_pause(ui) -> None:
    worker = Recording(hold=True)
    app = red_chains(ui, worker)
    ui.click_square(app, 0)
    ui.advance(app, 0.05)
    job = worker.jobs[0][0]
    assert job.answer_by == float("inf")  # the chain and the pause are its budget
    budget = think_budget("normal")
    before = time.perf_counter()
    ui.click_square(app, 40)  # finishes the chain
    after = time.perf_counter()
    assert app.mode.name == "play"
    # hurried at the click to the usual pause from then, however long the click took
    assert before + budget <= job.answer_by <= after + budget
    assert not job.stop.is_set()  # hurried, not thrown away


def test_nobody_thinks_during_the_chain_when_a_human_moves_next(ui) -> None:
    worker = Recording()
    app = red_chains(ui, worker, blue=HUMAN)
    ui.click_square(app, 0)
    while app.mode.name == "animate":
        ui.advance(app, 0.05)
    assert worker.jobs == []


def midgame() -> Game:
    game = Game((1, 2))
    rng = random.Random(3)
    for _ in range(30):
        game.play(game.random_move(rng))
    return game


@pytest.mark.parametrize("where", ["process", "thread"])
def test_a_hurried_search_answers_soon_with_a_move_that_is_kept(where: str) -> None:
    game, told, service = midgame(), threading.Event(), Service()
    worker = ProcessWorker(service, told.set) if where == "process" else ThreadWorker(told.set)
    try:
        job = worker.start(MOVE, game, level=5, budget=60.0)
        job.hurry(0.05)
        assert told.wait(10.0), "a search hurried to 0.05 s did not answer"
        assert worker.collect() is job and job.square is not None and game.is_legal(job.square)
        assert job.fallback is None
    finally:
        worker.close()
        service.close()


def test_the_windows_own_worker_thinks_in_the_computers_process_leaving_this_one_be(
        ui, wait_for) -> None:
    """No process-wide setting changes (the interpreter's switch interval stays Python's),
    the search runs in another process, and closing the window ends that process."""
    from chainplus.app.options import Options
    from chainplus.ui.window.app import App, Devices
    from chainplus.ui.window.display import NullDisplay

    interval = sys.getswitchinterval()
    app = App(Options(seed=1), Devices(sounds=ui.RecordedSounds(), display=NullDisplay()))
    try:
        worker, service = app.table.services.worker, app.table.services.judge.service
        assert isinstance(worker, ProcessWorker) and worker.service is service
        assert service.pid is None  # started by the first job, not before
        for _ in range(2):  # the first while the process starts, the second in one running
            job = worker.start(MOVE, midgame(), level=5, budget=0.1)
            wait_for(lambda job=job: job.done, "the computer's answer", 30.0)
        assert job.square is not None and job.nodes > 0 and job.fallback is None
        assert service.pid not in (None, os.getpid())
        assert sys.getswitchinterval() == interval
    finally:
        app.close()
    with pytest.raises(ProcessLookupError):
        os.kill(service.pid, 0)


def test_a_computer_process_that_dies_is_said_once_and_the_window_thinks_for_itself(
        ui, wait_for, capsys) -> None:
    service = Service()
    app = ui.make_app(worker=ProcessWorker(service))  # red human, blue computer
    app.table.budget = 0.3
    try:
        ui.click_square(app, 0)
        ui.settle(app)
        ui.click_square(app, 9)
        ui.advance(app, 0.05)
        job = app.table.services.worker.job
        assert job is not None and service.pid is not None
        os.kill(service.pid, signal.SIGKILL)  # while blue thinks
        for _ in range(2):  # blue's move, then the next on a thread from the start
            moves = len(app.game.moves)
            while len(app.game.moves) == moves:
                wait_for(lambda: app.table.services.worker.job is None
                         or app.table.services.worker.job.done, "blue's answer", 30.0)
                ui.advance(app, 0.1)
            if len(app.game.moves) < 5:
                ui.settle(app)
                ui.click_square(app, 18)
    finally:
        app.close()
        service.close()
    note = "the computer's process stopped (exit code -9): the computer thinks in the " \
           "window's process instead"
    assert app.table.services.fallbacks == [note]
    err = capsys.readouterr().err
    assert err.count("chainplus: the computer's process stopped") == 1
    assert "Traceback" not in err and "Exception" not in err


def test_level_5_thinks_through_the_pause_the_window_makes_anyway() -> None:
    """Its clock follows the speed, never under 0.25 s, and ends before the pause does
    (where the pause is long enough), so the pace of the game stays as it was."""
    from chainplus.ui.window.turn import THINK_PAUSE, think_budget

    for speed, pause in THINK_PAUSE.items():
        budget = think_budget(speed)
        assert budget >= 0.25
        assert budget <= max(0.25, pause)
        assert budget >= pause - 0.1  # the pause is used, not a quarter second of it


def test_a_broken_computer_player_is_stood_in_for_once_and_the_game_goes_on(ui, monkeypatch,
                                                                            capsys) -> None:
    from chainplus.ai import players as ai

    def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("no idea")

    monkeypatch.setattr(ai, "play", broken)
    app = ui.make_app()  # red human, blue computer
    for square in (0, 7):
        ui.click_square(app, square)
        ui.settle(app)
    assert len(app.game.moves) == 4  # blue answered twice, with random legal moves
    assert app.table.services.fallbacks == ["the computer player failed: a random move answered"]
    assert capsys.readouterr().err.count("chainplus: the computer player failed:") == 1


def test_the_loop_sleeps_until_the_next_thing_is_due(ui) -> None:
    """wait_time: nothing due sleeps the longest step; a message, a computer's pause, an
    animation and a kiosk's idle spell each wake it in time."""
    from chainplus.ui.window.app import MAX_SLEEP
    from chainplus.ui.window.turn import THINK_PAUSE

    app = ui.make_app(seats=(SeatSpec("human", 1, 0),) * 2 + (SeatSpec(),) * 2)
    now = app.clock.now()
    assert app.wait_time(now) == MAX_SLEEP  # a human to move and nothing on screen
    ui.click_cell(app, 3, 3)  # a message, shown for a few seconds
    assert 0 < app.wait_time(app.clock.now()) <= MAX_SLEEP
    ui.advance(app, 10.0)
    app.session.panel[2].plays_as = app.session.panel[2].kind = "computer"
    ui.click_square(app, 0)
    ui.advance(app, 0.01)
    assert app.wait_time(app.clock.now()) <= THINK_PAUSE["normal"]  # the computer's move is due
    kiosk = ui.make_app(kiosk=True, idle_seconds=0.5)
    assert kiosk.wait_time(kiosk.clock.now()) <= 0.5  # the demonstration is due
    chain = ui.make_app(seats=(SeatSpec("human", 1, 0),) * 2 + (SeatSpec(),) * 2)
    for square in (0, 9, 0, 18):
        ui.click_square(chain, square)
        ui.settle(chain)
    ui.click_square(chain, 0)  # the corner explodes: an animation draws every frame
    assert chain.mode.animating and chain.wait_time(chain.clock.now()) == 0.0


def test_a_wake_from_another_thread_ends_the_loops_sleep_at_once(ui, monkeypatch) -> None:
    """A host's move (or a computer's answer) that comes just after the loop looked for events
    wakes it at once, not at its next look (an hour away here, as is everything else due)."""
    import pygame

    from chainplus.ui.window import app as app_module
    from chainplus.ui.window import loop, wake

    monkeypatch.setattr(loop, "IDLE_POLL", 3600.0)
    monkeypatch.setattr(app_module, "MAX_SLEEP", 3600.0)
    app = ui.make_app(seats=(SeatSpec("human", 1, 0),) * 2 + (SeatSpec(),) * 2)
    ui.pump(app)
    assert app.wait_time(app.clock.now()) == 3600.0
    looks = 0
    real_get = pygame.event.get

    def get() -> list[pygame.event.Event]:
        nonlocal looks
        looks += 1
        if looks == 1:  # nothing yet; the link's thread puts the host's move in meanwhile
            threading.Thread(target=app.table.services.wake).start()
            return []
        return real_get()

    monkeypatch.setattr(loop.pygame.event, "get", get)
    got: list[list[pygame.event.Event]] = []
    looking = threading.Thread(target=lambda: got.append(loop.next_events(app)), daemon=True)
    looking.start()
    looking.join(60)  # never reached when the wake ends the sleep
    assert got, "the loop slept on through the wake"
    assert [event.type for event in got[0]] == [wake.WAKE]


def test_a_search_beside_the_window_hands_over_the_interpreter_every_few_positions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's stop check says whether the job was stopped, and every SHARE_EVERY checks
    it gives way (``give_way``) so the window's thread gets to run; the search itself never
    pauses."""
    import threading

    from chainplus.ui.window import worker

    pauses: list[float] = []
    monkeypatch.setattr(worker, "give_way", lambda: pauses.append(0))
    event = threading.Event()
    check = worker.sharing(event)
    assert [check() for _ in range(worker.SHARE_EVERY * 3)] == [False] * worker.SHARE_EVERY * 3
    assert pauses == [0, 0, 0]
    event.set()
    assert check() is True
    game = Game((1, 2))
    search(game, Limit(nodes=2000), rng=random.Random(1))
    search(game, Limit(nodes=2000), stop=lambda: False, rng=random.Random(1))
    assert pauses == [0, 0, 0]  # a search alone never pauses, even with a stop check
