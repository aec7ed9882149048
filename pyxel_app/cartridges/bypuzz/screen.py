"""What every ByPuzz screen shares: the title box, the prompt line, clickable hotkeys."""

from __future__ import annotations

from ...input import Input
from ...shell import hotkeys, palette, ui
from ...shell.hotkeys import HotkeyBar
from ...shell.strings import t
from ...shell.cartridge import Command
from .cartridge import ByPuzzCartridge

TITLE = "B Y P U Z Z"
TITLE_COL = 19  # centred over the board
PROMPT_ROW = ui.STATUS_ROW
# The two key lines stand over the prompt, a line's pitch apart, as one block with it.
KEYS_Y = ui.lines_above(ui.STATUS_Y - ui.LINE_PITCH, 2)


class Screen:
    help_key = "bypuzz.help"
    word_key = "bypuzz.word.play"
    # Nothing moves on screen, so the solver may take most of the frame.
    still = False

    def __init__(self, cart: ByPuzzCartridge) -> None:
        self.cart = cart
        self.app = cart.app
        self.frame = 0
        self.hotkeys = HotkeyBar()

    def commands(self) -> list[Command]:
        return []

    def update(self, inp: Input) -> None:
        self.frame += 1

    def draw(self) -> None:
        raise NotImplementedError

    # Drawing helpers.

    def title(self, word: str | None = None, word_colour: int | None = None) -> None:
        self.hotkeys.clear()
        ui.title_box(word if word is not None else t(self.word_key), word_colour=word_colour, heading=TITLE,
                     heading_col=TITLE_COL)

    def hot_line(self, col: int, row: int, text: str, colour: int = palette.TEXT) -> None:
        self.hotkeys.line(col, row, text, colour)

    def key_lines(self, first: str | None, second: str, colour: int = palette.TEXT, second_colour: int | None = None) -> None:
        """The key lines over the prompt; ``first`` None leaves the upper one empty."""
        if first is not None:
            self.hotkeys.line_at(1, KEYS_Y, first, colour)
        self.hotkeys.line_at(1, KEYS_Y + ui.LINE_PITCH, second, colour if second_colour is None else second_colour)

    def prompt(self) -> None:
        """The bottom line: the cartridge's passing message (a longer one comes in a box)."""
        if self.cart.message_frames:
            ui.status_lines(self.cart.message, ui.STATUS_Y, palette.WHITE)

    # Input helpers.

    def clicked_key(self, inp: Input) -> str | None:
        return self.hotkeys.clicked(inp)

    key = staticmethod(hotkeys.pressed)

    @staticmethod
    def return_key(inp: Input) -> bool:
        return inp.hotkey("RETURN") or inp.hotkey("KP_ENTER")
