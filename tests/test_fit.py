"""Everything fits in every language (issue #50): the real window, headless, is driven through
every screen and window in each language the game ships and in the pseudo-language (accented,
40 % longer), every text drawn is recorded with its rectangle, and a frame fails where a text
leaves the 640x480 picture, the box it belongs to (the window over the board, the button, cell
or part whose middle it is drawn in) or a block of the portrait picture, overlaps another text,
has a character without a glyph, or was wrapped and then cut. In the pseudo-language a drawn
word with a plain English vowel is a string that escaped the catalogs."""

from __future__ import annotations

import contextlib
import io
import re
import tempfile
import textwrap
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from chainplus.app.seats import parse_seats
from chainplus.common import language, po
from chainplus.ui.art import (
    doors_view,
    font,
    games_view,
    graph_view,
    info_view,
    join_view,
    languages_view,
    panel_view,
    review_view,
    rules_view,
    solved_view,
)
from chainplus.ui.art.board_view import ATTRACT_BANNER, cell_rect
from chainplus.ui.art.theme import (
    HELP,
    PANEL,
    SCREEN_SIZE,
    STATUS,
    TITLE_BAR,
    panel_cell,
)
from chainplus.ui.window.portrait import PORTRAIT

LANGUAGES = [*language.available(), language.PSEUDO]
PICTURE = pygame.Rect((0, 0), SCREEN_SIZE)

#: Words the pseudo-language leaves as they are: names, keys, units.
NAMES = {"Chain", "Reaction", "RISC", "OS", "Acorn", "Esc", "Tab", "F11", "Enter", "Space",
         "Ctrl", "Shift", "Alt", "JSON", "json", "IPv6", "TCP", "HOST", "PORT", "CODE",
         "Chainplus", "chainplus", "pygame", "Python", "GPL", "MIT", "AI", "OK", "Deutsch",
         "English", "Français", "Español", "Pseudo", "acorn", "classic",
         "Connection", "refused"}  # the system's reason a network error passes on
_WORD = re.compile(r"[\w/][\w'./+-]*")
_PLAIN_VOWEL = re.compile(r"[aeiouAEIOU]")


@dataclass
class Drawn:
    text: str
    rect: pygame.Rect
    on_picture: bool
    align: str = "left"


#: The slots sized for a few characters, where a translator must choose short words (their
#: limits are in the catalog's notes): the icons' labels and a replay's buttons (6
#: characters), the panel's headings (4) and cells, the turn box (22 a line) and the help box
#: (3 lines of 22). The pseudo-language's padding is not held against them: its accented
#: words must fit, and a real catalog's words are measured as they are.
TIGHT = (pygame.Rect(PANEL.x, 30, PANEL.w, PANEL.y - 8 - 30), PANEL, STATUS, HELP)
_PADDING = re.compile(r"~+")


