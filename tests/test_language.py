"""The game's languages: catalogs read and compiled, chosen from the system, numbers styled."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from datetime import datetime

import pytest

from chainplus.common import language, po

FRENCH = r'''
# A comment for translators
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

#: chainplus/app/explain.py:1
msgid "Blue wins"
msgstr "Bleu gagne"

#, python-brace-format
msgid "{count} piece"
msgid_plural "{count} pieces"
msgstr[0] "{count} pièce"
msgstr[1] "{count} pièces"

msgctxt "square"
msgid "Edge"
msgstr "Bord"

#, fuzzy
msgid "Red"
msgstr "Rouge"

msgid "Green"
msgstr ""

msgid "Two\n"
"lines"
msgstr "Deux\n"
"lignes"

#~ msgid "Gone"
#~ msgstr "Parti"
'''


@pytest.fixture
def english() -> Iterator[None]:
    yield
    language.use(language.ENGLISH)


def french() -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(po.compiled(po.read(FRENCH))))


def test_a_catalog_reads_its_entries_flags_and_continued_lines() -> None:
    entries = po.read(FRENCH)
    assert [entry.msgid for entry in entries] == ["", "Blue wins", "{count} piece", "Edge",
                                                  "Red", "Green", "Two\nlines"]
    plural = entries[2]
    assert plural.msgid_plural == "{count} pieces"
    assert plural.msgstr == ["{count} pièce", "{count} pièces"]
    assert entries[3].msgctxt == "square"
    assert entries[4].fuzzy and not entries[5].translated


def test_a_compiled_catalog_translates_plurals_contexts_and_leaves_out_fuzzy() -> None:
    catalog = french()
    assert catalog.gettext("Blue wins") == "Bleu gagne"
    assert catalog.ngettext("{count} piece", "{count} pieces", 1) == "{count} pièce"
    assert catalog.ngettext("{count} piece", "{count} pieces", 0) == "{count} pièce"  # French
    assert catalog.ngettext("{count} piece", "{count} pieces", 2) == "{count} pièces"
    assert catalog.pgettext("square", "Edge") == "Bord"
    assert catalog.gettext("Edge") == "Edge"  # without its context it is another message
    assert catalog.gettext("Red") == "Red"  # fuzzy: not yet trusted
    assert catalog.gettext("Green") == "Green"
    assert catalog.gettext("Two\nlines") == "Deux\nlignes"


def test_a_broken_catalog_names_its_line() -> None:
    with pytest.raises(po.CatalogError, match="line 2"):
        po.read('msgid "a"\nmsgstr nonsense')


def test_quoted_text_reads_back_the_same() -> None:
    for text in ["plain", 'a "quote" and \\ slash', "two\nlines\n", "tab\there"]:
        (entry,) = po.read(f"msgid {po.quote(text)}\nmsgstr {po.quote(text)}")
        assert entry.msgid == entry.msgstr[0] == text


def test_placeholders_are_the_named_fields() -> None:
    assert po.placeholders("{seat} has {count:d} of {{braces}}") == {"seat", "count"}


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "xx_YY.UTF-8"}, "en"),
        ({"LANGUAGE": "xx:en", "LANG": "xx_YY"}, "en"),
    ],
)
def test_the_system_locale_chooses_among_the_languages_the_game_has(
    environ: dict[str, str], code: str
) -> None:
    assert language.from_environment(environ) == code


def test_an_unknown_language_is_refused_in_one_line(english: None) -> None:
    with pytest.raises(ValueError, match="no language 'xx'"):
        language.use("xx")


def test_numbers_percentages_and_dates_follow_the_language(english: None) -> None:
    assert language.number(1234.5, 1) == "1,234.5"
    assert language.percent(50) == "50%"
    assert language.number(-0.04, 1) == "0.0"
    assert language.date_time(datetime(2026, 12, 6, 9, 5)) == "Sun 06 Dec 2026, 09:05"
    language.use(language.PSEUDO)
    assert language.number(1234.5, 1) == "1\u00a0234,5"
    assert language.percent(50) == "50\u00a0%"


def test_the_pseudo_language_accents_letters_lengthens_lines_and_keeps_placeholders(
    english: None,
) -> None:
    language.use(language.PSEUDO)
    text = language._("Blue has {count} pieces\nNext")
    first, second = text.split("\n")
    assert "{count}" in first and "Blûé" in first
    assert len(first) >= len("Blue has {count} pieces") * 1.4
    assert second.startswith("Ñéxt")


def test_a_listener_hears_each_change_of_language(english: None) -> None:
    heard: list[str] = []
    stop = language.on_change(heard.append)
    language.use(language.PSEUDO)
    stop()
    language.use(language.ENGLISH)
    assert heard == [language.PSEUDO]


def test_a_broken_catalog_is_one_warning_and_english_words(
    english: None, tmp_path, monkeypatch, capsys
) -> None:
    (tmp_path / "de.po").write_text('msgid "Red"\nmsgstr nonsense\n', encoding="utf-8")
    monkeypatch.setattr(language, "CATALOGS", tmp_path)
    language.forget()
    try:
        language.use("de")
        assert language.current() == "de" and language._("Red") == "Red"
    finally:
        language.forget()
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("warning: the de catalog cannot be read (line 2")
