"""Test set-up: pygame runs headless (dummy video and audio drivers) and the repository
root is importable, so ``python -m pytest -q`` works from a fresh clone without installing."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from paths import ROOT  # tests/ is on the import path: pytest puts it there

# Before anything imports pygame: no window, no sound card needed.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English: a developer's own locale must not choose the game's language (the
# game, and every game process a test starts, looks at LANGUAGE first).
os.environ["LANGUAGE"] = "en"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------------------------------------
# Helpers for the headless window tests, handed to tests by the ``ui`` fixture.
import time  # noqa: E402
import types  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from lab.rigs.fakes import RecordedSounds, headless_devices  # noqa: E402


def open_display() -> None:
    """Open pygame's display (the dummy driver: no window is seen) at the picture's size, unless
    it is open: an App draws on it, and a test before may have closed it (``launch.run`` calls
    ``pygame.quit``)."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((640, 480))


def make_app(seed: int = 1, speed: str = "normal", *, display=None, store=None, worker=None,
             judge=None, judge_nodes=None, **options):
    """An App on ``headless_devices``: the test's one hand-moved clock, a synchronous AI worker
    (or ``worker``), recorded sounds, ``display`` (by default no screen) and the graph judged in
    step with the window (at ``judge_nodes``, or by ``judge``) and the test's network in memory
    on the same clock (``setups.memory``), saving to ``store`` (by default nowhere);
    ``options`` are the rest of its ``Options`` (``options_of``)."""
    from dataclasses import replace

    from setups import memory, options_of

    from chainplus.ui.window.app import App

    open_display()
    network = memory()
    devices = headless_devices(display, clock=network.clock, judge_nodes=judge_nodes)
    devices = replace(devices, worker=worker or devices.worker, judge=judge or devices.judge,
                      network=network)
    app = App(options_of(seed=seed, speed=speed, **options), devices, store=store)
    app.table.budget = app.table.hint_budget = 0.02  # strength does not matter: keep tests quick
    return app


def message(app) -> str:
    """The text in the message area now ("" when there is none)."""
    note = app.table.cues.message.value
    return note.text if note is not None else ""


def icon_enabled(app, name: str) -> bool:
    """Whether icon ``name`` is drawn as working now."""
    from chainplus.ui.window.controls import ICON_BY_NAME

    return app.mode.icons_work() and ICON_BY_NAME[name].enabled(app.table, app.mode.human_to_move())


def icon_glyph(app, name: str) -> str:
    from chainplus.ui.window.controls import ICON_BY_NAME

    return ICON_BY_NAME[name].glyph(app.table)


def in_demo(app) -> bool:
    """True while a kiosk plays its demonstration game."""
    return app.mode.name == "demo"


def pump(app) -> None:
    """Hand every queued pygame event to the app."""
    for event in pygame.event.get():
        app.handle_event(event)


def post_click(app, pos: tuple[int, int], button: int = 1) -> None:
    """Post a real button press and release at a logical position and let the app answer."""
    pygame.event.clear()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(app)


def click_square(app, square: int, button: int = 1) -> None:
    from chainplus.ui.art.board_view import cell_rect

    post_click(app, cell_rect(square).center, button)


def click_icon(app, name: str, button: int = 1) -> None:
    """Click an icon where this app shows it (a kiosk lays out fewer icons)."""
    post_click(app, app.icons[name].center, button)


def choose_rules(app, rules: str) -> None:
    """Open the rules window with the Rules icon, turn to its last page, choose ``rules`` and
    close it, as a player would."""
    from chainplus.ui.art.rules_view import BUTTONS, CHOICES

    click_icon(app, "rules")
    for _ in range(app.mode.count - 1):
        post_click(app, BUTTONS["next"].center)
    post_click(app, CHOICES[rules].center)
    post_click(app, BUTTONS["close"].center)


def click_cell(app, seat: int, column: int, button: int = 1) -> None:
    from chainplus.ui.art.theme import panel_cell

    post_click(app, panel_cell(seat, column).center, button)


def advance(app, seconds: float, step: float = 0.05) -> None:
    """Let ``seconds`` of fake time pass in small steps, updating the app at each."""
    clock = app.clock
    end = clock.now() + seconds
    while clock.now() < end:
        clock.advance(min(end - clock.now(), step))
        app.update()


def settle(app, limit: float = 30.0) -> None:
    """Let time pass until nothing is animating and no computer is about to move."""
    end = app.clock.now() + limit
    while app.clock.now() < end:
        advance(app, 0.1)
        if app.mode.name == "play" and not app.session.computer_to_move():
            return
        if app.game.winner is not None and not app.mode.animating:
            return


