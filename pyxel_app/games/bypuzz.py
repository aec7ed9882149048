"""ByPuzz, the C64 15-puzzle, in the registry: a game with screens of its own.

Rules: ``rules/fifteen.py`` (the CLI still knows them as ``fifteen``); solver:
``ai/fifteen.py``; screens: ``cartridges/bypuzz/``.
"""

from __future__ import annotations

from ..rules.fifteen import RULES
from .spec import GameSpec


def make_engine(state, level: str, rng):
    """The optimal solver: its answer's move is the first tile of a shortest solution."""
    from ..ai.fifteen import FifteenSearch

    return FifteenSearch(state.tiles, state.goal)


def solve(position: str, goal: str | None = None) -> str:
    from ..ai.fifteen import solve_text

    return solve_text(position, goal=goal)


STRINGS: dict[str, dict[str, str]] = {"en": {}, "de": {}}

SPEC = GameSpec(
    key="bypuzz",
    rules=RULES,
    strings=STRINGS,
    aliases=("fifteen",),
    cartridge="pyxel_app.cartridges.bypuzz:ByPuzz",
    engine=make_engine,
    solve=solve,
    solve_options=("goal",),
)
