"""The RISC OS look: the 16 Wimp colours, the seat colours and shapes, the screen layout.

Everything here is plain data so the views, the tests and the benchmark agree on where
things are on the fixed 640x480 logical screen.
"""

from __future__ import annotations

from pygame import Rect

from chainplus.common.language import N_

#: The RISC OS desktop's standard 16 colours (Wimp colours 0-15).
WIMP: tuple[tuple[int, int, int], ...] = (
    (0xFF, 0xFF, 0xFF),  # 0 white
    (0xDD, 0xDD, 0xDD),  # 1 light grey: window work areas
    (0xBB, 0xBB, 0xBB),  # 2
    (0x99, 0x99, 0x99),  # 3
    (0x77, 0x77, 0x77),  # 4
    (0x55, 0x55, 0x55),  # 5
    (0x33, 0x33, 0x33),  # 6
    (0x00, 0x00, 0x00),  # 7 black
    (0x00, 0x44, 0x99),  # 8 dark blue
    (0xEE, 0xEE, 0x00),  # 9 yellow
    (0x00, 0xCC, 0x00),  # 10 green
    (0xDD, 0x00, 0x00),  # 11 red
    (0xEE, 0xEE, 0xBB),  # 12 cream: the title bar of the window with the input focus
    (0x55, 0x88, 0x00),  # 13 dark green
    (0xFF, 0xBB, 0x00),  # 14 orange
    (0x00, 0xBB, 0xFF),  # 15 light blue
)

WHITE, GREY1, GREY2, GREY3, GREY4, GREY5, GREY6, BLACK = WIMP[0:8]
DARK_BLUE, YELLOW, GREEN, RED, CREAM, DARK_GREEN, ORANGE, LIGHT_BLUE = WIMP[8:16]

#: Seat colours, indexed by seat (index 0 unused).
SEAT_COLOUR = (GREY3, RED, DARK_BLUE, GREEN, YELLOW)
#: The colour text and outlines take on top of a seat colour.
SEAT_INK = (BLACK, WHITE, WHITE, BLACK, BLACK)
#: The second cue besides colour: each seat's pieces have their own shape.
SEAT_SHAPE = ("", "circle", "square", "triangle", "diamond")

SCREEN_SIZE = (640, 480)
TITLE = "Chain Reaction"

# ---------------------------------------------------------------- the window frame
TITLE_H = 24
CLOSE_ICON = Rect(0, 0, TITLE_H, TITLE_H)
TOGGLE_ICON = Rect(640 - TITLE_H, 0, TITLE_H, TITLE_H)
TITLE_BAR = Rect(TITLE_H - 1, 0, 640 - 2 * TITLE_H + 2, TITLE_H)
WORK_AREA = Rect(0, TITLE_H - 1, 640, 480 - TITLE_H + 1)

# ---------------------------------------------------------------- the board (left)
CELL = 52
BOARD = Rect(14, 44, 8 * CELL, 8 * CELL)
#: The widest title shown whole in the landscape picture's title bar (a space clear at each
#: end), and in the portrait picture's, which is narrower.
TITLE_ROOM = TITLE_BAR.w - 2 * 8
PORTRAIT_TITLE_ROOM = BOARD.right + BOARD.left - 2 * TITLE_H

# ---------------------------------------------------------------- the right column
RIGHT_X = 444
RIGHT_W = 184
ICON_W, ICON_H = 40, 34
ICON_GAP = 8
ICON_TOP = 40
ICON_ROW_H = 58  # icon plus its label underneath


def icon_rect(index: int, per_row: int = 4) -> Rect:
    """Where icon number ``index`` sits when ``per_row`` icons share a row: the rows span
    the right column from edge to edge, so fewer icons get wider gaps, never a hole."""
    row, col = divmod(index, per_row)
    pitch = (RIGHT_W - ICON_W) // max(1, per_row - 1)
    return Rect(RIGHT_X + col * pitch, ICON_TOP + row * ICON_ROW_H, ICON_W, ICON_H)


def icon_layout(names: tuple[str, ...]) -> dict[str, Rect]:
    """The icons ``names`` in two even rows (a kiosk shows six of the eight)."""
    per_row = max(1, -(-len(names) // 2))
    return {name: icon_rect(i, per_row) for i, name in enumerate(names)}



# The player control panel: one row per seat, a shape marker then four columns.
PANEL = Rect(RIGHT_X - 4, 164, RIGHT_W + 8, 170)
PANEL_HEAD_Y = PANEL.y + 8
PANEL_ROW_Y = PANEL.y + 28
PANEL_ROW_H = 34
PANEL_CELL_W, PANEL_CELL_H = 37, 30
PANEL_MARK_W = 20
PANEL_COL_X = tuple(RIGHT_X + PANEL_MARK_W + 4 + i * (PANEL_CELL_W + 3) for i in range(4))
#: The columns' headings (translated where drawn).
# Translators: the players' panel's column headings, 4 characters each over a narrow column:
# the kind of player (human or computer), squares held, the computer's level, and how often
# it plays a random move, in percent.
PANEL_HEADS = (N_("H/C"), N_("Sqr"), N_("Lvl"), N_("Rnd%"))


def panel_cell(seat: int, column: int) -> Rect:
    """The cell for ``seat`` (1-4) in panel column ``column`` (1-4)."""
    return Rect(PANEL_COL_X[column - 1], PANEL_ROW_Y + (seat - 1) * PANEL_ROW_H,
                PANEL_CELL_W, PANEL_CELL_H)


def panel_marker(seat: int) -> Rect:
    """The little box left of a panel row showing the seat's piece shape."""
    return Rect(RIGHT_X, PANEL_ROW_Y + (seat - 1) * PANEL_ROW_H, PANEL_MARK_W, PANEL_CELL_H)


# Whose turn, and the winner at the end.
STATUS = Rect(RIGHT_X, 340, RIGHT_W, 56)
# Help and messages (RISC OS "interactive help" style).
HELP = Rect(RIGHT_X, 402, RIGHT_W, 58)
