"""Opening a real display, or saying clearly why there is none.

With no X server or Wayland compositor to talk to, SDL quietly falls back to an off-screen
driver: the game would run with no window and no message, and a kiosk started before its
X server would stay blank for ever. ``open_display`` turns that fallback into ``NoDisplay``
with a one-line reason, so the player sees why and the kiosk supervisor tries again later.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from typing import IO

import pygame

from chainplus.common.streams import stderr_to

#: SDL's drivers that show nothing on any screen; only used when SDL_VIDEODRIVER asks for them.
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})


class NoDisplay(Exception):
    """No screen to show the game on; the message says why, in one line."""


def open_display(env: Mapping[str, str] = os.environ) -> str:
    """Start pygame's display on a real screen and return SDL's driver name.

    Raises ``NoDisplay`` when SDL finds no display, or only a headless driver nobody asked for
    through SDL_VIDEODRIVER. What the display libraries print on standard error meanwhile is
    passed on when the display opens, folded into the reason when it does not.
    """
    failure = ""
    with tempfile.TemporaryFile() as said:
        with stderr_to(said):
            try:
                pygame.display.init()
                driver: str | None = pygame.display.get_driver()
            except pygame.error as exc:
                driver, failure = None, str(exc)
        chatter = _read(said)
    if driver is None:
        raise NoDisplay(_with_chatter(failure, chatter))
    if driver.lower() in HEADLESS_DRIVERS and not requested(driver, env):
        pygame.display.quit()
        raise NoDisplay(_with_chatter(missing_display_reason(env, driver), chatter))
    if chatter:
        sys.stderr.write(chatter + "\n")
    return driver


def describe(driver: str, env: Mapping[str, str] = os.environ) -> str:
    """Which of SDL's video drivers shows the game, for the log: under a Wayland compositor,
    natively or through XWayland (the x11 driver with WAYLAND_DISPLAY set)."""
    name = driver.lower()
    x11, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if name == "wayland":
        return f"SDL's wayland driver, natively on Wayland (WAYLAND_DISPLAY={wayland or '?'})"
    if name == "x11" and wayland:
        return (f"SDL's x11 driver, through XWayland (DISPLAY={x11 or '?'}, "
                f"WAYLAND_DISPLAY={wayland})")
    if name == "x11":
        return f"SDL's x11 driver (DISPLAY={x11 or '?'})"
    return f"SDL's {name} driver"


def requested(driver: str, env: Mapping[str, str]) -> bool:
    """Whether SDL_VIDEODRIVER (one name or a comma-separated list) names ``driver``."""
    asked = env.get("SDL_VIDEODRIVER", "")
    return driver.lower() in {name.strip().lower() for name in asked.split(",")}


def missing_display_reason(env: Mapping[str, str], driver: str) -> str:
    """Why SDL found no screen, in the terms an operator can check: DISPLAY and WAYLAND_DISPLAY."""
    x11, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if not x11 and not wayland:
        return ("neither DISPLAY nor WAYLAND_DISPLAY is set, so there is no desktop to show it "
                f"on (SDL found only its {driver!r} driver); start it from the desktop session "
                "or set DISPLAY, e.g. DISPLAY=:0")
    where = " or ".join(f"{name}={value}" for name, value in
                        (("DISPLAY", x11), ("WAYLAND_DISPLAY", wayland)) if value)
    return (f"nothing answered at {where} (no display server there yet, or it refused us; "
            f"SDL found only its {driver!r} driver)")


#: What the display libraries say that leads away from the reason: SDL's Wayland driver's
#: complaint about XDG_RUNTIME_DIR, printed whenever no Wayland session is there (a console, a
#: service), when what is missing is the display.
MISLEADING = ("XDG_RUNTIME_DIR",)


def _with_chatter(reason: str, chatter: str) -> str:
    said = [line for line in chatter.splitlines()
            if not any(word in line for word in MISLEADING)]
    if not said:
        return reason
    return f"{reason}; the display libraries said: {' / '.join(said)}"


def _read(file: IO[bytes]) -> str:
    file.seek(0)
    lines = file.read(4000).decode(errors="replace").splitlines()
    return "\n".join(line.strip() for line in lines if line.strip())
