"""A RISC OS writable icon's text: what was typed, where the caret is, and which part shows.

Characters come from the keyboard's text events (``type``, so any layout and an on-screen
keyboard work) and only those the icon allows are taken, up to its length, as a RISC OS
validation string would; the editing keys come as key presses (``key``): Backspace, Delete,
Left, Right, Home and End. Text longer than the icon is wide scrolls to keep the caret in
sight. Drawing is ``art.join_view``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame


def printable(char: str) -> bool:
    """Letters, digits and signs of plain ASCII, no spaces (an address has none)."""
    return char.isascii() and char.isprintable() and not char.isspace()


def letter_or_digit(char: str) -> bool:
    return char.isascii() and char.isalnum()


@dataclass
class Writable:
    """The text of one writable icon (``limit`` characters at most, ``columns`` shown at a
    time), its caret (0: before the first character) and its first character shown."""

    limit: int
    columns: int
    allowed: Callable[[str], bool] = printable
    upper: bool = False  # typed letters are shown (and kept) as capitals
    text: str = ""
    caret: int = 0
    first: int = 0

    def __post_init__(self) -> None:
        self.text = self._taken(self.text)[0][:self.limit]
        self.end()

    def _taken(self, text: str) -> tuple[str, bool]:
        """The characters of ``text`` this icon takes, and whether any was refused."""
        kept = "".join(c for c in text if self.allowed(c))
        return (kept.upper() if self.upper else kept), len(kept) != len(text)

    def type(self, text: str) -> bool:
        """Put ``text`` in at the caret; False when a character was refused (not allowed, or
        no room), so the window can beep as RISC OS does."""
        kept, refused = self._taken(text)
        room = self.limit - len(self.text)
        kept, refused = kept[:room], refused or len(kept) > room
        self.text = self.text[:self.caret] + kept + self.text[self.caret:]
        self.move(self.caret + len(kept))
        return not refused

    def key(self, key: int) -> bool:
        """An editing key at the caret; False when it is not one."""
        caret, text = self.caret, self.text
        if key == pygame.K_BACKSPACE and caret > 0:
            self.text = text[:caret - 1] + text[caret:]
            self.move(caret - 1)
        elif key == pygame.K_DELETE:
            self.text = text[:caret] + text[caret + 1:]
            self.move(caret)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move(caret + (1 if key == pygame.K_RIGHT else -1))
        elif key == pygame.K_HOME:
            self.move(0)
        elif key == pygame.K_END:
            self.end()
        else:
            return key == pygame.K_BACKSPACE  # Backspace at the start does nothing, quietly
        return True

    def end(self) -> None:
        self.move(len(self.text))

    def place(self, column: int) -> None:
        """The caret at ``column`` of the characters shown (a click on the icon)."""
        self.move(self.first + column)

    def move(self, caret: int) -> None:
        """The caret to ``caret`` (kept within the text), scrolled into sight."""
        self.caret = max(0, min(len(self.text), caret))
        self.first = max(0, min(self.first, self.caret, len(self.text) - self.columns))
        if self.caret > self.first + self.columns:  # the caret may sit after the last shown
            self.first = self.caret - self.columns

    @property
    def shown(self) -> str:
        """The characters in sight."""
        return self.text[self.first:self.first + self.columns]
