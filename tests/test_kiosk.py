"""Kiosk mode, attract mode (its demonstration games, drawn to the end), remembered settings and
autosave in the window (headless)."""

from __future__ import annotations

import dataclasses
import itertools
import json
from datetime import timezone
from pathlib import Path

import pygame

from chainplus.app import settings as st
from chainplus.app.panel import panel_of, settings_of, valid
from chainplus.app.seats import parse_seats
from chainplus.app.store import Store
from chainplus.ui.art import board_view
from chainplus.ui.art.theme import (
    BOARD,
    CELL,
    CLOSE_ICON,
    CREAM,
    ICON_TOP,
    RIGHT_W,
    RIGHT_X,
    TOGGLE_ICON,
)
from chainplus.ui.window.app import App
from chainplus.ui.window.command_line import build_parser, options_from
from chainplus.ui.window.controls import WINDOW_ICONS as ICONS
from chainplus.ui.window.demo import TourMode
from chainplus.ui.window.display import NullDisplay
from chainplus.ui.window.policy import DEMO_NEXT_GAME as ATTRACT_NEXT_GAME
from chainplus.ui.window.policy import KIOSK_NEXT_GAME
from chainplus.ui.window.requests import OpenReplay, OpenRules, PuzzleSolved
from chainplus.ui.window.targets import Icon

CTRL_SHIFT = pygame.KMOD_LCTRL | pygame.KMOD_RSHIFT


def make(ui, folder: Path | None = None, **options) -> App:
    """``ui.make_app`` with seed 3 on a kiosk's screen when ``kiosk``, optionally with an
    autosave folder (where a kiosk never writes its settings)."""
    kiosk = options.get("kiosk", False)
    store = Store(folder, write_settings=not kiosk) if folder is not None else None
    return ui.make_app(seed=3, display=NullDisplay(kiosk), store=store, **options)


def key(app: App, key_code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode=""))
    for event in pygame.event.get():
        app.handle_event(event)


# --------------------------------------------------------------------------- kiosk
def test_a_kiosk_has_no_way_out_but_the_operator_keys(ui) -> None:
    app = make(ui, kiosk=True)
    assert "quit" not in app.icons and "games" not in app.icons
    assert app.hit(CLOSE_ICON.center) is None and app.hit(TOGGLE_ICON.center) is None
    ui.post_click(app, CLOSE_ICON.center)
    ui.post_click(app, TOGGLE_ICON.center)
    ui.post_click(app, ICONS["quit"].center)  # where Quit is in a window (Rules in a kiosk)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # window manager's close, Alt+F4
    ui.pump(app)
    for code, mod in ((pygame.K_ESCAPE, 0), (pygame.K_F11, 0), (pygame.K_F4, pygame.KMOD_ALT),
                      (pygame.K_q, pygame.KMOD_CTRL), (pygame.K_q, pygame.KMOD_SHIFT)):
        key(app, code, mod)
    assert app.running and app.display.fullscreen
    key(app, pygame.K_q, CTRL_SHIFT)
    assert not app.running and app.exit_status == 0


def test_a_kiosk_takes_the_cursors_keys_as_it_takes_a_controllers(ui) -> None:
    """A visitor with a keyboard moves the cursor and presses what it is on; no other key
    does anything."""
    app = make(ui, kiosk=True)
    key(app, pygame.K_RIGHT, 0)  # the first key shows the cursor
    key(app, pygame.K_RETURN, 0)  # Select on the square it is on
    assert len(app.game.moves) >= 1
    for code in (pygame.K_ESCAPE, pygame.K_F11, pygame.K_F1):
        key(app, code, 0)
    assert app.running and app.display.fullscreen and app.stack.window is None


