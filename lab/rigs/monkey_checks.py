"""What the monkey soak looks at after each event: the state the window is in (its "states
visited" figure) and the invariants that must hold, in the window and in its autosave. Each
check raises AssertionError; the soak counts it as an exception and reports it.
"""

from __future__ import annotations

from pathlib import Path

from chainplus.app import panel
from chainplus.app import settings as st
from chainplus.ui.art import panel_view
from chainplus.ui.window.app import App
from chainplus.ui.window.controller import Controller
from chainplus.ui.window.mode import Named
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.over.join import JoinDialog
from chainplus.ui.window.showing import Showing


def state_of(app: App) -> str:
    """A name for the state the app is in, for the 'states visited' figure."""
    over = {"demo": "attract/", "rules": "rules/", "games": "games/", "join": "join/",
            "info": "info/"}.get(app.mode.name, "")
    name = shown_mode(app).name
    if app.board.name != "demo" and app.session.hosting and name != "review":
        name = "hosting"  # a hosting window's board, whatever its phase
    elif name == "play":
        name = "thinking" if app.session.computer_to_move() else "human-to-move"
    prefix = "kiosk" if app.options.kiosk else "window"
    return f"{prefix}/{over}{name}"


def shown_mode(app: App) -> Named | Overlay:
    """What plays the board on screen: a replay over the board, else the board's own game (a
    demonstration's inner one)."""
    replays = [window for window in app.stack.windows if window.picture is not None]
    return replays[-1] if replays else app.board.board_mode


def check(app: App) -> None:
    """Raise AssertionError when an invariant does not hold."""
    game = app.game
    counts, owners = game.counts, game.owners
    assert sum(counts) == len(game.moves), "pieces are not conserved"
    assert [bool(c) for c in counts] == [bool(o) for o in owners], "owner without pieces"
    for seat in (1, 2, 3, 4):
        assert game.squares[seat] == owners.count(seat), "squares count is wrong"
    assert panel.valid(app.session.panel), f"panel invalid: {app.session.panel}"
    demo = app.mode.name == "demo"
    mode = shown_mode(app)
    if mode.name == "over":
        assert game.winner is not None, "game over with no winner"
    elif mode.name == "tour":
        assert demo, "how to play outside the attract loop"
    elif mode.name == "review":
        replay = getattr(mode, "replay")  # noqa: B009  (a ReviewWindow's own)
        assert replay.position.moves == list(replay.moves[:replay.at]), "replay off its moves"
        assert not app.options.kiosk, "a replay in a kiosk"
    elif mode.name == "animate":
        assert isinstance(mode, Controller) and isinstance(mode.phase, Showing)
        cascade = mode.phase.cascade
        assert game.moves and cascade.square == game.moves[-1], "animating another move"
        assert (game.winner is not None) == (cascade.winner is not None)
    else:
        assert mode.name == "play" and game.winner is None, "play mode after a win"
        assert game.to_move in game.alive
    if app.session.hosting:
        assert not app.options.kiosk, "a kiosk hosting unasked"
    assert app.table.where is None, "the monkey joined a host"
    if isinstance(app.mode, JoinDialog):
        for field in app.mode.fields.values():
            assert 0 <= field.first <= field.caret <= len(field.text) <= field.limit
            assert field.caret - field.first <= field.columns, "the caret out of sight"
    message = app.table.cues.message.value
    for text in (app.help_text()[0], message.text if message else ""):
        assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, f"too long: {text!r}"
    if app.options.kiosk:
        assert app.running, "a kiosk stopped"
        assert app.display.fullscreen, "a kiosk left full screen"
        assert "quit" not in app.icons and "games" not in app.icons
    if demo:
        assert all(app.session.panel[s].plays_as == "computer" for s in game.seats)
        assert app.session.store is None, "the demonstration has files"
    if app.options.lock_panel and not demo and app.table.puzzle is None:  # a puzzle's seats
        assert panel.settings_of(app.session.panel) == app.options.seats


def check_autosave(app: App, folder: Path) -> None:
    """The autosave holds the visitor's game (a demonstration never writes it, nor a puzzle,
    which waits on a table of its own)."""
    saved, extra, warnings = st.read_autosave(folder)
    assert not warnings, warnings
    session = app.stack.own.session
    if session.game.winner is not None:
        assert saved is None, "a won game is offered for resuming"
        return
    assert saved is not None and saved.state() == session.game.state(), "autosave is behind"
    saved_as = extra.get("plays_as")
    assert isinstance(saved_as, list) and all(
        saved_as[s - 1] == session.panel[s].plays_as for s in session.game.seats), \
        "plays_as is behind"

