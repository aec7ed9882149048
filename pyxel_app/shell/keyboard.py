"""Typing a name: the keyboard types, a pad picks letters from an on-screen keyboard.

Letters come out capital at the start of a word and small after it; the wide keys
(space, delete, done) sit under the letters they cover, so the d-pad reaches them
from any column.
"""

from __future__ import annotations

from typing import Callable

import pyxel

from ..input import Action, Input
from ..input.mapping import pad_code
from . import palette, ui
from .glyphs import GLYPHS
from .strings import t

NAME_MAX = 12
NAME_FORBIDDEN = set("[]")  # brackets would turn into hotkey marks where text is drawn
ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZÄÖÜ-", "0123456789")
SPECIALS = ("space", "delete", "done")
NO_SPACE = ("delete", "done")  # the wide keys where a space means nothing (a code, an address)
PITCH_COLS, PITCH_ROWS = 3, 2
LEFT_COL, TOP_ROW = 5, 10
SPECIAL_COLS = {3: (5, 15, 25), 2: (10, 20)}  # left cell of each wide key on the last row, by their number
SPECIAL_WIDTH = 9
WIDTH = len(ROWS[0])
ADDRESS_ROWS = ("1234567890", "abcdefghij", "klmnopqrst", "uvwxyz.:-_")
ADDRESS_MAX = 34  # ">> " and the cursor fill the line
PLACE = "·"  # a place still free in a name or an address
EDIT_KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "HOME", "END")  # on the keyboard they keep an offered name to edit


def clean_name(text: str) -> str:
    return "".join(ch for ch in text if ch in GLYPHS and ch not in NAME_FORBIDDEN and ch.isprintable())


def clean_address(text: str) -> str:
    """What an address may hold: letters, digits and . : - _ [ ] (a name, IPv4, IPv6 as [::1]:4270, a port)."""
    return "".join(ch for ch in text if ch.isascii() and (ch.isalnum() or ch in ".:-_[]"))


def pad_pressed(inp: Input, action: Action) -> bool:
    """``action`` from the gamepad alone: while a name is typed the keyboard's letters type."""
    if not inp.pad_enabled:
        return False
    return any(pyxel.btnp(pad_code(name)) for name in inp.bindings.pad_buttons(action))