def test_a_kiosk_draws_no_close_toggle_games_or_quit_icon(ui) -> None:
    window, kiosk = make(ui), make(ui, kiosk=True)
    shots = []
    for app in (window, kiosk):
        surface = pygame.Surface((640, 480))
        app.draw(surface)
        shots.append(surface)
    for rect in (CLOSE_ICON, TOGGLE_ICON, ICONS["quit"], ICONS["games"]):
        pixels = [pygame.image.tobytes(shot.subsurface(rect), "RGB") for shot in shots]
        assert pixels[0] != pixels[1], rect
    background = {tuple(shots[1].get_at((RIGHT_X - 2, ICON_TOP)))}
    for name, rect in kiosk.icons.items():  # each icon drawn, nothing but background between
        colours = {tuple(shots[1].get_at((x, y))) for x in range(rect.left, rect.right)
                   for y in range(rect.top, rect.bottom)}
        assert len(colours - background) >= 3, name  # outline, bevel, glyph
    icons = sorted(kiosk.icons.values(), key=lambda r: (r.y, r.x))
    for left, right in itertools.pairwise(icons):
        if left.y == right.y:
            gap = pygame.Rect(left.right + 1, left.y, right.left - left.right - 2, left.h)
            assert {tuple(shots[1].get_at((x, y))) for x in range(gap.left, gap.right, 3)
                    for y in range(gap.top, gap.bottom, 3)} == background


def test_a_kiosk_lays_its_six_icons_out_in_two_full_rows(ui) -> None:
    """No hole where Games and Quit would be: two rows of three spanning the right column."""
    kiosk = make(ui, kiosk=True)
    assert set(kiosk.icons) == {"new", "undo", "hint", "speed", "sound", "rules"}
    rows: dict[int, list[pygame.Rect]] = {}
    for rect in kiosk.icons.values():
        rows.setdefault(rect.y, []).append(rect)
    assert sorted(len(r) for r in rows.values()) == [3, 3]
    for row in rows.values():
        row.sort(key=lambda r: r.x)
        assert row[0].left == RIGHT_X and row[-1].right == RIGHT_X + RIGHT_W
        assert row[1].left - row[0].right == row[2].left - row[1].right
    assert [r.x for r in sorted(rows.items())[0][1]] == [r.x for r in sorted(rows.items())[1][1]]
    assert kiosk.hit(kiosk.icons["rules"].center) == Icon("rules")  # the rules icon is there


def test_a_locked_panel_changes_nothing_and_says_so(ui) -> None:
    spec = parse_seats("H,C5:10")
    app = make(ui, kiosk=True, lock_panel=True, seats=spec)
    before = settings_of(app.session.panel)
    for seat in (1, 2, 3, 4):
        for column in (1, 3, 4):
            ui.click_cell(app, seat, column)
            ui.click_cell(app, seat, column, 3)
    assert settings_of(app.session.panel) == before == spec
    assert "set for this kiosk" in app.help_text()[0]


def test_a_won_kiosk_game_is_followed_by_a_new_one_after_a_pause(ui) -> None:
    app = make(ui, kiosk=True, idle_seconds=10_000, speed="instant",
               seats=parse_seats("C0,C0"))
    for _ in range(4000):
        ui.advance(app, 0.2)
        if app.mode.name == "over":
            break
    assert app.mode.name == "over"
    assert "new game starts" in app.help_text()[0]
    won = app.game
    ui.advance(app, KIOSK_NEXT_GAME - 1)
    assert app.game is won
    ui.advance(app, 1.5)
    assert app.game is not won and app.game.winner is None


# --------------------------------------------------------------------------- attract
def test_attract_mode_after_the_idle_spell_and_a_click_brings_back_the_visitor(
    ui, tmp_path
) -> None:
    spec = parse_seats("H,C5:10")
    app = make(ui, tmp_path, kiosk=True, idle_seconds=5, seats=spec)
    ui.click_square(app, 0)
    ui.advance(app, 4.0)  # the computer answers; no input for 4 s
    assert not ui.in_demo(app)
    ui.advance(app, 2.0)
    assert ui.in_demo(app) and app.game.seats == (1, 2, 3, 4)
    assert all(app.session.panel[s].plays_as == "computer" for s in (1, 2, 3, 4))
    surface = pygame.Surface((640, 480))
    app.draw(surface)
    banner = board_view.ATTRACT_BANNER
    assert surface.get_at((banner.centerx, banner.y + 8))[:3] == CREAM  # the banner
    middle = BOARD.inflate(0, -2 * 2 * CELL)  # rows 2 to 5, the game's middle, in view
    assert not banner.colliderect(middle) and banner.bottom < 480
    assert "Click" in app.help_text()[0]
    ui.advance(app, 30.0)
    assert len(app.game.moves) > 5  # the demo plays by itself
    saved, _, _ = st.read_autosave(tmp_path)  # the demo wrote nothing: the visitor's game is kept
    assert saved is not None and saved.moves[0] == 0 and saved.seats == (1, 2)
    played = len(app.table.services.sounds.played)
    ui.advance(app, 10.0)
    assert len(app.table.services.sounds.played) == played  # the demo is silent
    ui.click_square(app, 27)  # wakes the kiosk; not a placement
    assert not ui.in_demo(app) and app.game.moves == [] and app.game.seats == (1, 2)
    assert ui.message(app) == "Your game! Click an empty square to start."
    assert settings_of(app.session.panel) == spec
    ui.click_square(app, 27)
    assert app.game.moves == [27]