def unpadded(drawn: Drawn) -> Drawn:
    """``drawn`` without the pseudo-language's tildes, where it would be drawn so."""
    text = "\n".join(_PADDING.sub("", line).rstrip() for line in drawn.text.split("\n"))
    scale = max(1, drawn.rect.h // (16 * len(text.split("\n"))))
    width, height = font.size(text or " ", scale)
    rect = pygame.Rect(drawn.rect.x, drawn.rect.y, width, height)
    if drawn.align == "center":
        rect.centerx = drawn.rect.centerx
    elif drawn.align == "right":
        rect.right = drawn.rect.right
    return Drawn(text, rect, drawn.on_picture, drawn.align)


@dataclass(frozen=True)
class Limit:
    """A message with a fixed room, from its note to translators: ``columns`` characters a
    line, on at most ``lines`` lines."""

    msgid: str
    columns: int
    lines: int = 1


def limits() -> list[Limit]:
    """Every message whose note gives its room ("... 24 characters", "three lines of 22")."""
    found = []
    template = (Path(language.__file__).parent.parent / "locale" / "chainplus.pot").read_text(
        encoding="utf-8")
    for entry in po.read(template):
        note = " ".join(line[2:].strip() for line in entry.comments if line.startswith("#."))
        if re.search(r"(three|3) lines of (about )?22", note):
            found.append(Limit(entry.msgid, panel_view.HELP_COLUMNS, panel_view.HELP_LINES))
            continue
        lines = re.search(r"(\d+) lines of (\d+) characters", note)
        if lines:
            found.append(Limit(entry.msgid, int(lines[2]), int(lines[1])))
            continue
        counts = [int(n) for n in re.findall(r"(\d+) characters", note)]
        if counts and "+" not in note:
            found.append(Limit(entry.msgid, max(counts)))
    return found


LIMITS = limits()


def _pattern(msgid: str) -> str:
    """A message in the pseudo-language, without padding, any words in its placeholders."""
    parts = po.PLACEHOLDER_SPLIT.split(_PADDING.sub("", language.pseudo(msgid)))
    return "".join(".*" if part.startswith("{") else re.escape(part) for part in parts)


_TIGHT_WORDS = re.compile("|".join(_pattern(limit.msgid) for limit in LIMITS if limit.lines == 1))
#: Messages of a few lines with their room in their note (the help box's are apart).
_TIGHT_LINES = re.compile("|".join(_pattern(limit.msgid) for limit in LIMITS
                                   if limit.lines > 1 and limit.columns != panel_view.HELP_COLUMNS))


def in_tight_slot(drawn: Drawn) -> bool:
    """Whether ``drawn`` is a message with a fixed room, or in a slot sized for few letters."""
    return (any(slot.collidepoint(drawn.rect.center) for slot in TIGHT)
            or _TIGHT_WORDS.fullmatch(_PADDING.sub("", drawn.text)) is not None)


@contextlib.contextmanager
def speaking(code: str) -> Iterator[None]:
    """The game speaks ``code`` within, English again after."""
    language.use(code)
    try:
        yield
    finally:
        language.use(language.ENGLISH)


def cut_in_help_box(texts: Iterable[str]) -> list[str]:
    """Those of ``texts`` the help box would cut: more than its three lines."""
    return [text for text in texts if len(panel_view.help_lines(text)) > panel_view.HELP_LINES]


def too_long(code: str) -> list[str]:
    """The messages of ``code``'s catalog (English: the template's own words) longer than the
    room their note gives."""
    if code == language.PSEUDO:
        return []
    if code == language.ENGLISH:
        by_id = {limit.msgid: po.Entry(limit.msgid, msgstr=[limit.msgid]) for limit in LIMITS}
    else:
        by_id = {entry.msgid: entry for entry in po.read(language.catalog_text(code))}
    found = []
    for limit in LIMITS:
        entry = by_id.get(limit.msgid)
        for written in entry.msgstr if entry is not None and not entry.fuzzy else []:
            text = po.PLACEHOLDER_SPLIT.sub("00", written)  # a short number or name
            lines = textwrap.wrap(text, limit.columns) if limit.lines > 1 else [text]
            if written and (len(lines) > limit.lines or max(map(len, lines)) > limit.columns):
                room = (f"{limit.lines} lines of {limit.columns}" if limit.lines > 1
                        else f"{limit.columns} characters")
                found.append(f"{code}: {text!r} (for {limit.msgid!r}) is longer than its "
                             f"{room}: the translator must shorten it")
    return found


def runs_into(one: pygame.Rect, other: pygame.Rect) -> bool:
    """Two texts on one line closer than half a letter's width: a reader takes them for one."""
    if one.y != other.y or one.h != other.h:
        return False
    gap = max(other.left - one.right, one.left - other.right)
    return 0 <= gap < font.GLYPH_WIDTH // 2


@dataclass
class Frame:
    """What one picture drew: its texts, and the wraps worked out for it."""

    texts: list[Drawn] = field(default_factory=list)
    covered: list[Drawn] = field(default_factory=list)  # drawn, then hidden under the doors
    wraps: list[tuple[str, int, list[str]]] = field(default_factory=list)


class Recorder:
    """Wraps ``font.draw`` and ``font.render`` and ``textwrap``'s wrapping while a frame is
    drawn, keeping what each drew or wrapped."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.frame = Frame()
        self.picture: pygame.Surface | None = None
        draw, render, wrap = font.draw, font.render, textwrap.TextWrapper.wrap

        def recording_draw(surface: pygame.Surface, text: str, pos: tuple[int, int],
                           *args: object, **kwargs: object) -> pygame.Rect:
            rect = draw(surface, text, pos, *args, **kwargs)  # type: ignore[arg-type]
            align = kwargs.get("align", args[2] if len(args) > 2 else "left")
            self.frame.texts.append(Drawn(text, rect.copy(), surface is self.picture,
                                          str(align)))
            return rect

        def recording_render(text: str, *args: object, **kwargs: object) -> pygame.Surface:
            made = render(text, *args, **kwargs)  # type: ignore[arg-type]
            self.frame.texts.append(Drawn(text, made.get_rect(), False))
            return made

        def recording_wrap(wrapper: textwrap.TextWrapper, text: str) -> list[str]:
            lines = wrap(wrapper, text)
            self.frame.wraps.append((text, wrapper.width, lines))
            return lines

        def covering_doors(surface: pygame.Surface, *args: object, **kwargs: object) -> None:
            """The kiosk's doors hide what is under them (the how-to-play's top lines)."""
            under = [d for d in self.frame.texts if any(
                door.collidepoint(d.rect.center) for door in doors_view.DOORS.values())]
            self.frame.covered += under
            self.frame.texts = [d for d in self.frame.texts if d not in under]
            doors(surface, *args, **kwargs)  # type: ignore[arg-type]

        doors = doors_view.draw
        monkeypatch.setattr(doors_view, "draw", covering_doors)
        monkeypatch.setattr(font, "draw", recording_draw)
        monkeypatch.setattr(font, "render", recording_render)
        monkeypatch.setattr(textwrap.TextWrapper, "wrap", recording_wrap)

    def shoot(self, app) -> Frame:
        """Draw ``app``'s picture; a window over the board hides the texts under it."""
        self.picture = pygame.Surface(SCREEN_SIZE)
        self.frame = Frame()
        covers = {id(w): WINDOWS.get(w.name) for w in app.stack.windows}

        def covering(window, method):
            def drawing(surface: pygame.Surface) -> None:
                cover = covers[id(window)]
                if cover is not None:
                    self.frame.texts = [d for d in self.frame.texts
                                        if not cover.collidepoint(d.rect.center)]
                method(surface)
            return drawing

        layer = {w: "draw_over" if w.name == "review" else "draw" for w in app.stack.windows}
        for window, method in layer.items():
            setattr(window, method, covering(window, getattr(window, method)))
        try:
            app.draw(self.picture)
        finally:
            for window, method in layer.items():
                delattr(window, method)
        return self.frame


