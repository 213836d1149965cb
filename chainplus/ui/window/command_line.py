"""The command line: its options (``python main.py --help``), checked, and the ``Options`` of
a run made from them and the remembered settings; where the files live.

``launch.main`` reads them and opens the window, or runs the kiosk under its supervisor.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TypeVar, overload

from chainplus.app import about
from chainplus.app import settings as st
from chainplus.app.folders import Folders, player_folders
from chainplus.app.options import KioskOptions, NetworkOptions, Options, WindowOptions
from chainplus.app.seats import SeatSpec, parse_seats
from chainplus.app.settings import SPEEDS, Settings
from chainplus.common import language
from chainplus.common.options import OneLineParser, add_version, int_in, program_name
from chainplus.core.rules import RULES
from chainplus.net.address import parse_address, parse_code
from chainplus.net.codes import weakness
from chainplus.net.hosted_game import SPECTATORS
from chainplus.net.protocol import DEFAULT_PORT
from chainplus.ui.window.policy import OPERATOR_KEY_NAME

#: A kiosk's own subfolder of each folder, so its autosave and settings never meet the
#: window's: a kiosk must not resume, then overwrite, a player's unfinished game.
KIOSK_FOLDER = "kiosk"

_N = TypeVar("_N")


class GameParser(OneLineParser):
    """The game's parser: ``--seats -,H,C5`` works as the README writes it.

    argparse takes any word that starts with "-" for an option, so a seat list whose first
    seat is empty would be "expected one argument"; it is joined to its option as
    ``--seats=-,H,C5``, the form argparse accepts.
    """

    # The overloads are argparse's own, so this stays a drop-in ArgumentParser for mypy.
    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...
    @overload
    def parse_known_args(
        self, args: Iterable[str] | None, namespace: _N
    ) -> tuple[_N, list[str]]: ...
    @overload
    def parse_known_args(self, *, namespace: _N) -> tuple[_N, list[str]]: ...

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: _N | None = None
    ) -> tuple[argparse.Namespace | _N, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        joined: list[str] = []
        for word in words:
            if joined and joined[-1] == "--seats" and word.startswith("-,"):
                joined[-1] = f"--seats={word}"
            else:
                joined.append(word)
        return super().parse_known_args(joined, namespace)


def _seats(text: str) -> tuple[SeatSpec, ...]:
    try:
        return parse_seats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--seats: ")) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 1 <= value <= 86400:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 1 to 86400")
    return value


def _choices() -> str:
    return f"{', '.join(language.available())} ({language.PSEUDO} for developers)"


def _language(text: str) -> str:
    if text not in language.choosable():
        raise argparse.ArgumentTypeError(f"no language {text!r}: choose from {_choices()}")
    return text


def _languages(text: str) -> tuple[str, ...]:
    codes = tuple(code.strip() for code in text.split(","))
    for code in codes:
        _language(code)
    if len(set(codes)) != len(codes):
        raise argparse.ArgumentTypeError(f"{text!r} names a language twice")
    return codes


def build_parser() -> argparse.ArgumentParser:
    prog = program_name(sys.argv[0])
    parser = GameParser(
        prog=prog,
        epilog=f"The command-line tools are the same command with the tool's name first: "
               f"{prog} TOOL (replay, review, engine, bench, match, host, join, watch); "
               f"{prog} TOOL --help lists each one's options.",
        description="Chain Reaction, the 1990 RISC OS game, in a window. Select (the left "
                    "button, a tap, Space or Return) places a piece and steps panel values "
                    "up, Adjust (the right button, a long press or Backspace) steps them "
                    "down; the arrows and Tab move a cursor, and a game controller plays "
                    "too. Settings are remembered and the game is saved after every move; "
                    "options given here win over the remembered settings.",
    )
    add_version(parser, about.version_line)
    menu = parser.add_mutually_exclusive_group()
    menu.add_argument("--add-to-menu", action="store_true",
                      help="put Chain+ in your desktop's menu, for you alone (an entry, its "
                           "icons, its description for software centres and the game records' "
                           "type, so that a record opens in Chain+ from the file manager) and "
                           "exit")
    menu.add_argument("--remove-from-menu", action="store_true",
                      help="take Chain+ out of your desktop's menu again and exit")
    parser.add_argument("--fullscreen", action=argparse.BooleanOptionalAction, default=None,
                        help="start in full screen, or in a window (default: as last time; "
                             "F11 or the title bar's toggle-size icon switches)")
    parser.add_argument("--sound", action=argparse.BooleanOptionalAction, default=None,
                        help="start with the sound on or off (default: as last time)")
    parser.add_argument("--speed", choices=SPEEDS, default=None,
                        help="how fast chains are shown (default: as last time, first normal)")
    parser.add_argument("--rules", choices=RULES, default=None,
                        help="acorn: a square explodes when it holds more than its critical "
                             "mass (the original); classic: when it reaches it "
                             "(default: as last time, first acorn)")
    parser.add_argument("--lang", type=_language, default=None, metavar="CODE",
                        help=f"the language the game speaks: {_choices()} (default: the one "
                             "chosen in the Info box, else the system's); "
                             f"{language.PSEUDO} is made up, to show any words left "
                             "untranslated; this help and the error lines stay in English")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed the computer players' random choices, for a repeatable game")
    parser.add_argument("--seats", type=_seats, default=None, metavar="SPEC",
                        help="who plays: up to four comma-separated seats in the order red, "
                             "blue, green, yellow; H human, C<level>[:<random %%>] computer, "
                             "N a player over the network (the window hosts the game), "
                             "- not in play (e.g. H,C5:10)")
    parser.add_argument("--config-dir", default=None, metavar="DIR",
                        help="one folder for the settings, the autosaved game, the games "
                             f"folder and the log (default: ${st.ENV_DIR}, else the system's "
                             "own: on Linux the settings in $XDG_CONFIG_HOME/chainplus, the "
                             "games in $XDG_DATA_HOME/chainplus, the autosave and log in "
                             "$XDG_STATE_HOME/chainplus (~/.config, ~/.local/share, "
                             "~/.local/state when unset); %%APPDATA%%\\Chain+ on Windows, "
                             "~/Library/Application Support/Chain+ on macOS; a kiosk uses "
                             f"their {KIOSK_FOLDER!r} subfolder, unless this option or "
                             f"${st.ENV_DIR} says where)")
    parser.add_argument("--lessons", action="store_true",
                        help="explain again, the first time each happens, a loaded square, "
                             "an explosion, a chain and a player knocked out (a first game "
                             "explains them once; a kiosk, in every visitor's game)")
    parser.add_argument("game", nargs="?", type=Path, default=None, metavar="GAME.json",
                        help="a game record to open and replay move by move (a kept or saved "
                             "game, or any record: docs/tools.md, \"Game records\")")
    _kiosk_options(parser)
    _join_options(parser)
    parser.add_argument("--supervised", action="store_true", help=argparse.SUPPRESS)
    return parser


def _kiosk_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kiosk", action="store_true",
                        help="kiosk mode: full screen, played with the mouse, a finger, the "
                             "keys or a controller, cannot be closed by a visitor; the operator "
                             f"ends it with {OPERATOR_KEY_NAME}; restarted if it dies, errors "
                             "logged to chainplus.log (see --config-dir)")
    parser.add_argument("--lock-panel", action="store_true",
                        help="the players panel cannot be changed (for a kiosk)")
    parser.add_argument("--idle-seconds", type=_seconds, default=60.0, metavar="N",
                        help="kiosk: after N seconds with no input (mouse, finger, key or "
                             "controller) the computer plays a demonstration game until "
                             "someone touches one (default 60)")
    parser.add_argument("--keep-games", action="store_true",
                        help="kiosk: keep each finished game in the games folder and let "
                             "visitors save theirs (a kiosk keeps no games unless this is "
                             "given; a window always keeps them)")
    parser.add_argument("--languages", type=_languages, default=None, metavar="CODES",
                        help="kiosk: the languages a visitor may switch between with one tap "
                             "on a name shown in the title bar, comma-separated (e.g. de,en,fr): "
                             "the kiosk starts in the first and goes back to it when left alone")
    parser.add_argument("--fresh", action="store_true",
                        help="kiosk: start with a fresh game, not the last visitor's (a kiosk "
                             "also starts fresh after the machine starts again or a visitor "
                             "leaves it idle; only a game that died carries on)")


def _join_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--join", type=parse_address, default=None, metavar="HOST:PORT",
                        help="join the game of a host (another window, or chainplus host with "
                             "no window) and play its free network seat; nothing of your own "
                             "game or settings is changed")
    parser.add_argument("--watch", type=parse_address, default=None, metavar="HOST:PORT",
                        help="watch the game of a host without a seat, as a spectator (with "
                             "--kiosk: a museum screen that follows a game played elsewhere)")
    parser.add_argument("--code", type=parse_code, default=None,
                        help="the host's join code (with --join or --watch); without them, "
                             "the code this window gives when it hosts a game with network "
                             "seats")
    parser.add_argument("--listen", default=None, metavar="ADDRESS",
                        help="where a hosting window listens (default: this computer only, "
                             "127.0.0.1, unless the Games window opens hosting to the local "
                             "network; 0.0.0.0: every IPv4 interface)")
    parser.add_argument("--port", type=int_in(1, 65535, "the port"), default=None,
                        help=f"the port a hosting window listens on (default {DEFAULT_PORT}, "
                             "or any free one when it is taken)")
    parser.add_argument("--spectators", type=int_in(0, 64, "spectators"), default=None, metavar="N",
                        help=f"at most N may watch a game this window hosts (default "
                             f"{SPECTATORS}; 0: none)")


def check_menu(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--add-to-menu and --remove-from-menu change the desktop's menu and exit: any other
    option with them would be left unused, so it is an error (one line, status 2)."""
    menu = {"add_to_menu": "--add-to-menu", "remove_from_menu": "--remove-from-menu"}
    flag = next((menu[name] for name in menu if getattr(args, name)), None)
    if flag is not None and any(value != parser.get_default(name)
                                for name, value in vars(args).items() if name not in menu):
        parser.error(f"{flag} changes the desktop's menu and exits: give it alone")


