"""What the monkey soak throws at the headless window: random clicks where something is worth
clicking, keys, typing into the Join dialog (never a letter or digit: no code, no join), window
events and resizes, files dropped on the window, and now and then a quiet spell with only window
events while time passes.

``Events`` draws every event from the soak's one ``random.Random``, so a seed gives the same run.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from chainplus.ui.art import games_view
from chainplus.ui.art.theme import CLOSE_ICON, SCREEN_SIZE, TITLE_BAR, TOGGLE_ICON, panel_cell
from chainplus.ui.window.app import App
from chainplus.ui.window.controls import WINDOW_ICONS
from chainplus.ui.window.over.join import JoinDialog

#: Now and then nobody touches anything for a while (only window events arrive and time
#: passes), so computer games run to the end and a kiosk falls into its demonstration game.
QUIET_CHANCE = 0.004
QUIET_EVENTS = (40, 400)
QUIET = (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
         pygame.ACTIVEEVENT, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)
#: How often a file is dropped on the window (a record, or something that is not one).
DROP_CHANCE = 0.004


def _spot(rng: random.Random) -> tuple[int, int]:
    """Somewhere worth clicking: the board, an icon, a panel cell, the title bar, anywhere."""
    roll = rng.random()
    if roll < 0.45:
        return rng.randrange(14, 430), rng.randrange(44, 460)
    if roll < 0.6:
        rect = rng.choice(list(WINDOW_ICONS.values()))
    elif roll < 0.75:
        rect = panel_cell(rng.randrange(1, 5), rng.randrange(1, 5))
    elif roll < 0.82:
        rect = rng.choice((CLOSE_ICON, TOGGLE_ICON, TITLE_BAR))
    else:
        return rng.randrange(-20, SCREEN_SIZE[0] + 20), rng.randrange(-20, SCREEN_SIZE[1] + 20)
    return rng.randrange(rect.left, rect.right), rng.randrange(rect.top, rect.bottom)


KEYS = (pygame.K_ESCAPE, pygame.K_F11, pygame.K_F4, pygame.K_q, pygame.K_SPACE, pygame.K_a,
        pygame.K_RETURN, pygame.K_n, pygame.K_u, pygame.K_F1, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_KP_ENTER)
#: Game controllers' events: presses (a few not buttons at all), the stick, plugging.
PAD_KINDS = (pygame.CONTROLLERBUTTONDOWN,) * 6 + (pygame.CONTROLLERBUTTONUP,) * 3 + (
    pygame.CONTROLLERAXISMOTION,) * 2 + (pygame.CONTROLLERDEVICEADDED,
                                         pygame.CONTROLLERDEVICEREMOVED)
#: The keys of a dialog: editing a writable icon, moving between them, Join and Cancel.
DIALOG_KEYS = tuple(getattr(pygame, f"K_{name}") for name in (
    "BACKSPACE", "DELETE", "LEFT", "RIGHT", "HOME", "END", "TAB", "UP", "DOWN", "RETURN", "ESCAPE"))
#: The share of events typed into an open Join dialog, and of Join clicks in the games window.
TYPING_CHANCE, JOIN_CHANCE = 0.5, 0.05
#: What the monkey types: signs, spaces, other scripts, never an ASCII letter or digit (a
#: code is only those, so no Join it tries gets past the dialog's checks).
TYPED = (".", ":", "-", "[", "]", "_", "/", "@", "#", "!", "?", "~", " ", "::", "é", "ß",
         "日本", "\u00a0", "\U0001f600", "..:..", "")
MODS = (0, pygame.KMOD_ALT, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT,
        pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
WINDOW_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                 pygame.WINDOWRESTORED, pygame.WINDOWEXPOSED, pygame.WINDOWLEAVE,
                 pygame.WINDOWENTER, pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN)


def random_event(rng: random.Random, kiosk: bool) -> pygame.event.Event:
    """One random event; the operator's Ctrl+Shift+Q only outside kiosk runs (where it is
    just another key) so a kiosk run never ends."""
    roll = rng.random()
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_spot(rng),
                                  button=rng.choice((1, 1, 1, 3, 3, 2, 4, 5)))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_spot(rng), button=rng.choice((1, 3)))
    if roll < 0.72:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=_spot(rng), rel=(1, 1), buttons=(0, 0, 0))
    if roll < 0.82:
        key, mod = rng.choice(KEYS), rng.choice(MODS)
        if kiosk and key == pygame.K_q and mod == MODS[-1]:
            mod = 0
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    if roll < 0.84:
        return typing_event(rng)
    if roll < 0.91:
        return pygame.event.Event(rng.choice(WINDOW_EVENTS))
    if roll < 0.93:
        return pad_event(rng)
    if roll < 0.97:
        size = (rng.randrange(100, 2000), rng.randrange(100, 1500))
        kind = rng.choice((pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE))
        return pygame.event.Event(kind, x=size[0], y=size[1], size=size, w=size[0], h=size[1])
    if roll < 0.985:
        return pygame.event.Event(pygame.ACTIVEEVENT, gain=rng.randrange(2), state=rng.randrange(8))
    return pygame.event.Event(pygame.QUIT) if kiosk else pygame.event.Event(pygame.VIDEOEXPOSE)


def pad_event(rng: random.Random) -> pygame.event.Event:
    """A game controller's event: from one of two controllers (or a third that was never
    plugged in), any button number, the stick leaning anywhere."""
    return pygame.event.Event(rng.choice(PAD_KINDS), instance_id=rng.choice((0, 0, 1, 9)),
                              device_index=rng.randrange(-1, 3), button=rng.randrange(-1, 22),
                              axis=rng.randrange(-1, 6), value=rng.randrange(-40000, 40000))


def typing_event(rng: random.Random) -> pygame.event.Event:
    """Something typed (never a letter or digit), or a dialog's key."""
    if rng.random() < 0.6:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TYPED))
    return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(DIALOG_KEYS), mod=0)



