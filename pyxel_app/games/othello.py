"""Othello (Reversi) in the registry: rules, computer levels, strings, board view.

Rules: ``rules/othello.py``; engines and the exact endgame solver: ``ai/othello.py``;
board: ``cartridges/othello.py``.  The seed (a Czech Smalltalk project) reports an illegal
move and a pass, and announces the winner with the count; its White starts, the standard
Black: the who-starts question offers both, Black first.
"""

from __future__ import annotations

from ..ai.levels import OTHELLO as LEVELS
from ..rules.othello import RULES, STANDARD, WHITE_STARTS
from .spec import GameSpec, lazy

COLOURS = ("black", "white")

STRINGS = {
    "en": {
        "name": "Othello",
        "desc": "Close lines, turn stones: one or two players.",
        "title": "O T H E L L O",
        "level.random": "Random (any legal move)",
        "level.greedy": "Greedy (turns the most stones)",
        "level.easy": "Easy (looks 2 moves ahead)",
        "level.medium": "Medium (looks 4 moves ahead)",
        "level.hard": "Hard (1-2 s a move, exact endgame)",
        "ai_name.random": "Random AI",
        "ai_name.greedy": "Greedy AI",
        "ai_name.easy": "Easy AI",
        "ai_name.medium": "Medium AI",
        "ai_name.hard": "Hard AI",
        "colour.black": "Black",
        "colour.white": "White",
        "illegal": "Illegal move: {square} turns no stone.",
        "taken": "Illegal move: {square} is taken.",
        "no_pass": "You may pass only when you have no legal move.",
        "must_pass": "{player} has no legal move and must pass: press [RETURN] or click.",
        "passed": "{player} had no legal move and passed.",
        "won": "{player} won, {count}.",
        "draw": "The game is a draw, {count}.",
        "count": "{first} to {second}",
        "counted": "Stones:",
        "hint": "Hint: {square}.",
        "markers": "Legal-move markers {state}.",
        "on": "on",
        "off": "off",
        "keys.play": "[←→↑↓] [RETURN]\n or click: place\n[L]egal moves\n[Z] undo [Y] redo\n[H]int [R]estart\n[F1] help [X] leave",
        "help": (
            "Place a stone so that it closes a line of your opponent's stones (across, "
            "up or diagonal) with one of yours: they turn to your colour. A move that "
            "turns nothing is illegal. Whoever has no legal move must pass (press "
            "[RETURN] or click the board); when neither can move the game ends and "
            "the most stones win. Move the cursor with the arrows (stick, d-pad) and "
            "place with [RETURN] or pad A, or click a square. [L] shows or hides the "
            "legal moves, [Z] undo, [Y] redo, [H] or pad Y hint, [R] restart, [X] "
            "leave, [T] turns the board round (the game menu too). Squares are a1 "
            "(top left) to h8."
        ),
    },
    "de": {
        "name": "Othello",
        "desc": "Steine umdrehen: gegen den Computer oder zu zweit.",
        "title": "O T H E L L O",
        "level.random": "Zufall (irgendein Zug)",
        "level.greedy": "Gierig (dreht die meisten Steine)",
        "level.easy": "Leicht (schaut 2 Züge voraus)",
        "level.medium": "Mittel (schaut 4 Züge voraus)",
        "level.hard": "Schwer (1-2 s/Zug, Endspiel exakt)",
        "ai_name.random": "Zufalls-KI",
        "ai_name.greedy": "Gierige KI",
        "ai_name.easy": "Leichte KI",
        "ai_name.medium": "Mittlere KI",
        "ai_name.hard": "Starke KI",
        "colour.black": "Schwarz",
        "colour.white": "Weiß",
        "illegal": "Ungültiger Zug: {square} dreht keinen Stein um.",
        "taken": "Ungültiger Zug: {square} ist schon besetzt.",
        "no_pass": "Passen darfst du nur, wenn du keinen gültigen Zug hast.",
        "must_pass": "{player} hat keinen gültigen Zug und muss passen: [RETURN] oder klicken.",
        "passed": "{player} hatte keinen gültigen Zug und hat gepasst.",
        "won": "{player} hat gewonnen, {count}.",
        "draw": "Unentschieden, {count}.",
        "count": "{first} zu {second}",
        "counted": "Steine:",
        "hint": "Tipp: {square}.",
        "markers": "Zugmarken {state}.",
        "on": "an",
        "off": "aus",
        "keys.play": "[←→↑↓] [RETURN]\n Klick: setzen\n[L] Zugmarken\n[Z] rückgängig [Y] vor\n[H] Tipp [R] Neu\n[F1] Hilfe [X] Ende",
        "help": (
            "Setze einen Stein derart, dass er eine Reihe gegnerischer Steine (waagrecht, "
            "senkrecht oder diagonal) mit einem eigenen einschließt: sie werden "
            "umgedreht. Ein Zug, der nichts umdreht, ist ungültig. Wer keinen "
            "gültigen Zug hat, muss passen ([Return] oder aufs Brett klicken); kann "
            "keiner mehr ziehen, ist das Spiel aus und die meisten Steine gewinnen. "
            "Cursor mit den Pfeilen (Stick, Steuerkreuz), setzen mit [Return] oder "
            "Pad A, oder ein Feld anklicken. [L] zeigt oder verbirgt die gültigen "
            "Züge, [Z] rückgängig, [Y] vor, [H] oder Pad Y Tipp, [R] Neustart, [X] Ende, "
            "[T] dreht das Brett um (auch im Spielmenü). Die Felder heißen a1 (oben links) bis h8."
        ),
    },
}

SPEC = GameSpec(
    key="othello",
    aliases=("reversi",),
    rules=RULES,
    strings=STRINGS,
    view="pyxel_app.cartridges.othello:OthelloView",
    colours=COLOURS,
    ask_who_starts=True,
    start_variants=(STANDARD, WHITE_STARTS),
    levels=LEVELS.play,
    engine=lazy("pyxel_app.ai.othello:make_engine", levels=LEVELS.known),
    hint_level=LEVELS.hint,
    solve=lazy("pyxel_app.ai.othello:solve_text"),
    solve_note=lazy("pyxel_app.ai.othello:slow_note"),
    slow_perft_depth=10,
    hotkeys=("L",),
)