def test_the_next_visitor_finds_the_kiosk_as_the_operator_set_it(ui) -> None:
    """One visitor's changes (panel, speed, sound, rules) do not stay for the next one."""
    spec = parse_seats("H,C3:20")
    app = make(ui, kiosk=True, idle_seconds=5, seats=spec)
    ui.click_cell(app, 3, 1)  # green joins
    ui.click_cell(app, 2, 3)  # blue's level up
    for name in ("speed", "sound", "rules"):
        ui.click_icon(app, name)
    assert settings_of(app.session.panel) != spec and not app.session.sound
    ui.advance(app, 6.0)
    assert ui.in_demo(app)
    ui.click_square(app, 27)
    assert not ui.in_demo(app) and settings_of(app.session.panel) == spec
    assert app.game.seats == (1, 2) and app.game.rules == "acorn"
    assert app.session.sound and app.session.speed == "normal" and app.session.rules == "acorn"


def test_a_finished_demo_game_is_followed_by_how_to_play_then_another(ui) -> None:
    app = make(ui, kiosk=True, idle_seconds=1)
    ui.advance(app, 1.5)
    assert ui.in_demo(app)
    for _ in range(6000):
        ui.advance(app, 0.2)
        if app.mode.inner.name == "over":
            break
    assert app.mode.inner.name == "over" and ui.in_demo(app)
    ui.advance(app, ATTRACT_NEXT_GAME + 0.5)
    tour = app.mode.inner
    assert ui.in_demo(app) and isinstance(tour, TourMode)
    assert app.help_text()[0].startswith("How to play")
    headings = set()
    while app.mode.inner is tour:
        headings.add(tour.pages[tour.page_at(app.clock.now())[0]].heading)
        ui.advance(app, 0.5)
    assert headings == {page.heading for page in tour.pages}  # every page shown
    assert ui.in_demo(app) and app.game.winner is None and app.mode.inner.name == "play"


def test_no_attract_mode_in_a_window(ui) -> None:
    app = make(ui, idle_seconds=1)
    ui.advance(app, 120.0)
    assert not ui.in_demo(app)


def test_the_end_of_a_demonstration_game_is_drawn(ui) -> None:
    """The demonstration changes its own board and messages: the screen must follow them."""
    app = ui.make_app(kiosk=True, idle_seconds=1.0, speed="instant")
    ui.advance(app, 1.5)
    assert ui.in_demo(app)
    for _ in range(20000):
        app.dirty = False  # as if the loop had just drawn
        app.clock.advance(0.05)
        app.update()
        if app.board.board_mode.name == "over":
            break
    assert app.board.board_mode.name == "over"
    assert app.dirty, "the winner's board was not drawn"
    assert "wins!" in app.mode.shown.cues.message.value.text


# --------------------------------------------------------------------------- settings
def test_settings_are_saved_on_every_change_and_read_at_start(ui, tmp_path) -> None:
    app = make(ui, tmp_path)
    ui.click_icon(app, "speed")
    ui.click_icon(app, "sound")
    ui.choose_rules(app, "classic")
    ui.click_cell(app, 3, 1)
    ui.click_cell(app, 2, 3, 3)
    ui.click_cell(app, 2, 4)
    key(app, pygame.K_F11)
    saved = json.loads((tmp_path / st.SETTINGS_FILE).read_text())
    assert saved["speed"] == "fast" and saved["sound"] is False and saved["rules"] == "classic"
    assert saved["fullscreen"] is True
    assert saved["seats"][2]["kind"] == "human"
    assert saved["seats"][1] == {"kind": "computer", "level": 4, "random_pct": 20}
    # the next run starts with them (options given on the command line win)
    store = Store(tmp_path)
    options = options_from(build_parser().parse_args(["--speed", "slow"]), store.load_settings())
    assert options.speed == "slow" and options.sound is False and options.rules == "classic"
    assert options.window.fullscreen is True
    assert [dataclasses.asdict(row) for row in options.seats] == saved["seats"]
    again = App(options, ui.headless_devices(), store=store)
    assert settings_of(again.session.panel) == options.seats


