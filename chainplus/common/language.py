"""The language the game speaks to its player: gettext catalogs, chosen at start and changeable
while the game runs (a kiosk visitor taps another language's name).

Code marks what a person reads: ``_("Blue wins")`` where the words are used, ``N_("Corner")``
for words kept in a table and translated where shown (``_(SQUARE_KIND[mass])``), ``ngettext``
for counts and ``pgettext`` where one English word has two meanings. Placeholders are named
(``_("{seat} wins").format(seat=name)``) so a translation can reorder them. Words for files,
records, settings and the network stay English: only what is shown is translated, when it is
shown, so switching the language changes the next frame.

The catalogs are ``chainplus/locale/CODE.po``, read and compiled when a language is first used.
Numbers, percentages and dates go through ``number``, ``percent`` and ``date_time`` to follow
the language's style. ``PSEUDO`` is a made-up language for tests and developers: every English
letter accented and each line 40 % longer, so a string that escaped the catalogs, or a box too
small for German, shows at once.
"""

from __future__ import annotations

import gettext
import io
import math
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from importlib import resources

from chainplus.common import po

ENGLISH = "en"
PSEUDO = "qps"
#: Each language by its own name, in the order a chooser lists them.
NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}


@dataclass(frozen=True)
class Style:
    """How a language writes numbers: decimal mark, thousands grouping and the percent sign."""

    decimal: str = "."
    thousands: str = ","
    group_from: int = 4  # the fewest digits that are grouped (Spanish leaves 1000 alone)
    percent: str = "{value}%"


_NBSP = "\u00a0"
_STYLES: dict[str, Style] = {
    "en": Style(),
    "de": Style(",", ".", 4, "{value}" + _NBSP + "%"),
    "fr": Style(",", _NBSP, 4, "{value}" + _NBSP + "%"),
    "es": Style(",", ".", 5, "{value}" + _NBSP + "%"),
    PSEUDO: Style(",", _NBSP, 4, "{value}" + _NBSP + "%"),
}

def N_(message: str) -> str:  # noqa: N802 (gettext's name for "mark, translate later")
    """Mark ``message`` for the catalogs without translating it now."""
    return message


_DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
           N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))
# Translators: a date and time in the Games window, left of the word "saved"; reorder the
# fields as your language does; filled in, 30 characters.
_DATE_TIME = N_("{weekday} {day} {month} {year}, {hour}:{minute}")


class _Pseudo(gettext.NullTranslations):
    """English made strange: accented letters and lines 40 % longer, placeholders kept."""

    _ACCENTS = str.maketrans("aeiouncAEIOUNC", "áéîöûñçÄÉÎÖÜÑÇ")

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: letters outside placeholders accented, every line
    padded by 40 % with tildes."""
    lines = []
    for line in text.split("\n"):
        parts = po.PLACEHOLDER_SPLIT.split(line)
        accented = "".join(part if part.startswith("{") else part.translate(_Pseudo._ACCENTS)
                           for part in parts)
        lines.append(accented + "~" * math.ceil(len(line) * 0.4) if line else line)
    return "\n".join(lines)


_loaded: dict[str, gettext.NullTranslations] = {}
_current = ENGLISH
_translation: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []


#: The folder of the catalogs (a test may point it at a folder of its own, then ``forget``).
CATALOGS = resources.files("chainplus") / "locale"


def catalog_text(code: str) -> str:
    """The ``.po`` text shipped for ``code`` (FileNotFoundError when there is none)."""
    return (CATALOGS / f"{code}.po").read_text(encoding="utf-8")


def forget() -> None:
    """Read the catalogs afresh when next used (after ``CATALOGS`` changed)."""
    _loaded.clear()


def available() -> list[str]:
    """The languages the game can speak, English first, then those with a shipped catalog."""
    return [code for code in NAMES if code == ENGLISH or _has_catalog(code)]


def choosable() -> list[str]:
    """The languages a player or an operator may choose: those the game has, then the
    pseudo-language for developers."""
    return [*available(), PSEUDO]


def own_name(code: str) -> str:
    """The language ``code`` by its own name ("Deutsch"), as every chooser lists it."""
    return NAMES.get(code, "Pseudo" if code == PSEUDO else code)


def _has_catalog(code: str) -> bool:
    return (CATALOGS / f"{code}.po").is_file()


def _load(code: str) -> gettext.NullTranslations:
    if code == ENGLISH:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return _Pseudo()
    if code not in _loaded:
        try:
            compiled = po.compiled(po.read(catalog_text(code)))
            _loaded[code] = gettext.GNUTranslations(io.BytesIO(compiled))
        except (OSError, UnicodeError, ValueError) as error:  # a catalog a hand broke
            print(f"warning: the {code} catalog cannot be read ({error}): its words stay "
                  "English", file=sys.stderr)
            _loaded[code] = gettext.NullTranslations()
    return _loaded[code]


def use(code: str) -> None:
    """Speak ``code`` from now on (ValueError for a language the game does not have)."""
    global _current, _translation
    if code not in available() and code != PSEUDO:
        raise ValueError(f"no language {code!r}: choose from {', '.join(available())}")
    _translation, _current = _load(code), code
    for listener in list(_listeners):
        listener(code)


def current() -> str:
    """The code of the language spoken now."""
    return _current


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener`` with the new code whenever the language changes; returns the undo."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first language the game has among the system's choices (``LANGUAGE``, a list with
    colons, then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``), else English. ``C`` and ``POSIX``
    mean English, as gettext reads them."""
    environ = os.environ if environ is None else environ
    choices: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            choices.extend(value.split(":") if name == "LANGUAGE" else [value])
            if name != "LANGUAGE":
                break
    have = available()
    for choice in choices:
        code = choice.split(".")[0].split("@")[0].split("_")[0].lower()
        if code in ("c", "posix"):
            return ENGLISH
        if code in have:
            return code
    return ENGLISH


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count``, by the language's plural rule."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it."""
    return _translation.pgettext(context, message)


def style() -> Style:
    return _STYLES.get(_current, _STYLES[ENGLISH])


def number(value: float, places: int = 0) -> str:
    """``value`` with ``places`` decimals, in the language's style: 1,234.5 or 1.234,5."""
    text = f"{abs(value):.{places}f}"
    whole, _dot, fraction = text.partition(".")
    written = style()
    if len(whole) >= written.group_from:
        groups = []
        while whole:
            groups.append(whole[-3:])
            whole = whole[:-3]
        whole = written.thousands.join(reversed(groups))
    sign = "-" if value < 0 and float(text) != 0 else ""
    return sign + whole + (written.decimal + fraction if fraction else "")


def percent(value: float, places: int = 0) -> str:
    """``value`` (already out of 100) as a percentage in the language's style: 50% or 50 %."""
    return style().percent.format(value=number(value, places))


def date_time(when: datetime) -> str:
    """A day and time as the Games window lists games, in the language's words and order."""
    return _(_DATE_TIME).format(
        weekday=_(_DAYS[when.weekday()]), day=f"{when.day:02d}", month=_(_MONTHS[when.month - 1]),
        year=when.year, hour=f"{when.hour:02d}", minute=f"{when.minute:02d}",
    )
