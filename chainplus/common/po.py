"""Gettext ``.po`` catalogs read and written by the standard library's rules.

The game ships its translations as ``.po`` text (what Poedit and Weblate edit) and reads them
at start: ``read`` gives the entries, ``compiled`` turns them into the ``.mo`` bytes that
``gettext.GNUTranslations`` loads, so plural forms and contexts work as gettext defines them.
Fuzzy and untranslated entries are left out of the compiled catalog, as ``msgfmt`` does.
"""

from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field

#: gettext's separator between a message's context and its id in a compiled catalog.
CONTEXT_GLUE = "\x04"
#: A named ``str.format`` placeholder: ``{seat}``, ``{count}``, ``{value:d}``.
_PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)(?:[:!][^{}]*)?\}(?!\})")
#: Splits text into placeholders (kept, with their braces) and the words between them.
PLACEHOLDER_SPLIT = re.compile(r"(\{[a-z_][a-z0-9_]*(?:[:!][^{}]*)?\})")


@dataclass
class Entry:
    """One message: its id (and plural id and context, when it has them), its translations
    (one per plural form; empty when not translated) and whether it is marked fuzzy."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read, with its line number."""


def placeholders(text: str) -> set[str]:
    """The named placeholders in ``text``: a translation must keep the same ones."""
    return set(_PLACEHOLDER.findall(text))


def read(text: str) -> list[Entry]:
    """The entries of a ``.po`` file's text, the header (``msgid ""``) first when present."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int] | None = None  # which field continuation lines extend
    flags: set[str] = set()
    comments: list[str] = []
    fields: dict[tuple[str, int], str] = {}

    def finish() -> None:
        nonlocal entry, fields, flags, comments
        if fields:
            if ("msgid", 0) not in fields:
                raise CatalogError("an entry without msgid")
            plural = fields.get(("msgid_plural", 0))
            forms = sorted(index for name, index in fields if name == "msgstr")
            entry = Entry(
                msgid=fields[("msgid", 0)],
                msgid_plural=plural,
                msgctxt=fields.get(("msgctxt", 0)),
                msgstr=[fields[("msgstr", index)] for index in forms],
                fuzzy="fuzzy" in flags,
                comments=comments,
            )
            entries.append(entry)
        fields, flags, comments = {}, set(), []

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        try:
            if not line:
                continue
            if line.startswith("#~"):
                continue  # an obsolete entry: kept for translators, never loaded
            if line.startswith("#"):
                if fields and target is not None and target[0] == "msgstr":
                    finish()
                    target = None
                if line.startswith("#,"):
                    flags.update(flag.strip() for flag in line[2:].split(","))
                else:
                    comments.append(line)
                continue
            if line.startswith('"'):
                if target is None:
                    raise CatalogError("a string outside any field")
                fields[target] += _unquote(line)
                continue
            keyword, _space, rest = line.partition(" ")
            name, index = keyword, 0
            if keyword.startswith("msgstr["):
                name, index = "msgstr", int(keyword[7:].rstrip("]"))
            if name not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
                raise CatalogError(f"unknown keyword {keyword!r}")
            if name in ("msgctxt", "msgid") and target is not None and target[0] == "msgstr":
                finish()
            target = (name, index)
            fields[target] = _unquote(rest.strip())
        except (CatalogError, ValueError, SyntaxError) as error:
            raise CatalogError(f"line {number}: {error}") from None
    finish()
    return entries


def _unquote(token: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise CatalogError(f"expected a quoted string, not {token!r}")
    value = ast.literal_eval(token)
    assert isinstance(value, str)
    return value


def quote(text: str) -> str:
    """``text`` as a ``.po`` string: one quoted line, or lines split after each newline."""
    def one(part: str) -> str:
        escaped = part.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
        return '"' + escaped.replace("\n", "\\n") + '"'

    parts = text.splitlines(keepends=True)
    if len(parts) <= 1:
        return one(text)
    return '""\n' + "\n".join(one(part) for part in parts)


def compiled(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes of the translated, not fuzzy entries (and the header)."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and (entry.fuzzy or not entry.translated):
            continue
        name = entry.msgid if entry.msgctxt is None else entry.msgctxt + CONTEXT_GLUE + entry.msgid
        if entry.msgid_plural is not None:
            name += "\0" + entry.msgid_plural
        messages[name.encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(messages)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    header_size = 7 * 4
    key_table = header_size
    value_table = key_table + len(keys) * 8
    ids_start = value_table + len(keys) * 8
    strs_start = ids_start + len(ids)
    table = b"".join(struct.pack("<2I", length, ids_start + start)
                     for start, length, _s, _l in offsets)
    table += b"".join(struct.pack("<2I", length, strs_start + start)
                      for _i, _k, start, length in offsets)
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), key_table, value_table, 0, 0)
    return head + table + ids + strs