def boxes_of(app) -> list[pygame.Rect]:
    """The boxes a text may be drawn in now: the picture, the title bar, the panel's cells,
    the turn and help boxes, and the window on top with its parts."""
    label = pygame.Rect(PANEL.x, PANEL.y - 8, PANEL.w, PANEL.h + 8)  # its label cut in its top
    boxes = [PICTURE, TITLE_BAR, STATUS, HELP, label]
    boxes += [panel_cell(seat, column) for seat in range(1, 5) for column in range(1, 5)]
    mode = app.mode
    window = WINDOWS.get(mode.name)
    if window is not None:
        boxes.append(window)
    phase = getattr(mode, "phase", None)
    if getattr(phase, "graph_open", False) or getattr(mode, "graph_open", False):
        boxes.append(graph_view.WINDOW)
    if app.mode.name == "demo" and app.board.inner.name != "tour":
        boxes.append(ATTRACT_BANNER)
    boxes += languages_view.buttons(app.stack.switch()).values()
    parts = mode.parts() or {}
    boxes += [rect for name, rect in parts.items() if not name.startswith("move-")]
    return boxes


WINDOWS = {"rules": rules_view.WINDOW, "games": games_view.WINDOW, "join": join_view.WINDOW,
           "solved": solved_view.WINDOW, "review": review_view.PANE, "info": info_view.WINDOW}


