"""What a game is to the arcade: one :class:`GameSpec` in the registry.

A spec is pure data (no pyxel), so the CLI, the tests and the browser proof read
the same registry the menu does.  Screens are named by import path and loaded
only when the app opens them.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any, Callable

from ..rules.base import Rules

# (state, level, rng) -> a cooperative engine: ``step(budget_ms)`` gives None while it
# thinks, then a result whose ``move`` is the rules' move.
EngineFactory = Callable[[Any, str, Any], Any]


@dataclass(frozen=True)
class GameSpec:
    """One game: its one name, rules, strings and who plays it.

    ``key`` names the game everywhere (menu, CLI, save files' names, string keys);
    ``aliases`` are older CLI names that keep working.  A game with screens of its own
    names its ``cartridge``; a two-player board game names a board ``view`` and gets
    the match layer's set-up, seats, computer, undo, hint and game over.

    ``colours`` are the sides' colours (string keys ``<key>.colour.<colour>``): the
    first two in seat order, or, with ``choose_colour``, a list each player picks from.
    ``levels`` are the computer's, weakest first (declared in ``ai/levels.py``, which the
    engines read too); ``engine(state, level, rng)`` makes a cooperative engine for a level
    (or for ``hint_level``) and says which levels it knows.  With ``ask_who_starts`` the
    set-up ends with the question who moves first.  With ``choose_variant`` it starts with
    the rules' variants (string keys ``<key>.variant.<variant>``), played and saved as chosen.
    With ``colours_name_sides`` the colours are the rules' sides (White moves first), so when
    the other player starts the players change seats and the colours stay.  ``solve(position, **options)`` answers
    the CLI's ``solve``; ``solve_note`` says first when that may take long; a ``perft`` from
    ``slow_perft_depth`` on is announced as slow.  ``hotkeys`` are the keys the game reads
    itself (Pyxel key names), so the Keys screen can warn when a binding clashes with one.
    ``start_variants`` is for a game whose sides keep their colours (Othello's Black and
    White): the rules' variants in which seat 1 or seat 2 moves first; the who-starts
    question then picks the variant, and a new game against the computer gives the person
    the other colour instead of swapping the colours.
    """

    key: str
    rules: Rules
    strings: dict[str, dict[str, str]]
    aliases: tuple[str, ...] = ()
    cartridge: str = ""
    view: str = ""
    colours: tuple[str, ...] = ()
    choose_colour: bool = False
    ask_who_starts: bool = False
    choose_variant: bool = False
    colours_name_sides: bool = False
    levels: tuple[str, ...] = ()
    engine: EngineFactory | None = None
    hint_level: str = ""
    solve: Callable[..., str] | None = None
    solve_options: tuple[str, ...] = ()
    solve_note: Callable[..., str] | None = None
    slow_perft_depth: int | None = None
    hotkeys: tuple[str, ...] = ()
    start_variants: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.key,) + self.aliases

    @property
    def is_match(self) -> bool:
        """A game for two seats on the match layer (rather than screens of its own)."""
        return not self.cartridge

    def screen_class(self):
        """The class that draws the game: its own cartridge, or its board view."""
        return load_object(self.cartridge or self.view)

    def preload(self) -> None:
        """Import what the game runs on (its screens, engine and solver) now, at start-up, so no
        frame pays for an import later: the menu's preview or the first hint would take 10-50 ms."""
        self.screen_class()
        for function in (self.engine, self.solve, self.solve_note):
            if getattr(function, "path", None):
                load_object(function.path)


@lru_cache(maxsize=None)
def load_object(path: str):
    """``"package.module:Name"`` -> the object, imported on first use and kept (the menu asks
    for every game's screen class each frame, for its preview)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def lazy(path: str, levels: tuple[str, ...] = ()) -> Callable[..., Any]:
    """A function that calls ``"package.module:name"``, imported at its first call: how a spec
    names its engine and solver without importing them when the registry loads.  ``levels``:
    the levels an engine knows."""

    def call(*args, **kwargs):
        return load_object(path)(*args, **kwargs)

    call.__name__ = call.__qualname__ = path.rpartition(":")[2]
    call.path = path
    call.levels = levels
    return call
