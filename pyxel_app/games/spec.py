"""What a game is to the arcade: one :class:`GameSpec` in the registry.

A spec is pure data (no pyxel), so the CLI, the tests and the browser proof read
the same registry the menu does.  Screens are named by import path and loaded
only when the app opens them.  What a game must bring is declared here once
(:meth:`GameSpec.needed_strings`, :func:`problems`) and checked when it registers.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Callable

from ..rules.base import Rules

# The arcade's languages: every game speaks each of them.
LANGUAGES = ("en", "de")

# (state, level, rng) -> a cooperative engine: ``step(budget_ms)`` gives None while it
# thinks, then a result whose ``move`` is the rules' move.  It names the levels it knows in
# its ``levels`` attribute (``lazy(path, levels=...)``), so a spec is checked without importing it.
EngineFactory = Callable[[Any, str, Any], Any]
# Flags and fields that only the match layer reads: a game with a cartridge of its own sets none.
MATCH_FIELDS = ("colours", "choose_colour", "ask_who_starts", "choose_variant", "colours_name_sides", "levels",
                "hint_level", "start_variants")


class GameSpecError(ValueError):
    """A spec that breaks the contract; the message names everything that is missing or wrong."""


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
    itself (Pyxel key names), so the Keys screen can warn when a binding clashes with one;
    the match layer's own (``shell/match.py``'s ``MATCH_HOTKEYS``) are not repeated here.
    ``start_variants`` is for a game whose sides keep their colours (Othello's Black and
    White): the rules' variants in which seat 1 or seat 2 moves first; the who-starts
    question then picks the variant, and a new game against the computer gives the person
    the other colour instead of swapping the colours.  ``old_record_file`` is a record file an
    earlier version kept in the data folder (draughts' ``draughts.pdn``): Import lists it.
    ``puzzle_cartridge`` plays the puzzles of the day of a game with a cartridge of its own (the
    match layer plays a two-player game's).
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
    old_record_file: str = ""
    puzzle_cartridge: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return (self.key,) + self.aliases

    @property
    def is_match(self) -> bool:
        """A game for two seats on the match layer (rather than screens of its own)."""
        return not self.cartridge

    def needed_strings(self) -> tuple[str, ...]:
        """The string keys (after ``<key>.``) the arcade reads for this game, in every language:
        the menu's name and line and the help page; on the match layer also the title, the keys
        beside the board, each colour, each level with its computer's name, each variant when the
        players choose one, and the hint's words when there is a hint.

        >>> from pyxel_app.games import find
        >>> find("othello").needed_strings()[:7]
        ('name', 'desc', 'help', 'title', 'keys.play', 'colour.black', 'colour.white')
        """
        keys = ["name", "desc", "help"]
        if self.is_match:
            keys += ["title", "keys.play"] + [f"colour.{colour}" for colour in self.colours]
            keys += [f"level.{level}" for level in self.levels] + [f"ai_name.{level}" for level in self.levels]
            keys += [f"variant.{variant}" for variant in self.rules.variants] if self.choose_variant else []
            keys += ["hint"] if self.hint_level else []
        return tuple(keys)

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


def problems(spec: GameSpec, others: list[GameSpec] | tuple[GameSpec, ...] = ()) -> list[str]:
    """Everything ``spec`` lacks or gets wrong, in words; ``others`` are the games registered beside it."""
    return _form_problems(spec) + _level_problems(spec) + _string_problems(spec) + [
        f"the name {name!r} is {other.key}'s" for other in others for name in spec.names if name in other.names]


def check(spec: GameSpec, others: list[GameSpec] | tuple[GameSpec, ...] = ()) -> GameSpec:
    """``spec`` if it keeps the contract, else one GameSpecError that names every problem."""
    found = problems(spec, others)
    if found:
        raise GameSpecError(f"game {spec.key!r}: " + "; ".join(found))
    return spec


def _form_problems(spec: GameSpec) -> list[str]:
    """Screens, seats, colours, variants and the flags that would contradict each other."""
    found = []
    if bool(spec.cartridge) == bool(spec.view):
        found.append("name a cartridge of its own or a board view for the match layer, one of them")
    if not spec.is_match:
        found += [f"{name} is the match layer's, not for a game with its own cartridge"
                  for name in MATCH_FIELDS if getattr(spec, name)]
        return found + _variant_problems(spec)
    if spec.rules.players != 2:
        found.append(f"the match layer seats two players, the rules have {spec.rules.players}")
    if len(spec.colours) < 2 or len(set(spec.colours)) != len(spec.colours):
        found.append(f"the match layer needs two colours or more, each once: {spec.colours}")
    clashes = [("choose_colour", "colours_name_sides"), ("choose_colour", "start_variants"),
               ("choose_variant", "start_variants"), ("colours_name_sides", "start_variants")]
    found += [f"{one} and {other} cannot go together" for one, other in clashes
              if getattr(spec, one) and getattr(spec, other)]
    if spec.start_variants and not spec.ask_who_starts:
        found.append("start_variants are picked by the who-starts question: set ask_who_starts")
    if spec.start_variants and (len(set(spec.start_variants)) != 2 or not set(spec.start_variants) <= set(spec.rules.variants)):
        found.append(f"start_variants are two of the rules' variants {spec.rules.variants}, not {spec.start_variants}")
    if spec.choose_variant and len(spec.rules.variants) < 2:
        found.append("choose_variant with rules of one variant")
    return found + _variant_problems(spec)


def _variant_problems(spec: GameSpec) -> list[str]:
    found = []
    if type(spec.rules).variant_of is Rules.variant_of and len(spec.rules.variants) > 1:
        found.append(f"the rules have {len(spec.rules.variants)} variants but no variant_of to tell them apart")
    if spec.solve is None and (spec.solve_options or spec.solve_note):
        found.append("solve_options or solve_note without a solver")
    return found


def _level_problems(spec: GameSpec) -> list[str]:
    """The computer's levels: each once, and each (the hint's too) known to the engine."""
    wanted = spec.levels + ((spec.hint_level,) if spec.hint_level else ())
    if not wanted:
        return []
    if spec.engine is None:
        return ["levels or a hint level without an engine"]
    found = ["a level is listed twice"] if len(set(spec.levels)) != len(spec.levels) else []
    known = getattr(spec.engine, "levels", None)
    if not known:
        return found + ["the engine does not say which levels it knows (lazy(path, levels=...))"]
    unknown = [level for level in wanted if level not in known]
    return found + ([f"levels unknown to the engine: {', '.join(unknown)}"] if unknown else [])


def _string_problems(spec: GameSpec) -> list[str]:
    """Every needed string in every language, and no language with keys the others lack."""
    found = [f"strings in {language!r}, which the arcade does not speak" for language in spec.strings
             if language not in LANGUAGES]
    needed = spec.needed_strings()
    for language in LANGUAGES:
        table = spec.strings.get(language, {})
        missing = [key for key in needed if not table.get(key)]
        if missing:
            found.append(f"{language} lacks {', '.join(missing)}")
    every = set().union(*(spec.strings.get(language, {}) for language in LANGUAGES))
    for language in LANGUAGES:
        only_elsewhere = sorted(every - set(spec.strings.get(language, {})) - set(needed))
        if only_elsewhere:
            found.append(f"{language} lacks what another language has: {', '.join(only_elsewhere)}")
    return found
