"""The computer's own process (``ai.service``): it answers moves and judgements as this
process would, stops and hurries when told, never loads pygame, and when it dies every open
request hears so, once, in a line. Each test starts a real process (about a tenth of a
second); waits are for events, with generous limits, never timed assertions."""

from __future__ import annotations

import os
import queue
import random
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from paths import ROOT

from chainplus.ai.judgement import series
from chainplus.ai.players import choose_move
from chainplus.ai.service import Gone, Hurry, Judge, Judged, Reply, Stop, Think, Thought
from chainplus.ai.service_process import Service
from chainplus.core.game import Game
from chainplus.core.records import game_from_text

WAIT = 60.0  # seconds a reply may take before the test fails: never reached when all is well


def midgame(plies: int = 30, seed: int = 3) -> Game:
    game, rng = Game((1, 2)), random.Random(seed)
    for _ in range(plies):
        game.play(game.random_move(rng))
    return game


class Heard:
    """Replies as they come, from the service's thread."""

    def __init__(self) -> None:
        self.replies: queue.Queue[Reply] = queue.Queue()

    def __call__(self, reply: Reply) -> None:
        self.replies.put(reply)

    def next(self) -> Reply:
        return self.replies.get(timeout=WAIT)


@pytest.fixture
def service() -> Iterator[Service]:
    service = Service()
    yield service
    service.close()


def think(ident: int, game: Game, level: int = 5, budget: float = 0.05, seed: float = 1.0
          ) -> Think:
    return Think(ident, game, level, 0, seed, budget, time.time())


def test_the_process_chooses_as_this_one_would_and_says_how_hard_it_looked(service) -> None:
    game, heard = midgame(), Heard()
    asked = service.ask(lambda ident: think(ident, game, level=3, seed=0.25), heard)
    thought = heard.next()
    assert isinstance(thought, Thought) and thought.ident == asked
    assert thought.answer == (choose_move(game, 3, 0, random.Random(0.25)), 0, None)
    service.ask(lambda ident: think(ident, game, budget=0.5), heard)  # slack for a busy machine
    searched = heard.next()
    assert isinstance(searched, Thought) and game.is_legal(searched.answer.square)
    assert searched.answer.nodes > 100 and searched.answer.error is None
    assert service.pid is not None and service.pid != os.getpid()


def test_a_judgement_comes_back_in_batches_as_this_process_would_work_it_out(service) -> None:
    game = game_from_text((ROOT / "tests" / "data" / "review" / "2-seats.json").read_bytes())
    heard = Heard()
    service.ask(lambda ident: Judge(ident, game, 30), heard)
    batches = [heard.next()]
    while not batches[-1].done:
        batches.append(heard.next())
    assert all(isinstance(batch, Judged) for batch in batches) and len(batches) > 10
    points = [point for batch in batches for point in batch.points]
    assert points == list(series(game, nodes=30))


def test_a_search_stopped_is_never_answered_and_the_next_one_is(service) -> None:
    game, heard = midgame(), Heard()
    first = service.ask(lambda ident: think(ident, game, budget=60.0), heard)
    service.tell(Stop(first))
    second = service.ask(lambda ident: think(ident, game), heard)
    reply = heard.next()
    assert isinstance(reply, Thought) and reply.ident == second
    assert heard.replies.empty()


def test_a_hurried_search_answers_with_its_best_so_far(service) -> None:
    game, heard = midgame(), Heard()
    asked = service.ask(lambda ident: think(ident, game, budget=60.0), heard)
    service.tell(Hurry(asked, 0.05, time.time()))
    reply = heard.next()  # long before the minute is up
    assert isinstance(reply, Thought) and game.is_legal(reply.answer.square)


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux's /proc")
def test_the_process_never_loads_pygame(service) -> None:
    """This process has pygame loaded (the tests draw); the computer's has not, and the
    window's main script (``main.py``, which a spawned process also loads) imports nothing."""
    import pygame

    assert "pygame" in Path(pygame.__file__).parent.name
    heard = Heard()
    service.ask(lambda ident: think(ident, midgame()), heard)
    heard.next()
    maps = Path(f"/proc/{service.pid}/maps").read_text()
    assert "pygame" not in maps and "libSDL" not in maps
    assert (ROOT / "main.py").read_text().count("\nimport ") == 1  # sys alone


def test_when_the_process_dies_every_open_request_hears_once_in_a_line(service) -> None:
    game, heard = midgame(), Heard()
    record = game_from_text((ROOT / "tests" / "data" / "review" / "4-seats.json").read_bytes())
    asked = [service.ask(lambda ident: think(ident, game, budget=60.0), heard),
             service.ask(lambda ident: Judge(ident, record, 300), heard)]
    assert service.pid is not None
    os.kill(service.pid, signal.SIGKILL)
    gone: list[Reply] = []
    while len(gone) < 2:  # a batch of points may have come first
        reply = heard.next()
        if not isinstance(reply, Judged):
            gone.append(reply)
    assert all(isinstance(reply, Gone) for reply in gone)
    assert sorted(reply.ident for reply in gone) == sorted(asked)
    assert service.broken == "the computer's process stopped (exit code -9)"
    assert all(reply.why == service.broken for reply in gone)
    assert service.ask(lambda ident: think(ident, game), heard) is None  # no more
    assert heard.replies.empty()


def test_closing_ends_the_process_and_its_reader() -> None:
    threads = threading.active_count()
    service, heard = Service(), Heard()
    service.ask(lambda ident: think(ident, midgame(), budget=60.0), heard)
    assert threading.active_count() == threads + 1  # the reader, waiting for replies
    service.close()
    assert threading.active_count() == threads
    assert service.pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(service.pid, 0)
    assert service.ask(lambda ident: think(ident, midgame()), heard) is None
