"""Keep the translation catalogs in step with the code: ``python -m lab.catalogs``.

Finds every marked string in ``chainplus`` (``_``, ``N_``, ``ngettext``, ``pgettext`` with
literal arguments), writes the template ``chainplus/locale/chainplus.pot`` and merges it into
each ``CODE.po`` with gettext's ``msgmerge`` (Debian: ``apt-get install gettext``): new strings
arrive untranslated, changed ones fuzzy, for a translator to finish in Poedit, Weblate or an
editor. ``--check`` changes nothing and says what a catalog lacks.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from chainplus.common import language, po

PACKAGE = Path(__file__).resolve().parent.parent / "chainplus"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "chainplus.pot"
MARKERS = {"_": ("msgid",), "N_": ("msgid",), "ngettext": ("msgid", "msgid_plural"),
           "pgettext": ("msgctxt", "msgid")}
TRANSLATORS = "# Translators:"


@dataclass
class Message:
    """A marked string, where it is used and what its writer told translators."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    places: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)


def _notes_above(lines: list[str], line: int) -> list[str]:
    """The ``# Translators:`` comment ending just above line ``line`` (1-based), if any."""
    notes: list[str] = []
    index = line - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        notes.insert(0, lines[index].strip().lstrip("#").strip())
        if lines[index].strip().startswith(TRANSLATORS):
            return notes
        index -= 1
    return []


def _statements(tree: ast.Module) -> dict[ast.AST, int]:
    """The first line of the table each node is written in: a note above a table
    (``HELP = {...}``) speaks for every string in it."""
    lines: dict[ast.AST, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(
                node.value, (ast.Dict, ast.List, ast.Tuple, ast.Set)):
            for inner in ast.walk(node):
                lines[inner] = node.lineno
    return lines


def messages(package: Path = PACKAGE) -> dict[tuple[str | None, str], Message]:
    """Every marked string under ``package``, keyed by (context, id), in the order found."""
    found: dict[tuple[str | None, str], Message] = {}
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source, str(path))
        calls = [node for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                 and node.func.id in MARKERS]
        statement = _statements(tree)
        for node in sorted(calls, key=lambda call: (call.lineno, call.col_offset)):
            assert isinstance(node.func, ast.Name)
            names = MARKERS[node.func.id]
            texts = [arg.value for arg in node.args[: len(names)]
                     if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            if len(texts) < len(names):
                if node.func.id == "_":
                    continue  # translating a string marked elsewhere with N_
                raise SyntaxError(f"{path}:{node.lineno}: {node.func.id}() needs literal strings")
            values = dict(zip(names, texts, strict=True))
            message = Message(values["msgid"], values.get("msgid_plural"), values.get("msgctxt"))
            kept = found.setdefault(message.key, message)
            where = str(path.relative_to(package.parent))  # no line: edits elsewhere churn less
            if where not in kept.places:
                kept.places.append(where)
            notes = _notes_above(lines, node.lineno)
            if not notes and node in statement:
                notes = _notes_above(lines, statement[node])
            for note in notes:
                if note not in kept.notes:
                    kept.notes.append(note)
    return found


def rebinds_underscore(package: Path = PACKAGE) -> list[str]:
    """Places where a module that translates with ``_`` also assigns ``_`` (a throwaway loop
    variable would silently replace the translation function)."""
    places = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        imports = any(isinstance(node, ast.ImportFrom) and any(a.name == "_" for a in node.names)
                      for node in ast.walk(tree))
        if not imports:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                places.append(f"{path}:{node.lineno}")
            if isinstance(node, ast.arg) and node.arg == "_":
                places.append(f"{path}:{node.lineno}")
    return places


def template(found: dict[tuple[str | None, str], Message]) -> str:
    """The ``.pot`` text for ``found``."""
    out = ['msgid ""', 'msgstr ""', '"Project-Id-Version: Chain+\\n"',
           '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for message in found.values():
        out.extend(f"#. {note}" for note in message.notes)
        out.append("#: " + " ".join(message.places))
        if any(po.placeholders(text) for text in (message.msgid, message.msgid_plural or "")):
            out.append("#, python-brace-format")
        if message.msgctxt is not None:
            out.append("msgctxt " + po.quote(message.msgctxt))
        out.append("msgid " + po.quote(message.msgid))
        if message.msgid_plural is not None:
            out.append("msgid_plural " + po.quote(message.msgid_plural))
            out.extend(['msgstr[0] ""', 'msgstr[1] ""'])
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def problems(code: str, found: dict[tuple[str | None, str], Message]) -> list[str]:
    """What the catalog for ``code`` lacks or gets wrong, one line each."""
    entries = {entry.key: entry for entry in po.read(language.catalog_text(code)) if entry.msgid}
    lines = []
    for key, message in found.items():
        entry = entries.get(key)
        where = message.places[0]
        if entry is None:
            lines.append(f"{code}: missing {message.msgid!r} ({where})")
        elif entry.fuzzy or not entry.translated:
            lines.append(f"{code}: {'fuzzy' if entry.fuzzy else 'untranslated'} "
                         f"{message.msgid!r} ({where})")
        else:
            wanted = po.placeholders(message.msgid) | po.placeholders(message.msgid_plural or "")
            for form in entry.msgstr:
                if po.placeholders(form) - wanted or (
                        message.msgid_plural is None and po.placeholders(form) != wanted):
                    lines.append(f"{code}: placeholders of {form!r} are not those of "
                                 f"{message.msgid!r}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.catalogs", description=__doc__)
    parser.add_argument("--check", action="store_true", help="change nothing; list problems")
    args = parser.parse_args(argv)
    found = messages()
    codes = [code for code in language.available() if code != language.ENGLISH]
    if not args.check:
        TEMPLATE.write_text(template(found), encoding="utf-8")
        if shutil.which("msgmerge") is None:
            print("error: msgmerge not found (apt-get install gettext)", file=sys.stderr)
            return 2
        for code in codes:
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap",
                            str(LOCALE / f"{code}.po"), str(TEMPLATE)], check=True)
    lines = [line for code in codes for line in problems(code, found)]
    print("\n".join(lines) if lines else f"{len(found)} strings, every catalog complete")
    return 1 if lines and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
