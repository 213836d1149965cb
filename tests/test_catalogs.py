"""The translations: every catalog complete, true to the English, and drawable in the font."""

from __future__ import annotations

import pytest

from chainplus.common import language, po
from lab import catalogs

TRANSLATED = ("de", "fr", "es")


@pytest.fixture(scope="module")
def found() -> dict[tuple[str | None, str], catalogs.Message]:
    return catalogs.messages()


def test_the_game_speaks_english_german_french_and_spanish() -> None:
    assert language.available() == ["en", *TRANSLATED]


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_catalog_has_every_string_translated_with_the_same_placeholders(
    code: str, found: dict[tuple[str | None, str], catalogs.Message]
) -> None:
    problems = catalogs.problems(code, found)
    assert not problems, "\n".join(problems[:20])


def test_the_template_is_up_to_date(found: dict[tuple[str | None, str], catalogs.Message]) -> None:
    assert catalogs.TEMPLATE.read_text(encoding="utf-8") == catalogs.template(found), (
        "run: python -m lab.catalogs")


def test_no_module_that_translates_with_underscore_reuses_the_name() -> None:
    assert catalogs.rebinds_underscore() == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_catalog_states_its_language_and_plural_rule(code: str) -> None:
    header = po.read(language.catalog_text(code))[0]
    assert header.msgid == ""
    assert f"Language: {code}\n" in header.msgstr[0]
    rule = "(n > 1)" if code == "fr" else "(n != 1)"
    assert f"Plural-Forms: nplurals=2; plural={rule};" in header.msgstr[0]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_is_drawn_with_letters_the_font_has(code: str) -> None:
    from chainplus.ui.art import font

    missing = {
        char: entry.msgid
        for entry in po.read(language.catalog_text(code)) if entry.msgid
        for text in entry.msgstr for char in text
        if char not in font.GLYPHS and char != "\n"
    }
    assert not missing, missing


def test_the_pseudo_language_is_drawn_with_letters_the_font_has(
    found: dict[tuple[str | None, str], catalogs.Message]
) -> None:
    from chainplus.ui.art import font

    missing = {char for message in found.values()
               for char in language.pseudo(message.msgid + (message.msgid_plural or ""))
               if char not in font.GLYPHS and char != "\n"}
    assert not missing
