"""Which language the game speaks, chosen the way people expect: ``--lang``, else the one
chosen in the Info box and remembered, else the system's; a kiosk's ``--languages``, switched
with one tap on a name in the title bar and back to the first when the kiosk is left alone.
Headless; a small German catalog stands in for the translators' (``german``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from chainplus.app import settings as st
from chainplus.app.folders import player_folders
from chainplus.app.settings import Settings
from chainplus.app.store import Store
from chainplus.common import language
from chainplus.ui.art import info_view, languages_view, widgets
from chainplus.ui.art.board_view import cell_rect
from chainplus.ui.art.theme import TITLE_BAR
from chainplus.ui.window import launch
from chainplus.ui.window.command_line import build_parser, check_languages, start_language
from chainplus.ui.window.over.info import InfoWindow
from chainplus.ui.window.portrait import PORTRAIT
from chainplus.ui.window.targets import MENU, Tongue
from tests.test_kiosk import make
from tests.test_touch import tap

GERMAN = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "New"
msgstr "Neu"

msgid "Players"
msgstr "Spieler"
'''


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The game has German only (a catalog of two words), and speaks English again after."""
    (tmp_path / "de.po").write_text(GERMAN, encoding="utf-8")
    monkeypatch.setattr(language, "CATALOGS", tmp_path)
    language.forget()
    yield
    language.use(language.ENGLISH)
    language.forget()


@pytest.fixture
def english() -> Iterator[None]:
    yield
    language.use(language.ENGLISH)


def args_of(*words: str) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(list(words))
    check_languages(parser, args)
    return args


# ------------------------------------------------------------------------- at start
@pytest.mark.parametrize(("words", "saved", "environ", "spoken"), [
    ((), "", {"LANGUAGE": "de"}, "de"),  # the system's
    ((), "", {"LANG": "fr_FR.UTF-8"}, "en"),  # a language the game lacks: English
    ((), "de", {"LANGUAGE": "en"}, "de"),  # chosen in the window, over the system's
    ((), "xx", {"LANGUAGE": "de"}, "de"),  # a remembered one the game lacks: the system's
    (("--lang", "en"), "de", {"LANGUAGE": "de"}, "en"),  # --lang over both
    (("--lang", "qps"), "de", {}, "qps"),  # the developers' pseudo-language
    (("--kiosk",), "de", {"LANGUAGE": "en"}, "en"),  # a kiosk never takes a window's choice
    (("--kiosk", "--languages", "de,en"), "", {"LANGUAGE": "en"}, "de"),  # a kiosk's first
])
def test_the_language_at_start_is_lang_else_the_remembered_else_the_systems(
        german: None, words: tuple[str, ...], saved: str, environ: dict[str, str],
        spoken: str) -> None:
    assert start_language(args_of(*words), Settings(language=saved), environ) == spoken