def test_a_kiosk_reads_settings_but_never_writes_them(ui, tmp_path) -> None:
    app = make(ui, tmp_path, kiosk=True)
    ui.click_icon(app, "speed")
    assert app.session.speed == "fast"  # the click landed on Speed
    assert not (tmp_path / st.SETTINGS_FILE).exists()


def test_setup_and_settings_seats_map_both_ways() -> None:
    for spec in ("H,C5:10", "C0,H,C3:40,-", "-,H,-,H", "C1,C2,C3,C4"):
        rows = parse_seats(spec)
        setup = panel_of(rows)
        assert valid(setup) and settings_of(setup) == rows


# --------------------------------------------------------------------------- autosave
def test_every_move_undo_and_new_game_are_autosaved_and_resume_exactly(ui, tmp_path) -> None:
    app = make(ui, tmp_path)
    ui.click_square(app, 9)
    ui.settle(app)
    ui.click_square(app, 18)
    ui.settle(app)
    ui.click_cell(app, 2, 1, 3)  # blue: computer -> human at once, part of the saved game
    state = app.game.state()
    record = json.loads((tmp_path / st.AUTOSAVE_FILE).read_text())
    assert record["plays_as"][:2] == ["human", "human"] and len(record["moves"]) == 4
    resumed = make(ui, tmp_path)
    assert resumed.game.state() == state and resumed.session.resumed == 4
    assert resumed.session.panel[2].plays_as == "human" and "saved game" in resumed.help_text()[0]
    ui.click_icon(resumed, "undo")
    assert make(ui, tmp_path).game.state() == resumed.game.state()
    ui.click_icon(resumed, "new")
    assert make(ui, tmp_path).game.moves == []


def test_the_autosave_is_a_record_replay_reads(ui, tmp_path) -> None:
    from chainplus.core.records import game_from_text

    app = make(ui, tmp_path)
    ui.click_square(app, 0)
    ui.settle(app)
    replayed = game_from_text((tmp_path / st.AUTOSAVE_FILE).read_text())
    assert replayed.state() == app.game.state()


def test_a_won_game_is_not_resumed(ui, tmp_path) -> None:
    app = make(ui, tmp_path, speed="instant", seats=parse_seats("C0,C0"))
    for _ in range(4000):
        ui.advance(app, 0.2)
        if app.game.winner is not None:
            break
    assert app.game.winner is not None
    assert make(ui, tmp_path).game.moves == []


def test_fixed_seats_win_over_a_saved_games_players(ui, tmp_path) -> None:
    app = make(ui, tmp_path, seats=parse_seats("H,C5"))
    ui.click_square(app, 0)
    ui.click_cell(app, 1, 1)  # red -> computer, saved with the game
    again = make(ui, tmp_path, seats=parse_seats("H,C5"), fixed_seats=True)
    assert again.session.panel[1].kind == again.session.panel[1].plays_as == "human"
    assert again.game.moves == app.game.moves


def test_bad_files_give_one_line_warnings_and_the_game_starts(ui, tmp_path, capsys) -> None:
    (tmp_path / st.SETTINGS_FILE).write_text('{"seats": [1, 2], "speed": "warp"')
    (tmp_path / st.AUTOSAVE_FILE).mkdir()
    store = Store(tmp_path)
    options = options_from(build_parser().parse_args([]), store.load_settings())
    app = App(options, ui.headless_devices(), store=store)
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("chainplus: warning:") for line in lines)
    assert "Traceback" not in err
    assert app.game.moves == [] and app.mode.name == "play"
    ui.click_square(app, 5)
    assert st.read_autosave(tmp_path)[0].moves == [5]  # the folder was set aside; saving works


