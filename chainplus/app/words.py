"""The words shown for the game's own values, in the language spoken now: seat names, speeds,
rules, and lists of them. The values stay English in files, settings and on the wire."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chainplus.app.panel import SEAT_NAME
from chainplus.app.settings import Speed
from chainplus.common.language import _, pgettext
from chainplus.core.rules import Rules


def seat_name(seat: int) -> str:
    """Seat ``seat``'s name ("Red"), as shown."""
    return _(SEAT_NAME[seat])


def seat_names(seats: Iterable[int]) -> str:
    """The names of ``seats`` as one phrase: "Red", "Red and Blue", "Red and Blue and Green"."""
    names = [seat_name(seat) for seat in seats]
    text = names[0] if names else ""
    for name in names[1:]:
        text = joined_last(text, name)
    return text


def joined_last(first: str, last: str) -> str:
    """``first`` and the last item of a list, joined: "Red and Blue"."""
    # Translators: the last item of a list joined to the ones before it: "Red and Blue",
    # "took 3 squares and won".
    return _("{list} and {item}").format(list=first, item=last)


def listed(items: Sequence[str]) -> str:
    """``items`` as one phrase: "a", "a and b", "a, b and c"."""
    text = items[0] if items else ""
    for item in items[1:-1]:
        # Translators: an item of a list joined to the ones before it, not the last:
        # "took 3 squares, knocked out Blue".
        text = _("{list}, {item}").format(list=text, item=item)
    return joined_last(text, items[-1]) if len(items) > 1 else text


def speed_name(speed: Speed) -> str:
    """The animation speed ``speed`` as shown."""
    names = {"slow": pgettext("speed", "slow"), "normal": pgettext("speed", "normal"),
             "fast": pgettext("speed", "fast"), "instant": pgettext("speed", "instant")}
    return names[speed]


def rules_name(rules: Rules) -> str:
    """The rules ``rules`` as shown in a sentence ("acorn", "classic")."""
    # Translators: the name of a set of rules of the game, in a sentence: "The rules are set
    # for this kiosk: acorn."
    return pgettext("rules", "acorn") if rules == "acorn" else pgettext("rules", "classic")
