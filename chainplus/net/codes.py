"""Join codes: a host's made-up ones (``new_code``) and how strong a chosen one is
(``weakness``, and ``strong_code`` for a host's ``--code``).

A made-up code is drawn from an alphabet with nothing to misread or mishear (no 0/O, no
1/I/L). A chosen code must come to at least ``MIN_BITS`` as written: a character that carries
on a run (the same step as the one before: AAAA, ABCD, 9876) counts for nothing, since a
guesser tries runs first.
"""

from __future__ import annotations

import argparse
import itertools
import math
import secrets

from chainplus.net.address import parse_code

#: What made-up codes are written with: letters and digits, none to mistake for another.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: The characters of a made-up code.
CODE_LENGTH = 9
#: The least strength, in bits, of a code a host is given.
MIN_BITS = 40


def new_code() -> str:
    """A fresh join code that passes as a chosen code too, so ``--code`` takes it back after
    a restart."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if weakness(code) is None:
            return code


def bits(code: str) -> float:
    """About how many bits a guesser must find to hit ``code`` (letters and digits)."""
    digits, letters = any(c.isdigit() for c in code), any(c.isalpha() for c in code)
    size = 36 if digits and letters else 10 if digits else 26
    steps = [ord(b) - ord(a) for a, b in itertools.pairwise(code)]
    counted = min(len(code), 2) + sum(b != a for a, b in itertools.pairwise(steps))
    return counted * math.log2(size)


def weakness(code: str) -> str | None:
    """Why ``code`` is too weak for a host to be given, or None (one line)."""
    strength = bits(code)
    if strength >= MIN_BITS:
        return None
    return (f"the code is too weak (about {strength:.0f} bits, at least {MIN_BITS} are "
            "needed): use 8 letters and digits mixed, or leave --code out for a made-up one")


def strong_code(text: str) -> str:
    """A host's join code as an argparse type: letters and digits, up to 32, strong enough."""
    code = parse_code(text)
    why = weakness(code)
    if why is not None:
        raise argparse.ArgumentTypeError(why)
    return code
