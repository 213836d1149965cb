"""The icons and the player panel's columns, each said once: what it shows, when it works,
its help line, and what a click does.

An action changes the table and returns an ``Effect``: the mode that is current decides what
that means for it (a new game or an undo puts the board back into play; a hint is worked out
only when a human is to move). Rules, Games and Quit ask the App, through the table, for a
window or for the end (``requests``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from pygame import Rect

from chainplus.app.explain import setting_unused
from chainplus.app.outcomes import Note
from chainplus.app.panel import SEAT_NAME
from chainplus.app.seats import SeatKind
from chainplus.app.session import Session
from chainplus.app.settings import Speed
from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.ui.art.theme import icon_layout
from chainplus.ui.window.requests import NextPuzzle, OpenGames, OpenRules, ToggleFullScreen
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import SELECT, Cell, Furniture, Icon, Target


class Effect(Enum):
    """What a control asks of the current mode after acting."""

    STAY = "stay"  # nothing more
    RESTART = "restart"  # the game on the board changed: play from where it is now
    HINT = "hint"  # work out a hint for the human to move


@dataclass(frozen=True)
class IconControl:
    """One icon: its name, label, the glyph it shows now, when it works, help and action, and
    the help that says why it is greyed (None: it never is).

    ``enabled`` is also told whether a human is to move (for Undo and Hint); ``greyed``,
    whether a window is open over the board.
    """

    name: str
    label: str
    glyph: Callable[[Table], str]
    enabled: Callable[[Table, bool], bool]
    help: Callable[[Table], str]
    action: Callable[[Table, int], Effect]
    greyed: Callable[[Table, bool], str] | None = None


def _said(table: Table, note: Note, effect: Effect = Effect.STAY) -> Effect:
    table.say(note)
    return effect


def _new(table: Table, step: int) -> Effect:
    if table.puzzle is not None:
        table.ask(NextPuzzle())
        return Effect.STAY
    table.stop_thinking()
    return _said(table, table.session.new_game(), Effect.RESTART)


def _undo(table: Table, step: int) -> Effect:
    session = table.session
    if not session.can_undo():
        return _said(table, session.undo())  # the warning says why
    table.stop_thinking()
    return _said(table, session.undo(), Effect.RESTART)


def _fullscreen(table: Table, step: int) -> Effect:
    if not table.policy.kiosk:  # a kiosk stays full screen
        table.ask(ToggleFullScreen())
    return Effect.STAY


def _quit(table: Table, step: int) -> Effect:
    if table.policy.close_quits:
        table.quit()
    return Effect.STAY


def _always(table: Table, human_to_move: bool) -> bool:
    return True


def _undo_greyed(table: Table, window_open: bool) -> str:
    session = table.session
    if session.hosted:
        # Translators: the help box, three lines of about 22 characters.
        return _("Undo: a network game's moves stay.")
    if not session.game.can_undo():
        # Translators: the help box, 3 lines of 22 characters.
        return _("Undo: no move to take back yet.")
    # Translators: the help box, 3 lines of 22 characters.
    return _("Undo: no move of a human player to take back.")


def _hint_greyed(table: Table, window_open: bool) -> str:
    if window_open:
        # Translators: the help box, three lines of about 22 characters.
        return _("Hint: not while a window is open over the board.")
    if table.session.game.winner is not None:
        # Translators: the help box, 3 lines of 22 characters.
        return _("Hint: the game is over.")
    # Translators: the help box, 3 lines of 22 characters.
    return _("Hint: only on a human player's turn.")


def _rules(table: Table, step: int) -> Effect:
    table.ask(OpenRules())
    return Effect.STAY


def _games(table: Table, step: int) -> Effect:
    table.ask(OpenGames())
    return Effect.STAY


#: The speeds' words in the help line, by the setting's value.
SPEED_WORD: dict[Speed, str] = {
    # Translators: a speed of the chains' animation, in "Speed: {speed}." on the help line.
    "slow": N_("slow"),
    # Translators: a speed of the chains' animation, in "Speed: {speed}." on the help line.
    "normal": N_("normal"),
    # Translators: a speed of the chains' animation, in "Speed: {speed}." on the help line.
    "fast": N_("fast"),
    # Translators: a speed of the chains' animation, in "Speed: {speed}." on the help line.
    "instant": N_("instant"),
}


def _speed_help(table: Table) -> str:
    # Translators: the help box, three lines of about 22 characters; {speed} is slow, normal,
    # fast or instant.
    return _("Speed: {speed}. Select: next speed, Adjust: back.").format(
        speed=_(SPEED_WORD[table.session.speed]))


def _sound_help(table: Table) -> str:
    if table.session.sound:
        # Translators: the help box, three lines of about 22 characters.
        return _("Sound is on. Click to switch.")
    # Translators: the help box, 3 lines of 22 characters.
    return _("Sound is off. Click to switch.")


# The icons' words (``label``) are translated where drawn (``screen.draw``).
ICON_CONTROLS: tuple[IconControl, ...] = (
    # Translators: an icon's word, under its picture: fits 6 characters.
    IconControl("new", N_("New"), lambda t: "new", _always,
                # Translators: the help box, three lines of about 22 characters.
                lambda t: _("New: the next puzzle.") if t.puzzle is not None
                # Translators: the help box, 3 lines of 22 characters.
                else _("New: start a new game with the seats in the panel."), _new),
    # Translators: an icon's word (take back a move), under its picture: fits 6 characters.
    IconControl("undo", N_("Undo"), lambda t: "undo", lambda t, human: t.session.can_undo(),
                # Translators: the help box, three lines of about 22 characters.
                lambda t: _("Undo: take back moves to the last move a human made."), _undo,
                _undo_greyed),
    # Translators: an icon's word, under its picture: fits 6 characters.
    IconControl("hint", N_("Hint"), lambda t: "hint", lambda t, human: human,
                # Translators: the help box, three lines of about 22 characters.
                lambda t: _("Hint: flash the square the strongest computer would play."),
                lambda t, step: Effect.HINT, _hint_greyed),
    # Translators: an icon's word (how fast chains are shown), under its picture: fits 6
    # characters.
    IconControl("speed", N_("Speed"), lambda t: f"speed-{t.session.speed}", _always,
                _speed_help, lambda t, step: _said(t, t.session.step_speed(step))),
    # Translators: an icon's word (sound on or off), under its picture: fits 6 characters.
    IconControl("sound", N_("Sound"), lambda t: "sound-on" if t.session.sound else "sound-off",
                _always, _sound_help, lambda t, step: _said(t, t.session.toggle_sound())),
    # Translators: an icon's word (save, replay, open or join games), under its picture: fits
    # 6 characters.
    IconControl("games", N_("Games"), lambda t: "games", _always,
                # Translators: the help box, three lines of about 22 characters.
                lambda t: _("Games: save or replay this game, open one kept, or join one.")
                # Translators: the help box, 3 lines of 22 characters.
                if t.where is None else _("Games: save the host's game, or leave it."),
                _games),
    # Translators: an icon's word (the rules window), under its picture: fits 6 characters.
    IconControl("rules", N_("Rules"), lambda t: "rules", _always,
                # Translators: the help box, three lines of about 22 characters.
                lambda t: _("Rules: how to play, and which rules to play by."), _rules),
    # Translators: an icon's word, under its picture: fits 6 characters.
    IconControl("quit", N_("Quit"), lambda t: "quit", _always,
                # Translators: the help box, 3 lines of 22 characters.
                lambda t: _("Quit Chain Reaction."), _quit),
)
ICON_BY_NAME = {icon.name: icon for icon in ICON_CONTROLS}
#: What the title bar's close and toggle-size icons do: Quit, and full screen (also F11).
FURNITURE_ACTION: dict[str, Callable[[Table, int], Effect]] = {"close": _quit,
                                                               "toggle": _fullscreen}


#: Where every icon sits in a window (a kiosk lays out fewer: ``icons_shown``).
WINDOW_ICONS = icon_layout(tuple(icon.name for icon in ICON_CONTROLS))


def icons_shown(table: Table) -> dict[str, Rect]:
    """The icons this screen shows, laid out in two even rows (a kiosk hides some)."""
    names = tuple(i.name for i in ICON_CONTROLS if i.name not in table.policy.hidden_icons)
    return icon_layout(names)


@dataclass(frozen=True)
class ColumnControl:
    """One column of the player panel: its help line and what a click does (the headings are
    drawn by ``panel_view``)."""

    help: Callable[[Session, int], str]
    action: Callable[[Session, int, int], Note]


def _player_help(session: Session, seat: int) -> str:
    # Translators: the help box, 3 lines of 22 characters;
    # the help line on the panel's first column; {seat} is a seat's colour. H, C,
    # N and - are the letters that column shows.
    return _("{seat}: H human, C computer, N network, - not in play.").format(
        seat=_(SEAT_NAME[seat]))


def _level_help(session: Session, seat: int) -> str:
    unused = setting_unused(session.panel, session.game, seat, 3)
    # Translators: the help box, 3 lines of 22 characters;
    # the help line on a panel cell; {seat} is a seat's colour (Red ...).
    return unused or _("{seat}: computer level {level} of 0-5. Select up, Adjust down.").format(
        seat=_(SEAT_NAME[seat]), level=session.panel[seat].level)


def _random_help(session: Session, seat: int) -> str:
    unused = setting_unused(session.panel, session.game, seat, 4)
    # Translators: the help box, 3 lines of 22 characters;
    # the help line on a panel cell; {seat} is a seat's colour, {percent} e.g. 10%.
    return unused or _("{seat}: {percent} of moves random. Select up, Adjust down.").format(
        seat=_(SEAT_NAME[seat]), percent=language.percent(session.panel[seat].random_pct))


COLUMN_CONTROLS: tuple[ColumnControl, ...] = (
    ColumnControl(_player_help, lambda s, seat, step: s.clicks.step_player(seat, step)),
    ColumnControl(lambda s, seat: s.clicks.owned(seat),
                  lambda s, seat, step: s.clicks.squares_note(seat)),
    ColumnControl(_level_help, lambda s, seat, step: s.clicks.step_level(seat, step)),
    ColumnControl(_random_help, lambda s, seat, step: s.clicks.step_random(seat, step)),
)


def act(table: Table, target: Target, button: int) -> Effect:
    """A click on an icon, a panel cell or the title bar's furniture: done, and what the mode
    of the moment is to make of it (a board square is the mode's own business)."""
    step = 1 if button == SELECT else -1
    table.press(target)
    if isinstance(target, Icon):
        return ICON_BY_NAME[target.name].action(table, step)
    if isinstance(target, Cell):
        table.say(click_cell(table.session, target.seat, target.column, step))
    elif isinstance(target, Furniture) and target.name in FURNITURE_ACTION:
        return FURNITURE_ACTION[target.name](table, step)
    return Effect.STAY


def click_cell(session: Session, seat: int, column: int, step: int) -> Note:
    """A click on a panel cell (a locked panel says so instead)."""
    return COLUMN_CONTROLS[column - 1].action(session, seat, step)


def cell_help(session: Session, seat: int, column: int) -> str:
    row = session.panel[seat]
    if session.options.lock_panel:
        name = _(SEAT_NAME[seat])
        if row.kind == "computer":
            # Translators: the help box, 3 lines of 22 characters;
            # the help line on a kiosk's locked panel; {seat} is a seat's colour.
            return _("{seat}: set for this kiosk (computer, level {level}).").format(
                seat=name, level=row.level)
        # Translators: the help box, 3 lines of 22 characters;
        # the help line on a kiosk's locked panel; {seat} is a seat's colour,
        # {kind} who plays it (human, network, off).
        return _("{seat}: set for this kiosk ({kind}).").format(seat=name,
                                                              kind=_(KIND_WORD[row.kind]))
    return COLUMN_CONTROLS[column - 1].help(session, seat)


#: A seat's kind as a locked panel's help line says it.
KIND_WORD: dict[SeatKind, str] = {
    # Translators: who plays a seat, in "{seat}: set for this kiosk ({kind})."
    "human": N_("human"),
    # Translators: who plays a seat, in "{seat}: set for this kiosk ({kind})."
    "computer": N_("computer"),
    # Translators: who plays a seat, in "{seat}: set for this kiosk ({kind})."
    "network": N_("network"),
    # Translators: who plays a seat (nobody), in "{seat}: set for this kiosk ({kind})."
    "off": N_("off"),
}

#: Help for the title bar's furniture, which has no state to show (translated where shown).
# Translators: the help box, three lines of about 22 characters.
FURNITURE_HELP = {
    "close": N_("Close the window and quit (Adjust: iconise it)."),
    "toggle": N_("Switch between full screen and a window (F11)."),
    "title": N_("Drag the title bar to move the window."),
}
