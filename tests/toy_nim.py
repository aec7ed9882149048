"""Nim, a toy game the tests register: how little a new two-seat game needs.

One heap; in turn each player takes one to three stones (one or two in the small variant),
and who takes the last stone wins.  Everything the arcade needs is here, in the order a
game has it: rules, engine, board view, strings and spec.  ``games.register(SPEC)`` is the
only line outside this file that makes it a game of the arcade (menu, set-up, computer,
undo, save and load, both languages).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pyxel

from pyxel_app import games
from pyxel_app.ai.cooperative import EngineResult
from pyxel_app.input import Action
from pyxel_app.rules.base import IllegalMoveError, NotationError, Outcome, Rules
from pyxel_app.rules.numbers import NumberError, parse_number
from pyxel_app.shell import palette, ui
from pyxel_app.shell.board_view import BoardView
from pyxel_app.shell.strings import t

# ---- rules ----

# variant -> (stones at the start, most stones a player may take)
HEAPS = {"standard": (15, 3), "small": (7, 2)}


@dataclass(frozen=True)
class Heap:
    stones: int
    player: int = 0  # the side to move
    variant: str = "standard"

    @property
    def most(self) -> int:
        return min(HEAPS[self.variant][1], self.stones)


class NimRules(Rules[Heap, int]):
    """A move is how many stones to take.  A state's text is the stones, the side to move
    counted from 1 and the variant unless it is the standard one: ``"15 1"``, ``"7 2 small"``."""

    name = "nim"
    title = "Nim"
    players = 2
    variants = tuple(HEAPS)

    def initial_state(self, variant: str | None = None) -> Heap:
        variant = self.check_variant(variant)
        return Heap(HEAPS[variant][0], 0, variant)

    def to_move(self, state: Heap) -> int:
        return state.player

    def legal_moves(self, state: Heap) -> list[int]:
        return list(range(1, state.most + 1))

    def apply(self, state: Heap, move: int) -> Heap:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"take 1 to {state.most} stones", code="nim.take", most=state.most)
        return Heap(state.stones - move, 1 - state.player, state.variant)

    def outcome(self, state: Heap) -> Outcome | None:
        return Outcome(1 - state.player, "last stone") if state.stones == 0 else None

    def variant_of(self, state: Heap) -> str:
        return state.variant

    def state_to_text(self, state: Heap) -> str:
        named = "" if state.variant == self.variants[0] else f" {state.variant}"
        return f"{state.stones} {state.player + 1}{named}"

    def state_from_text(self, text: str, variant: str | None = None) -> Heap:
        stones, player, named = (text.split() + ["", ""])[:3]
        if variant is not None and named and named != variant:
            raise NotationError(f"the heap is {named}, not {variant}")
        variant = self.check_variant(named or variant)
        try:
            return Heap(parse_number(stones, 0, HEAPS[variant][0]), parse_number(player, 1, 2) - 1, variant)
        except NumberError as error:
            raise NotationError(f"{text!r} is not stones and a player, like '15 1': {error}") from None

    def move_from_text(self, state: Heap, text: str) -> int:
        try:
            return parse_number(text.strip(), 1, 9)
        except NumberError:
            raise NotationError(f"{text.strip()[:12]!r} is not a number of stones") from None


RULES = NimRules()

# ---- engine ----


class NimEngine:
    """Perfect play leaves a multiple of (most + 1) stones; "random" takes any number."""

    levels = ("random", "perfect")

    def __init__(self, state: Heap, level: str, rng: random.Random) -> None:
        winning = state.stones % (HEAPS[state.variant][1] + 1)
        move = winning if level == "perfect" and winning else rng.choice(RULES.legal_moves(state))
        self.result = EngineResult(move, None, 1)

    def step(self, budget_ms: float) -> EngineResult:
        return self.result


# ---- board view ----

# The heap ends at a fixed place, so "take k" is always the k-th stone from the right.
STONE_PX, STONE_R, HEAP_RIGHT = 10, 4, 21 * ui.CELL
HEAP_ROW, LABEL_ROW = 8, 11


def stone_x(from_right: int) -> int:
    """The middle of the stone ``from_right`` places from the heap's end (0: the last)."""
    return HEAP_RIGHT - STONE_PX // 2 - from_right * STONE_PX