@pytest.mark.parametrize(("words", "said"), [
    (("--lang", "xx"), "--lang: no language 'xx': choose from en, de (qps for developers)"),
    (("--kiosk", "--languages", "de,xx"), "no language 'xx': choose from en, de"),
    (("--kiosk", "--languages", "de,de"), "names a language twice"),
    (("--languages", "de,en"), "--languages is for a kiosk"),
    (("--kiosk", "--languages", "de,en", "--lang", "en"), "--lang with --languages"),
])
def test_a_bad_language_is_one_english_error_line_naming_the_choices(
        german: None, capsys: pytest.CaptureFixture[str], words: tuple[str, ...],
        said: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        launch.main(list(words))
    err = capsys.readouterr().err.strip().splitlines()
    assert stopped.value.code == 2 and len(err) == 1 and err[0].startswith("error: ")
    assert said in err[0]


def test_the_help_names_the_languages_and_the_developers_one_in_english(german: None) -> None:
    text = build_parser().format_help()
    assert "--lang CODE" in text and "--languages CODES" in text
    assert "en, de (qps for developers)" in " ".join(text.split())


# ------------------------------------------------------------------------- the settings
def test_the_chosen_language_round_trips_in_the_settings_and_a_bad_one_falls_back(
        tmp_path: Path) -> None:
    assert st.save_settings(tmp_path, Settings(language="de")) is None
    assert st.load_settings(tmp_path) == (Settings(language="de"), [])
    (tmp_path / st.SETTINGS_FILE).write_text(json.dumps({"language": 5}))
    settings, warnings = st.load_settings(tmp_path)
    assert settings.language == "" and "'language' is not text" in warnings[0]


# ------------------------------------------------------------------------- the Info box
def test_choosing_in_the_info_box_speaks_it_from_the_next_frame_and_remembers_it(
        ui, german: None, tmp_path: Path) -> None:
    store = Store(player_folders(tmp_path))
    store.load_settings()
    app = ui.make_app(store=store)
    ui.post_click(app, cell_rect(27).center, MENU)
    window = app.mode
    assert isinstance(window, InfoWindow)
    assert window.shown_window().languages == ("en", "de")
    before = pygame.Surface((640, 480))
    app.draw(before)
    ui.post_click(app, info_view.CHOICES[1].center)  # Deutsch
    assert language.current() == "de" and app.mode is window  # the box stays open
    after = pygame.Surface((640, 480))
    app.draw(after)
    label = app.icons["new"].move(0, app.icons["new"].h).inflate(16, 0)
    def words(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(surface.subsurface(label), "RGB")

    assert words(before) != words(after)  # "New" is now "Neu"
    again = after.copy()
    widgets.label(again, app.icons["new"], "Neu")
    assert words(again) == words(after)
    assert window.shown_window().spoken == "de"
    saved = json.loads((tmp_path / st.SETTINGS_FILE).read_text())
    assert saved["language"] == "de"
    app.close()


def test_keys_choose_a_language_in_the_info_box(ui, english: None) -> None:
    from tests.test_keys import cursor
    from tests.test_kiosk import key

    language.use(language.PSEUDO)  # listed while spoken, after English
    app = ui.make_app()
    ui.post_click(app, cell_rect(27).center, MENU)
    key(app, pygame.K_TAB)
    while cursor(app) != app.mode.hit(info_view.CHOICES[0].center):
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert language.current() == language.ENGLISH


# ------------------------------------------------------------------------- a kiosk
def test_a_kiosk_switches_with_one_tap_and_goes_back_to_its_first_when_left_alone(
        ui, english: None) -> None:
    languages = ("qps", "en")
    language.use(start_language(args_of("--kiosk", "--languages", "qps,en"), Settings(), {}))
    app = make(ui, kiosk=True, idle_seconds=5, languages=languages)
    buttons = languages_view.buttons(languages)
    surface = pygame.Surface((640, 480))
    app.draw(surface)
    again = surface.copy()
    languages_view.draw(again, languages, language.PSEUDO)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(surface, "RGB")
    for rect in buttons.values():  # in the title bar, in the part a portrait screen shows
        assert TITLE_BAR.contains(rect)
        assert PORTRAIT.to_portrait(rect.topleft) and PORTRAIT.to_portrait(rect.bottomright)
    assert app.hit(buttons["en"].center) == Tongue("en")
    tap(app, buttons["en"].center)
    assert language.current() == "en" and app.game.moves == []
    ui.click_square(app, 0)  # a visitor plays in English, then leaves
    ui.advance(app, 6.0)
    assert ui.in_demo(app) and language.current() == language.PSEUDO
    tap(app, buttons["en"].center)  # one tap in the attract loop: English, the loop plays on
    assert language.current() == "en" and ui.in_demo(app)
    assert "Click" in app.help_text()[0] or "Touch" in app.help_text()[0]
    app.close()


def test_a_kiosk_without_languages_shows_no_switch(ui, english: None) -> None:
    app = make(ui, kiosk=True, idle_seconds=5)
    assert app.stack.switch() == ()
    assert not isinstance(app.hit((TITLE_BAR.centerx, 10)), Tongue)


# ------------------------------------------------------------------------- told once
def test_what_was_told_once_is_told_again_in_the_language_chosen(ui, english: None) -> None:
    """The graph's turning point and a kiosk's how-to-play pages were worded when made."""
    from chainplus.ui.window.demo import TourMode
    from chainplus.ui.window.judging import Judging
    from tests.test_judge import HANDED, game_of

    judging = Judging(game_of(HANDED), wake=lambda: None)
    while not judging.done:
        judging.poll()
    turn = judging.told()
    assert turn is not None
    english_words = turn.words
    tour = TourMode(make(ui, kiosk=True, idle_seconds=5).table)
    english_page = tour.pages[0].text
    language.use(language.PSEUDO)
    told = judging.told()
    assert told is not None and told.words.startswith("Mövé 2: Blûé")
    assert english_words.startswith("Move 2: Blue")
    assert tour.pages[0].text == language.pseudo(english_page)


def test_the_keys_cursor_reaches_a_kiosks_switch_in_a_game_and_on_the_attract_loop(
        ui, english: None) -> None:
    from tests.test_keys import cursor
    from tests.test_kiosk import key

    language.use("qps")
    app = make(ui, kiosk=True, idle_seconds=5, languages=("qps", "en"))
    key(app, pygame.K_TAB)  # shows the cursor, on the board
    for _unused in range(3):  # the icons, the panel, then the switch
        key(app, pygame.K_TAB)
    assert cursor(app) == Tongue("qps")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert language.current() == "en" and cursor(app) == Tongue("en")
    ui.advance(app, 6.0)
    assert ui.in_demo(app) and language.current() == "qps"
    key(app, pygame.K_TAB)  # on the attract loop: the doors, then the switch
    while not isinstance(cursor(app), Tongue):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert language.current() == "en" and ui.in_demo(app)
