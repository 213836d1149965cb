"""A window that hosts: the panel's network seat (column 1 steps human, computer, network,
not in play), what it says and shows, and the kiosk that never hosts."""

from __future__ import annotations

import pygame
import pytest

from chainplus.app import settings as st
from chainplus.app.panel import panel_of, valid
from chainplus.ui.art import panel_view
from chainplus.ui.art.theme import panel_cell
from chainplus.ui.window.command_line import local_seats, main
from chainplus.ui.window.targets import ADJUST


def help_line(app) -> str:
    text = app.help_text()[0]
    assert len(panel_view.help_lines(text)) <= panel_view.HELP_LINES, text
    return text


def test_seats_spec_and_settings_file_take_a_network_seat() -> None:
    assert [row.kind for row in st.parse_seats_spec("H,n,C3")] == \
        ["human", "network", "computer", "off"]
    with pytest.raises(ValueError, match="N or -"):
        st.parse_seats_spec("H,X")
    data = st.DEFAULTS.to_json()
    data["seats"][1]["kind"] = "network"
    settings, problems = st.check_settings(data)
    assert problems == [] and settings.seats[1].kind == "network"


def test_a_seat_stepped_to_network_waits_for_the_next_game(ui) -> None:
    app = ui.make_app()  # red human, blue computer
    ui.click_cell(app, 2, 1)  # blue: computer -> network
    assert ui.message(app) == "Blue: a network seat from the next game."
    row = app.session.panel[2]
    assert (row.kind, row.plays_as) == ("network", "computer") and valid(app.session.panel)
    app.table.cues.message.clear()
    app.pointer = panel_cell(2, 1).center
    assert help_line(app) == "Blue: H human, C computer, N network, - not in play."
    ui.click_cell(app, 2, 1, ADJUST)  # back to computer: nothing was waiting
    assert (row.kind, row.plays_as) == ("computer", "computer")


def test_column_one_shows_its_own_letter_for_a_network_seat() -> None:
    pictures = []
    for kind in ("human", "computer", "network"):
        surface = pygame.Surface((640, 480))
        setup = panel_of(st.parse_seats_spec("H,H"))
        setup[2].kind = setup[2].plays_as = kind
        panel_view.draw_panel(surface, setup, panel_view.PanelShown((1, 2), [0] * 5, set()))
        pictures.append(pygame.image.tobytes(surface.subsurface(panel_cell(2, 1)), "RGB"))
    assert len(set(pictures)) == 3


def test_a_kiosk_never_hosts(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--kiosk", "--seats", "H,N"])
    assert exited.value.code == 2 and "kiosk does not host" in capsys.readouterr().err
    saved = st.parse_seats_spec("H,N")
    assert [row.kind for row in local_seats(saved, kiosk=True)][:2] == ["human", "human"]
    assert local_seats(saved, kiosk=False) == saved
