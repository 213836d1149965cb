"""Command-line options whose mistakes cost the user one line, never a traceback; and the one
``--version`` every program of Chain+ answers."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad option is one ``error:`` line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def program_name(argv0: str) -> str:
    """The game's command as it was started, for its help and errors: ``python main.py`` in a
    clone, ``chainplus`` installed (``chainplus.exe`` on Windows)."""
    name = Path(argv0).name
    if name == "main.py":
        return "python main.py"
    return name.removesuffix(".exe") or "chainplus"


class _Version(argparse.Action):
    """``--version``: print the line ``line()`` gives and exit, working it out only then."""

    def __init__(self, option_strings: list[str], line: Callable[[], str], dest: str,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)
        self.line = line

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(self.line())
        parser.exit()


def add_version(parser: argparse.ArgumentParser, line: Callable[[], str]) -> None:
    """``--version``: print ``line()`` (the name and the version) and exit with status 0."""
    parser.add_argument("--version", action=_Version, line=line,
                        help="say which version of Chain+ this is and exit")


def int_in(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: an integer in [low, high]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, not {value}")
        return value

    return parse