def leaks(text: str) -> list[str]:
    """The words of ``text`` still plain English: a string the catalogs missed."""
    words = []
    found = _WORD.findall(text)
    for at, word in enumerate(found):
        bare = word.strip("'.-+")
        if bare in NAMES or not _PLAIN_VOWEL.search(bare) or "/" in bare or "." in bare:
            continue  # a name, a path or a file's name
        if at in (0, len(found) - 1) and any(
                name.startswith(bare) or name.endswith(bare) for name in NAMES):
            continue  # a name broken where a line wraps
        if re.fullmatch(r"[A-Z0-9]{1,4}|[A-Z0-9]*[0-9][A-Z0-9]*", bare):
            continue  # codes, keys, single letters
        words.append(bare)
    return words


def problems(where: str, frame: Frame, boxes: list[pygame.Rect], code: str) -> list[str]:
    """Everything wrong with one frame's texts."""
    found: list[str] = []
    shown = [d for d in frame.texts if d.on_picture and d.text.strip()]
    if code == language.PSEUDO:
        shown = [unpadded(d) if in_tight_slot(d) else d for d in shown]
    paths = " ".join(text for text, _width, _lines in frame.wraps if "/" in text)
    for drawn in frame.texts:  # also what is drawn on a surface of its own, then shown
        leaked = [word for word in leaks(drawn.text) if f"/{word}" not in paths]
        if code == language.PSEUDO and leaked:
            found.append(f"{where}: {drawn.text!r} was not translated ({', '.join(leaked)})")
    for drawn in shown:
        text, rect = drawn.text, drawn.rect
        missing = {c for c in text if c != "\n" and c not in font.GLYPHS}
        if missing:
            found.append(f"{where}: no glyph for {sorted(missing)} in {text!r}")
        if not PICTURE.contains(rect):
            found.append(f"{where}: {text!r} {tuple(rect)} leaves the picture")
            continue
        centre = rect.center
        holders = [b for b in boxes if b.collidepoint(centre)]
        box = min(holders, key=lambda b: b.w * b.h) if holders else PICTURE
        if not box.contains(rect):
            found.append(f"{where}: {text!r} {tuple(rect)} overflows its box {tuple(box)}")
    for i, one in enumerate(shown):
        for other in shown[i + 1:]:
            near = abs(one.rect.x - other.rect.x) <= 2 and abs(one.rect.y - other.rect.y) <= 2
            if one.text == other.text and near:
                continue  # an outline's copies
            if one.rect.colliderect(other.rect):
                found.append(f"{where}: {one.text!r} {tuple(one.rect)} overlaps "
                             f"{other.text!r} {tuple(other.rect)}")
            elif code != language.PSEUDO and runs_into(one.rect, other.rect):
                found.append(f"{where}: {one.text!r} {tuple(one.rect)} runs into "
                             f"{other.text!r} {tuple(other.rect)}: they read as one")
    drawn_lines = {line for d in (*frame.texts, *frame.covered) for line in d.text.split("\n")}
    for text, width, lines in frame.wraps:
        if width == panel_view.HELP_COLUMNS:
            continue  # the help box: measured by ``help_cut``
        if code == language.PSEUDO and _TIGHT_LINES.fullmatch(_PADDING.sub("", text)):
            continue  # its room is in its note: a real catalog's words are measured
        cut = [line for line in lines if line not in drawn_lines]
        if cut and any(line in drawn_lines for line in lines):
            found.append(f"{where}: {text!r} wrapped at {width} was cut: {cut} not shown")
    return found


# ------------------------------------------------------------------------- the screens
def hover(app, recorder: Recorder, where: str, points: dict[str, tuple[int, int]],
          code: str) -> list[str]:
    """The help line for each of ``points`` pointed at, drawn in full (the message of the
    moment, which the help box shows first, is let go)."""
    found: list[str] = []
    app.board.shown.cues.message.clear()
    for name, pos in points.items():
        app.inputs.pointer = pos
        found += checked(app, recorder, f"{where}, pointing at {name}", code)
    app.inputs.pointer = None
    return found


