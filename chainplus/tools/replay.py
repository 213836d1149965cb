"""``python -m chainplus replay``: read game records and print each final position as JSON.

A file holds one record (JSON over any number of lines), or several, one a line, as
``host --record`` and ``match --records`` write them. Several print one line each, with
``"record"`` (its number) and ``"line"`` (where it starts), then ``{"checked": N}``. The first
bad record is one ``error:`` line naming it. No read is longer than ``MAX_RECORD_BYTES`` + 1,
so /dev/zero cannot eat the memory.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import sys
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from chainplus.core.game import Game
from chainplus.core.records import MAX_RECORD_BYTES, RecordError, decode, game_from_data, summary


def read_record_text(path: str | None) -> bytes:
    """The bytes of a record file, or of standard input when ``path`` is None (at most one
    byte more than a record may hold)."""
    with _opened(path) as stream:
        return _read(stream, path, MAX_RECORD_BYTES + 1)


@contextlib.contextmanager
def _opened(path: str | None) -> Iterator[BinaryIO]:
    """The file at ``path``, or standard input, open for reading (RecordError: neither can
    be read); standard input is left open."""
    if path is None:
        if sys.stdin is None:
            raise RecordError("there is no standard input to read")
        yield sys.stdin.buffer
        return
    try:
        stream = open(path, "rb")  # noqa: SIM115
    except OSError as exc:
        raise RecordError(f"cannot read {_name(path)}: {exc.strerror or exc}") from None
    with stream:
        yield stream


def _read(stream: BinaryIO, path: str | None, size: int, line: bool = False) -> bytes:
    try:
        return stream.readline(size) if line else stream.read(size)
    except OSError as exc:
        raise RecordError(f"cannot read {_name(path)}: {exc.strerror or exc}") from None


def _name(path: str | None) -> str:
    return "standard input" if path is None else repr(path)


def records(path: str | None) -> Iterator[tuple[int, bytes]]:
    """Each record in the file at ``path`` (standard input when None) and the line it starts
    on: the whole file when its first line is not a JSON value by itself, else each line that
    is not blank (RecordError: a line too long, or one that cannot be read)."""
    with _opened(path) as stream:
        first, number = b"", 0
        while not first.strip():
            first = _read(stream, path, MAX_RECORD_BYTES + 1, line=True)
            number += 1
            if not first:
                yield 1, b""  # empty: no record at all (game_from_text says so)
                return
        if not _a_value(first):
            yield number, first + _read(stream, path, MAX_RECORD_BYTES + 1 - len(first))
            return
        line = first
        while line:
            if len(line) > MAX_RECORD_BYTES:
                raise RecordError(f"line {number}: the record is too large (the limit is "
                                  f"{MAX_RECORD_BYTES} bytes)")
            if line.strip():
                yield number, line
            line = _read(stream, path, MAX_RECORD_BYTES + 1, line=True)
            number += 1


def _game(text: bytes) -> Game:
    """The game in a record, or in a line of ``match --records``, which holds its record under
    ``"record"`` beside the match's own figures."""
    data = decode(text)
    if isinstance(data, dict) and "moves" not in data and isinstance(data.get("record"), dict):
        data = data["record"]
    return game_from_data(data)


def _a_value(line: bytes) -> bool:
    """Whether ``line`` is one whole JSON value."""
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


def cmd_replay(path: str | None, out: TextIO) -> int:
    found = records(path)
    first = next(found)
    after = next(found, None)
    if after is None:  # one record: its position alone
        out.write(json.dumps(summary(_game(first[1]))) + "\n")
        return 0
    checked = 0
    for number, (line, text) in enumerate(itertools.chain((first, after), found), start=1):
        try:
            game = _game(text)
        except RecordError as exc:
            raise RecordError(f"record {number} (line {line}): {exc}") from None
        out.write(json.dumps({"record": number, "line": line, **summary(game)}) + "\n")
        checked += 1
    out.write(json.dumps({"checked": checked}) + "\n")
    return 0
