"""The preview ("Vorschau"): the target picture, big.

After the choice it waits for RETURN before the (long) shuffle, and X quits
instead; from play (V) any key goes back to the game exactly as it was.
"""

from __future__ import annotations

from ...input import Action, Input
from ...shell import palette, ui
from ...shell.strings import t
from ...shell.cartridge import Command
from .board import draw_board
from .play import draw_side
from .screen import KEYS_Y, Screen


class PreviewScreen(Screen):
    word_key = "bypuzz.word.preview"

    def __init__(self, cart, then_shuffle: bool, back_to=None) -> None:
        super().__init__(cart)
        self.then_shuffle = then_shuffle
        self.back_to = back_to

    @property
    def help_key(self) -> str:
        return "bypuzz.help.preview" if self.then_shuffle else "bypuzz.help.view"

    def carry_on(self) -> None:
        from .play import ShuffleScreen

        self.cart.sound("select")
        if self.then_shuffle:
            self.cart.go(ShuffleScreen(self.cart))
        elif self.back_to is not None:
            self.cart.go(self.back_to)
        else:
            self.cart.choose_target()

    def commands(self) -> list[Command]:
        if not self.then_shuffle:
            return [Command(t("bypuzz.cmd.back"), self.carry_on)]
        return [
            Command(t("bypuzz.cmd.shuffle"), self.carry_on),
        ]

    def update(self, inp: Input) -> None:
        super().update(inp)
        clicked = self.clicked_key(inp)
        if not self.then_shuffle:
            if inp.any_key() and not inp.pressed(Action.MENU):
                inp.consume()
                self.carry_on()
            return
        if self.key(inp, "X", clicked) or self.key(inp, "Q", clicked) or inp.pressed(Action.BACK):
            self.cart.ask_quit()
        elif self.key(inp, "R", clicked):
            self.cart.ask_new_target()
        elif self.return_key(inp) or inp.pressed(Action.SELECT) or (inp.clicked and clicked is None):
            self.carry_on()

    def draw(self) -> None:
        cart = self.cart
        self.title()
        draw_board(cart.goal, cart.goal, cart.tile_style)
        draw_side(cart, (t("bypuzz.preview.caption"),))
        if self.then_shuffle:
            self.key_lines(None, t("bypuzz.preview.footer"))
        else:
            ui.hot((ui.COLS - ui.plain_length(t("help.any_key"))) // 2 * ui.CELL, KEYS_Y + ui.LINE_PITCH, t("help.any_key"),
                   palette.WHITE)
        self.prompt()