def cut_in_portrait(where: str, frame: Frame, code: str) -> list[str]:
    """The texts of a frame drawn for the portrait picture that no one block shows whole."""
    found = []
    for drawn in frame.texts:
        if not drawn.on_picture or not drawn.text.strip():
            continue
        if code == language.PSEUDO and in_tight_slot(drawn):
            drawn = unpadded(drawn)
        sources = [pygame.Rect(b.source) for b in PORTRAIT.blocks]
        touched = [s for s in sources if s.colliderect(drawn.rect)]
        if touched and not any(s.contains(drawn.rect) for s in touched):
            found.append(f"{where}: {drawn.text!r} {tuple(drawn.rect)} is cut in the portrait "
                         "picture")
    return found


def checked(app, recorder: Recorder, where: str, code: str) -> list[str]:
    """The problems of the picture drawn now, and of its help line."""
    found = problems(where, recorder.shoot(app), boxes_of(app), code)
    help_text = app.help_text()[0]
    if code == language.PSEUDO:
        help_text = _PADDING.sub("", help_text)
    if len(panel_view.help_lines(help_text)) > panel_view.HELP_LINES:
        found.append(f"{where}: the help {help_text!r} is cut after {panel_view.HELP_LINES} "
                     f"lines of {panel_view.HELP_COLUMNS}")
    return found


def board_points(app) -> dict[str, tuple[int, int]]:
    points = {f"icon {name}": rect.center for name, rect in app.icons.items()}
    points.update({f"cell {seat},{column}": panel_cell(seat, column).center
                   for seat in range(1, 5) for column in range(1, 5)})
    points.update({f"square {square}": cell_rect(square).center for square in (0, 3, 27)})
    points.update({"title": TITLE_BAR.center, "close": (5, 5), "toggle": (635, 5),
                   "status": STATUS.center, "nothing": (437, 150)})
    return points


def part_points(app) -> dict[str, tuple[int, int]]:
    return {name: rect.center for name, rect in (app.mode.parts() or {}).items()}


def screen_of(app) -> str:
    """What the picture shows, in a few words: the window on top or the board's mode, with
    its page, its graph, an error in it, a listing's rows and a kiosk's language switch."""
    mode = app.mode
    said = [mode.name]
    if mode.name == "rules":
        said.append(f"page {mode.number + 1}")
    if mode.name == "demo":
        inner = app.board.inner
        said.append(inner.name)
        if inner.name == "tour":
            said.append(f"page {inner.page_at(inner.table.now)[0] + 1}")
    if getattr(mode, "problem", None):
        said.append("error")
    if mode.name == "games":
        said.append(f"{len(mode.shown_entries)} listed")
        if mode.puzzle is not None:
            said.append("puzzle")
    phase = getattr(mode, "phase", None)
    if getattr(phase, "graph_open", False) or getattr(mode, "graph_open", False):
        said.append("graph")
    if app.stack.switch():
        said.append("switch")
    return " ".join(said)


def warned(app) -> str:
    """The warning the help box shows now ("" if it shows none)."""
    text, warn = app.help_text()
    return text if warn else ""


