"""The set-up's questions answered from a list: the rules' variant, the mode, the computer's
level and who starts."""

from __future__ import annotations

import pyxel

from . import palette, ui
from .setup_base import KEYS_ROW, MODE_COMPUTER, MODE_PUZZLE, MODES, ChoiceScreen, mode_choices, sides_have_colours
from .strings import t

PREVIEW_COL = 20  # the mode screen's preview of the board
SIDE_PREVIEW_COL = 31  # right of the choices, when six leave no room under them
MOST_CHOICES = 6  # choices that fit above the keys' row; a seventh (the puzzle, with network play) moves the keys down


def mode_label(match, mode: str) -> str:
    """A mode's words on the mode screen: the game's own, the network's, the puzzle's."""
    if mode in MODES:
        return match.word(f"mode.{mode}")
    return t("puzzle.mode") if mode == MODE_PUZZLE else t(f"net.mode.{mode}")


def open_puzzle_page(match) -> None:
    """The set-up's "Puzzle of the day": the puzzle page for this game (the variant chosen), ESC back here."""
    from .puzzle_picker import PuzzlePicker

    app = match.app
    app.go_to(PuzzlePicker(app, lambda: app.go_to(match), [match.spec], match.variant))


class VariantScreen(ChoiceScreen):
    phase = "variant"
    title = "word.rules"  # the rules question is not about the players yet
    question = "choose_variant"
    pause_menu = True

    def labels(self) -> list[str]:
        return [self.match.word(f"variant.{variant}") for variant in self.match.rules.variants]

    def first_index(self) -> int:
        return self.match.rules.variants.index(self.match.variant)

    def back(self) -> None:
        self.match.app.leave_cartridge(ask=False)

    def chosen(self, index: int) -> None:
        self.match.variant = self.match.rules.variants[index]
        self.steps.go_to_phase(self.steps.first_player_phase())


class ModeScreen(ChoiceScreen):
    phase = "mode"
    question = "choose_mode"
    pause_menu = True

    @property
    def keys_row(self) -> int:
        return KEYS_ROW + (len(mode_choices(self.match)) > MOST_CHOICES)

    def labels(self) -> list[str]:
        return [mode_label(self.match, mode) for mode in mode_choices(self.match)]

    def first_index(self) -> int:
        modes = mode_choices(self.match)
        return modes.index(self.match.mode) if self.match.mode in modes else 0

    def back(self) -> None:
        if self.match.spec.choose_variant:
            self.steps.go_to_phase("variant")
        else:
            self.match.app.leave_cartridge(ask=False)

    def chosen(self, index: int) -> None:
        match = self.match
        match.mode = mode_choices(match)[index]
        if match.mode == MODE_PUZZLE:
            open_puzzle_page(match)
            return
        match.names, match.colours, self.steps.seat = ["", ""], [None, None], 0
        self.steps.go_to_phase("level" if match.mode == MODE_COMPUTER else "name")

    def draw_body(self) -> None:
        super().draw_body()
        # Under the choices: beside two of them, under four; beside the last three of six (the network's).
        count = len(mode_choices(self.match))
        col, row = (PREVIEW_COL, 12) if count <= 2 else (PREVIEW_COL, 15) if count <= 4 else (SIDE_PREVIEW_COL, 13)
        left, top = col * ui.CELL, row * ui.CELL
        pyxel.rect(left - 4, top - 4, 56, 40, palette.BLACK)
        self.match.view.draw_preview(left, top)


class LevelScreen(ChoiceScreen):
    phase = "level"
    question = "choose_level"

    def labels(self) -> list[str]:
        return [self.match.level_label(level) for level in self.match.spec.levels]

    def first_index(self) -> int:
        return self.match.spec.levels.index(self.match.level)

    def back(self) -> None:
        self.steps.go_to_phase("mode")

    def chosen(self, index: int) -> None:
        self.match.level = self.match.spec.levels[index]
        self.steps.go_to_phase("name")


class FirstScreen(ChoiceScreen):
    """Who starts: the second choice hands the first move to the other seat."""

    phase = "first"
    question = "choose_first"

    def labels(self) -> list[str]:
        return [self.match.word("starts", player=self.match.player_label(seat)) for seat in (0, 1)]

    def back(self) -> None:
        match = self.match
        if match.mode == MODE_COMPUTER and sides_have_colours(match.spec):
            self.steps.go_to_phase("side")
        else:
            self.steps.go_to_phase("colour" if match.spec.choose_colour else "name")

    def chosen(self, index: int) -> None:
        spec = self.match.spec
        if spec.start_variants:
            self.match.variant = spec.start_variants[index]
            self.match.new_game()
        else:
            self.match.new_game(other_side_starts=index == 1)