def special_under(key_col: int, count: int = len(SPECIALS)) -> int:
    """The wide key (of ``count``) nearest below letter column ``key_col``."""
    centre = LEFT_COL + key_col * PITCH_COLS
    cols = SPECIAL_COLS[count]
    return min(range(count), key=lambda i: abs(cols[i] + SPECIAL_WIDTH // 2 - centre))


def letter_over(special: int, width: int = WIDTH, count: int = len(SPECIALS)) -> int:
    """The letter column nearest above the middle of wide key ``special`` (of ``count``), on a
    keyboard ``width`` keys wide."""
    centre = SPECIAL_COLS[count][special] + SPECIAL_WIDTH // 2
    return min(range(width), key=lambda c: abs(LEFT_COL + c * PITCH_COLS - centre))


def keyboard_keys(rows: tuple[str, ...] = ROWS, specials: tuple[str, ...] = SPECIALS) -> list[tuple[str, int, int, int]]:
    """(key, col, row, width in cells) of every key of the on-screen keyboard."""
    keys = []
    for r, letters in enumerate(rows):
        for c, letter in enumerate(letters):
            keys.append((letter, LEFT_COL + c * PITCH_COLS, TOP_ROW + r * PITCH_ROWS, 1))
    special_row = TOP_ROW + len(rows) * PITCH_ROWS
    for special, col in zip(specials, SPECIAL_COLS[len(specials)]):
        keys.append((special, col, special_row, SPECIAL_WIDTH))
    return keys


class NameEntry:
    """The name being typed and the on-screen keyboard's cursor.

    ``on_done`` receives the name when RETURN, pad START or the DONE key accepts it;
    ``on_refused`` is told when a letter does not fit.  An address is typed the same way
    on keys of its own (``ADDRESS_ROWS``), small letters, up to ``ADDRESS_MAX``, and with
    ``specials`` ``NO_SPACE`` where a space means nothing.

    A text given at the start ("Game 2", the last address) is offered, shown selected (unless
    ``offer`` is False: a half-typed text come back to): the first letter typed or picked
    replaces it, as in any text box; RETURN takes it as it is; BACKSPACE (pad B) or a keyboard
    arrow keeps it to edit.  The d-pad keeps the offer, since it walks the on-screen keyboard to
    the letter that will replace it.
    """

    def __init__(self, on_done: Callable[[str], None], on_refused: Callable[[str], None], typed: str = "",
                 rows: tuple[str, ...] = ROWS, most: int = NAME_MAX, clean: Callable[[str], str] = clean_name,
                 capitals: bool = True, specials: tuple[str, ...] = SPECIALS, offer: bool = True) -> None:
        self.on_done, self.on_refused = on_done, on_refused
        self.rows, self.most, self.clean, self.capitals = rows, most, clean, capitals
        self.specials = specials
        self.typed = clean(typed)[:most]
        self.offered = offer and bool(self.typed)  # selected: the next letter replaces it
        self.width = len(rows[0])  # keys in a row: every row of a keyboard has as many
        self.key_row = self.key_col = 0

    def letter(self, key: str) -> str:
        if not key.isalpha():
            return key
        if not self.capitals:
            return key.lower()
        capital = self.offered or not self.typed or self.typed[-1] in " -"
        return key.upper() if capital else key.lower()

    def type_text(self, text: str) -> None:
        text = self.clean(text)
        if self.offered and text:
            self.typed, self.offered = "", False
        if not self.typed:
            text = text.lstrip()  # a name never starts with a space
        if len(self.typed) + len(text) > self.most:
            self.on_refused(t("match.name_too_long", n=self.most))
            text = text[: max(0, self.most - len(self.typed))]
        self.typed += text

    def delete(self) -> None:
        self.typed, self.offered = self.typed[:-1], False

    @property
    def index(self) -> int:
        """Index into ``keyboard_keys()`` of the key under the cursor."""
        if self.key_row < len(self.rows):
            return self.key_row * self.width + self.key_col
        return len(self.rows) * self.width + special_under(self.key_col, len(self.specials))

    @index.setter
    def index(self, index: int) -> None:
        letters = len(self.rows) * self.width
        if index < letters:
            self.key_row, self.key_col = divmod(index, self.width)
        else:
            self.key_row, self.key_col = len(self.rows), letter_over(index - letters, self.width, len(self.specials))

    def move_cursor(self, inp: Input) -> None:
        rows = len(self.rows) + 1
        if inp.pressed(Action.UP):
            self.key_row = (self.key_row - 1) % rows
        if inp.pressed(Action.DOWN):
            self.key_row = (self.key_row + 1) % rows
        step = inp.pressed(Action.RIGHT) - inp.pressed(Action.LEFT)
        if not step:
            return
        if self.key_row < len(self.rows):
            self.key_col = (self.key_col + step) % self.width
        else:
            count = len(self.specials)
            self.key_col = letter_over((special_under(self.key_col, count) + step) % count, self.width, count)

    def press(self, key: str) -> None:
        if key == "space":
            self.type_text(" ")
        elif key == "delete":
            self.delete()
        elif key == "done":
            self.on_done(self.typed.strip())
        else:
            self.type_text(self.letter(key))

    def update(self, inp: Input) -> bool:
        """Typing, the pad's keyboard and clicks on it; False when ESC (or pad B on an empty
        name) asks to step back instead."""
        if inp.hotkey("RETURN") or inp.hotkey("KP_ENTER") or inp.pressed(Action.MENU):
            self.on_done(self.typed.strip())
            return True
        if inp.hotkey("ESCAPE") or (pad_pressed(inp, Action.BACK) and not self.typed):
            return False
        if inp.hotkey("BACKSPACE") or pad_pressed(inp, Action.BACK):
            self.delete()
            return True
        if any(inp.hotkey(key) for key in EDIT_KEYS):
            self.offered = False
        typed = inp.typed()
        if typed:
            self.type_text(typed)
        self.move_cursor(inp)
        keys = keyboard_keys(self.rows, self.specials)
        if pad_pressed(inp, Action.SELECT):
            self.press(keys[self.index][0])
        elif inp.clicked:
            for index, (key, col, row, width) in enumerate(keys):
                if col * ui.CELL <= inp.mouse_x < (col + width) * ui.CELL and row * ui.CELL <= inp.mouse_y < (row + 1) * ui.CELL:
                    self.index = index
                    self.press(key)
                    break
        return True

    def draw(self, name_row: int, frame: int) -> None:
        cursor = "█" if frame // 20 % 2 == 0 else " "
        ui.text_at(1, name_row, ">> " if self.offered else f">> {self.typed}", palette.WHITE)
        if self.offered:  # selected as a menu's line is: the paper's colour on a white block
            pyxel.rect(4 * ui.CELL, name_row * ui.CELL, len(self.typed) * ui.CELL, ui.CELL, palette.WHITE)
            ui.text_at(4, name_row, self.typed, palette.BACKGROUND)
        # The places left, as dots: the limit shows before a letter is refused.
        ui.text_at(5 + len(self.typed), name_row, PLACE * (self.most - len(self.typed) - 1), palette.GREY)
        ui.text_at(4 + len(self.typed), name_row, " " if self.offered else cursor, palette.WHITE)
        for index, (key, col, key_row, width) in enumerate(keyboard_keys(self.rows, self.specials)):
            label = t(f"match.key.{key}").center(width) if width > 1 else self.letter(key)
            if index == self.index:
                ui.reverse(col * ui.CELL, key_row * ui.CELL, label, palette.WHITE)
            else:
                ui.text_at(col, key_row, label, palette.TEXT)