def check_fresh(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--fresh is a kiosk's: a window always carries on with its player's own game."""
    if args.fresh and not args.kiosk:
        parser.error("--fresh is for a kiosk (--kiosk): a window carries on with your game")


def check_languages(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--languages is a kiosk's, and its first is the language it starts in: not with --lang."""
    if args.languages is not None and not args.kiosk:
        parser.error("--languages is for a kiosk (--kiosk): a window chooses in its Info box")
    if args.languages is not None and args.lang is not None:
        parser.error("--lang with --languages: the kiosk starts in the first of --languages")


def start_language(args: argparse.Namespace, saved: Settings,
                   environ: Mapping[str, str] | None = None) -> str:
    """The language to start in: a kiosk's first, --lang, the one chosen in the window (not
    a kiosk's; quietly passed over when the game lacks it), else the system's."""
    if args.languages:
        return str(args.languages[0])
    if args.lang is not None:
        return str(args.lang)
    if not args.kiosk and saved.language in language.choosable():
        return saved.language
    return language.from_environment(environ)


def check_join(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--join (or --watch) and --code come together, and not with a game to open (a bad pair
    is one error line and status 2); a --code this window hosts with must be strong. A kiosk
    joins only when its operator gives --join."""
    if args.join is not None and args.watch is not None:
        parser.error("--join plays a seat and --watch only watches: give one of them")
    for option, given in (("--join", args.join), ("--watch", args.watch)):
        if given is not None and args.code is None:
            parser.error(f"{option} needs the host's --code")
        if given is not None and args.game is not None:
            parser.error(f"{option} opens the host's game: not with a GAME.json")
    if args.code is not None and args.join is None and args.watch is None:
        why = weakness(args.code)  # the code this window gives when it hosts
        if why is not None:
            parser.error(f"--code: {why}")


def local_seats(seats: tuple[SeatSpec, ...], kiosk: bool) -> tuple[SeatSpec, ...]:
    """The remembered seats, a network seat played by a human in a kiosk (a kiosk hosts only
    when its operator's ``--seats`` asks)."""
    if not kiosk:
        return seats
    return tuple(replace(row, kind="human") if row.kind == "network" else row for row in seats)


def options_from(args: argparse.Namespace, saved: Settings) -> Options:
    """The command line's choices, the remembered settings for everything not given."""
    return Options(
        sound=saved.sound if args.sound is None else args.sound,
        speed=saved.speed if args.speed is None else args.speed,
        rules=saved.rules if args.rules is None else args.rules,
        seed=args.seed,
        seats=args.seats if args.seats is not None else local_seats(saved.seats, args.kiosk),
        fixed_seats=args.seats is not None,
        lock_panel=args.lock_panel,
        lessons_given=frozenset() if args.lessons else saved.lessons_given,
        language=saved.language,
        window=WindowOptions(
            fullscreen=bool(args.kiosk or (saved.fullscreen if args.fullscreen is None
                                           else args.fullscreen)),
            placement=saved.window, open_path=args.game),
        kiosk=KioskOptions(args.idle_seconds, args.keep_games, args.languages or ())
        if args.kiosk else None,
        network=NetworkOptions(join=args.join or args.watch, join_code=args.code or "",
                               watch=args.watch is not None, spectators=args.spectators,
                               host_code=None if args.join or args.watch else args.code,
                               listen=args.listen, lan=saved.lan, port=args.port),
    )


def files_folders(args: argparse.Namespace) -> Folders:
    """Where settings, games, autosave and log live (``folders.player_folders``): a kiosk's
    own subfolder of each unless told."""
    if args.kiosk and not args.config_dir and not os.environ.get(st.ENV_DIR):
        return player_folders().sub(KIOSK_FOLDER)
    return player_folders(args.config_dir)
