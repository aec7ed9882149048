"""Draughts (Warcaby / Dame) in the registry: two rule sets, computer levels, strings, board view.

Rules: ``rules/draughts.py`` (and ``rules/draughts_pdn.py`` for PDN files); engines:
``ai/draughts.py``; board: ``cartridges/draughts.py``.  The set-up starts with the rules
(International or the seed's warcaby); seats, undo and the end come from the match layer.
White (seat 1) always moves first, so the colours stay with the seats.
"""

from __future__ import annotations

from ..ai.levels import DRAUGHTS as LEVELS
from ..rules.draughts import RULES
from .spec import GameSpec, lazy

COLOURS = ("white", "black")


STRINGS = {
    "en": {
        "name": "Draughts",
        "desc": "10x10 draughts: Warcaby or International rules.",
        "title": "D R A U G H T S",
        "variant.international": "International (20 men each)",
        "variant.warcaby": "Warcaby (15 men each, Polish)",
        "rules.international": "Rules: International",
        "rules.warcaby": "Rules: Warcaby",
        "variant_name.international": "International",
        "variant_name.warcaby": "Warcaby",
        "level.random": "Random (any legal move)",
        "level.easy": "Easy (looks 2 moves ahead)",
        "level.medium": "Medium (looks 4 moves ahead)",
        "level.hard": "Hard (thinks about 5 s a move)",
        "ai_name.random": "Random AI",
        "ai_name.easy": "Easy AI",
        "ai_name.medium": "Medium AI",
        "ai_name.hard": "Hard AI",
        "colour.white": "White",
        "colour.black": "Black",
        "square": "Square {n}",
        "must": "Capture!",
        "hint": "Hint: {move}",
        "must_capture": "A capture is compulsory: pick a flashing piece.",
        "must_take_most": "Taking the most pieces is compulsory: pick a flashing piece.",
        "cannot_move": "That piece cannot move.",
        "not_yours": "Pick one of your own pieces.",
        "not_there": "It cannot go there.",
        "which_route": "More than one capture ends there: pick the squares it lands on first.",
        "illegal": "Not a legal move: {move}",
        "won.all_captured": "{player} captured every piece and won!",
        "won.blocked": "{player} won: {loser} cannot move.",
        "draw.repetition": "Draw: the same position for the third time.",
        "draw.king_moves": "Draw: 25 king moves each without a capture.",
        "error.ambiguous": "{token} can be {options}: write the squares it lands on",
        "error.bad_move": "{token} is not a move like 32-28 or 28x19x10",
        "error.cannot_move": "the piece on {square} cannot move",
        "error.fen": "{fen} is not a position like W:W31,32:B1,2 (turn, then each side's squares)",
        "error.fen_backwards": "the range {item} in {side}'s squares runs backwards",
        "error.fen_crowned": "a man of {side} on square {square} would have been crowned",
        "error.fen_item": "{item} in {side}'s squares is not a square like 32, K32 or 31-35",
        "error.fen_sides": "{part}: each side's squares start with W or B, once each",
        "error.fen_square": "{item} in {side}'s squares: squares are 1-{most}",
        "error.fen_twice": "square {square} is named twice",
        "error.illegal": "{move} is not a legal move",
        "error.most_pieces": "the capture that takes the most pieces ({n}) is compulsory",
        "error.must_capture": "a capture is compulsory ({moves})",
        "error.no_piece": "there is no piece of yours on {square}",
        "error.other_variant": "the position is {named}, not {variant}",
        "error.over": "the game is already over",
        "error.squares": "{token}: squares are 1-{most}",
        "error.pdn.bad_move": "{token} is not a move like 32-28 or 28x19x10",
        "error.pdn.bad_tag": "{text} is not a tag like [[FEN \"W:W31,32:B1,2\"]",
        "error.pdn.fen_tag": "the FEN tag: {why}",
        "error.pdn.game_type": "GameType {game_type} is not International draughts (20)",
        "error.pdn.move": "move {n} ({move}): {why}",
        "error.pdn.not_text": "a PDN file is text",
        "error.pdn.open_comment": "a comment in braces is never closed",
        "error.pdn.open_variation": "a variation in parentheses is never closed",
        "error.pdn.stray_close": "a ')' closes no variation",
        "error.pdn.too_long": "the file is longer than {most} characters",
        "error.pdn.too_many_moves": "more than {most} moves",
        "error.pdn.variant_tag": "the Variant tag: {why}",
        "cmd.numbers": "Square numbers on/off",
        "keys.play": "[↑↓←→] cursor\n[RETURN] pick, go\n[Z] undo [Y] redo\n[H]int [R]estart\n[F1] help [X] leave",
        "help": (
            "Men step diagonally forward and capture forwards and backwards by jumping over a piece "
            "next to them; a man that reaches the far row becomes a king, which moves and captures "
            "along a whole diagonal. Capturing is compulsory and goes on while it can. Pick a piece "
            "(arrows or pad, [RETURN] or pad A, or click): its squares light up; pick one. When more "
            "than one capture ends on a square, pick the squares it lands on in turn; pick the piece "
            "again to let it go. International: the "
            "capture of most pieces is compulsory, a man is crowned only where its move ends, draws "
            "by threefold repetition or 25 king moves each. Warcaby: 15 men, any capture, crowned "
            "at once. Capture everything, or leave the other side without a move. [Z] undo, "
            "[Y] redo, [H] hint, [R] restart, [X] leave; [T] turns the board round, [S] shows the "
            "squares' numbers (1-50, as moves like 32-28 name them); the game menu has both, and its "
            "Export and Import write and read a game as PDN."
        ),
    },
    "de": {
        "name": "Dame",
        "desc": "Dame auf 10x10: Warcaby oder internationale Regeln.",
        "title": "D A M E",
        "variant.international": "International (je 20 Steine)",
        "variant.warcaby": "Warcaby (je 15 Steine, polnisch)",
        "rules.international": "Regeln: International",
        "rules.warcaby": "Regeln: Warcaby",
        "variant_name.international": "International",
        "variant_name.warcaby": "Warcaby",
        "level.random": "Zufall (irgendein gültiger Zug)",
        "level.easy": "Leicht (schaut 2 Züge voraus)",
        "level.medium": "Mittel (schaut 4 Züge voraus)",
        "level.hard": "Schwer (denkt etwa 5 s je Zug)",
        "ai_name.random": "Zufalls-KI",
        "ai_name.easy": "Leichte KI",
        "ai_name.medium": "Mittlere KI",
        "ai_name.hard": "Starke KI",
        "colour.white": "Weiß",
        "colour.black": "Schwarz",
        "square": "Feld {n}",
        "must": "Schlagen!",
        "hint": "Tipp: {move}",
        "must_capture": "Schlagen ist Pflicht: nimm einen blinkenden Stein.",
        "must_take_most": "Die meisten Steine zu schlagen ist Pflicht: nimm einen blinkenden Stein.",
        "cannot_move": "Dieser Stein kann nicht ziehen.",
        "not_yours": "Nimm einen deiner eigenen Steine.",
        "not_there": "Dorthin kann er nicht.",
        "which_route": "Mehrere Schlagwege enden dort: wähle zuerst die Felder dazwischen.",
        "illegal": "Kein gültiger Zug: {move}",
        "won.all_captured": "{player} hat alle Steine geschlagen und gewonnen!",
        "won.blocked": "{player} hat gewonnen: {loser} kann nicht mehr ziehen.",
        "draw.repetition": "Remis: dieselbe Stellung zum dritten Mal.",
        "draw.king_moves": "Remis: je 25 Damenzüge ohne Schlagen.",
        "error.ambiguous": "{token} kann {options} sein: schreib die Felder, auf denen er landet",
        "error.bad_move": "{token} ist kein Zug wie 32-28 oder 28x19x10",
        "error.cannot_move": "der Stein auf {square} kann nicht ziehen",
        "error.fen": "{fen} ist keine Stellung wie W:W31,32:B1,2 (wer zieht, dann die Felder jeder Seite)",
        "error.fen_backwards": "der Bereich {item} in den Feldern von {side} läuft rückwärts",
        "error.fen_crowned": "ein Stein von {side} auf Feld {square} wäre schon zur Dame geworden",
        "error.fen_item": "{item} in den Feldern von {side} ist kein Feld wie 32, K32 oder 31-35",
        "error.fen_sides": "{part}: die Felder jeder Seite beginnen mit W oder B, je einmal",
        "error.fen_square": "{item} in den Feldern von {side}: Felder gehen von 1 bis {most}",
        "error.fen_twice": "Feld {square} ist zweimal genannt",
        "error.illegal": "{move} ist kein erlaubter Zug",
        "error.most_pieces": "Pflicht ist das Schlagen, das die meisten Steine ({n}) nimmt",
        "error.must_capture": "Schlagen ist Pflicht ({moves})",
        "error.no_piece": "auf {square} steht kein Stein von dir",
        "error.other_variant": "die Stellung ist {named}, nicht {variant}",
        "error.over": "die Partie ist schon vorbei",
        "error.squares": "{token}: Felder gehen von 1 bis {most}",
        "error.pdn.bad_move": "{token} ist kein Zug wie 32-28 oder 28x19x10",
        "error.pdn.bad_tag": "{text} ist keine Kopfzeile wie [[FEN \"W:W31,32:B1,2\"]",
        "error.pdn.fen_tag": "die FEN-Kopfzeile: {why}",
        "error.pdn.game_type": "Spieltyp {game_type} ist nicht Internationale Dame (20)",
        "error.pdn.move": "Zug {n} ({move}): {why}",
        "error.pdn.not_text": "eine PDN-Datei ist Text",
        "error.pdn.open_comment": "ein Kommentar in geschweiften Klammern wird nie geschlossen",
        "error.pdn.open_variation": "eine Variante in runden Klammern wird nie geschlossen",
        "error.pdn.stray_close": "eine ')' schließt keine Variante",
        "error.pdn.too_long": "die Datei ist länger als {most} Zeichen",
        "error.pdn.too_many_moves": "mehr als {most} Züge",
        "error.pdn.variant_tag": "die Varianten-Kopfzeile: {why}",
        "cmd.numbers": "Feldnummern an/aus",
        "keys.play": "[↑↓←→] Cursor\n[RETURN] nehmen, ziehen\n[Z] rückgängig [Y] vor\n[H] Tipp [R] Neu\n[F1] Hilfe [X] Ende",
        "help": (
            "Steine ziehen schräg vorwärts und schlagen vorwärts wie rückwärts, indem sie über einen "
            "Nachbarn springen; ein Stein auf der letzten Reihe wird zur Dame, die eine ganze "
            "Diagonale entlang zieht und schlägt. Schlagen ist Pflicht und geht weiter, solange es "
            "geht. Stein wählen (Pfeile oder Pad, [Return] oder Pad A, oder klicken): seine Felder "
            "leuchten; eines wählen. Enden mehrere Schlagwege auf einem Feld, die Landefelder der "
            "Reihe nach wählen; den Stein noch einmal wählen gibt ihn frei. International: "
            "Mehrheitsschlag ist Pflicht, Dame nur am Zugende, Remis bei "
            "dreifacher Wiederholung oder je 25 Damenzügen. Warcaby: 15 Steine, jeder Schlag erlaubt, "
            "sofort Dame. Alles schlagen oder den Gegner zugunfähig machen. [Z] rückgängig, [Y] vor, "
            "[H] Tipp, [R] Neustart, [X] Ende; [T] dreht das Brett um, [S] zeigt die Feldnummern "
            "(1-50, wie Züge wie 32-28 sie nennen); das Spielmenü hat beides, und sein Exportieren "
            "und Importieren schreiben und lesen eine Partie als PDN."
        ),
    },
}

SPEC = GameSpec(
    key="draughts",
    rules=RULES,
    strings=STRINGS,
    aliases=("warcaby",),
    view="pyxel_app.cartridges.draughts:DraughtsView",
    colours=COLOURS,
    colours_name_sides=True,
    choose_variant=True,
    levels=LEVELS.play,
    engine=lazy("pyxel_app.ai.draughts:make_engine", levels=LEVELS.known),
    hint_level=LEVELS.hint,
    slow_perft_depth=8,
    hotkeys=("S",),
    old_record_file="draughts.pdn",  # the game menu's one PDN file before there were records
)
