"""``python -m chainplus replay``: read a game record and print its final position as JSON."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from chainplus.core.records import MAX_RECORD_BYTES, RecordError, game_from_text, summary


def read_record_text(path: str | None) -> bytes:
    """The bytes of a record file, or of standard input when ``path`` is None.

    Reads at most one byte more than a record may hold, so /dev/zero cannot eat the memory.
    """
    name = "standard input" if path is None else repr(path)
    try:
        if path is None:
            if sys.stdin is None:
                raise RecordError("there is no standard input to read")
            return sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        with open(path, "rb") as handle:
            return handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {name}: {exc.strerror or exc}") from None


def cmd_replay(path: str | None, out: TextIO) -> int:
    game = game_from_text(read_record_text(path))
    out.write(json.dumps(summary(game)) + "\n")
    return 0