def test_a_folder_that_cannot_be_written_is_one_warning_once(ui, tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = make(ui, blocker / "config")
    ui.click_square(app, 0)
    ui.click_icon(app, "speed")
    err = capsys.readouterr().err.strip().splitlines()
    assert err and all(line.startswith("chainplus: warning: ") for line in err)
    assert len(err) == len(set(err)) <= 3  # each problem said once, not after every move


def test_a_kiosk_visitor_reads_the_rules_but_cannot_change_them(ui) -> None:
    app = make(ui, kiosk=True, rules="acorn")
    assert ui.icon_enabled(app, "rules")  # how to play is one tap away
    for rules in ("classic", "acorn", "classic"):
        ui.choose_rules(app, rules)
        assert app.session.rules == "acorn" and app.mode.name == "play"
    ui.click_icon(app, "new")
    assert app.game.rules == "acorn"



def test_the_attract_loop_closes_every_window_a_visitor_left_open(ui) -> None:
    """Rules, or a replay from the graph after a game, left open: the attract loop shows with
    nothing over it, and a window asked for while it shows is not drawn over it."""
    app = make(ui, kiosk=True, idle_seconds=5)
    ui.click_icon(app, "rules")
    assert app.mode.name == "rules"
    ui.advance(app, 6.0)
    assert ui.in_demo(app) and app.stack.windows == []
    ui.click_square(app, 27)  # a fresh game
    app.table.ask(OpenReplay(app.game, at=0))
    app.stack.serve()
    assert app.stack.windows != []
    ui.advance(app, 6.0)
    assert ui.in_demo(app) and app.stack.windows == []
    for request in (OpenRules(), OpenReplay(app.game, at=0), PuzzleSolved("Solved!")):
        app.table.ask(request)
        ui.advance(app, 0.5)
        assert ui.in_demo(app) and app.stack.windows == [], request

def test_a_tap_during_how_to_play_brings_the_visitor_a_game(ui) -> None:
    app = make(ui, kiosk=True, idle_seconds=1)
    ui.advance(app, 1.5)
    app.mode.inner.pause()
    app.mode.inner = TourMode(app.mode.demo)
    ui.advance(app, 3.0)
    assert app.mode.inner.name == "tour"
    ui.click_square(app, 27)
    assert not ui.in_demo(app) and app.game.moves == [] and app.game.seats == (1, 2)


# --------------------------------------------------------------------------- resuming
def autosaved_at(folder: Path, seconds_ago: float, kiosk: bool = True,
                 boots: tuple[str | None, str | None] = ("boot-1", "boot-1"), **options):
    """A session over an unfinished autosave written ``seconds_ago`` by its store's clock on
    the machine's boot ``boots[0]``, read on boot ``boots[1]`` (None: no boot id), and what
    the kiosk's log says."""
    import logging
    from datetime import datetime

    from setups import options_of

    from chainplus.app.session import Session
    from chainplus.core.game import Game

    game = Game((1, 2))
    for square in (0, 9, 18):
        game.play(square)
    Store(folder, boot=lambda: boots[0]).autosave(game, panel_of(parse_seats("H,H")))
    written = (folder / st.AUTOSAVE_FILE).stat().st_mtime
    logger = logging.getLogger(f"chainplus-test-resume-{seconds_ago}-{kiosk}-{boots}")
    said: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: said.append(record.getMessage())  # type: ignore[method-assign]
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    store = Store(folder, logger=logger, write_settings=not kiosk,
                  clock=lambda: datetime.fromtimestamp(written + seconds_ago, timezone.utc),
                  boot=lambda: boots[1])
    session = Session(options_of(kiosk=kiosk, seats=parse_seats("H,H"), **options), store)
    logger.removeHandler(handler)
    return session, " ".join(said)


def test_a_kiosk_restarted_within_minutes_carries_on_with_its_game(tmp_path) -> None:
    session, log = autosaved_at(tmp_path, 20.0)
    assert session.resumed == 3 and len(session.game.moves) == 3
    assert "carrying on" in log


def test_a_kiosk_switched_on_again_later_starts_a_fresh_game_and_says_so(tmp_path) -> None:
    from chainplus.app.files import KIOSK_RESUME_WITHIN

    # a reboot minutes later, the next morning, a clock set back
    for later in (KIOSK_RESUME_WITHIN + 1, 9 * 3600.0, -3600.0):
        session, log = autosaved_at(tmp_path, later)
        assert session.resumed == 0 and session.game.moves == []
        assert "a fresh game" in log
        assert st.read_autosave(tmp_path)[0].moves == []  # the old game is not kept for next time


def test_a_kiosk_started_again_after_a_reboot_starts_a_fresh_game(tmp_path) -> None:
    """A Raspberry Pi reboots in under a minute: the new boot id, not the age, says so."""
    session, log = autosaved_at(tmp_path, 20.0, boots=("boot-1", "boot-2"))
    assert session.resumed == 0 and session.game.moves == []
    assert "started again" in log
    assert st.read_autosave(tmp_path)[0].moves == []


def test_a_kiosk_without_boot_ids_goes_by_the_autosaves_age(tmp_path) -> None:
    for boots in (("boot-1", None), (None, "boot-2"), (None, None)):
        session, _ = autosaved_at(tmp_path, 20.0, boots=boots)
        assert session.resumed == 3, boots


def test_a_kiosk_left_longer_than_its_idle_timeout_starts_a_fresh_game(tmp_path) -> None:
    """Its visitor would have met the demonstration by then: the next one plays afresh."""
    session, log = autosaved_at(tmp_path, 45.0, idle_seconds=30.0)
    assert session.resumed == 0 and "a fresh game" in log
    session, log = autosaved_at(tmp_path, 20.0, idle_seconds=30.0)
    assert session.resumed == 3 and "carrying on" in log


def test_the_autosave_keeps_the_machines_boot_id(tmp_path, monkeypatch) -> None:
    boot_file = tmp_path / "boot_id"
    boot_file.write_text("6f1c7a52-1b1e-4a3a-9d55-0d1d3c1f2e9a\n")
    monkeypatch.setattr(st, "BOOT_ID_FILE", boot_file)
    assert st.boot_id() == "6f1c7a52-1b1e-4a3a-9d55-0d1d3c1f2e9a"
    from chainplus.core.game import Game

    Store(tmp_path).autosave(Game((1, 2)), panel_of(parse_seats("H,H")))
    saved = json.loads((tmp_path / st.AUTOSAVE_FILE).read_text())
    assert saved["boot_id"] == "6f1c7a52-1b1e-4a3a-9d55-0d1d3c1f2e9a"
    monkeypatch.setattr(st, "BOOT_ID_FILE", tmp_path / "none")
    assert st.boot_id() is None


def test_a_window_carries_on_with_its_game_however_old(tmp_path) -> None:
    session, log = autosaved_at(tmp_path, 9 * 3600.0, kiosk=False)
    assert session.resumed == 3 and log == ""


# --------------------------------------------------------------------------- the invitation
def test_the_attract_loop_invites_a_touch_or_a_click_as_the_visitor_last_pointed(ui) -> None:
    from chainplus.ui.window.demo import invitation

    app = make(ui, kiosk=True, idle_seconds=1)
    ui.advance(app, 1.5)
    demo, pointing = app.mode, app.table.services.pointing
    ways = (("Touch", None), ("Click", pygame.MOUSEMOTION), ("Touch", pygame.FINGERDOWN))
    for touring in (False, True):
        if touring:
            demo.inner.pause()
            demo.inner = TourMode(demo.demo)
        for verb, event in ways:  # a kiosk's screen is a touch screen until a mouse is used
            if event is not None:
                pointing.follow(event)  # as the window's inputs do with each event
            words = [invitation(demo.table)]
            if touring:
                words += [demo.status().line, demo.inner.shown(app.clock.now()).invite]
            assert words == [f"{verb} to play!"] * len(words)
            assert f"{verb} anywhere to play!" in demo.help(None)


def test_the_window_follows_the_mouse_and_the_fingers(ui) -> None:
    app = make(ui, kiosk=True)
    pointing = app.table.services.pointing
    assert pointing.touch is None
    ui.post_click(app, BOARD.center)
    assert pointing.touch is False
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1,
                                         touch_id=1))
    ui.pump(app)
    assert pointing.touch is True
