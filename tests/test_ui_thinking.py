"""The next computer seat thinks while a chain is shown: more thought late in a game, where
chains are long and moves matter most, and the same pace (it still plays the usual pause
after the chain ends)."""

from __future__ import annotations

import random
import threading
import time

from chainplus.core.game import Game
from chainplus.ui.window.modes import THINK_PAUSE, AnimateMode, PlayMode, think_budget
from chainplus.ui.window.worker import MOVE, Job, SyncWorker, ThreadWorker, answer

HUMAN = "human"


class Recording(SyncWorker):
    """Keeps every job it is given; answers at once (quickly) unless ``hold`` says not to."""

    def __init__(self, hold: bool = False) -> None:
        super().__init__()
        self.hold = hold
        self.jobs: list[tuple[Job, float, list[int]]] = []  # job, its budget, its position

    def _launch(self, job: Job) -> None:
        self.jobs.append((job, job.budget, list(job.game.moves)))
        if not self.hold:
            job.budget = 0.01  # the test needs the answer, not the thought
            answer(job)


def red_chains(ui, worker: Recording, blue: str = "computer"):
    """Red (human) to move with a chain ready at the corner; blue is ``blue``; the computer's
    clock follows the speed (normal), as in play."""
    app = ui.make_app()
    app.table.worker = worker
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
    chain = app.mode
    assert isinstance(chain, AnimateMode)
    ui.advance(app, 0.02)  # the chain's first frame
    assert len(worker.jobs) == 1
    job, budget, moves = worker.jobs[0]
    assert job.kind == MOVE and moves == app.game.moves  # the position after red's move
    assert abs(budget - (chain.end - app.clock.t + think_budget("normal"))) < 0.001
    assert budget > think_budget("normal") + 0.5  # several waves' more thought
    while isinstance(app.mode, AnimateMode):
        ui.advance(app, 0.01, step=0.01)
    ended = app.clock.t
    while len(app.game.moves) == len(moves):
        ui.advance(app, 0.01, step=0.01)
    waited = app.clock.t - ended
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
    assert isinstance(app.mode, PlayMode)
    # hurried at the click to the usual pause from then, however long the click took
    assert before + budget <= job.answer_by <= after + budget
    assert not job.stop.is_set()  # hurried, not thrown away


def test_nobody_thinks_during_the_chain_when_a_human_moves_next(ui) -> None:
    worker = Recording()
    app = red_chains(ui, worker, blue=HUMAN)
    ui.click_square(app, 0)
    while isinstance(app.mode, AnimateMode):
        ui.advance(app, 0.05)
    assert worker.jobs == []


def test_a_hurried_search_answers_soon_with_a_move_that_is_kept() -> None:
    game = Game((1, 2))
    rng = random.Random(3)
    for _ in range(30):
        game.play(game.random_move(rng))
    told = threading.Event()
    worker = ThreadWorker(told.set)
    job = worker.start(MOVE, game, level=5, budget=60.0)
    job.hurry(0.05)
    assert told.wait(10.0), "a search hurried to 0.05 s did not answer"
    assert worker.collect() is job and job.square is not None and game.is_legal(job.square)
