"""Standard error at the level C libraries write to it (file descriptor 2).

SDL and ALSA print straight to descriptor 2, past ``sys.stderr``: the window hides their
noise or catches it to explain a failure in one line of its own.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import IO


@contextlib.contextmanager
def stderr_to(file: IO[bytes] | IO[str] | None) -> Iterator[None]:
    """Send file descriptor 2 to ``file`` (``None``: nowhere) while the block runs.

    Without a standard error to borrow (closed, or not a real file) it leaves it alone.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        if file is None:
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 2)
        else:
            os.dup2(file.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
