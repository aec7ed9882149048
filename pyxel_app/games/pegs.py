"""Peg solitaire (Brett-Solitaire) in the registry: one player, a cartridge of its own.

Rules: ``rules/pegs.py``; solver: ``ai/pegs.py``; screens: ``cartridges/pegs.py``.
The status messages keep the TigerJython chapter's wording ("Press-drag-release to
make a move.", "Pressed at d2. Marble found", ...), cells named as in the jumps (a1 top left,
column letters and row numbers drawn beside the board).
"""

from __future__ import annotations

from ..rules.pegs import PRESETS, RULES
from .spec import GameSpec, lazy


def solve_note(position: str, to_centre: bool = False) -> str:
    """Every preset's start is answered at once (a stored line or a quick search); an own board is
    read first, so a bad one is refused before any word about time."""
    if position.strip() in PRESETS:
        return ""
    RULES.state_from_text(position)
    return "a board that cannot be won may take long to prove so"


STRINGS = {
    "en": {
        "name": "Peg Solitaire",
        "desc": "Jump marbles until one is left, on five boards.",
        "title": "S O L I T A I R E",
        "help": (
            "Jump a marble over a neighbour into the empty hole behind it; the jumped marble "
            "is removed. Leave one marble (in the centre: perfect). Mouse: press on a marble, "
            "drag it, release it over the hole. Keys or pad: move the cursor, [RETURN] (pad A) "
            "picks a marble, a direction jumps, or move to the hole and select. "
            "[SPACE] restart, [Z]/[Y] undo/redo, [H] hint, [B] boards. The light says if one "
            "marble can still be reached. A move is a chain of jumps by one marble."
        ),
        "word.pick": "Boards.",
        "word.play": "Playing.",
        "word.over": "Game over.",
        "board.english": "English, 33 holes",
        "board.french": "French, 37 holes",
        "board.french_centre": "French, centre start",
        "board.wiegleb": "German (Wiegleb), 45",
        "board.diamond": "Diamond, 41 holes",
        "board.diamond_centre": "Diamond, centre start",
        "board.triangle": "Triangle, 15 holes",
        "board.custom": "Your board",
        "board.none": "Drop a board file on the window",
        "warn.centre": "Warning: this start cannot end with one marble.",
        "pick.keys": "[RETURN] play  [P]uzzle  [ESC] back",
        "status.start": "Press-drag-release to make a move.",
        "status.found": "Pressed at {cell}. Marble found",
        "status.none": "Pressed at {cell}. No marble found",
        "status.none.off": "Pressed off the board. No marble found",
        "status.invalid": "Released at {cell}. Not a valid move.",
        "status.invalid.off": "Released off the board. Not a valid move.",
        "status.valid": "Released at {cell}. Valid move - Marble removed.",
        "status.won": "Game over. You won.",
        "status.centre": "Game over. You won. Perfect: in the centre!",
        "status.lost": "Game over. You lost. (No valid moves available)",
        "side.marbles": "Marbles",
        "side.jumps": "Jumps",
        "side.moves": "Moves",
        "side.best": "Best",
        "side.record": "Record",
        "side.light": "Solvable?",
        "light.yes": "yes",
        "light.no": "no",
        "light.wait": "...",
        "keys": "[SPACE] new [Z] undo [Y] redo [H]int [B]oards",
        "hint": "Hint: {jump}",
        "hint.wait": "Thinking ...",
        "hint.none": "No winning line from here.",
        "file.bad": "Board {name} not loaded: {why}. Nothing was changed.",
        "error.bad_char": "{char} is not o (marble), . (empty hole) or _ (no hole)",
        "error.too_wide": "{n} cells, at most {most}",
        "error.too_many_rows": "more than {most} rows",
        "error.no_rows": "no rows of o, . and _",
        "error.triangle": "row {row} of a triangle has at most {row} holes",
        "error.no_marble": "the board has no marble",
        "file.loaded": "Your board \"{name}\" is loaded.",
        "cmd.boards": "Boards",
        "eval.solo.win": "Solvable: one marble can remain.",
        "eval.solo.win.one": "Solvable: one marble can remain.",
        "eval.solo.won": "Solved: one marble remains.",
        "eval.solo.loss": "Not solvable: one marble can no longer remain.",
        "review.none": "No jump lost the solution.",
        "review.none.unproven": "No jump found that lost the solution; {unproven}.",
        "review.unproven": "{n} jumps not proven (~)",
        "review.unproven.one": "1 jump not proven (~)",
        "review.summary": "After jump {n} ({move}) one marble could no longer remain; {best} kept it solvable.",
        "review.summary.plain": "After jump {n} ({move}) one marble could no longer remain.",
    },
    "de": {
        "name": "Brett-Solitaire",
        "desc": "Murmeln überspringen, bis eine bleibt: fünf Bretter.",
        "title": "S O L I T A I R E",
        "help": (
            "Eine Murmel springt über eine Nachbarin ins leere Loch dahinter; die übersprungene "
            "Murmel wird entfernt. Lass eine Murmel übrig (im Zentrum: perfekt). Maus: eine Murmel "
            "anklicken, mit gedrückter Taste ziehen, über dem Loch loslassen. Tasten oder Pad: Cursor bewegen, [Return] "
            "(Pad A) nimmt eine Murmel, eine Richtung springt, oder zum Loch gehen und wählen. "
            "[Leertaste] neu, [Z]/[Y] rückgängig/vor, [H] Tipp, [B] Bretter. Das Licht zeigt, ob eine "
            "Murmel noch erreichbar ist. Ein Zug ist eine Kette von Sprüngen einer Murmel."
        ),
        "word.pick": "Bretter.",
        "word.play": "Spielen.",
        "word.over": "Spielende.",
        "board.english": "Englisch, 33 Löcher",
        "board.french": "Französisch, 37 Löcher",
        "board.french_centre": "Französisch, Zentrum leer",
        "board.wiegleb": "Deutsch (Wiegleb), 45",
        "board.diamond": "Raute, 41 Löcher",
        "board.diamond_centre": "Raute, Zentrum leer",
        "board.triangle": "Dreieck, 15 Löcher",
        "board.custom": "Dein Brett",
        "board.none": "Brett-Datei aufs Fenster ziehen",
        "warn.centre": "Achtung: dieser Start endet nie mit einer Murmel.",
        "pick.keys": "[RETURN] spielen  [P] Rätsel  [ESC] zurück",
        "status.start": "Drücken-ziehen-loslassen für einen Zug.",
        "status.found": "Gedrückt bei {cell}. Murmel gefunden",
        "status.none": "Gedrückt bei {cell}. Keine Murmel gefunden",
        "status.none.off": "Neben das Brett gedrückt. Keine Murmel gefunden",
        "status.invalid": "Losgelassen bei {cell}. Kein gültiger Zug.",
        "status.invalid.off": "Neben dem Brett losgelassen. Kein gültiger Zug.",
        "status.valid": "Losgelassen bei {cell}. Gültiger Zug - Murmel entfernt.",
        "status.won": "Spiel beendet. Du hast gewonnen.",
        "status.centre": "Spiel beendet. Du hast gewonnen. Perfekt: im Zentrum!",
        "status.lost": "Spiel beendet. Du hast verloren. (Keine gültigen Züge möglich)",
        "side.marbles": "Murmeln",
        "side.jumps": "Sprünge",
        "side.moves": "Züge",
        "side.best": "Bestwert",
        "side.record": "Rekord",
        "side.light": "Lösbar?",
        "light.yes": "ja",
        "light.no": "nein",
        "light.wait": "...",
        "keys": "[SPACE] neu [Z] rückgängig [H] Tipp [B]rett",
        "hint": "Tipp: {jump}",
        "hint.wait": "Ich denke ...",
        "hint.none": "Von hier gibt es keinen Weg zum Sieg.",
        "file.bad": "Brett {name} nicht geladen: {why}. Nichts wurde geändert.",
        "error.bad_char": "{char} ist nicht o (Murmel), . (leeres Loch) oder _ (kein Loch)",
        "error.too_wide": "{n} Felder, höchstens {most}",
        "error.too_many_rows": "mehr als {most} Reihen",
        "error.no_rows": "keine Reihen aus o, . und _",
        "error.triangle": "Reihe {row} eines Dreiecks hat höchstens {row} Löcher",
        "error.no_marble": "das Brett hat keine Murmel",
        "file.loaded": "Dein Brett \"{name}\" ist geladen.",
        "cmd.boards": "Bretter",
        "eval.solo.win": "Lösbar: eine Murmel kann übrig bleiben.",
        "eval.solo.win.one": "Lösbar: eine Murmel kann übrig bleiben.",
        "eval.solo.won": "Gelöst: eine Murmel bleibt übrig.",
        "eval.solo.loss": "Nicht mehr lösbar: mehr als eine Murmel bleibt.",
        "review.none": "Kein Sprung hat die Lösung verspielt.",
        "review.none.unproven": "Kein Sprung gefunden, der die Lösung verspielt hat; {unproven}.",
        "review.unproven": "{n} Sprünge nicht bewiesen (~)",
        "review.unproven.one": "1 Sprung nicht bewiesen (~)",
        "review.summary": "Nach Sprung {n} ({move}) konnte keine Murmel mehr allein übrig bleiben; {best} hielt es lösbar.",
        "review.summary.plain": "Nach Sprung {n} ({move}) konnte keine Murmel mehr allein übrig bleiben.",
    },
}

SPEC = GameSpec(
    key="pegs",
    rules=RULES,
    strings=STRINGS,
    aliases=("solitaire",),
    cartridge="pyxel_app.cartridges.pegs:PegsCartridge",
    puzzle_cartridge="pyxel_app.cartridges.pegs_puzzle:PuzzlePegs",
    engine=lazy("pyxel_app.ai.pegs:make_engine"),
    solve=lazy("pyxel_app.ai.pegs:solve_text"),
    solve_options=("to_centre",),
    solve_note=solve_note,
    slow_perft_depth=12,
)
