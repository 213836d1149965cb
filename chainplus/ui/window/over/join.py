"""The Join dialog, over the game it was opened from (which waits): the host's address and
code typed into two writable icons, then Join.

The keyboard types through text events, so any layout or an on-screen keyboard works
(``writable``). A click outside does nothing: what was typed stays until Join or Cancel. Join
with an address or code that cannot be one says why on the dialog's line and keeps both icons as
typed; otherwise the window switches to the host's game (``requests.JoinHost``).
"""

from __future__ import annotations

import argparse

import pygame

from chainplus.common.language import N_, _
from chainplus.net.address import parse_address, parse_code
from chainplus.net.protocol import DEFAULT_PORT
from chainplus.ui.art import join_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.requests import JoinHost
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Furniture, Part, Target
from chainplus.ui.window.writable import Writable, letter_or_digit

#: The longest address and code taken (a code is at most 32: ``parse_code``).
ADDRESS_CHARS, CODE_CHARS = 64, 32
ORDER = ("address", "code")
# Translators: the Join dialog's line under the writable icons: 46 characters. {port} is a
# number; HOST and PORT stand for what is typed.
NOTE = N_("The port is {port} unless given: HOST:PORT.")
#: The help line for each part (translated where shown, ``{port}`` the default port).
# Translators: the help box, 3 lines of 22 characters. {port} is
# a number; PORT stands for what is typed.
PART_HELP = {
    "address": N_("The host's address; add :PORT if the port is not {port}."),
    "code": N_("The code the host gave you: letters and digits."),
    "join": N_("Join the host's game (Return). Your own game waits."),
    "watch": N_("Watch without a seat (Shift+Return). Your own game waits."),
    "cancel": N_("Close the dialog without joining (Escape)."),
    "close-icon": N_("Close the dialog without joining (Escape)."),
    "title": N_("Join a game another player hosts."),
    "window": N_("Type the host's address and code, then Join."),
}
# Translators: the help box, 3 lines of 22 characters.
OUTSIDE_HELP = N_("Join or Cancel first: the dialog keeps what you typed.")


class JoinDialog(Overlay):
    """The Join dialog over the board; ``address`` is offered in its first icon."""

    name = "join"

    def __init__(self, table: Table, address: str = "") -> None:
        super().__init__(table)
        columns = join_view.COLUMNS
        self.fields = {
            "address": Writable(ADDRESS_CHARS, columns["address"], text=address),
            "code": Writable(CODE_CHARS, columns["code"], letter_or_digit, upper=True),
        }
        self.focus = "code" if self.fields["address"].text else "address"
        self.problem: str | None = None
        pygame.key.start_text_input()  # an on-screen keyboard, where there is one

    def leave(self) -> None:
        pygame.key.stop_text_input()

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = join_view.hit(pos)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        return dict(join_view.BUTTONS)  # Tab is the dialog's own, from field to field

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Furniture):
            return False  # the game window's own close and size
        if not isinstance(target, Part):
            return True  # outside: nothing typed is lost to a stray click
        field, _dash, column = target.name.partition("-")
        if field in self.fields:  # "address-3": the caret to column 3 of the address
            self.focus = field
            self.fields[field].place(int(column))
            return True
        if target.name in ("cancel", "close-icon", "join", "watch"):
            self.table.press(target)
        if target.name in ("cancel", "close-icon"):
            self.close()
        elif target.name in ("join", "watch"):
            self.join(watch=target.name == "watch")
        return True

    def key(self, key: int, mod: int) -> bool:
        """The dialog's keys: Escape cancels, Return joins and Shift+Return watches, Tab and
        the arrows go from field to field; every other key but F11 (full screen) does
        nothing while it is open (F1's rules would take the keyboard from it)."""
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join(watch=bool(mod & pygame.KMOD_SHIFT))  # Adjust's way: the other button
        elif key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            step = -1 if key == pygame.K_UP else 1
            self.focus = ORDER[(ORDER.index(self.focus) + step) % len(ORDER)]
        elif self.fields[self.focus].key(key):
            self.problem = None
        return key != pygame.K_F11

    def typed(self, text: str) -> None:
        if not self.fields[self.focus].type(text):
            self.table.sound("illegal")  # as RISC OS beeps at a character an icon refuses
        self.problem = None

    def join(self, watch: bool = False) -> None:
        """Ask for the host's game (``watch``: as a spectator), or say on the dialog's line
        what to put right."""
        address, code = (self.fields[name].text for name in ORDER)
        try:
            where = parse_address(address, DEFAULT_PORT)
        except argparse.ArgumentTypeError:
            # Translators: the Join dialog's line, in red: 46 characters. HOST and PORT stand
            # for what is typed.
            self.refuse("address", N_("Type the host's address.") if not address else
                        N_("Not an address: try HOST or HOST:PORT."))
            return
        try:
            checked = parse_code(code)
        except argparse.ArgumentTypeError:
            self.refuse("code", N_("Type the code the host gave you."))
            return
        self.table.ask(JoinHost(where, checked, watch))

    def refuse(self, name: str, problem: str) -> None:
        """Put the caret in icon ``name`` and say ``problem`` (English, translated where
        shown)."""
        self.focus, self.problem = name, problem
        self.table.sound("illegal")

    # ---------------------------------------------------------------- what is shown
    def shown_dialog(self) -> join_view.JoinShown:
        pressed = self.table.cues.pressed.value
        fields = {name: join_view.FieldShown(
            field.shown, field.caret - field.first if name == self.focus else None)
            for name, field in self.fields.items()}
        return join_view.JoinShown(fields=fields, note=_(NOTE).format(port=DEFAULT_PORT),
                                   problem=None if self.problem is None else _(self.problem),
                                   pressed=pressed.name if isinstance(pressed, Part) else None)

    def look(self) -> object:
        return self.shown_dialog()

    def draw(self, surface: pygame.Surface) -> None:
        join_view.draw(surface, self.shown_dialog())

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            return _(OUTSIDE_HELP) if target is not None else None
        field = target.name.partition("-")[0]
        return help_line(field if field in self.fields else target.name)

    def default_help(self) -> str:
        return help_line("window")


def help_line(part: str) -> str:
    """The help line for ``part``, in the language spoken."""
    return _(PART_HELP[part]).format(port=DEFAULT_PORT)