def dropped_files(folder: Path) -> list[Path]:
    """Files to drop on the window: a game record, and things that are not one (broken JSON,
    an illegal move, a huge file, a folder, a file that is not there)."""
    folder.mkdir(parents=True)
    files = {"game.json": '{"players": 3, "moves": [[0, 0], [7, 7], [3, 4], [0, 0], [1, 1]]}',
             "broken.json": '{"players": 2, "moves": [[0, ', "illegal.json":
             '{"players": 2, "moves": [[0, 0], [0, 0]]}', "huge.json": " " * 2_000_000}
    for name, text in files.items():
        (folder / name).write_text(text)
    return [*(folder / name for name in files), folder, folder / "missing.json"]



class Events:
    """The soak's stream of events, drawn from ``rng``; ``drops``: the files it drops on the
    window (``dropped_files``)."""

    def __init__(self, rng: random.Random, drops: list[Path]) -> None:
        self.rng, self.drops = rng, drops
        self.quiet = 0  # events left in a quiet spell

    def next(self, app: App) -> tuple[pygame.event.Event, float]:
        """The next event for ``app`` and the seconds that pass after it: a random one, or in
        a quiet spell (which starts now and then) a window event and a longer step."""
        rng = self.rng
        if self.quiet == 0 and rng.random() < QUIET_CHANCE:
            self.quiet = rng.randrange(*QUIET_EVENTS)
        if self.quiet:
            self.quiet -= 1
            return (pygame.event.Event(rng.choice(QUIET), gain=1, state=1),
                    rng.choice((0.1, 0.3, 0.7, 1.5)))
        if rng.random() < DROP_CHANCE:
            return pygame.event.Event(pygame.DROPFILE, file=str(rng.choice(self.drops))), 0.1
        mode = app.mode
        if isinstance(mode, JoinDialog) and rng.random() < TYPING_CHANCE:
            return typing_event(rng), 0.05
        if mode.name == "games" and rng.random() < JOIN_CHANCE:  # on to the Join dialog
            pos = games_view.TOP_BUTTONS["join"].center
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), 0.05
        return (random_event(rng, app.options.kiosk is not None),
                rng.choice((0.0, 0.01, 0.05, 0.1, 0.3, 0.7, 1.5)))