def screens(ui, recorder: Recorder, code: str, make: Callable[..., object]) -> Iterator[str]:
    """Drive the window through every screen; yield the problems of each."""
    from chainplus.app.store import Store
    from chainplus.ui.window.demo import TourMode
    from tests.test_ui_puzzles import until
    from tests.test_ui_review import finish_a_game, review_of, won_game

    def look(app, where: str, shows: str, points: dict[str, tuple[int, int]] | None = None):
        """The problems of the picture now, which must be ``shows`` (``screen_of``)."""
        drawn = screen_of(app)
        assert drawn == shows, f"{where}: the step shows {drawn!r}, not {shows!r}"
        found = checked(app, recorder, where, code)
        app.display.shows_portrait = True  # the picture pieced for a 1080x1920 screen
        try:
            found += cut_in_portrait(where, recorder.shoot(app), code)
        finally:
            app.display.shows_portrait = False
        if points:
            found += hover(app, recorder, where, points, code)
        return found

    # the board, every seat kind, a game under way
    app = make(seats=parse_seats("H,C2:20,N,-"))
    yield from look(app, "the board, a new game", "play", board_points(app))
    for square in (0, 9, 18):
        ui.click_square(app, square)
        ui.settle(app)
    yield from look(app, "a game under way", "play", board_points(app))
    # the Rules window: every page, both choices
    ui.click_icon(app, "rules")
    for page in range(app.mode.count):
        yield from look(app, f"rules page {page + 1}", f"rules page {page + 1}", part_points(app))
        if page < app.mode.count - 1:
            ui.post_click(app, rules_view.BUTTONS["next"].center)
    for rules in rules_view.CHOICES:
        ui.post_click(app, rules_view.CHOICES[rules].center)
        yield from look(app, f"rules, {rules} chosen", f"rules page {app.mode.count}")
    ui.post_click(app, rules_view.BUTTONS["close"].center)
    # Games, and the Join dialog with an error
    ui.click_icon(app, "games")
    yield from look(app, "the Games window", "games 0 listed",
                    {**part_points(app), **board_points(app)})
    ui.post_click(app, games_view.TOP_BUTTONS["join"].center)
    yield from look(app, "the Join dialog", "join", part_points(app))
    ui.post_click(app, join_view.BUTTONS["join"].center)
    yield from look(app, "the Join dialog with an error", "join error")
    ui.post_click(app, join_view.BUTTONS["cancel"].center)
    while app.stack.windows:
        ui.post_click(app, app.stack.windows[-1].parts()["close-icon"].center)
    ui.post_click(app, (100, 100), button=2)  # Menu: the Info box, alone over the board
    yield from look(app, "the Info box", "info", part_points(app))
    # a game won, its graph and story
    app = make(seats=parse_seats("C1:50,C1:50"), speed="instant", judge_nodes=20)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    yield from look(app, "a game won, its graph", "over graph", part_points(app))
    ui.post_click(app, graph_view.BUTTONS["close"].center)
    yield from look(app, "a game won", "over", board_points(app))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        # Games with a game listed, and the game replayed
        store = folder / "store"
        app = make(store=Store(store, stream=io.StringIO()), seats=parse_seats("H,H"))
        for square in (0, 9, 18):
            ui.click_square(app, square)
            ui.settle(app)
        ui.click_icon(app, "games")
        ui.post_click(app, games_view.TOP_BUTTONS["save"].center)
        yield from look(app, "the Games window with a game listed", "games 1 listed",
                        part_points(app))
        ui.post_click(app, games_view.row_rect(0).center)
        yield from look(app, "a listed game replayed", "review graph", part_points(app))
        app.close()
        # a file dropped in that is no game, and a record that cannot be read
        saved = next(store.rglob("saved/*.json"))
        saved.with_name("notes.json").write_text("not a record", encoding="utf-8")
        app = make(store=Store(store, stream=io.StringIO()))
        ui.click_icon(app, "games")
        yield from look(app, "the Games window listing a file that is no game",
                        "games 2 listed", part_points(app))
        game = next(row for row, entry in enumerate(app.mode.shown_entries)
                    if not isinstance(entry, str))
        saved.write_bytes(b"\xff" * 9)  # spoilt after it was listed
        ui.post_click(app, games_view.row_rect(game).center)
        assert warned(app), "a record that cannot be read was not said"
        yield from look(app, "a record that cannot be read", "games 2 listed")
        app.close()
        # a save that fails: a file stands where the folder should be
        (folder / "file").write_text("", encoding="utf-8")
        app = make(store=Store(folder / "file", stream=io.StringIO()))
        app.update()
        autosave = warned(app)
        assert autosave, "the autosave that failed was not said"
        yield from look(app, "an autosave that fails", "play")
        ui.advance(app, 5.0)
        ui.click_square(app, 0)
        ui.click_icon(app, "games")
        ui.post_click(app, games_view.TOP_BUTTONS["save"].center)
        assert warned(app) not in ("", autosave), "the save that failed was not said"
        yield from look(app, "a save that fails", "games 0 listed")
        app.close()
    # a replay and its graph
    app = review_of(ui, won_game(seats=(1, 2, 3)))
    yield from look(app, "a replay", "review", part_points(app))
    app.mode.graph_open = True
    yield from look(app, "a replay's graph", "review graph", part_points(app))
    # a puzzle and its solved window
    app = make()
    ui.click_icon(app, "games")
    ui.post_click(app, games_view.TOP_BUTTONS["puzzles"].center)
    play = app.table.puzzle
    assert play is not None, "no puzzle was set"
    yield from look(app, "a puzzle", "play", board_points(app))
    ui.click_icon(app, "games")
    yield from look(app, "the Games window over a puzzle", "games 0 listed puzzle",
                    part_points(app))
    ui.post_click(app, games_view.FOOTER["close"].center)
    ui.click_square(app, play.puzzle.solution[0])
    until(ui, app, lambda: app.mode.name == "solved")
    yield from look(app, "a puzzle solved", "solved", part_points(app))
    # a window hosting a game, and one joined to it, with its Games window
    from tests.test_net_window import hosted, joined, joined_app, remote, run_until
    app = make(speed="fast", seats=parse_seats("H,N"), fixed_seats=True, port=0)
    assert "127.0.0.1" in (app.board.title() or ""), "the window does not host"
    yield from look(app, "a window hosting a game", "play", board_points(app))
    host = hosted("N,C")
    try:
        app = joined_app(ui, host)
        run_until(app, lambda: joined(app), "the window joined")
        assert "127.0.0.1" in (app.board.title() or ""), "the window did not join"
        yield from look(app, "a window joined to a host", "play", board_points(app))
        ui.click_icon(app, "games")
        yield from look(app, "the Games window of a joined game", "games 0 listed",
                        part_points(app))
        app.close()
        app = make(seats=parse_seats("H,N"), fixed_seats=True, port=host.address[1])
        assert ui.message(app), "hosting on a port that is taken was not refused"
        yield from look(app, "a window that cannot host", "play")
        app.close()
    finally:
        host.stop()
    app = joined_app(ui, host)  # to a host that has gone
    run_until(app, lambda: remote(app).gone, "giving up")
    assert app.help_text()[0] and "127.0.0.1" in (app.board.title() or "")
    yield from look(app, "a window that cannot reach its host", "play", board_points(app))
    app.close()
    # lessons
    app = make(seats=parse_seats("H,C"), rules="classic", lessons=True)
    ui.click_square(app, 0)  # classic: a corner one piece short of exploding
    note = app.table.cues.message.value
    assert note is not None and note.lesson, "no lesson was said"
    yield from look(app, "a lesson", "play")
    # the kiosk's attract loop, its how-to-play and its doors
    app = make(kiosk=True, idle_seconds=5)
    ui.advance(app, 6.0)
    yield from look(app, "the kiosk's attract loop", "demo play", part_points(app))
    demo = app.mode
    demo.inner.pause()
    demo.inner = tour = TourMode(demo.demo)
    for number in range(1, len(tour.pages) + 1):
        while tour.page_at(tour.table.now)[0] < number - 1:
            ui.advance(app, 0.5, step=0.25)
        yield from look(app, f"the kiosk's how-to-play, page {number}",
                        f"demo tour page {number}")
    ui.advance(app, tour.seconds, step=0.25)  # then the next demonstration game
    ui.post_click(app, doors_view.DOORS["door-puzzle"].center)
    assert app.table.puzzle is not None, "the puzzle door did not open a puzzle"
    yield from look(app, "the kiosk's puzzle", "play", board_points(app))
    ui.click_icon(app, "rules")
    yield from look(app, "the kiosk's rules window", "rules page 1")
    for _page in range(app.mode.count - 1):
        ui.post_click(app, rules_view.BUTTONS["next"].center)
    yield from look(app, "the kiosk's rules, its choices shaded", f"rules page {app.mode.count}",
                    part_points(app))
    app = make(seats=parse_seats("C1:50,C1:50"), speed="instant", kiosk=True,
               idle_seconds=3600.0, judge_nodes=20)
    finish_a_game(ui, app)
    ui.advance(app, 2.0)
    yield from look(app, "the kiosk's graph after a game", "over graph", part_points(app))
    # a kiosk given its languages: the switch in the title bar, on the loop and in a game
    spoken = [code, *(other for other in language.available() if other != code)]
    del spoken[len(language.available()):]  # the pseudo-language stands in for one
    app = make(kiosk=True, idle_seconds=5, languages=tuple(spoken))
    switch = {f"the switch's {tongue}": rect.center
              for tongue, rect in languages_view.buttons(spoken).items()}
    yield from look(app, "a kiosk's game with its languages", "play switch",
                    {**board_points(app), **switch})
    ui.advance(app, 6.0)
    yield from look(app, "a kiosk's attract loop with its languages", "demo play switch",
                    {**part_points(app), **switch})