class NimView(BoardView):
    """The heap in a row; the stones to take (the cursor) are lit, from the right.  Keys 1-3
    take at once; the arrows choose and RETURN takes; a click takes from that stone on."""

    keys_typed = "123"

    def new_ui(self) -> dict:
        return {"take": 1}

    def cursor_cell(self, board: dict) -> int:
        return board["take"]

    def move_cells(self, move: int) -> tuple:
        return (move,)

    def take_under(self, state: Heap, inp) -> int | None:
        """How many stones a click takes: from the stone under the mouse to the end."""
        take = (HEAP_RIGHT - inp.mouse_x) // STONE_PX + 1
        on_heap = inp.mouse_x < HEAP_RIGHT and HEAP_ROW * ui.CELL <= inp.mouse_y < (HEAP_ROW + 1) * ui.CELL
        return take if on_heap and take <= state.most else None

    def interpret_input(self, state: Heap, board: dict, inp) -> str | None:
        for take in range(1, 4):
            if inp.hotkey(str(take)):
                return str(take)
        step = inp.pressed(Action.LEFT) - inp.pressed(Action.RIGHT)
        board["take"] = (board["take"] - 1 + step) % max(1, state.most) + 1
        under = self.take_under(state, inp) if inp.mouse_enabled else None
        if under is not None and (inp.mouse_moved or inp.clicked):
            board["take"] = under
        if inp.pressed(Action.SELECT) or (under is not None and inp.clicked):
            return str(board["take"])
        return None

    def on_move(self, before: Heap, move: int, after: Heap, board: dict) -> None:
        board["take"] = 1

    def show_hint(self, state: Heap, board: dict, move: int) -> str:
        board["take"] = move
        return t("nim.hint", n=move)

    @staticmethod
    def draw_preview(x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        for stone in range(5):
            pyxel.circ(x + 6 + stone * 9, y + 16, 3, palette.YELLOW)

    @staticmethod
    def draw_token(x: int, y: int, colour: str, r: int) -> None:
        pyxel.circ(x, y, r, palette.YELLOW if colour == "yellow" else palette.GREEN)

    def draw(self, state: Heap, board: dict, show_end: bool) -> None:
        for stone in range(state.stones):
            taken = not show_end and stone < board["take"]
            pyxel.circ(stone_x(stone), HEAP_ROW * ui.CELL + ui.CELL // 2, STONE_R,
                       palette.WHITE if taken else palette.LIGHT_GREY)
        ui.text(ui.CELL, LABEL_ROW * ui.CELL, t("nim.stones", n=state.stones), palette.TEXT)


# ---- strings and spec ----

STRINGS = {
    "en": {
        "name": "Nim", "desc": "Take stones in turn; the last stone wins.", "title": "N I M",
        "help": "Take 1 to 3 stones ([1]-[3], or the arrows and [RETURN]); who takes the last stone wins.",
        "keys.play": "[1]-[3] take\n[Z] undo [H]int\n[F1] help [X] leave",
        "level.random": "Random", "level.perfect": "Perfect",
        "ai_name.random": "Random AI", "ai_name.perfect": "Perfect AI",
        "colour.yellow": "Yellow", "colour.green": "Green",
        "variant.standard": "15 stones, take 1-3", "variant.small": "7 stones, take 1-2",
        "stones": "Stones left: {n}", "hint": "Hint: take {n}.",
    },
    "de": {
        "name": "Nim", "desc": "Abwechselnd Steine nehmen; der letzte Stein gewinnt.", "title": "N I M",
        "help": "1 bis 3 Steine nehmen ([1]-[3] oder Pfeile und [RETURN]); wer den letzten Stein nimmt, gewinnt.",
        "keys.play": "[1]-[3] nehmen\n[Z] zurück [H] Tipp\n[F1] Hilfe [X] Ende",
        "level.random": "Zufall", "level.perfect": "Perfekt",
        "ai_name.random": "Zufalls-KI", "ai_name.perfect": "Perfekte KI",
        "colour.yellow": "Gelb", "colour.green": "Grün",
        "variant.standard": "15 Steine, 1-3 nehmen", "variant.small": "7 Steine, 1-2 nehmen",
        "stones": "Übrige Steine: {n}", "hint": "Tipp: {n} nehmen.",
    },
}

SPEC = games.GameSpec(
    key="nim", rules=RULES, strings=STRINGS, view=f"{__name__}:NimView", colours=("yellow", "green"),
    choose_variant=True, levels=("random", "perfect"), engine=NimEngine, hint_level="perfect",
    hotkeys=tuple("123"),
)