def wait_until(check, what: str, timeout: float):
    """Poll ``check`` until it returns something true and return that; fail after ``timeout``
    seconds (for tests that watch another process or a real X server). The verdict is what
    ``check`` finds: the timeouts given are generous, so a slow machine only waits longer."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = check()
        if result:
            return result
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def wait_for():
    """``wait_for(check, what, timeout)``: see ``wait_until``."""
    return wait_until


@pytest.fixture(autouse=True)
def _memory():
    """Each test hosts and joins on a network (and a clock) of its own (``setups.memory``)."""
    from setups import forget_memory

    yield
    forget_memory()


@pytest.fixture
def ui() -> types.SimpleNamespace:
    """The window-test helpers: make_app, post_click, click_square/icon/cell, advance, settle.
    pygame's display is open (``open_display``) for a test that builds its App by hand."""
    open_display()
    return types.SimpleNamespace(
        RecordedSounds=RecordedSounds, headless_devices=headless_devices, make_app=make_app,
        pump=pump, post_click=post_click, click_square=click_square, click_icon=click_icon,
        click_cell=click_cell, choose_rules=choose_rules, advance=advance, settle=settle,
        message=message, icon_enabled=icon_enabled, icon_glyph=icon_glyph, in_demo=in_demo,
    )


@pytest.fixture
def screen_display():
    """Makes real ScreenDisplays on the dummy driver; they are closed after."""
    from chainplus.ui.window.display import ScreenDisplay

    pygame.display.init()
    made: list[ScreenDisplay] = []

    def make(**kwargs) -> ScreenDisplay:
        made.append(ScreenDisplay(**kwargs))
        return made[-1]

    yield make
    for display in made:
        display.close()


@pytest.fixture(scope="session")
def xservers(tmp_path_factory):
    """``xservers(n)``: the session's n-th private Xvfb (from 0) on a free display, as (display
    name, ``x11.Screen``), its screen kept in a folder of its own. Each is started the first
    time a test asks for it and stopped after the last test: X servers start once a session,
    not once a test."""
    from contextlib import ExitStack

    from x11 import xvfb

    with ExitStack() as servers:
        started: list = []

        def nth(index: int):
            while len(started) <= index:
                started.append(servers.enter_context(xvfb(tmp_path_factory.mktemp("xvfb"))))
            return started[index]

        yield nth


@pytest.fixture
def xserver(xservers):
    """``xserver()``: a private Xvfb, as (display name, ``x11.Screen``); each call in a test
    gives another (the session's first, then its second). The servers are the session's, and
    each test finds them empty: after a test, this waits until every game window on the servers
    it used is gone (a test stops the games it started)."""
    from itertools import count

    from x11 import WAIT, game_windows

    numbers = count()
    used: list[str] = []

    def next_server():
        server = xservers(next(numbers))
        used.append(server[0])
        return server

    yield next_server
    for display in used:
        wait_until(lambda display=display: not game_windows(display),
                   f"the game windows on {display} to close", WAIT)

@pytest.fixture
def ctrl_c():
    """Ctrl+C raising KeyboardInterrupt, as in a terminal, though pytest may run in the
    background, where a shell starts programs with SIGINT ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, signal.SIG_DFL if before is None else before)


# ---------------------------------------------------------------------------------------------
# The slow tests (the full rules soak): marked ``slow``, run only with ``--soak``.
def pytest_addoption(parser) -> None:
    parser.addoption("--soak", action="store_true",
                     help="run the slow tests too: the full rules soak (tests/test_soak.py); "
                          "-m slow runs only them")


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "slow: a long soak, run only with --soak")
    config.addinivalue_line("markers", "window: the test draws with pygame (marked here, from "
                                       "its fixtures and imports); -m 'not window' runs the "
                                       "layers below the window alone")


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if WINDOW_FIXTURES & set(getattr(item, "fixturenames", ())) or draws(item.module):
            item.add_marker(pytest.mark.window)
    if config.getoption("--soak"):
        return
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(pytest.mark.skip(reason="a long soak: run it with --soak"))


# ---------------------------------------------------------------------------------------------
# The window tests (``window``): CI runs the others on every Python README promises as well.
#: The fixtures of the window helpers above: a test that takes one draws.
WINDOW_FIXTURES = frozenset({"ui", "screen_display", "xserver", "xservers"})


def draws(module: types.ModuleType | None, through_helpers: bool = True) -> bool:
    """Whether a test module holds pygame or something of chainplus.ui, itself or (one step)
    through a helper module of tests/ that does (``x11``, ``pictures``)."""
    for value in vars(module).values() if module is not None else ():
        name = value.__name__ if isinstance(value, types.ModuleType) else getattr(
            value, "__module__", None)
        if not isinstance(name, str):
            continue
        if name.partition(".")[0] == "pygame" or name.startswith("chainplus.ui"):
            return True
        helper = sys.modules.get(name)
        if (through_helpers and helper is not None and helper is not module
                and Path(getattr(helper, "__file__", None) or "/").parent == ROOT / "tests"
                and draws(helper, through_helpers=False)):
            return True
    return False