@pytest.mark.parametrize("code", LANGUAGES)
def test_every_screen_fits_in_every_language(ui, monkeypatch, code) -> None:
    recorder = Recorder(monkeypatch)
    too = too_long(code)
    assert not too, "\n".join(too)
    with speaking(code):
        found = list(screens(ui, recorder, code, ui.make_app))
    unique: dict[str, str] = {}
    for problem in found:
        where, _sep, what = problem.partition(": ")
        unique.setdefault(what, where)
    assert not unique, f"{len(unique)} problems:\n" + "\n".join(
        f"{where}: {what}" for what, where in unique.items())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rules_page_and_caption_fits_above_and_below_its_scene(code) -> None:
    """A page's sentences end above its scene and each caption of the scene, shown while it
    plays, takes at most the two lines under it (the fit test sees only the first)."""
    from chainplus.app.tour import pages, tour
    from chainplus.core.rules import RULES

    found = []
    with speaking(code):
        for rules in RULES:
            for page in (*pages(rules), *tour(rules)):
                lines, scene, caption_top = rules_view.page_places(page)
                if rules_view.TEXT_TOP + len(lines) * rules_view.LINE_H > scene.top:
                    found.append(f"{page.heading!r}: its {len(lines)} lines run into the scene")
                if caption_top + 2 * rules_view.LINE_H >= rules_view.DOTS_Y - 6:
                    found.append(f"{page.heading!r}: its caption runs into the page's dots")
                for step in page.steps:
                    caption = rules_view.wrapped(step.caption)
                    if len(caption) > 2:
                        found.append(f"{page.heading!r}: caption {step.caption!r} is cut")
    assert not found, "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_lesson_fits_the_help_box(code) -> None:
    """The lessons of a first game, for every seat, kind of square, rule set and outcome, in
    the help box's three lines (the pseudo-language's padding left out)."""
    from test_ui_lessons import every_lesson_said

    with speaking(code):
        said = every_lesson_said()
    cut = cut_in_help_box(_PADDING.sub("", text) for text in said)
    assert not cut, "\n".join(cut)


