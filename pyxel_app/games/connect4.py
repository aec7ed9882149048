"""Connect 4 (Vier gewinnt) in the registry: rules, computer levels, strings, board view.

Rules: ``rules/connect4.py``; engines: ``ai/connect4.py``; board: ``cartridges/connect4.py``.
The set-up, seats, undo and the end come from the match layer; the wording keeps the
original terminal game's ("Please enter your user name!", "Invalid choice!").
"""

from __future__ import annotations

from ..rules.connect4 import RULES
from .spec import GameSpec, lazy

LEVELS = ("primitive", "easy", "medium", "hard", "perfect")
COLOURS = ("red", "green", "yellow", "blue")
HINT_LEVEL = "hint"




STRINGS = {
    "en": {
        "name": "Connect 4",
        "desc": "Four in a row: two players, or against the computer.",
        "title": "C O N N E C T   4",
        "level.primitive": "Primitive",
        "level.easy": "Easy (looks 2 moves ahead)",
        "level.medium": "Medium (looks 4 moves ahead)",
        "level.hard": "Hard (looks up to 8 moves ahead)",
        "level.perfect": "Perfect (solves if it can in 4 s)",
        "ai_name.primitive": "Primitive AI",
        "ai_name.easy": "Easy AI",
        "ai_name.medium": "Medium AI",
        "ai_name.hard": "Hard AI",
        "ai_name.perfect": "Perfect AI",
        "colour.red": "Red",
        "colour.green": "Green",
        "colour.yellow": "Yellow",
        "colour.blue": "Blue",
        "column_full": "This column is already full!",
        "won": "{player} won with these stones: {stones}",
        "hint": "Hint: column {column}.",
        "keys.play": "[A]-[G] [1]-[7]\n[←→] [RETURN]\n drop a disc\n[Z] undo [Y] redo\n[H]int [R]estart\n[F1] help [X] leave",
        "help": (
            "Drop discs in turn; four of your colour in a row (across, up or "
            "diagonal) wins; a full board is a draw. Choose a column with [A]-[G] "
            "or [1]-[7], or move the arrow with left/right (stick, d-pad) and drop "
            "with [RETURN], DOWN or pad A; or click a column. [Z] undo (against "
            "the computer its reply goes too), [Y] redo, [H] or pad Y hint, [R] "
            "restart, [X] leave. After a game: [N] new game, [P] new players, [M] "
            "menu. Names: type them, or pick letters with the pad. Cells are "
            "(x|y), (0|0) bottom left."
        ),
    },
    "de": {
        "name": "Vier gewinnt",
        "desc": "Vier in eine Reihe: gegen den Computer oder zu zweit.",
        "title": "V I E R   G E W I N N T",
        "level.primitive": "Primitiv",
        "level.easy": "Leicht (schaut 2 Züge voraus)",
        "level.medium": "Mittel (schaut 4 Züge voraus)",
        "level.hard": "Schwer (bis zu 8 Züge voraus)",
        "level.perfect": "Perfekt (löst, wenn es in 4 s geht)",
        "ai_name.primitive": "Primitive KI",
        "ai_name.easy": "Leichte KI",
        "ai_name.medium": "Mittlere KI",
        "ai_name.hard": "Starke KI",
        "ai_name.perfect": "Perfekte KI",
        "colour.red": "Rot",
        "colour.green": "Grün",
        "colour.yellow": "Gelb",
        "colour.blue": "Blau",
        "column_full": "Diese Spalte ist schon voll!",
        "won": "{player} hat mit folgenden Steinen gewonnen: {stones}",
        "hint": "Tipp: Spalte {column}.",
        "keys.play": "[A]-[G] [1]-[7]\n[←→] [RETURN]\n Stein einwerfen\n[Z] rückgängig [Y] vor\n[H] Tipp [R] Neu\n[F1] Hilfe [X] Ende",
        "help": (
            "Abwechselnd Steine einwerfen; vier der eigenen Farbe in einer Reihe "
            "(waagrecht, senkrecht oder diagonal) gewinnen; volles Brett heißt "
            "unentschieden. Spalte mit [A]-[G] oder [1]-[7] wählen, oder den Pfeil "
            "mit links/rechts (Stick, Steuerkreuz) bewegen und mit [Return], UNTEN "
            "oder Pad A einwerfen; oder eine Spalte anklicken. [Z] rückgängig (gegen "
            "den Computer samt seiner Antwort), [Y] vor, [H] oder Pad Y Tipp, [R] "
            "Neustart, [X] Ende. Danach: [N] neues Spiel, [P] neue Spieler, [M] "
            "Menü. Namen eintippen oder mit dem Pad Zeichen wählen. Felder heißen "
            "(x|y), (0|0) unten links."
        ),
    },
}

SPEC = GameSpec(
    key="connect4",
    rules=RULES,
    strings=STRINGS,
    view="pyxel_app.cartridges.connect4:Connect4View",
    colours=COLOURS,
    choose_colour=True,
    levels=LEVELS,
    engine=lazy("pyxel_app.ai.connect4:make_engine"),
    hint_level=HINT_LEVEL,
    solve=lazy("pyxel_app.ai.connect4:solve_text"),
    solve_note=lazy("pyxel_app.ai.connect4:slow_note"),
    slow_perft_depth=10,
    hotkeys=tuple("ABCDEFG1234567" + "NPMRXQHZYT"),
)