@pytest.mark.parametrize("code", language.available())
def test_every_panel_change_fits_the_help_box(code) -> None:
    """What the help box says when column 1 steps a seat, for every seat, kind and moment
    (now or from the next game), with the note that two must play, in three lines (the
    pseudo-language's padding would sit inside the joined sentence: real catalogs only)."""
    import itertools

    from chainplus.app import panel_clicks
    from chainplus.app.seats import SEAT_KINDS

    said = set()
    with speaking(code):
        for seat in range(1, 5):
            name = panel_clicks.seat_name(seat)
            for kind in SEAT_KINDS:
                lines = [panel_clicks.next_game_message(name, kind)]
                lines += [panel_clicks.kind_message(name, kind, was_in, in_game)
                          for was_in, in_game in itertools.product((True, False), repeat=2)]
                said |= {*lines, *(language._("{message} (two must play).").format(
                    message=line.removesuffix(".")) for line in lines)}
    cut = cut_in_help_box(said)
    assert not cut, "\n".join(cut)


@pytest.mark.parametrize("code", language.available())
def test_a_folder_named_in_the_help_box_leaves_the_sentence_whole(code) -> None:
    """"Saved in ..." and "Kept in ..." shorten a long folder to the room the language's own
    words leave in the help box's three lines."""
    from chainplus.app.games import folder_said

    folders = [Path("/tmp/pytest-of-someone/window-computers-10000/games/saved"),
               Path("/srv/a-very-long-folder-name-for-a-museum-kiosk/x/games/kept")]
    with speaking(code):
        said = [folder_said(language._(sentence), folder, 40) for folder in folders
                for sentence in ("Saved in your {folder}.", "Saved in {folder}.",
                                 "Kept in {folder}.")]
    cut = cut_in_help_box(said)
    assert not cut, "\n".join(cut)
